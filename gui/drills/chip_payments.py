"""Paying in chips, one drill per game: a win paid from the float in the table's chip values, and at the roulette
wheel colour chips cashed in and coloured out.

Every amount comes from the engine (roulette.settle; baccarat.settle with the table's commission; paigow.settle),
and so does every breakdown and its check (dealerdrill.core.chips, core_c/src/chips.c): the fewest chips, or
the house breakdown, the fewest chips none larger than the house's largest payout chip. That largest chip is
the house's convention, a table setting a training manager signs (`house_breakdown_chip`, $25 by default, so
$175 goes out as 7 x $25): the drill uses the table's largest chip value not above it (docs/drills.md).
Several breakdowns can be right at once (with chips of 1, 3 and 4 dollars, 6 is two 3s); the engine judges the
trainee's own.

Colour (rule 2.6, Gazette 1998 No. 16): a player buys colour chips at a value per chip; the change under one
colour chip's value is given back in value chips; leaving, the player colours out, paid in value chips.

Answers: {"counts": [chips of each value, in the prompt's order, largest value first]}; for cashing in,
{"colour_chips": n, "change": amount}.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dealerdrill.core import NotPayable, baccarat, chips, paigow as pg, roulette
from dealerdrill.core.chips import Verdict
from dealerdrill.core.roulette import WagerKind
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_cents, format_money
from dealerdrill.settings import DEFAULT_HOUSE_BREAKDOWN_CHIP

from .base import arithmetic_slip, register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, level_of
from .roulette_drills import _table, position_json, position_of
from .targets import DEFAULT_TARGETS

HOUSE_LARGEST_CHIP = DEFAULT_HOUSE_BREAKDOWN_CHIP   # dollars: the house breakdown's default (module docstring)
COLOUR_VALUES = (1, 2, 5, 10, 20, 25)


def _pick(rng, items):
    items = list(items)
    return items[rng.below(len(items))]


def house_cap(chip_values, largest: int = HOUSE_LARGEST_CHIP) -> int:
    """The largest chip the house breakdown uses at a table with these chip values, the house's largest payout
    chip being `largest` (in the same unit)."""
    values = sorted(chip_values)
    under = [v for v in values if v <= largest]
    return under[-1] if under else values[0]


def house_largest_chip(section) -> int:
    """The house's largest payout chip in dollars from a table's settings (a manager's setting; the default for
    settings without it)."""
    return int(getattr(section, "house_breakdown_chip", HOUSE_LARGEST_CHIP) or HOUSE_LARGEST_CHIP)


def _counts(answer, size: int) -> list[int]:
    if isinstance(answer, dict):
        answer = answer.get("counts")
    if not isinstance(answer, (list, tuple)) or len(answer) != size:
        raise ValueError(f"give how many chips of each of the {size} values (0 for none)")
    counts = []
    for value in answer:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError("each count is a whole number of chips, 0 or more")
        counts.append(value)
    return counts


class _ChipsDrill(Levelled):
    """Shared: a payment (the amount from the engine) broken down by the trainee, checked by the engine.
    LEVELS gives each level's weight of each family (a family left out is never drawn at that level)."""

    LEVELS: dict = {}

    if TYPE_CHECKING:       # each drill below defines these
        def families(self) -> list[str]: ...

        def explain(self, item: Item) -> tuple[str, str]: ...

    def mix(self, level: int) -> dict[str, int]:
        weights = self.LEVELS[level]
        return {family: weights.get(family, 0) for family in self.families()}

    def _family(self, rng, difficulty: int, family: str | None) -> str:
        family = family or self.draw_family(rng, level_of(difficulty))
        if family not in self.families():
            raise ValueError(f"{family!r} is not a family of {self.id}")
        return family

    def _slip_or_other(self, total: int, amount: int, values) -> tuple[ErrorCategory, str]:
        """"Right method, wrong arithmetic" only for a real slip (a digit, a swap, a zero, a carry, one chip's
        worth); an unrelated total is another mistake."""
        slip = arithmetic_slip(total, amount, values)
        if slip:
            return (ErrorCategory.ARITHMETIC,
                    f"The chips make {self._say(total)}, not {self._say(amount)}: {slip}.")
        return ErrorCategory.OTHER, f"The chips make {self._say(total)}; the payment is {self._say(amount)}."

    id = ""
    game = ""
    title = "Paying in chips"
    description = ""
    unit = "dollars"          # the money of the prompt: "dollars" (roulette) or "cents"

    def _say(self, amount: int) -> str:
        return format_money(amount) if self.unit == "dollars" else format_cents(amount)

    def _payment_item(self, family: str, amount: int, values_in_unit: list[int], cap: int | None,
                      situation: str, show_amount: bool, context: dict) -> Item:
        """The item for paying `amount` (in the prompt's unit) with these chips (largest first)."""
        convention = "the fewest chips" if cap is None else f"the house breakdown: no chip above {self._say(cap)}"
        ask = context.pop("ask", None) or (f"Pay {self._say(amount)}" if show_amount else "Pay the win")
        prompt = {"kind": "pay", "situation": situation, "chips": list(values_in_unit),
                  "labels": [self._say(v) for v in values_in_unit], "cap": cap, "money": self.unit,
                  "amount": amount if show_amount else None, "convention": convention}
        text = f"{situation} {ask} in {convention}: how many chips of each value?"
        best = chips.breakdown(amount, values_in_unit, cap)
        key = {"amount": amount, "breakdown": [best.get(v, 0) for v in values_in_unit], **context}
        hint = ("Work out the amount first, then take as many of the largest allowed chip as fit, and check that "
                "the rest can still be made.")
        return Item(self.id, family, prompt, key, text, hint)

    def _grade_payment(self, item: Item, answer, seconds: float, wrong_sum) -> Grade:
        values = item.prompt["chips"]
        counts = _counts(answer, len(values))
        amount, cap = item.key["amount"], item.prompt["cap"]
        verdict = chips.check_breakdown(amount, values, counts, cap)
        given_total = sum(c * v for c, v in zip(counts, values))
        category = None
        why = ""
        if verdict is Verdict.WRONG_SUM:
            category, why = wrong_sum(item, given_total)
        elif verdict is Verdict.ABOVE_CAP:
            category = ErrorCategory.CHIP_BREAKDOWN
            why = (f"The house breakdown uses no chip above {self._say(cap)}: this house's largest payout chip, "
                   "its own convention (a manager's setting).")
        elif verdict is Verdict.TOO_MANY:
            category = ErrorCategory.CHIP_BREAKDOWN
            why = (f"{sum(counts)} chips make {self._say(amount)}, but it can be paid in "
                   f"{sum(item.key['breakdown'])}.")
        explanation, rule = self.explain(item)
        given = self._chips_words(values, counts) or "no chips"
        return Grade(category is None, self.describe_key(item), f"{given} ({self._say(given_total)})",
                     f"{why} {explanation}".strip(), category, rule, seconds, details={"verdict": verdict.name})

    def _chips_words(self, values, counts) -> str:
        return ", ".join(f"{c} × {self._say(v)}" for v, c in zip(values, counts) if c)

    def describe_key(self, item: Item) -> str:
        if item.prompt["kind"] == "colour_in":
            return (f"{item.key['colour_chips']} colour chips, {format_money(item.key['change'])} change"
                    if item.key["change"] else f"{item.key['colour_chips']} colour chips, no change")
        words = self._chips_words(item.prompt["chips"], item.key["breakdown"]) or "nothing"
        return f"{words} ({self._say(item.key['amount'])})"


# --- roulette ------------------------------------------------------------------------------------------------

@register
class RouletteChipsDrill(_ChipsDrill):
    """A winning wager paid from the float; colour chips cashed in and coloured out.

    Levels (docs/drills.md):
      Basic     paying in the fewest chips, cashing in and colouring out, a third each; the amount to pay
                and the odds are given; stakes of 1-4 table minimums; colour bought in whole chips (no
                change)
      Standard  the four families equally (the house breakdown joins them); the amount not given; stakes
                of 1-10 minimums; cashing in leaves change half the time
      Advanced  the house breakdown half the items, the other three a sixth each; stakes of 1-20 minimums;
                more colour chips
    """

    LEVELS = {
        BASIC: {"roulette.chips.pay.fewest": 1, "roulette.chips.colour_in": 1, "roulette.chips.colour_out": 1},
        STANDARD: {"roulette.chips.pay.fewest": 1, "roulette.chips.pay.house": 1, "roulette.chips.colour_in": 1,
                   "roulette.chips.colour_out": 1},
        ADVANCED: {"roulette.chips.pay.fewest": 1, "roulette.chips.pay.house": 3, "roulette.chips.colour_in": 1,
                   "roulette.chips.colour_out": 1},
    }

    id = "roulette.chips"
    game = "roulette"
    description = ("Pay a winning wager from the float in the table's chips (the fewest, or the house breakdown), "
                   "cash a player in for colour (“$500 for 20 colour at $25”) and colour a player out.")

    def __init__(self, settings=None):
        self.table = _table(settings)
        self.values = sorted(self.table.chip_values, reverse=True)
        self.house_chip = house_largest_chip(self.table)     # the house breakdown's largest chip, in dollars

    def families(self) -> list[str]:
        return ["roulette.chips.pay.fewest", "roulette.chips.pay.house", "roulette.chips.colour_in",
                "roulette.chips.colour_out"]

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        difficulty = level_of(difficulty)
        family = self._family(rng, difficulty, family)
        if family == "roulette.chips.colour_in":
            return self._colour_in(rng, difficulty, family)
        if family == "roulette.chips.colour_out":
            return self._colour_out(rng, difficulty, family)
        cap = house_cap(self.values, self.house_chip) if family.endswith("house") else None
        first_four = self.table.first_four
        kinds = list(WagerKind)
        for _ in range(200):
            kind = _pick(rng, kinds)
            wager = _pick(rng, [w for w in roulette.layout_wagers(first_four) if w.kind is kind])
            limit = self.table.maximum_outside if kind.outside else self.table.maximum_inside
            stake = min(limit, self.table.minimum_bet * (1 + rng.below({1: 4, 2: 10}.get(difficulty, 20))))
            number = _pick(rng, [n for n in wager.numbers if n] or wager.numbers)
            amount = roulette.settle([(wager, stake)], number, first_four)[0]
            if cap is None or 2 * cap < amount <= 20 * cap:   # the house breakdown matters, in a stack or two
                break
        situation = (f"{number} wins. {wager.name.capitalize()}, {format_money(stake)}"
                     + (f" ({wager.odds} to 1)." if difficulty == 1 else "."))
        return self._payment_item(family, amount, self.values, cap, situation, difficulty == 1,
                                  {"stake": stake, "odds": wager.odds, "wager": wager.name, "number": number,
                                   "position": position_json(position_of(wager))})

    def _colour_in(self, rng, difficulty, family) -> Item:
        value = _pick(rng, [v for v in COLOUR_VALUES if v <= max(self.values)] or [1])
        chips_wanted = 10 + rng.below({1: 20, 2: 60}.get(difficulty, 150))
        odd = 0 if difficulty == 1 or rng.below(2) else 1 + rng.below(value) if value > 1 else 0
        cash = value * chips_wanted + min(odd, value - 1)
        count, change = chips.colour_in(cash, value)
        prompt = {"kind": "colour_in", "situation": f"A player hands over {format_money(cash)} and asks for colour at "
                                                    f"{format_money(value)} a chip.",
                  "cash": cash, "colour_value": value, "money": "dollars"}
        text = prompt["situation"] + " How many colour chips, and how much change in value chips?"
        return Item(self.id, family, prompt, {"colour_chips": count, "change": change, "colour_value": value},
                    text, "Divide the cash by the colour's value; what is left is the change.")

    def _colour_out(self, rng, difficulty, family) -> Item:
        value = _pick(rng, [v for v in COLOUR_VALUES if v <= max(self.values)] or [1])
        count = 5 + rng.below({1: 30, 2: 90}.get(difficulty, 300))
        worth = chips.colour_out(count, value)
        situation = f"A player colours out {count} colour chips worth {format_money(value)} each."
        return self._payment_item(family, worth, self.values, None, situation, False,
                                  {"colour_chips": count, "colour_value": value, "ask": "Colour the player out"})

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        if item.prompt["kind"] == "colour_in":
            return self._grade_colour_in(item, answer, seconds)
        return self._grade_payment(item, answer, seconds, self._wrong_sum)

    def _wrong_sum(self, item: Item, total: int):
        key = item.key
        if item.family == "roulette.chips.colour_out":
            return (ErrorCategory.COLOUR_CHIP_VALUE,
                    f"{key['colour_chips']} colour chips at {format_money(key['colour_value'])} are worth "
                    f"{format_money(key['amount'])}, not {format_money(total)}.")
        if total == key["amount"] + key["stake"]:
            return (ErrorCategory.STAKE_INCLUDED,
                    f"{format_money(total)} adds the stake; the winnings are {format_money(key['amount'])}.")
        if total % key["stake"] == 0 and total // key["stake"] in {k.odds for k in WagerKind}:
            return (ErrorCategory.WRONG_ODDS, f"{format_money(total)} is the stake at {total // key['stake']} to 1; "
                                              f"{key['wager']} pays {key['odds']} to 1 (rule 5.1).")
        return self._slip_or_other(total, key["amount"], item.prompt["chips"])

    def _grade_colour_in(self, item: Item, answer, seconds: float) -> Grade:
        if not isinstance(answer, dict) or not {"colour_chips", "change"} <= set(answer):
            raise ValueError("give the number of colour chips and the change")
        given = {}
        for field, what in (("colour_chips", "the number of colour chips"), ("change", "the change")):
            value = answer[field]
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value.strip())
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{what} is a whole number, 0 or more")
            given[field] = value
        right = given["colour_chips"] == item.key["colour_chips"] and given["change"] == item.key["change"]
        explanation, rule = self.explain(item)
        return Grade(right, self.describe_key(item),
                     f"{given['colour_chips']} colour chips, {format_money(given['change'])} change", explanation,
                     None if right else ErrorCategory.COLOUR_CHIP_VALUE, rule, seconds)

    def explain(self, item: Item) -> tuple[str, str]:
        key, prompt = item.key, item.prompt
        if prompt["kind"] == "colour_in":
            return (f"Rule 2.6: colour chips carry the value the player buys them at. {format_money(prompt['cash'])} "
                    f"at {format_money(key['colour_value'])} a chip is {key['colour_chips']} colour chips"
                    + (f", with {format_money(key['change'])} back in value chips." if key["change"] else "."), "2.6")
        if item.family == "roulette.chips.colour_out":
            return (f"Rule 2.6: {key['colour_chips']} colour chips at {format_money(key['colour_value'])} are "
                    f"{format_money(key['amount'])}, paid in {prompt['convention']}: {self.describe_key(item)}.", "2.6")
        return (f"Rule 5.1: {key['wager']} pays {key['odds']} to 1: {format_money(key['stake'])} × {key['odds']} = "
                f"{format_money(key['amount'])}, paid in {prompt['convention']}: {self.describe_key(item)}.", "5.1")


# --- baccarat ------------------------------------------------------------------------------------------------

@register
class BaccaratChipsDrill(_ChipsDrill):
    """A win (a Banker win less commission) paid from the float in the table's chips.

    Levels (docs/drills.md):
      Basic     a Banker, a Player or a Tie win in the fewest chips, a third each; the amount to pay given;
                stakes up to 20 table minimums
      Standard  the four families equally (the Banker's house breakdown joins them); the amount not given;
                up to 30 minimums
      Advanced  the Banker's house breakdown half the items, the Banker in the fewest chips a quarter, the
                Player and the Tie an eighth each; up to 40 minimums
    """

    LEVELS = {
        BASIC: {"baccarat.chips.banker.fewest": 1, "baccarat.chips.player.fewest": 1, "baccarat.chips.tie.fewest": 1},
        STANDARD: {"baccarat.chips.banker.fewest": 1, "baccarat.chips.banker.house": 1,
                   "baccarat.chips.player.fewest": 1, "baccarat.chips.tie.fewest": 1},
        ADVANCED: {"baccarat.chips.banker.fewest": 2, "baccarat.chips.banker.house": 4,
                   "baccarat.chips.player.fewest": 1, "baccarat.chips.tie.fewest": 1},
    }

    id = "baccarat.chips"
    game = "baccarat"
    unit = "cents"
    description = ("Pay a winning wager from the float in the table's chips (the fewest, or the house breakdown): "
                   "a Banker win less commission, a Player win, a Tie at its odds.")

    def __init__(self, settings=None):
        from .baccarat_drills import _BaccaratDrill

        self.table_drill = _BaccaratDrill(settings)
        self.values = [v * 100 for v in sorted(self.table_drill.table.chip_values, reverse=True)]
        self.house_chip = house_largest_chip(self.table_drill.table)

    def families(self) -> list[str]:
        return ["baccarat.chips.banker.fewest", "baccarat.chips.banker.house", "baccarat.chips.player.fewest",
                "baccarat.chips.tie.fewest"]

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        difficulty = level_of(difficulty)
        family = self._family(rng, difficulty, family)
        side = family.split(".")[2]
        cap = house_cap(self.values, 100 * self.house_chip) if family.endswith("house") else None
        drill = self.table_drill
        for _ in range(500):   # a wager whose payment the chips can make exactly (commission may leave cents)
            wager = drill.wager_amounts(rng, 1, cap=10 * min(difficulty, 3) + 10)[0]
            if side == "tie":
                wager = max(drill.table.minimum_bet * 100, wager // 5 // 500 * 500)
            settled = drill.settle([(side, wager)], side)[0]
            if cap is not None and not 2 * cap < settled.paid <= 20 * cap:
                continue
            try:
                chips.breakdown(settled.paid, self.values, cap)
            except NotPayable:
                continue
            break
        else:  # pragma: no cover
            raise RuntimeError("no payable wager found")
        where = {"banker": f"The Banker wins ({drill.percent_words()} commission, "
                           f"{'marked in the commission box' if drill.collection == 'box' else 'taken at payment'}).",
                 "player": "The Player wins (even money).",
                 "tie": f"A tie (the Tie pays {drill.tie_odds} to 1)."}[side]
        situation = f"{where} A {side.capitalize()} wager of {format_cents(wager)}."
        return self._payment_item(family, settled.paid, self.values, cap, situation, difficulty == 1,
                                  {"wager": wager, "side": side, "winnings": settled.winnings,
                                   "commission": settled.commission})

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        return self._grade_payment(item, answer, seconds, self._wrong_sum)

    def _wrong_sum(self, item: Item, total: int):
        """The category from how the chips' total relates to the payment: the commission left on or taken
        off where the box marks it, the stake added, a Tie at even money or other odds, a slip, or another
        mistake."""
        key = item.key
        amount, wager, side = key["amount"], key["wager"], key["side"]
        if side == "banker" and key["commission"] and total == key["winnings"] and amount != total:
            return ErrorCategory.FORGOT_COMMISSION, f"{format_cents(total)} leaves out the commission."
        if side == "banker" and key["commission"] and amount == key["winnings"] \
                and total == amount - key["commission"]:
            return (ErrorCategory.COMMISSION_AMOUNT, "The commission is marked in the box, not taken off the "
                                                     f"payment: pay the full {format_cents(amount)}.")
        if total == amount + wager:
            return (ErrorCategory.STAKE_INCLUDED,
                    f"{format_cents(total)} adds the stake; the winnings are {format_cents(amount)}.")
        # Another Tie odds only where a table could pay them (the engine's: 8 or 9 to 1), or even money; a
        # total that is some other multiple of the wager is no odds at all, but an unrelated figure.
        if side == "tie" and total % wager == 0 and (total == wager or baccarat.tie_odds_supported(total // wager)):
            return (ErrorCategory.TIE_PAYOUT,
                    f"{format_cents(total)} pays the Tie at {total // wager} to 1; it pays "
                    f"{self.table_drill.tie_odds} to 1 here.")
        slip = arithmetic_slip(total, amount, item.prompt["chips"])
        if slip:
            return self._slip_or_other(total, amount, item.prompt["chips"])
        if side == "banker" and 0 < total < key["winnings"]:
            return (ErrorCategory.COMMISSION_AMOUNT,
                    f"The win less commission is {format_cents(amount)}, not {format_cents(total)}.")
        return self._slip_or_other(total, amount, item.prompt["chips"])

    def explain(self, item: Item) -> tuple[str, str]:
        key, prompt = item.key, item.prompt
        if key["side"] == "banker":
            work = (f"{format_cents(key['winnings'])} less {format_cents(key['commission'])} commission"
                    if key["amount"] != key["winnings"] else
                    f"{format_cents(key['winnings'])}, with the {format_cents(key['commission'])} commission marked "
                    "in the box")
            return (f"Rule 5.7(b): a winning Banker wager is paid even money less commission. Pay {work}: "
                    f"{format_cents(key['amount'])} in {prompt['convention']}: {self.describe_key(item)}.", "5.7(b)")
        if key["side"] == "tie":
            work = (f"{format_cents(key['wager'])} × {self.table_drill.tie_odds} = {format_cents(key['winnings'])}; "
                    "the Tie's odds are a table setting, no Gazette rule we have numbers them")
        else:
            work = f"{format_cents(key['winnings'])}, even money"
        return f"Pay {work}: {format_cents(key['amount'])} in {prompt['convention']}: {self.describe_key(item)}.", ""


# --- pai gow -------------------------------------------------------------------------------------------------

@register
class PaiGowChipsDrill(_ChipsDrill):
    """A winning wager less commission paid from the float in the table's chips.

    Levels (docs/drills.md):
      Basic     the fewest chips only; the amount to pay given; one table stake
      Standard  the fewest chips and the house breakdown equally; the amount not given; up to 3 stakes
      Advanced  the house breakdown three items in four, the fewest chips a quarter; up to 6 stakes
    """

    LEVELS = {
        BASIC: {"paigow.chips.win.fewest": 1},
        STANDARD: {"paigow.chips.win.fewest": 1, "paigow.chips.win.house": 1},
        ADVANCED: {"paigow.chips.win.fewest": 1, "paigow.chips.win.house": 3},
    }

    id = "paigow.chips"
    game = "paigow"
    unit = "cents"
    description = ("Pay a winning wager less commission from the float in the table's chips (the fewest, or the "
                   "house breakdown).")

    def __init__(self, settings=None):
        from .paigow_drills import _STAKES, _section, commission_rules

        self.section = _section(settings)
        self.rules = commission_rules(self.section)
        low, high = getattr(self.section, "minimum_bet", 10), getattr(self.section, "maximum_bet", 5000)
        self.stakes = [s for s in _STAKES if low <= s <= high] or [max(low, min(high, 25))]
        self.values = [v * 100 for v in sorted(getattr(self.section, "chip_values", (1, 5, 25, 100)), reverse=True)]
        self.house_chip = house_largest_chip(self.section)

    def families(self) -> list[str]:
        return ["paigow.chips.win.fewest", "paigow.chips.win.house"]

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        difficulty = level_of(difficulty)
        family = self._family(rng, difficulty, family)
        cap = house_cap(self.values, 100 * self.house_chip) if family.endswith("house") else None
        for _ in range(500):
            wager = 100 * _pick(rng, self.stakes) * (1 + rng.below({1: 1, 2: 3}.get(difficulty, 6)))
            result = pg.settle([(wager, "win")], **self.rules).results[0]
            if cap is not None and not 2 * cap < result.paid <= 20 * cap:
                continue
            try:
                chips.breakdown(result.paid, self.values, cap)
            except NotPayable:
                continue
            break
        else:  # pragma: no cover
            raise RuntimeError("no payable wager found")
        rate = f"{self.rules['commission_bp'] / 100:g}%"
        situation = f"A box wins against the bank: a wager of {format_cents(wager)}, {rate} commission."
        return self._payment_item(family, result.paid, self.values, cap, situation, difficulty == 1,
                                  {"wager": wager, "commission": result.commission})

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        return self._grade_payment(item, answer, seconds, self._wrong_sum)

    def _wrong_sum(self, item: Item, total: int):
        key = item.key
        amount, wager = key["amount"], key["wager"]
        if total == wager and key["commission"]:
            return ErrorCategory.PAIGOW_COMMISSION, f"{format_cents(total)} is even money with no commission taken."
        if total == amount + wager:
            return (ErrorCategory.STAKE_INCLUDED,
                    f"{format_cents(total)} adds the stake; the winnings are {format_cents(amount)}.")
        if arithmetic_slip(total, amount, item.prompt["chips"]):
            return self._slip_or_other(total, amount, item.prompt["chips"])
        if 0 < total < wager:
            # The wager less some other commission.
            return (ErrorCategory.PAIGOW_COMMISSION, f"The commission is {format_cents(wager - amount)}, not "
                                                     f"{format_cents(wager - total)}: pay {format_cents(amount)}.")
        return self._slip_or_other(total, amount, item.prompt["chips"])

    def explain(self, item: Item) -> tuple[str, str]:
        key, prompt = item.key, item.prompt
        return (f"A winner is paid even money less commission (rule 6.14, the rate a table setting): "
                f"{format_cents(key['wager'])} less {format_cents(key['commission'])} = {format_cents(key['amount'])}, "
                f"paid in {prompt['convention']}: {self.describe_key(item)}.", "6.14")


DEFAULT_TARGETS.update({
    RouletteChipsDrill.id: Target(seconds=25.0, test_items=20),
    BaccaratChipsDrill.id: Target(seconds=25.0, test_items=20),
    PaiGowChipsDrill.id: Target(seconds=25.0, test_items=20),
})
