/* Fuzz harness: the generator (seeding, draws, bounded integers, permutations, byte shuffles), also
 * with a corrupted generator state, and the status names. Each input is a seed and a list of
 * operations; invariants (a permutation is a permutation, a draw below its bound) abort on failure. */
#include "dd_rng.h"
#include "fuzz_input.h"

#define MAX_ITEMS 3000

static void check_permutation(const uint32_t *perm, uint32_t n)
{
    static uint8_t seen[MAX_ITEMS];
    uint32_t i;
    memset(seen, 0, n);
    for (i = 0; i < n; i++) {
        require(perm[i] < n && !seen[perm[i]]);
        seen[perm[i]] = 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint32_t perm[MAX_ITEMS];
    static uint8_t bytes[MAX_ITEMS], again[MAX_ITEMS];
    fuzz_input in = {data, size};
    dd_rng rng, copy;
    uint32_t word;
    uint64_t wide;
    int ops = 0;

    require(dd_rng_seed(&rng, take_u64(&in)) == DD_OK);
    require(dd_rng_seed(NULL, 1) == DD_E_NULL);
    require(dd_status_name(take_int_in(&in, -2, 60)) != NULL);

    while (remaining(&in) && ops++ < 16) {
        uint8_t op = take_u8(&in) % 12;
        switch (op) {
        case 0:
            require(dd_rng_u32(&rng, &word) == DD_OK);
            break;
        case 1:
            require(dd_rng_u64(&rng, &wide) == DD_OK);
            break;
        case 2: {
            uint32_t bound = take_u32(&in);
            int status = dd_rng_below(&rng, bound, &word);
            require(bound == 0 ? status == DD_E_RANGE : (status == DD_OK && word < bound));
            break;
        }
        case 3: {
            /* Mostly small; up to MAX_ITEMS reaches the batch sizes of 5 and 4 indices (n > 647, > 2354). */
            uint32_t n = (uint32_t)take_count(&in, (take_u8(&in) & 1) ? MAX_ITEMS : 64);
            if (n > MAX_ITEMS) { /* a huge count with no buffer must be refused, not followed */
                require(dd_rng_permutation(&rng, n, NULL) == DD_E_NULL);
                break;
            }
            require(dd_rng_permutation(&rng, n, perm) == DD_OK);
            check_permutation(perm, n);
            break;
        }
        case 4: {
            /* Byte shuffle and permutation take the same indices from the same stream. */
            uint32_t n = (uint32_t)take_count(&in, 256), i;
            if (n > 256) {
                require(dd_rng_shuffle_u8(&rng, NULL, n) == DD_E_NULL);
                break;
            }
            copy = rng;
            for (i = 0; i < n; i++)
                bytes[i] = (uint8_t)i;
            require(dd_rng_shuffle_u8(&rng, bytes, n) == DD_OK);
            require(dd_rng_permutation(&copy, n, perm) == DD_OK);
            for (i = 0; i < n; i++)
                require(bytes[i] == perm[i]);
            break;
        }
        case 5: {
            /* Shuffling arbitrary bytes keeps the multiset. */
            uint32_t n = (uint32_t)take_count(&in, (take_u8(&in) & 1) ? MAX_ITEMS : 64), i, histogram[256] = {0};
            if (n > MAX_ITEMS)
                n = MAX_ITEMS;
            take_bytes(&in, bytes, n);
            memcpy(again, bytes, n);
            require(dd_rng_shuffle_u8(&rng, bytes, n) == DD_OK);
            for (i = 0; i < n; i++) {
                histogram[bytes[i]]++;
                histogram[again[i]]--;
            }
            for (i = 0; i < 256; i++)
                require(histogram[i] == 0);
            break;
        }
        case 6: {
            /* A corrupted buffer position: refused (DD_E_STATE) when past the buffer, never read. */
            uint32_t used = take_u32(&in);
            int past = used > DD_RNG_BUFFER_WORDS;
            rng.used = used;
            require((dd_rng_u32(&rng, &word) == DD_E_STATE) == past);
            require((dd_rng_u64(&rng, &wide) == DD_E_STATE) == past);
            require((dd_rng_below(&rng, 37, &word) == DD_E_STATE) == past);
            require((dd_rng_permutation(&rng, 52, perm) == DD_E_STATE) == past);
            require((dd_rng_shuffle_u8(&rng, bytes, 52) == DD_E_STATE) == past);
            if (past)
                require(dd_rng_seed(&rng, used) == DD_OK);
            break;
        }
        case 7:
            /* Arbitrary key, nonce and counter (e.g. a counter about to wrap) are all legal states. */
            take_bytes(&in, rng.key, sizeof rng.key);
            take_bytes(&in, rng.nonce, sizeof rng.nonce);
            rng.counter = take_u64(&in);
            rng.used = DD_RNG_BUFFER_WORDS;
            break;
        case 8: {
            size_t n = take_count(&in, 64);
            if (n > 64) {
                require(dd_os_entropy(NULL, n) == DD_E_NULL);
                break;
            }
            require(dd_os_entropy(bytes, n) == DD_OK);
            break;
        }
        case 9:
            require(dd_rng_seed_os(&rng) == DD_OK);
            break;
        case 10:
            require(dd_rng_u32(NULL, &word) == DD_E_NULL && dd_rng_u32(&rng, NULL) == DD_E_NULL);
            require(dd_rng_u64(NULL, &wide) == DD_E_NULL && dd_rng_u64(&rng, NULL) == DD_E_NULL);
            require(dd_rng_below(NULL, 5, &word) == DD_E_NULL && dd_rng_below(&rng, 5, NULL) == DD_E_NULL);
            require(dd_rng_seed_os(NULL) == DD_E_NULL);
            require(dd_rng_permutation(NULL, 3, perm) == DD_E_NULL);
            require(dd_rng_shuffle_u8(NULL, bytes, 3) == DD_E_NULL);
            break;
        default:
            require(dd_rng_permutation(&rng, 0, NULL) == DD_OK && dd_rng_shuffle_u8(&rng, NULL, 0) == DD_OK);
            break;
        }
    }
    return 0;
}
