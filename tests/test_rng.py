"""The ChaCha20 generator, bounded integers and shuffles."""
import pytest
from scipy import stats

from dealerdrill import core
from dealerdrill.core._engine import ffi, lib
from reference.rng import ReferenceRng, chacha20_block

RFC8439_KEY = [int.from_bytes(bytes(range(i, i + 4)), "little") for i in range(0, 32, 4)]
# RFC 8439 section 2.3.2: the serialized block, as little-endian words.
RFC8439_BLOCK = [
    0xE4E7F110, 0x15593BD1, 0x1FDD0F50, 0xC47120A3, 0xC7F4D1C7, 0x0368C033, 0x9AAA2204, 0x4E6CD4C3,
    0x466482D2, 0x09AA9F07, 0x05D7C214, 0xA2028BD9, 0xD19C12B5, 0xB94E16DE, 0xE883D0CB, 0x4E3C50A2,
]


def test_reference_block_function_matches_rfc_8439():
    assert chacha20_block(RFC8439_KEY, 1, 0x09000000, 0x4A000000, 0) == RFC8439_BLOCK


def test_engine_block_function_matches_rfc_8439():
    rng = ffi.new("dd_rng *")
    for i, word in enumerate(RFC8439_KEY):
        rng.key[i] = word
    rng.counter = 1 | (0x09000000 << 32)
    rng.nonce[0], rng.nonce[1] = 0x4A000000, 0
    rng.used = lib.DD_RNG_BUFFER_WORDS
    out = ffi.new("uint32_t *")
    words = []
    for _ in range(16):
        assert lib.dd_rng_u32(rng, out) == lib.DD_OK
        words.append(out[0])
    assert words == RFC8439_BLOCK


@pytest.mark.parametrize("seed", [0, 1, 2026, 2**64 - 1])
def test_seeded_permutation_equals_reference(seed):
    assert core.shuffle(416, seed=seed) == ReferenceRng(seed).permutation(416)


def test_seeded_runs_repeat():
    assert core.shuffle(416, seed=7) == core.shuffle(416, seed=7)
    rng_a, rng_b = core.Rng(99), core.Rng(99)
    assert [rng_a.below(37) for _ in range(100)] == [rng_b.below(37) for _ in range(100)]


def test_nearby_seeds_give_different_shuffles():
    assert core.shuffle(416, seed=1) != core.shuffle(416, seed=2)


def test_unseeded_runs_differ():
    # Two OS-seeded shuffles of 416 cards coincide with probability 1/416!: never, in practice.
    assert core.shuffle(416) != core.shuffle(416)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 32, 416, 100_000])
def test_permutation_of_any_size(n):
    perm = core.shuffle(n, seed=n)
    assert sorted(perm) == list(range(n))


def test_position_uniformity_chi_square():
    """Where card c lands, over many shuffles of 52: every (card, position) cell equally likely."""
    n, trials = 52, 20_000
    rng = core.Rng(12345)
    counts = [[0] * n for _ in range(n)]
    for _ in range(trials):
        for position, card in enumerate(rng.permutation(n)):
            counts[card][position] += 1
    # One chi-square per card over its positions; with 52 tests at 1% each, allow the expected few.
    failures = sum(stats.chisquare(row).pvalue < 0.01 for row in counts)
    assert failures <= 4, failures
    # And the whole table at once (df = (n-1)^2 for a table with fixed margins).
    flat = [c for row in counts for c in row]
    expected = trials / n
    chi2 = sum((c - expected) ** 2 / expected for c in flat)
    assert stats.chi2.sf(chi2, (n - 1) ** 2) > 0.01


def test_bounded_integers_have_no_modulo_bias():
    """bound = 3 * 2^30: `x % bound` would make the lowest third twice as likely as each other third."""
    bound = 3 << 30
    rng = core.Rng(424242)
    thirds = [0, 0, 0]
    for _ in range(30_000):
        thirds[rng.below(bound) >> 30] += 1
    assert stats.chisquare(thirds).pvalue > 0.01
    assert max(thirds) / min(thirds) < 1.1


def test_small_bounds_are_uniform():
    rng = core.Rng(5)
    counts = [0] * 37
    for _ in range(37_000):
        counts[rng.below(37)] += 1
    assert stats.chisquare(counts).pvalue > 0.01


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "7", True])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(core.InvalidInput, match="seed"):
        core.shuffle(10, seed=bad)


@pytest.mark.parametrize("bad", [-1, 2.0, "ten", 10**9])
def test_bad_sizes_are_refused(bad):
    with pytest.raises(core.InvalidInput, match="number of items"):
        core.shuffle(bad, seed=1)


def test_bound_zero_is_refused():
    with pytest.raises(core.InvalidInput, match="bound"):
        core.Rng(1).below(0)


def test_c_entry_points_reject_null_and_zero_bound():
    out = ffi.new("uint32_t *")
    rng = ffi.new("dd_rng *")
    assert lib.dd_rng_seed(ffi.NULL, 1) == lib.DD_E_NULL
    assert lib.dd_rng_seed(rng, 1) == lib.DD_OK
    assert lib.dd_rng_below(rng, 0, out) == lib.DD_E_RANGE
    assert lib.dd_rng_below(rng, 5, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_rng_permutation(rng, 5, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_rng_permutation(rng, 0, ffi.NULL) == lib.DD_OK
    rng.used = 99  # a corrupted state is refused rather than read out of bounds
    assert lib.dd_rng_u32(rng, out) == lib.DD_E_STATE


STREAM_PROGRAM = r"""
#include <stdio.h>
#include "dd_rng.h"
int main(void)
{
    dd_rng rng;
    uint32_t word, perm[416];
    int i;
    dd_rng_seed(&rng, 2026);
    for (i = 0; i < 200; i++) {
        dd_rng_u32(&rng, &word);
        printf("%u\n", (unsigned)word);
    }
    dd_rng_permutation(&rng, 416, perm);
    for (i = 0; i < 416; i++)
        printf("%u\n", (unsigned)perm[i]);
    return 0;
}
"""


@pytest.mark.parametrize("portable", [False, True], ids=["vector-build", "portable-c-build"])
def test_both_builds_of_the_generator_give_the_reference_stream(portable, tmp_path):
    """The vectorised ChaCha20 and 128-bit multiplies (GCC/Clang) and the plain C11 fallback used by other
    compilers must produce the same stream and shuffles, so a seeded drill repeats on every platform."""
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    compiler = shutil.which("cc") or shutil.which("gcc")
    source = tmp_path / "stream.c"
    source.write_text(STREAM_PROGRAM)
    exe = tmp_path / "stream"
    flags = ["-DDD_PORTABLE_C"] if portable else []
    subprocess.run([compiler, "-std=c11", "-O2", *flags, "-I", str(root / "core_c" / "include"), str(source),
                    str(root / "core_c" / "src" / "rng.c"), str(root / "core_c" / "src" / "common.c"),
                    "-o", str(exe)], check=True)
    numbers = [int(line) for line in subprocess.run([str(exe)], capture_output=True, text=True,
                                                   check=True).stdout.split()]
    reference = ReferenceRng(2026)
    assert numbers[:200] == [reference.u32() for _ in range(200)]
    assert numbers[200:] == reference.permutation(416)
