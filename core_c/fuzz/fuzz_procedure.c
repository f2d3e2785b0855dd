/* Fuzz harness: the procedural rulings that take facts from a caller: irregularities (dd_irregularity.h),
 * the pai gow chung and settling order (dd_paigow_procedure.h) and the baccarat coup check
 * (dd_baccarat_check.h). Any facts: a ruling is DD_OK with an action the kind offers, or DD_E_RANGE. */
#include "dd_baccarat.h"
#include "dd_baccarat_check.h"
#include "dd_irregularity.h"
#include "dd_paigow_procedure.h"
#include "fuzz_input.h"

static void fuzz_ruling(fuzz_input *in)
{
    dd_irr_facts facts;
    dd_irr_ruling ruling = {-1, NULL};
    int32_t actions[DD_IRR_MAX_ACTIONS];
    size_t count = 0, i;
    int status, offered = 0;
    take_bytes(in, &facts, sizeof facts);
    if (take_u8(in) < 200)
        facts.kind = (int32_t)(take_u8(in) % (DD_IRR_KIND_COUNT + 1));
    status = dd_irr_rule(&facts, &ruling);
    if (status != DD_OK) {
        require(status == DD_E_RANGE && ruling.action == -1);
        return;
    }
    require(ruling.rule != NULL && ruling.rule[0] != '\0');
    require(dd_irr_actions(facts.kind, actions, DD_IRR_MAX_ACTIONS, &count) == DD_OK);
    for (i = 0; i < count; i++)
        offered |= actions[i] == ruling.action;
    require(offered);
}

static void fuzz_pai_gow(fuzz_input *in)
{
    int banker_box = take_int_in(in, -1, 9), box = -1, status, reading, start = -1;
    const char *rule = NULL;
    uint8_t order[8];
    size_t count = 0, i;
    status = dd_pg_chung_box(banker_box, &box, &rule);
    require(status == DD_OK ? box >= 1 && box <= 8 && rule != NULL : status == DD_E_RANGE);
    status = dd_pg_settling_order(banker_box, order, take_count(in, 8), &count);
    if (status == DD_OK) {
        require(count == 7);
        for (i = 0; i < count; i++)
            require(order[i] >= 1 && order[i] <= 8 && order[i] != box);
    } else {
        require(status == DD_E_RANGE);
    }
    reading = take_int_in(in, -1, 2);
    status = dd_pg_dice_count_start(reading, banker_box, &start);
    require(status == DD_OK ? start >= 1 && start <= 8 && (reading == DD_PG_COUNT_FROM_BOX_1 ? start == 1 : start == box)
                            : status == DD_E_RANGE);
}

static void fuzz_coup_check(fuzz_input *in)
{
    uint8_t player[3], banker[3];
    size_t np = take_count(in, 4), nb = take_count(in, 4);
    dd_bac_hands_check check;
    int status, i;
    take_bytes(in, player, sizeof player);
    take_bytes(in, banker, sizeof banker);
    if (take_u8(in) < 220) { /* mostly real cards and hand sizes, to reach the table of play */
        for (i = 0; i < 3; i++) {
            player[i] = (uint8_t)(player[i] % 13 + 1);
            banker[i] = (uint8_t)(banker[i] % 13 + 1);
        }
        np = np > 3 ? 3 : np;
        nb = nb > 3 ? 3 : nb;
    }
    if (np > 3 || nb > 3) {
        status = dd_bac_check_hands(player, np, banker, nb, &check);
        require(status == DD_E_RANGE || status == DD_E_BAD_CARD);
        return;
    }
    status = dd_bac_check_hands(player, np, banker, nb, &check);
    if (status != DD_OK) {
        require(status == DD_E_RANGE || status == DD_E_BAD_CARD);
        return;
    }
    require(check.player_total <= 9 && check.banker_total <= 9 && check.winner <= DD_BAC_TIE);
    require(check.player_drew == (np == 3) && check.banker_drew == (nb == 3));
    require(!check.natural || (!check.player_should_draw && !check.banker_should_draw));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    int ops = 0;
    while (remaining(&in) && ops++ < 32) {
        switch (take_u8(&in) % 3) {
        case 0: fuzz_ruling(&in); break;
        case 1: fuzz_pai_gow(&in); break;
        default: fuzz_coup_check(&in); break;
        }
    }
    return 0;
}
