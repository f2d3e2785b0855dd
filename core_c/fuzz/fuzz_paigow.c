/* Fuzz harness: pai gow tiles and hand values, comparisons, the three settings of four tiles, setting
 * checks, matching (single and batched, checked against each other), dealing from a possibly corrupted
 * generator, commission and settlement. */
#include "dd_commission.h"
#include "dd_paigow.h"
#include "fuzz_input.h"

/* Mostly a tile id 0-31, sometimes any byte. */
static uint8_t take_tile(fuzz_input *in)
{
    uint8_t b = take_u8(in);
    return (b & 0xC0) == 0xC0 ? take_u8(in) : (uint8_t)(b & 31);
}

static void fuzz_hands(fuzz_input *in)
{
    dd_pg_tile tile;
    dd_pg_hand hand;
    int a = take_int_in(in, 0, 31), b = take_int_in(in, 0, 31), c = take_int_in(in, 0, 31);
    int d = take_int_in(in, 0, 31), value = -1, swapped = -1, result = 9, status;
    if (dd_pg_tile_info(a, &tile) == DD_OK)
        require(tile.id == a && tile.kind >= 1 && tile.kind <= 16 && tile.name[sizeof tile.name - 1] == 0);
    status = dd_pg_hand_value(a, b, &value);
    if (status == DD_OK) {
        require(dd_pg_hand_value(b, a, &swapped) == DD_OK && swapped == value);
        require(dd_pg_hand_describe(a, b, &hand) == DD_OK && hand.value == value);
        require(hand.points >= 0 && hand.points <= 9 && hand.category >= 0 && hand.category <= DD_PG_PAIR);
    } else {
        require(dd_pg_hand_describe(a, b, &hand) == status);
    }
    status = dd_pg_compare(a, b, c, d, &result);
    if (status == DD_OK) {
        int other = 9, first = 0, second = 0;
        require(dd_pg_compare(c, d, a, b, &other) == DD_OK && other == -result);
        dd_pg_hand_value(a, b, &first);
        dd_pg_hand_value(c, d, &second);
        require(result == (first > second) - (first < second));
    }
    require(dd_pg_tile_info(0, NULL) == DD_E_NULL && dd_pg_hand_value(0, 1, NULL) == DD_E_NULL);
    require(dd_pg_hand_describe(0, 1, NULL) == DD_E_NULL && dd_pg_compare(0, 1, 2, 3, NULL) == DD_E_NULL);
}

static void fuzz_settings(fuzz_input *in)
{
    uint8_t tiles[4];
    dd_pg_setting settings[3], players[8], banks[8];
    uint8_t outcomes[8];
    size_t n = take_u8(in) % 9, bad = 99, i;
    int k, outcome = -1, status;
    for (k = 0; k < 4; k++)
        tiles[k] = take_tile(in);
    if (dd_pg_settings(tiles, settings) == DD_OK)
        for (k = 0; k < 3; k++)
            require(dd_pg_setting_check(&settings[k]) == DD_OK);
    if (dd_pg_settings(tiles, settings) == DD_OK) {
        /* Equal ranking is reflexive, symmetric, and agrees with the two hands' values. */
        int i_a = take_u8(in) % 3, i_b = take_u8(in) % 3, same = -1, back = -1, a_high, b_high, a_low, b_low;
        dd_pg_setting other = settings[i_b];
        if (take_u8(in) & 1) { /* the same setting with its hands' tiles written the other way round */
            uint8_t t = other.high[0];
            other.high[0] = other.high[1];
            other.high[1] = t;
        }
        require(dd_pg_settings_equivalent(&settings[i_a], &other, &same) == DD_OK);
        require(dd_pg_settings_equivalent(&other, &settings[i_a], &back) == DD_OK && back == same);
        dd_pg_hand_value(settings[i_a].high[0], settings[i_a].high[1], &a_high);
        dd_pg_hand_value(other.high[0], other.high[1], &b_high);
        dd_pg_hand_value(settings[i_a].low[0], settings[i_a].low[1], &a_low);
        dd_pg_hand_value(other.low[0], other.low[1], &b_low);
        require(same == (a_high == b_high && a_low == b_low));
        require(i_a != i_b || same == 1);
    }
    take_bytes(in, &settings[0], sizeof settings[0]);
    status = dd_pg_setting_check(&settings[0]);
    {
        dd_pg_setting other;
        int same = -1, again;
        take_bytes(in, &other, sizeof other);
        again = dd_pg_settings_equivalent(&settings[0], &other, &same);
        require(again == DD_OK ? same == 0 || same == 1 : same == -1);
        require(again != DD_OK || status == DD_OK);
    }
    for (i = 0; i < n; i++) {
        for (k = 0; k < 2; k++) {
            players[i].high[k] = take_tile(in);
            players[i].low[k] = take_tile(in);
            banks[i].high[k] = take_tile(in);
            banks[i].low[k] = take_tile(in);
        }
    }
    status = dd_pg_match_many(players, banks, n, outcomes, &bad);
    for (i = 0; i < n; i++) {
        int single = dd_pg_match(&players[i], &banks[i], &outcome);
        if (status != DD_OK && i == bad) {
            require(single == status);
            break;
        }
        require(single == DD_OK && outcome == outcomes[i] && outcome <= DD_WIN);
    }
    if (status == DD_OK)
        require(bad == n);
    require(dd_pg_settings(NULL, settings) == DD_E_NULL && dd_pg_settings(tiles, NULL) == DD_E_NULL);
    require(dd_pg_setting_check(NULL) == DD_E_NULL && dd_pg_match(NULL, banks, &outcome) == DD_E_NULL);
    require(dd_pg_match(players, banks, NULL) == DD_E_NULL);
    if (n)
        require(dd_pg_match_many(NULL, banks, n, outcomes, &bad) == DD_E_NULL);
}

static void fuzz_deal(fuzz_input *in)
{
    dd_rng rng;
    dd_pg_deal deal;
    int count_from = take_int_in(in, 1, 8), status, box, k, seen[32] = {0};
    dd_rng_seed(&rng, take_u64(in));
    if (take_u8(in) < 64)
        rng.used = take_u32(in);
    status = dd_pg_deal_tiles(&rng, count_from, &deal);
    if (status != DD_OK) {
        require(status == DD_E_RANGE || status == DD_E_STATE);
        return;
    }
    require(deal.first_box >= 1 && deal.first_box <= 8);
    for (box = 0; box < 8; box++)
        for (k = 0; k < 4; k++) {
            require(deal.hands[box][k] < 32 && !seen[deal.hands[box][k]]);
            seen[deal.hands[box][k]] = 1;
        }
    for (k = 0; k < 3; k++)
        require(deal.dice[k] >= 1 && deal.dice[k] <= 6);
    require(dd_pg_deal_tiles(NULL, 1, &deal) == DD_E_NULL && dd_pg_deal_tiles(&rng, 1, NULL) == DD_E_NULL);
}

static void take_rules(fuzz_input *in, dd_pg_settle_rules *rules)
{
    dd_pg_settle_defaults(rules);
    if (take_u8(in) < 16) {
        take_bytes(in, rules, sizeof *rules); /* any bytes at all */
        return;
    }
    rules->banking = take_int_in(in, 0, 1);
    rules->co_banker_wager = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u32(in);
    rules->commission_bp = take_int_in(in, 0, DD_COMMISSION_MAX_BP);
    rules->rounding_unit = take_u8(in) < 32 ? take_i64(in) : (int64_t)(take_u16(in) + 1);
    rules->rounding = take_int_in(in, 0, 2);
}

static void fuzz_settle(fuzz_input *in)
{
    dd_pg_wager wagers[40];
    dd_pg_wager_result results[40];
    dd_pg_settlement summary;
    dd_pg_settle_rules rules;
    int64_t commission = -1, amount;
    size_t n = take_u8(in), i;
    int status;
    take_rules(in, &rules);
    amount = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u32(in);
    if (dd_pg_commission(amount, &rules, &commission) == DD_OK)
        require(commission >= 0 && commission <= amount);
    if (n > 40) {
        /* Past the documented limit the count is refused before any wager is read. */
        if (n > 200) {
            size_t huge = DD_PG_MAX_WAGERS + 1 + (size_t)take_u32(in);
            require(dd_pg_settle(wagers, huge, &rules, results, &summary) == DD_E_RANGE);
        }
        n %= 41;
    }
    for (i = 0; i < n; i++) {
        wagers[i].amount = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u32(in);
        wagers[i].outcome = take_int_in(in, 0, 2);
    }
    status = dd_pg_settle(wagers, n, &rules, results, &summary);
    if (status == DD_OK) {
        int64_t net = 0;
        for (i = 0; i < n; i++) {
            require(results[i].commission >= 0 && results[i].paid >= 0);
            net += results[i].net;
        }
        if (rules.banking == DD_PG_HOUSE_BANKS)
            require(summary.house_net == -net);
    } else if (status == DD_E_BANK_SHORT) {
        require(summary.shortfall > 0);
    }
    require(dd_pg_settle(wagers, n, NULL, results, &summary) == DD_E_NULL);
    require(dd_pg_settle(wagers, n, &rules, results, NULL) == DD_E_NULL);
    require(dd_pg_commission(1, &rules, NULL) == DD_E_NULL && dd_pg_settle_defaults(NULL) == DD_E_NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    int ops = 0;
    while (remaining(&in) && ops++ < 16) {
        switch (take_u8(&in) % 4) {
        case 0: fuzz_hands(&in); break;
        case 1: fuzz_settings(&in); break;
        case 2: fuzz_deal(&in); break;
        default: fuzz_settle(&in); break;
        }
    }
    return 0;
}
