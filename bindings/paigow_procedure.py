"""Where the pai gow bank sits (the chung) and the order in which the boxes are settled, by the engine
(core_c/src/paigow_procedure.c): rule 11.1(a) and (f), (i) when the house banks, 11.2(a) and seed 000
items (f), (i) with a player/banker. A banker box of 0 means the house is the sole banker. And the box the
dice total is counted from, under the house's reading (the dice rules are not among our pages)."""
from __future__ import annotations

import enum
from typing import NamedTuple

from ._engine import ffi, lib
from ._errors import InvalidInput, check, require_int, shown

__all__ = ["Chung", "DiceCount", "chung", "dice_count_start", "settling_order"]


class DiceCount(enum.Enum):
    """The house's reading of where the dice total is counted from (its value is the settings' word)."""

    BANKER = "banker"   # the banker's box, the chung's, counts as 1 (the project's default)
    BOX_1 = "box 1"     # box 1 counts as 1, whoever holds the bank

    @property
    def _engine_value(self) -> int:
        return {DiceCount.BANKER: lib.DD_PG_COUNT_FROM_BANKER, DiceCount.BOX_1: lib.DD_PG_COUNT_FROM_BOX_1}[self]


class Chung(NamedTuple):
    box: int
    rule: str   # "11.1(a)" (house) or "11.2(a)" (player/banker)


def chung(banker_box: int = 0) -> Chung:
    """The box the chung goes on: box 1 when the house banks (banker_box 0), else the player/banker's."""
    banker_box = require_int(banker_box, "the player/banker's box (0: the house banks)", 0, lib.DD_PG_BOXES)
    box, rule = ffi.new("int *"), ffi.new("const char **")
    check(lib.dd_pg_chung_box(banker_box, box, rule))
    return Chung(box[0], ffi.string(rule[0]).decode("ascii"))


def settling_order(banker_box: int = 0) -> list[int]:
    """The seven other boxes in the order they are exposed, matched and paid: counter-clockwise from the
    banker's box (box 1 when the house banks)."""
    banker_box = require_int(banker_box, "the player/banker's box (0: the house banks)", 0, lib.DD_PG_BOXES)
    order, count = ffi.new("uint8_t[]", lib.DD_PG_BOXES), ffi.new("size_t *")
    check(lib.dd_pg_settling_order(banker_box, order, lib.DD_PG_BOXES, count))
    return list(order[0:count[0]])


def dice_count_start(reading: DiceCount | str, banker_box: int = 0) -> int:
    """The box counted as 1 when the dice total is counted round the table, under the house's `reading`
    (a DiceCount or its word, "banker" or "box 1"), the bank as for chung()."""
    if not isinstance(reading, (DiceCount, str)) or reading not in [*DiceCount, *(r.value for r in DiceCount)]:
        raise InvalidInput(f"{shown(reading)} is not a reading of the dice count "
                           f"({', '.join(repr(r.value) for r in DiceCount)})")
    reading = DiceCount(reading)
    banker_box = require_int(banker_box, "the player/banker's box (0: the house banks)", 0, lib.DD_PG_BOXES)
    box = ffi.new("int *")
    check(lib.dd_pg_dice_count_start(reading._engine_value, banker_box, box))
    return box[0]
