/* Checking a coup as the dealer laid it out (dd_baccarat_check.h), by the table of play's own functions. */
#include "dd_baccarat.h"
#include "dd_baccarat_check.h"

static int valid_hand(const uint8_t *cards, size_t n)
{
    size_t i;
    if (n < 2 || n > 3)
        return DD_E_RANGE;
    for (i = 0; i < n; i++)
        if (cards[i] < 1 || cards[i] > 13)
            return DD_E_BAD_CARD;
    return DD_OK;
}

int dd_bac_check_hands(const uint8_t *player, size_t np, const uint8_t *banker, size_t nb, dd_bac_hands_check *out)
{
    int status, p2, b2, p_all, b_all, p_natural, b_natural, draws, third = DD_BAC_PLAYER_STOOD;
    dd_bac_hands_check check;
    if (player == NULL || banker == NULL || out == NULL)
        return DD_E_NULL;
    if ((status = valid_hand(player, np)) != DD_OK || (status = valid_hand(banker, nb)) != DD_OK)
        return status;
    /* Every call below gets valid input by now; their statuses are still checked, never assumed. */
    if ((status = dd_bac_point_count(player, 2, &p2)) != DD_OK || (status = dd_bac_point_count(banker, 2, &b2)) ||
        (status = dd_bac_point_count(player, np, &p_all)) || (status = dd_bac_point_count(banker, nb, &b_all)) ||
        (status = dd_bac_is_natural(p2, &p_natural)) || (status = dd_bac_is_natural(b2, &b_natural)))
        return status;
    check.player_total = (uint8_t)p_all;
    check.banker_total = (uint8_t)b_all;
    check.winner = (uint8_t)(p_all > b_all ? DD_BAC_PLAYER : b_all > p_all ? DD_BAC_BANKER : DD_BAC_TIE);
    check.natural = (uint8_t)(p_natural || b_natural);
    check.player_drew = (uint8_t)(np == 3);
    check.banker_drew = (uint8_t)(nb == 3);
    if (check.natural) {
        check.player_should_draw = check.banker_should_draw = 0;
        check.player_rule = check.banker_rule = DD_BAC_RULE_NATURAL;
    } else {
        if ((status = dd_bac_player_draws(p2, &draws)) != DD_OK)
            return status;
        check.player_should_draw = (uint8_t)draws;
        check.player_rule = DD_BAC_RULE_PLAYER;
        if (np == 3 && (status = dd_bac_card_value(player[2], &third)) != DD_OK)
            return status;
        if ((status = dd_bac_banker_draws(b2, third, &draws)) != DD_OK)
            return status;
        check.banker_should_draw = (uint8_t)draws;
        check.banker_rule = np == 3 ? DD_BAC_RULE_TABLE_2 : DD_BAC_RULE_9_5;
    }
    *out = check;
    return DD_OK;
}
