/* Baccarat shoe: shuffle, burn, cutting card and the last coup (rules 9.8, 9.9), and the whole-shoe
 * simulator.
 *
 * Where the cutting card may go. The dealer only notices the cutting card when it comes out of the shoe,
 * so the worst case is that it sits right behind the FIRST card of a round (rule 9.8): that round still
 * needs up to 5 more cards (a coup uses at most 6), and the announced last coup up to 6 more, so at
 * most 11 cards are dealt after the cutting card. If it is the first card of a round (rule 9.9), only
 * that round's 6 cards follow. Hence at least DD_BAC_MIN_CUT_FROM_END = 11 cards must lie behind it, or a
 * last coup could run out of cards. At the other end, the burn takes up to 11 cards (an exposed ten or
 * face card and 10 more), so at least that many must lie in front of it, or the burn could pass it.
 */
#include "dd_baccarat.h"

#include <string.h>

/* ---- the shoe -------------------------------------------------------------------------------------- */

static int cut_position_ok(int decks, int cut_from_end)
{
    return cut_from_end >= DD_BAC_MIN_CUT_FROM_END && cut_from_end <= 52 * decks - DD_BAC_MAX_BURN;
}

/* A shoe struct comes from the caller, so check it is one we set up before indexing its cards. */
static int shoe_ok(const dd_bac_shoe *shoe)
{
    if (!shoe)
        return DD_E_NULL;
    if (shoe->decks < DD_BAC_MIN_DECKS || shoe->decks > DD_BAC_MAX_DECKS || shoe->size != 52u * shoe->decks ||
        shoe->next > shoe->size || shoe->cut_index != shoe->size - shoe->cut_from_end ||
        !cut_position_ok(shoe->decks, shoe->cut_from_end) || shoe->state > DD_BAC_SHOE_FINISHED ||
        shoe->rng.used > DD_RNG_BUFFER_WORDS || shoe->on_table > shoe->next || shoe->discarded > shoe->next)
        return DD_E_STATE;
    {
        /* Card codes index rank tables (the burn reads one directly), so a corrupted code is refused too. */
        unsigned i, bad = 0;
        for (i = 0; i < shoe->size; i++)
            bad |= shoe->cards[i] >= DD_BAC_CARD_CODES;
        if (bad)
            return DD_E_STATE;
    }
    return DD_OK;
}

static void reset_counters(dd_bac_shoe *shoe)
{
    shoe->next = 0;
    shoe->discarded = 0;
    shoe->on_table = 0;
    shoe->cut_card_out = 0;
    shoe->state = shoe->burn ? DD_BAC_SHOE_BURN_DUE : DD_BAC_SHOE_DEALING;
}

int dd_bac_shoe_init(dd_bac_shoe *shoe, int decks, int cut_from_end, int burn, int seeded, uint64_t seed)
{
    int status, d, code;
    if (!shoe)
        return DD_E_NULL;
    if (decks < DD_BAC_MIN_DECKS || decks > DD_BAC_MAX_DECKS)
        return DD_E_RANGE;
    if (!cut_position_ok(decks, cut_from_end))
        return DD_E_CUT_POSITION;
    memset(shoe, 0, sizeof *shoe);
    status = seeded ? dd_rng_seed(&shoe->rng, seed) : dd_rng_seed_os(&shoe->rng);
    if (status != DD_OK)
        return status;
    for (d = 0; d < decks; d++)
        for (code = 0; code < DD_BAC_CARD_CODES; code++)
            shoe->cards[52 * d + code] = (uint8_t)code;
    shoe->decks = (uint8_t)decks;
    shoe->size = (uint16_t)(52 * decks);
    shoe->cut_from_end = (uint16_t)cut_from_end;
    shoe->cut_index = (uint16_t)(shoe->size - cut_from_end);
    shoe->burn = burn ? 1 : 0;
    shoe->state = DD_BAC_SHOE_NEEDS_SHUFFLE;
    return DD_OK;
}

int dd_bac_shoe_shuffle(dd_bac_shoe *shoe)
{
    int status = shoe_ok(shoe);
    if (status != DD_OK)
        return status;
    dd_rng_shuffle_u8_unchecked(&shoe->rng, shoe->cards, shoe->size);
    reset_counters(shoe);
    return DD_OK;
}

int dd_bac_shoe_load(dd_bac_shoe *shoe, const uint8_t *codes, size_t n)
{
    uint32_t seen[52] = {0};
    size_t i;
    int status = shoe_ok(shoe);
    if (status != DD_OK)
        return status;
    if (!codes)
        return DD_E_NULL;
    if (n != shoe->size)
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        if (codes[i] >= DD_BAC_CARD_CODES)
            return DD_E_BAD_CARD;
        if (++seen[codes[i]] > shoe->decks)
            return DD_E_RANGE; /* more copies of a card than the decks hold */
    }
    memcpy(shoe->cards, codes, n);
    reset_counters(shoe);
    return DD_OK;
}

int dd_bac_shoe_burn(dd_bac_shoe *shoe, uint8_t *exposed, uint8_t *burned, size_t burned_capacity,
                     size_t *burned_count)
{
    unsigned value, count;
    int status = shoe_ok(shoe);
    if (status != DD_OK)
        return status;
    if (!exposed || !burned || !burned_count)
        return DD_E_NULL;
    if (burned_capacity < DD_BAC_MAX_BURN - 1)
        return DD_E_RANGE;
    if (shoe->state != DD_BAC_SHOE_BURN_DUE)
        return DD_E_STATE;
    *exposed = shoe->cards[0];
    value = dd_bac_rank_value[dd_bac_rank_of_code(shoe->cards[0])];
    count = value ? value : 10; /* a ten or a face card burns 10 */
    memcpy(burned, shoe->cards + 1, count);
    *burned_count = count;
    shoe->next = (uint16_t)(1 + count);
    shoe->discarded = shoe->next;
    shoe->state = DD_BAC_SHOE_DEALING;
    return DD_OK;
}

int dd_bac_shoe_collect(dd_bac_shoe *shoe)
{
    int status = shoe_ok(shoe);
    if (status != DD_OK)
        return status;
    shoe->discarded = (uint16_t)(shoe->discarded + shoe->on_table);
    shoe->on_table = 0;
    return DD_OK;
}

int dd_bac_shoe_deal(dd_bac_shoe *shoe, dd_bac_round *out)
{
    uint8_t ranks[6];
    const uint8_t *codes;
    size_t available, i;
    unsigned used, last;
    dd_bac_round round;
    int status = shoe_ok(shoe);
    if (status != DD_OK)
        return status;
    if (!out)
        return DD_E_NULL;
    if (shoe->state == DD_BAC_SHOE_FINISHED)
        return DD_E_SHOE_FINISHED;
    if (shoe->state != DD_BAC_SHOE_DEALING && shoe->state != DD_BAC_SHOE_LAST_COUP_NEXT)
        return DD_E_STATE;
    memset(&round, 0, sizeof round);
    memset(round.player_cards, 255, sizeof round.player_cards);
    memset(round.banker_cards, 255, sizeof round.banker_cards);
    last = shoe->state == DD_BAC_SHOE_LAST_COUP_NEXT;
    if (!shoe->cut_card_out && shoe->next == shoe->cut_index) {
        /* Rule 9.9: the cutting card is the first card of this round, so this round is the last. */
        shoe->cut_card_out = 1;
        round.cut_card_out = 1;
        last = 1;
    }
    codes = shoe->cards + shoe->next;
    available = shoe->size - shoe->next;
    if (available > 6)
        available = 6;
    for (i = 0; i < available; i++)
        ranks[i] = (uint8_t)dd_bac_rank_of_code(codes[i]);
    /* The cut-card limits make a short shoe impossible; the check stays for safety. */
    status = dd_bac_coup_resolve(ranks, available, &round.coup);
    if (status != DD_OK)
        return status;
    used = round.coup.cards_used;
    if (!shoe->cut_card_out && shoe->next < shoe->cut_index && shoe->cut_index < shoe->next + used) {
        /* Rule 9.8: the cutting card came out during this round; finish it and deal one more. */
        shoe->cut_card_out = 1;
        round.cut_card_out = 1;
    }
    /* Positions in dealing order: P B P B, then the Player's third (if any), then the Banker's. */
    round.player_cards[0] = codes[0];
    round.banker_cards[0] = codes[1];
    round.player_cards[1] = codes[2];
    round.banker_cards[1] = codes[3];
    if (round.coup.player_count == 3)
        round.player_cards[2] = codes[4];
    if (round.coup.banker_count == 3)
        round.banker_cards[2] = codes[used - 1];
    shoe->discarded = (uint16_t)(shoe->discarded + shoe->on_table);
    shoe->on_table = (uint16_t)used;
    shoe->next = (uint16_t)(shoe->next + used);
    round.last_coup = (uint8_t)last;
    if (last)
        shoe->state = DD_BAC_SHOE_FINISHED;
    else if (shoe->cut_card_out)
        shoe->state = DD_BAC_SHOE_LAST_COUP_NEXT;
    *out = round;
    return DD_OK;
}

/* ---- whole-shoe simulator ---------------------------------------------------------------------------
 * Works on point values instead of card codes (the outcome depends on nothing else) with the same
 * shuffle, burn and last-coup procedure as the shoe above. */

/* Sum of two point values (each 0-9) modulo 10, without a division or a table load: the dealing loop is
 * a chain of dependent steps (where a coup ends decides where the next starts), so each step counts. */
static unsigned add_points(unsigned a, unsigned b)
{
    unsigned sum = a + b;
    return sum - 10u * (sum >= 10u);
}

/* The Banker's draws for totals 3-6 as bits: bit (total - 3) * 11 + column of dd_bac_banker_draw_table
 * (column 10 = the Player stood). Totals 0-2 always draw, 7-9 never. Built from the table at startup
 * of each simulation so the two can never disagree. */
static uint64_t banker_draw_bits(void)
{
    uint64_t bits = 0;
    unsigned total, column;
    for (total = 3; total <= 6; total++)
        for (column = 0; column <= DD_BAC_PLAYER_STOOD; column++)
            if (dd_bac_banker_draw_table[total][column])
                bits |= 1ull << ((total - 3) * 11 + column);
    return bits;
}

/* Tallies of one simulation run; summed into dd_bac_sim_result at the end. */
typedef struct sim_tally {
    uint64_t coups, naturals, player_draws, banker_draws, player_wins, banker_wins, cards_burned, ended_by_9_9;
} sim_tally;

/* One shoe's counts packed in 16-bit fields, so a shoe in play keeps its counts in two registers (a shoe
 * has at most 104 coups): draws_wins = naturals | Player draws << 16 | Banker draws << 32 | Player wins
 * << 48, banker_coups = Banker wins | coups << 16. */
typedef struct shoe_counts {
    uint64_t draws_wins, banker_coups;
} shoe_counts;

#define FIELD(word, n) (((word) >> (16 * (n))) & 0xFFFFu)

static void add_shoe_counts(sim_tally *t, shoe_counts c)
{
    t->naturals += FIELD(c.draws_wins, 0);
    t->player_draws += FIELD(c.draws_wins, 1);
    t->banker_draws += FIELD(c.draws_wins, 2);
    t->player_wins += FIELD(c.draws_wins, 3);
    t->banker_wins += FIELD(c.banker_coups, 0);
    t->coups += FIELD(c.banker_coups, 1);
}

/* Play the coup at v[0..6) and count it; returns the cards it used (4-6). Branch-free on purpose:
 * naturals and draws are coin flips to the branch predictor, so choices are masks, not conditions. */
static inline unsigned play_coup(const uint8_t *v, uint64_t draw_bits, shoe_counts *c)
{
    unsigned p = add_points(v[0], v[2]), b = add_points(v[1], v[3]), v4 = v[4];
    unsigned natural = (p >= 8) | (b >= 8);
    unsigned player_draws = (natural ^ 1u) & (p <= 5);
    unsigned player_mask = 0u - player_draws;
    /* The Player's third card value, or DD_BAC_PLAYER_STOOD when the Player stood. */
    unsigned third = DD_BAC_PLAYER_STOOD + ((v4 - DD_BAC_PLAYER_STOOD) & player_mask);
    unsigned middle = (b - 3u <= 3u) & (unsigned)(draw_bits >> (((b - 3u) & 3u) * 11u + third));
    unsigned banker_draws = (natural ^ 1u) & ((b <= 2) | middle);
    p = add_points(p, v4 & player_mask);
    b = add_points(b, v[4 + player_draws] & (0u - banker_draws));
    /* Who won as sign bits of the difference: GCC turns (p > b) << 48 into a branch. */
    c->draws_wins += natural | (uint64_t)player_draws << 16 | (uint64_t)banker_draws << 32 |
                     (uint64_t)((b - p) >> 31) << 48;
    c->banker_coups += ((p - b) >> 31) + (1u << 16);
    return 4 + player_draws + banker_draws;
}

/* The burn: the first card's value (10 for a ten or face card) plus itself. Returns where dealing starts. */
static unsigned burn_shoe(const uint8_t *values, int burn, sim_tally *t)
{
    unsigned start = burn ? 1u + (values[0] ? values[0] : 10u) : 0u;
    t->cards_burned += start;
    return start;
}

/* Deal a shoe from `pos` to its last coup with the rules 9.8 and 9.9 checks on every coup (used near the
 * cutting card; before it, `play_coup` alone is enough), then add its counts to the tally. */
static void finish_shoe(const uint8_t *values, unsigned pos, unsigned cut, uint64_t draw_bits, shoe_counts c,
                        sim_tally *t)
{
    unsigned cut_out = 0, last_next = 0, last = 0, used;
    while (!last) {
        last = last_next;
        if (!cut_out && pos == cut) {
            cut_out = last = 1; /* rule 9.9: the cutting card is the first card of this round */
            t->ended_by_9_9++;
        }
        used = play_coup(values + pos, draw_bits, &c);
        if (!cut_out && pos < cut && cut < pos + used)
            cut_out = last_next = 1; /* rule 9.8: it came out during this round: one more round */
        pos += used;
    }
    add_shoe_counts(t, c);
}

/* A coup that starts at least 6 cards before the cutting card cannot reach it (a coup uses at most 6), so
 * until then a shoe needs no cut checks. */
#define CLEAR_OF_CUT(pos, cut) ((pos) + 6u <= (cut))

int dd_bac_simulate(uint64_t shoes, int decks, int cut_from_end, int burn, int seeded, uint64_t seed,
                    dd_bac_sim_result *out)
{
    /* Two shoes are played side by side: where a coup ends decides where the next starts, so one shoe is a
     * single chain of dependent steps; two independent chains keep the processor busy. The shoes are still
     * shuffled one after the other from the one generator, each from the order the previous one left (as
     * dd_bac_shoe_shuffle does), so the games are exactly those of dealing one shoe after another. */
    uint8_t first[DD_BAC_MAX_CARDS], second[DD_BAC_MAX_CARDS];
    uint8_t *a = first, *b = second, *swap;
    dd_rng rng;
    dd_bac_sim_result r;
    sim_tally t;
    uint64_t s, draw_bits = banker_draw_bits();
    unsigned size, cut, i;
    int status;
    if (!out)
        return DD_E_NULL;
    if (decks < DD_BAC_MIN_DECKS || decks > DD_BAC_MAX_DECKS)
        return DD_E_RANGE;
    if (!cut_position_ok(decks, cut_from_end))
        return DD_E_CUT_POSITION;
    status = seeded ? dd_rng_seed(&rng, seed) : dd_rng_seed_os(&rng);
    if (status != DD_OK)
        return status;
    memset(&t, 0, sizeof t);
    size = 52u * (unsigned)decks;
    cut = size - (unsigned)cut_from_end;
    for (i = 0; i < size; i++)
        a[i] = dd_bac_rank_value[dd_bac_rank_of_code((int)(i % DD_BAC_CARD_CODES))];
    for (s = 0; s + 2 <= shoes; s += 2) {
        unsigned pos_a, pos_b;
        shoe_counts counts_a = {0, 0}, counts_b = {0, 0};
        dd_rng_shuffle_u8_unchecked(&rng, a, size);
        memcpy(b, a, size);
        dd_rng_shuffle_u8_unchecked(&rng, b, size);
        pos_a = burn_shoe(a, burn, &t);
        pos_b = burn_shoe(b, burn, &t);
        while (CLEAR_OF_CUT(pos_a, cut) && CLEAR_OF_CUT(pos_b, cut)) {
            pos_a += play_coup(a + pos_a, draw_bits, &counts_a);
            pos_b += play_coup(b + pos_b, draw_bits, &counts_b);
        }
        while (CLEAR_OF_CUT(pos_a, cut))
            pos_a += play_coup(a + pos_a, draw_bits, &counts_a);
        while (CLEAR_OF_CUT(pos_b, cut))
            pos_b += play_coup(b + pos_b, draw_bits, &counts_b);
        finish_shoe(a, pos_a, cut, draw_bits, counts_a, &t);
        finish_shoe(b, pos_b, cut, draw_bits, counts_b, &t);
        /* The next shuffle starts from the order of the later shoe. */
        swap = a;
        a = b;
        b = swap;
    }
    if (s < shoes) {
        shoe_counts counts = {0, 0};
        dd_rng_shuffle_u8_unchecked(&rng, a, size);
        finish_shoe(a, burn_shoe(a, burn, &t), cut, draw_bits, counts, &t);
    }
    memset(&r, 0, sizeof r);
    r.shoes = shoes;
    r.coups = t.coups;
    r.player_wins = t.player_wins;
    r.banker_wins = t.banker_wins;
    r.ties = t.coups - t.player_wins - t.banker_wins;
    r.naturals = t.naturals;
    r.player_draws = t.player_draws;
    r.banker_draws = t.banker_draws;
    r.cards_dealt = 4 * t.coups + t.player_draws + t.banker_draws;
    r.cards_burned = t.cards_burned;
    r.shoes_ended_by_9_9 = t.ended_by_9_9;
    *out = r;
    return DD_OK;
}
