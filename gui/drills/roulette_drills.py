"""Roulette drills (issue 5): paying a busy layout, completes and picture bets, payout keys, winning positions.

Every answer key comes from dealerdrill.core.roulette (the C engine): which wagers win (settle,
winning_wagers), what each pays (settle, WagerKind.odds), which wagers make up a complete (complete,
covering). This module only chooses what to ask, asks the engine, compares and explains.

Positions are named as the layout drawing names them (dealerdrill.views.roulette_geometry): a sorted tuple
of the numbers covered for inside wagers (a JSON list in prompts and keys), an outside box name
("column1", "dozen2", "red", "low", ...) otherwise.

Colour chips (rule 2.6) carry the value the player bought them at; a stake of `chips` colour chips worth
`colour_value` each is `chips * colour_value` dollars, and every cash amount the trainee enters is in dollars.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from dealerdrill.core import roulette
from dealerdrill.core.roulette import Wager, WagerKind
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_money, read_written_amount

from .base import arithmetic_slip, register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, even, level_of
from .targets import DEFAULT_TARGETS

INSIDE_KINDS = (WagerKind.STRAIGHT, WagerKind.SPLIT, WagerKind.STREET, WagerKind.CORNER, WagerKind.SIX_LINE)

# When several things are wrong, the grade names the most telling one first.
_PRIORITY = (
    ErrorCategory.ZERO_RULE, ErrorCategory.CLEARED_A_WINNER, ErrorCategory.PAID_A_LOSER,
    ErrorCategory.MARKED_A_LOSER, ErrorCategory.MISSED_A_WINNER, ErrorCategory.LEFT_A_LOSER,
    ErrorCategory.COMPLETE_MISSED_BET, ErrorCategory.COMPLETE_EXTRA_BET, ErrorCategory.WRONG_ODDS,
    ErrorCategory.STAKE_INCLUDED, ErrorCategory.COLOUR_CHIP_VALUE, ErrorCategory.ARITHMETIC,
    ErrorCategory.OTHER, ErrorCategory.WRONG_ORDER,
)


# --- shared helpers ----------------------------------------------------------------------------------------

_level = level_of   # 1 Basic, 2 Standard, 3 Advanced


def _table(settings):
    """The roulette section of the app's settings (NZ defaults when none are given)."""
    from dealerdrill.settings import RouletteSettings, Settings

    if settings is None:
        return Settings().roulette
    if isinstance(settings, RouletteSettings):
        return settings
    return settings.roulette


_money = format_money  # whole dollars: $1,250


def _chips(count: int) -> str:
    return f"{count} chip" if count == 1 else f"{count} chips"


@cache
def _outside_name_by_numbers() -> dict[tuple[int, ...], str]:
    return {roulette.classify(name).numbers: name for name in roulette.OUTSIDE_NAMES}


def position_of(wager: Wager):
    """The layout position of a wager: its numbers (inside) or its outside box name."""
    return _outside_name_by_numbers()[wager.numbers] if wager.kind.outside else wager.numbers


def position_json(position) -> Any:
    return list(position) if isinstance(position, tuple) else position


def parse_position(value, first_four: bool = True):
    """A position from an answer (list/tuple of numbers, or an outside name); ValueError for anything else."""
    spec: str | tuple[int, ...]
    if isinstance(value, str):
        spec = value.strip().lower()
    elif isinstance(value, (list, tuple)):
        if not value or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
            raise ValueError(f"{value!r} is not a position on the layout: give the numbers it covers")
        spec = tuple(value)
    else:
        raise ValueError(f"{value!r} is not a position on the layout")
    try:
        return position_of(roulette.classify(spec, first_four))
    except ValueError as error:  # the engine's InvalidWager, already in plain words
        raise ValueError(str(error)) from None


def _hashable(position):
    return tuple(position) if isinstance(position, list) else position


BY_ODDS = roulette.PayingOrder.BY_ODDS


def paying_order_of(table) -> roulette.PayingOrder:
    """The house's reading of the paying order in these roulette settings (the default, by odds, for settings
    of a version without it); a word the engine does not know is refused here, so no drill starts on it."""
    return roulette.PayingOrder(getattr(table, "inside_paying_order", BY_ODDS.value) or BY_ODDS.value)


def pay_rank(wager: Wager, reading: roulette.PayingOrder = BY_ODDS) -> int:
    """When a wager is paid: the engine's paying step under the house's reading (outside wagers first, then
    the inside kinds: by odds from the lowest to the highest, or streets before corners)."""
    return wager.kind.pay_step_under(reading)


def paying_order_words(reading: roulette.PayingOrder = BY_ODDS) -> str:
    """The engine's paying order in words: "outside wagers first, then six lines, corners, streets,
    splits, straight ups last" by odds (the reading of the rules text is in core_c/include/dd_roulette.h)."""
    steps = roulette.paying_steps(reading)
    inside = [f"{group[0].label}s" for group in steps[1:]]
    return f"outside wagers first, then {', '.join(inside[:-1])}, {inside[-1]} last"


def paying_order_reason(reading: roulette.PayingOrder = BY_ODDS) -> str:
    """Why the inside wagers go in that order, naming the house's reading in force."""
    if reading is BY_ODDS:
        return "inside wagers from the lowest odds to the highest: this house's paying order"
    return "streets before corners, though a street pays more: this house's paying order"


def _amount(value, what: str) -> int:
    """A whole number of dollars or chips from an answer: ints, or text such as "$1,250"."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        # Read as every answer box reads an amount: commas only between groups of three, so "1,2" and "9,50"
        # are refused, never read as 12 or 950.
        try:
            whole, _decimals = read_written_amount(value)
        except ValueError as why:
            raise ValueError(f"{what} must be a whole number: {why}") from None
        if not whole or "." in value:
            raise ValueError(f"{what} must be a whole number, not {value!r}")
        number = int(whole)
    else:
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if number < 0:
        raise ValueError(f"{what} cannot be negative")
    return number


def _colour_values(table, level: int) -> list[int]:
    """Colour-chip values to ask about: the smallest chip alone at Basic, then its double, then the next
    chip too (at most four values)."""
    values = sorted(table.chip_values)
    candidates = sorted({values[0], 2 * values[0], *values[1:]})
    return candidates[:{BASIC: 1, STANDARD: 2, ADVANCED: 3}.get(level, 4)]


def _stake_chips(rng, table, kind: WagerKind, value: int, level: int) -> int:
    """How many colour chips sit on a wager: the table minimum once or twice (Basic), one to four times
    (Standard), or any count from the minimum up to five times it (Advanced), within the wager's maximum."""
    minimum = -(-table.minimum_bet // value)
    limit = table.maximum_outside if kind.outside else table.maximum_inside
    maximum = max(minimum, limit // value)
    if level < ADVANCED:
        chips = minimum * (1 + rng.below(2 if level == BASIC else 4))
    else:
        chips = minimum + rng.below(minimum * 4)
    return min(chips, maximum)


def _sentence(text: str) -> str:
    """A sentence starts with a capital, even when it starts with a wager's name ("split 17-20 ...")."""
    return text[:1].upper() + text[1:]


def _pick(rng, items: list):
    return items[rng.below(len(items))]


def _first_category(found: Iterable[ErrorCategory]) -> ErrorCategory | None:
    found = set(found)
    for category in _PRIORITY:
        if category in found:
            return category
    return next(iter(found), None)


def _other_odds(kind: WagerKind) -> list[tuple[int, WagerKind]]:
    """(odds, a kind paying them) for every other payout on the layout, lowest odds first."""
    seen: dict[int, WagerKind] = {}
    for other in WagerKind:
        if other.odds != kind.odds and other.odds not in seen:
            seen[other.odds] = other
    return sorted(seen.items(), key=lambda pair: pair[0])


def _amount_error(kind: WagerKind, chips: int, value: int, paid: int, expected: int,
                  chip_values: Iterable[int]) -> tuple[ErrorCategory, str]:
    """Why `paid` differs from `expected` for one winning wager of `chips` colour chips worth `value`."""
    stake = chips * value
    units = expected // value
    # The texts name no rule: the drill's explanation cites rule 5.1 once, after them.
    for odds, other in _other_odds(kind):
        if paid == stake * odds:
            return (ErrorCategory.WRONG_ODDS,
                    f"{_money(paid)} is {_chips(chips)} at {odds} to 1, the odds of a {other.label}; "
                    f"a {kind.label} pays {kind.odds} to 1")
    if paid == expected + stake:
        return (ErrorCategory.STAKE_INCLUDED,
                f"{_money(paid)} adds the {_money(stake)} stake; winnings exclude the stake, which stays on the layout")
    if value != 1 and paid in {units * other for other in {1, *chip_values} if other != value}:
        return (ErrorCategory.COLOUR_CHIP_VALUE,
                f"the win is {_chips(units)} and each colour chip is worth {_money(value)}: "
                f"{units} × {_money(value)} = {_money(expected)}")
    slip = arithmetic_slip(paid, expected, [kind.odds * value])
    work = f"{_chips(chips)} × {kind.odds} × {_money(value)} = {_money(expected)}, not {_money(paid)}"
    if slip:
        return ErrorCategory.ARITHMETIC, f"{work} ({slip})"
    return ErrorCategory.OTHER, work


def _zero_note(number: int, first_four: bool) -> str:
    """Rule 5.2 on 0, naming the wagers the engine says cover 0 on this layout (with or without the first
    four)."""
    if number != 0:
        return ""
    survivors = ", ".join(w.name for w in roulette.covering(0, first_four))
    return (f" Rules 5.2-5.3: on 0 every wager loses except those covering 0 ({survivors}), which are paid "
            "at their usual odds.")


def _layout_bets(rng, table, number: int, featured: list[Wager], winners_wanted: int,
                 losers_wanted: int) -> list[Wager]:
    """A busy layout around `number`: the featured wagers, more wagers covering it, and wagers beside it.

    Only the candidates are chosen here; which of them win is the engine's answer (settle) afterwards.
    """
    first_four = table.first_four
    covering = roulette.covering(number, first_four)
    near_numbers = {n for wager in roulette.complete(number, first_four) for n in wager.numbers}
    chosen = list(featured)
    covering_pool = [w for w in rng.shuffled(covering) if w not in chosen]
    chosen += covering_pool[:max(0, winners_wanted - len(chosen))]
    beside = [w for w in roulette.layout_wagers(first_four)
              if w not in covering and (w.kind.outside or near_numbers.intersection(w.numbers))]
    chosen += rng.shuffled(beside)[:losers_wanted]
    return rng.shuffled(chosen)


def _reading_of(item: Item) -> roulette.PayingOrder:
    """The paying order an item was made under (its key says; an item of a version before the setting was
    made by odds, the only order then)."""
    return roulette.PayingOrder(item.key.get("paying_order", BY_ODDS.value))


# --- payout drill -------------------------------------------------------------------------------------------

@register
class PayoutDrill(Levelled):
    """Pay every winning position of a layout in the dealer's order, in dollars, and/or give the total.

    A family is the wager kind that is sure to win (the featured wager) or a 0 spin; the engine says which
    of the other wagers on the layout win. Levels (docs/drills.md):
      Basic     never 0: the 13 wager kinds equally; 2 winning and 1 losing wager; colour chips at the
                smallest chip's value; one or two minimums a wager; pay each winner
      Standard  the 13 kinds and a 0 spin equally (0 one item in 14); 3 winning and 3 losing wagers; the
                smallest chip or twice it; one to four minimums; pay each winner
      Advanced  0 spins one item in four, the 13 kinds sharing the rest; 5 winning and 4 losing wagers;
                three chip values; any stake up to five minimums; pay each winner and give the total
    """

    id = "roulette.payout"
    game = "roulette"
    title = "Pay the layout"
    description = ("Chips around the winning number: pay each winning wager in the house's paying order "
                   "(outside first, then the inside wagers, straight ups last) and/or give the total, "
                   "turning colour chips into cash.")

    ZERO_FAMILY = "roulette.payout.zero"

    def __init__(self, settings=None):
        self.table = _table(settings)
        # The house's reading of the paying order (a manager's signed setting), checked now: a drill never
        # starts on one the engine lacks.
        self.reading = paying_order_of(self.table)

    def families(self) -> list[str]:
        return [f"roulette.payout.{kind.name.lower()}" for kind in WagerKind] + [self.ZERO_FAMILY]

    def mix(self, level: int) -> dict[str, int]:
        kinds = [f for f in self.families() if f != self.ZERO_FAMILY]
        if level == BASIC:
            return even(kinds)
        if level == STANDARD:
            return even(self.families())
        return {**even(kinds, 3), self.ZERO_FAMILY: len(kinds)}   # 13 of 52: one in four

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = _level(difficulty)
        families = self.families()
        family = family or self.draw_family(rng, level)
        if family not in families:
            raise ValueError(f"{family!r} is not a family of {self.id}")
        first_four = self.table.first_four
        if family == self.ZERO_FAMILY:
            number = 0
            featured = _pick(rng, roulette.covering(0, first_four))
        else:
            kind = WagerKind[family.rsplit(".", 1)[1].upper()]
            candidates = [w for w in roulette.layout_wagers(first_four)
                          if w.kind is kind and any(n != 0 for n in w.numbers)]
            featured = _pick(rng, candidates)
            number = _pick(rng, [n for n in featured.numbers if n != 0])
        value = _pick(rng, _colour_values(self.table, level))
        winners_wanted = {BASIC: 2, STANDARD: 3, ADVANCED: 5}[level]
        losers_wanted = {BASIC: 1, STANDARD: 3, ADVANCED: 4}[level]
        wagers = _layout_bets(rng, self.table, number, [featured], winners_wanted, losers_wanted)
        chips = [_stake_chips(rng, self.table, w.kind, value, level) for w in wagers]
        cash = roulette.settle([(w, c * value) for w, c in zip(wagers, chips)], number, first_four)
        ask = "positions" if level < ADVANCED else "both"
        bets = [{"position": position_json(position_of(w)), "wager": w.name, "chips": c}
                for w, c in zip(wagers, chips)]
        winners = sorted((i for i, won in enumerate(cash) if won), key=lambda i: pay_rank(wagers[i], self.reading))
        key = {
            "number": number,
            "payments": [[position_json(position_of(wagers[i])), cash[i]] for i in winners],
            "total": sum(cash),
            "losers": [position_json(position_of(w)) for w, won in zip(wagers, cash) if not won],
            "paying_order": self.reading.value,
        }
        prompt = {"number": number, "colour": roulette.color(number), "colour_value": value, "bets": bets,
                  "ask": ask, "first_four": first_four}
        what = {"positions": "Pay each winning wager in order",
                "both": "Pay each winning wager in order and give the total",
                "total": "Give the total to pay"}[ask]
        text = (f"{number} wins. Colour chips are worth {_money(value)} each. {what}. On the layout: "
                + "; ".join(f"{b['wager']} ({_chips(b['chips'])})" for b in bets) + ".")
        hint = (f"Clear the losers, then pay {paying_order_words(self.reading)} "
                f"({paying_order_reason(self.reading)}). Work in chips, then multiply by the colour value."
                + _zero_note(number, first_four))
        return Item(self.id, family, prompt, key, text, hint)

    # -- grading --
    def _parse(self, item: Item, answer) -> tuple[list[tuple[Any, int]] | None, int | None]:
        ask = item.prompt["ask"]
        if ask == "total" and not isinstance(answer, dict):
            return None, _amount(answer, "the total")
        if not isinstance(answer, dict):
            raise ValueError("the answer lists the payments (position, amount) in the order paid")
        payments = None
        if ask in ("positions", "both"):
            raw = answer.get("payments")
            if not isinstance(raw, (list, tuple)):
                raise ValueError("pay the winning wagers: give the payments as (position, amount) pairs")
            occupied = {_hashable(b["position"]): b for b in item.prompt["bets"]}
            payments, seen = [], set()
            for entry in raw:
                try:
                    where, amount = entry
                except (TypeError, ValueError):
                    raise ValueError(f"{entry!r} is not a payment: give (position, amount)") from None
                position = parse_position(where, item.prompt["first_four"])
                if position not in occupied:
                    raise ValueError(f"there are no chips on {roulette.classify(position).name}")
                if position in seen:
                    raise ValueError(f"{roulette.classify(position).name} is paid twice")
                seen.add(position)
                payments.append((position, _amount(amount, "each payment")))
        total = None
        if ask in ("total", "both"):
            if answer.get("total") is None:
                raise ValueError("give the total to pay")
            total = _amount(answer["total"], "the total")
        return payments, total

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        payments, total = self._parse(item, answer)
        number = item.key["number"]
        value = item.prompt["colour_value"]
        first_four = item.prompt["first_four"]
        bets = {_hashable(b["position"]): b for b in item.prompt["bets"]}
        expected = {_hashable(p): amount for p, amount in item.key["payments"]}
        problems: list[tuple[ErrorCategory, str]] = []
        per_position = []

        def zero_or(category: ErrorCategory) -> ErrorCategory:
            return ErrorCategory.ZERO_RULE if number == 0 else category

        category: ErrorCategory | None

        if payments is not None:
            paid_winners = []
            for position, amount in payments:
                wager = roulette.classify(position, first_four)
                if amount == 0:
                    continue  # paying nothing is leaving it unpaid: judged below if it won
                if position not in expected:
                    category = zero_or(ErrorCategory.PAID_A_LOSER)
                    problems.append((category,
                                     f"{wager.name} loses on {number} and was paid {_money(amount)}: clear it."))
                    per_position.append({"position": position_json(position), "expected": 0, "given": amount,
                                         "category": category.value})
                    continue
                paid_winners.append(wager)
                right = expected[position]
                category = None
                if amount != right:
                    category, why = _amount_error(wager.kind, bets[position]["chips"], value, amount, right,
                                                  self.table.chip_values)
                    problems.append((category, f"{wager.name}: {why}."))
                per_position.append({"position": position_json(position), "expected": right, "given": amount,
                                     "category": category.value if category else None})
            paid = {p for p, amount in payments if amount}
            for position, right in expected.items():
                if position not in paid:
                    wager = roulette.classify(position, first_four)
                    category = zero_or(ErrorCategory.MISSED_A_WINNER)
                    problems.append((category, f"{wager.name} wins on {number} and was not paid ({_money(right)})."))
                    per_position.append({"position": position_json(position), "expected": right, "given": 0,
                                         "category": category.value})
            reading = _reading_of(item)
            too_late = roulette.pay_order_check(paid_winners, first_four, reading)
            if too_late is not None:
                problems.append((ErrorCategory.WRONG_ORDER,
                                 f"{paid_winners[too_late].name} was paid after a wager that comes later: pay "
                                 f"{paying_order_words(reading)} ({paying_order_reason(reading)}, dealer "
                                 "practice on no Gazette page; rule 4.8: finish each area first)."))
        if total is not None and total != item.key["total"]:
            problems.append(self._total_problem(item, total))
        category = _first_category(c for c, _ in problems)
        explanation = (" ".join(_sentence(why) for _, why in problems)
                       or "Every winner paid right, in the dealer's order.")
        # The rules cited once, after what was wrong: the odds (5.1) and, on 0, the zero rule (5.2-5.3).
        explanation += f" Rule 5.1 odds: {self._odds_used(item)}." + _zero_note(number, first_four)
        return Grade(correct=category is None, expected=self.describe_key(item),
                     given=self._describe_answer(payments, total), explanation=explanation.strip(),
                     category=category, rule="5.2-5.3" if number == 0 else "5.1", seconds=seconds,
                     details={"positions": per_position, "problems": [c.value for c, _ in problems],
                              "wagers": self._per_wager(item, payments, per_position)})

    @staticmethod
    def _per_wager(item: Item, payments, per_position: list) -> list[dict]:
        """Every wager on the layout on its own: its kind, whether it won and whether it was settled right
        (paid its winnings, or left unpaid when it lost), for statistics that count wagers, not items."""
        if payments is None:
            return []   # only a total was asked: no wager was settled on its own
        first_four = item.prompt["first_four"]
        wrong = {_hashable(p["position"]): p["category"] for p in per_position if p["category"]}
        winners = {_hashable(p) for p, _ in item.key["payments"]}
        return [{"kind": roulette.classify(_hashable(b["position"]), first_four).kind.name.lower(),
                 "position": b["position"], "wins": _hashable(b["position"]) in winners,
                 "correct": _hashable(b["position"]) not in wrong, "category": wrong.get(_hashable(b["position"]))}
                for b in item.prompt["bets"]]

    def _total_problem(self, item: Item, total: int) -> tuple[ErrorCategory, str]:
        right = item.key["total"]
        value = item.prompt["colour_value"]
        first_four = item.prompt["first_four"]
        bets = {_hashable(b["position"]): b for b in item.prompt["bets"]}
        winners = [_hashable(p) for p, _ in item.key["payments"]]
        stakes = sum(bets[p]["chips"] * value for p in winners)
        if total == right + stakes:
            return (ErrorCategory.STAKE_INCLUDED,
                    f"The total {_money(total)} includes the {_money(stakes)} of stakes; the winnings are "
                    f"{_money(right)}.")
        if value != 1 and total * value == right:
            return (ErrorCategory.COLOUR_CHIP_VALUE,
                    f"{total} is the win in chips; at {_money(value)} a chip that is {_money(right)}.")
        for position, amount in item.key["payments"]:
            if total == right - amount:
                name = roulette.classify(_hashable(position), first_four).name
                return (ErrorCategory.MISSED_A_WINNER if item.key["number"] else ErrorCategory.ZERO_RULE,
                        f"The total {_money(total)} leaves out {name} ({_money(amount)}); it is {_money(right)}.")
        slip = arithmetic_slip(total, right, [amount for _, amount in item.key["payments"]])
        if slip:
            return ErrorCategory.ARITHMETIC, f"The total is {_money(right)}, not {_money(total)} ({slip})."
        return ErrorCategory.OTHER, f"The total is {_money(right)}, not {_money(total)}."

    def explain(self, item: Item) -> tuple[str, str]:
        number = item.key["number"]
        reading = _reading_of(item)
        text = (f"Pay: {self.describe_key(item)}. Rule 5.1 odds: {self._odds_used(item)}; pay "
                f"{paying_order_words(reading)} ({paying_order_reason(reading)})."
                + _zero_note(number, item.prompt["first_four"]))
        return text, "5.2-5.3" if number == 0 else "5.1"

    def _odds_used(self, item: Item) -> str:
        kinds = {roulette.classify(_hashable(p), item.prompt["first_four"]).kind for p, _ in item.key["payments"]}
        return ", ".join(f"{k.label} {k.odds} to 1" for k in sorted(kinds, key=lambda k: (k.pay_step, k.odds)))

    @staticmethod
    def _describe_answer(payments, total) -> str:
        parts = []
        if payments is not None:
            paid = [f"{roulette.classify(p).name} {_money(a)}" for p, a in payments if a]
            parts.append("paid " + (", ".join(paid) if paid else "nothing"))
        if total is not None:
            parts.append(f"total {_money(total)}")
        return "; ".join(parts)

    def describe_key(self, item: Item) -> str:
        first_four = item.prompt["first_four"]
        parts = [f"{roulette.classify(_hashable(p), first_four).name} {_money(a)}" for p, a in item.key["payments"]]
        pays = ", ".join(parts) if parts else "nothing wins"
        return f"{item.key['number']} wins: pay {pays}; total {_money(item.key['total'])}"


# --- completes and pictures -------------------------------------------------------------------------------

# Picture bets: the wager kinds around the number they use (plus, for one, a single corner).
PICTURES = {
    "straight_and_splits": ("the number straight up with all its splits", (WagerKind.STRAIGHT, WagerKind.SPLIT)),
    "straight_splits_corner": ("the number straight up, all its splits and one corner",
                               (WagerKind.STRAIGHT, WagerKind.SPLIT)),
    "all_splits": ("all the splits around the number", (WagerKind.SPLIT,)),
    "all_corners": ("all the corners around the number", (WagerKind.CORNER,)),
    "straight_and_corners": ("the number straight up with all its corners", (WagerKind.STRAIGHT, WagerKind.CORNER)),
}
ASK_TEXT = {
    "wagers": "How many wagers (positions) does it take?",
    "chips": "How many chips does it take?",
    "cost": "What does it cost in dollars?",
    "pays": "What does it pay in dollars (winnings, stake excluded)?",
}


@register
class CompletesDrill(Levelled):
    """The complete (one unit on every inside wager covering a number), the full complete (units by the
    numbers each wager covers: 1, 2, 3, 4, 6) and common picture bets: how many wagers and chips, what
    they cost and what they pay.

    Levels (docs/drills.md); half the items are completes, half picture bets at every level:
      Basic     completes of 4-36 (away from the zero), one chip a wager; pictures one chip a wager; the
                question: how many wagers or chips (a picture: chips, or what it pays on its number);
                colour chips at the smallest chip's value
      Standard  completes of any number 0-36, one to three chips a wager; asked wagers, chips or what it
                pays; pictures one to three chips, asked what they pay or cost; the smallest chip or twice it
      Advanced  full completes (a wager carries as many units as it covers numbers) of any number, one or
                two units; asked chips, cost or pays; pictures one to five chips; "pays" half the time on a
                neighbouring number the bet covers; three chip values
    """

    id = "roulette.completes"
    game = "roulette"
    title = "Completes and pictures"
    description = ("The complete and full complete of any number and the common picture bets: how many "
                   "wagers and chips they take, what they cost and what they pay when a number hits.")

    def __init__(self, settings=None):
        self.table = _table(settings)

    def families(self) -> list[str]:
        return ([f"roulette.complete.{n}" for n in range(37)]
                + [f"roulette.picture.{shape}" for shape in PICTURES])

    def mix(self, level: int) -> dict[str, int]:
        numbers = range(4, 37) if level == BASIC else range(37)
        completes = [f"roulette.complete.{n}" for n in numbers]
        pictures = [f"roulette.picture.{shape}" for shape in PICTURES]
        # Completes and pictures half each: each complete weighs as many as there are pictures, and back.
        return {**even(completes, len(pictures)), **even(pictures, len(completes))}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = _level(difficulty)
        families = self.families()
        family = family or self.draw_family(rng, level)
        if family not in families:
            raise ValueError(f"{family!r} is not a family of {self.id}")
        first_four = self.table.first_four
        value = _pick(rng, _colour_values(self.table, level))
        _, group, name = family.split(".")
        if group == "complete":
            number = int(name)
            full = level == ADVANCED
            shape = "full_complete" if full else "complete"
            unit = 1 + rng.below({BASIC: 1, STANDARD: 3, ADVANCED: 2}[level])
            wagers = roulette.complete(number, first_four)
            chips = [unit * (w.kind.covers if full else 1) for w in wagers]
            asks = {BASIC: ["wagers", "chips"], STANDARD: ["wagers", "chips", "pays"],
                    ADVANCED: ["chips", "cost", "pays"]}[level]
            title = (f"the full complete on {number} ({unit} unit{'s' if unit > 1 else ''} per number covered: "
                     "each wager carries as many units as it covers numbers)" if full
                     else f"the complete on {number}, {_chips(unit)} on every inside wager covering it")
        else:
            shape = name
            number = 1 + rng.below(36)
            around = roulette.complete(number, first_four)
            wagers = [w for w in around if w.kind in PICTURES[shape][1]]
            if shape == "straight_splits_corner":
                wagers.append(_pick(rng, [w for w in around if w.kind is WagerKind.CORNER]))
            unit = 1 + rng.below({BASIC: 1, STANDARD: 3, ADVANCED: 5}[level])
            chips = [unit] * len(wagers)
            asks = ["pays", "pays", "cost"] if level > BASIC else ["pays", "chips"]
            title = f"{PICTURES[shape][0]} on {number}, {_chips(unit)} on each"
        ask = _pick(rng, asks)
        hit = number
        if ask == "pays" and level == ADVANCED and rng.below(2):
            hit = _pick(rng, sorted({n for w in wagers for n in w.numbers} - {number}))
        cash = [c * value for c in chips]
        winnings = roulette.settle(list(zip(wagers, cash)), hit, first_four)
        answers = {"wagers": len(wagers), "chips": sum(chips), "cost": sum(cash), "pays": sum(winnings)}
        key = {"answer": answers[ask], "number": number, "hit": hit, **{f"total_{k}": v for k, v in answers.items()},
               "wagers": [[position_json(position_of(w)), c, won] for w, c, won in zip(wagers, chips, winnings)]}
        prompt = {"shape": shape, "number": number, "hit": hit, "ask": ask, "unit": unit, "colour_value": value,
                  "first_four": first_four, "title": title}
        if group == "picture":  # the picture is the question: it is drawn; a complete is for the trainee to know
            prompt["bets"] = [{"position": position_json(position_of(w)), "wager": w.name, "chips": c}
                              for w, c in zip(wagers, chips)]
        money_note = f" Colour chips are worth {_money(value)} each." if ask in ("cost", "pays") else ""
        when = f" when {hit} hits" if ask == "pays" else ""
        text = f"{title[0].upper()}{title[1:]}.{money_note} {ASK_TEXT[ask].rstrip('?')}{when}?"
        hint = ("A complete covers the number with every inside wager that includes it: straight up, the "
                "splits, the street, the corners and the six lines (and the zero combinations on 0-3)."
                if group == "complete" else "Count the positions, multiply by the chips on each.")
        if ask == "pays":
            hint += f" Only the wagers that include {hit} win; each pays its own odds (rule 5.1)."
        return Item(self.id, family, prompt, key, text, hint)

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = _amount(answer, "the answer")
        right = item.key["answer"]
        ask = item.prompt["ask"]
        category, why = (None, "") if given == right else self._diagnose(item, given)
        general, rule = self.explain(item)
        explanation = (_sentence(why) + " " if why else "") + general
        return Grade(correct=category is None, expected=self.describe_key(item), given=self._say(ask, given),
                     explanation=explanation, category=category, rule=rule, seconds=seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        hit = item.key["hit"]
        zero = _zero_note(hit, item.prompt["first_four"]) if item.prompt["ask"] == "pays" else ""
        return self._breakdown(item) + zero, "5.2-5.3" if zero else "5.1"

    @staticmethod
    def _say(ask: str, amount: int) -> str:
        return _money(amount) if ask in ("cost", "pays") else str(amount)

    def _rows(self, item: Item) -> list[tuple[Wager, int, int]]:
        first_four = item.prompt["first_four"]
        return [(roulette.classify(_hashable(p), first_four), chips, won) for p, chips, won in item.key["wagers"]]

    def _diagnose(self, item: Item, given: int) -> tuple[ErrorCategory, str]:
        ask, right = item.prompt["ask"], item.key["answer"]
        value = item.prompt["colour_value"]
        rows = self._rows(item)
        if ask == "wagers":
            # Fewer wagers than there are, or a few too many, is a wager left out or added; a count that
            # is no such thing is a slip, or another mistake.
            if 0 < given < right:
                left_out = right - given
                return (ErrorCategory.COMPLETE_MISSED_BET,
                        f"{given} leaves out {left_out} of the {right} wagers." if left_out > 1
                        else f"{given} leaves out one of the {right} wagers.")
            if right < given <= 2 * right:
                extra = given - right
                return ErrorCategory.COMPLETE_EXTRA_BET, (f"{given} counts {extra} wagers too many." if extra > 1
                                                          else f"{given} counts one wager too many.")
            return self._slip_or_other(ask, given, right, [1])
        if ask in ("chips", "cost"):
            per_chip = value if ask == "cost" else 1
            if ask == "cost" and value != 1 and given * value == right:
                return (ErrorCategory.COLOUR_CHIP_VALUE,
                        f"{given} is the cost in chips; at {_money(value)} a chip it is {_money(right)}.")
            missing = self._part_sums([(w, chips * per_chip) for w, chips, _ in rows])
            if right - given in missing:
                return (ErrorCategory.COMPLETE_MISSED_BET,
                        f"{self._say(ask, given)} leaves out {missing[right - given]}.")
            extra = {item.prompt["unit"] * per_chip * (k.covers if item.prompt["shape"] == "full_complete" else 1)
                     for k in INSIDE_KINDS}
            if given - right in extra:
                return ErrorCategory.COMPLETE_EXTRA_BET, f"{self._say(ask, given)} adds a wager that is not part of it."
            return self._slip_or_other(ask, given, right, [item.prompt["unit"] * per_chip])
        # ask == "pays"
        stakes = sum(chips * value for _, chips, won in rows if won)
        if given == right + stakes:
            return (ErrorCategory.STAKE_INCLUDED,
                    f"{_money(given)} adds the {_money(stakes)} staked on the winners; the stakes stay on the layout.")
        if value != 1 and given * value == right:
            return (ErrorCategory.COLOUR_CHIP_VALUE,
                    f"{given} is the win in chips; at {_money(value)} a chip it is {_money(right)}.")
        losers = [(w, chips) for w, chips, won in rows if not won]
        for wager, chips in losers:
            if given == right + chips * value * wager.odds:
                return (ErrorCategory.PAID_A_LOSER,
                        f"{wager.name} does not include {item.key['hit']}: it loses and is not paid.")
        if losers and given == self._pays_on(item, item.key["number"]):
            return (ErrorCategory.PAID_A_LOSER,
                    f"{_money(given)} is what it pays when {item.key['number']} hits, but {item.key['hit']} won: "
                    "only the wagers that include it are paid.")
        missing = self._part_sums([(w, won) for w, _, won in rows if won])
        if right - given in missing:
            return ErrorCategory.COMPLETE_MISSED_BET, f"{_money(given)} leaves out {missing[right - given]}."
        for wager, chips, won in rows:
            if not won:
                continue
            for odds, other in _other_odds(wager.kind):
                if given == right - won + chips * value * odds:
                    return (ErrorCategory.WRONG_ODDS,
                            f"{wager.name} was paid at {odds} to 1, the odds of a {other.label}; a "
                            f"{wager.kind.label} pays {wager.odds} to 1.")
        return self._slip_or_other(ask, given, right, [chips * value * wager.odds for wager, chips, won in rows
                                                       if won])

    def _slip_or_other(self, ask: str, given: int, right: int, steps) -> tuple[ErrorCategory, str]:
        """ARITHMETIC when the answer is the right working with a slip in it, OTHER when it is unrelated."""
        what = {"wagers": "There are", "chips": "The chips add up to", "cost": "The cost adds up to",
                "pays": "The winnings add up to"}[ask]
        slip = arithmetic_slip(given, right, steps)
        text = f"{what} {self._say(ask, right)}, not {self._say(ask, given)}"
        if slip:
            return ErrorCategory.ARITHMETIC, f"{text} ({slip})."
        return ErrorCategory.OTHER, f"{text}."

    @staticmethod
    def _part_sums(parts: list[tuple[Wager, int]]) -> dict[int, str]:
        """Amounts a trainee would get by leaving out one wager, or every wager of one kind."""
        sums: dict[int, str] = {}
        for kind in INSIDE_KINDS:
            of_kind = [amount for w, amount in parts if w.kind is kind]
            if len(of_kind) > 1:
                sums.setdefault(sum(of_kind), f"the {kind.label}s")
        for wager, amount in parts:
            sums.setdefault(amount, wager.name)
        sums.pop(0, None)
        return sums

    def _pays_on(self, item: Item, number: int) -> int:
        value = item.prompt["colour_value"]
        rows = self._rows(item)
        return sum(roulette.settle([(w, chips * value) for w, chips, _ in rows], number, item.prompt["first_four"]))

    def _breakdown(self, item: Item) -> str:
        value = item.prompt["colour_value"]
        rows = self._rows(item)
        listed = "; ".join(f"{w.name} {_chips(chips)}" for w, chips, _ in rows)
        # Chips are counted as chips and money as dollars: the chips' value turns one into the other.
        count = f"{len(rows)} wager" if len(rows) == 1 else f"{len(rows)} wagers"
        text = (f"The wagers: {listed} ({count}, {_chips(item.key['total_chips'])} at "
                f"{_money(value)} a chip: {_money(item.key['total_cost'])}).")
        if item.prompt["ask"] == "pays":
            won = [f"{w.name} {chips} × {w.odds} × {_money(value)} = {_money(amount)}"
                   for w, chips, amount in rows if amount]
            text += f" On {item.key['hit']}: " + "; ".join(won) + " (rule 5.1)."
        return text

    def describe_key(self, item: Item) -> str:
        ask = item.prompt["ask"]
        words = {"wagers": "wagers", "chips": "chips", "cost": "cost", "pays": f"pays on {item.key['hit']}"}[ask]
        return f"{self._say(ask, item.key['answer'])} ({words})"


# --- payout keys --------------------------------------------------------------------------------------------

@register
class PayoutKeysDrill(Levelled):
    """Multiples of each inside payout (35, 17, 11, 8 and 5 to 1, as the engine gives them), against the clock.

    Levels (docs/drills.md); the five payouts are drawn equally at every level:
      Basic     1-10 chips, the odds given in the question, $1 chips
      Standard  1-25 chips, the odds not given, $1 chips
      Advanced  5-50 chips, the odds not given; half the items in colour chips worth more than $1 (twice
                the smallest chip or the next chips up)
    """

    id = "roulette.payout_keys"
    game = "roulette"
    title = "Payout keys"
    description = "Quick multiples of the inside payouts: straight ups, splits, streets, corners and six lines."

    def __init__(self, settings=None):
        self.table = _table(settings)

    def families(self) -> list[str]:
        return [f"roulette.keys.{kind.odds}" for kind in INSIDE_KINDS]

    def mix(self, level: int) -> dict[str, int]:
        return even(self.families())

    def _kind(self, family: str) -> WagerKind:
        for kind in INSIDE_KINDS:
            if family == f"roulette.keys.{kind.odds}":
                return kind
        raise ValueError(f"{family!r} is not a family of {self.id}")

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = _level(difficulty)
        family = family or self.draw_family(rng, level)
        kind = self._kind(family)
        first_four = self.table.first_four
        wager = _pick(rng, [w for w in roulette.layout_wagers(first_four) if w.kind is kind])
        low, span = {BASIC: (1, 10), STANDARD: (1, 25), ADVANCED: (5, 46)}[level]
        chips = low + rng.below(span)
        value = 1
        if level == ADVANCED and rng.below(2):
            value = _pick(rng, [v for v in _colour_values(self.table, 4) if v != 1])
        hit = wager.numbers[-1]
        cash = roulette.settle([(wager, chips * value)], hit, first_four)[0]
        prompt = {"wager": wager.name, "position": position_json(position_of(wager)), "kind": kind.label,
                  "chips": chips, "colour_value": value, "hit": hit,
                  "odds": kind.odds if level == 1 else None, "first_four": first_four}
        odds_note = f" ({kind.odds} to 1)" if level == 1 else ""
        money_note = f", colour chips worth {_money(value)} each" if value != 1 else ""
        text = f"{hit} wins: {wager.name}{odds_note}, {_chips(chips)}{money_note}. Pay?"
        key = {"answer": cash, "odds": kind.odds, "chips": chips, "colour_value": value}
        return Item(self.id, family, prompt, key, text, self._hint(kind))

    @staticmethod
    def _hint(kind: WagerKind) -> str:
        # Mental shortcuts for multiplying by the odds; the odds themselves come from the engine.
        shortcuts = {
            35: "halve the chips, times 7, add a zero (and 35 more if the count is odd)",
            17: "times 1.5 with a zero added, plus twice the chips",
            11: "times 10, plus the chips once more",
            8: "times 10, minus twice the chips",
            5: "half of times 10",
        }
        return f"A {kind.label} pays {kind.odds} to 1 (rule 5.1): {shortcuts.get(kind.odds, 'multiply by the odds')}."

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = _amount(answer, "the payout")
        right = item.key["answer"]
        kind = self._kind(item.family)
        chips, value = item.prompt["chips"], item.prompt["colour_value"]
        work, rule = self.explain(item)
        if given == right:
            return Grade(True, self.describe_key(item), _money(given), work, None, rule, seconds)
        category, why = _amount_error(kind, chips, value, given, right, self.table.chip_values)
        return Grade(False, self.describe_key(item), _money(given), f"{why[0].upper()}{why[1:]}. {work}",
                     category, rule, seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        kind = self._kind(item.family)
        chips, value = item.prompt["chips"], item.prompt["colour_value"]
        # The chips' value is always written: chips times odds are chips, their value makes them dollars.
        work = f"{_chips(chips)} × {kind.odds} × {_money(value)} = {_money(item.key['answer'])}"
        return f"Rule 5.1: {work}.", "5.1"

    def describe_key(self, item: Item) -> str:
        return _money(item.key["answer"])


# --- winning positions ------------------------------------------------------------------------------------

WHERE_TEXT = {
    "zero": "0 wins",
    "first_row": "1, 2 or 3 wins (next to the zero)",
    "side": "a number on an outer column wins",
    "middle": "a number in the middle column wins",
}


@register
class WinningPositionsDrill(Levelled):
    """Mark every winning wager on a busy layout, or every losing wager to clear (zero spins included).

    A family is the task (mark the winners, or mark the losers to clear) and where the number lies (0, the
    first row beside the zero, an outer column, the middle column). Levels (docs/drills.md):
      Basic     never 0: both tasks and the three other places equally (six families); 6 stacks, 1-3 chips
      Standard  the eight families equally (0 one item in four); 9 stacks, 1-3 chips
      Advanced  0 and the first row three items in four (3/8 each), the columns the fourth; 12 stacks,
                1-8 chips
    A cleared winner, a loser left on the layout, a winner missed and a loser marked as a winner are each
    their own error, each wager counted on its own in the grade's details.
    """

    id = "roulette.winners"
    game = "roulette"
    title = "Winning positions"
    description = ("A busy layout and a winning number: mark every winning wager (or every losing wager to "
                   "clear), including zero spins.")

    def __init__(self, settings=None):
        self.table = _table(settings)

    def families(self) -> list[str]:
        return [f"roulette.winners.{task}.{where}" for task in ("winners", "clear") for where in WHERE_TEXT]

    def mix(self, level: int) -> dict[str, int]:
        weights = {BASIC: {"zero": 0, "first_row": 1, "side": 1, "middle": 1},
                   STANDARD: {"zero": 1, "first_row": 1, "side": 1, "middle": 1},
                   ADVANCED: {"zero": 3, "first_row": 3, "side": 1, "middle": 1}}[level]
        return {family: weights[family.rsplit(".", 1)[1]] for family in self.families()}

    def _number(self, rng, where: str) -> int:
        if where == "zero":
            return 0
        if where == "first_row":
            return 1 + rng.below(3)
        columns = ("column2",) if where == "middle" else ("column1", "column3")
        numbers = [n for name in columns for n in roulette.classify(name).numbers if n > 3]
        return _pick(rng, sorted(numbers))

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = _level(difficulty)
        families = self.families()
        family = family or self.draw_family(rng, level)
        if family not in families:
            raise ValueError(f"{family!r} is not a family of {self.id}")
        _, _, task, where = family.split(".")
        number = self._number(rng, where)
        first_four = self.table.first_four
        stacks = {BASIC: 6, STANDARD: 9, ADVANCED: 12}[level]
        winners_wanted = stacks // 2 - rng.below(2)
        featured = [] if number else [_pick(rng, roulette.covering(0, first_four))]
        wagers = _layout_bets(rng, self.table, number, featured, winners_wanted, stacks - winners_wanted)
        value = min(self.table.chip_values)
        chips = [1 + rng.below(3 if level < ADVANCED else 8) for _ in wagers]
        won = {position_of(w) for w in roulette.winning_wagers(number, wagers, first_four)}
        positions = [position_of(w) for w in wagers]
        key = {"number": number, "task": task,
               "winners": [position_json(p) for p in positions if p in won],
               "losers": [position_json(p) for p in positions if p not in won]}
        prompt = {"number": number, "colour": roulette.color(number), "task": task, "colour_value": value,
                  "first_four": first_four,
                  "bets": [{"position": position_json(p), "wager": w.name, "chips": c}
                           for p, w, c in zip(positions, wagers, chips)]}
        doing = "Mark every winning wager" if task == "winners" else "Mark every losing wager to clear"
        text = f"{number} wins. {doing}. On the layout: " + "; ".join(w.name for w in wagers) + "."
        hint = ("A wager wins when the number is one of those it covers; outside boxes too."
                + _zero_note(number, first_four))
        return Item(self.id, family, prompt, key, text, hint)

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        if isinstance(answer, dict):
            answer = answer.get("marked")
        if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple, set, frozenset)):
            raise ValueError("the answer is the list of positions marked")
        first_four = item.prompt["first_four"]
        occupied = {_hashable(b["position"]) for b in item.prompt["bets"]}
        marked = set()
        for entry in answer:
            position = parse_position(entry, first_four)
            if position not in occupied:
                raise ValueError(f"there are no chips on {roulette.classify(position, first_four).name}")
            marked.add(position)
        number = item.key["number"]
        winners = {_hashable(p) for p in item.key["winners"]}
        losers = occupied - winners
        task = item.key["task"]
        marked_winners = marked & winners if task == "winners" else winners - marked
        not_winners = marked - winners if task == "winners" else losers - marked

        def name(position) -> str:
            return roulette.classify(position, first_four).name

        def names(positions) -> tuple[str, str, str]:
            """The wagers' names, and the verbs' endings for one or several of them ("wins ... was")."""
            listed = sorted(positions, key=str)
            one = len(listed) == 1
            return ", ".join(map(name, listed)), ("s" if one else ""), ("was" if one else "were")

        problems = []
        # What happened to each wrong wager decides its category: on 0 the zero rule; otherwise a winner
        # left unmarked or cleared, a loser marked as a winner or left on the layout.
        missed = winners - marked_winners
        if missed:
            listed, s, was = names(missed)
            if task == "winners":
                category, words = ErrorCategory.MISSED_A_WINNER, f"{listed} win{s} on {number} but {was} not marked."
            else:
                category, words = ErrorCategory.CLEARED_A_WINNER, f"{listed} win{s} on {number} but {was} cleared."
            problems.append((ErrorCategory.ZERO_RULE if number == 0 else category, words))
        if not_winners:
            listed, s, was = names(not_winners)
            if task == "winners":
                category = ErrorCategory.MARKED_A_LOSER
                words = f"{listed} lose{s} on {number} but {was} marked as a winner."
            else:
                category = ErrorCategory.LEFT_A_LOSER
                words = f"{listed} lose{s} on {number} but {was} left on the layout."
            problems.append((ErrorCategory.ZERO_RULE if number == 0 else category, words))
        first = _first_category(c for c, _ in problems)
        explanation = " ".join(_sentence(why) for _, why in problems) or "Every position marked right."
        explanation += self._rule_words(item)
        given = ", ".join(map(name, sorted(marked, key=str))) or "nothing marked"
        wrong: dict = {}
        if missed:
            wrong.update(dict.fromkeys(missed, problems[0][0]))
        if not_winners:
            wrong.update(dict.fromkeys(not_winners, problems[-1][0]))
        # Each wager on its own, for statistics that count wagers rather than items.
        per_wager = [{"kind": roulette.classify(p, first_four).kind.name.lower(), "position": position_json(p),
                      "wins": p in winners, "correct": p not in wrong,
                      "category": wrong[p].value if p in wrong else None}
                     for p in (_hashable(b["position"]) for b in item.prompt["bets"])]
        return Grade(first is None, self.describe_key(item), given, explanation.strip(), first,
                     self._rule(item), seconds,
                     details={"marked": [position_json(p) for p in marked], "wagers": per_wager})

    @staticmethod
    def _rule_words(item: Item) -> str:
        number = item.key["number"]
        return (_zero_note(number, item.prompt["first_four"])
                or " A wager wins when it covers the winning number (rules 4.7, 5.1).")   # _rule's words

    @staticmethod
    def _rule(item: Item) -> str:
        return "5.2-5.3" if item.key["number"] == 0 else "4.7, 5.1"

    def explain(self, item: Item) -> tuple[str, str]:
        return f"{self.describe_key(item)}.{self._rule_words(item)}", self._rule(item)

    def describe_key(self, item: Item) -> str:
        first_four = item.prompt["first_four"]
        which = "winners" if item.key["task"] == "winners" else "losers"
        names = [roulette.classify(_hashable(p), first_four).name for p in item.key[which]]
        label = "winning wagers" if which == "winners" else "losing wagers to clear"
        return f"{item.key['number']}: {label}: " + (", ".join(names) if names else "none")


DEFAULT_TARGETS[PayoutDrill.id] = Target(seconds=60.0, test_items=12)
DEFAULT_TARGETS[CompletesDrill.id] = Target(seconds=25.0, test_items=20)
DEFAULT_TARGETS[PayoutKeysDrill.id] = Target(seconds=8.0, test_items=30)
DEFAULT_TARGETS[WinningPositionsDrill.id] = Target(seconds=30.0, test_items=15)
