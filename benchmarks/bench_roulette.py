"""Roulette: settling 10,000 wagers against a winning number, engine (WagerBatch) vs the reference."""
import random

from reference import roulette as ref

from dealerdrill.core import roulette

from .harness import Result, best_time

WAGERS = 10_000


def _bets(count: int, seed: int = 7) -> list:
    """A mix of every kind of wager the layout holds (inside and outside), with amounts in cents."""
    chooser = random.Random(seed)
    places = [sorted(numbers) for numbers, _ in ref.layout_wagers()] + list(ref.outside_wagers())
    return [(chooser.choice(places), chooser.randrange(100, 50_000)) for _ in range(count)]


def run(wanted):
    if wanted and not wanted & {"roulette", "settle"}:
        return []
    bets = _bets(WAGERS)
    batch = roulette.WagerBatch(bets)
    numbers = iter(range(10**9))
    # The answers must agree before the times mean anything.
    for number in (0, 17, 36):
        assert batch.settle(number) == ref.settle(bets, number), number
    reference = best_time(lambda: ref.settle(bets, next(numbers) % 37), repeat=3)
    results = []
    engine = best_time(lambda: batch.settle(next(numbers) % 37))
    results.append(Result(f"settle {WAGERS:,} roulette wagers (per-bet list)", engine, reference, ">= 50x",
                          reference / engine >= 50, "WagerBatch.settle: one engine call plus the list"))
    engine = best_time(lambda: batch.total(next(numbers) % 37))
    reference = best_time(lambda: sum(ref.settle(bets, next(numbers) % 37)), repeat=3)
    results.append(Result(f"settle {WAGERS:,} roulette wagers (total)", engine, reference, ">= 50x",
                          reference / engine >= 50, "WagerBatch.total vs the sum of the reference's list"))
    engine = best_time(lambda: roulette.WagerBatch(bets), repeat=3)
    reference = best_time(lambda: [ref.classify(where if not isinstance(where, str) else
                                                ref.outside_wagers()[where]) for where, _ in bets], repeat=3)
    results.append(Result(f"check and prepare {WAGERS:,} wagers (WagerBatch)", engine, reference, "", None,
                          "once per batch (Python-side checks); reference classifies each wager"))
    return results
