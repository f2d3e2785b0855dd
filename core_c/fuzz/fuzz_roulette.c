/* Fuzz harness: roulette classification, layout and covering queries, spins (also from a corrupted
 * generator) and the settlement family (check, settle, settle_total, prepare, settle_prepared), with the
 * batch results cross-checked against each other. */
#include "dd_roulette.h"
#include "fuzz_input.h"

#define MAX_BETS 40

static uint64_t layout_masks[DD_ROULETTE_MAX_WAGERS];
static int32_t layout_kinds[DD_ROULETTE_MAX_WAGERS];
static size_t layout_count;

/* Mostly a real wager of the layout (perhaps with one bit flipped), sometimes any 64 bits. */
static uint64_t take_mask(fuzz_input *in)
{
    uint8_t selector = take_u8(in);
    uint64_t mask;
    if (selector < 32)
        return take_u64(in);
    mask = layout_masks[take_u8(in) % layout_count];
    if (selector < 64)
        mask ^= (uint64_t)1 << (take_u8(in) % 64);
    return mask;
}

static uint32_t take_flags(fuzz_input *in)
{
    uint8_t selector = take_u8(in);
    return selector < 8 ? take_u32(in) : (uint32_t)(selector & DD_ROULETTE_FIRST_FOUR);
}

static int64_t take_amount(fuzz_input *in)
{
    uint8_t selector = take_u8(in);
    if (selector < 48)
        return take_i64(in);
    return (int64_t)take_u16(in);
}

static size_t take_batch(fuzz_input *in)
{
    /* Real counts fit the arrays; a count past the documented limit must be refused before any read. */
    uint8_t selector = take_u8(in);
    if (selector == 255)
        return (size_t)DD_ROULETTE_MAX_BATCH + 1 + (size_t)take_u32(in);
    return selector % (MAX_BETS + 1);
}

static void fuzz_settlement(fuzz_input *in, uint32_t flags)
{
    uint64_t masks[MAX_BETS];
    int64_t amounts[MAX_BETS], winnings[MAX_BETS], if_won[MAX_BETS], prepared[MAX_BETS];
    int64_t total = -1, prepared_total = -1, by_kind[DD_ROULETTE_KIND_COUNT];
    size_t n = take_batch(in), real = n <= MAX_BETS ? n : 0, i, bad = 0, winners = 0, prepared_winners = 0;
    int number = take_int_in(in, 0, 36), status, total_status, prepare_status;
    for (i = 0; i < real; i++) {
        masks[i] = take_mask(in);
        amounts[i] = take_amount(in);
    }
    status = dd_roulette_check(masks, amounts, n, flags, &bad);
    require(status == DD_OK ? bad == n : bad <= n);
    if (n > MAX_BETS) {
        require(status == DD_E_RANGE || status == DD_E_NULL);
        require(dd_roulette_settle(masks, amounts, n, number, flags, winnings, &bad) != DD_OK);
        require(dd_roulette_settle_total(masks, amounts, n, number, flags, &total, NULL, NULL, &bad) != DD_OK);
        require(dd_roulette_prepare(masks, amounts, n, flags, if_won, &bad) != DD_OK);
        return;
    }
    status = dd_roulette_settle(masks, amounts, n, number, flags, winnings, &bad);
    total_status = dd_roulette_settle_total(masks, amounts, n, number, flags, &total, by_kind, &winners, &bad);
    prepare_status = dd_roulette_prepare(masks, amounts, n, flags, if_won, &bad);
    if (status != DD_OK) {
        /* prepare takes no number, so only the batch's own faults must agree with it */
        require(total_status == status);
        require(status == DD_E_BAD_NUMBER || prepare_status == status);
        return;
    }
    require(prepare_status == DD_OK);
    {
        /* Winnings are amount * odds for a covering wager, else 0; the total is their sum. */
        int64_t sum = 0;
        int overflow = 0;
        size_t won = 0;
        for (i = 0; i < n; i++) {
            int kind = -1;
            int32_t odds = 0;
            require(dd_roulette_classify(masks[i], flags, &kind) == DD_OK);
            require(dd_roulette_kind_info(kind, &odds, NULL, NULL) == DD_OK);
            require(if_won[i] == amounts[i] * odds);
            require(winnings[i] == ((masks[i] >> number & 1) ? amounts[i] * odds : 0));
            if (masks[i] >> number & 1) /* a winning wager of amount 0 still counts as a winner */
                won++;
            if (winnings[i] > INT64_MAX - sum)
                overflow = 1;
            else
                sum += winnings[i];
        }
        require(overflow ? total_status == DD_E_OVERFLOW : (total_status == DD_OK && total == sum));
        if (!overflow)
            require(winners == won);
    }
    status = dd_roulette_settle_prepared(masks, if_won, n, take_int_in(in, 0, 36), prepared, &prepared_total,
                                         &prepared_winners);
    require(status == DD_OK || status == DD_E_OVERFLOW || status == DD_E_BAD_NUMBER);
    /* Prepared amounts straight from the input: negative ones must be refused. */
    for (i = 0; i < n; i++)
        if_won[i] = take_amount(in);
    status = dd_roulette_settle_prepared(masks, if_won, n, take_int_in(in, 0, 36), prepared, &prepared_total,
                                         &prepared_winners);
    require(status == DD_OK || status == DD_E_OVERFLOW || status == DD_E_BAD_NUMBER ||
            status == DD_E_BAD_AMOUNT);
    /* Every output of settle_prepared is optional. */
    status = dd_roulette_settle_prepared(masks, if_won, n, 5, NULL, NULL, NULL);
    require(status == DD_OK || status == DD_E_BAD_AMOUNT);
    if (n)
        require(dd_roulette_settle_prepared(NULL, if_won, n, 5, NULL, NULL, NULL) == DD_E_NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    uint32_t flags;
    int ops = 0;

    if (layout_count == 0)
        require(dd_roulette_layout(DD_ROULETTE_FIRST_FOUR, layout_masks, layout_kinds, DD_ROULETTE_MAX_WAGERS,
                                   &layout_count) == DD_OK && layout_count == DD_ROULETTE_MAX_WAGERS);

    while (remaining(&in) && ops++ < 32) {
        uint8_t op = take_u8(&in) % 11;
        flags = take_flags(&in);
        switch (op) {
        case 0: {
            int kind = -1, status = dd_roulette_classify(take_mask(&in), flags, &kind);
            require(status == DD_OK ? kind >= 0 && kind < DD_ROULETTE_KIND_COUNT : kind == -1);
            break;
        }
        case 1: {
            uint64_t masks[MAX_BETS];
            int32_t kinds[MAX_BETS];
            size_t n = take_batch(&in), i;
            int status;
            if (n > MAX_BETS) {
                require(dd_roulette_classify_many(masks, n, flags, kinds) == DD_E_RANGE);
                break;
            }
            for (i = 0; i < n; i++)
                masks[i] = take_mask(&in);
            status = dd_roulette_classify_many(masks, n, flags, kinds);
            if (status == DD_OK)
                for (i = 0; i < n; i++) {
                    int kind = -1, one = dd_roulette_classify(masks[i], flags, &kind);
                    require(one == DD_OK ? kinds[i] == kind : kinds[i] == -one);
                }
            break;
        }
        case 2: {
            int32_t odds = 0, covers = 0;
            int outside = 0;
            uint64_t mask = 0;
            int kind = take_int_in(&in, -1, DD_ROULETTE_KIND_COUNT);
            if (dd_roulette_kind_info(kind, &odds, &covers, &outside) == DD_OK)
                require(odds >= 1 && odds <= 35 && covers >= 1 && covers <= 18);
            if (dd_roulette_outside_mask(kind, take_int_in(&in, -1, 4), &mask) == DD_OK)
                require(mask != 0 && (mask >> 37) == 0);
            require(dd_roulette_kind_info(kind, NULL, NULL, NULL) == DD_OK || kind < 0 ||
                    kind >= DD_ROULETTE_KIND_COUNT);
            require(dd_roulette_outside_mask(kind, 1, NULL) == DD_E_NULL);
            break;
        }
        case 3: {
            uint64_t masks[DD_ROULETTE_MAX_WAGERS];
            int32_t kinds[DD_ROULETTE_MAX_WAGERS];
            size_t capacity = take_count(&in, DD_ROULETTE_MAX_WAGERS), count = 0;
            uint8_t which = take_u8(&in);
            /* A claimed capacity larger than the arrays is only safe when the layout fits anyway. */
            size_t claim = capacity > DD_ROULETTE_MAX_WAGERS ? DD_ROULETTE_MAX_WAGERS : capacity;
            int status = dd_roulette_layout(flags, (which & 1) ? masks : NULL, (which & 2) ? kinds : NULL, claim,
                                            &count);
            if (status == DD_OK)
                require(count == DD_ROULETTE_MAX_WAGERS - 1 + (flags & 1));
            status = dd_roulette_covering(take_int_in(&in, 0, 36), flags, which & 4, (which & 8) ? masks : NULL,
                                          (which & 16) ? kinds : NULL, claim, &count);
            if (status == DD_OK)
                require(count >= 1 && count <= DD_ROULETTE_MAX_COVERING + 6);
            require(dd_roulette_layout(flags, masks, kinds, claim, NULL) == DD_E_NULL);
            break;
        }
        case 4: {
            uint8_t wheel[40];
            int colour = -1, number = take_int_in(&in, 0, 36);
            size_t capacity = take_u8(&in) % 41;
            int status = dd_roulette_wheel_order(wheel, capacity);
            require((status == DD_OK) == (capacity >= 37));
            status = dd_roulette_colour_of(number, &colour);
            require(status == DD_OK ? colour >= 0 && colour <= 2 : colour == -1);
            require(dd_roulette_wheel_order(NULL, 37) == DD_E_NULL);
            break;
        }
        case 5: {
            /* Spins from a generator whose buffer position may be corrupted. */
            dd_rng rng;
            uint8_t spins[256];
            size_t n = take_batch(&in);
            int number = -1, status;
            dd_rng_seed(&rng, take_u64(&in));
            if (take_u8(&in) < 64)
                rng.used = take_u32(&in);
            status = dd_roulette_spin(&rng, &number);
            require(status == DD_OK ? number >= 0 && number <= 36 : status == DD_E_STATE);
            if (n <= MAX_BETS) {
                size_t i;
                status = dd_roulette_spin_many(&rng, spins, n);
                if (status == DD_OK)
                    for (i = 0; i < n; i++)
                        require(spins[i] <= 36);
                else
                    require(status == DD_E_STATE);
            } else {
                require(dd_roulette_spin_many(&rng, spins, n) != DD_OK);
            }
            require(dd_roulette_spin(NULL, &number) == DD_E_NULL && dd_roulette_spin(&rng, NULL) == DD_E_NULL);
            break;
        }
        case 6: {
            /* The paying order: a batch is in order exactly when its steps never go down. */
            uint64_t masks[MAX_BETS];
            size_t n = take_batch(&in), i, first_wrong = 99, bad = 99;
            int in_order = -1, status, kind_asked;
            int reading = take_int_in(&in, -1, 2);   /* the house's reading; -1 and 2 are none */
            int32_t step = -1, highest = 0, default_step = -1;
            kind_asked = take_int_in(&in, -1, DD_ROULETTE_KIND_COUNT);
            status = dd_roulette_pay_step_under(reading, kind_asked, &step);
            require(status == DD_OK ? step >= 0 && step < DD_ROULETTE_PAY_STEPS : status == DD_E_RANGE);
            if (status == DD_OK) {
                /* The readings differ only in where streets and corners go. */
                require(dd_roulette_pay_step(kind_asked, &default_step) == DD_OK);
                require(step == default_step || kind_asked == DD_ROULETTE_STREET || kind_asked == DD_ROULETTE_CORNER);
            }
            if (n > MAX_BETS) {
                require(dd_roulette_check_pay_order_under(reading, masks, n, flags, &in_order, &first_wrong, &bad)
                        != DD_OK);
                break;
            }
            for (i = 0; i < n; i++)
                masks[i] = (take_u8(&in) & 3) ? layout_masks[take_u8(&in) % DD_ROULETTE_MAX_WAGERS] : take_mask(&in);
            status = dd_roulette_check_pay_order_under(reading, masks, n, flags, &in_order, &first_wrong, &bad);
            if (status != DD_OK) {
                require(in_order == -1 && bad <= n);
                break;
            }
            for (i = 0; i < n; i++) {
                int kind = -1;
                require(dd_roulette_classify(masks[i], flags, &kind) == DD_OK);
                require(dd_roulette_pay_step_under(reading, kind, &step) == DD_OK);
                if (step < highest)
                    break;
                highest = step;
            }
            require(first_wrong == i && in_order == (i == n));
            require(dd_roulette_check_pay_order_under(reading, masks, n, flags, NULL, &first_wrong, &bad) == DD_E_NULL);
            break;
        }
        default:
            fuzz_settlement(&in, flags);
            break;
        }
    }
    return 0;
}
