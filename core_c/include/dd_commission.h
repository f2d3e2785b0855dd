/* Dealer Drill engine: the commission on a winning wager, for every game that charges one.
 *
 * Baccarat takes it from a winning Banker wager (the NZ definition of "Commission", citing rule 5.7(b));
 * pai gow from every winning wager (the rate of the missing rule 6.14 is a setting, 5% by default). Both
 * games call dd_commission, so the rate, the rounding and their limits are written once.
 *
 * Rates: whole basis points (hundredths of a percent) from 0 to 10000 (100%). A rate such as 2.125% is
 * not a whole number of basis points and is refused: dd_commission_rate_bp says whether a rate given as
 * a fraction is one the engine charges, and converts it.
 *
 * Rounding: the commission is a multiple of `rounding_unit` (1 = exact cents; the smallest chip when the
 * house rounds to chips, as the NSW-style rule 5.7 pays "the next highest amount" payable in chips), and
 * never more than the amount won.
 */
#ifndef DD_COMMISSION_H
#define DD_COMMISSION_H

#include "dd_common.h"

/* --- cdef begin --- */
#define DD_COMMISSION_MAX_BP 10000
#define DD_COMMISSION_DEFAULT_BP 500
/* The largest amount (cents) a commission is worked on: amount * bp stays below 2^64. */
#define DD_COMMISSION_MAX_AMOUNT 1000000000000000
/* The largest rounding unit (cents): 10000 * unit stays far below 2^63. */
#define DD_COMMISSION_MAX_UNIT 100000000000000

/* Which way a commission that is not a whole rounding unit goes. */
typedef enum dd_rounding {
    DD_ROUND_FOR_PLAYER = 0,    /* rounded down: the player pays less */
    DD_ROUND_FOR_HOUSE = 1,     /* rounded up, never above the amount won */
    DD_ROUND_NEAREST = 2        /* to the nearest unit; an exact half goes the player's way (down) */
} dd_rounding;

/* The commission on a win of `amount` cents at `bp` basis points, a multiple of `rounding_unit` rounded
 * as `rounding` (dd_rounding) says. DD_E_BAD_AMOUNT for a negative amount, DD_E_OVERFLOW above
 * DD_COMMISSION_MAX_AMOUNT, DD_E_RANGE for a rate, unit or rounding out of range. */
int dd_commission(int64_t amount, int32_t bp, int64_t rounding_unit, int32_t rounding, int64_t *commission);
/* The rate numerator / denominator (a fraction of the wager: 1/20 is 5%) in basis points. DD_E_RANGE
 * unless the denominator is positive and the rate is a whole number of basis points from 0 to
 * DD_COMMISSION_MAX_BP. */
int dd_commission_rate_bp(int64_t numerator, int64_t denominator, int32_t *bp);
/* --- cdef end --- */

/* For engine modules that have already checked their arguments against the limits above. */
int64_t dd_commission_unchecked(int64_t amount, int32_t bp, int64_t rounding_unit, int32_t rounding);
/* Whether bp, rounding_unit and rounding are within the limits above (1) or not (0). */
int dd_commission_terms_valid(int32_t bp, int64_t rounding_unit, int32_t rounding);

#endif
