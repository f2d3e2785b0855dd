/* Dealer Drill engine: paying an amount in chips, and colour (non-value) chips at the roulette wheel.
 *
 * A table's float holds value chips of a few denominations (settings, in the table's money unit: whole
 * dollars or cents, the caller's choice, as long as every amount in one call uses the same unit). A
 * payment is broken down into chips under one of two conventions:
 *
 *   DD_CHIPS_FEWEST       the fewest chips that make the amount exactly;
 *   DD_CHIPS_LARGEST_CAP  the fewest chips no larger than a cap the house chooses (a house breakdown:
 *                         with a $25 cap, $175 goes out as 7 x $25, not $100 + 3 x $25).
 *
 * Fewest is worked out exactly for any set of denominations, not greedily (with chips of 1, 3 and 4,
 * 6 is 3 + 3, not 4 + 1 + 1). Why a bounded search is enough: in a fewest-chip breakdown a chip c is used
 * fewer than L / c times, L being the lowest common multiple of c and the largest chip D, or those L / c
 * chips could be swapped for the L / D chips of D that make the same sum. So the smaller chips never
 * make more than a fixed bound B, every D beyond B can be taken first, and only what is left (at most
 * B + D) is searched, chip by chip, by dynamic programming.
 *
 * Colour chips (rule 2.6, Gazette 1998 No. 16: a display rack shows the value of each colour): a player
 * buys colour with cash or value chips at a value per chip the player chooses; the chips have no value
 * away from the wheel, so a player leaving colours them out, back into value chips at that value.
 */
#ifndef DD_CHIPS_H
#define DD_CHIPS_H

#include "dd_common.h"

/* --- cdef begin --- */
#define DD_CHIPS_MAX_DENOMINATIONS 12
/* The largest chip value and the largest amount a breakdown is worked for (in the caller's unit). */
#define DD_CHIPS_MAX_VALUE 100000000
#define DD_CHIPS_MAX_AMOUNT 1000000000000
/* The search table is never larger than this many entries (else DD_E_RANGE: chip values so far apart
 * in their common divisors that no table of play uses them). */
#define DD_CHIPS_MAX_TABLE 2000000

typedef enum dd_chips_convention {
    DD_CHIPS_FEWEST = 0,
    DD_CHIPS_LARGEST_CAP = 1
} dd_chips_convention;

/* The chips that pay `amount` under `convention`: counts[i] chips of denominations[i] (n of them,
 * distinct, each 1 .. DD_CHIPS_MAX_VALUE, in any order). `cap` is the largest chip the house breakdown
 * allows (DD_CHIPS_LARGEST_CAP; it must be one of the denominations) and is ignored for DD_CHIPS_FEWEST.
 * *chips is the number of chips. DD_E_NOT_PAYABLE when no combination of the allowed chips makes the
 * amount exactly; DD_E_BAD_AMOUNT for a negative amount, DD_E_OVERFLOW above DD_CHIPS_MAX_AMOUNT,
 * DD_E_RANGE for bad denominations, a bad convention or cap, or a search beyond DD_CHIPS_MAX_TABLE.
 * Where several breakdowns use equally few chips, the one with more of the larger chips is given. */
int dd_chips_breakdown(int64_t amount, const int64_t *denominations, size_t n, int32_t convention, int64_t cap,
                       int64_t *counts, int64_t *chips);
/* Whether counts[i] chips of denominations[i] are a right payment of `amount` under `convention` (they
 * make the amount, use no chip above the cap, and are as few as that convention's breakdown). Several
 * breakdowns can be right at once; this says whether this one is. *why says what is wrong first:
 * a dd_chips_verdict. Arguments are checked as for dd_chips_breakdown; a negative count is DD_E_RANGE. */
typedef enum dd_chips_verdict {
    DD_CHIPS_RIGHT = 0,
    DD_CHIPS_WRONG_SUM = 1,      /* the chips do not add up to the amount */
    DD_CHIPS_ABOVE_CAP = 2,      /* a chip larger than the house breakdown allows */
    DD_CHIPS_TOO_MANY = 3        /* the right sum, but more chips than needed */
} dd_chips_verdict;
int dd_chips_check(int64_t amount, const int64_t *denominations, size_t n, int32_t convention, int64_t cap,
                   const int64_t *counts, int32_t *why);
/* Buying colour: `cash` handed over for colour chips worth `colour_value` each. *colour_chips is how many
 * colour chips the player gets, *change what is left over (less than one colour chip's value), given
 * back in value chips. DD_E_BAD_AMOUNT for a negative cash amount, DD_E_RANGE for a colour value outside
 * 1 .. DD_CHIPS_MAX_VALUE, DD_E_OVERFLOW above DD_CHIPS_MAX_AMOUNT. */
int dd_chips_colour_in(int64_t cash, int64_t colour_value, int64_t *colour_chips, int64_t *change);
/* Colouring out: `colour_chips` colour chips worth `colour_value` each are worth *value in value chips.
 * DD_E_BAD_AMOUNT for a negative count, DD_E_RANGE for a bad colour value, DD_E_OVERFLOW when the value
 * would exceed DD_CHIPS_MAX_AMOUNT. */
int dd_chips_colour_out(int64_t colour_chips, int64_t colour_value, int64_t *value);
/* --- cdef end --- */

#endif
