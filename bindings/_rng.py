"""Shuffles and random draws from the engine's ChaCha20 generator."""
from __future__ import annotations

from ._engine import ffi, lib
from ._errors import check, require_int, require_items

SEED_MAX = 2**64 - 1
# A Python list of this many ints already takes gigabytes; larger requests are almost certainly mistakes.
SHUFFLE_MAX = 50_000_000


class Rng:
    """A generator owned by Python: seeded (repeatable) or from the OS."""

    def __init__(self, seed: int | None = None):
        self._state = ffi.new("dd_rng *")
        if seed is None:
            check(lib.dd_rng_seed_os(self._state))
        else:
            check(lib.dd_rng_seed(self._state, require_int(seed, "the seed", 0, SEED_MAX)))

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound)."""
        out = ffi.new("uint32_t *")
        check(lib.dd_rng_below(self._state, require_int(bound, "the bound", 1, 2**32 - 1), out))
        return out[0]

    def permutation(self, n: int) -> list[int]:
        n = require_int(n, "the number of items to shuffle", 0, SHUFFLE_MAX)
        out = ffi.new("uint32_t[]", max(n, 1))
        check(lib.dd_rng_permutation(self._state, n, out))
        return list(ffi.unpack(out, n))

    def shuffled(self, items):
        """A new list holding the items in a random order."""
        items = require_items(items, "the items to shuffle", SHUFFLE_MAX)
        return [items[i] for i in self.permutation(len(items))]

    def _cdata(self):
        return self._state


def shuffle(n: int, seed: int | None = None) -> list[int]:
    """A uniformly random permutation of range(n); the same seed always gives the same permutation."""
    return Rng(seed).permutation(n)
