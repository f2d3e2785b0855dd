"""The commission on a winning wager, for baccarat (Banker wins, rule 5.7(b)) and pai gow alike.

The C engine (core_c/src/commission.c) works it out and says which rates it can charge: whole basis
points (hundredths of a percent) from 0% to 100%. A table's settings should ask `percent_supported`
(or `basis_points_of_percent`, which explains a refusal) before they accept a rate, so that every drill
and table can use it.

    >>> commission(1230, 500)                       # 5% of $12.30, rounded down to the cent
    61
    >>> percent_supported(2.125)
    False
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ._engine import ffi, lib
from ._errors import InvalidInput, check, require_int, shown

__all__ = [
    "DEFAULT_BP", "MAX_AMOUNT", "MAX_BP", "MAX_UNIT", "TABLE_ROUNDINGS", "Rounding", "Terms", "basis_points",
    "basis_points_of_percent", "commission", "percent_supported", "rate_supported", "table_terms",
]

MAX_BP = lib.DD_COMMISSION_MAX_BP
DEFAULT_BP = lib.DD_COMMISSION_DEFAULT_BP
MAX_AMOUNT = lib.DD_COMMISSION_MAX_AMOUNT
MAX_UNIT = lib.DD_COMMISSION_MAX_UNIT
_INT64_MAX = 2**63 - 1


class Rounding(enum.Enum):
    """How a commission that is not a whole rounding unit is rounded (one choice for every game)."""
    PLAYER = "player"      # down: the player's favour (the default)
    HOUSE = "house"        # up, never above the amount won
    NEAREST = "nearest"    # to the nearest unit; an exact half goes the player's way


ROUNDING_CODES = {
    Rounding.PLAYER: lib.DD_ROUND_FOR_PLAYER,
    Rounding.HOUSE: lib.DD_ROUND_FOR_HOUSE,
    Rounding.NEAREST: lib.DD_ROUND_NEAREST,
}


def _rounding_of(rounding) -> Rounding:
    """A Rounding from itself or its value, else InvalidInput."""
    if isinstance(rounding, Rounding):
        return rounding
    if isinstance(rounding, str):
        try:
            return Rounding(rounding)
        except ValueError:
            pass
    raise InvalidInput(f"rounding must be 'player', 'house' or 'nearest', not {shown(rounding)}")


def rounding_code(rounding) -> int:
    """The engine's code for a Rounding (or its value "player", "house", "nearest")."""
    return ROUNDING_CODES[_rounding_of(rounding)]


def _fraction(value, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        raise InvalidInput(f"{what} must be a number, not {shown(value)}")
    if isinstance(value, float):
        # str() of a float is its shortest round-tripping form, so 0.05 is read as exactly 5/100.
        return Fraction(str(value)) if value == value and abs(value) != float("inf") else Fraction(-1)
    if isinstance(value, Decimal) and not value.is_finite():
        return Fraction(-1)
    return Fraction(value)


def _engine_bp(rate: Fraction) -> tuple[int, int]:
    """(status, basis points) as the engine answers for the rate; fractions too large for the engine's
    64-bit arguments are passed as values it refuses (a denominator that large is never whole bp)."""
    numerator, denominator = rate.numerator, rate.denominator
    if denominator > _INT64_MAX:
        numerator, denominator = 1, _INT64_MAX
    if not -_INT64_MAX <= numerator <= _INT64_MAX:
        numerator, denominator = (_INT64_MAX if numerator > 0 else -1), 1
    out = ffi.new("int32_t *")
    status = lib.dd_commission_rate_bp(numerator, denominator, out)
    return status, out[0]


def _refusal(shown: str) -> str:
    return (f"{shown} is not a commission rate the engine can charge: a rate is a whole number of "
            f"hundredths of a percent (such as 5%, 4.5% or 2.12%) from 0% to 100%")


def basis_points(rate) -> int:
    """A rate given as a fraction of the wager (0.05 = 5%) in basis points; InvalidInput, in plain
    words, for a rate the engine cannot charge."""
    status, bp = _engine_bp(_fraction(rate, "the commission rate"))
    if status == lib.DD_E_RANGE:
        raise InvalidInput(_refusal(f"a rate of {shown(rate)}"))
    check(status)
    return bp


def basis_points_of_percent(percent) -> int:
    """A rate given in percent (5.0 = 5%, as the settings hold it) in basis points; InvalidInput, in
    plain words, for a rate the engine cannot charge (2.125% is refused: it is no whole basis point)."""
    status, bp = _engine_bp(_fraction(percent, "the commission rate (%)") / 100)
    if status == lib.DD_E_RANGE:
        raise InvalidInput(_refusal(f"{percent}%" if isinstance(percent, float) else f"{shown(percent)}%"))
    check(status)
    return bp


def rate_supported(rate) -> bool:
    """Whether the engine can charge this rate (a fraction of the wager: 0.05 = 5%)."""
    try:
        basis_points(rate)
    except InvalidInput:
        return False
    return True


def percent_supported(percent) -> bool:
    """Whether the engine can charge this rate given in percent (5.0 = 5%)."""
    try:
        basis_points_of_percent(percent)
    except InvalidInput:
        return False
    return True


def commission(amount: int, bp: int = DEFAULT_BP, rounding_unit: int = 1,
               rounding: Rounding | str = Rounding.PLAYER) -> int:
    """The commission in cents on a win of `amount` cents at `bp` basis points, a multiple of
    `rounding_unit` cents rounded as `rounding` says, never more than the amount won."""
    amount = require_int(amount, "the amount won (cents)", 0, MAX_AMOUNT)
    bp = require_int(bp, "the commission rate (basis points)", 0, MAX_BP)
    unit = require_int(rounding_unit, "the rounding unit (cents)", 1, MAX_UNIT)
    out = ffi.new("int64_t *")
    check(lib.dd_commission(amount, bp, unit, rounding_code(rounding), out))
    return out[0]


@dataclass(frozen=True)
class Terms:
    """How a table charges commission: the rate in basis points and how it is rounded."""
    bp: int
    rounding_unit: int = 1               # cents: 1 = exact, or the smallest chip
    rounding: Rounding = Rounding.PLAYER

    def __post_init__(self):
        # Terms are made by callers (the settings, the drills); a rate or unit the engine cannot use is
        # refused here, in the words commission() would use, rather than on the first payment.
        require_int(self.bp, "the commission rate (basis points)", 0, MAX_BP)
        require_int(self.rounding_unit, "the rounding unit (cents)", 1, MAX_UNIT)
        object.__setattr__(self, "rounding", _rounding_of(self.rounding))

    @property
    def percent_words(self) -> str:
        """The rate as a person writes it: "5%", "4.5%", "2.12%"."""
        return f"{self.bp / 100:g}%"

    def on(self, amount: int) -> int:
        """The commission on a win of `amount` cents."""
        return commission(amount, self.bp, self.rounding_unit, self.rounding)


# A table's rounding choices (the settings' words): exact cents; up to the smallest chip (the house's
# favour); down to it (the player's favour: the winner is paid the next amount payable in chips, as the
# NSW-style rule 5.7 says).
TABLE_ROUNDINGS = {"cents": (False, Rounding.PLAYER), "up": (True, Rounding.HOUSE), "down": (True, Rounding.PLAYER)}


def table_terms(percent, rounding: str = "cents", smallest_chip_cents: int = 100) -> Terms:
    """A table's commission terms from its settings: the rate in percent (refused in plain words when the
    engine cannot charge it), the rounding choice ("cents", "up" or "down") and the smallest chip."""
    bp = basis_points_of_percent(percent)
    if not isinstance(rounding, str) or rounding not in TABLE_ROUNDINGS:
        raise InvalidInput(f"commission rounding is one of {', '.join(TABLE_ROUNDINGS)}, not {shown(rounding)}")
    to_chips, direction = TABLE_ROUNDINGS[rounding]
    unit = require_int(smallest_chip_cents, "the smallest chip (cents)", 1, MAX_UNIT) if to_chips else 1
    return Terms(bp, unit, direction)
