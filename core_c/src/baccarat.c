/* Baccarat / Mini Baccarat: card values, the table of play, coup resolution, exact enumeration and
 * settlement. The shoe and the simulator live in baccarat_shoe.c. */
#include "dd_baccarat.h"
#include "dd_commission.h"

#include <string.h>

/* Point values by rank (index 0 is not a rank): ace 1, 2-9 face value, 10/J/Q/K 0. */
const uint8_t dd_bac_rank_value[14] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0};

/* The Banker's side of the table of play, [Banker's two-card total][Player's third card value], with
 * column 10 for "the Player stood". Columns 0-9 are Table 2 of the Mini Baccarat rules (NZ Gazette 1998
 * No. 10 p. 232); column 10 is rule 9.5 (draw on 0-5, stand on 6-7); rows 8 and 9 are naturals and never
 * draw. Written out cell by cell so it can be read against the Gazette table. */
const uint8_t dd_bac_banker_draw_table[10][11] = {
    /* third:  0  1  2  3  4  5  6  7  8  9  stood */
    /* 0 */ {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* 1 */ {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* 2 */ {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* 3 */ {1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1},
    /* 4 */ {0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 1},
    /* 5 */ {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1},
    /* 6 */ {0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0},
    /* 7 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    /* 8 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    /* 9 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

int dd_bac_card_code(int rank, int suit, int *code)
{
    if (!code)
        return DD_E_NULL;
    if (rank < 1 || rank > 13 || suit < 0 || suit > 3)
        return DD_E_BAD_CARD;
    *code = dd_bac_code_of(rank, suit);
    return DD_OK;
}

int dd_bac_card_of_code(int code, int *rank, int *suit)
{
    if (!rank || !suit)
        return DD_E_NULL;
    if (code < 0 || code >= DD_BAC_CARD_CODES)
        return DD_E_BAD_CARD;
    *rank = dd_bac_rank_of_code(code);
    *suit = dd_bac_suit_of_code(code);
    return DD_OK;
}

int dd_bac_tie_odds_check(int odds)
{
    return odds >= DD_BAC_MIN_TIE_ODDS && odds <= DD_BAC_MAX_TIE_ODDS ? DD_OK : DD_E_RANGE;
}

int dd_bac_card_value(int rank, int *value)
{
    if (!value)
        return DD_E_NULL;
    if (rank < 1 || rank > 13)
        return DD_E_BAD_CARD;
    *value = dd_bac_rank_value[rank];
    return DD_OK;
}

int dd_bac_point_count(const uint8_t *ranks, size_t n, int *total)
{
    size_t i;
    unsigned sum = 0;
    if (!total || (!ranks && n))
        return DD_E_NULL;
    for (i = 0; i < n; i++) {
        if (ranks[i] < 1 || ranks[i] > 13)
            return DD_E_BAD_CARD;
        sum = (sum + dd_bac_rank_value[ranks[i]]) % 10;
    }
    *total = (int)sum;
    return DD_OK;
}

int dd_bac_is_natural(int two_card_total, int *natural)
{
    if (!natural)
        return DD_E_NULL;
    if (two_card_total < 0 || two_card_total > 9)
        return DD_E_RANGE;
    *natural = two_card_total >= 8;
    return DD_OK;
}

int dd_bac_player_draws(int player_total, int *draws)
{
    if (!draws)
        return DD_E_NULL;
    if (player_total < 0 || player_total > 9)
        return DD_E_RANGE;
    *draws = player_total <= 5;
    return DD_OK;
}

int dd_bac_banker_draws(int banker_total, int player_third_value, int *draws)
{
    if (!draws)
        return DD_E_NULL;
    if (banker_total < 0 || banker_total > 9 || player_third_value < 0 ||
        player_third_value > DD_BAC_PLAYER_STOOD)
        return DD_E_RANGE;
    *draws = dd_bac_banker_draw_table[banker_total][player_third_value];
    return DD_OK;
}

/* Play one coup from ranks already known to be valid; returns DD_E_SHORT_SEQUENCE if n is too small. */
static int play_coup(const uint8_t *r, size_t n, dd_bac_coup *out)
{
    unsigned p, b, used = 4, third = DD_BAC_PLAYER_STOOD;
    dd_bac_coup c = {{0, 0, 0}, {0, 0, 0}, 2, 2, 0, 0, 0, 0, 0};
    if (n < 4)
        return DD_E_SHORT_SEQUENCE;
    /* Dealing order P, B, P, B (rule 9.6 for what follows). */
    c.player[0] = r[0];
    c.banker[0] = r[1];
    c.player[1] = r[2];
    c.banker[1] = r[3];
    p = (dd_bac_rank_value[r[0]] + dd_bac_rank_value[r[2]]) % 10;
    b = (dd_bac_rank_value[r[1]] + dd_bac_rank_value[r[3]]) % 10;
    if (p >= 8 || b >= 8) {
        c.natural = 1;
    } else {
        if (p <= 5) {
            if (n < 5)
                return DD_E_SHORT_SEQUENCE;
            c.player[2] = r[used++];
            c.player_count = 3;
            third = dd_bac_rank_value[c.player[2]];
            p = (p + third) % 10;
        }
        if (dd_bac_banker_draw_table[b][third]) {
            if (n < used + 1)
                return DD_E_SHORT_SEQUENCE;
            c.banker[2] = r[used++];
            c.banker_count = 3;
            b = (b + dd_bac_rank_value[c.banker[2]]) % 10;
        }
    }
    c.player_total = (uint8_t)p;
    c.banker_total = (uint8_t)b;
    c.winner = p > b ? DD_BAC_PLAYER : (b > p ? DD_BAC_BANKER : DD_BAC_TIE);
    c.cards_used = (uint8_t)used;
    *out = c;
    return DD_OK;
}

int dd_bac_coup_resolve(const uint8_t *ranks, size_t n, dd_bac_coup *out)
{
    size_t i;
    if (!out || (!ranks && n))
        return DD_E_NULL;
    for (i = 0; i < n; i++)
        if (ranks[i] < 1 || ranks[i] > 13)
            return DD_E_BAD_CARD;
    return play_coup(ranks, n, out);
}

int dd_bac_coup_resolve_many(const uint8_t *ranks, size_t count, size_t stride, dd_bac_coup *out,
                             size_t *bad_index)
{
    size_t k;
    if (bad_index)
        *bad_index = 0;
    if (count == 0)
        return DD_OK;
    if (!ranks || !out)
        return DD_E_NULL;
    if (stride < 4 || stride > 64)
        return DD_E_RANGE;
    for (k = 0; k < count; k++) {
        int status = dd_bac_coup_resolve(ranks + k * stride, stride, out + k);
        if (status != DD_OK) {
            if (bad_index)
                *bad_index = k;
            return status;
        }
    }
    return DD_OK;
}

/* ---- exact enumeration ------------------------------------------------------------------------------
 * The outcome depends only on point values, so the 13 ranks fold into 10 values with multiplicities
 * (value 0: 16 cards a deck, 1-9: 4 each). The ordered ways of drawing a particular value sequence
 * without replacement is the product of the remaining counts as each card is taken. Every coup is
 * counted over 6 cards (the published convention): a coup that stops after k cards is multiplied by the
 * (M-k)(M-k-1)...(M-5) ways to draw the cards it did not use. The ways for the first four cards do not
 * depend on their order, so the Player's two cards and the Banker's two cards are taken as unordered
 * pairs with a factor 2 for two different values. */

struct tally {
    uint64_t outcome[3]; /* indexed by dd_bac_side */
    uint64_t natural, player_draws, banker_draws;
};

static unsigned winner_of(unsigned p, unsigned b)
{
    return p > b ? DD_BAC_PLAYER : (b > p ? DD_BAC_BANKER : DD_BAC_TIE);
}

/* Third cards after the first four; `count` holds what is left, `left` = M - 4. */
static void finish_coup(struct tally *t, uint64_t ways, unsigned p, unsigned b, uint32_t count[10],
                        uint64_t left)
{
    unsigned v, w;
    if (p >= 8 || b >= 8) {
        uint64_t all = ways * left * (left - 1);
        t->outcome[winner_of(p, b)] += all;
        t->natural += all;
        return;
    }
    if (p >= 6) {
        /* Player stands; the Banker follows rule 9.5. */
        if (!dd_bac_banker_draw_table[b][DD_BAC_PLAYER_STOOD]) {
            t->outcome[winner_of(p, b)] += ways * left * (left - 1);
            return;
        }
        for (w = 0; w < 10; w++) {
            uint64_t six = ways * count[w] * (left - 1);
            t->outcome[winner_of(p, (b + w) % 10)] += six;
            t->banker_draws += six;
        }
        return;
    }
    for (v = 0; v < 10; v++) {
        uint64_t five;
        unsigned p3 = (p + v) % 10;
        if (!count[v])
            continue;
        five = ways * count[v];
        t->player_draws += five * (left - 1);
        count[v]--;
        if (!dd_bac_banker_draw_table[b][v]) {
            t->outcome[winner_of(p3, b)] += five * (left - 1);
        } else {
            for (w = 0; w < 10; w++) {
                uint64_t six = five * count[w];
                t->outcome[winner_of(p3, (b + w) % 10)] += six;
                t->banker_draws += six;
            }
        }
        count[v]++;
    }
}

int dd_bac_exact_ways(int decks, dd_bac_ways *out)
{
    uint32_t count[10];
    uint64_t m, left;
    unsigned p1, p2, b1, b2, v;
    struct tally t = {{0, 0, 0}, 0, 0, 0};
    if (!out)
        return DD_E_NULL;
    if (decks < DD_BAC_MIN_DECKS || decks > DD_BAC_MAX_DECKS)
        return DD_E_RANGE;
    count[0] = 16u * (uint32_t)decks;
    for (v = 1; v < 10; v++)
        count[v] = 4u * (uint32_t)decks;
    m = 52u * (uint64_t)decks;
    left = m - 4;
    for (p1 = 0; p1 < 10; p1++) {
        uint64_t w1 = count[p1]--;
        for (p2 = p1; p2 < 10; p2++) {
            uint64_t w2 = w1 * count[p2] * (p1 == p2 ? 1u : 2u);
            count[p2]--;
            for (b1 = 0; b1 < 10; b1++) {
                uint64_t w3;
                if (!count[b1])
                    continue;
                w3 = w2 * count[b1];
                count[b1]--;
                for (b2 = b1; b2 < 10; b2++) {
                    uint64_t w4;
                    if (!count[b2])
                        continue;
                    w4 = w3 * count[b2] * (b1 == b2 ? 1u : 2u);
                    count[b2]--;
                    finish_coup(&t, w4, (p1 + p2) % 10, (b1 + b2) % 10, count, left);
                    count[b2]++;
                }
                count[b1]++;
            }
            count[p2]++;
        }
        count[p1]++;
    }
    out->banker = t.outcome[DD_BAC_BANKER];
    out->player = t.outcome[DD_BAC_PLAYER];
    out->tie = t.outcome[DD_BAC_TIE];
    out->total = m * (m - 1) * (m - 2) * (m - 3) * (m - 4) * (m - 5);
    out->natural = t.natural;
    out->player_draws = t.player_draws;
    out->banker_draws = t.banker_draws;
    return DD_OK;
}

/* ---- settlement ------------------------------------------------------------------------------------ */

/* Commission on a winning Banker wager (dd_commission.h); amounts here are at most DD_BAC_MAX_AMOUNT,
 * within the commission's own limit, and the rules have been checked by valid_rules. */
static int64_t commission_on(int64_t amount, const dd_bac_settle_rules *rules)
{
    return dd_commission_unchecked(amount, rules->commission_bp, rules->rounding_unit, rules->rounding);
}

static int valid_rules(const dd_bac_settle_rules *rules)
{
    return dd_bac_tie_odds_check(rules->tie_odds) == DD_OK &&
           dd_commission_terms_valid(rules->commission_bp, rules->rounding_unit, rules->rounding) &&
           rules->collection >= DD_BAC_COLLECT_AT_PAYMENT && rules->collection <= DD_BAC_COLLECT_IN_BOX;
}

int dd_bac_settle(const dd_bac_wager *wagers, size_t n, int winner, const dd_bac_settle_rules *rules,
                  dd_bac_payout *out, size_t *bad_index)
{
    size_t i;
    if (bad_index)
        *bad_index = 0;
    if (!rules || ((!wagers || !out) && n))
        return DD_E_NULL;
    if (winner < DD_BAC_PLAYER || winner > DD_BAC_TIE)
        return DD_E_RANGE;
    if (!valid_rules(rules))
        return DD_E_RANGE;
    /* Validate everything first so that an error never leaves half the table settled. */
    for (i = 0; i < n; i++) {
        int status = DD_OK;
        if (wagers[i].side < DD_BAC_PLAYER || wagers[i].side > DD_BAC_TIE)
            status = DD_E_RANGE;
        else if (wagers[i].amount < 1)
            status = DD_E_BAD_AMOUNT;
        else if (wagers[i].amount > DD_BAC_MAX_AMOUNT)
            status = DD_E_OVERFLOW;
        if (status != DD_OK) {
            if (bad_index)
                *bad_index = i;
            return status;
        }
    }
    for (i = 0; i < n; i++) {
        dd_bac_payout pay = {DD_LOSE, 0, 0, 0, 0, 0};
        int64_t amount = wagers[i].amount;
        if (wagers[i].side == winner) {
            pay.result = DD_WIN;
            pay.winnings = winner == DD_BAC_TIE ? amount * rules->tie_odds : amount;
            if (winner == DD_BAC_BANKER)
                pay.commission = commission_on(amount, rules);
        } else if (winner == DD_BAC_TIE) {
            pay.result = DD_PUSH; /* Player and Banker wagers stand off on a tie */
        }
        pay.net = pay.result == DD_LOSE ? -amount : pay.winnings - pay.commission;
        if (rules->collection == DD_BAC_COLLECT_IN_BOX) {
            pay.paid = pay.winnings;
            pay.marked = pay.commission;
        } else {
            pay.paid = pay.winnings - pay.commission;
        }
        out[i] = pay;
    }
    return DD_OK;
}

int dd_bac_box_commission(const int64_t *banker_wins, size_t n, const dd_bac_settle_rules *rules,
                          int64_t *owed, size_t *bad_index)
{
    size_t i;
    int64_t total = 0;
    if (bad_index)
        *bad_index = 0;
    if (!rules || !owed || (!banker_wins && n))
        return DD_E_NULL;
    if (!valid_rules(rules))
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        int status = DD_OK;
        if (banker_wins[i] < 1)
            status = DD_E_BAD_AMOUNT;
        else if (banker_wins[i] > DD_BAC_MAX_AMOUNT - total) /* no overflow: both sides stay <= 10^14 */
            status = DD_E_OVERFLOW;
        if (status != DD_OK) {
            if (bad_index)
                *bad_index = i;
            return status;
        }
        total += banker_wins[i];
    }
    /* Marked exactly coup by coup, collected once: the commission on the sum, rounded once. */
    *owed = total ? commission_on(total, rules) : 0;
    return DD_OK;
}

/* ---- the big table: who handles the cards (rules 8.8, 8.9, 8.16) ----------------------------------------- */

static int check_seat_wager(const dd_bac_seat_wager *w)
{
    if (w->seat < 1 || w->seat > DD_BAC_BIG_TABLE_SEATS || w->side < DD_BAC_PLAYER || w->side > DD_BAC_TIE ||
        (w->declines != 0 && w->declines != 1))
        return DD_E_RANGE;
    if (w->amount < 1)
        return DD_E_BAD_AMOUNT;
    return w->amount > DD_BAC_MAX_AMOUNT ? DD_E_OVERFLOW : DD_OK;
}

/* Whether candidate a is offered the role before candidate b: the higher wager, then the lower seat. */
static int offered_before(const dd_bac_seat_wager *a, const dd_bac_seat_wager *b)
{
    return a->amount > b->amount || (a->amount == b->amount && a->seat < b->seat);
}

int dd_bac_big_table_role(const dd_bac_seat_wager *wagers, size_t n, int hand, int32_t *seat,
                          int32_t *offer_order, size_t capacity, size_t *offered, size_t *bad_index)
{
    /* Per seat, which hands it backs: bit 0 Player, bit 1 Banker, bit 2 Tie. */
    uint8_t backs[DD_BAC_BIG_TABLE_SEATS + 1];
    const dd_bac_seat_wager *candidates[DD_BAC_MAX_ROLE_WAGERS];
    size_t i, count = 0;
    int32_t taker = DD_BAC_DEALER_ACTS;
    if (bad_index)
        *bad_index = n;
    if (!seat || !offered || (!wagers && n))
        return DD_E_NULL;
    if ((hand != DD_BAC_PLAYER && hand != DD_BAC_BANKER) || n > DD_BAC_MAX_ROLE_WAGERS ||
        (offer_order && capacity < n))
        return DD_E_RANGE;
    memset(backs, 0, sizeof backs);
    for (i = 0; i < n; i++) {
        const dd_bac_seat_wager *w = &wagers[i];
        int status = check_seat_wager(w);
        if (status == DD_OK) {
            /* One Tie wager a seat, and one wager on the Player or the Banker, never both (a second
             * wager on one hand, or a player backing both hands, is refused). */
            unsigned group = w->side == DD_BAC_TIE ? 1u << DD_BAC_TIE
                                                   : (1u << DD_BAC_PLAYER) | (1u << DD_BAC_BANKER);
            if (backs[w->seat] & group)
                status = DD_E_RANGE;
            else
                backs[w->seat] |= (uint8_t)(1u << w->side);
        }
        if (status != DD_OK) {
            if (bad_index)
                *bad_index = i;
            return status;
        }
    }
    for (i = 0; i < n; i++) {
        size_t j;
        if (wagers[i].side != hand)
            continue;
        /* Insertion in offering order (n is at most 64). */
        for (j = count; j > 0 && offered_before(&wagers[i], candidates[j - 1]); j--)
            candidates[j] = candidates[j - 1];
        candidates[j] = &wagers[i];
        count++;
    }
    for (i = 0; i < count; i++) {
        if (offer_order)
            offer_order[i] = candidates[i]->seat;
        if (taker == DD_BAC_DEALER_ACTS && !candidates[i]->declines)
            taker = candidates[i]->seat;
    }
    *seat = taker;
    *offered = count;
    return DD_OK;
}
