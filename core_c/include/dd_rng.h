/* Dealer Drill engine: the random number generator behind every shuffle, spin and deal.
 *
 * ChaCha20 keystream used as a generator. Seeded either from the operating system (for real play) or
 * from a 64-bit seed (for drills that must repeat exactly). Bounded integers use Lemire's
 * multiply-and-reject method, so every value below a bound is exactly equally likely (no modulo bias).
 */
#ifndef DD_RNG_H
#define DD_RNG_H

#include "dd_common.h"

/* --- cdef begin --- */
#define DD_RNG_BUFFER_WORDS 64
typedef struct dd_rng {
    uint32_t key[8];
    uint64_t counter;      /* index of the next 64-byte keystream block */
    uint32_t nonce[2];
    uint32_t buffer[64];   /* the next 4 keystream blocks, in stream order (computed 4 at a time) */
    uint32_t used;         /* words of buffer already handed out (DD_RNG_BUFFER_WORDS = exhausted) */
} dd_rng;

/* Seed repeatably: equal seeds give equal streams on every platform. */
int dd_rng_seed(dd_rng *rng, uint64_t seed);
/* Seed from the OS entropy source; DD_E_ENTROPY if it cannot be read (never falls back silently). */
int dd_rng_seed_os(dd_rng *rng);
int dd_rng_u32(dd_rng *rng, uint32_t *out);
int dd_rng_u64(dd_rng *rng, uint64_t *out);
/* Uniform integer in [0, bound); bound must be at least 1. */
int dd_rng_below(dd_rng *rng, uint32_t bound, uint32_t *out);
/* Fill out[0..n) with a uniformly random permutation of 0..n-1 (Fisher-Yates, batched indices). */
int dd_rng_permutation(dd_rng *rng, uint32_t n, uint32_t *out);
/* Shuffle n bytes in place (Fisher-Yates, batched indices); used for card shoes and tile sets. */
int dd_rng_shuffle_u8(dd_rng *rng, uint8_t *items, uint32_t n);
/* Fill n bytes from the OS entropy source; DD_E_ENTROPY on failure. */
int dd_os_entropy(uint8_t *out, size_t n);
/* --- cdef end --- */

/* Internal fast paths for other engine modules (no validation; rng must be seeded, bound >= 1). */
uint32_t dd_rng_next_u32_unchecked(dd_rng *rng);
uint64_t dd_rng_next_u64_unchecked(dd_rng *rng);
uint32_t dd_rng_below_unchecked(dd_rng *rng, uint32_t bound);
void dd_rng_shuffle_u8_unchecked(dd_rng *rng, uint8_t *items, uint32_t n);

#endif
