"""Where the pai gow bank sits (the chung) and the order in which the boxes are settled, by the engine
(core_c/src/paigow_procedure.c): rule 11.1(a) and (f), (i) when the house banks, 11.2(a) and seed 000
items (f), (i) with a player/banker. A banker box of 0 means the house is the sole banker."""
from __future__ import annotations

from typing import NamedTuple

from ._engine import ffi, lib
from ._errors import check, require_int

__all__ = ["Chung", "chung", "settling_order"]


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
