/* Fuzz harness: baccarat card values and drawing rules, coup resolution (single and batched, checked
 * against each other), exact ways, the shoe (init, shuffle, load, burn, deal, collect, also after the
 * struct has been corrupted byte by byte), short simulations, and settlement. */
#include "dd_baccarat.h"
#include "dd_commission.h"
#include "fuzz_input.h"

static void fuzz_rules(fuzz_input *in)
{
    int value = -1, total = -1, flag = -1;
    uint8_t ranks[16];
    size_t n = take_u8(in) % 17;
    int rank = take_int_in(in, 0, 14), status;
    status = dd_bac_card_value(rank, &value);
    require(status == DD_OK ? value >= 0 && value <= 9 : status == DD_E_BAD_CARD);
    take_bytes(in, ranks, n);
    if (dd_bac_point_count(ranks, n, &total) == DD_OK)
        require(total >= 0 && total <= 9);
    if (dd_bac_is_natural(take_int_in(in, 0, 9), &flag) == DD_OK)
        require(flag == 0 || flag == 1);
    if (dd_bac_player_draws(take_int_in(in, 0, 9), &flag) == DD_OK)
        require(flag == 0 || flag == 1);
    if (dd_bac_banker_draws(take_int_in(in, 0, 9), take_int_in(in, 0, DD_BAC_PLAYER_STOOD), &flag) == DD_OK)
        require(flag == 0 || flag == 1);
    require(dd_bac_card_value(1, NULL) == DD_E_NULL && dd_bac_point_count(NULL, 2, &total) == DD_E_NULL);
    require(dd_bac_is_natural(8, NULL) == DD_E_NULL && dd_bac_player_draws(3, NULL) == DD_E_NULL);
    require(dd_bac_banker_draws(3, 4, NULL) == DD_E_NULL);
    {
        /* Card codes: made and read back, refused outside their ranges. */
        int suit = take_int_in(in, 0, 3), code = -1, back_rank = -1, back_suit = -1, any = take_int_in(in, 0, 51);
        status = dd_bac_card_code(rank, suit, &code);
        if (status == DD_OK) {
            require(code >= 0 && code < DD_BAC_CARD_CODES);
            require(dd_bac_card_of_code(code, &back_rank, &back_suit) == DD_OK);
            require(back_rank == rank && back_suit == suit);
        } else {
            require(status == DD_E_BAD_CARD && code == -1);
        }
        status = dd_bac_card_of_code(any, &back_rank, &back_suit);
        require(status == DD_OK ? back_rank >= 1 && back_rank <= 13 && back_suit >= 0 && back_suit <= 3
                                : status == DD_E_BAD_CARD);
        status = dd_bac_tie_odds_check(take_int_in(in, 0, 12));
        require(status == DD_OK || status == DD_E_RANGE);
        require(dd_bac_card_code(1, 0, NULL) == DD_E_NULL && dd_bac_card_of_code(0, NULL, &suit) == DD_E_NULL);
    }
}

static void check_coup(const dd_bac_coup *c)
{
    require(c->player_count >= 2 && c->player_count <= 3 && c->banker_count >= 2 && c->banker_count <= 3);
    require(c->player_total <= 9 && c->banker_total <= 9 && c->winner <= DD_BAC_TIE);
    require(c->cards_used == c->player_count + c->banker_count);
}

static void fuzz_coups(fuzz_input *in)
{
    uint8_t ranks[256];
    dd_bac_coup coups[64], one;
    size_t stride = take_count(in, 70), count, bad = 99, i;
    int status;
    take_bytes(in, ranks, sizeof ranks);
    if (take_u8(in) & 1)
        for (i = 0; i < sizeof ranks; i++)
            ranks[i] = (uint8_t)(ranks[i] % 13 + 1);
    status = dd_bac_coup_resolve(ranks, stride % 9, &one);
    if (status == DD_OK)
        check_coup(&one);
    else
        require(status == DD_E_BAD_CARD || status == DD_E_SHORT_SEQUENCE);
    /* Only counts whose sequences lie inside the buffer: a larger count is the caller's bug. */
    count = stride >= 4 && stride <= 64 ? take_u8(in) % (sizeof ranks / stride + 1) : take_u8(in);
    status = dd_bac_coup_resolve_many(ranks, count, stride, coups, &bad);
    if (stride < 4 || stride > 64) {
        require(count == 0 ? status == DD_OK : status == DD_E_RANGE);
        return;
    }
    for (i = 0; i < count; i++) {
        int single = dd_bac_coup_resolve(ranks + i * stride, stride, &one);
        if (status != DD_OK && i == bad) {
            require(single == status);
            break;
        }
        require(single == DD_OK && memcmp(&one, &coups[i], sizeof one) == 0);
    }
    require(dd_bac_coup_resolve(NULL, 4, &one) == DD_E_NULL && dd_bac_coup_resolve(ranks, 4, NULL) == DD_E_NULL);
    require(dd_bac_coup_resolve_many(NULL, 1, 4, coups, NULL) == DD_E_NULL);
}

static void fuzz_exact_ways(fuzz_input *in)
{
    /* One integer argument: computing each deck count once per process covers it; the rest is checks. */
    static int done[DD_BAC_MAX_DECKS + 1];
    dd_bac_ways ways;
    int decks = take_int_in(in, 0, DD_BAC_MAX_DECKS + 1);
    int valid = decks >= DD_BAC_MIN_DECKS && decks <= DD_BAC_MAX_DECKS;
    if (valid && done[decks])
        return;
    require((dd_bac_exact_ways(decks, &ways) == DD_OK) == valid);
    if (valid) {
        uint64_t m = 52u * (uint64_t)decks;
        done[decks] = 1;
        require(ways.banker + ways.player + ways.tie == ways.total);
        require(ways.total == m * (m - 1) * (m - 2) * (m - 3) * (m - 4) * (m - 5));
    }
    require(dd_bac_exact_ways(8, NULL) == DD_E_NULL);
}

static void fuzz_shoe(fuzz_input *in)
{
    dd_bac_shoe shoe;
    dd_bac_round round;
    uint8_t codes[DD_BAC_MAX_CARDS + 8], exposed = 0, burned[16];
    int decks = take_int_in(in, 1, 8), cut = take_int_in(in, 0, 420), burn = take_u8(in) & 1, ops = 0;
    int status = dd_bac_shoe_init(&shoe, decks, cut, burn, 1, take_u64(in));
    size_t burned_count = 0;
    if (status != DD_OK) {
        require(status == DD_E_RANGE || status == DD_E_CUT_POSITION);
        return;
    }
    while (remaining(in) && ops++ < 64) {
        uint8_t op = take_u8(in) % 8;
        switch (op) {
        case 0:
            status = dd_bac_shoe_shuffle(&shoe);
            break;
        case 1: {
            /* A load: the shoe's own order with some positions overwritten, or raw bytes. */
            size_t n = take_u8(in) & 1 ? (size_t)shoe.size : take_count(in, DD_BAC_MAX_CARDS + 8);
            size_t edits = take_u8(in) % 4, e;
            if (n > sizeof codes)
                n = sizeof codes;
            memcpy(codes, shoe.cards, sizeof shoe.cards);
            for (e = 0; e < edits; e++)
                codes[take_u16(in) % sizeof codes] = take_u8(in);
            status = dd_bac_shoe_load(&shoe, codes, n);
            break;
        }
        case 2: {
            size_t capacity = take_u8(in) % 17;
            status = dd_bac_shoe_burn(&shoe, &exposed, burned, capacity, &burned_count);
            if (status == DD_OK)
                require(exposed < 52 && burned_count >= 1 && burned_count <= 10);
            break;
        }
        case 3:
        case 4:
            status = dd_bac_shoe_deal(&shoe, &round);
            if (status == DD_OK) {
                int k;
                check_coup(&round.coup);
                for (k = 0; k < round.coup.player_count; k++)
                    require(round.player_cards[k] < 52);
                for (k = 0; k < round.coup.banker_count; k++)
                    require(round.banker_cards[k] < 52);
            }
            break;
        case 5:
            status = dd_bac_shoe_collect(&shoe);
            break;
        case 6: {
            /* Corrupt one byte of the struct: every later call must refuse or cope, never misread. */
            size_t offset = take_u16(in) % sizeof shoe;
            ((uint8_t *)&shoe)[offset] = take_u8(in);
            break;
        }
        default:
            require(dd_bac_shoe_deal(&shoe, NULL) != DD_OK);
            require(dd_bac_shoe_burn(&shoe, NULL, burned, 16, &burned_count) != DD_OK);
            require(dd_bac_shoe_load(&shoe, NULL, shoe.size) != DD_OK);
            require(dd_bac_shoe_deal(NULL, &round) == DD_E_NULL && dd_bac_shoe_collect(NULL) == DD_E_NULL);
            require(dd_bac_shoe_shuffle(NULL) == DD_E_NULL);
            break;
        }
        (void)status;
    }
}

static void fuzz_simulate(fuzz_input *in)
{
    dd_bac_sim_result result;
    uint64_t shoes = take_u8(in) % 3;
    int decks = take_int_in(in, 1, 8), cut = take_int_in(in, 0, 420), burn = take_u8(in) & 1;
    int seeded = (take_u8(in) & 15) != 0;
    int status = dd_bac_simulate(shoes, decks, cut, burn, seeded, take_u64(in), &result);
    if (status == DD_OK) {
        require(result.shoes == shoes && result.banker_wins + result.player_wins + result.ties == result.coups);
        require(result.cards_dealt <= shoes * 52u * (uint64_t)decks);
    } else {
        require(status == DD_E_RANGE || status == DD_E_CUT_POSITION);
    }
    require(dd_bac_simulate(1, 8, 14, 1, 1, 1, NULL) == DD_E_NULL);
}

static void fuzz_settle(fuzz_input *in)
{
    dd_bac_wager wagers[24];
    dd_bac_payout out[24];
    dd_bac_settle_rules rules;
    size_t n = take_u8(in) % 25, i, bad = 99;
    memset(wagers, 0, sizeof wagers);
    memset(&rules, 0, sizeof rules); /* fields this harness does not set keep their default, 0 */
    int winner = take_int_in(in, 0, 2), status;
    rules.tie_odds = take_int_in(in, 8, 9);
    rules.commission_bp = take_int_in(in, 0, DD_COMMISSION_MAX_BP);
    rules.rounding_unit = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u16(in);
    rules.rounding = take_int_in(in, 0, 2);
    for (i = 0; i < n; i++) {
        wagers[i].side = take_int_in(in, 0, 2);
        wagers[i].amount = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u32(in);
    }
    status = dd_bac_settle(wagers, n, winner, &rules, out, &bad);
    if (status == DD_OK) {
        for (i = 0; i < n; i++) {
            require(out[i].result <= DD_WIN && out[i].commission >= 0);
            require(out[i].commission <= out[i].winnings);
            require(out[i].net == (out[i].result == DD_LOSE ? -wagers[i].amount
                                                                 : out[i].winnings - out[i].commission));
        }
    } else if (status != DD_E_RANGE || n) {
        require(bad <= n);
    }
    {
        /* The commission box over the same amounts as Banker wins. */
        int64_t wins[24], owed = -1, sum = 0;
        int overflow = 0;
        for (i = 0; i < n; i++)
            wins[i] = wagers[i].amount;
        status = dd_bac_box_commission(wins, n, &rules, &owed, &bad);
        for (i = 0; i < n && status == DD_OK; i++) {
            if (wins[i] > DD_BAC_MAX_AMOUNT - sum)
                overflow = 1;
            else
                sum += wins[i];
        }
        if (status == DD_OK)
            require(!overflow && owed >= 0 && owed <= sum);
        require(dd_bac_box_commission(wins, n, &rules, NULL, &bad) == DD_E_NULL);
    }
    require(dd_bac_settle(wagers, n, winner, NULL, out, &bad) == DD_E_NULL);
    if (n)
        require(dd_bac_settle(NULL, n, winner, &rules, out, NULL) == DD_E_NULL);
}

static void fuzz_roles(fuzz_input *in)
{
    dd_bac_seat_wager wagers[DD_BAC_MAX_ROLE_WAGERS];
    int32_t order[DD_BAC_MAX_ROLE_WAGERS], seat = -7;
    size_t n = take_count(in, DD_BAC_MAX_ROLE_WAGERS), offered = 99, bad = 99, i, k;
    int hand = take_int_in(in, 0, 2), status;
    size_t filled = n < DD_BAC_MAX_ROLE_WAGERS ? n : DD_BAC_MAX_ROLE_WAGERS;
    memset(wagers, 0, sizeof wagers); /* a count above the limit is refused before any wager is read */
    for (i = 0; i < filled; i++) {
        wagers[i].seat = take_int_in(in, 1, DD_BAC_BIG_TABLE_SEATS);
        wagers[i].side = take_int_in(in, 0, 2);
        wagers[i].amount = take_u8(in) < 16 ? take_i64(in) : (int64_t)(take_u16(in) % 8) * 500 + 500;
        wagers[i].declines = take_int_in(in, 0, 1);
    }
    status = dd_bac_big_table_role(wagers, n, hand, &seat, order, DD_BAC_MAX_ROLE_WAGERS, &offered, &bad);
    if (status != DD_OK) {
        require(seat == -7 && bad <= n);
        return;
    }
    require(n <= DD_BAC_MAX_ROLE_WAGERS && offered <= n);
    /* The taker is the first offered seat that does not decline; offers run by wager, highest first. */
    for (k = 0; k < offered; k++) {
        const dd_bac_seat_wager *w = NULL, *prev = NULL;
        for (i = 0; i < n; i++) {
            if (wagers[i].side == hand && wagers[i].seat == order[k])
                w = &wagers[i];
            if (k > 0 && wagers[i].side == hand && wagers[i].seat == order[k - 1])
                prev = &wagers[i];
        }
        require(w != NULL);
        if (prev)
            require(prev->amount > w->amount || (prev->amount == w->amount && prev->seat < w->seat));
        if (!w->declines) {
            require(seat == w->seat);
            break;
        }
    }
    if (k == offered)
        require(seat == DD_BAC_DEALER_ACTS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    switch (take_u8(&in) % 7) {
    case 0: fuzz_rules(&in); break;
    case 1: fuzz_coups(&in); break;
    case 2: fuzz_exact_ways(&in); break;
    case 3: fuzz_shoe(&in); break;
    case 4: fuzz_simulate(&in); break;
    case 5: fuzz_roles(&in); break;
    default: fuzz_settle(&in); break;
    }
    return 0;
}
