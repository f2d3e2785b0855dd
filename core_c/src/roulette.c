/* Single-zero roulette: which number sets are wagers, what they pay, and batch settlement.
 *
 * Layout (docs/rules/roulette.md): 12 rows of three, row r holding 3r-2, 3r-1, 3r; 0 sits at the head,
 * next to 1, 2 and 3. Classification is done from that geometry on the mask itself (no tables to build,
 * so every function is pure and safe to call from several threads at once).
 */
#include "dd_roulette.h"

#include <string.h>

#define BIT(n) ((uint64_t)1 << (n))
#define ALL_POCKETS (BIT(37) - 1)                 /* 0-36 */
#define ONE_TO_36 (ALL_POCKETS & ~BIT(0))

/* Outside wagers (rule 5.1), written out from the layout so they are compile-time constants. */
#define COLUMN_1 (BIT(1) | BIT(4) | BIT(7) | BIT(10) | BIT(13) | BIT(16) | BIT(19) | BIT(22) | BIT(25) | \
                  BIT(28) | BIT(31) | BIT(34))
#define COLUMN_2 (COLUMN_1 << 1)
#define COLUMN_3 (COLUMN_1 << 2)
#define DOZEN_1 ((uint64_t)0xFFF << 1)
#define DOZEN_2 ((uint64_t)0xFFF << 13)
#define DOZEN_3 ((uint64_t)0xFFF << 25)
#define LOW_1_18 ((uint64_t)0x3FFFF << 1)
#define HIGH_19_36 ((uint64_t)0x3FFFF << 19)
#define EVENS (BIT(2) | BIT(4) | BIT(6) | BIT(8) | BIT(10) | BIT(12) | BIT(14) | BIT(16) | BIT(18) | \
               BIT(20) | BIT(22) | BIT(24) | BIT(26) | BIT(28) | BIT(30) | BIT(32) | BIT(34) | BIT(36))
#define ODDS (ONE_TO_36 & ~EVENS)
#define REDS (BIT(1) | BIT(3) | BIT(5) | BIT(7) | BIT(9) | BIT(12) | BIT(14) | BIT(16) | BIT(18) | BIT(19) | \
              BIT(21) | BIT(23) | BIT(25) | BIT(27) | BIT(30) | BIT(32) | BIT(34) | BIT(36))
#define BLACKS (ONE_TO_36 & ~REDS)

#define FIRST_FOUR_MASK (BIT(0) | BIT(1) | BIT(2) | BIT(3))

static const int32_t KIND_ODDS[DD_ROULETTE_KIND_COUNT] = {35, 17, 11, 8, 5, 2, 2, 1, 1, 1, 1, 1, 1};
static const int32_t KIND_COVERS[DD_ROULETTE_KIND_COUNT] = {1, 2, 3, 4, 6, 12, 12, 18, 18, 18, 18, 18, 18};

/* European wheel, clockwise from 0 (docs/rules/roulette.md, "Wheel and layout"). */
static const uint8_t WHEEL_ORDER[DD_ROULETTE_POCKETS] = {
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
};

static int popcount64(uint64_t x)
{
    /* Portable SWAR count (MSVC and GCC alike); only used on masks of at most 37 bits. */
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static int lowest_number(uint64_t nonzero_mask)
{
    return popcount64((nonzero_mask & (~nonzero_mask + 1)) - 1);
}

static int valid_flags(uint32_t flags)
{
    return (flags & ~(uint32_t)DD_ROULETTE_FIRST_FOUR) == 0;
}

static int is_split(uint64_t m, int low)
{
    if (low == 0)
        return m == (BIT(0) | BIT(1)) || m == (BIT(0) | BIT(2)) || m == (BIT(0) | BIT(3));
    /* side by side in one row (not across the end of a row), or one above the other */
    if (low % 3 != 0 && m == (BIT(low) | BIT(low + 1)))
        return 1;
    return m == (BIT(low) | BIT(low + 3));
}

static int is_street(uint64_t m, int low)
{
    if (low == 0)
        return m == (BIT(0) | BIT(1) | BIT(2)) || m == (BIT(0) | BIT(2) | BIT(3));
    return low % 3 == 1 && m == ((uint64_t)7 << low);
}

static int is_square_corner(uint64_t m, int low)
{
    return low > 0 && low % 3 != 0 && m == (BIT(low) | BIT(low + 1) | BIT(low + 3) | BIT(low + 4));
}

/* The classification itself; flags already checked. */
static int classify_mask(uint64_t m, uint32_t flags, int *kind)
{
    int low;
    if (m & ~ALL_POCKETS)
        return DD_E_BAD_NUMBER;
    if (m == 0)
        return DD_E_NOT_A_WAGER;
    low = lowest_number(m);
    switch (popcount64(m)) {
    case 1:
        *kind = DD_ROULETTE_STRAIGHT;
        return DD_OK;
    case 2:
        *kind = DD_ROULETTE_SPLIT;
        return is_split(m, low) ? DD_OK : DD_E_NOT_A_WAGER;
    case 3:
        *kind = DD_ROULETTE_STREET;
        return is_street(m, low) ? DD_OK : DD_E_NOT_A_WAGER;
    case 4:
        *kind = DD_ROULETTE_CORNER;
        if (m == FIRST_FOUR_MASK)
            return (flags & DD_ROULETTE_FIRST_FOUR) ? DD_OK : DD_E_NOT_OFFERED;
        return is_square_corner(m, low) ? DD_OK : DD_E_NOT_A_WAGER;
    case 6:
        *kind = DD_ROULETTE_SIX_LINE;
        /* low + 5 <= 36 is implied: a mask reaching past 36 was refused above */
        return (low % 3 == 1 && m == ((uint64_t)63 << low)) ? DD_OK : DD_E_NOT_A_WAGER;
    case 12:
        if (m == COLUMN_1 || m == COLUMN_2 || m == COLUMN_3) {
            *kind = DD_ROULETTE_COLUMN;
            return DD_OK;
        }
        if (m == DOZEN_1 || m == DOZEN_2 || m == DOZEN_3) {
            *kind = DD_ROULETTE_DOZEN;
            return DD_OK;
        }
        return DD_E_NOT_A_WAGER;
    case 18:
        if (m == LOW_1_18) *kind = DD_ROULETTE_LOW;
        else if (m == HIGH_19_36) *kind = DD_ROULETTE_HIGH;
        else if (m == EVENS) *kind = DD_ROULETTE_EVEN;
        else if (m == ODDS) *kind = DD_ROULETTE_ODD;
        else if (m == REDS) *kind = DD_ROULETTE_RED;
        else if (m == BLACKS) *kind = DD_ROULETTE_BLACK;
        else return DD_E_NOT_A_WAGER;
        return DD_OK;
    default:
        return DD_E_NOT_A_WAGER;
    }
}

int dd_roulette_classify(uint64_t mask, uint32_t flags, int *kind_out)
{
    int kind = 0, status;
    if (!kind_out)
        return DD_E_NULL;
    if (!valid_flags(flags))
        return DD_E_RANGE;
    status = classify_mask(mask, flags, &kind);
    if (status == DD_OK)
        *kind_out = kind;
    return status;
}

int dd_roulette_classify_many(const uint64_t *masks, size_t n, uint32_t flags, int32_t *kinds_out)
{
    size_t i;
    if (n && (!masks || !kinds_out))
        return DD_E_NULL;
    if (!valid_flags(flags) || n > DD_ROULETTE_MAX_BATCH)
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        int kind = 0, status = classify_mask(masks[i], flags, &kind);
        kinds_out[i] = status == DD_OK ? kind : -status;
    }
    return DD_OK;
}

int dd_roulette_kind_info(int kind, int32_t *odds_out, int32_t *covers_out, int *outside_out)
{
    if (kind < 0 || kind >= DD_ROULETTE_KIND_COUNT)
        return DD_E_RANGE;
    if (odds_out)
        *odds_out = KIND_ODDS[kind];
    if (covers_out)
        *covers_out = KIND_COVERS[kind];
    if (outside_out)
        *outside_out = kind >= DD_ROULETTE_COLUMN;
    return DD_OK;
}

/* Outside wagers first (step 0), then each inside kind after every inside kind paying lower odds; under the
 * streets-first reading a street comes before a corner, though it pays more (dd_roulette.h). */
static int32_t pay_step_of(int kind, int reading)
{
    int other;
    int32_t step = 1;
    if (kind >= DD_ROULETTE_COLUMN)
        return 0;
    if (reading == DD_ROULETTE_PAY_STREETS_FIRST && (kind == DD_ROULETTE_STREET || kind == DD_ROULETTE_CORNER))
        return kind == DD_ROULETTE_STREET ? 2 : 3;   /* after the six lines (step 1), before the splits (4) */
    for (other = 0; other < DD_ROULETTE_COLUMN; other++)
        step += KIND_ODDS[other] < KIND_ODDS[kind];
    return step;
}

static int valid_pay_reading(int reading)
{
    return reading == DD_ROULETTE_PAY_BY_ODDS || reading == DD_ROULETTE_PAY_STREETS_FIRST;
}

int dd_roulette_pay_step_under(int reading, int kind, int32_t *step_out)
{
    if (step_out == NULL)
        return DD_E_NULL;
    if (!valid_pay_reading(reading) || kind < 0 || kind >= DD_ROULETTE_KIND_COUNT)
        return DD_E_RANGE;
    *step_out = pay_step_of(kind, reading);
    return DD_OK;
}

int dd_roulette_pay_step(int kind, int32_t *step_out)
{
    return dd_roulette_pay_step_under(DD_ROULETTE_PAY_BY_ODDS, kind, step_out);
}

int dd_roulette_check_pay_order_under(int reading, const uint64_t *masks, size_t n, uint32_t flags,
                                      int *in_order_out, size_t *first_wrong_out, size_t *bad_index_out)
{
    size_t i, first_wrong;
    int32_t highest = 0;
    if (bad_index_out)
        *bad_index_out = n;
    if (in_order_out == NULL || first_wrong_out == NULL || (masks == NULL && n))
        return DD_E_NULL;
    if (!valid_pay_reading(reading) || !valid_flags(flags) || n > DD_ROULETTE_MAX_BATCH)
        return DD_E_RANGE;
    first_wrong = n;
    for (i = 0; i < n; i++) {
        int kind = 0, status = classify_mask(masks[i], flags, &kind);
        int32_t step;
        if (status != DD_OK) {
            if (bad_index_out)
                *bad_index_out = i;
            return status;
        }
        step = pay_step_of(kind, reading);
        if (step < highest && first_wrong == n)
            first_wrong = i;
        if (step > highest)
            highest = step;
    }
    *in_order_out = first_wrong == n;
    *first_wrong_out = first_wrong;
    return DD_OK;
}

int dd_roulette_check_pay_order(const uint64_t *masks, size_t n, uint32_t flags, int *in_order_out,
                                size_t *first_wrong_out, size_t *bad_index_out)
{
    return dd_roulette_check_pay_order_under(DD_ROULETTE_PAY_BY_ODDS, masks, n, flags, in_order_out,
                                             first_wrong_out, bad_index_out);
}

int dd_roulette_outside_mask(int kind, int which, uint64_t *mask_out)
{
    /* One table indexed by kind rather than `(column ? columns : dozens)[i]`: gcc's UBSan object-size
     * check misjudges the size behind that conditional and reports a valid read. */
    static const uint64_t groups[2][3] = {{COLUMN_1, COLUMN_2, COLUMN_3}, {DOZEN_1, DOZEN_2, DOZEN_3}};
    uint64_t mask;
    if (!mask_out)
        return DD_E_NULL;
    if (kind == DD_ROULETTE_COLUMN || kind == DD_ROULETTE_DOZEN) {
        if (which < 1 || which > 3)
            return DD_E_RANGE;
        mask = groups[kind == DD_ROULETTE_DOZEN][which - 1];
    } else {
        if (which != 0)
            return DD_E_RANGE;
        switch (kind) {
        case DD_ROULETTE_LOW: mask = LOW_1_18; break;
        case DD_ROULETTE_HIGH: mask = HIGH_19_36; break;
        case DD_ROULETTE_EVEN: mask = EVENS; break;
        case DD_ROULETTE_ODD: mask = ODDS; break;
        case DD_ROULETTE_RED: mask = REDS; break;
        case DD_ROULETTE_BLACK: mask = BLACKS; break;
        default: return DD_E_RANGE; /* inside kinds have many masks, not one */
        }
    }
    *mask_out = mask;
    return DD_OK;
}

/* Fill the full layout (at most DD_ROULETTE_MAX_WAGERS entries) in the documented order. */
static size_t build_layout(uint32_t flags, uint64_t *masks, int32_t *kinds)
{
    size_t count = 0;
    int n, row;
#define ADD(mask_value, kind_value) (masks[count] = (mask_value), kinds[count] = (kind_value), count++)
    for (n = 0; n <= 36; n++)
        ADD(BIT(n), DD_ROULETTE_STRAIGHT);
    for (n = 1; n <= 3; n++)
        ADD(BIT(0) | BIT(n), DD_ROULETTE_SPLIT);
    for (n = 1; n <= 36; n++) {
        if (n % 3 != 0)
            ADD(BIT(n) | BIT(n + 1), DD_ROULETTE_SPLIT);
        if (n <= 33)
            ADD(BIT(n) | BIT(n + 3), DD_ROULETTE_SPLIT);
    }
    ADD(BIT(0) | BIT(1) | BIT(2), DD_ROULETTE_STREET);
    ADD(BIT(0) | BIT(2) | BIT(3), DD_ROULETTE_STREET);
    for (row = 1; row <= 12; row++)
        ADD((uint64_t)7 << (3 * row - 2), DD_ROULETTE_STREET);
    if (flags & DD_ROULETTE_FIRST_FOUR)
        ADD(FIRST_FOUR_MASK, DD_ROULETTE_CORNER);
    for (n = 1; n <= 32; n++)
        if (n % 3 != 0)
            ADD(BIT(n) | BIT(n + 1) | BIT(n + 3) | BIT(n + 4), DD_ROULETTE_CORNER);
    for (row = 1; row <= 11; row++)
        ADD((uint64_t)63 << (3 * row - 2), DD_ROULETTE_SIX_LINE);
    ADD(COLUMN_1, DD_ROULETTE_COLUMN);
    ADD(COLUMN_2, DD_ROULETTE_COLUMN);
    ADD(COLUMN_3, DD_ROULETTE_COLUMN);
    ADD(DOZEN_1, DD_ROULETTE_DOZEN);
    ADD(DOZEN_2, DD_ROULETTE_DOZEN);
    ADD(DOZEN_3, DD_ROULETTE_DOZEN);
    ADD(LOW_1_18, DD_ROULETTE_LOW);
    ADD(HIGH_19_36, DD_ROULETTE_HIGH);
    ADD(EVENS, DD_ROULETTE_EVEN);
    ADD(ODDS, DD_ROULETTE_ODD);
    ADD(REDS, DD_ROULETTE_RED);
    ADD(BLACKS, DD_ROULETTE_BLACK);
#undef ADD
    return count;
}

/* Copy `count` results out under the shared capacity contract (outputs may be NULL to ask the count). */
static int emit(const uint64_t *masks, const int32_t *kinds, size_t count, uint64_t *masks_out,
                int32_t *kinds_out, size_t capacity, size_t *count_out)
{
    if (!count_out)
        return DD_E_NULL;
    if ((masks_out || kinds_out) && capacity < count)
        return DD_E_RANGE;
    if (masks_out)
        memcpy(masks_out, masks, count * sizeof *masks);
    if (kinds_out)
        memcpy(kinds_out, kinds, count * sizeof *kinds);
    *count_out = count;
    return DD_OK;
}

int dd_roulette_layout(uint32_t flags, uint64_t *masks_out, int32_t *kinds_out, size_t capacity,
                       size_t *count_out)
{
    uint64_t masks[DD_ROULETTE_MAX_WAGERS];
    int32_t kinds[DD_ROULETTE_MAX_WAGERS];
    size_t count;
    if (!count_out)
        return DD_E_NULL;
    if (!valid_flags(flags))
        return DD_E_RANGE;
    count = build_layout(flags, masks, kinds);
    return emit(masks, kinds, count, masks_out, kinds_out, capacity, count_out);
}

int dd_roulette_covering(int number, uint32_t flags, int inside_only, uint64_t *masks_out,
                         int32_t *kinds_out, size_t capacity, size_t *count_out)
{
    uint64_t masks[DD_ROULETTE_MAX_WAGERS];
    int32_t kinds[DD_ROULETTE_MAX_WAGERS];
    size_t all, i, kept = 0;
    if (!count_out)
        return DD_E_NULL;
    if (!valid_flags(flags))
        return DD_E_RANGE;
    if (number < 0 || number > 36)
        return DD_E_BAD_NUMBER;
    all = build_layout(flags, masks, kinds);
    for (i = 0; i < all; i++) {
        if (!(masks[i] & BIT(number)))
            continue;
        if (inside_only && kinds[i] >= DD_ROULETTE_COLUMN)
            continue;
        masks[kept] = masks[i];
        kinds[kept] = kinds[i];
        kept++;
    }
    return emit(masks, kinds, kept, masks_out, kinds_out, capacity, count_out);
}

int dd_roulette_wheel_order(uint8_t *out, size_t capacity)
{
    if (!out)
        return DD_E_NULL;
    if (capacity < DD_ROULETTE_POCKETS)
        return DD_E_RANGE;
    memcpy(out, WHEEL_ORDER, sizeof WHEEL_ORDER);
    return DD_OK;
}

int dd_roulette_colour_of(int number, int *colour_out)
{
    if (!colour_out)
        return DD_E_NULL;
    if (number < 0 || number > 36)
        return DD_E_BAD_NUMBER;
    if (number == 0)
        *colour_out = DD_ROULETTE_GREEN;
    else
        *colour_out = (REDS & BIT(number)) ? DD_ROULETTE_RED_POCKET : DD_ROULETTE_BLACK_POCKET;
    return DD_OK;
}

int dd_roulette_spin(dd_rng *rng, int *number_out)
{
    if (!rng || !number_out)
        return DD_E_NULL;
    *number_out = (int)dd_rng_below_unchecked(rng, DD_ROULETTE_POCKETS);
    return DD_OK;
}

int dd_roulette_spin_many(dd_rng *rng, uint8_t *out, size_t n)
{
    size_t i;
    if (!rng || (n && !out))
        return DD_E_NULL;
    if (n > DD_ROULETTE_MAX_BATCH)
        return DD_E_RANGE;
    for (i = 0; i < n; i++)
        out[i] = (uint8_t)dd_rng_below_unchecked(rng, DD_ROULETTE_POCKETS);
    return DD_OK;
}

/* Validate a whole batch; on failure *bad is the offending index (n for faults not tied to one wager). */
static int check_batch(const uint64_t *masks, const int64_t *amounts, size_t n, uint32_t flags,
                       size_t *bad)
{
    size_t i;
    *bad = n;
    if (n && (!masks || !amounts))
        return DD_E_NULL;
    if (!valid_flags(flags) || n > DD_ROULETTE_MAX_BATCH)
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        int kind = 0, status = classify_mask(masks[i], flags, &kind);
        if (status == DD_OK && amounts[i] < 0)
            status = DD_E_BAD_AMOUNT;
        /* refuse any stake whose winnings could not be represented, whatever number comes up */
        if (status == DD_OK && amounts[i] > INT64_MAX / KIND_ODDS[kind])
            status = DD_E_OVERFLOW;
        if (status != DD_OK) {
            *bad = i;
            return status;
        }
    }
    return DD_OK;
}

int dd_roulette_check(const uint64_t *masks, const int64_t *amounts, size_t n, uint32_t flags,
                      size_t *bad_index_out)
{
    size_t bad;
    int status = check_batch(masks, amounts, n, flags, &bad);
    if (bad_index_out)
        *bad_index_out = bad;
    return status;
}

/* Winnings of a checked wager: it wins exactly when it covers the number (so rules 5.2-5.3 hold:
 * the only wagers covering 0 are straight up 0 and the zero combinations this table accepted). */
static int64_t winnings_of(uint64_t mask, int64_t amount, int number, uint32_t flags, int *kind)
{
    if (!(mask & BIT(number)))
        return 0;
    classify_mask(mask, flags, kind);
    return amount * KIND_ODDS[*kind];
}

int dd_roulette_settle(const uint64_t *masks, const int64_t *amounts, size_t n, int number,
                       uint32_t flags, int64_t *winnings_out, size_t *bad_index_out)
{
    size_t i, bad = n;
    int status;
    if (number < 0 || number > 36)
        status = DD_E_BAD_NUMBER;
    else if (n && !winnings_out)
        status = DD_E_NULL;
    else
        status = check_batch(masks, amounts, n, flags, &bad);
    if (bad_index_out)
        *bad_index_out = bad;
    if (status != DD_OK)
        return status;
    for (i = 0; i < n; i++) {
        int kind = 0;
        winnings_out[i] = winnings_of(masks[i], amounts[i], number, flags, &kind);
    }
    return DD_OK;
}

int dd_roulette_settle_total(const uint64_t *masks, const int64_t *amounts, size_t n, int number,
                             uint32_t flags, int64_t *total_out, int64_t *by_kind_out,
                             size_t *winners_out, size_t *bad_index_out)
{
    int64_t by_kind[DD_ROULETTE_KIND_COUNT] = {0};
    int64_t total = 0;
    size_t i, bad = n, winners = 0;
    int status;
    if (number < 0 || number > 36)
        status = DD_E_BAD_NUMBER;
    else if (!total_out)
        status = DD_E_NULL;
    else
        status = check_batch(masks, amounts, n, flags, &bad);
    for (i = 0; status == DD_OK && i < n; i++) {
        int kind = 0;
        int64_t won;
        if (!(masks[i] & BIT(number)))
            continue;
        won = winnings_of(masks[i], amounts[i], number, flags, &kind);
        if (won > INT64_MAX - total) {
            status = DD_E_OVERFLOW; /* bad stays n: the sum overflows, not any one wager */
            break;
        }
        total += won;
        by_kind[kind] += won; /* cannot overflow: no larger than total */
        winners++;
    }
    if (bad_index_out)
        *bad_index_out = bad;
    if (status != DD_OK)
        return status;
    *total_out = total;
    if (by_kind_out)
        memcpy(by_kind_out, by_kind, sizeof by_kind);
    if (winners_out)
        *winners_out = winners;
    return DD_OK;
}

int dd_roulette_prepare(const uint64_t *masks, const int64_t *amounts, size_t n, uint32_t flags,
                        int64_t *if_won_out, size_t *bad_index_out)
{
    size_t i, bad = n;
    int status = (n && !if_won_out) ? DD_E_NULL : check_batch(masks, amounts, n, flags, &bad);
    if (bad_index_out)
        *bad_index_out = bad;
    if (status != DD_OK)
        return status;
    for (i = 0; i < n; i++) {
        int kind = 0;
        classify_mask(masks[i], flags, &kind);
        if_won_out[i] = amounts[i] * KIND_ODDS[kind];
    }
    return DD_OK;
}

int dd_roulette_settle_prepared(const uint64_t *masks, const int64_t *if_won, size_t n, int number,
                                int64_t *winnings_out, int64_t *total_out, size_t *winners_out)
{
    size_t i, winners = 0;
    int64_t total = 0;
    int overflow = 0;
    if (n && (!masks || !if_won))
        return DD_E_NULL;
    if (number < 0 || number > 36)
        return DD_E_BAD_NUMBER;
    if (n > DD_ROULETTE_MAX_BATCH)
        return DD_E_RANGE;
    /* First pass checks and sums, so that an error leaves every output untouched. */
    for (i = 0; i < n; i++) {
        if (if_won[i] < 0)
            return DD_E_BAD_AMOUNT;
        if ((masks[i] >> number) & 1) {
            winners++;
            if (if_won[i] > INT64_MAX - total)
                overflow = 1;
            else
                total += if_won[i];
        }
    }
    if (overflow && total_out)
        return DD_E_OVERFLOW;
    if (winnings_out)
        for (i = 0; i < n; i++) /* branch-free select, so the compiler can vectorise it */
            winnings_out[i] = if_won[i] & -(int64_t)((masks[i] >> number) & 1);
    if (total_out)
        *total_out = total;
    if (winners_out)
        *winners_out = winners;
    return DD_OK;
}
