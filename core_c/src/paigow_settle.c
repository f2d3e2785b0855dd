/* Pai gow settlement of a table of wagers, with the house as sole banker (rule 11.1, 2001 No. 173) or a
 * player/banker co-banking with the house (1998 No. 20 p.452, rules (j)-(l)).
 *
 * Decisions where the Gazette text we have is silent (rules 6.11 and 6.14 are not available):
 * - A winning wager is owed even money by the bank. The commission on it is the house's charge to the
 *   player, not part of the bank: the dealer pays the winner even money less commission, and the bank
 *   (the losing wager area when co-banking) bears the full even money. So when co-banking the co-banker
 *   shares in the bank's result but not in the players' commission.
 * - Co-banking is an equal partnership (1998 definition of "Co-Banker"): the house's original wager equals
 *   the co-banker's, and the co-banking wager is the two together.
 * - When the remainder (or what is left of the co-banking wager after a shortfall) is an odd number of
 *   cents, the odd cent goes to the co-banker: cents cannot be halved, and the player side is favoured as
 *   in the default commission rounding.
 * - The co-banker's commission is charged on his half of the remainder only, rounded like a player's;
 *   after a shortfall he has no gain and pays none.
 * - Commission rounded in the house's favour never exceeds the amount won.
 */
#include "dd_commission.h"
#include "dd_paigow.h"

#include <string.h>

static int check_rules(const dd_pg_settle_rules *rules)
{
    if (rules->banking != DD_PG_HOUSE_BANKS && rules->banking != DD_PG_CO_BANKING)
        return DD_E_RANGE;
    if (!dd_commission_terms_valid(rules->commission_bp, rules->rounding_unit, rules->rounding))
        return DD_E_RANGE;
    if (rules->co_banker_wager < 0)
        return DD_E_BAD_AMOUNT;
    if (rules->co_banker_wager > DD_PG_MAX_AMOUNT)
        return DD_E_OVERFLOW;
    /* A co-banker's wager with the house as sole banker is a caller's mistake, not something to ignore. */
    if (rules->banking == DD_PG_HOUSE_BANKS && rules->co_banker_wager != 0)
        return DD_E_RANGE;
    return DD_OK;
}

static int check_amount(int64_t amount)
{
    if (amount < 0)
        return DD_E_BAD_AMOUNT;
    return amount > DD_PG_MAX_AMOUNT ? DD_E_OVERFLOW : DD_OK;
}

/* Amounts here are at most DD_PG_MAX_AMOUNT (the commission's own limit) and the rules are checked. */
static int64_t commission_unchecked(int64_t amount, const dd_pg_settle_rules *rules)
{
    return dd_commission_unchecked(amount, rules->commission_bp, rules->rounding_unit, rules->rounding);
}

int dd_pg_settle_defaults(dd_pg_settle_rules *rules)
{
    if (rules == NULL)
        return DD_E_NULL;
    memset(rules, 0, sizeof *rules);
    rules->banking = DD_PG_HOUSE_BANKS;
    rules->co_banker_wager = 0;
    rules->commission_bp = DD_COMMISSION_DEFAULT_BP;
    rules->rounding_unit = 1;
    rules->rounding = DD_ROUND_FOR_PLAYER;
    return DD_OK;
}

int dd_pg_commission(int64_t amount, const dd_pg_settle_rules *rules, int64_t *commission)
{
    int status;
    if (rules == NULL || commission == NULL)
        return DD_E_NULL;
    if ((status = check_rules(rules)) != DD_OK || (status = check_amount(amount)) != DD_OK)
        return status;
    *commission = commission_unchecked(amount, rules);
    return DD_OK;
}

/* Rules (j)-(l): the bank's result is shared half and half; see the decisions at the top of the file. */
static int settle_co_banking(const dd_pg_settle_rules *rules, dd_pg_settlement *s)
{
    int64_t own = rules->co_banker_wager;
    int64_t house_wager = own;
    int64_t to_share;
    if (s->winnings <= s->collected) {
        /* (j)-(k): winners paid from the losing wager area, the rest divided between the co-bankers. */
        s->remainder = s->collected - s->winnings;
        s->co_banker_share = s->remainder - s->remainder / 2;
        s->house_share = s->remainder / 2;
        s->co_banker_commission = commission_unchecked(s->co_banker_share, rules);
        s->to_float = house_wager + s->house_share;
        s->co_banker_returned = own + s->co_banker_share - s->co_banker_commission;
    } else {
        /* (l): the shortfall comes out of the co-banking wager; what is left is divided in two. */
        s->shortfall = s->winnings - s->collected;
        if (s->shortfall > own + house_wager)
            return DD_E_BANK_SHORT;
        to_share = own + house_wager - s->shortfall;
        s->co_banker_share = to_share - to_share / 2;
        s->house_share = to_share / 2;
        s->to_float = s->house_share;
        s->co_banker_returned = s->co_banker_share;
    }
    s->co_banker_net = s->co_banker_returned - own;
    s->commission = s->player_commission + s->co_banker_commission;
    s->house_net = s->to_float - house_wager + s->commission;
    return DD_OK;
}

int dd_pg_settle(const dd_pg_wager *wagers, size_t n, const dd_pg_settle_rules *rules,
                 dd_pg_wager_result *results, dd_pg_settlement *summary)
{
    dd_pg_settlement s;
    size_t i;
    int status;
    if (rules == NULL || summary == NULL || (n > 0 && (wagers == NULL || results == NULL)))
        return DD_E_NULL;
    if (n > DD_PG_MAX_WAGERS)
        return DD_E_RANGE;
    if ((status = check_rules(rules)) != DD_OK)
        return status;
    for (i = 0; i < n; i++) {
        if ((status = check_amount(wagers[i].amount)) != DD_OK)
            return status;
        if (wagers[i].outcome != DD_WIN && wagers[i].outcome != DD_LOSE &&
            wagers[i].outcome != DD_PUSH)
            return DD_E_BAD_OUTCOME;
    }
    memset(&s, 0, sizeof s);
    /* At most 1024 amounts of at most 1e15 each: every total below stays far from INT64_MAX. */
    for (i = 0; i < n; i++) {
        int64_t amount = wagers[i].amount;
        dd_pg_wager_result *r = &results[i];
        memset(r, 0, sizeof *r);
        if (wagers[i].outcome == DD_WIN) {
            r->commission = commission_unchecked(amount, rules);
            r->paid = amount - r->commission;
            r->net = r->paid;
            s.winnings += amount;
            s.paid += r->paid;
            s.player_commission += r->commission;
        } else if (wagers[i].outcome == DD_LOSE) {
            r->net = -amount;
            s.collected += amount;
        }
    }
    if (rules->banking == DD_PG_CO_BANKING) {
        if ((status = settle_co_banking(rules, &s)) != DD_OK) {
            /* The totals let the caller say how far short the bank is. */
            memset(summary, 0, sizeof *summary);
            summary->collected = s.collected;
            summary->winnings = s.winnings;
            summary->shortfall = s.shortfall;
            return status;
        }
    } else {
        /* Rule 11.1(g)-(i): losing wagers go to the float, which pays the winners. */
        s.commission = s.player_commission;
        s.house_net = s.collected - s.winnings + s.player_commission;
    }
    *summary = s;
    return DD_OK;
}
