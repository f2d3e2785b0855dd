/* ChaCha20 (RFC 8439 block function) as a random generator, Lemire bounded integers, Fisher-Yates. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* getrandom() */
#endif

#include "dd_rng.h"

#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>
#elif defined(__linux__)
#include <errno.h>
#include <sys/random.h>
#else
#include <stdlib.h> /* arc4random_buf on macOS and the BSDs */
#endif

static uint32_t rotl32(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}

#define QUARTER(a, b, c, d)                  \
    do {                                     \
        a += b; d ^= a; d = rotl32(d, 16);   \
        c += d; b ^= c; b = rotl32(b, 12);   \
        a += b; d ^= a; d = rotl32(d, 8);    \
        c += d; b ^= c; b = rotl32(b, 7);    \
    } while (0)

static void refill(dd_rng *rng)
{
    /* "expand 32-byte k" */
    uint32_t in[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    uint32_t x[16];
    int i;
    for (i = 0; i < 8; i++)
        in[4 + i] = rng->key[i];
    in[12] = (uint32_t)rng->counter;
    in[13] = (uint32_t)(rng->counter >> 32);
    in[14] = rng->nonce[0];
    in[15] = rng->nonce[1];
    memcpy(x, in, sizeof x);
    for (i = 0; i < 10; i++) {
        QUARTER(x[0], x[4], x[8], x[12]);
        QUARTER(x[1], x[5], x[9], x[13]);
        QUARTER(x[2], x[6], x[10], x[14]);
        QUARTER(x[3], x[7], x[11], x[15]);
        QUARTER(x[0], x[5], x[10], x[15]);
        QUARTER(x[1], x[6], x[11], x[12]);
        QUARTER(x[2], x[7], x[8], x[13]);
        QUARTER(x[3], x[4], x[9], x[14]);
    }
    for (i = 0; i < 16; i++)
        rng->block[i] = x[i] + in[i];
    rng->counter++;
    rng->used = 0;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int dd_rng_seed(dd_rng *rng, uint64_t seed)
{
    uint64_t state = seed;
    int i;
    if (!rng)
        return DD_E_NULL;
    /* Spread the 64-bit seed over the whole 256-bit key so that nearby seeds give unrelated streams. */
    for (i = 0; i < 4; i++) {
        uint64_t w = splitmix64(&state);
        rng->key[2 * i] = (uint32_t)w;
        rng->key[2 * i + 1] = (uint32_t)(w >> 32);
    }
    rng->nonce[0] = 0x44444452u; /* "DDDR": a fixed, documented nonce for seeded streams */
    rng->nonce[1] = 0;
    rng->counter = 0;
    rng->used = 16;
    return DD_OK;
}

int dd_os_entropy(uint8_t *out, size_t n)
{
    if (!out && n)
        return DD_E_NULL;
#if defined(_WIN32)
    while (n) {
        ULONG chunk = n > 0x10000000u ? 0x10000000u : (ULONG)n;
        if (BCryptGenRandom(NULL, out, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0)
            return DD_E_ENTROPY;
        out += chunk;
        n -= chunk;
    }
    return DD_OK;
#elif defined(__linux__)
    while (n) {
        ssize_t got = getrandom(out, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return DD_E_ENTROPY;
        }
        out += got;
        n -= (size_t)got;
    }
    return DD_OK;
#else
    arc4random_buf(out, n);
    return DD_OK;
#endif
}

int dd_rng_seed_os(dd_rng *rng)
{
    uint8_t bytes[40];
    int i, status;
    if (!rng)
        return DD_E_NULL;
    status = dd_os_entropy(bytes, sizeof bytes);
    if (status != DD_OK)
        return status;
    for (i = 0; i < 8; i++)
        memcpy(&rng->key[i], bytes + 4 * i, 4);
    memcpy(&rng->nonce[0], bytes + 32, 4);
    memcpy(&rng->nonce[1], bytes + 36, 4);
    rng->counter = 0;
    rng->used = 16;
    memset(bytes, 0, sizeof bytes);
    return DD_OK;
}

uint32_t dd_rng_next_u32_unchecked(dd_rng *rng)
{
    if (rng->used >= 16)
        refill(rng);
    return rng->block[rng->used++];
}

uint32_t dd_rng_below_unchecked(dd_rng *rng, uint32_t bound)
{
    /* Lemire (2019): the high word of x * bound is uniform once the low word clears the threshold. */
    uint64_t m = (uint64_t)dd_rng_next_u32_unchecked(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)dd_rng_next_u32_unchecked(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int dd_rng_u32(dd_rng *rng, uint32_t *out)
{
    if (!rng || !out)
        return DD_E_NULL;
    if (rng->used > 16)
        return DD_E_STATE;
    *out = dd_rng_next_u32_unchecked(rng);
    return DD_OK;
}

int dd_rng_u64(dd_rng *rng, uint64_t *out)
{
    uint64_t low;
    if (!rng || !out)
        return DD_E_NULL;
    if (rng->used > 16)
        return DD_E_STATE;
    low = dd_rng_next_u32_unchecked(rng);
    *out = low | ((uint64_t)dd_rng_next_u32_unchecked(rng) << 32);
    return DD_OK;
}

int dd_rng_below(dd_rng *rng, uint32_t bound, uint32_t *out)
{
    if (!rng || !out)
        return DD_E_NULL;
    if (bound == 0)
        return DD_E_RANGE;
    if (rng->used > 16)
        return DD_E_STATE;
    *out = dd_rng_below_unchecked(rng, bound);
    return DD_OK;
}

int dd_rng_permutation(dd_rng *rng, uint32_t n, uint32_t *out)
{
    uint32_t i;
    if (!rng || (!out && n))
        return DD_E_NULL;
    if (rng->used > 16)
        return DD_E_STATE;
    for (i = 0; i < n; i++)
        out[i] = i;
    for (i = n; i > 1; i--) {
        uint32_t j = dd_rng_below_unchecked(rng, i);
        uint32_t t = out[i - 1];
        out[i - 1] = out[j];
        out[j] = t;
    }
    return DD_OK;
}

int dd_rng_shuffle_u8(dd_rng *rng, uint8_t *items, uint32_t n)
{
    uint32_t i;
    if (!rng || (!items && n))
        return DD_E_NULL;
    if (rng->used > 16)
        return DD_E_STATE;
    for (i = n; i > 1; i--) {
        uint32_t j = dd_rng_below_unchecked(rng, i);
        uint8_t t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
    return DD_OK;
}
