"""Paying an amount in chips from the float, and colour (non-value) chips at the roulette wheel.

The C engine (core_c/src/chips.c) breaks an amount down and checks a breakdown; this module converts
values. Amounts and chip values share one unit, whatever the caller uses (whole dollars at a roulette
table, cents where commission leaves cents), as long as one call uses one unit.

Two conventions (Convention): the fewest chips, or the house breakdown, the fewest chips none larger than
a cap the house sets (with a $25 cap, $175 is paid as 7 x $25 rather than $100 + 3 x $25).

    >>> breakdown(175, (1, 5, 25, 100))
    {100: 1, 25: 3}
    >>> breakdown(175, (1, 5, 25, 100), cap=25)
    {25: 7}
"""
from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from ._engine import ffi, lib
from ._errors import InvalidInput, check, require_int

__all__ = ["Convention", "MAX_AMOUNT", "MAX_VALUE", "Verdict", "breakdown", "check_breakdown", "colour_in",
           "colour_out"]

MAX_AMOUNT = lib.DD_CHIPS_MAX_AMOUNT
MAX_VALUE = lib.DD_CHIPS_MAX_VALUE
MAX_DENOMINATIONS = lib.DD_CHIPS_MAX_DENOMINATIONS


class Convention(enum.Enum):
    FEWEST = lib.DD_CHIPS_FEWEST          # the fewest chips
    LARGEST_CAP = lib.DD_CHIPS_LARGEST_CAP  # the fewest chips no larger than the house's cap


class Verdict(enum.Enum):
    """What the engine says of a trainee's breakdown."""
    RIGHT = lib.DD_CHIPS_RIGHT
    WRONG_SUM = lib.DD_CHIPS_WRONG_SUM     # the chips do not make the amount
    ABOVE_CAP = lib.DD_CHIPS_ABOVE_CAP     # a chip larger than the house breakdown allows
    TOO_MANY = lib.DD_CHIPS_TOO_MANY       # the right amount in more chips than needed


def _denominations(values: Iterable[int]) -> list[int]:
    values = list(values)
    if not 1 <= len(values) <= MAX_DENOMINATIONS:
        raise InvalidInput(f"a float has 1 to {MAX_DENOMINATIONS} chip values, not {len(values)}")
    checked = [require_int(v, "a chip value", 1, MAX_VALUE) for v in values]
    if len(set(checked)) != len(checked):
        raise InvalidInput("each chip value is listed once")
    return checked


def _terms(denominations, cap):
    values = _denominations(denominations)
    if cap is None:
        return values, Convention.FEWEST.value, 0
    cap = require_int(cap, "the largest chip of the house breakdown", 1, MAX_VALUE)
    if cap not in values:
        raise InvalidInput(f"the house breakdown's largest chip ({cap}) is not one of the chip values")
    return values, Convention.LARGEST_CAP.value, cap


def breakdown(amount: int, denominations: Sequence[int], cap: int | None = None) -> dict[int, int]:
    """The chips that pay `amount`: {chip value: count} for the chips used, largest first. `cap` None
    asks for the fewest chips; a chip value asks for the house breakdown with no chip above it.
    NotPayable when the allowed chips cannot make the amount exactly."""
    values, convention, cap_value = _terms(denominations, cap)
    amount = require_int(amount, "the amount to pay", 0, MAX_AMOUNT)
    counts = ffi.new("int64_t[]", len(values))
    chips = ffi.new("int64_t *")
    check(lib.dd_chips_breakdown(amount, ffi.new("int64_t[]", values), len(values), convention, cap_value,
                                 counts, chips))
    used = {value: counts[i] for i, value in enumerate(values) if counts[i]}
    return dict(sorted(used.items(), reverse=True))


def check_breakdown(amount: int, denominations: Sequence[int], counts: Sequence[int],
                    cap: int | None = None) -> Verdict:
    """Whether counts[i] chips of denominations[i] pay `amount` right under the convention (`cap` as for
    breakdown): the engine's Verdict. Several breakdowns may be right; the engine says of this one."""
    values, convention, cap_value = _terms(denominations, cap)
    amount = require_int(amount, "the amount to pay", 0, MAX_AMOUNT)
    counts = list(counts)
    if len(counts) != len(values):
        raise InvalidInput(f"give a count for each of the {len(values)} chip values")
    given = [require_int(c, "a number of chips", 0, 2**63 - 1) for c in counts]
    why = ffi.new("int32_t *")
    check(lib.dd_chips_check(amount, ffi.new("int64_t[]", values), len(values), convention, cap_value,
                             ffi.new("int64_t[]", given), why))
    return Verdict(why[0])


def colour_in(cash: int, colour_value: int) -> tuple[int, int]:
    """(colour chips, change) for `cash` handed over for colour at `colour_value` a chip (rule 2.6): the
    change is what is left under one colour chip's value, given back in value chips."""
    cash = require_int(cash, "the cash handed over", 0, MAX_AMOUNT)
    colour_value = require_int(colour_value, "the value of a colour chip", 1, MAX_VALUE)
    chips, change = ffi.new("int64_t *"), ffi.new("int64_t *")
    check(lib.dd_chips_colour_in(cash, colour_value, chips, change))
    return chips[0], change[0]


def colour_out(colour_chips: int, colour_value: int) -> int:
    """What `colour_chips` colour chips at `colour_value` each are worth in value chips."""
    colour_chips = require_int(colour_chips, "the number of colour chips", 0, MAX_AMOUNT)
    colour_value = require_int(colour_value, "the value of a colour chip", 1, MAX_VALUE)
    value = ffi.new("int64_t *")
    check(lib.dd_chips_colour_out(colour_chips, colour_value, value))
    return value[0]
