"""Pai gow: house-way setting, per-hand setting values and the exhaustive analysis, engine vs reference."""
from reference import houseway as ref

from dealerdrill.core import houseway

from .harness import Result, best_time

HAND = ["6-6", "3-6", "5-6", "2-2"]
FULL_PLAYER_HANDS = 35960


def run(wanted):
    if wanted and not wanted & {"paigow", "houseway", "analysis"}:
        return []
    way = ref.load("nz")
    results = []

    engine = best_time(lambda: houseway.analyze("nz", 0.05))
    # The reference walks one player hand against all 20,475 bank hands tile by tile; the full analysis
    # is that for each of the 35,960 player hands, so its time is extrapolated from two hands.
    per_hand = sum(best_time(lambda h=h: ref.setting_counts(way, h), repeat=1, min_seconds=0)
                   for h in (HAND, ["1-1", "4-4", "1-3", "2-4"])) / 2
    reference = per_hand * FULL_PLAYER_HANDS
    results.append(Result("house way vs house way, all 35,960 x 20,475", engine, reference,
                          "< 100 ms, >= 1000x", engine < 0.1 and reference / engine >= 1000,
                          "reference extrapolated from 2 player hands x 35,960"))

    engine = best_time(lambda: houseway.setting_values(HAND, "nz", 0.05))
    results.append(Result("EV of a hand's 3 settings vs 20,475 bank hands", engine, per_hand, "< 5 ms",
                          engine < 0.005))

    hands = ref.distinct_hands()
    engine = best_time(lambda: houseway.house_way_many(hands, "nz"))
    reference = best_time(lambda: [ref.decide(way, h) for h in hands], repeat=1, min_seconds=0)
    results.append(Result("house way for all 3,620 distinct hands", engine, reference, "", None))
    return results
