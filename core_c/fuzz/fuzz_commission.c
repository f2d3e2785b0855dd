/* Fuzz harness: the commission shared by baccarat and pai gow (dd_commission.h): any amount, rate, unit
 * and rounding, and any fraction offered as a rate. Results must keep the documented invariants. */
#include "dd_commission.h"
#include "fuzz_input.h"

static void fuzz_commission(fuzz_input *in)
{
    int64_t amount = take_u8(in) < 64 ? take_i64(in) : (int64_t)take_u32(in);
    int32_t bp = take_int_in(in, 0, DD_COMMISSION_MAX_BP);
    int64_t unit = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u16(in) + 1;
    int32_t rounding = take_int_in(in, 0, 2);
    int64_t c = -1, down = -1, up = -1, near = -1;
    int status = dd_commission(amount, bp, unit, rounding, &c);
    if (status != DD_OK) {
        require(c == -1);
        require(status == DD_E_RANGE || status == DD_E_BAD_AMOUNT || status == DD_E_OVERFLOW);
        return;
    }
    require(c >= 0 && c <= amount);
    require(c == amount || c % unit == 0);
    require(dd_commission(amount, bp, unit, DD_ROUND_FOR_PLAYER, &down) == DD_OK);
    require(dd_commission(amount, bp, unit, DD_ROUND_FOR_HOUSE, &up) == DD_OK);
    require(dd_commission(amount, bp, unit, DD_ROUND_NEAREST, &near) == DD_OK);
    require(down <= near && near <= up && (up == down || up - down <= unit));
    require(dd_commission(amount, bp, unit, rounding, NULL) == DD_E_NULL);
}

static void fuzz_rate(fuzz_input *in)
{
    int64_t numerator = take_u8(in) < 64 ? take_i64(in) : (int64_t)take_u16(in);
    int64_t denominator = take_u8(in) < 64 ? take_i64(in) : (int64_t)take_u16(in) + 1;
    int32_t bp = -1;
    int status = dd_commission_rate_bp(numerator, denominator, &bp);
    if (status != DD_OK) {
        require(status == DD_E_RANGE && bp == -1);
        return;
    }
    require(bp >= 0 && bp <= DD_COMMISSION_MAX_BP);
    require(denominator > 0 && numerator >= 0 && numerator <= denominator);
    if (denominator <= (INT64_C(1) << 40))
        require((int64_t)bp * denominator == numerator * 10000);
    require(dd_commission_rate_bp(numerator, denominator, NULL) == DD_E_NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    int ops = 0;
    while (remaining(&in) && ops++ < 32) {
        if (take_u8(&in) & 1)
            fuzz_rate(&in);
        else
            fuzz_commission(&in);
    }
    return 0;
}
