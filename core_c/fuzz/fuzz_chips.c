/* Fuzz harness: paying in chips (dd_chips.h): any amount, any float of chip values, either convention,
 * any cap, and any breakdown offered for checking; colour in and out. The engine's own breakdown must
 * make the amount in no more chips than any breakdown it calls right, and must be called right itself. */
#include "dd_chips.h"
#include "fuzz_input.h"

static void fuzz_breakdown(fuzz_input *in)
{
    int64_t values[DD_CHIPS_MAX_DENOMINATIONS + 1], counts[DD_CHIPS_MAX_DENOMINATIONS + 1];
    int64_t offered[DD_CHIPS_MAX_DENOMINATIONS + 1], chips = -1, sum = 0, cap;
    size_t n = take_count(in, DD_CHIPS_MAX_DENOMINATIONS + 1), i;
    int32_t convention = take_int_in(in, 0, 1), why = -1;
    int64_t amount = take_u8(in) < 32 ? take_i64(in) : (int64_t)take_u16(in);
    int status;
    if (n > DD_CHIPS_MAX_DENOMINATIONS + 1)
        n = DD_CHIPS_MAX_DENOMINATIONS + 1; /* the harness's buffers; the engine still sees a bad count */
    for (i = 0; i < n; i++)
        values[i] = take_u8(in) < 16 ? take_i64(in) : (int64_t)take_u16(in) % 1000 + 1;
    cap = n && take_u8(in) < 200 ? values[take_u8(in) % n] : take_i64(in);
    status = dd_chips_breakdown(amount, values, n, convention, cap, counts, &chips);
    if (status != DD_OK) {
        require(status == DD_E_RANGE || status == DD_E_BAD_AMOUNT || status == DD_E_OVERFLOW ||
                status == DD_E_NOT_PAYABLE || status == DD_E_NO_MEMORY);
        return;
    }
    require(chips >= 0);
    for (i = 0; i < n; i++) {
        require(counts[i] >= 0);
        require(counts[i] == 0 || convention == DD_CHIPS_FEWEST || values[i] <= cap);
        sum += counts[i] * values[i];
    }
    require(sum == amount);
    require(dd_chips_check(amount, values, n, convention, cap, counts, &why) == DD_OK && why == DD_CHIPS_RIGHT);
    /* Any other breakdown the engine calls right uses no fewer chips than its own. */
    for (i = 0; i < n; i++)
        offered[i] = take_u8(in) < 128 ? counts[i] : (int64_t)take_u16(in);
    status = dd_chips_check(amount, values, n, convention, cap, offered, &why);
    require(status == DD_OK && why >= DD_CHIPS_RIGHT && why <= DD_CHIPS_TOO_MANY);
    if (why == DD_CHIPS_RIGHT) {
        int64_t total = 0;
        for (i = 0; i < n; i++)
            total += offered[i];
        require(total == chips);
    }
    require(dd_chips_breakdown(amount, values, n, convention, cap, NULL, &chips) == DD_E_NULL);
}

static void fuzz_colour(fuzz_input *in)
{
    int64_t cash = take_u8(in) < 64 ? take_i64(in) : (int64_t)take_u32(in);
    int64_t value = take_u8(in) < 64 ? take_i64(in) : (int64_t)take_u16(in);
    int64_t chips = -1, change = -1, back = -1;
    int status = dd_chips_colour_in(cash, value, &chips, &change);
    if (status != DD_OK) {
        require(chips == -1 && (status == DD_E_RANGE || status == DD_E_BAD_AMOUNT || status == DD_E_OVERFLOW));
        return;
    }
    require(chips >= 0 && change >= 0 && change < value);
    require(dd_chips_colour_out(chips, value, &back) == DD_OK && back + change == cash);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    int ops = 0;
    while (remaining(&in) && ops++ < 16) {
        if (take_u8(&in) & 1)
            fuzz_colour(&in);
        else
            fuzz_breakdown(&in);
    }
    return 0;
}
