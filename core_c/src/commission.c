/* The commission on a winning wager (dd_commission.h), shared by baccarat and pai gow. */
#include "dd_commission.h"

#define BASIS_POINTS 10000

int dd_commission_terms_valid(int32_t bp, int64_t rounding_unit, int32_t rounding)
{
    return bp >= 0 && bp <= DD_COMMISSION_MAX_BP && rounding_unit >= 1 &&
           rounding_unit <= DD_COMMISSION_MAX_UNIT && rounding >= DD_ROUND_FOR_PLAYER &&
           rounding <= DD_ROUND_NEAREST;
}

/* amount <= 1e15 and bp <= 1e4, so amount * bp < 2^64; the unit <= 1e14, so 10000 * unit and twice the
 * remainder stay below 2^63: every step below is exact. */
int64_t dd_commission_unchecked(int64_t amount, int32_t bp, int64_t rounding_unit, int32_t rounding)
{
    uint64_t exact_numerator = (uint64_t)amount * (uint64_t)bp;
    uint64_t per_unit = (uint64_t)BASIS_POINTS * (uint64_t)rounding_unit;
    uint64_t units = exact_numerator / per_unit, rest = exact_numerator % per_unit;
    int64_t commission;
    if (rounding == DD_ROUND_FOR_HOUSE && rest > 0)
        units++;
    else if (rounding == DD_ROUND_NEAREST && 2 * rest > per_unit)
        units++;
    commission = (int64_t)units * rounding_unit;
    return commission > amount ? amount : commission;
}

int dd_commission(int64_t amount, int32_t bp, int64_t rounding_unit, int32_t rounding, int64_t *commission)
{
    if (commission == NULL)
        return DD_E_NULL;
    if (!dd_commission_terms_valid(bp, rounding_unit, rounding))
        return DD_E_RANGE;
    if (amount < 0)
        return DD_E_BAD_AMOUNT;
    if (amount > DD_COMMISSION_MAX_AMOUNT)
        return DD_E_OVERFLOW;
    *commission = dd_commission_unchecked(amount, bp, rounding_unit, rounding);
    return DD_OK;
}

int dd_commission_rate_bp(int64_t numerator, int64_t denominator, int32_t *bp)
{
    uint64_t d, r, result;
    int digit;
    if (bp == NULL)
        return DD_E_NULL;
    if (denominator <= 0 || numerator < 0 || numerator > denominator)
        return DD_E_RANGE; /* not a rate from 0 to 100% */
    /* numerator * 10000 / denominator by long division, four decimal digits, so that no product can
     * overflow whatever the two 63-bit numbers: each digit is floor(10 r / d) with r < d, found by adding
     * r ten times modulo d (each addition wraps at most once). */
    d = (uint64_t)denominator;
    result = (uint64_t)numerator / d;
    r = (uint64_t)numerator % d;
    for (digit = 0; digit < 4; digit++) {
        uint64_t next = 0, carry = 0;
        int k;
        for (k = 0; k < 10; k++) {
            if (next >= d - r) {
                next -= d - r;
                carry++;
            } else {
                next += r;
            }
        }
        result = result * 10 + carry;
        r = next;
    }
    if (r != 0)
        return DD_E_RANGE; /* not a whole number of basis points, e.g. 2.125% */
    *bp = (int32_t)result;
    return DD_OK;
}
