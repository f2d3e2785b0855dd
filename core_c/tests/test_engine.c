/* Plain C tests of the engine's public entry points (no Python): every function in every dd_*.h header
 * is called with good input and with bad input (NULL pointers, out-of-range ids, huge counts, corrupted
 * structs), and must answer with the documented status code. Built and run twice by the Makefile: as is
 * (`make c-tests`) and with AddressSanitizer + UndefinedBehaviorSanitizer (`make sanitize`), where any
 * out-of-bounds access or undefined behaviour aborts the run.
 *
 * Linked with -Wl,--wrap=getrandom: the engine's calls to getrandom() come to fake_getrandom below, which
 * passes them through or fails on demand, to test that the OS entropy path fails loudly. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "dd_baccarat.h"
#include "dd_baccarat_check.h"
#include "dd_chips.h"
#include "dd_commission.h"
#include "dd_common.h"
#include "dd_houseway.h"
#include "dd_irregularity.h"
#include "dd_paigow.h"
#include "dd_paigow_procedure.h"
#include "dd_rng.h"
#include "dd_roulette.h"

static int passed, failed;

#define CHECK(condition)                                                                                   \
    do {                                                                                                   \
        if (condition) {                                                                                   \
            passed++;                                                                                      \
        } else {                                                                                           \
            failed++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);                  \
        }                                                                                                  \
    } while (0)

/* The call's status must be exactly `expected`; a mismatch prints both names. */
#define EXPECT(call, expected)                                                                             \
    do {                                                                                                   \
        int got_ = (call);                                                                                 \
        if (got_ == (expected)) {                                                                          \
            passed++;                                                                                      \
        } else {                                                                                           \
            failed++;                                                                                      \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__, #call,             \
                    dd_status_name(got_), dd_status_name(expected));                                       \
        }                                                                                                  \
    } while (0)

/* ---- the getrandom shim ------------------------------------------------------------------------------ */

enum entropy_mode { ENTROPY_REAL, ENTROPY_EIO, ENTROPY_ENOSYS, ENTROPY_EINTR_ONCE, ENTROPY_SHORT_READS };
static enum entropy_mode entropy_mode = ENTROPY_REAL;
static int entropy_calls;

ssize_t __real_getrandom(void *buffer, size_t length, unsigned int flags);
ssize_t __wrap_getrandom(void *buffer, size_t length, unsigned int flags);

ssize_t __wrap_getrandom(void *buffer, size_t length, unsigned int flags)
{
    entropy_calls++;
    switch (entropy_mode) {
    case ENTROPY_EIO:
        errno = EIO;
        return -1;
    case ENTROPY_ENOSYS: /* a kernel without getrandom (before Linux 3.17) */
        errno = ENOSYS;
        return -1;
    case ENTROPY_EINTR_ONCE:
        if (entropy_calls == 1) {
            errno = EINTR;
            return -1;
        }
        return __real_getrandom(buffer, length, flags);
    case ENTROPY_SHORT_READS: {
        /* At most 7 bytes per call, each 0xA7: the caller must loop until it has them all. */
        size_t n = length < 7 ? length : 7;
        memset(buffer, 0xA7, n);
        return (ssize_t)n;
    }
    default:
        return __real_getrandom(buffer, length, flags);
    }
}

static void set_entropy(enum entropy_mode mode)
{
    entropy_mode = mode;
    entropy_calls = 0;
}

/* ---- common -------------------------------------------------------------------------------------------- */

static void test_status_names(void)
{
    static const int codes[] = {DD_OK, DD_E_NULL, DD_E_RANGE, DD_E_ENTROPY, DD_E_OVERFLOW, DD_E_NO_MEMORY,
                                DD_E_STATE, DD_E_BAD_NUMBER, DD_E_NOT_A_WAGER, DD_E_BAD_AMOUNT,
                                DD_E_NOT_OFFERED, DD_E_BAD_CARD, DD_E_SHORT_SEQUENCE, DD_E_SHOE_FINISHED,
                                DD_E_CUT_POSITION, DD_E_BAD_TILE, DD_E_DUPLICATE_TILE, DD_E_ILLEGAL_SETTING,
                                DD_E_BANK_SHORT, DD_E_BAD_OUTCOME, DD_E_HOUSE_WAY};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        CHECK(strncmp(dd_status_name(codes[i]), "DD_", 3) == 0 &&
              strcmp(dd_status_name(codes[i]), "DD_E_UNKNOWN") != 0);
    CHECK(strcmp(dd_status_name(-1), "DD_E_UNKNOWN") == 0);
    CHECK(strcmp(dd_status_name(INT32_MAX), "DD_E_UNKNOWN") == 0);
    CHECK(strcmp(dd_status_name(DD_E_ENTROPY), "DD_E_ENTROPY") == 0);
}

/* ---- rng ------------------------------------------------------------------------------------------------ */

static int is_permutation(const uint32_t *perm, uint32_t n)
{
    static uint8_t seen[20000];
    uint32_t i;
    memset(seen, 0, n);
    for (i = 0; i < n; i++) {
        if (perm[i] >= n || seen[perm[i]])
            return 0;
        seen[perm[i]] = 1;
    }
    return 1;
}

static void test_rng_arguments(void)
{
    dd_rng rng;
    uint32_t word = 0, perm[8];
    uint64_t wide = 0;
    uint8_t bytes[8] = {0};
    EXPECT(dd_rng_seed(NULL, 1), DD_E_NULL);
    EXPECT(dd_rng_seed_os(NULL), DD_E_NULL);
    EXPECT(dd_rng_seed(&rng, 1), DD_OK);
    EXPECT(dd_rng_u32(NULL, &word), DD_E_NULL);
    EXPECT(dd_rng_u32(&rng, NULL), DD_E_NULL);
    EXPECT(dd_rng_u64(NULL, &wide), DD_E_NULL);
    EXPECT(dd_rng_u64(&rng, NULL), DD_E_NULL);
    EXPECT(dd_rng_below(NULL, 5, &word), DD_E_NULL);
    EXPECT(dd_rng_below(&rng, 5, NULL), DD_E_NULL);
    EXPECT(dd_rng_below(&rng, 0, &word), DD_E_RANGE);
    EXPECT(dd_rng_below(&rng, UINT32_MAX, &word), DD_OK);
    EXPECT(dd_rng_below(&rng, 1, &word), DD_OK);
    CHECK(word == 0);
    EXPECT(dd_rng_permutation(NULL, 3, perm), DD_E_NULL);
    EXPECT(dd_rng_permutation(&rng, 3, NULL), DD_E_NULL);
    EXPECT(dd_rng_permutation(&rng, UINT32_MAX, NULL), DD_E_NULL); /* a huge count is not followed */
    EXPECT(dd_rng_permutation(&rng, 0, NULL), DD_OK);
    EXPECT(dd_rng_shuffle_u8(NULL, bytes, 3), DD_E_NULL);
    EXPECT(dd_rng_shuffle_u8(&rng, NULL, 3), DD_E_NULL);
    EXPECT(dd_rng_shuffle_u8(&rng, NULL, 0), DD_OK);
    EXPECT(dd_os_entropy(NULL, 4), DD_E_NULL);
    EXPECT(dd_os_entropy(NULL, 0), DD_OK);
    EXPECT(dd_os_entropy(bytes, 0), DD_OK);

    /* A corrupted buffer position is refused by every checked draw, never used as an index. */
    rng.used = DD_RNG_BUFFER_WORDS + 1;
    EXPECT(dd_rng_u32(&rng, &word), DD_E_STATE);
    EXPECT(dd_rng_u64(&rng, &wide), DD_E_STATE);
    EXPECT(dd_rng_below(&rng, 37, &word), DD_E_STATE);
    EXPECT(dd_rng_permutation(&rng, 8, perm), DD_E_STATE);
    EXPECT(dd_rng_shuffle_u8(&rng, bytes, 8), DD_E_STATE);
    rng.used = UINT32_MAX;
    EXPECT(dd_rng_u32(&rng, &word), DD_E_STATE);
    /* Exactly at the end of the buffer is the normal "refill next" state. */
    rng.used = DD_RNG_BUFFER_WORDS;
    EXPECT(dd_rng_u32(&rng, &word), DD_OK);
    /* One word left: a 64-bit draw straddles the refill. */
    rng.used = DD_RNG_BUFFER_WORDS - 1;
    EXPECT(dd_rng_u64(&rng, &wide), DD_OK);
    EXPECT(dd_rng_permutation(&rng, 8, perm), DD_OK);
    CHECK(is_permutation(perm, 8));
    /* The 64-bit block counter wrapping is a legal state: draws go on. */
    rng.counter = UINT64_MAX - 1;
    rng.used = DD_RNG_BUFFER_WORDS;
    EXPECT(dd_rng_u64(&rng, &wide), DD_OK);
    CHECK(rng.counter == 2);
}

static void test_rng_batch_boundaries(void)
{
    /* Sizes around each change of batch size in the batched Fisher-Yates (rng.c batch_reach), and the
     * byte shuffle taking the same indices as the permutation from the same stream. */
    static const uint32_t sizes[] = {0, 1, 2, 3, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 31, 32, 39, 40,
                                     52, 53, 54, 78, 79, 131, 132, 259, 260, 416, 647, 648, 2354, 2355,
                                     16384, 16385, 16386};
    static uint32_t perm[16386];
    static uint8_t bytes[256];
    size_t s;
    uint32_t i;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        dd_rng a, b;
        uint32_t n = sizes[s];
        dd_rng_seed(&a, 1000 + n);
        b = a;
        EXPECT(dd_rng_permutation(&a, n, perm), DD_OK);
        CHECK(is_permutation(perm, n));
        if (n <= 256) {
            for (i = 0; i < n; i++)
                bytes[i] = (uint8_t)i;
            EXPECT(dd_rng_shuffle_u8(&b, bytes, n), DD_OK);
            for (i = 0; i < n && bytes[i] == perm[i]; i++)
                ;
            CHECK(i == n);
            CHECK(a.used == b.used && a.counter == b.counter);
        }
    }
}

static void test_rng_streams(void)
{
    dd_rng a, b;
    uint32_t x = 0, y = 0;
    int i, same = 1;
    dd_rng_seed(&a, 42);
    dd_rng_seed(&b, 42);
    for (i = 0; i < 300; i++) {
        dd_rng_u32(&a, &x);
        dd_rng_u32(&b, &y);
        same &= x == y;
    }
    CHECK(same);
    dd_rng_seed(&b, 43);
    dd_rng_u32(&b, &y);
    dd_rng_seed(&a, 42);
    dd_rng_u32(&a, &x);
    CHECK(x != y);
}

static void test_entropy(void)
{
    uint8_t bytes[100];
    dd_rng rng, before;
    dd_bac_shoe shoe;
    dd_bac_sim_result sim;
    size_t i;
    int all_a7 = 1;

    set_entropy(ENTROPY_REAL);
    EXPECT(dd_os_entropy(bytes, sizeof bytes), DD_OK);
    EXPECT(dd_rng_seed_os(&rng), DD_OK);
    CHECK(entropy_calls >= 2); /* the engine really asks the OS (through the shim) */

    set_entropy(ENTROPY_EIO);
    EXPECT(dd_os_entropy(bytes, sizeof bytes), DD_E_ENTROPY);
    dd_rng_seed(&rng, 5);
    before = rng;
    EXPECT(dd_rng_seed_os(&rng), DD_E_ENTROPY);
    CHECK(memcmp(&before, &rng, sizeof rng) == 0); /* no half-seeded generator is left behind */
    EXPECT(dd_bac_shoe_init(&shoe, 8, 14, 1, 0, 0), DD_E_ENTROPY);
    EXPECT(dd_bac_simulate(1, 8, 14, 1, 0, 0, &sim), DD_E_ENTROPY);
    /* Seeded use needs no entropy and still works while the OS source is down. */
    EXPECT(dd_bac_shoe_init(&shoe, 8, 14, 1, 1, 9), DD_OK);

    set_entropy(ENTROPY_ENOSYS);
    EXPECT(dd_os_entropy(bytes, 16), DD_E_ENTROPY);
    EXPECT(dd_rng_seed_os(&rng), DD_E_ENTROPY);

    set_entropy(ENTROPY_EINTR_ONCE); /* an interrupted call is retried, not reported */
    EXPECT(dd_os_entropy(bytes, 16), DD_OK);
    CHECK(entropy_calls == 2);

    set_entropy(ENTROPY_SHORT_READS); /* short reads are continued until every byte is filled */
    memset(bytes, 0, sizeof bytes);
    EXPECT(dd_os_entropy(bytes, sizeof bytes), DD_OK);
    for (i = 0; i < sizeof bytes; i++)
        all_a7 &= bytes[i] == 0xA7;
    CHECK(all_a7);
    CHECK(entropy_calls == (int)((sizeof bytes + 6) / 7));

    set_entropy(ENTROPY_REAL);
}

/* ---- roulette ------------------------------------------------------------------------------------------ */

#define BIT(n) ((uint64_t)1 << (n))

static void test_roulette(void)
{
    uint64_t masks[DD_ROULETTE_MAX_WAGERS], mask = 0, tiny_masks[2] = {BIT(17), BIT(1) | BIT(2)};
    int32_t kinds[DD_ROULETTE_MAX_WAGERS], odds = 0;
    int64_t amounts[2] = {10, 5}, winnings[2] = {-1, -1}, total = -1, if_won[2];
    int kind = -1, colour = -1, number = -1;
    size_t count = 0, bad = 99, winners = 0;
    uint8_t wheel[37], spins[64];
    dd_rng rng;

    EXPECT(dd_roulette_classify(BIT(17), 0, NULL), DD_E_NULL);
    EXPECT(dd_roulette_classify(BIT(17), 2, &kind), DD_E_RANGE);
    EXPECT(dd_roulette_classify(BIT(17), UINT32_MAX, &kind), DD_E_RANGE);
    EXPECT(dd_roulette_classify(0, 0, &kind), DD_E_NOT_A_WAGER);
    EXPECT(dd_roulette_classify(BIT(37), 0, &kind), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_classify(UINT64_MAX, 0, &kind), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_classify(BIT(1) | BIT(36), 0, &kind), DD_E_NOT_A_WAGER);
    EXPECT(dd_roulette_classify(BIT(0) | BIT(1) | BIT(2) | BIT(3), 0, &kind), DD_E_NOT_OFFERED);
    EXPECT(dd_roulette_classify(BIT(0) | BIT(1) | BIT(2) | BIT(3), DD_ROULETTE_FIRST_FOUR, &kind), DD_OK);
    CHECK(kind == DD_ROULETTE_CORNER);
    EXPECT(dd_roulette_classify(BIT(17), 0, &kind), DD_OK);
    CHECK(kind == DD_ROULETTE_STRAIGHT);

    EXPECT(dd_roulette_classify_many(NULL, 1, 0, kinds), DD_E_NULL);
    EXPECT(dd_roulette_classify_many(tiny_masks, 1, 0, NULL), DD_E_NULL);
    EXPECT(dd_roulette_classify_many(NULL, 0, 0, NULL), DD_OK);
    EXPECT(dd_roulette_classify_many(tiny_masks, (size_t)DD_ROULETTE_MAX_BATCH + 1, 0, kinds), DD_E_RANGE);
    EXPECT(dd_roulette_classify_many(tiny_masks, SIZE_MAX, 0, kinds), DD_E_RANGE);
    masks[0] = BIT(5);
    masks[1] = 0;
    masks[2] = BIT(40);
    EXPECT(dd_roulette_classify_many(masks, 3, 0, kinds), DD_OK);
    CHECK(kinds[0] == DD_ROULETTE_STRAIGHT && kinds[1] == -DD_E_NOT_A_WAGER && kinds[2] == -DD_E_BAD_NUMBER);

    {
        /* The paying order: outside first, then six lines, corners, streets, splits, straight ups. */
        static const int inside_order[5] = {DD_ROULETTE_SIX_LINE, DD_ROULETTE_CORNER, DD_ROULETTE_STREET,
                                            DD_ROULETTE_SPLIT, DD_ROULETTE_STRAIGHT};
        uint64_t paid[4] = {BIT(1) | BIT(2) | BIT(4) | BIT(5), BIT(1) | BIT(2) | BIT(3), BIT(1), 0};
        int32_t step = -1, k;
        int in_order = -1;
        size_t first_wrong = 99, bad_one = 99;
        for (k = DD_ROULETTE_COLUMN; k < DD_ROULETTE_KIND_COUNT; k++) {
            EXPECT(dd_roulette_pay_step(k, &step), DD_OK);
            CHECK(step == 0);
        }
        for (k = 0; k < 5; k++) {
            EXPECT(dd_roulette_pay_step(inside_order[k], &step), DD_OK);
            CHECK(step == k + 1);
        }
        EXPECT(dd_roulette_pay_step(-1, &step), DD_E_RANGE);
        EXPECT(dd_roulette_pay_step(DD_ROULETTE_KIND_COUNT, &step), DD_E_RANGE);
        EXPECT(dd_roulette_pay_step(0, NULL), DD_E_NULL);
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, &in_order, &first_wrong, &bad_one), DD_OK);
        CHECK(in_order == 1 && first_wrong == 3 && bad_one == 3); /* corner, street, straight */
        paid[3] = BIT(1) | BIT(2) | BIT(3) | BIT(4) | BIT(5) | BIT(6); /* a six line after them */
        EXPECT(dd_roulette_check_pay_order(paid, 4, 0, &in_order, &first_wrong, &bad_one), DD_OK);
        CHECK(in_order == 0 && first_wrong == 3);
        paid[0] = BIT(1) | BIT(2) | BIT(3); /* two streets in a row are in order */
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, &in_order, &first_wrong, &bad_one), DD_OK);
        CHECK(in_order == 1);
        paid[1] = BIT(1) | BIT(3); /* not a wager */
        in_order = -1;
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, &in_order, &first_wrong, &bad_one), DD_E_NOT_A_WAGER);
        CHECK(bad_one == 1 && in_order == -1);
        paid[1] = BIT(0) | BIT(1) | BIT(2) | BIT(3); /* first four, not offered without the flag */
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, &in_order, &first_wrong, &bad_one), DD_E_NOT_OFFERED);
        EXPECT(dd_roulette_check_pay_order(paid, 3, DD_ROULETTE_FIRST_FOUR, &in_order, &first_wrong, &bad_one),
               DD_OK);
        EXPECT(dd_roulette_check_pay_order(paid, 3, 2, &in_order, &first_wrong, &bad_one), DD_E_RANGE);
        CHECK(bad_one == 3);
        EXPECT(dd_roulette_check_pay_order(NULL, 3, 0, &in_order, &first_wrong, &bad_one), DD_E_NULL);
        /* The house's reading: streets before corners (six lines, streets, corners, splits, straight ups). */
        {
            static const int streets_first[5] = {DD_ROULETTE_SIX_LINE, DD_ROULETTE_STREET, DD_ROULETTE_CORNER,
                                                 DD_ROULETTE_SPLIT, DD_ROULETTE_STRAIGHT};
            uint64_t street_then_corner[2] = {BIT(1) | BIT(2) | BIT(3), BIT(1) | BIT(2) | BIT(4) | BIT(5)};
            for (k = 0; k < 5; k++) {
                EXPECT(dd_roulette_pay_step_under(DD_ROULETTE_PAY_STREETS_FIRST, streets_first[k], &step), DD_OK);
                CHECK(step == k + 1);
                EXPECT(dd_roulette_pay_step_under(DD_ROULETTE_PAY_BY_ODDS, inside_order[k], &step), DD_OK);
                CHECK(step == k + 1);
            }
            EXPECT(dd_roulette_pay_step_under(DD_ROULETTE_PAY_STREETS_FIRST, DD_ROULETTE_RED, &step), DD_OK);
            CHECK(step == 0);
            EXPECT(dd_roulette_check_pay_order_under(DD_ROULETTE_PAY_STREETS_FIRST, street_then_corner, 2, 0,
                                                     &in_order, &first_wrong, &bad_one), DD_OK);
            CHECK(in_order == 1 && first_wrong == 2);
            EXPECT(dd_roulette_check_pay_order_under(DD_ROULETTE_PAY_BY_ODDS, street_then_corner, 2, 0,
                                                     &in_order, &first_wrong, &bad_one), DD_OK);
            CHECK(in_order == 0 && first_wrong == 1);
            EXPECT(dd_roulette_check_pay_order(street_then_corner, 2, 0, &in_order, &first_wrong, &bad_one),
                   DD_OK);
            CHECK(in_order == 0 && first_wrong == 1);   /* without a reading: the odds order */
            EXPECT(dd_roulette_pay_step_under(2, DD_ROULETTE_STREET, &step), DD_E_RANGE);
            EXPECT(dd_roulette_pay_step_under(-1, DD_ROULETTE_STREET, &step), DD_E_RANGE);
            EXPECT(dd_roulette_pay_step_under(DD_ROULETTE_PAY_STREETS_FIRST, DD_ROULETTE_KIND_COUNT, &step),
                   DD_E_RANGE);
            EXPECT(dd_roulette_pay_step_under(DD_ROULETTE_PAY_STREETS_FIRST, 0, NULL), DD_E_NULL);
            bad_one = 0;
            EXPECT(dd_roulette_check_pay_order_under(2, street_then_corner, 2, 0, &in_order, &first_wrong,
                                                     &bad_one), DD_E_RANGE);
            CHECK(bad_one == 2);
        }
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, NULL, &first_wrong, &bad_one), DD_E_NULL);
        EXPECT(dd_roulette_check_pay_order(paid, 3, 0, &in_order, NULL, &bad_one), DD_E_NULL);
        EXPECT(dd_roulette_check_pay_order(NULL, 0, 0, &in_order, &first_wrong, NULL), DD_OK);
        CHECK(in_order == 1 && first_wrong == 0);
        EXPECT(dd_roulette_check_pay_order(paid, (size_t)DD_ROULETTE_MAX_BATCH + 1, 0, &in_order, &first_wrong,
                                           &bad_one), DD_E_RANGE);
    }
    EXPECT(dd_roulette_kind_info(-1, &odds, NULL, NULL), DD_E_RANGE);
    EXPECT(dd_roulette_kind_info(DD_ROULETTE_KIND_COUNT, &odds, NULL, NULL), DD_E_RANGE);
    EXPECT(dd_roulette_kind_info(DD_ROULETTE_STRAIGHT, NULL, NULL, NULL), DD_OK);
    EXPECT(dd_roulette_kind_info(DD_ROULETTE_STRAIGHT, &odds, NULL, NULL), DD_OK);
    CHECK(odds == 35);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_COLUMN, 1, NULL), DD_E_NULL);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_COLUMN, 0, &mask), DD_E_RANGE);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_DOZEN, 4, &mask), DD_E_RANGE);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_RED, 1, &mask), DD_E_RANGE);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_STRAIGHT, 0, &mask), DD_E_RANGE);
    EXPECT(dd_roulette_outside_mask(99, 0, &mask), DD_E_RANGE);
    EXPECT(dd_roulette_outside_mask(DD_ROULETTE_LOW, 0, &mask), DD_OK);
    CHECK(mask == ((BIT(19) - 1) & ~BIT(0)));
    {
        /* Every column and dozen (this read once tripped gcc's UBSan object-size check). */
        int which, n;
        for (which = 1; which <= 3; which++) {
            uint64_t column = 0, dozen = 0;
            for (n = 1; n <= 36; n++) {
                if ((n - 1) % 3 == which - 1)
                    column |= BIT(n);
                if ((n - 1) / 12 == which - 1)
                    dozen |= BIT(n);
            }
            EXPECT(dd_roulette_outside_mask(DD_ROULETTE_COLUMN, which, &mask), DD_OK);
            CHECK(mask == column);
            EXPECT(dd_roulette_outside_mask(DD_ROULETTE_DOZEN, which, &mask), DD_OK);
            CHECK(mask == dozen);
        }
    }

    EXPECT(dd_roulette_layout(0, masks, kinds, DD_ROULETTE_MAX_WAGERS, NULL), DD_E_NULL);
    EXPECT(dd_roulette_layout(7, masks, kinds, DD_ROULETTE_MAX_WAGERS, &count), DD_E_RANGE);
    EXPECT(dd_roulette_layout(0, NULL, NULL, 0, &count), DD_OK);
    CHECK(count == DD_ROULETTE_MAX_WAGERS - 1);
    EXPECT(dd_roulette_layout(DD_ROULETTE_FIRST_FOUR, masks, NULL, 10, &count), DD_E_RANGE);
    EXPECT(dd_roulette_layout(DD_ROULETTE_FIRST_FOUR, masks, kinds, DD_ROULETTE_MAX_WAGERS, &count), DD_OK);
    CHECK(count == DD_ROULETTE_MAX_WAGERS);
    EXPECT(dd_roulette_covering(-1, 0, 0, masks, kinds, DD_ROULETTE_MAX_WAGERS, &count), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_covering(37, 0, 0, masks, kinds, DD_ROULETTE_MAX_WAGERS, &count), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_covering(17, 0, 1, masks, kinds, 1, &count), DD_E_RANGE);
    EXPECT(dd_roulette_covering(17, 0, 1, NULL, NULL, 0, &count), DD_OK);
    CHECK(count == 12); /* straight, 4 splits, street, 4 corners, 2 six lines */
    EXPECT(dd_roulette_covering(17, 0, 0, NULL, NULL, 0, &count), DD_OK);
    CHECK(count == DD_ROULETTE_MAX_COVERING); /* and column, dozen, low, odd, black */
    EXPECT(dd_roulette_covering(17, 0, 1, masks, kinds, 1, NULL), DD_E_NULL);

    EXPECT(dd_roulette_wheel_order(NULL, 37), DD_E_NULL);
    EXPECT(dd_roulette_wheel_order(wheel, 36), DD_E_RANGE);
    EXPECT(dd_roulette_wheel_order(wheel, 37), DD_OK);
    CHECK(wheel[0] == 0);
    EXPECT(dd_roulette_colour_of(37, &colour), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_colour_of(-1, &colour), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_colour_of(0, NULL), DD_E_NULL);
    EXPECT(dd_roulette_colour_of(0, &colour), DD_OK);
    CHECK(colour == DD_ROULETTE_GREEN);

    dd_rng_seed(&rng, 3);
    EXPECT(dd_roulette_spin(NULL, &number), DD_E_NULL);
    EXPECT(dd_roulette_spin(&rng, NULL), DD_E_NULL);
    EXPECT(dd_roulette_spin_many(&rng, NULL, 5), DD_E_NULL);
    EXPECT(dd_roulette_spin_many(&rng, spins, (size_t)DD_ROULETTE_MAX_BATCH + 1), DD_E_RANGE);
    EXPECT(dd_roulette_spin_many(&rng, NULL, 0), DD_OK);
    /* A corrupted buffer position must not be used as an index (it is refused or the buffer refilled). */
    rng.used = 0xFFFFFFF0u;
    {
        int status = dd_roulette_spin(&rng, &number);
        CHECK(status == DD_E_STATE || (status == DD_OK && number >= 0 && number <= 36));
        rng.used = 0xFFFFFFF0u;
        status = dd_roulette_spin_many(&rng, spins, sizeof spins);
        CHECK(status == DD_E_STATE || status == DD_OK);
    }

    /* The settlement family: NULLs, counts past the limit with tiny arrays, and per-wager faults. */
    EXPECT(dd_roulette_check(NULL, amounts, 2, 0, &bad), DD_E_NULL);
    EXPECT(dd_roulette_check(tiny_masks, amounts, (size_t)DD_ROULETTE_MAX_BATCH + 1, 0, &bad), DD_E_RANGE);
    EXPECT(dd_roulette_check(tiny_masks, amounts, SIZE_MAX, 0, &bad), DD_E_RANGE);
    EXPECT(dd_roulette_check(tiny_masks, amounts, 2, 0, NULL), DD_OK);
    amounts[1] = -1;
    EXPECT(dd_roulette_check(tiny_masks, amounts, 2, 0, &bad), DD_E_BAD_AMOUNT);
    CHECK(bad == 1);
    amounts[1] = INT64_MAX; /* 17 to 1 on that would overflow */
    EXPECT(dd_roulette_check(tiny_masks, amounts, 2, 0, &bad), DD_E_OVERFLOW);
    CHECK(bad == 1);
    amounts[1] = 5;
    EXPECT(dd_roulette_settle(tiny_masks, amounts, 2, 37, 0, winnings, &bad), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_settle(tiny_masks, amounts, 2, 17, 0, NULL, &bad), DD_E_NULL);
    EXPECT(dd_roulette_settle(tiny_masks, amounts, SIZE_MAX, 17, 0, winnings, &bad), DD_E_RANGE);
    EXPECT(dd_roulette_settle(tiny_masks, amounts, 2, 17, 0, winnings, &bad), DD_OK);
    CHECK(winnings[0] == 350 && winnings[1] == 0);
    EXPECT(dd_roulette_settle_total(tiny_masks, amounts, 2, 2, 0, &total, NULL, &winners, &bad), DD_OK);
    CHECK(total == 85 && winners == 1);
    EXPECT(dd_roulette_settle_total(tiny_masks, amounts, 2, 2, 0, NULL, NULL, NULL, &bad), DD_E_NULL);
    EXPECT(dd_roulette_settle_total(tiny_masks, amounts, SIZE_MAX, 2, 0, &total, NULL, NULL, &bad), DD_E_RANGE);
    EXPECT(dd_roulette_prepare(tiny_masks, amounts, 2, 0, NULL, &bad), DD_E_NULL);
    EXPECT(dd_roulette_prepare(tiny_masks, amounts, SIZE_MAX, 0, if_won, &bad), DD_E_RANGE);
    EXPECT(dd_roulette_prepare(tiny_masks, amounts, 2, 0, if_won, &bad), DD_OK);
    CHECK(if_won[0] == 350 && if_won[1] == 85);
    EXPECT(dd_roulette_settle_prepared(NULL, if_won, 2, 1, winnings, &total, &winners), DD_E_NULL);
    EXPECT(dd_roulette_settle_prepared(tiny_masks, if_won, 2, 37, winnings, &total, &winners), DD_E_BAD_NUMBER);
    EXPECT(dd_roulette_settle_prepared(tiny_masks, if_won, SIZE_MAX, 1, winnings, &total, &winners), DD_E_RANGE);
    EXPECT(dd_roulette_settle_prepared(tiny_masks, if_won, 2, 1, NULL, NULL, NULL), DD_OK);
    if_won[1] = -5;
    EXPECT(dd_roulette_settle_prepared(tiny_masks, if_won, 2, 1, winnings, &total, &winners), DD_E_BAD_AMOUNT);
    /* Two winners whose sum does not fit in 64 bits. */
    tiny_masks[0] = BIT(1);
    if_won[0] = INT64_MAX;
    if_won[1] = INT64_MAX;
    EXPECT(dd_roulette_settle_prepared(tiny_masks, if_won, 2, 1, winnings, &total, &winners), DD_E_OVERFLOW);
    amounts[0] = INT64_MAX / 35;
    amounts[1] = INT64_MAX / 17;
    EXPECT(dd_roulette_settle_total(tiny_masks, amounts, 2, 1, 0, &total, NULL, NULL, &bad), DD_E_OVERFLOW);
    CHECK(bad == 2);
}

/* ---- baccarat ------------------------------------------------------------------------------------------ */

static void test_baccarat_rules(void)
{
    uint8_t ranks[8] = {1, 2, 3, 4, 5, 6, 0, 14};
    dd_bac_coup coups[4], coup;
    dd_bac_ways ways;
    int value = -1, flag = -1;
    size_t bad = 99;
    EXPECT(dd_bac_card_value(0, &value), DD_E_BAD_CARD);
    EXPECT(dd_bac_card_value(14, &value), DD_E_BAD_CARD);
    EXPECT(dd_bac_card_value(INT32_MIN, &value), DD_E_BAD_CARD);
    EXPECT(dd_bac_card_value(13, NULL), DD_E_NULL);
    EXPECT(dd_bac_card_value(13, &value), DD_OK);
    CHECK(value == 0);
    {
        /* The card code: every rank and suit once, read back unchanged; out-of-range refused. */
        int rank, suit, code = -1, back_rank = -1, back_suit = -1, seen[DD_BAC_CARD_CODES] = {0};
        for (rank = 1; rank <= 13; rank++)
            for (suit = 0; suit <= 3; suit++) {
                EXPECT(dd_bac_card_code(rank, suit, &code), DD_OK);
                CHECK(code >= 0 && code < DD_BAC_CARD_CODES && !seen[code]);
                seen[code] = 1;
                EXPECT(dd_bac_card_of_code(code, &back_rank, &back_suit), DD_OK);
                CHECK(back_rank == rank && back_suit == suit);
            }
        EXPECT(dd_bac_card_code(0, 0, &code), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_code(14, 0, &code), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_code(1, 4, &code), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_code(1, -1, &code), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_code(INT32_MAX, INT32_MIN, &code), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_code(1, 0, NULL), DD_E_NULL);
        EXPECT(dd_bac_card_of_code(DD_BAC_CARD_CODES, &back_rank, &back_suit), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_of_code(-1, &back_rank, &back_suit), DD_E_BAD_CARD);
        EXPECT(dd_bac_card_of_code(0, NULL, &back_suit), DD_E_NULL);
        EXPECT(dd_bac_card_of_code(0, &back_rank, NULL), DD_E_NULL);
        EXPECT(dd_bac_tie_odds_check(DD_BAC_MIN_TIE_ODDS), DD_OK);
        EXPECT(dd_bac_tie_odds_check(DD_BAC_MAX_TIE_ODDS), DD_OK);
        EXPECT(dd_bac_tie_odds_check(DD_BAC_MIN_TIE_ODDS - 1), DD_E_RANGE);
        EXPECT(dd_bac_tie_odds_check(DD_BAC_MAX_TIE_ODDS + 1), DD_E_RANGE);
        EXPECT(dd_bac_tie_odds_check(INT32_MIN), DD_E_RANGE);
    }
    EXPECT(dd_bac_point_count(NULL, 2, &value), DD_E_NULL);
    EXPECT(dd_bac_point_count(ranks, 2, NULL), DD_E_NULL);
    EXPECT(dd_bac_point_count(ranks, 7, &value), DD_E_BAD_CARD);
    EXPECT(dd_bac_point_count(NULL, 0, &value), DD_OK);
    CHECK(value == 0);
    EXPECT(dd_bac_is_natural(10, &flag), DD_E_RANGE);
    EXPECT(dd_bac_is_natural(-1, &flag), DD_E_RANGE);
    EXPECT(dd_bac_is_natural(9, NULL), DD_E_NULL);
    EXPECT(dd_bac_player_draws(10, &flag), DD_E_RANGE);
    EXPECT(dd_bac_player_draws(5, NULL), DD_E_NULL);
    EXPECT(dd_bac_banker_draws(10, 0, &flag), DD_E_RANGE);
    EXPECT(dd_bac_banker_draws(3, DD_BAC_PLAYER_STOOD + 1, &flag), DD_E_RANGE);
    EXPECT(dd_bac_banker_draws(3, -1, &flag), DD_E_RANGE);
    EXPECT(dd_bac_banker_draws(3, 8, NULL), DD_E_NULL);
    EXPECT(dd_bac_banker_draws(3, 8, &flag), DD_OK);
    CHECK(flag == 0); /* rule: Banker 3 stands when the Player's third card is an 8 */

    EXPECT(dd_bac_coup_resolve(NULL, 6, &coup), DD_E_NULL);
    EXPECT(dd_bac_coup_resolve(ranks, 6, NULL), DD_E_NULL);
    EXPECT(dd_bac_coup_resolve(ranks, 3, &coup), DD_E_SHORT_SEQUENCE);
    EXPECT(dd_bac_coup_resolve(ranks, 0, &coup), DD_E_SHORT_SEQUENCE);
    EXPECT(dd_bac_coup_resolve(ranks + 4, 4, &coup), DD_E_BAD_CARD);
    EXPECT(dd_bac_coup_resolve(ranks, 6, &coup), DD_OK);
    EXPECT(dd_bac_coup_resolve_many(ranks, 1, 3, coups, &bad), DD_E_RANGE);
    EXPECT(dd_bac_coup_resolve_many(ranks, 1, 65, coups, &bad), DD_E_RANGE);
    EXPECT(dd_bac_coup_resolve_many(NULL, 1, 4, coups, &bad), DD_E_NULL);
    EXPECT(dd_bac_coup_resolve_many(ranks, 1, 4, NULL, &bad), DD_E_NULL);
    EXPECT(dd_bac_coup_resolve_many(NULL, 0, 0, NULL, NULL), DD_OK);
    {
        /* Two 4-card sequences: Player 8+1 is a natural; the second holds rank 0. */
        const uint8_t two[8] = {8, 1, 1, 1, 8, 1, 0, 1};
        EXPECT(dd_bac_coup_resolve_many(two, 2, 4, coups, &bad), DD_E_BAD_CARD);
        CHECK(bad == 1);
        EXPECT(dd_bac_coup_resolve_many(two, 1, 4, coups, &bad), DD_OK);
        CHECK(coups[0].natural == 1 && coups[0].winner == DD_BAC_PLAYER);
    }

    EXPECT(dd_bac_exact_ways(0, &ways), DD_E_RANGE);
    EXPECT(dd_bac_exact_ways(9, &ways), DD_E_RANGE);
    EXPECT(dd_bac_exact_ways(INT32_MAX, &ways), DD_E_RANGE);
    EXPECT(dd_bac_exact_ways(8, NULL), DD_E_NULL);
    EXPECT(dd_bac_exact_ways(1, &ways), DD_OK);
    CHECK(ways.total == 52ull * 51 * 50 * 49 * 48 * 47 && ways.banker + ways.player + ways.tie == ways.total);
}

/* Corrupt one field of a good shoe and check that the call refuses it. */
static void expect_corrupt_shoe_refused(const dd_bac_shoe *good, void (*corrupt)(dd_bac_shoe *), int line)
{
    dd_bac_shoe shoe = *good;
    dd_bac_round round;
    uint8_t exposed, burned[16];
    size_t burned_count;
    int statuses[5], i, all = 1;
    corrupt(&shoe);
    statuses[0] = dd_bac_shoe_deal(&shoe, &round);
    statuses[1] = dd_bac_shoe_burn(&shoe, &exposed, burned, sizeof burned, &burned_count);
    statuses[2] = dd_bac_shoe_shuffle(&shoe);
    statuses[3] = dd_bac_shoe_collect(&shoe);
    statuses[4] = dd_bac_shoe_load(&shoe, good->cards, good->size);
    for (i = 0; i < 5; i++)
        all &= statuses[i] == DD_E_STATE;
    if (!all)
        fprintf(stderr, "corruption at line %d: statuses %d %d %d %d %d\n", line, statuses[0], statuses[1],
                statuses[2], statuses[3], statuses[4]);
    CHECK(all);
}

static void corrupt_decks(dd_bac_shoe *s) { s->decks = 0; }
static void corrupt_many_decks(dd_bac_shoe *s) { s->decks = 9; }
static void corrupt_size(dd_bac_shoe *s) { s->size = 60000; }
static void corrupt_next(dd_bac_shoe *s) { s->next = (uint16_t)(s->size + 1); }
static void corrupt_cut(dd_bac_shoe *s) { s->cut_index = 0; }
static void corrupt_cut_from_end(dd_bac_shoe *s) { s->cut_from_end = 1; s->cut_index = (uint16_t)(s->size - 1); }
static void corrupt_state(dd_bac_shoe *s) { s->state = 200; }
static void corrupt_rng(dd_bac_shoe *s) { s->rng.used = 1000; }
static void corrupt_card(dd_bac_shoe *s) { s->cards[0] = 255; }
static void corrupt_last_card(dd_bac_shoe *s) { s->cards[s->size - 1] = 52; }
static void corrupt_on_table(dd_bac_shoe *s) { s->on_table = 500; }
static void corrupt_discarded(dd_bac_shoe *s) { s->discarded = 500; }

static void test_baccarat_shoe(void)
{
    dd_bac_shoe shoe, good;
    dd_bac_round round;
    dd_bac_sim_result sim;
    uint8_t codes[DD_BAC_MAX_CARDS], exposed = 0, burned[16];
    size_t burned_count = 0;
    int i, status, coups = 0;

    EXPECT(dd_bac_shoe_init(NULL, 8, 14, 1, 1, 1), DD_E_NULL);
    EXPECT(dd_bac_shoe_init(&shoe, 0, 14, 1, 1, 1), DD_E_RANGE);
    EXPECT(dd_bac_shoe_init(&shoe, 9, 14, 1, 1, 1), DD_E_RANGE);
    EXPECT(dd_bac_shoe_init(&shoe, 8, DD_BAC_MIN_CUT_FROM_END - 1, 1, 1, 1), DD_E_CUT_POSITION);
    EXPECT(dd_bac_shoe_init(&shoe, 1, 52 - DD_BAC_MAX_BURN + 1, 1, 1, 1), DD_E_CUT_POSITION);
    EXPECT(dd_bac_shoe_init(&shoe, 8, INT32_MIN, 1, 1, 1), DD_E_CUT_POSITION);
    EXPECT(dd_bac_shoe_init(&shoe, 8, 14, 1, 1, 1), DD_OK);
    EXPECT(dd_bac_shoe_deal(&shoe, &round), DD_E_STATE); /* not shuffled yet */
    EXPECT(dd_bac_shoe_shuffle(&shoe), DD_OK);
    EXPECT(dd_bac_shoe_deal(&shoe, &round), DD_E_STATE); /* the burn is due */
    EXPECT(dd_bac_shoe_burn(&shoe, &exposed, burned, DD_BAC_MAX_BURN - 2, &burned_count), DD_E_RANGE);
    EXPECT(dd_bac_shoe_burn(&shoe, NULL, burned, sizeof burned, &burned_count), DD_E_NULL);
    EXPECT(dd_bac_shoe_burn(&shoe, &exposed, NULL, sizeof burned, &burned_count), DD_E_NULL);
    EXPECT(dd_bac_shoe_burn(&shoe, &exposed, burned, sizeof burned, NULL), DD_E_NULL);
    good = shoe;
    EXPECT(dd_bac_shoe_burn(&shoe, &exposed, burned, sizeof burned, &burned_count), DD_OK);
    CHECK(exposed < 52 && burned_count >= 1 && burned_count <= 10);
    EXPECT(dd_bac_shoe_burn(&shoe, &exposed, burned, sizeof burned, &burned_count), DD_E_STATE);
    EXPECT(dd_bac_shoe_deal(&shoe, NULL), DD_E_NULL);
    EXPECT(dd_bac_shoe_deal(NULL, &round), DD_E_NULL);
    EXPECT(dd_bac_shoe_collect(NULL), DD_E_NULL);
    EXPECT(dd_bac_shoe_shuffle(NULL), DD_E_NULL);
    while ((status = dd_bac_shoe_deal(&shoe, &round)) == DD_OK && coups < 200)
        coups++;
    CHECK(status == DD_E_SHOE_FINISHED && coups > 50);
    EXPECT(dd_bac_shoe_deal(&shoe, &round), DD_E_SHOE_FINISHED);
    EXPECT(dd_bac_shoe_collect(&shoe), DD_OK);

    /* Loading a stacked shoe. */
    memcpy(codes, good.cards, sizeof codes);
    EXPECT(dd_bac_shoe_load(&shoe, NULL, good.size), DD_E_NULL);
    EXPECT(dd_bac_shoe_load(NULL, codes, good.size), DD_E_NULL);
    EXPECT(dd_bac_shoe_load(&shoe, codes, good.size - 1), DD_E_RANGE);
    EXPECT(dd_bac_shoe_load(&shoe, codes, SIZE_MAX), DD_E_RANGE);
    codes[5] = 52;
    EXPECT(dd_bac_shoe_load(&shoe, codes, good.size), DD_E_BAD_CARD);
    codes[5] = codes[6]; /* now one card appears 9 times in 8 decks */
    for (i = 0; i < DD_BAC_MAX_CARDS && codes[i] != codes[6]; i++)
        ;
    EXPECT(dd_bac_shoe_load(&shoe, codes, good.size), i < 5 || good.cards[5] != codes[6] ? DD_E_RANGE : DD_OK);
    EXPECT(dd_bac_shoe_load(&shoe, good.cards, good.size), DD_OK);

    /* Every corrupted field is refused by every shoe call. */
    expect_corrupt_shoe_refused(&good, corrupt_decks, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_many_decks, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_size, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_next, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_cut, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_cut_from_end, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_state, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_rng, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_card, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_last_card, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_on_table, __LINE__);
    expect_corrupt_shoe_refused(&good, corrupt_discarded, __LINE__);

    EXPECT(dd_bac_simulate(1, 8, 14, 1, 1, 1, NULL), DD_E_NULL);
    EXPECT(dd_bac_simulate(1, 0, 14, 1, 1, 1, &sim), DD_E_RANGE);
    EXPECT(dd_bac_simulate(1, 8, 5, 1, 1, 1, &sim), DD_E_CUT_POSITION);
    EXPECT(dd_bac_simulate(0, 8, 14, 1, 1, 1, &sim), DD_OK);
    CHECK(sim.coups == 0);
    EXPECT(dd_bac_simulate(3, 1, 11, 1, 1, 1, &sim), DD_OK);
    CHECK(sim.shoes == 3 && sim.banker_wins + sim.player_wins + sim.ties == sim.coups && sim.coups > 0);
}

static void test_baccarat_settle(void)
{
    dd_bac_wager wagers[3] = {{DD_BAC_BANKER, 100}, {DD_BAC_PLAYER, 100}, {DD_BAC_TIE, 10}};
    dd_bac_payout out[3];
    dd_bac_settle_rules rules, bad_rules;
    size_t bad = 99;
    memset(&rules, 0, sizeof rules);
    rules.tie_odds = 8;
    rules.commission_bp = 500;
    rules.rounding_unit = 1;
    rules.rounding = DD_ROUND_FOR_PLAYER;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, NULL, out, &bad), DD_E_NULL);
    EXPECT(dd_bac_settle(NULL, 3, DD_BAC_BANKER, &rules, out, &bad), DD_E_NULL);
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &rules, NULL, &bad), DD_E_NULL);
    EXPECT(dd_bac_settle(NULL, 0, DD_BAC_BANKER, &rules, NULL, NULL), DD_OK);
    EXPECT(dd_bac_settle(wagers, 3, 3, &rules, out, &bad), DD_E_RANGE);
    EXPECT(dd_bac_settle(wagers, 3, -1, &rules, out, &bad), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.tie_odds = 7;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &bad_rules, out, &bad), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.commission_bp = DD_COMMISSION_MAX_BP + 1;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &bad_rules, out, &bad), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.rounding_unit = 0;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &bad_rules, out, &bad), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.rounding = 3;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &bad_rules, out, &bad), DD_E_RANGE);
    wagers[1].amount = 0;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &rules, out, &bad), DD_E_BAD_AMOUNT);
    CHECK(bad == 1);
    wagers[1].amount = INT64_MAX;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &rules, out, &bad), DD_E_OVERFLOW);
    CHECK(bad == 1);
    wagers[1].amount = 100;
    wagers[2].side = 3;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &rules, out, &bad), DD_E_RANGE);
    CHECK(bad == 2);
    wagers[2].side = DD_BAC_TIE;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_BANKER, &rules, out, &bad), DD_OK);
    CHECK(out[0].result == DD_WIN && out[0].commission == 5 && out[0].net == 95);
    CHECK(out[1].result == DD_LOSE && out[1].net == -100 && out[2].net == -10);
    /* The largest amount allowed, at the highest tie odds and commission, stays exact. */
    wagers[2].amount = DD_BAC_MAX_AMOUNT;
    rules.tie_odds = 9;
    rules.commission_bp = DD_COMMISSION_MAX_BP;
    rules.rounding = DD_ROUND_FOR_HOUSE;
    EXPECT(dd_bac_settle(wagers, 3, DD_BAC_TIE, &rules, out, &bad), DD_OK);
    CHECK(out[2].winnings == 9 * (int64_t)DD_BAC_MAX_AMOUNT);

    /* The commission box: the sum of the Banker wins, commission rounded once. */
    {
        int64_t wins[3] = {100, 100, 100}, owed = -1;
        rules.commission_bp = 500;
        rules.rounding = DD_ROUND_FOR_PLAYER;
        EXPECT(dd_bac_box_commission(wins, 3, NULL, &owed, &bad), DD_E_NULL);
        EXPECT(dd_bac_box_commission(wins, 3, &rules, NULL, &bad), DD_E_NULL);
        EXPECT(dd_bac_box_commission(NULL, 3, &rules, &owed, &bad), DD_E_NULL);
        EXPECT(dd_bac_box_commission(NULL, 0, &rules, &owed, NULL), DD_OK);
        CHECK(owed == 0);
        EXPECT(dd_bac_box_commission(wins, 3, &bad_rules, &owed, &bad), DD_E_RANGE);
        EXPECT(dd_bac_box_commission(wins, 3, &rules, &owed, &bad), DD_OK);
        CHECK(owed == 15);
        wins[1] = 0;
        EXPECT(dd_bac_box_commission(wins, 3, &rules, &owed, &bad), DD_E_BAD_AMOUNT);
        CHECK(bad == 1);
        wins[1] = DD_BAC_MAX_AMOUNT; /* the sum passes the limit at the second win */
        EXPECT(dd_bac_box_commission(wins, 3, &rules, &owed, &bad), DD_E_OVERFLOW);
        CHECK(bad == 1);
        wins[1] = INT64_MAX;
        EXPECT(dd_bac_box_commission(wins, 3, &rules, &owed, &bad), DD_E_OVERFLOW);
    }
}

static void test_baccarat_roles(void)
{
    dd_bac_seat_wager w[6] = {{3, DD_BAC_BANKER, 500, 0}, {5, DD_BAC_BANKER, 900, 1}, {7, DD_BAC_PLAYER, 2000, 0},
                              {9, DD_BAC_BANKER, 500, 0}, {5, DD_BAC_TIE, 100, 0}, {12, DD_BAC_TIE, 5000, 0}};
    int32_t seat = -1, order[DD_BAC_MAX_ROLE_WAGERS + 1];
    size_t offered = 99, bad = 99;
    dd_bac_seat_wager many[DD_BAC_MAX_ROLE_WAGERS + 1];
    int i;
    /* Banker: seat 5 (highest) declines; seats 3 and 9 wager equally, the lower seat is offered first. */
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_OK);
    CHECK(seat == 3 && offered == 3 && order[0] == 5 && order[1] == 3 && order[2] == 9 && bad == 6);
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_PLAYER, &seat, NULL, 0, &offered, &bad), DD_OK);
    CHECK(seat == 7 && offered == 1);
    w[2].declines = 1; /* everyone on the Player declines: the dealer acts (8.16) */
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_PLAYER, &seat, order, 6, &offered, &bad), DD_OK);
    CHECK(seat == DD_BAC_DEALER_ACTS && offered == 1);
    EXPECT(dd_bac_big_table_role(w + 4, 2, DD_BAC_BANKER, &seat, order, 2, &offered, &bad), DD_OK);
    CHECK(seat == DD_BAC_DEALER_ACTS && offered == 0); /* only Tie wagers: nobody bets the hand */
    EXPECT(dd_bac_big_table_role(NULL, 0, DD_BAC_BANKER, &seat, NULL, 0, &offered, NULL), DD_OK);
    CHECK(seat == DD_BAC_DEALER_ACTS && offered == 0);
    w[2].declines = 0;
    /* Refusals, nothing written. */
    seat = -5;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_TIE, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    CHECK(bad == 6);
    EXPECT(dd_bac_big_table_role(w, 6, 7, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 5, &offered, &bad), DD_E_RANGE);
    EXPECT(dd_bac_big_table_role(NULL, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_NULL);
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, NULL, order, 6, &offered, &bad), DD_E_NULL);
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, NULL, &bad), DD_E_NULL);
    w[3].seat = DD_BAC_BIG_TABLE_SEATS + 1;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    CHECK(bad == 3);
    w[3].seat = 0;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    w[3].seat = 3; /* a second Banker wager for seat 3 */
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    CHECK(bad == 3);
    w[3].seat = 7; /* seat 7 backs the Player already: not both hands */
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    CHECK(bad == 3);
    w[3].seat = 9;
    w[4].side = 3;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    CHECK(bad == 4);
    w[4].side = DD_BAC_TIE;
    w[1].declines = 2;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_RANGE);
    w[1].declines = 1;
    w[0].amount = 0;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_BAD_AMOUNT);
    CHECK(bad == 0);
    w[0].amount = DD_BAC_MAX_AMOUNT + 1;
    EXPECT(dd_bac_big_table_role(w, 6, DD_BAC_BANKER, &seat, order, 6, &offered, &bad), DD_E_OVERFLOW);
    CHECK(seat == -5);
    for (i = 0; i <= DD_BAC_MAX_ROLE_WAGERS; i++) {
        many[i].seat = 1 + i % DD_BAC_BIG_TABLE_SEATS;
        many[i].side = DD_BAC_TIE;
        many[i].amount = 1;
        many[i].declines = 0;
    }
    EXPECT(dd_bac_big_table_role(many, DD_BAC_MAX_ROLE_WAGERS + 1, DD_BAC_BANKER, &seat, NULL, 0, &offered, &bad),
           DD_E_RANGE);
    EXPECT(dd_bac_big_table_role(many, SIZE_MAX, DD_BAC_BANKER, &seat, NULL, 0, &offered, &bad), DD_E_RANGE);
}

/* ---- commission (both games) --------------------------------------------------------------------------- */

static void test_commission(void)
{
    int64_t c = -1;
    int32_t bp = -1;
    int rounding;
    EXPECT(dd_commission(100, 500, 1, DD_ROUND_FOR_PLAYER, NULL), DD_E_NULL);
    EXPECT(dd_commission(-1, 500, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_BAD_AMOUNT);
    EXPECT(dd_commission(INT64_MIN, 500, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_BAD_AMOUNT);
    EXPECT(dd_commission(DD_COMMISSION_MAX_AMOUNT + 1, 500, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_OVERFLOW);
    EXPECT(dd_commission(INT64_MAX, 500, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_OVERFLOW);
    EXPECT(dd_commission(100, -1, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_RANGE);
    EXPECT(dd_commission(100, DD_COMMISSION_MAX_BP + 1, 1, DD_ROUND_FOR_PLAYER, &c), DD_E_RANGE);
    EXPECT(dd_commission(100, 500, 0, DD_ROUND_FOR_PLAYER, &c), DD_E_RANGE);
    EXPECT(dd_commission(100, 500, DD_COMMISSION_MAX_UNIT + 1, DD_ROUND_FOR_PLAYER, &c), DD_E_RANGE);
    EXPECT(dd_commission(100, 500, 1, -1, &c), DD_E_RANGE);
    EXPECT(dd_commission(100, 500, 1, DD_ROUND_NEAREST + 1, &c), DD_E_RANGE);
    CHECK(c == -1); /* nothing written on an error */
    /* 5% of $12.30 is 61.5 cents: down 61, up 62, nearest 61 (a half goes the player's way). */
    EXPECT(dd_commission(1230, 500, 1, DD_ROUND_FOR_PLAYER, &c), DD_OK);
    CHECK(c == 61);
    EXPECT(dd_commission(1230, 500, 1, DD_ROUND_FOR_HOUSE, &c), DD_OK);
    CHECK(c == 62);
    EXPECT(dd_commission(1230, 500, 1, DD_ROUND_NEAREST, &c), DD_OK);
    CHECK(c == 61);
    EXPECT(dd_commission(1231, 500, 1, DD_ROUND_NEAREST, &c), DD_OK);
    CHECK(c == 62);
    /* To $1 chips: $12.30 owes 61.5 cents, 0 down and $1 up; never more than the amount won. */
    EXPECT(dd_commission(1230, 500, 100, DD_ROUND_FOR_PLAYER, &c), DD_OK);
    CHECK(c == 0);
    EXPECT(dd_commission(1230, 500, 100, DD_ROUND_FOR_HOUSE, &c), DD_OK);
    CHECK(c == 100);
    EXPECT(dd_commission(3, 500, 100, DD_ROUND_FOR_HOUSE, &c), DD_OK);
    CHECK(c == 3);
    EXPECT(dd_commission(0, 500, 1, DD_ROUND_FOR_HOUSE, &c), DD_OK);
    CHECK(c == 0);
    /* The extremes stay exact. */
    for (rounding = DD_ROUND_FOR_PLAYER; rounding <= DD_ROUND_NEAREST; rounding++) {
        EXPECT(dd_commission(DD_COMMISSION_MAX_AMOUNT, DD_COMMISSION_MAX_BP, 1, rounding, &c), DD_OK);
        CHECK(c == DD_COMMISSION_MAX_AMOUNT);
        EXPECT(dd_commission(DD_COMMISSION_MAX_AMOUNT, 1, DD_COMMISSION_MAX_UNIT, rounding, &c), DD_OK);
        CHECK(c == (rounding == DD_ROUND_FOR_HOUSE ? DD_COMMISSION_MAX_UNIT : 0));
        EXPECT(dd_commission(DD_COMMISSION_MAX_AMOUNT - 1, 9999, 7, rounding, &c), DD_OK);
        CHECK(c >= 0 && c <= DD_COMMISSION_MAX_AMOUNT - 1 && c % 7 == 0);
    }

    EXPECT(dd_commission_rate_bp(1, 20, NULL), DD_E_NULL);
    EXPECT(dd_commission_rate_bp(1, 20, &bp), DD_OK);
    CHECK(bp == 500);
    EXPECT(dd_commission_rate_bp(0, 1, &bp), DD_OK);
    CHECK(bp == 0);
    EXPECT(dd_commission_rate_bp(7, 7, &bp), DD_OK);
    CHECK(bp == DD_COMMISSION_MAX_BP);
    EXPECT(dd_commission_rate_bp(53, 2500, &bp), DD_OK); /* 2.12% */
    CHECK(bp == 212);
    EXPECT(dd_commission_rate_bp(INT64_MAX / 2, INT64_MAX - 1, &bp), DD_OK); /* exactly one half */
    CHECK(bp == 5000);
    bp = -7;
    EXPECT(dd_commission_rate_bp(17, 800, &bp), DD_E_RANGE); /* 2.125% is no whole basis point */
    EXPECT(dd_commission_rate_bp(1, 3, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(1, INT64_MAX, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(INT64_MAX - 1, INT64_MAX, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(21, 20, &bp), DD_E_RANGE); /* above 100% */
    EXPECT(dd_commission_rate_bp(-1, 20, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(1, 0, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(1, -20, &bp), DD_E_RANGE);
    EXPECT(dd_commission_rate_bp(INT64_MIN, INT64_MIN, &bp), DD_E_RANGE);
    CHECK(bp == -7);
}

/* ---- pai gow ------------------------------------------------------------------------------------------- */

static void test_paigow_hands(void)
{
    dd_pg_tile tile;
    dd_pg_hand hand;
    dd_pg_setting settings[3], setting, other;
    uint8_t tiles[4] = {0, 2, 4, 6}, outcomes[2];
    int value = -1, result = 9, outcome = -1;
    size_t bad = 99;
    {
        /* Equal-ranking settings: Teen Teen with both nines (3-6, 4-5) split two ways rank alike. */
        dd_pg_setting one = {{0, 22}, {1, 23}}, two = {{0, 23}, {1, 22}}, pair = {{0, 1}, {22, 23}};
        dd_pg_setting stranger = {{0, 23}, {1, 2}}, illegal = {{22, 23}, {0, 1}};
        int same = -1;
        EXPECT(dd_pg_settings_equivalent(&one, &two, &same), DD_OK);
        CHECK(same == 1);
        EXPECT(dd_pg_settings_equivalent(&one, &pair, &same), DD_OK);
        CHECK(same == 0);
        EXPECT(dd_pg_settings_equivalent(&one, &one, &same), DD_OK);
        CHECK(same == 1);
        same = -1;
        EXPECT(dd_pg_settings_equivalent(&one, &stranger, &same), DD_E_RANGE);
        EXPECT(dd_pg_settings_equivalent(&one, &illegal, &same), DD_E_ILLEGAL_SETTING);
        stranger.high[1] = 40;
        EXPECT(dd_pg_settings_equivalent(&stranger, &one, &same), DD_E_BAD_TILE);
        stranger.high[1] = 0;
        EXPECT(dd_pg_settings_equivalent(&stranger, &one, &same), DD_E_DUPLICATE_TILE);
        CHECK(same == -1);
        EXPECT(dd_pg_settings_equivalent(NULL, &one, &same), DD_E_NULL);
        EXPECT(dd_pg_settings_equivalent(&one, NULL, &same), DD_E_NULL);
        EXPECT(dd_pg_settings_equivalent(&one, &two, NULL), DD_E_NULL);
    }
    EXPECT(dd_pg_tile_info(-1, &tile), DD_E_BAD_TILE);
    EXPECT(dd_pg_tile_info(32, &tile), DD_E_BAD_TILE);
    EXPECT(dd_pg_tile_info(INT32_MAX, &tile), DD_E_BAD_TILE);
    EXPECT(dd_pg_tile_info(0, NULL), DD_E_NULL);
    EXPECT(dd_pg_tile_info(31, &tile), DD_OK);
    CHECK(tile.is_gee_joon && tile.kind == DD_PG_GEE_JOON);
    EXPECT(dd_pg_hand_value(0, 32, &value), DD_E_BAD_TILE);
    EXPECT(dd_pg_hand_value(-5, 3, &value), DD_E_BAD_TILE);
    EXPECT(dd_pg_hand_value(3, 3, &value), DD_E_DUPLICATE_TILE);
    EXPECT(dd_pg_hand_value(0, 1, NULL), DD_E_NULL);
    EXPECT(dd_pg_hand_describe(0, 1, NULL), DD_E_NULL);
    EXPECT(dd_pg_hand_describe(0, 0, &hand), DD_E_DUPLICATE_TILE);
    EXPECT(dd_pg_hand_describe(0, 1, &hand), DD_OK);
    CHECK(hand.category == DD_PG_PAIR);
    EXPECT(dd_pg_compare(0, 1, 2, 3, NULL), DD_E_NULL);
    EXPECT(dd_pg_compare(0, 1, 2, 40, &result), DD_E_BAD_TILE);
    EXPECT(dd_pg_compare(0, 0, 2, 3, &result), DD_E_DUPLICATE_TILE);
    EXPECT(dd_pg_compare(0, 1, 0, 1, &result), DD_OK); /* hands are ranked, not dealt: may share tiles */
    CHECK(result == 0);

    EXPECT(dd_pg_settings(NULL, settings), DD_E_NULL);
    EXPECT(dd_pg_settings(tiles, NULL), DD_E_NULL);
    tiles[3] = 0;
    EXPECT(dd_pg_settings(tiles, settings), DD_E_DUPLICATE_TILE);
    tiles[3] = 200;
    EXPECT(dd_pg_settings(tiles, settings), DD_E_BAD_TILE);
    tiles[3] = 6;
    EXPECT(dd_pg_settings(tiles, settings), DD_OK);
    EXPECT(dd_pg_setting_check(NULL), DD_E_NULL);
    setting.high[0] = 30; /* Gee Joon 1-2 and 3-4... a low hand over a pair of Teen is illegal */
    setting.high[1] = 28;
    setting.low[0] = 0;
    setting.low[1] = 1;
    EXPECT(dd_pg_setting_check(&setting), DD_E_ILLEGAL_SETTING);
    setting.low[1] = 99;
    EXPECT(dd_pg_setting_check(&setting), DD_E_BAD_TILE);
    setting = settings[0];
    other.high[0] = 8;
    other.high[1] = 10;
    other.low[0] = 12;
    other.low[1] = 14;
    EXPECT(dd_pg_match(NULL, &other, &outcome), DD_E_NULL);
    EXPECT(dd_pg_match(&setting, NULL, &outcome), DD_E_NULL);
    EXPECT(dd_pg_match(&setting, &other, NULL), DD_E_NULL);
    EXPECT(dd_pg_match(&setting, &other, &outcome), DD_OK);
    CHECK(outcome >= DD_LOSE && outcome <= DD_WIN);
    /* The same physical tiles on both sides. */
    EXPECT(dd_pg_match(&setting, &setting, &outcome), DD_E_DUPLICATE_TILE);
    {
        dd_pg_setting players[2] = {settings[0], settings[1]}, banks[2];
        banks[0].high[0] = 8;
        banks[0].high[1] = 10;
        banks[0].low[0] = 12;
        banks[0].low[1] = 14;
        banks[1] = players[1];
        EXPECT(dd_pg_match_many(players, banks, 2, outcomes, &bad), DD_E_DUPLICATE_TILE);
        CHECK(bad == 1);
        EXPECT(dd_pg_match_many(NULL, banks, 2, outcomes, &bad), DD_E_NULL);
        EXPECT(dd_pg_match_many(players, banks, 1, outcomes, &bad), DD_OK);
        CHECK(bad == 1);
    }
}

static void test_paigow_deal_and_settle(void)
{
    dd_rng rng;
    dd_pg_deal deal;
    dd_pg_settle_rules rules, bad_rules;
    dd_pg_wager wagers[3] = {{100, DD_WIN}, {100, DD_LOSE}, {50, DD_PUSH}};
    dd_pg_wager_result results[3];
    dd_pg_settlement summary;
    int64_t commission = -1;
    dd_rng_seed(&rng, 8);
    EXPECT(dd_pg_deal_tiles(NULL, 1, &deal), DD_E_NULL);
    EXPECT(dd_pg_deal_tiles(&rng, 1, NULL), DD_E_NULL);
    EXPECT(dd_pg_deal_tiles(&rng, 0, &deal), DD_E_RANGE);
    EXPECT(dd_pg_deal_tiles(&rng, 9, &deal), DD_E_RANGE);
    EXPECT(dd_pg_deal_tiles(&rng, 1, &deal), DD_OK);
    rng.used = 77;
    EXPECT(dd_pg_deal_tiles(&rng, 1, &deal), DD_E_STATE);

    EXPECT(dd_pg_settle_defaults(NULL), DD_E_NULL);
    EXPECT(dd_pg_settle_defaults(&rules), DD_OK);
    EXPECT(dd_pg_commission(100, NULL, &commission), DD_E_NULL);
    EXPECT(dd_pg_commission(100, &rules, NULL), DD_E_NULL);
    EXPECT(dd_pg_commission(-1, &rules, &commission), DD_E_BAD_AMOUNT);
    EXPECT(dd_pg_commission(DD_PG_MAX_AMOUNT + 1, &rules, &commission), DD_E_OVERFLOW);
    EXPECT(dd_pg_commission(DD_PG_MAX_AMOUNT, &rules, &commission), DD_OK);
    CHECK(commission == DD_PG_MAX_AMOUNT / 20);
    bad_rules = rules;
    bad_rules.banking = 2;
    EXPECT(dd_pg_commission(100, &bad_rules, &commission), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.rounding_unit = 0;
    EXPECT(dd_pg_commission(100, &bad_rules, &commission), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.commission_bp = -1;
    EXPECT(dd_pg_commission(100, &bad_rules, &commission), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.rounding = 7;
    EXPECT(dd_pg_commission(100, &bad_rules, &commission), DD_E_RANGE);
    bad_rules = rules;
    bad_rules.co_banker_wager = 5; /* a co-banker's wager while the house banks alone */
    EXPECT(dd_pg_commission(100, &bad_rules, &commission), DD_E_RANGE);

    EXPECT(dd_pg_settle(wagers, 3, NULL, results, &summary), DD_E_NULL);
    EXPECT(dd_pg_settle(wagers, 3, &rules, results, NULL), DD_E_NULL);
    EXPECT(dd_pg_settle(NULL, 3, &rules, results, &summary), DD_E_NULL);
    EXPECT(dd_pg_settle(wagers, 3, &rules, NULL, &summary), DD_E_NULL);
    EXPECT(dd_pg_settle(wagers, DD_PG_MAX_WAGERS + 1, &rules, results, &summary), DD_E_RANGE);
    EXPECT(dd_pg_settle(wagers, SIZE_MAX, &rules, results, &summary), DD_E_RANGE);
    wagers[2].outcome = 3;
    EXPECT(dd_pg_settle(wagers, 3, &rules, results, &summary), DD_E_BAD_OUTCOME);
    wagers[2].outcome = DD_PUSH;
    wagers[2].amount = -1;
    EXPECT(dd_pg_settle(wagers, 3, &rules, results, &summary), DD_E_BAD_AMOUNT);
    wagers[2].amount = 50;
    EXPECT(dd_pg_settle(wagers, 3, &rules, results, &summary), DD_OK);
    CHECK(summary.collected == 100 && summary.winnings == 100 && summary.commission == 5);
    CHECK(results[0].paid == 95 && results[1].net == -100 && results[2].net == 0);
    /* Co-banking: winnings beyond the losing area and both co-banking wagers leave the bank short. */
    rules.banking = DD_PG_CO_BANKING;
    rules.co_banker_wager = 10;
    wagers[0].amount = 1000;
    EXPECT(dd_pg_settle(wagers, 3, &rules, results, &summary), DD_E_BANK_SHORT);
    CHECK(summary.shortfall == 900);
}

/* ---- house ways ------------------------------------------------------------------------------------------ */

static void test_houseway(void)
{
    /* The smallest useful way: one rule, no conditions, one step (no setting dominated by another). */
    int32_t program[] = {DD_HW_MAGIC, 1, 0, 0, 1, DD_HW_S_UNDOMINATED, 0};
    int32_t dead[] = {DD_HW_MAGIC, 2, 0, 0, 1, DD_HW_S_UNDOMINATED, 0, 0, 1, DD_HW_S_UNDOMINATED, 0};
    int32_t word;
    static dd_hw_table table, corrupt;
    dd_hw_diagnosis diagnosis;
    dd_hw_analysis analysis;
    dd_hw_setting_value values[3];
    uint8_t tiles[8] = {0, 2, 4, 6, 1, 3, 5, 7}, setting[8], kinds[4];
    int16_t rules[2];
    int rule = -1, index = -1;
    size_t bad = 99, cut;

    {
        int32_t threshold = -1;
        EXPECT(dd_hw_points_threshold(3, DD_PG_GOR, &threshold), DD_OK);
        CHECK(threshold == 32 * 3 + DD_PG_GOR);
        EXPECT(dd_hw_points_threshold(0, DD_HW_ANY_TILE, &threshold), DD_OK);
        EXPECT(dd_hw_points_threshold(10, 1, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_points_threshold(-1, 1, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_points_threshold(3, 0, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_points_threshold(3, 17, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_points_threshold(3, 4, NULL), DD_E_NULL);
        EXPECT(dd_hw_named_threshold(DD_PG_HIGH_NINE, &threshold), DD_OK);
        CHECK(threshold == DD_HW_NAMED_THRESHOLD + 22);
        EXPECT(dd_hw_named_threshold(DD_PG_GONG, &threshold), DD_OK);
        CHECK(threshold == DD_HW_NAMED_THRESHOLD + 20);
        EXPECT(dd_hw_named_threshold(DD_PG_WONG, &threshold), DD_OK);
        CHECK(threshold == DD_HW_NAMED_THRESHOLD + 18);
        EXPECT(dd_hw_named_threshold(DD_PG_PAIR, &threshold), DD_OK);
        CHECK(threshold == DD_HW_NAMED_THRESHOLD + 16);
        EXPECT(dd_hw_named_threshold(DD_PG_POINTS, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_named_threshold(5, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_named_threshold(-1, &threshold), DD_E_RANGE);
        EXPECT(dd_hw_named_threshold(DD_PG_PAIR, NULL), DD_E_NULL);
    }
    EXPECT(dd_hw_build(NULL, 7, &table, &diagnosis), DD_E_NULL);
    EXPECT(dd_hw_build(program, 7, NULL, &diagnosis), DD_E_NULL);
    EXPECT(dd_hw_build(program, 7, &table, NULL), DD_E_NULL);
    EXPECT(dd_hw_build(program, 2, &table, &diagnosis), DD_E_HOUSE_WAY);
    CHECK(diagnosis.reason == DD_HW_MALFORMED);
    EXPECT(dd_hw_build(program, (size_t)DD_HW_MAX_PROGRAM + 1, &table, &diagnosis), DD_E_HOUSE_WAY);
    EXPECT(dd_hw_build(program, SIZE_MAX, &table, &diagnosis), DD_E_HOUSE_WAY);
    /* Every truncation of a good program is malformed, never read past its end. */
    for (cut = 0; cut < sizeof program / sizeof program[0]; cut++)
        EXPECT(dd_hw_build(program, cut, &table, &diagnosis), DD_E_HOUSE_WAY);
    word = program[0];
    program[0] = 0;
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    program[0] = word;
    program[1] = 0;
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    program[1] = DD_HW_MAX_RULES + 1;
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    program[1] = 1;
    program[5] = 999; /* an unknown step */
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    CHECK(diagnosis.reason == DD_HW_MALFORMED && diagnosis.rule == 0);
    program[5] = DD_HW_S_UNDOMINATED;
    program[6] = -1; /* a negative argument count */
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    program[6] = INT32_MAX; /* an argument count far past the end */
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_E_HOUSE_WAY);
    program[6] = 0;
    EXPECT(dd_hw_build(dead, sizeof dead / sizeof dead[0], &table, &diagnosis), DD_E_HOUSE_WAY);
    CHECK(diagnosis.reason == DD_HW_DEAD_RULE && diagnosis.rule == 1);
    EXPECT(dd_hw_build(program, 7, &table, &diagnosis), DD_OK);
    CHECK(diagnosis.reason == DD_HW_FINE && table.rule_count == 1);

    EXPECT(dd_hw_hand_kinds(-1, kinds), DD_E_RANGE);
    EXPECT(dd_hw_hand_kinds(DD_HW_HANDS, kinds), DD_E_RANGE);
    EXPECT(dd_hw_hand_kinds(0, NULL), DD_E_NULL);
    EXPECT(dd_hw_hand_kinds(DD_HW_HANDS - 1, kinds), DD_OK);
    EXPECT(dd_hw_hand_index(NULL, &index), DD_E_NULL);
    EXPECT(dd_hw_hand_index(tiles, NULL), DD_E_NULL);
    EXPECT(dd_hw_hand_index(tiles, &index), DD_OK);
    CHECK(index >= 0 && index < DD_HW_HANDS);

    EXPECT(dd_hw_set(NULL, tiles, setting, &rule), DD_E_NULL);
    EXPECT(dd_hw_set(&table, NULL, setting, &rule), DD_E_NULL);
    EXPECT(dd_hw_set(&table, tiles, NULL, &rule), DD_E_NULL);
    EXPECT(dd_hw_set(&table, tiles, setting, NULL), DD_E_NULL);
    EXPECT(dd_hw_set(&table, tiles, setting, &rule), DD_OK);
    CHECK(rule == 0);
    tiles[3] = tiles[0];
    EXPECT(dd_hw_set(&table, tiles, setting, &rule), DD_E_DUPLICATE_TILE);
    tiles[3] = 32;
    EXPECT(dd_hw_set(&table, tiles, setting, &rule), DD_E_BAD_TILE);
    EXPECT(dd_hw_set_many(&table, tiles, 2, setting, rules, &bad), DD_E_BAD_TILE);
    CHECK(bad == 0);
    tiles[3] = 6;
    EXPECT(dd_hw_set_many(&table, tiles, 2, setting, rules, NULL), DD_E_NULL);
    EXPECT(dd_hw_set_many(&table, tiles, SIZE_MAX, setting, rules, &bad), DD_E_RANGE);
    EXPECT(dd_hw_set_many(&table, tiles, 2, setting, rules, &bad), DD_OK);
    CHECK(bad == 2);

    /* Corrupted tables: refused, not read out of bounds. */
    corrupt = table;
    corrupt.rule_count = 0;
    EXPECT(dd_hw_set(&corrupt, tiles, setting, &rule), DD_E_STATE);
    EXPECT(dd_hw_analyze(&corrupt, &table, 0.05, &analysis), DD_E_STATE);
    EXPECT(dd_hw_setting_values(&corrupt, tiles, 0.05, values), DD_E_STATE);
    corrupt = table;
    memset(corrupt.rule, 0x7F, sizeof corrupt.rule); /* every hand decided by rule 32639 */
    EXPECT(dd_hw_set(&corrupt, tiles, setting, &rule), DD_E_STATE);
    corrupt = table;
    memset(corrupt.key, 0xFF, sizeof corrupt.key);
    EXPECT(dd_hw_set(&corrupt, tiles, setting, &rule), DD_E_STATE);
    EXPECT(dd_hw_analyze(&table, &corrupt, 0.05, &analysis), DD_E_STATE);
    EXPECT(dd_hw_setting_values(&corrupt, tiles, 0.05, values), DD_E_STATE);
    corrupt = table;
    memset(corrupt.high, 0xEE, sizeof corrupt.high); /* chosen kinds that match no setting of the hand */
    EXPECT(dd_hw_set(&corrupt, tiles, setting, &rule), DD_E_STATE);

    EXPECT(dd_hw_analyze(NULL, &table, 0.05, &analysis), DD_E_NULL);
    EXPECT(dd_hw_analyze(&table, &table, 0.05, NULL), DD_E_NULL);
    EXPECT(dd_hw_analyze(&table, &table, -0.01, &analysis), DD_E_RANGE);
    EXPECT(dd_hw_analyze(&table, &table, 1.5, &analysis), DD_E_RANGE);
    EXPECT(dd_hw_analyze(&table, &table, NAN, &analysis), DD_E_RANGE);
    EXPECT(dd_hw_setting_values(NULL, tiles, 0.05, values), DD_E_NULL);
    EXPECT(dd_hw_setting_values(&table, NULL, 0.05, values), DD_E_NULL);
    EXPECT(dd_hw_setting_values(&table, tiles, NAN, values), DD_E_RANGE);
    EXPECT(dd_hw_setting_values(&table, tiles, 0.05, values), DD_OK);
    CHECK(values[0].deals == 20475);
    EXPECT(dd_hw_bank_setting_values(NULL, tiles, 0.05, values), DD_E_NULL);
    EXPECT(dd_hw_bank_setting_values(&table, NULL, 0.05, values), DD_E_NULL);
    EXPECT(dd_hw_bank_setting_values(&table, tiles, 0.05, NULL), DD_E_NULL);
    EXPECT(dd_hw_bank_setting_values(&table, tiles, NAN, values), DD_E_RANGE);
    EXPECT(dd_hw_bank_setting_values(&table, tiles, 2.0, values), DD_E_RANGE);
    corrupt = table;
    memset(corrupt.key, 0xFF, sizeof corrupt.key);
    EXPECT(dd_hw_bank_setting_values(&corrupt, tiles, 0.05, values), DD_E_STATE);
    corrupt.key[0] = table.key[0];
    corrupt.rule_count = -3;
    EXPECT(dd_hw_bank_setting_values(&corrupt, tiles, 0.05, values), DD_E_STATE);
    EXPECT(dd_hw_bank_setting_values(&table, tiles, 0.05, values), DD_OK);
    CHECK(values[0].deals == 20475);
    tiles[1] = tiles[0];
    EXPECT(dd_hw_setting_values(&table, tiles, 0.05, values), DD_E_DUPLICATE_TILE);
    EXPECT(dd_hw_bank_setting_values(&table, tiles, 0.05, values), DD_E_DUPLICATE_TILE);
}

/* ---- chips: paying in chips and colour (dd_chips.h) ------------------------------------------------------ */

static int64_t chip_count(const int64_t *counts, size_t n)
{
    int64_t total = 0;
    size_t i;
    for (i = 0; i < n; i++)
        total += counts[i];
    return total;
}

static void test_chips(void)
{
    const int64_t float_chips[4] = {1, 5, 25, 100};
    const int64_t odd_chips[3] = {1, 3, 4};          /* not canonical: greedy would pay 6 as 4 + 1 + 1 */
    const int64_t gapped[2] = {5, 25};
    const int64_t repeated[2] = {5, 5};
    int64_t counts[DD_CHIPS_MAX_DENOMINATIONS], chips = -1, colour = -1, change = -1, value = -1;
    int64_t seven_25s[4] = {0, 0, 7, 0}, mixed[4] = {0, 0, 3, 1}, short_sum[4] = {0, 0, 6, 0};
    int64_t negative[4] = {0, 0, -1, 0}, huge[4] = {INT64_MAX, INT64_MAX, 0, 0};
    int32_t why = -1;
    size_t i;

    EXPECT(dd_chips_breakdown(175, float_chips, 4, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
    CHECK(chips == 4 && counts[3] == 1 && counts[2] == 3 && counts[0] == 0 && counts[1] == 0);
    /* The house breakdown with a $25 cap: 175 as 7 x 25 (the example of issue 15). */
    EXPECT(dd_chips_breakdown(175, float_chips, 4, DD_CHIPS_LARGEST_CAP, 25, counts, &chips), DD_OK);
    CHECK(chips == 7 && counts[2] == 7 && counts[3] == 0);
    EXPECT(dd_chips_breakdown(6, odd_chips, 3, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
    CHECK(chips == 2 && counts[1] == 2);
    EXPECT(dd_chips_breakdown(0, float_chips, 4, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
    CHECK(chips == 0 && chip_count(counts, 4) == 0);
    /* A large amount: the bound takes the largest chips first, the rest is searched. */
    EXPECT(dd_chips_breakdown(DD_CHIPS_MAX_AMOUNT, odd_chips, 3, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
    CHECK(counts[0] + 3 * counts[1] + 4 * counts[2] == DD_CHIPS_MAX_AMOUNT && chips == DD_CHIPS_MAX_AMOUNT / 4);
    for (i = 0; i < 200; i++) { /* every amount up to 200 against a brute-force count */
        int64_t a, b, c, best = INT64_MAX;
        for (a = 0; a <= (int64_t)i; a++)
            for (b = 0; 3 * b <= (int64_t)i - a; b++) {
                c = ((int64_t)i - a - 3 * b);
                if (c % 4 == 0 && a + b + c / 4 < best)
                    best = a + b + c / 4;
            }
        EXPECT(dd_chips_breakdown((int64_t)i, odd_chips, 3, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
        CHECK(chips == best && counts[0] + 3 * counts[1] + 4 * counts[2] == (int64_t)i);
    }
    EXPECT(dd_chips_breakdown(12, gapped, 2, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_NOT_PAYABLE);
    EXPECT(dd_chips_breakdown(15, gapped, 2, DD_CHIPS_FEWEST, 0, counts, &chips), DD_OK);
    CHECK(counts[0] == 3 && counts[1] == 0);
    /* Bad arguments. */
    EXPECT(dd_chips_breakdown(175, NULL, 4, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_NULL);
    EXPECT(dd_chips_breakdown(175, float_chips, 4, DD_CHIPS_FEWEST, 0, NULL, &chips), DD_E_NULL);
    EXPECT(dd_chips_breakdown(175, float_chips, 4, DD_CHIPS_FEWEST, 0, counts, NULL), DD_E_NULL);
    EXPECT(dd_chips_breakdown(175, float_chips, 0, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_RANGE);
    EXPECT(dd_chips_breakdown(175, float_chips, DD_CHIPS_MAX_DENOMINATIONS + 1, DD_CHIPS_FEWEST, 0, counts, &chips),
           DD_E_RANGE);
    EXPECT(dd_chips_breakdown(175, repeated, 2, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_RANGE);
    EXPECT(dd_chips_breakdown(175, float_chips, 4, 2, 0, counts, &chips), DD_E_RANGE);
    EXPECT(dd_chips_breakdown(175, float_chips, 4, DD_CHIPS_LARGEST_CAP, 50, counts, &chips), DD_E_RANGE);
    EXPECT(dd_chips_breakdown(-1, float_chips, 4, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_BAD_AMOUNT);
    EXPECT(dd_chips_breakdown(DD_CHIPS_MAX_AMOUNT + 1, float_chips, 4, DD_CHIPS_FEWEST, 0, counts, &chips),
           DD_E_OVERFLOW);
    {
        const int64_t far_apart[2] = {DD_CHIPS_MAX_VALUE - 1, DD_CHIPS_MAX_VALUE}; /* a search too large */
        const int64_t too_big[1] = {DD_CHIPS_MAX_VALUE + 1};
        EXPECT(dd_chips_breakdown(5, far_apart, 2, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_RANGE);
        EXPECT(dd_chips_breakdown(5, too_big, 1, DD_CHIPS_FEWEST, 0, counts, &chips), DD_E_RANGE);
    }

    /* Checking a trainee's breakdown. */
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, mixed, &why), DD_OK);
    CHECK(why == DD_CHIPS_RIGHT);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, seven_25s, &why), DD_OK);
    CHECK(why == DD_CHIPS_TOO_MANY);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_LARGEST_CAP, 25, seven_25s, &why), DD_OK);
    CHECK(why == DD_CHIPS_RIGHT);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_LARGEST_CAP, 25, mixed, &why), DD_OK);
    CHECK(why == DD_CHIPS_ABOVE_CAP);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, short_sum, &why), DD_OK);
    CHECK(why == DD_CHIPS_WRONG_SUM);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, huge, &why), DD_OK);
    CHECK(why == DD_CHIPS_WRONG_SUM);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, negative, &why), DD_E_RANGE);
    EXPECT(dd_chips_check(12, gapped, 2, DD_CHIPS_FEWEST, 0, seven_25s, &why), DD_E_NOT_PAYABLE);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, NULL, &why), DD_E_NULL);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_FEWEST, 0, mixed, NULL), DD_E_NULL);
    EXPECT(dd_chips_check(175, NULL, 4, DD_CHIPS_FEWEST, 0, mixed, &why), DD_E_NULL);
    EXPECT(dd_chips_check(-5, float_chips, 4, DD_CHIPS_FEWEST, 0, mixed, &why), DD_E_BAD_AMOUNT);
    EXPECT(dd_chips_check(175, float_chips, 4, DD_CHIPS_LARGEST_CAP, 7, mixed, &why), DD_E_RANGE);

    /* Colour: "$500 for 20 colour at $25", and back. */
    EXPECT(dd_chips_colour_in(500, 25, &colour, &change), DD_OK);
    CHECK(colour == 20 && change == 0);
    EXPECT(dd_chips_colour_in(510, 25, &colour, &change), DD_OK);
    CHECK(colour == 20 && change == 10);
    EXPECT(dd_chips_colour_in(510, 0, &colour, &change), DD_E_RANGE);
    EXPECT(dd_chips_colour_in(-1, 25, &colour, &change), DD_E_BAD_AMOUNT);
    EXPECT(dd_chips_colour_in(DD_CHIPS_MAX_AMOUNT + 1, 25, &colour, &change), DD_E_OVERFLOW);
    EXPECT(dd_chips_colour_in(500, 25, NULL, &change), DD_E_NULL);
    EXPECT(dd_chips_colour_in(500, 25, &colour, NULL), DD_E_NULL);
    EXPECT(dd_chips_colour_out(20, 25, &value), DD_OK);
    CHECK(value == 500);
    EXPECT(dd_chips_colour_out(-1, 25, &value), DD_E_BAD_AMOUNT);
    EXPECT(dd_chips_colour_out(20, DD_CHIPS_MAX_VALUE + 1, &value), DD_E_RANGE);
    EXPECT(dd_chips_colour_out(DD_CHIPS_MAX_AMOUNT, 2, &value), DD_E_OVERFLOW);
    EXPECT(dd_chips_colour_out(20, 25, NULL), DD_E_NULL);
}

/* ---- irregularities (dd_irregularity.h) ------------------------------------------------------------------- */

static int ruled(dd_irr_facts facts, int action, const char *rule)
{
    dd_irr_ruling ruling;
    return dd_irr_rule(&facts, &ruling) == DD_OK && ruling.action == action && strcmp(ruling.rule, rule) == 0;
}

static void test_irregularities(void)
{
    dd_irr_facts f;
    dd_irr_ruling ruling;
    int32_t actions[DD_IRR_MAX_ACTIONS];
    size_t count = 0;
    int kind;

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_ROULETTE_SPIN;
    f.ball_with_wheel = 1;
    CHECK(ruled(f, DD_IRR_CALL_NO_SPIN, "6.1"));
    f.ball_with_wheel = 0;
    CHECK(ruled(f, DD_IRR_SPIN_STANDS, "4.7"));
    f.ball_with_wheel = 2;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_ROULETTE_WAGER_TOUCHED;
    f.change = DD_IRR_REMOVE;
    f.outside = 1;
    f.wager_paid = 1;
    CHECK(ruled(f, DD_IRR_MAY_TAKE_PAID_OUTSIDE, "4.9"));     /* 4.9: a paid outside winner may go */
    f.outside = 0;
    CHECK(ruled(f, DD_IRR_WAIT_UNTIL_PAID, "4.8"));           /* an inside wager waits for its area */
    f.area_paid = 1;
    CHECK(ruled(f, DD_IRR_MAY_TOUCH, "4.8"));
    f.wager_paid = 0;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);            /* an area paid but not this winner */
    f.area_paid = 0;
    f.outside = 1;
    f.change = DD_IRR_ADD;
    CHECK(ruled(f, DD_IRR_WAIT_UNTIL_PAID, "4.8"));
    f.change = 3;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_BACCARAT_NO_TAKER;
    CHECK(ruled(f, DD_IRR_DEALER_ACTS, "8.16"));
    f.wagers_on_hand = 2;
    CHECK(ruled(f, DD_IRR_OFFER_ROLE, "8.8-8.9"));
    f.all_decline = 1;
    CHECK(ruled(f, DD_IRR_DEALER_ACTS, "8.8(d), 8.16"));
    f.wagers_on_hand = 0;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);
    f.wagers_on_hand = 15;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_BACCARAT_CUTTING_CARD;
    f.cut_card = DD_IRR_CUT_DURING_ROUND;
    CHECK(ruled(f, DD_IRR_FINISH_THEN_LAST_COUP, "9.8"));
    f.cut_card = DD_IRR_CUT_FIRST_CARD;
    CHECK(ruled(f, DD_IRR_LAST_COUP_NOW, "9.9"));
    f.cut_card = DD_IRR_CUT_LAST_COUP_DEALT;
    CHECK(ruled(f, DD_IRR_NO_MORE_CARDS, "9.8-9.9"));
    f.cut_card = DD_IRR_CUT_STILL_IN_SHOE;
    CHECK(ruled(f, DD_IRR_DEAL_ON, "9.8"));
    f.cut_card = -1;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_PAIGOW_EXPOSED_TILES;
    f.tiles_exposed = 1;
    CHECK(ruled(f, DD_IRR_PERFORM_LAJA, "12.1"));
    f.phase = DD_IRR_DURING_LAJA;
    f.tiles_exposed = 3;
    CHECK(ruled(f, DD_IRR_RESHUFFLE, "12.2"));
    f.tiles_exposed = 2;
    CHECK(ruled(f, DD_IRR_CARRY_ON, "12.2"));
    f.tiles_exposed = 33;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);
    f.tiles_exposed = 1;
    f.phase = 2;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_PAIGOW_BANK_HAND;
    f.co_banking = 1;
    f.request = DD_IRR_EXPOSE_TILES;
    f.tiles_to_expose = 2;
    CHECK(ruled(f, DD_IRR_MAY_PERMIT_EXPOSE, "(e)"));
    f.tiles_to_expose = 3;
    CHECK(ruled(f, DD_IRR_REFUSE_EXPOSE, "(e)"));
    f.tiles_to_expose = 5;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);
    f.co_banking = 0;
    f.tiles_to_expose = 2;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);           /* nobody co-banks: nobody is shown tiles */
    f.request = DD_IRR_SET_BANK_NOW;
    CHECK(ruled(f, DD_IRR_WAIT_FOR_OTHER_HANDS, "11.1(c)"));
    f.others_set = 1;
    CHECK(ruled(f, DD_IRR_SET_BANK_HOUSE_WAY, "11.1(c)"));
    f.co_banking = 1;
    CHECK(ruled(f, DD_IRR_SET_BANK_HOUSE_WAY, "(e)"));
    f.request = 9;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_PAIGOW_WAGER_ON_BOX;
    f.box = 1;
    f.players = 1;
    CHECK(ruled(f, DD_IRR_REFUSE_BOX_ONE, "11.1(b)"));
    f.box = 4;
    f.players = 3;
    CHECK(ruled(f, DD_IRR_ACCEPT_WAGER, "6.5"));
    f.players = 4;
    CHECK(ruled(f, DD_IRR_REFUSE_FOURTH_PLAYER, "6.5"));
    f.banker_box = 4;
    f.players = 1;
    CHECK(ruled(f, DD_IRR_REFUSE_BANKER_BOX, "6.5"));
    f.box = 1;                                              /* with a player/banker box 1 takes wagers */
    CHECK(ruled(f, DD_IRR_ACCEPT_WAGER, "6.5"));
    f.box = 9;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);

    memset(&f, 0, sizeof f);
    f.kind = DD_IRR_KIND_COUNT;
    EXPECT(dd_irr_rule(&f, &ruling), DD_E_RANGE);
    EXPECT(dd_irr_rule(NULL, &ruling), DD_E_NULL);
    EXPECT(dd_irr_rule(&f, NULL), DD_E_NULL);

    for (kind = 0; kind < DD_IRR_KIND_COUNT; kind++) {
        EXPECT(dd_irr_actions(kind, actions, DD_IRR_MAX_ACTIONS, &count), DD_OK);
        CHECK(count >= 2 && count <= DD_IRR_MAX_ACTIONS);
        EXPECT(dd_irr_actions(kind, actions, 1, &count), DD_E_RANGE);
    }
    EXPECT(dd_irr_actions(DD_IRR_KIND_COUNT, actions, DD_IRR_MAX_ACTIONS, &count), DD_E_RANGE);
    EXPECT(dd_irr_actions(-1, actions, DD_IRR_MAX_ACTIONS, &count), DD_E_RANGE);
    EXPECT(dd_irr_actions(0, NULL, DD_IRR_MAX_ACTIONS, &count), DD_E_NULL);
    EXPECT(dd_irr_actions(0, actions, DD_IRR_MAX_ACTIONS, NULL), DD_E_NULL);
}

/* ---- pai gow procedure and the baccarat coup check ----------------------------------------------------------- */

static void test_procedure_and_coup_check(void)
{
    uint8_t order[8];
    size_t count = 0;
    int box = 0;
    const char *rule = NULL;
    const uint8_t player_drew[3] = {1, 4, 7}, banker_drew[3] = {13, 2, 3}, two[2] = {10, 5}, natural[2] = {4, 5};
    const uint8_t bad[2] = {0, 5};
    dd_bac_hands_check check;

    EXPECT(dd_pg_chung_box(0, &box, &rule), DD_OK);
    CHECK(box == 1 && strcmp(rule, "11.1(a)") == 0);
    EXPECT(dd_pg_chung_box(6, &box, &rule), DD_OK);
    CHECK(box == 6 && strcmp(rule, "11.2(a)") == 0);
    EXPECT(dd_pg_chung_box(9, &box, &rule), DD_E_RANGE);
    EXPECT(dd_pg_chung_box(-1, &box, &rule), DD_E_RANGE);
    EXPECT(dd_pg_chung_box(1, NULL, &rule), DD_E_NULL);
    EXPECT(dd_pg_chung_box(1, &box, NULL), DD_E_NULL);
    EXPECT(dd_pg_settling_order(0, order, 8, &count), DD_OK);
    CHECK(count == 7 && order[0] == 2 && order[6] == 8);
    EXPECT(dd_pg_settling_order(6, order, 7, &count), DD_OK);
    CHECK(count == 7 && order[0] == 7 && order[1] == 8 && order[2] == 1 && order[6] == 5);
    EXPECT(dd_pg_settling_order(6, order, 6, &count), DD_E_RANGE);
    EXPECT(dd_pg_settling_order(9, order, 8, &count), DD_E_RANGE);
    EXPECT(dd_pg_settling_order(1, NULL, 8, &count), DD_E_NULL);
    EXPECT(dd_pg_settling_order(1, order, 8, NULL), DD_E_NULL);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BANKER, 0, &box), DD_OK);
    CHECK(box == 1);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BANKER, 6, &box), DD_OK);
    CHECK(box == 6);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BOX_1, 6, &box), DD_OK);
    CHECK(box == 1);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BOX_1, 0, &box), DD_OK);
    CHECK(box == 1);
    EXPECT(dd_pg_dice_count_start(2, 3, &box), DD_E_RANGE);
    EXPECT(dd_pg_dice_count_start(-1, 3, &box), DD_E_RANGE);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BANKER, 9, &box), DD_E_RANGE);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BOX_1, -1, &box), DD_E_RANGE);
    EXPECT(dd_pg_dice_count_start(DD_PG_COUNT_FROM_BANKER, 1, NULL), DD_E_NULL);

    /* Player ace 4 (5) draws a 7; Banker 2 (king 2) draws a 3 under Table 2: both right, Banker wins 5-2. */
    EXPECT(dd_bac_check_hands(player_drew, 3, banker_drew, 3, &check), DD_OK);
    CHECK(check.player_total == 2 && check.banker_total == 5 && check.winner == DD_BAC_BANKER);
    CHECK(check.player_should_draw && check.player_drew && check.banker_should_draw && check.banker_drew);
    CHECK(check.banker_rule == DD_BAC_RULE_TABLE_2 && !check.natural);
    /* Player 5 left standing: wrong; the Banker's 5 is then read under rule 9.5 and should draw. */
    EXPECT(dd_bac_check_hands(two, 2, two, 2, &check), DD_OK);
    CHECK(check.player_should_draw && !check.player_drew && check.banker_should_draw && !check.banker_drew);
    CHECK(check.banker_rule == DD_BAC_RULE_9_5 && check.winner == DD_BAC_TIE);
    /* A natural 9 for the Player: a third card to the Banker is against the table. */
    EXPECT(dd_bac_check_hands(natural, 2, banker_drew, 3, &check), DD_OK);
    CHECK(check.natural && !check.banker_should_draw && check.banker_drew && check.banker_rule == DD_BAC_RULE_NATURAL);
    EXPECT(dd_bac_check_hands(bad, 2, two, 2, &check), DD_E_BAD_CARD);
    EXPECT(dd_bac_check_hands(two, 1, two, 2, &check), DD_E_RANGE);
    EXPECT(dd_bac_check_hands(two, 2, banker_drew, 4, &check), DD_E_RANGE);
    EXPECT(dd_bac_check_hands(NULL, 2, two, 2, &check), DD_E_NULL);
    EXPECT(dd_bac_check_hands(two, 2, NULL, 2, &check), DD_E_NULL);
    EXPECT(dd_bac_check_hands(two, 2, two, 2, NULL), DD_E_NULL);
}

int main(void)
{
    test_status_names();
    test_rng_arguments();
    test_rng_batch_boundaries();
    test_rng_streams();
    test_entropy();
    test_roulette();
    test_baccarat_rules();
    test_baccarat_shoe();
    test_baccarat_settle();
    test_commission();
    test_baccarat_roles();
    test_paigow_hands();
    test_paigow_deal_and_settle();
    test_houseway();
    test_chips();
    test_irregularities();
    test_procedure_and_coup_check();
    printf("c-tests: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
