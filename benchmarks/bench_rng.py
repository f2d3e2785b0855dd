from reference.rng import ReferenceRng

from dealerdrill import core

from .harness import Result, best_time


def run(wanted):
    if wanted and "shuffle" not in wanted:
        return []
    seeds = iter(range(10**9))
    engine = best_time(lambda: core.shuffle(416, seed=next(seeds)))
    reference = best_time(lambda: ReferenceRng(next(seeds)).permutation(416), repeat=3)
    ratio = reference / engine
    return [Result("shuffle of 416 cards (8 decks)", engine, reference, ">= 50x", ratio >= 50)]
