"""How many situations each drill asks at each level (docs/drills.md, "Situations per level"). Qt-free.

A situation is what makes two items the same question for a test (situation_of below: the family shown the same
thing, or the family with its right answer for a drill that says so). A test asks no situation twice while its
level has unused ones, so a test of more items than its level has situations asks some twice: the Manager page says
so when a target asks for that. Counted by scripts/count_situations.py (1,500 draws a level): (count, whether it
stopped growing); a count still growing is a lower bound, a space no test exhausts.
"""
from __future__ import annotations

import json

from dealerdrill.domain import Item


def situation_of(item: Item, drill=None) -> str:
    """What makes two items the same question for a test, so that a trainee who met it once could answer it again
    from memory: the same family shown the same thing (the same two hands, the same layout). A drill whose items
    dress one question in details that do not change it (an irregularity's seat and names, a procedure question's
    order of choices) says what its situation is (`situation(item)`: there, the family with its right answer)."""
    declared = getattr(drill, "situation", None)
    if callable(declared):
        return str(declared(item))
    return json.dumps([item.family, item.prompt], sort_keys=True, default=str)


def same_answer_situation(item: Item) -> str:
    """The situation of a drill whose items are one question dressed in details: the family and its answer."""
    return json.dumps([item.family, item.key], sort_keys=True, default=str)



SITUATIONS: dict[str, tuple[tuple[int, bool], ...]] = {
    "baccarat.chips": ((85, True), (179, False), (233, False)),
    "baccarat.commission": ((275, False), (1289, False), (1500, False)),
    "baccarat.find_error": ((1500, False), (1500, False), (1500, False)),
    "baccarat.irregularities": ((18, True), (30, True), (30, True)),
    "baccarat.procedure": ((40, True), (56, True), (56, True)),
    "baccarat.settle": ((1500, False), (1500, False), (1500, False)),
    "baccarat.shoe": ((1052, False), (1233, False), (1282, False)),
    "baccarat.table_of_play": ((1500, False), (1500, False), (1500, False)),
    "paigow.chips": ((10, True), (32, True), (45, False)),
    "paigow.compare": ((1488, False), (1360, False), (1201, False)),
    "paigow.delivery": ((216, False), (832, False), (999, False)),
    "paigow.expose": ((1500, False), (1500, False), (1500, False)),
    "paigow.find_error": ((1500, False), (1500, False), (1500, False)),
    "paigow.house_way": ((1491, False), (1388, False), (1159, False)),
    "paigow.irregularities": ((220, False), (287, False), (274, False)),
    "paigow.settle": ((1500, False), (1500, False), (1500, False)),
    "paigow.tiles": ((21, True), (89, False), (160, False)),
    "roulette.chips": ((720, False), (1278, False), (1383, False)),
    "roulette.completes": ((428, False), (1087, False), (1224, False)),
    "roulette.find_error": ((1500, False), (1500, False), (1500, False)),
    "roulette.irregularities": ((10, True), (19, True), (19, True)),
    "roulette.payout": ((1500, False), (1500, False), (1500, False)),
    "roulette.payout_keys": ((837, False), (1122, False), (1414, False)),
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
