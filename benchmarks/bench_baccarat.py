"""Baccarat: exact enumeration, whole-shoe simulation (ratio and the hands-per-second target) and batch
coup resolution, engine vs the pure-Python reference."""
from reference import baccarat as ref
from reference.rng import ReferenceRng

from dealerdrill.core import baccarat
from dealerdrill.core._engine import ffi, lib

from .harness import Result, best_time

COUPS = 1_000_000
REFERENCE_SHOES = 40           # the reference deals this many whole shoes; its per-coup rate is scaled up
RATE_SHOES = 100_000           # about 8 million coups for the hands-per-second figure
BATCH = 100_000                # coups in one dd_bac_coup_resolve_many call


def _reference_shoes(shoes: int, seed: int) -> int:
    """Shuffle and deal `shoes` 8-deck shoes in the reference (burn, cut 14 from the end); coups dealt."""
    rng = ReferenceRng(seed)
    codes = [c for _ in range(8) for c in range(52)]
    coups = 0
    for _ in range(shoes):
        order = [codes[i] for i in rng.permutation(len(codes))]
        coups += len(ref.deal_shoe(order, 14, True)[1])
    return coups


def run(wanted):
    if wanted and not wanted & {"baccarat", "exact", "simulate", "coup"}:
        return []
    results = []

    engine = best_time(lambda: baccarat.exact_ways(8))
    reference = best_time(lambda: ref.exact_ways(8), repeat=1, min_seconds=0)
    assert baccarat.exact_ways(8) == ref.exact_ways(8)
    results.append(Result("8-deck exact enumeration", engine, reference, "< 1 ms, >= 50x",
                          engine < 1e-3 and reference / engine >= 50))

    # A million coups: the engine plays whole shoes until it has dealt a million; the reference deals a
    # sample of whole shoes (shuffle included) and its time per coup is scaled to a million.
    per_shoe = baccarat.simulate(2000, seed=1).coups / 2000
    shoes = round(COUPS / per_shoe)
    seeds = iter(range(10**9))
    engine_run = best_time(lambda: baccarat.simulate(shoes, seed=next(seeds)), repeat=3)
    engine = engine_run * COUPS / baccarat.simulate(shoes, seed=1).coups
    counted = []
    reference_run = best_time(lambda: counted.append(_reference_shoes(REFERENCE_SHOES, next(seeds))),
                              repeat=1, min_seconds=0)
    reference = reference_run / counted[-1] * COUPS
    results.append(Result("a million simulated coups (8 decks, whole shoes)", engine, reference, ">= 50x",
                          reference / engine >= 50,
                          f"reference timed on {REFERENCE_SHOES} shoes ({counted[-1]:,} coups) and "
                          f"scaled per coup to a million"))

    # The simulator's own rate: one call, one core.
    run_seconds = best_time(lambda: baccarat.simulate(RATE_SHOES, seed=next(seeds)), repeat=3, min_seconds=0)
    coups = baccarat.simulate(RATE_SHOES, seed=1).coups
    rate = coups / run_seconds
    per_million = 1e6 / rate
    results.append(Result("baccarat.simulate, hands per second (1 core)", per_million, reference,
                          ">= 50 M hands/s", rate >= 50e6,
                          f"{rate / 1e6:.1f} M hands/s ({RATE_SHOES:,} shoes, {coups:,} coups per call); "
                          f"times are per million hands"))

    # Batch resolution of given coups (ranks in dealing order, 6 per coup).
    rng = ReferenceRng(5)
    flat = [rng.below(13) + 1 for _ in range(6 * BATCH)]
    ranks = ffi.new("uint8_t[]", flat)
    out = ffi.new("dd_bac_coup[]", BATCH)
    bad = ffi.new("size_t *")
    assert lib.dd_bac_coup_resolve_many(ranks, BATCH, 6, out, bad) == lib.DD_OK
    sample = 2000
    for k in range(0, sample, 97):
        assert ref.play_ranks(flat[6 * k: 6 * k + 6]).cards_used == out[k].cards_used
    engine = best_time(lambda: lib.dd_bac_coup_resolve_many(ranks, BATCH, 6, out, bad))
    per_coup = best_time(lambda: [ref.play_ranks(flat[6 * k: 6 * k + 6]) for k in range(sample)],
                         repeat=3, min_seconds=0) / sample
    results.append(Result(f"resolve {BATCH:,} given coups (one batch call)", engine,
                          per_coup * BATCH, "", None, f"reference timed on {sample:,} coups, scaled"))
    return results
