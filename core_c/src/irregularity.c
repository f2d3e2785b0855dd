/* Irregularities and procedure (dd_irregularity.h): the ruling on a scenario, from its facts.
 *
 * Readings where the rules' text stops short (docs/rules/ says the same):
 * - Baccarat 8.16: our page ends after its item (a), "there is no bet on the Player's Hand or the
 *   Banker's Hand". What follows is read as the dealer acting for that hand, the same reading the
 *   big-table role already follows (dd_bac_big_table_role); 8.8(d) sends the case where every Banker
 *   bettor declines to 8.16 as well, and 8.9 does the same for the Player.
 * - Pai gow 12.2 calls for a reshuffle when more than 2 tiles are exposed during a laja; with 1 or 2
 *   exposed in a laja neither 12.1 (which speaks of stacking) nor 12.2 asks for anything, so the ruling
 *   is to carry on.
 * - Rule (e) lets the dealer permit the co-banker to expose "2 of the 4 tiles"; a single tile is read as
 *   within that permission, 3 or 4 as beyond it.
 */
#include "dd_irregularity.h"

static int flag(int32_t value)
{
    return value == 0 || value == 1;
}

static int rule_roulette_spin(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if (!flag(f->ball_with_wheel))
        return DD_E_RANGE;
    /* 6.1: spun the way the wheel turns, the spin is void; against it, a good spin settled by 4.7. */
    out->action = f->ball_with_wheel ? DD_IRR_CALL_NO_SPIN : DD_IRR_SPIN_STANDS;
    out->rule = f->ball_with_wheel ? "6.1" : "4.7";
    return DD_OK;
}

static int rule_roulette_touch(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if (f->change < DD_IRR_REMOVE || f->change > DD_IRR_ADD || !flag(f->outside) || !flag(f->wager_paid) ||
        !flag(f->area_paid))
        return DD_E_RANGE;
    if (f->area_paid && !f->wager_paid)
        return DD_E_RANGE; /* an area is paid only when each of its winners is */
    if (f->area_paid) {
        out->action = DD_IRR_MAY_TOUCH;
        out->rule = "4.8";
    } else if (f->change == DD_IRR_REMOVE && f->outside && f->wager_paid) {
        out->action = DD_IRR_MAY_TAKE_PAID_OUTSIDE;
        out->rule = "4.9";
    } else {
        out->action = DD_IRR_WAIT_UNTIL_PAID;
        out->rule = "4.8";
    }
    return DD_OK;
}

static int rule_baccarat_no_taker(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if (f->wagers_on_hand < 0 || f->wagers_on_hand > 14 || !flag(f->all_decline))
        return DD_E_RANGE;
    if (f->wagers_on_hand == 0 && f->all_decline)
        return DD_E_RANGE; /* nobody to decline */
    if (f->wagers_on_hand == 0) {
        out->action = DD_IRR_DEALER_ACTS;
        out->rule = "8.16";
    } else if (f->all_decline) {
        out->action = DD_IRR_DEALER_ACTS;
        out->rule = "8.8(d), 8.16";
    } else {
        out->action = DD_IRR_OFFER_ROLE;
        out->rule = "8.8-8.9";
    }
    return DD_OK;
}

static int rule_baccarat_cutting_card(const dd_irr_facts *f, dd_irr_ruling *out)
{
    switch (f->cut_card) {
    case DD_IRR_CUT_DURING_ROUND:
        out->action = DD_IRR_FINISH_THEN_LAST_COUP;
        out->rule = "9.8";
        return DD_OK;
    case DD_IRR_CUT_FIRST_CARD:
        out->action = DD_IRR_LAST_COUP_NOW;
        out->rule = "9.9";
        return DD_OK;
    case DD_IRR_CUT_LAST_COUP_DEALT:
        out->action = DD_IRR_NO_MORE_CARDS;
        out->rule = "9.8-9.9";
        return DD_OK;
    case DD_IRR_CUT_STILL_IN_SHOE:
        out->action = DD_IRR_DEAL_ON;
        out->rule = "9.8";
        return DD_OK;
    default:
        return DD_E_RANGE;
    }
}

static int rule_paigow_exposed(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if ((f->phase != DD_IRR_WHILE_STACKING && f->phase != DD_IRR_DURING_LAJA) || f->tiles_exposed < 0 ||
        f->tiles_exposed > 32)
        return DD_E_RANGE;
    if (f->phase == DD_IRR_WHILE_STACKING) {
        out->action = f->tiles_exposed > 0 ? DD_IRR_PERFORM_LAJA : DD_IRR_CARRY_ON;
        out->rule = "12.1";
    } else {
        out->action = f->tiles_exposed > 2 ? DD_IRR_RESHUFFLE : DD_IRR_CARRY_ON;
        out->rule = "12.2";
    }
    return DD_OK;
}

static int rule_paigow_bank_hand(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if (!flag(f->co_banking) || (f->request != DD_IRR_EXPOSE_TILES && f->request != DD_IRR_SET_BANK_NOW))
        return DD_E_RANGE;
    if (f->request == DD_IRR_EXPOSE_TILES) {
        if (!f->co_banking || f->tiles_to_expose < 1 || f->tiles_to_expose > 4)
            return DD_E_RANGE; /* only a co-banker is offered a look at the bank's tiles */
        out->action = f->tiles_to_expose <= 2 ? DD_IRR_MAY_PERMIT_EXPOSE : DD_IRR_REFUSE_EXPOSE;
        out->rule = "(e)";
        return DD_OK;
    }
    if (!flag(f->others_set))
        return DD_E_RANGE;
    out->action = f->others_set ? DD_IRR_SET_BANK_HOUSE_WAY : DD_IRR_WAIT_FOR_OTHER_HANDS;
    out->rule = f->co_banking ? "(e)" : "11.1(c)";
    return DD_OK;
}

static int rule_paigow_box(const dd_irr_facts *f, dd_irr_ruling *out)
{
    if (f->box < 1 || f->box > 8 || f->banker_box < 0 || f->banker_box > 8 || f->players < 1 || f->players > 8)
        return DD_E_RANGE;
    if (f->banker_box == 0 && f->box == 1) {
        out->action = DD_IRR_REFUSE_BOX_ONE;
        out->rule = "11.1(b)";
    } else if (f->box == f->banker_box) {
        out->action = DD_IRR_REFUSE_BANKER_BOX;
        out->rule = "6.5";
    } else if (f->players > 3) {
        out->action = DD_IRR_REFUSE_FOURTH_PLAYER;
        out->rule = "6.5";
    } else {
        out->action = DD_IRR_ACCEPT_WAGER;
        out->rule = "6.5";
    }
    return DD_OK;
}

int dd_irr_rule(const dd_irr_facts *facts, dd_irr_ruling *ruling)
{
    dd_irr_ruling out = {0, ""};
    int status;
    if (facts == NULL || ruling == NULL)
        return DD_E_NULL;
    switch (facts->kind) {
    case DD_IRR_ROULETTE_SPIN: status = rule_roulette_spin(facts, &out); break;
    case DD_IRR_ROULETTE_WAGER_TOUCHED: status = rule_roulette_touch(facts, &out); break;
    case DD_IRR_BACCARAT_NO_TAKER: status = rule_baccarat_no_taker(facts, &out); break;
    case DD_IRR_BACCARAT_CUTTING_CARD: status = rule_baccarat_cutting_card(facts, &out); break;
    case DD_IRR_PAIGOW_EXPOSED_TILES: status = rule_paigow_exposed(facts, &out); break;
    case DD_IRR_PAIGOW_BANK_HAND: status = rule_paigow_bank_hand(facts, &out); break;
    case DD_IRR_PAIGOW_WAGER_ON_BOX: status = rule_paigow_box(facts, &out); break;
    default: return DD_E_RANGE;
    }
    if (status == DD_OK)
        *ruling = out;
    return status;
}

/* The actions each kind can be ruled, in dd_irr_action order; -1 ends a row. */
static const int8_t kind_actions[DD_IRR_KIND_COUNT][DD_IRR_MAX_ACTIONS] = {
    {DD_IRR_SPIN_STANDS, DD_IRR_CALL_NO_SPIN, -1},
    {DD_IRR_MAY_TOUCH, DD_IRR_MAY_TAKE_PAID_OUTSIDE, DD_IRR_WAIT_UNTIL_PAID, -1},
    {DD_IRR_OFFER_ROLE, DD_IRR_DEALER_ACTS, -1},
    {DD_IRR_DEAL_ON, DD_IRR_FINISH_THEN_LAST_COUP, DD_IRR_LAST_COUP_NOW, DD_IRR_NO_MORE_CARDS, -1},
    {DD_IRR_CARRY_ON, DD_IRR_PERFORM_LAJA, DD_IRR_RESHUFFLE, -1},
    {DD_IRR_MAY_PERMIT_EXPOSE, DD_IRR_REFUSE_EXPOSE, DD_IRR_SET_BANK_HOUSE_WAY, DD_IRR_WAIT_FOR_OTHER_HANDS, -1},
    {DD_IRR_ACCEPT_WAGER, DD_IRR_REFUSE_BOX_ONE, DD_IRR_REFUSE_BANKER_BOX, DD_IRR_REFUSE_FOURTH_PLAYER, -1},
};

int dd_irr_actions(int kind, int32_t *actions, size_t capacity, size_t *count)
{
    size_t n = 0, i;
    if (actions == NULL || count == NULL)
        return DD_E_NULL;
    if (kind < 0 || kind >= DD_IRR_KIND_COUNT)
        return DD_E_RANGE;
    while (n < DD_IRR_MAX_ACTIONS && kind_actions[kind][n] >= 0)
        n++;
    if (capacity < n)
        return DD_E_RANGE;
    for (i = 0; i < n; i++)
        actions[i] = kind_actions[kind][i];
    *count = n;
    return DD_OK;
}
