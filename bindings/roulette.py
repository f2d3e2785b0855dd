"""Single-zero roulette (NZ Gazette rules 4.7-5.3): wagers, payouts, the wheel, spins.

A wager is named by the numbers it covers (any sequence of ints, e.g. (17, 20) for the split 17-20) or,
for the outside boxes, by a name: red black even odd low high dozen1 dozen2 dozen3 column1 column2
column3. Every decision (is this a wager, what does it pay, who wins) is made by the C engine; this
module only converts values and words errors.

    >>> settle([((0, 2), 10), ("red", 5), ((0, 1, 2, 3), 1)], 0)
    [170, 0, 8]

`WagerBatch` holds a batch of wagers in C arrays so that settling thousands of them is a single call.
"""
from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache

from ._engine import ffi, lib
from ._errors import InvalidInput, InvalidWager, check, require_int, require_items, shown
from ._rng import Rng

__all__ = [
    "OUTSIDE_NAMES",
    "WHEEL_ORDER",
    "PayingOrder",
    "Wager",
    "WagerBatch",
    "WagerKind",
    "classify",
    "color",
    "complete",
    "covering",
    "layout_wagers",
    "pay_order_check",
    "pay_step",
    "paying_order",
    "paying_steps",
    "settle",
    "spin",
    "spins",
    "winning_wagers",
]

POCKETS = lib.DD_ROULETTE_POCKETS
HIGHEST = POCKETS - 1
INT64_MAX = 2**63 - 1
_MAX_BATCH = lib.DD_ROULETTE_MAX_BATCH


class PayingOrder(Enum):
    """The house's reading of the order the inside wagers are paid in (no Gazette page gives it; its value is
    the settings' word). The outside wagers are paid first under both."""

    BY_ODDS = "by odds"              # six lines, corners, streets, splits, straight ups (the project's default)
    STREETS_FIRST = "streets first"  # six lines, streets, corners, splits, straight ups (many dealing schools)

    @property
    def _engine_value(self) -> int:
        return {PayingOrder.BY_ODDS: lib.DD_ROULETTE_PAY_BY_ODDS,
                PayingOrder.STREETS_FIRST: lib.DD_ROULETTE_PAY_STREETS_FIRST}[self]


def _paying_order(reading) -> PayingOrder:
    """A PayingOrder from itself or its word; InvalidInput, in words, for anything else."""
    if isinstance(reading, PayingOrder):
        return reading
    if isinstance(reading, str) and reading in {r.value for r in PayingOrder}:
        return PayingOrder(reading)
    raise InvalidInput(f"{shown(reading)} is not a reading of the paying order "
                       f"({', '.join(repr(r.value) for r in PayingOrder)})")


class WagerKind(Enum):
    """The kinds of wager on the layout (rule 5.1), valued as the engine's dd_roulette_kind."""

    STRAIGHT = lib.DD_ROULETTE_STRAIGHT
    SPLIT = lib.DD_ROULETTE_SPLIT
    STREET = lib.DD_ROULETTE_STREET
    CORNER = lib.DD_ROULETTE_CORNER
    SIX_LINE = lib.DD_ROULETTE_SIX_LINE
    COLUMN = lib.DD_ROULETTE_COLUMN
    DOZEN = lib.DD_ROULETTE_DOZEN
    LOW = lib.DD_ROULETTE_LOW
    HIGH = lib.DD_ROULETTE_HIGH
    EVEN = lib.DD_ROULETTE_EVEN
    ODD = lib.DD_ROULETTE_ODD
    RED = lib.DD_ROULETTE_RED
    BLACK = lib.DD_ROULETTE_BLACK

    @property
    def odds(self) -> int:
        """Payout odds "x to 1" (rule 5.1): winnings are the stake times this."""
        return _kind_info(self.value)[0]

    @property
    def covers(self) -> int:
        """How many numbers a wager of this kind covers."""
        return _kind_info(self.value)[1]

    @property
    def outside(self) -> bool:
        """True for the boxes outside the numbers (rule 4.9): columns, dozens and the even-money ones."""
        return _kind_info(self.value)[2]

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def pay_step(self) -> int:
        """When wagers of this kind are paid (0 = the outside wagers, first; then the inside kinds from
        the lowest odds up, straight ups last), as the engine orders them under the default reading."""
        return _pay_step(self.value)

    def pay_step_under(self, reading: PayingOrder | str = PayingOrder.BY_ODDS) -> int:
        """When wagers of this kind are paid under the house's reading of the paying order (a PayingOrder or
        its word), as the engine orders them."""
        return _pay_step(self.value, _paying_order(reading))


_LABELS = {
    WagerKind.STRAIGHT: "straight up",
    WagerKind.SPLIT: "split",
    WagerKind.STREET: "street",
    WagerKind.CORNER: "corner",
    WagerKind.SIX_LINE: "six line",
    WagerKind.COLUMN: "column",
    WagerKind.DOZEN: "dozen",
    WagerKind.LOW: "low (1-18)",
    WagerKind.HIGH: "high (19-36)",
    WagerKind.EVEN: "even",
    WagerKind.ODD: "odd",
    WagerKind.RED: "red",
    WagerKind.BLACK: "black",
}


@cache
def _kind_info(kind: int) -> tuple[int, int, bool]:
    odds, covers, outside = ffi.new("int32_t *"), ffi.new("int32_t *"), ffi.new("int *")
    check(lib.dd_roulette_kind_info(kind, odds, covers, outside))
    return odds[0], covers[0], bool(outside[0])


@cache
def _pay_step(kind: int, reading: PayingOrder = PayingOrder.BY_ODDS) -> int:
    step = ffi.new("int32_t *")
    check(lib.dd_roulette_pay_step_under(reading._engine_value, kind, step))
    return step[0]


@dataclass(frozen=True)
class Wager:
    """One place on the layout: the numbers it covers (sorted), its kind, and how a dealer calls it."""

    numbers: tuple[int, ...]
    kind: WagerKind
    name: str

    @property
    def odds(self) -> int:
        return self.kind.odds

    def __str__(self) -> str:
        return self.name


WagerSpec = Sequence[int] | str | int | Wager


def _outside_masks() -> dict[str, tuple[int, WagerKind]]:
    """Outside names -> (mask, kind), the masks taken from the engine."""
    table = {}
    out = ffi.new("uint64_t *")
    for name, kind, which in [
        ("red", WagerKind.RED, 0), ("black", WagerKind.BLACK, 0), ("even", WagerKind.EVEN, 0),
        ("odd", WagerKind.ODD, 0), ("low", WagerKind.LOW, 0), ("high", WagerKind.HIGH, 0),
        ("dozen1", WagerKind.DOZEN, 1), ("dozen2", WagerKind.DOZEN, 2), ("dozen3", WagerKind.DOZEN, 3),
        ("column1", WagerKind.COLUMN, 1), ("column2", WagerKind.COLUMN, 2),
        ("column3", WagerKind.COLUMN, 3),
    ]:
        check(lib.dd_roulette_outside_mask(kind.value, which, out))
        table[name] = (int(out[0]), kind)
    return table


_OUTSIDE = _outside_masks()
OUTSIDE_NAMES: tuple[str, ...] = tuple(_OUTSIDE)
# How a dealer calls each outside box ("column 1", "low (1-18)"); these are accepted as names too.
_OUTSIDE_SPOKEN = {
    mask: (name[:-1] + " " + name[-1] if name[-1].isdigit() else kind.label)
    for name, (mask, kind) in _OUTSIDE.items()
}
_NAME_TO_MASK = {name: mask for name, (mask, _) in _OUTSIDE.items()}
_NAME_TO_MASK.update({spoken: mask for mask, spoken in _OUTSIDE_SPOKEN.items()})


def _numbers_of(mask: int) -> tuple[int, ...]:
    return tuple(n for n in range(POCKETS) if mask >> n & 1)


def _spoken_name(numbers: tuple[int, ...], kind: WagerKind, mask: int) -> str:
    if kind.outside:
        return _OUTSIDE_SPOKEN[mask]
    joined = "-".join(map(str, numbers))
    if kind is WagerKind.STRAIGHT:
        return f"straight {joined}"
    if kind is WagerKind.SIX_LINE:
        return f"six line {numbers[0]}-{numbers[-1]}"
    if kind is WagerKind.CORNER and numbers[0] == 0:
        return f"first four {joined}"
    return f"{kind.label} {joined}"


@lru_cache(maxsize=512)
def _wager(mask: int, kind_value: int) -> Wager:
    numbers = _numbers_of(mask)
    kind = WagerKind(kind_value)
    return Wager(numbers, kind, _spoken_name(numbers, kind, mask))


def _flags(first_four) -> int:
    if not isinstance(first_four, bool):
        raise InvalidInput(f"first_four must be True or False, not {shown(first_four)}")
    return lib.DD_ROULETTE_FIRST_FOUR if first_four else 0


def _wheel_number(value, what: str = "the winning number") -> int:
    try:
        number = require_int(value, what)
    except InvalidInput as error:
        raise InvalidWager(str(error)) from None
    if not 0 <= number <= HIGHEST:
        raise InvalidWager(f"{shown(number)} is not a number on the wheel (0-{HIGHEST})")
    return number


def _describe(spec) -> str:
    """The numbers of a (possibly invalid) wager as a dealer would write them, for error messages."""
    if isinstance(spec, Wager):
        return spec.name
    if isinstance(spec, str):
        return repr(spec)
    try:
        items = [spec] if _is_single_number(spec) else list(spec)
        if len(items) > 36:    # more numbers than the layout has: no wager, and too many to list
            return f"a list of {len(items)} numbers"
        return "-".join(map(shown, sorted(items)))
    except TypeError:
        return shown(spec)


def _is_single_number(spec) -> bool:
    if isinstance(spec, (bool, str, bytes)):
        return False
    try:
        operator.index(spec)
    except TypeError:
        return False
    return True


def _mask_of(spec) -> int:
    """The covered-number mask of a wager spec; checks the numbers themselves, not the wager."""
    if isinstance(spec, Wager):
        spec = spec.numbers
    elif isinstance(spec, str):
        try:
            return _NAME_TO_MASK[spec.strip().lower()]
        except KeyError:
            raise InvalidWager(
                f"{shown(spec)} is not a wager on the layout (outside wagers: {', '.join(OUTSIDE_NAMES)})"
            ) from None
    if isinstance(spec, (bool, bytes, bytearray)):  # True would pass as 1, bytes as a run of numbers
        raise InvalidWager(f"{shown(spec)} is not a wager on the layout")
    if _is_single_number(spec):
        return 1 << _wheel_number(spec, "a number on the layout")
    try:
        items = iter(spec)
    except TypeError:
        raise InvalidWager(f"{shown(spec)} is not a wager: give the numbers it covers or an outside name") from None
    mask = 0
    count = 0
    for item in items:
        if type(item) is int and 0 <= item <= HIGHEST:
            bit = 1 << item
        else:
            bit = 1 << _wheel_number(item, "a number on the layout")
        if mask & bit:
            raise InvalidWager(f"{_describe(spec)} is not a wager: a number appears twice")
        mask |= bit
        count += 1
    if not count:
        raise InvalidWager("a wager must cover at least one number")
    return mask


def _classify_status_message(status: int, spec) -> str:
    if status == lib.DD_E_NOT_OFFERED:
        return "first four (0-1-2-3) is not offered at this table"
    return f"{_describe(spec)} is not a wager on the layout"


def classify(wager: WagerSpec, first_four: bool = True) -> Wager:
    """The wager on the layout covering exactly these numbers (or with this outside name).

    Raises InvalidWager when no wager covers them, e.g. classify((0, 5)) or classify((34, 35, 36, 1)).
    """
    flags = _flags(first_four)
    mask = _mask_of(wager)
    kind = ffi.new("int *")
    status = lib.dd_roulette_classify(mask, flags, kind)
    if status in (lib.DD_E_NOT_A_WAGER, lib.DD_E_NOT_OFFERED):
        raise InvalidWager(_classify_status_message(status, wager))
    check(status)
    return _wager(mask, kind[0])


def _wagers_from(masks, kinds, count: int) -> list[Wager]:
    return [_wager(int(masks[i]), int(kinds[i])) for i in range(count)]


@cache
def _layout(flags: int) -> tuple[Wager, ...]:
    masks = ffi.new("uint64_t[]", lib.DD_ROULETTE_MAX_WAGERS)
    kinds = ffi.new("int32_t[]", lib.DD_ROULETTE_MAX_WAGERS)
    count = ffi.new("size_t *")
    check(lib.dd_roulette_layout(flags, masks, kinds, lib.DD_ROULETTE_MAX_WAGERS, count))
    return tuple(_wagers_from(masks, kinds, count[0]))


def layout_wagers(first_four: bool = True) -> list[Wager]:
    """Every wager on the layout, straight ups first and the even-money boxes last."""
    return list(_layout(_flags(first_four)))


@cache
def _covering(number: int, flags: int, inside_only: bool) -> tuple[Wager, ...]:
    masks = ffi.new("uint64_t[]", lib.DD_ROULETTE_MAX_COVERING)
    kinds = ffi.new("int32_t[]", lib.DD_ROULETTE_MAX_COVERING)
    count = ffi.new("size_t *")
    check(lib.dd_roulette_covering(number, flags, int(inside_only), masks, kinds,
                                   lib.DD_ROULETTE_MAX_COVERING, count))
    return tuple(_wagers_from(masks, kinds, count[0]))


def covering(number: int, first_four: bool = True, inside_only: bool = False) -> list[Wager]:
    """Every wager on the layout that wins when `number` comes up."""
    return list(_covering(_wheel_number(number, "the number"), _flags(first_four), bool(inside_only)))


def complete(number: int, first_four: bool = True) -> list[Wager]:
    """The inside wagers of a complete (full complete) on `number`: every inside wager covering it."""
    return covering(number, first_four, inside_only=True)


def _wheel_order() -> tuple[int, ...]:
    out = ffi.new("uint8_t[]", POCKETS)
    check(lib.dd_roulette_wheel_order(out, POCKETS))
    return tuple(out)


WHEEL_ORDER: tuple[int, ...] = _wheel_order()
_COLOURS = {lib.DD_ROULETTE_GREEN: "green", lib.DD_ROULETTE_RED_POCKET: "red",
            lib.DD_ROULETTE_BLACK_POCKET: "black"}


@cache
def _colour(number: int) -> str:
    out = ffi.new("int *")
    check(lib.dd_roulette_colour_of(number, out))
    return _COLOURS[out[0]]


def color(number: int) -> str:
    """"red", "black" or "green" (0)."""
    return _colour(_wheel_number(number, "the number"))


def _rng_state(rng: Rng | None):
    if rng is None:
        rng = Rng()
    elif not isinstance(rng, Rng):
        raise InvalidInput(f"rng must be a dealerdrill.core.Rng, not {type(rng).__name__}")
    return rng._cdata()


def spin(rng: Rng | None = None) -> int:
    """The winning number of one spin, every pocket equally likely; seeded Rng = repeatable spins."""
    out = ffi.new("int *")
    check(lib.dd_roulette_spin(_rng_state(rng), out))
    return out[0]


def spins(count: int, rng: Rng | None = None) -> list[int]:
    """`count` winning numbers in a row (one C call)."""
    count = require_int(count, "the number of spins", 0, _MAX_BATCH)
    out = ffi.new("uint8_t[]", max(count, 1))
    check(lib.dd_roulette_spin_many(_rng_state(rng), out, count))
    return list(ffi.unpack(out, count))


def _amount(value, index: int) -> int:
    try:
        amount = require_int(value, f"bet {index + 1}: the amount")
    except InvalidInput as error:
        raise InvalidWager(str(error)) from None
    if amount < 0:
        raise InvalidWager(f"bet {index + 1}: the amount must not be negative")
    if amount > INT64_MAX:
        raise InvalidWager(f"bet {index + 1}: the amount {shown(amount)} is too large to settle exactly")
    return amount


def _convert(bets) -> tuple[list, list[int], list[int]]:
    """(the wager specs, masks, amounts) of a list of (wager, amount) pairs, numbers checked."""
    try:
        bets = require_items(bets, "bets", _MAX_BATCH)
    except InvalidInput:
        raise InvalidWager("bets must be a list of (wager, amount) pairs") from None
    specs, masks, amounts = [], [], []
    for index, bet in enumerate(bets):
        try:
            spec, amount = bet
        except (TypeError, ValueError):
            raise InvalidWager(f"bet {index + 1}: each bet must be a pair (wager, amount), not {shown(bet)}") from None
        try:
            masks.append(_mask_of(spec))
        except InvalidWager as error:
            raise InvalidWager(f"bet {index + 1}: {error}") from None
        specs.append(spec)
        amounts.append(_amount(amount, index))
    if len(masks) > _MAX_BATCH:
        raise InvalidWager(f"at most {_MAX_BATCH} bets can be settled at once")
    return specs, masks, amounts


def _raise_for_bet(status: int, bad: int, specs, amounts, flags: int) -> None:
    """Word a batch error from the engine, naming the bet it is about."""
    if bad < len(specs):
        spec = specs[bad]
        if status in (lib.DD_E_NOT_A_WAGER, lib.DD_E_NOT_OFFERED):
            raise InvalidWager(f"bet {bad + 1}: {_classify_status_message(status, spec)}")
        if status == lib.DD_E_BAD_AMOUNT:
            raise InvalidWager(f"bet {bad + 1}: the amount must not be negative")
        if status == lib.DD_E_OVERFLOW:
            odds = classify(spec, bool(flags)).odds
            raise InvalidWager(f"bet {bad + 1}: {shown(amounts[bad])} at {odds} to 1 is too large to settle exactly")
    if status == lib.DD_E_OVERFLOW:
        raise InvalidWager("the total winnings are too large to settle exactly")
    check(status)


def settle(bets: Iterable[tuple[WagerSpec, int]], number: int, first_four: bool = True) -> list[int]:
    """Winnings per bet when `number` comes up (stake excluded, 0 = lost), rules 5.1-5.3.

    Each bet is (wager, amount): the wager as the numbers it covers or an outside name. On 0 only
    straight up 0 and the zero combinations (0-1, 0-2, 0-3, 0-1-2, 0-2-3, and first four if the table
    offers it) win, at their usual odds. Raises InvalidWager naming the first bad bet.
    """
    return WagerBatch(bets, first_four).settle(number)


def winning_wagers(number: int, wagers: Iterable[WagerSpec], first_four: bool = True) -> list[Wager]:
    """Those of `wagers` that win when `number` comes up, as Wager objects, in the order given."""
    specs = require_items(wagers, "the wagers")
    results = settle([(spec, 1) for spec in specs], number, first_four)
    return [classify(spec, first_four) for spec, won in zip(specs, results) if won]


class WagerBatch:
    """A fixed list of (wager, amount) bets held in C arrays, to settle against many numbers quickly.

    Everything is checked once here, and the engine works out what each wager pays if it wins; each
    settle is then one engine call that only picks the winners.
    """

    def __init__(self, bets: Iterable[tuple[WagerSpec, int]], first_four: bool = True):
        self._flags = _flags(first_four)
        specs, masks, amounts = _convert(bets)
        self._count = len(masks)
        size = max(self._count, 1)
        self._masks = ffi.new("uint64_t[]", size)
        self._amounts = ffi.new("int64_t[]", size)
        self._masks[0:self._count] = masks
        self._amounts[0:self._count] = amounts
        self._if_won = ffi.new("int64_t[]", size)
        self._winnings = ffi.new("int64_t[]", size)
        self._by_kind = ffi.new("int64_t[]", lib.DD_ROULETTE_KIND_COUNT)
        self._total = ffi.new("int64_t *")
        self._winners = ffi.new("size_t *")
        self._bad = ffi.new("size_t *")
        status = lib.dd_roulette_prepare(self._masks, self._amounts, self._count, self._flags, self._if_won,
                                         self._bad)
        if status != lib.DD_OK:
            _raise_for_bet(status, self._bad[0], specs, amounts, self._flags)

    def __len__(self) -> int:
        return self._count

    def settle(self, number: int) -> list[int]:
        """Winnings per bet, in the order given (stake excluded, 0 = lost)."""
        number = _wheel_number(number)
        check(lib.dd_roulette_settle_prepared(self._masks, self._if_won, self._count, number,
                                              self._winnings, ffi.NULL, ffi.NULL))
        return ffi.unpack(self._winnings, self._count)

    def total(self, number: int) -> int:
        """The sum of all winnings when `number` comes up."""
        number = _wheel_number(number)
        status = lib.dd_roulette_settle_prepared(self._masks, self._if_won, self._count, number,
                                                 ffi.NULL, self._total, ffi.NULL)
        if status == lib.DD_E_OVERFLOW:
            raise InvalidWager(f"the total winnings on {number} are too large to settle exactly")
        check(status)
        return int(self._total[0])

    def breakdown(self, number: int) -> dict[WagerKind, int]:
        """Winnings per kind of wager (only kinds that won), e.g. to pay outside wagers first."""
        self._settle_total(number)
        return {kind: int(self._by_kind[kind.value]) for kind in WagerKind if self._by_kind[kind.value]}

    def winners(self, number: int) -> int:
        """How many of the bets win when `number` comes up."""
        number = _wheel_number(number)
        check(lib.dd_roulette_settle_prepared(self._masks, self._if_won, self._count, number,
                                              ffi.NULL, ffi.NULL, self._winners))
        return int(self._winners[0])

    def _settle_total(self, number: int) -> None:
        number = _wheel_number(number)
        status = lib.dd_roulette_settle_total(self._masks, self._amounts, self._count, number, self._flags,
                                              self._total, self._by_kind, ffi.NULL, self._bad)
        if status == lib.DD_E_OVERFLOW:
            raise InvalidWager(f"the total winnings on {number} are too large to settle exactly")
        check(status)


# ---- the paying order -------------------------------------------------------------------------------------

def paying_steps(reading: PayingOrder | str = PayingOrder.BY_ODDS) -> list[list[WagerKind]]:
    """The paying order as the engine defines it under the house's reading: groups of kinds, paid group
    after group (the outside wagers first, then by odds six lines, corners, streets, splits and straight
    ups: inside wagers from the lowest odds to the highest; streets first puts streets before corners; see
    core_c/include/dd_roulette.h). Kinds of one group may be paid in any order."""
    reading = _paying_order(reading)
    groups: dict[int, list[WagerKind]] = {}
    for kind in WagerKind:
        groups.setdefault(kind.pay_step_under(reading), []).append(kind)
    return [groups[step] for step in sorted(groups)]


def pay_step(wager: WagerSpec, first_four: bool = True, reading: PayingOrder | str = PayingOrder.BY_ODDS) -> int:
    """The paying step of a wager under the house's reading (see paying_steps)."""
    reading = _paying_order(reading)
    return classify(wager, first_four).kind.pay_step_under(reading)


def paying_order(wagers: Iterable[WagerSpec], first_four: bool = True,
                 reading: PayingOrder | str = PayingOrder.BY_ODDS) -> list[Wager]:
    """The wagers in the order a dealer pays them (the engine's steps under the house's reading; the given
    order kept within a step)."""
    reading = _paying_order(reading)
    found = [classify(w, first_four) for w in require_items(wagers, "the wagers")]
    return sorted(found, key=lambda w: w.kind.pay_step_under(reading))


def pay_order_check(wagers: Iterable[WagerSpec], first_four: bool = True,
                    reading: PayingOrder | str = PayingOrder.BY_ODDS) -> int | None:
    """Whether wagers paid in this order follow the paying order under the house's reading, decided by the
    engine: None when they do, else the index of the first wager paid too late (after a wager of a later
    step)."""
    flags = _flags(first_four)
    reading = _paying_order(reading)
    specs = require_items(wagers, "the wagers paid")
    masks = [_mask_of(spec) for spec in specs]
    in_order = ffi.new("int *")
    first_wrong = ffi.new("size_t *")
    bad = ffi.new("size_t *")
    status = lib.dd_roulette_check_pay_order_under(reading._engine_value, ffi.new("uint64_t[]", masks or [0]),
                                                   len(masks), flags, in_order, first_wrong, bad)
    if status in (lib.DD_E_NOT_A_WAGER, lib.DD_E_NOT_OFFERED) and bad[0] < len(specs):
        raise InvalidWager(f"payment {bad[0] + 1}: {_classify_status_message(status, specs[bad[0]])}")
    check(status)
    return None if in_order[0] else first_wrong[0]
