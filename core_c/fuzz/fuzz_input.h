/* Reading typed values out of a fuzzer's byte string (a small C cousin of LLVM's FuzzedDataProvider).
 *
 * Every reader returns zeros once the bytes run out, so a harness never has to check lengths. Values
 * meant to be in a range come out in range most of the time (so the fuzzer reaches the code behind the
 * validation) and as an arbitrary 32-bit value otherwise (so the validation itself gets hammered).
 */
#ifndef DD_FUZZ_INPUT_H
#define DD_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An invariant of the engine's results: a failure aborts, which the fuzzer reports as a crash. */
static inline void fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
    abort();
}
#define require(condition) ((condition) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #condition))

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
} fuzz_input;

static inline uint8_t take_u8(fuzz_input *in)
{
    uint8_t v;
    if (in->size == 0)
        return 0;
    v = in->data[0];
    in->data++;
    in->size--;
    return v;
}

static inline void take_bytes(fuzz_input *in, void *out, size_t n)
{
    size_t have = n < in->size ? n : in->size;
    if (have)
        memcpy(out, in->data, have);
    if (n > have)
        memset((uint8_t *)out + have, 0, n - have);
    in->data += have;
    in->size -= have;
}

static inline uint16_t take_u16(fuzz_input *in)
{
    uint16_t v;
    take_bytes(in, &v, sizeof v);
    return v;
}

static inline uint32_t take_u32(fuzz_input *in)
{
    uint32_t v;
    take_bytes(in, &v, sizeof v);
    return v;
}

static inline uint64_t take_u64(fuzz_input *in)
{
    uint64_t v;
    take_bytes(in, &v, sizeof v);
    return v;
}

static inline int64_t take_i64(fuzz_input *in)
{
    return (int64_t)take_u64(in);
}

/* Mostly low..high (low <= high, a span below 2^31), sometimes any int32 (one selector value in 8). */
static inline int take_int_in(fuzz_input *in, int low, int high)
{
    uint8_t selector = take_u8(in);
    if ((selector & 7) == 7)
        return (int)take_u32(in);
    return low + (int)(take_u16(in) % (uint32_t)(high - low + 1));
}

/* A count: mostly 0..high, sometimes huge (to hit the "too many" checks; never used to size a buffer
 * without a check in the harness itself). */
static inline size_t take_count(fuzz_input *in, size_t high)
{
    uint8_t selector = take_u8(in);
    if ((selector & 15) == 15)
        return (size_t)take_u64(in);
    return (size_t)take_u16(in) % (high + 1);
}

/* The bytes that are left. */
static inline size_t remaining(const fuzz_input *in)
{
    return in->size;
}

#endif
