"""How many situations each drill asks at each level (docs/drills.md, "Situations per level"). Qt-free.

A situation is what makes two items the same question for a test (dealerdrill.drills.session.situation_of: the
same family asked, with the same right answer). A test asks no situation twice while its level has unused ones, so
a test of more items than its level has situations asks some twice: the Manager page says so when a target asks
for that. Counted by scripts/count_situations.py (1,500 draws a level): (count, whether it stopped growing); a
count still growing is a lower bound, a space no test exhausts.
"""
from __future__ import annotations

SITUATIONS: dict[str, tuple[tuple[int, bool], ...]] = {
    "baccarat.chips": ((85, True), (179, False), (233, False)),
    "baccarat.commission": ((40, True), (878, False), (1212, False)),
    "baccarat.find_error": ((1214, False), (1460, False), (1500, False)),
    "baccarat.irregularities": ((18, True), (30, True), (30, True)),
    "baccarat.procedure": ((40, True), (56, True), (56, True)),
    "baccarat.settle": ((1311, False), (1297, False), (1438, False)),
    "baccarat.shoe": ((16, True), (24, True), (21, True)),
    "baccarat.table_of_play": ((1500, False), (1500, False), (1500, False)),
    "paigow.chips": ((10, True), (32, True), (45, False)),
    "paigow.compare": ((4, True), (10, True), (6, True)),
    "paigow.delivery": ((16, True), (127, False), (132, False)),
    "paigow.expose": ((151, False), (942, False), (1345, False)),
    "paigow.find_error": ((1451, False), (1498, False), (1496, False)),
    "paigow.house_way": ((1444, False), (1221, False), (810, False)),
    "paigow.irregularities": ((220, False), (287, False), (274, False)),
    "paigow.settle": ((526, False), (1302, False), (1500, False)),
    "paigow.tiles": ((16, True), (61, False), (69, False)),
    "roulette.chips": ((720, False), (1278, False), (1383, False)),
    "roulette.completes": ((395, False), (1057, False), (1190, False)),
    "roulette.find_error": ((1500, False), (1500, False), (1500, False)),
    "roulette.irregularities": ((10, True), (19, True), (19, True)),
    "roulette.payout": ((1499, False), (1500, False), (1500, False)),
    "roulette.payout_keys": ((50, True), (125, True), (674, False)),
    "roulette.winners": ((1500, False), (1500, False), (1500, False)),
}


def situations(drill_id: str, level: int) -> tuple[int, bool] | None:
    """(situations counted, whether that is all of them) for a drill at a level; None for a drill not counted."""
    counted = SITUATIONS.get(drill_id)
    if counted is None or not 1 <= level <= len(counted):
        return None
    return counted[level - 1]


def too_small_for(drill_id: str, level: int, items: int) -> int | None:
    """The number of situations when a test of `items` at `level` must ask some twice (the level has fewer);
    None when it need not."""
    counted = situations(drill_id, level)
    if counted is None or not counted[1] or counted[0] >= items:
        return None
    return counted[0]
