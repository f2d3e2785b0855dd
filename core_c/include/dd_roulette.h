/* Dealer Drill engine: single-zero roulette under the NZ Gazette rules (1996 No. 7 rules 4.7-5.3;
 * 1998 No. 16 rule 3.1).
 *
 * A wager is the set of numbers it covers, as a bit mask: bit n set = number n covered (0-36, so bits
 * 37-63 are never set). A mask is a wager only if it is one of the places a chip can sit on the layout;
 * dd_roulette_classify says which kind, or DD_E_NOT_A_WAGER. Because a wager wins exactly when its mask
 * holds the winning number, the zero rules (5.2, 5.3) need no special case: outside wagers never hold 0,
 * and the only inside wagers that do are straight up 0 and the zero combinations the table offers.
 *
 * The paying order (dealer practice in shared/rules/roulette.md): losing wagers are cleared, outside
 * wagers are paid first, then inside wagers "from the lowest odds to the highest". That text's own list
 * names streets before corners, but a corner pays 8 to 1 and a street 11 to 1; we read the principle as
 * the rule and the list as misordered, so the inside order is six lines (5 to 1), corners (8), streets
 * (11), splits (17), straight ups (35) last. Wagers paying the same odds, and the outside wagers among
 * themselves, may be paid in any order. dd_roulette_pay_step gives each kind its step; the hint and the
 * grader of a drill both use it.
 * Since no Gazette page gives the order, it is the house's reading, one of two in use
 * (dd_roulette_pay_reading): the odds order above (the project's default), or the order many dealing
 * schools teach, which pays streets before corners: six lines, streets, corners, splits, straight ups.
 * dd_roulette_pay_step_under and dd_roulette_check_pay_order_under take the reading; the functions
 * without it read the odds order.
 *
 * Table settings are bits of `flags`; the only one is DD_ROULETTE_FIRST_FOUR (the optional 0-1-2-3
 * corner, NSW-style; on by default in the Python API). Unknown flag bits are refused with DD_E_RANGE.
 */
#ifndef DD_ROULETTE_H
#define DD_ROULETTE_H

#include "dd_common.h"
#include "dd_rng.h"

/* --- cdef begin --- */
typedef enum dd_roulette_kind {
    DD_ROULETTE_STRAIGHT = 0,   /* one number, 35 to 1 */
    DD_ROULETTE_SPLIT = 1,      /* two adjoining numbers (also 0-1, 0-2, 0-3), 17 to 1 */
    DD_ROULETTE_STREET = 2,     /* a row of three (also 0-1-2, 0-2-3), 11 to 1 */
    DD_ROULETTE_CORNER = 3,     /* four in a square (also first four 0-1-2-3 when offered), 8 to 1 */
    DD_ROULETTE_SIX_LINE = 4,   /* two adjoining rows, 5 to 1 */
    DD_ROULETTE_COLUMN = 5,     /* 2 to 1 */
    DD_ROULETTE_DOZEN = 6,      /* 2 to 1 */
    DD_ROULETTE_LOW = 7,        /* 1-18, even money */
    DD_ROULETTE_HIGH = 8,       /* 19-36, even money */
    DD_ROULETTE_EVEN = 9,
    DD_ROULETTE_ODD = 10,
    DD_ROULETTE_RED = 11,
    DD_ROULETTE_BLACK = 12
} dd_roulette_kind;

typedef enum dd_roulette_colour {
    DD_ROULETTE_GREEN = 0,
    DD_ROULETTE_RED_POCKET = 1,
    DD_ROULETTE_BLACK_POCKET = 2
} dd_roulette_colour;

#define DD_ROULETTE_KIND_COUNT 13
#define DD_ROULETTE_POCKETS 37          /* numbers 0 to 36 */
#define DD_ROULETTE_FIRST_FOUR 1        /* flag: the table offers the 0-1-2-3 corner */
#define DD_ROULETTE_MAX_WAGERS 157      /* wagers on the layout with first four; 156 without */
#define DD_ROULETTE_MAX_COVERING 17     /* most wagers holding one number (e.g. 2 or 17) */
#define DD_ROULETTE_MAX_BATCH 100000000 /* larger batches are refused with DD_E_RANGE */
#define DD_ROULETTE_PAY_STEPS 6         /* step 0: outside wagers; steps 1-5: the inside kinds by odds */

/* The kind of wager whose covered numbers are `mask`.
 * DD_E_BAD_NUMBER: a bit above 36 is set. DD_E_NOT_A_WAGER: not a place on the layout (including the
 * empty mask). DD_E_NOT_OFFERED: the first four while the table does not offer it. */
int dd_roulette_classify(uint64_t mask, uint32_t flags, int *kind_out);
/* Classify n masks at once: kinds_out[i] is the kind, or minus the status code for a mask that is not a
 * wager (e.g. -DD_E_NOT_A_WAGER). The call itself fails only on NULL pointers, bad flags or n too big. */
int dd_roulette_classify_many(const uint64_t *masks, size_t n, uint32_t flags, int32_t *kinds_out);

/* Payout odds of a kind ("x to 1", rule 5.1), how many numbers it covers, and whether it is an outside
 * wager (rule 4.9: column, dozen, low, high, even, odd, red, black). Any pointer may be NULL. */
int dd_roulette_kind_info(int kind, int32_t *odds_out, int32_t *covers_out, int *outside_out);
/* The paying step of a kind (see the top of this header): 0 for the outside wagers, then 1 .. 5 for the
 * inside kinds from the lowest odds to the highest. DD_E_RANGE for a kind that does not exist. */
int dd_roulette_pay_step(int kind, int32_t *step_out);
/* Whether n wagers, in the order they were paid, follow the paying order: *in_order_out is 1 or 0 and
 * *first_wrong_out the index of the first wager paid after one of a later step (n when in order). Every
 * mask must be a wager at this table: otherwise the status of dd_roulette_classify and *bad_index_out
 * the wager (n for bad flags, NULL arrays or n above DD_ROULETTE_MAX_BATCH). Nothing is written on error. */
int dd_roulette_check_pay_order(const uint64_t *masks, size_t n, uint32_t flags, int *in_order_out,
                                size_t *first_wrong_out, size_t *bad_index_out);
/* The house's reading of the order the inside wagers are paid in (see the top of this header). */
typedef enum dd_roulette_pay_reading {
    DD_ROULETTE_PAY_BY_ODDS = 0,        /* six lines, corners, streets, splits, straight ups (the default) */
    DD_ROULETTE_PAY_STREETS_FIRST = 1   /* six lines, streets, corners, splits, straight ups */
} dd_roulette_pay_reading;
/* dd_roulette_pay_step and dd_roulette_check_pay_order under `reading` (a dd_roulette_pay_reading).
 * DD_E_RANGE for an unknown reading (with *bad_index_out = n); otherwise as those functions. */
int dd_roulette_pay_step_under(int reading, int kind, int32_t *step_out);
int dd_roulette_check_pay_order_under(int reading, const uint64_t *masks, size_t n, uint32_t flags,
                                      int *in_order_out, size_t *first_wrong_out, size_t *bad_index_out);
/* The mask of an outside wager: for columns and dozens `which` is 1-3, for the others it must be 0. */
int dd_roulette_outside_mask(int kind, int which, uint64_t *mask_out);

/* Every wager on the layout, always in the same order: straight ups 0-36, splits, streets, corners,
 * six lines, columns 1-3, dozens 1-3, low, high, even, odd, red, black. Writes *count_out and, when
 * capacity allows, masks_out/kinds_out (either may be NULL to learn only the count); DD_E_RANGE if the
 * capacity is too small for a non-NULL output (nothing is written then). */
int dd_roulette_layout(uint32_t flags, uint64_t *masks_out, int32_t *kinds_out, size_t capacity,
                       size_t *count_out);
/* The wagers on the layout that hold `number`, in layout order; with inside_only set, only the inside
 * wagers (a "complete" on that number). Same capacity contract as dd_roulette_layout. */
int dd_roulette_covering(int number, uint32_t flags, int inside_only, uint64_t *masks_out,
                         int32_t *kinds_out, size_t capacity, size_t *count_out);

/* The numbers in European wheel order, clockwise from 0 (capacity must be at least 37). */
int dd_roulette_wheel_order(uint8_t *out, size_t capacity);
int dd_roulette_colour_of(int number, int *colour_out);

/* The winning number of one spin, uniform on 0-36; and n spins into out (n <= DD_ROULETTE_MAX_BATCH). */
int dd_roulette_spin(dd_rng *rng, int *number_out);
int dd_roulette_spin_many(dd_rng *rng, uint8_t *out, size_t n);

/* Check a batch of wagers without settling: every mask a wager at this table, every amount >= 0 and
 * small enough that its winnings fit in int64. On failure *bad_index_out is the index of the first
 * offending wager (n when the fault is not one wager's: bad flags, NULL arrays, n too big). */
int dd_roulette_check(const uint64_t *masks, const int64_t *amounts, size_t n, uint32_t flags,
                      size_t *bad_index_out);
/* Settle a batch (rules 4.7, 5.1-5.3): winnings_out[i] = amounts[i] * odds when the wager holds
 * `number`, else 0 (the stake is not included). Everything is checked first; on any error nothing is
 * written to winnings_out and *bad_index_out says which wager (n for a bad number or flags). */
int dd_roulette_settle(const uint64_t *masks, const int64_t *amounts, size_t n, int number,
                       uint32_t flags, int64_t *winnings_out, size_t *bad_index_out);
/* The same checks, but only the sum of the winnings (DD_E_OVERFLOW if the sum does not fit, with
 * *bad_index_out = n), and, when by_kind_out is not NULL, the winnings per kind in
 * by_kind_out[0..DD_ROULETTE_KIND_COUNT) (e.g. to drill paying outside wagers before inside ones).
 * winners_out (may be NULL) receives how many wagers won. Nothing is written on error. */
int dd_roulette_settle_total(const uint64_t *masks, const int64_t *amounts, size_t n, int number,
                             uint32_t flags, int64_t *total_out, int64_t *by_kind_out,
                             size_t *winners_out, size_t *bad_index_out);
/* For settling one fixed batch against many numbers: dd_roulette_prepare checks the batch once (as
 * dd_roulette_check) and writes if_won_out[i], what wager i pays when it wins (amount * odds).
 * Nothing is written on error. */
int dd_roulette_prepare(const uint64_t *masks, const int64_t *amounts, size_t n, uint32_t flags,
                        int64_t *if_won_out, size_t *bad_index_out);
/* Settle a prepared batch: wager i wins if_won[i] when masks[i] holds `number`, else 0. Writes
 * winnings_out (may be NULL), the sum into total_out (may be NULL; DD_E_OVERFLOW if it does not fit)
 * and the number of winning wagers into winners_out (may be NULL). A negative if_won is refused with
 * DD_E_BAD_AMOUNT. Nothing is written on error. */
int dd_roulette_settle_prepared(const uint64_t *masks, const int64_t *if_won, size_t n, int number,
                                int64_t *winnings_out, int64_t *total_out, size_t *winners_out);
/* --- cdef end --- */

#endif
