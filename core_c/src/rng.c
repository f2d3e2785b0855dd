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

#define LANES 4 /* keystream blocks computed side by side, one per vector lane */

/* The RFC 8439 state of blocks counter .. counter+3 laid out as in[row][lane]. */
static void initial_state(const dd_rng *rng, uint32_t in[16][LANES])
{
    /* "expand 32-byte k" */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    int i, l;
    for (l = 0; l < LANES; l++) {
        uint64_t counter = rng->counter + (uint64_t)l;
        for (i = 0; i < 4; i++)
            in[i][l] = sigma[i];
        for (i = 0; i < 8; i++)
            in[4 + i][l] = rng->key[i];
        in[12][l] = (uint32_t)counter;
        in[13][l] = (uint32_t)(counter >> 32);
        in[14][l] = rng->nonce[0];
        in[15][l] = rng->nonce[1];
    }
}

#define QUARTER(a, b, c, d, ROT)                 \
    do {                                         \
        a += b; d ^= a; d = ROT(d, 16);          \
        c += d; b ^= c; b = ROT(b, 12);          \
        a += b; d ^= a; d = ROT(d, 8);           \
        c += d; b ^= c; b = ROT(b, 7);           \
    } while (0)

#define DOUBLE_ROUND(x, ROT)                                   \
    do {                                                       \
        QUARTER(x##0, x##4, x##8, x##12, ROT);                 \
        QUARTER(x##1, x##5, x##9, x##13, ROT);                 \
        QUARTER(x##2, x##6, x##10, x##14, ROT);                \
        QUARTER(x##3, x##7, x##11, x##15, ROT);                \
        QUARTER(x##0, x##5, x##10, x##15, ROT);                \
        QUARTER(x##1, x##6, x##11, x##12, ROT);                \
        QUARTER(x##2, x##7, x##8, x##13, ROT);                 \
        QUARTER(x##3, x##4, x##9, x##14, ROT);                 \
    } while (0)

#if (defined(__GNUC__) || defined(__clang__)) && !defined(DD_PORTABLE_C)
/* GCC and Clang: the four blocks as 16 vector registers of 4 lanes (SSE2 / NEON), about 4x the scalar
 * speed; the stream is bit-for-bit the one the scalar code below produces. */
__extension__ typedef uint32_t lane_vector __attribute__((vector_size(16)));
#define ROTV(v, n) (((v) << (n)) | ((v) >> (32 - (n))))

static void refill_lanes(dd_rng *rng)
{
    uint32_t in[16][LANES];
    lane_vector v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, start[16];
    int i, l, round;
    initial_state(rng, in);
    for (i = 0; i < 16; i++)
        memcpy(&start[i], in[i], sizeof start[i]);
    v0 = start[0]; v1 = start[1]; v2 = start[2]; v3 = start[3];
    v4 = start[4]; v5 = start[5]; v6 = start[6]; v7 = start[7];
    v8 = start[8]; v9 = start[9]; v10 = start[10]; v11 = start[11];
    v12 = start[12]; v13 = start[13]; v14 = start[14]; v15 = start[15];
    for (round = 0; round < 10; round++)
        DOUBLE_ROUND(v, ROTV);
    {
        lane_vector out[16] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15};
        for (i = 0; i < 16; i++) {
            uint32_t words[LANES];
            out[i] += start[i];
            memcpy(words, &out[i], sizeof words);
            for (l = 0; l < LANES; l++)
                rng->buffer[16 * l + i] = words[l];
        }
    }
    rng->counter += LANES;
    rng->used = 0;
}

#if (defined(__x86_64__) || defined(__i386__)) && !defined(DD_NO_AVX2)
#include <immintrin.h>
/* Processors with AVX2 (checked at run time, so the library still runs on any x86-64): each 256-bit
 * register holds one row of two blocks, so the four blocks are two independent sets of four registers,
 * and the rotations by 16 and 8 are single byte shuffles. About twice the speed of refill_lanes, same
 * stream. Column rounds work on the rows as they are; for the diagonal rounds rows b, c, d are rotated
 * by 1, 2, 3 words so that the diagonals line up as columns, and rotated back afterwards. */
#define ROT_SHIFT(v, n) _mm256_or_si256(_mm256_slli_epi32(v, n), _mm256_srli_epi32(v, 32 - (n)))
#define HALF_ROUND(a, b, c, d, rot16, rot8)                                                        \
    do {                                                                                           \
        a = _mm256_add_epi32(a, b); d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), rot16);        \
        c = _mm256_add_epi32(c, d); b = _mm256_xor_si256(b, c); b = ROT_SHIFT(b, 12);             \
        a = _mm256_add_epi32(a, b); d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), rot8);         \
        c = _mm256_add_epi32(c, d); b = _mm256_xor_si256(b, c); b = ROT_SHIFT(b, 7);              \
    } while (0)
#define TO_DIAGONALS(b, c, d)                                                                      \
    do {                                                                                           \
        b = _mm256_shuffle_epi32(b, 0x39); c = _mm256_shuffle_epi32(c, 0x4E);                     \
        d = _mm256_shuffle_epi32(d, 0x93);                                                         \
    } while (0)
#define FROM_DIAGONALS(b, c, d)                                                                    \
    do {                                                                                           \
        b = _mm256_shuffle_epi32(b, 0x93); c = _mm256_shuffle_epi32(c, 0x4E);                     \
        d = _mm256_shuffle_epi32(d, 0x39);                                                         \
    } while (0)

__attribute__((target("avx2"))) static void refill_avx2(dd_rng *rng)
{
    uint32_t in[16][LANES];
    __m256i rot16, rot8, a0, b0, c0, d0, a1, b1, c1, d1, start[8];
    int row, half, round;
    initial_state(rng, in);
    /* start[2 * row + half]: row `row` of blocks 2 half and 2 half + 1 (low and high 128 bits). */
    for (half = 0; half < 2; half++)
        for (row = 0; row < 4; row++) {
            uint32_t words[8];
            int w;
            for (w = 0; w < 4; w++) {
                words[w] = in[4 * row + w][2 * half];
                words[4 + w] = in[4 * row + w][2 * half + 1];
            }
            start[2 * row + half] = _mm256_loadu_si256((const __m256i *)(const void *)words);
        }
    rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                             2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                            3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    a0 = start[0]; b0 = start[2]; c0 = start[4]; d0 = start[6];
    a1 = start[1]; b1 = start[3]; c1 = start[5]; d1 = start[7];
    for (round = 0; round < 10; round++) {
        HALF_ROUND(a0, b0, c0, d0, rot16, rot8);
        HALF_ROUND(a1, b1, c1, d1, rot16, rot8);
        TO_DIAGONALS(b0, c0, d0);
        TO_DIAGONALS(b1, c1, d1);
        HALF_ROUND(a0, b0, c0, d0, rot16, rot8);
        HALF_ROUND(a1, b1, c1, d1, rot16, rot8);
        FROM_DIAGONALS(b0, c0, d0);
        FROM_DIAGONALS(b1, c1, d1);
    }
    a0 = _mm256_add_epi32(a0, start[0]); b0 = _mm256_add_epi32(b0, start[2]);
    c0 = _mm256_add_epi32(c0, start[4]); d0 = _mm256_add_epi32(d0, start[6]);
    a1 = _mm256_add_epi32(a1, start[1]); b1 = _mm256_add_epi32(b1, start[3]);
    c1 = _mm256_add_epi32(c1, start[5]); d1 = _mm256_add_epi32(d1, start[7]);
    /* Block 2 half + k is the low (k = 0) or high (k = 1) 128 bits of rows a, b, c, d of set `half`. */
    {
        __m256i *out = (__m256i *)(void *)rng->buffer;
        _mm256_storeu_si256(out + 0, _mm256_permute2x128_si256(a0, b0, 0x20));
        _mm256_storeu_si256(out + 1, _mm256_permute2x128_si256(c0, d0, 0x20));
        _mm256_storeu_si256(out + 2, _mm256_permute2x128_si256(a0, b0, 0x31));
        _mm256_storeu_si256(out + 3, _mm256_permute2x128_si256(c0, d0, 0x31));
        _mm256_storeu_si256(out + 4, _mm256_permute2x128_si256(a1, b1, 0x20));
        _mm256_storeu_si256(out + 5, _mm256_permute2x128_si256(c1, d1, 0x20));
        _mm256_storeu_si256(out + 6, _mm256_permute2x128_si256(a1, b1, 0x31));
        _mm256_storeu_si256(out + 7, _mm256_permute2x128_si256(c1, d1, 0x31));
    }
    rng->counter += LANES;
    rng->used = 0;
}

static void refill(dd_rng *rng)
{
    if (__builtin_cpu_supports("avx2"))
        refill_avx2(rng);
    else
        refill_lanes(rng);
}
#else
static void refill(dd_rng *rng)
{
    refill_lanes(rng);
}
#endif
#else
static uint32_t rotl32(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}

static void refill(dd_rng *rng)
{
    uint32_t in[16][LANES];
    int i, l, round;
    initial_state(rng, in);
    for (l = 0; l < LANES; l++) {
        uint32_t x0 = in[0][l], x1 = in[1][l], x2 = in[2][l], x3 = in[3][l], x4 = in[4][l], x5 = in[5][l],
                 x6 = in[6][l], x7 = in[7][l], x8 = in[8][l], x9 = in[9][l], x10 = in[10][l],
                 x11 = in[11][l], x12 = in[12][l], x13 = in[13][l], x14 = in[14][l], x15 = in[15][l];
        for (round = 0; round < 10; round++)
            DOUBLE_ROUND(x, rotl32);
        {
            const uint32_t out[16] = {x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15};
            for (i = 0; i < 16; i++)
                rng->buffer[16 * l + i] = out[i] + in[i][l];
        }
    }
    rng->counter += LANES;
    rng->used = 0;
}
#endif

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
    rng->used = DD_RNG_BUFFER_WORDS;
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
    rng->used = DD_RNG_BUFFER_WORDS;
    memset(bytes, 0, sizeof bytes);
    return DD_OK;
}

uint32_t dd_rng_next_u32_unchecked(dd_rng *rng)
{
    if (rng->used >= DD_RNG_BUFFER_WORDS)
        refill(rng);
    return rng->buffer[rng->used++];
}

/* Two consecutive stream words, the first in the low half (the same words as two u32 draws). */
uint64_t dd_rng_next_u64_unchecked(dd_rng *rng)
{
    uint64_t low;
    if (rng->used + 2 <= DD_RNG_BUFFER_WORDS) {
        low = rng->buffer[rng->used];
        low |= (uint64_t)rng->buffer[rng->used + 1] << 32;
        rng->used += 2;
        return low;
    }
    low = dd_rng_next_u32_unchecked(rng);
    return low | ((uint64_t)dd_rng_next_u32_unchecked(rng) << 32);
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
    if (rng->used > DD_RNG_BUFFER_WORDS)
        return DD_E_STATE;
    *out = dd_rng_next_u32_unchecked(rng);
    return DD_OK;
}

int dd_rng_u64(dd_rng *rng, uint64_t *out)
{
    uint64_t low;
    if (!rng || !out)
        return DD_E_NULL;
    if (rng->used > DD_RNG_BUFFER_WORDS)
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
    if (rng->used > DD_RNG_BUFFER_WORDS)
        return DD_E_STATE;
    *out = dd_rng_below_unchecked(rng, bound);
    return DD_OK;
}

/* ---- Fisher-Yates with batched indices ---------------------------------------------------------------
 * Fisher-Yates needs one uniform index below i for i = n, n-1, ..., 2. One ChaCha20 word per index makes
 * the generator the bottleneck, so several indices come from one 64-bit word x: with bounds b1..bk whose
 * product P is at most 2^56, multiply x by b1 (a 96-bit product): the high part is the first index and
 * the low 64 bits carry on to be multiplied by b2, and so on. This computes x * P = R * 2^64 + L where the
 * indices are the mixed-radix digits of R: Lemire's method for one number below P, uniform once the cases
 * L < (2^64 mod P) are rejected (then the whole batch is drawn again), and a uniform R gives independent
 * uniform digits (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024).
 * Keeping P <= 2^56 makes a rejection rarer than 1 in 256. */
#define BATCH_PRODUCT_LIMIT (1ull << 56)
#define BATCH_MAX 16

#if defined(__SIZEOF_INT128__) && !defined(DD_PORTABLE_C)
/* GCC and Clang on 64-bit targets: one 64x64 -> 128-bit multiply. */
__extension__ typedef unsigned __int128 wide_product;

/* High 64 bits of the product x * b (b < 2^32), low 64 bits through *low. */
static uint64_t mul_high(uint64_t x, uint32_t b, uint64_t *low)
{
    wide_product m = (wide_product)x * b;
    *low = (uint64_t)m;
    return (uint64_t)(m >> 64);
}
#else
static uint64_t mul_high(uint64_t x, uint32_t b, uint64_t *low)
{
    uint64_t lo_part = (x & 0xFFFFFFFFull) * b;
    uint64_t mid = (x >> 32) * b + (lo_part >> 32); /* < 2^64: (2^32-1)^2 + 2^32-1 */
    *low = (mid << 32) | (lo_part & 0xFFFFFFFFull);
    return mid >> 32;
}
#endif

/* batch_reach[k] is the largest i whose k-term falling product i (i-1) ... (i-k+1) is at most
 * BATCH_PRODUCT_LIMIT (k = 1 reaches every 32-bit i). A batch for i takes the largest k with
 * batch_reach[k] >= i, at most BATCH_MAX, and never a factor below 2 (so k <= i - 1): exactly the batches
 * of multiplying in i, i-1, ... while the product stays within the limit, without those multiplications.
 * As i only falls during a shuffle, k only grows, so finding it costs one comparison per batch. */
static const uint32_t batch_reach[BATCH_MAX + 1] = {
    0, 0xFFFFFFFFu, 268435456u, 416128u, 16385u, 2354u, 647u, 259u, 131u, 78u, 53u, 39u, 31u, 26u, 23u, 21u, 19u,
};

/* Two stream words as one 64-bit draw, read straight from the buffer while it lasts. The shuffles keep
 * the buffer position in a local (*used) and store it back at the end: their byte stores could alias the
 * generator as far as the compiler knows, which would otherwise reload rng->used after every swap and
 * chain each batch to the previous one's stores. */
static inline uint64_t next_u64(dd_rng *rng, uint32_t *used)
{
    uint32_t u = *used;
    uint64_t x;
    if (u + 2 <= DD_RNG_BUFFER_WORDS) {
        x = rng->buffer[u] | (uint64_t)rng->buffer[u + 1] << 32;
        *used = u + 2;
        return x;
    }
    rng->used = u;
    x = dd_rng_next_u64_unchecked(rng);
    *used = rng->used;
    return x;
}

/* The k-term falling product i (i-1) ... (i-k+1) of a batch, which the batch rules keep <= 2^56. */
static uint64_t batch_product(uint32_t i, uint32_t k)
{
    uint64_t product = 1;
    uint32_t j;
    for (j = 0; j < k; j++)
        product *= i - j;
    return product;
}

/* The next batch of Fisher-Yates indices for i, i-1, ..., i-k+1 into index[0..k); returns k. *reach_k
 * carries the batch size allowed by the product limit from batch to batch (it only grows as i falls).
 *
 * Rejection: x * P = R * 2^64 + L is rejected when L < (2^64 mod P), and 2^64 mod P < P <= 2^56, so an L
 * of 2^56 or more (all but 1 in 256) is accepted without knowing P; only the others compute it. */
static inline uint32_t batch_indices(dd_rng *rng, uint32_t *used, uint32_t i, uint32_t *reach_k,
                                     uint32_t index[BATCH_MAX])
{
    uint32_t k = *reach_k, j;
    while (k < BATCH_MAX && batch_reach[k + 1] >= i)
        k++;
    *reach_k = k;
    if (k > i - 1)
        k = i - 1;
    for (;;) {
        uint64_t x = next_u64(rng, used);
        for (j = 0; j < k; j++)
            index[j] = (uint32_t)mul_high(x, i - j, &x);
        if (x >> 56 == 0) {
            uint64_t product = batch_product(i, k);
            if (x < product && x < (0 - product) % product)
                continue;
        }
        return k;
    }
}

void dd_rng_shuffle_u8_unchecked(dd_rng *rng, uint8_t *items, uint32_t n)
{
    uint32_t index[BATCH_MAX], i = n, reach_k = 1, used = rng->used, j, k;
    while (i > 1) {
        k = batch_indices(rng, &used, i, &reach_k, index);
        for (j = 0; j < k; j++) {
            uint8_t t = items[i - 1 - j];
            items[i - 1 - j] = items[index[j]];
            items[index[j]] = t;
        }
        i -= k;
    }
    rng->used = used;
}

int dd_rng_permutation(dd_rng *rng, uint32_t n, uint32_t *out)
{
    uint32_t index[BATCH_MAX], i, reach_k = 1, used, j, k;
    if (!rng || (!out && n))
        return DD_E_NULL;
    if (rng->used > DD_RNG_BUFFER_WORDS)
        return DD_E_STATE;
    used = rng->used;
    for (i = 0; i < n; i++)
        out[i] = i;
    i = n;
    while (i > 1) {
        k = batch_indices(rng, &used, i, &reach_k, index);
        for (j = 0; j < k; j++) {
            uint32_t t = out[i - 1 - j];
            out[i - 1 - j] = out[index[j]];
            out[index[j]] = t;
        }
        i -= k;
    }
    rng->used = used;
    return DD_OK;
}

int dd_rng_shuffle_u8(dd_rng *rng, uint8_t *items, uint32_t n)
{
    if (!rng || (!items && n))
        return DD_E_NULL;
    if (rng->used > DD_RNG_BUFFER_WORDS)
        return DD_E_STATE;
    dd_rng_shuffle_u8_unchecked(rng, items, n);
    return DD_OK;
}
