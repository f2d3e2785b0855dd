"""Roulette, find the error: a layout as the dealer left it after the spin, with zero to three mistakes.

The engine settles every wager (dealerdrill.core.roulette.settle, rules 5.1-5.3) and says which wagers a
complete is made of (roulette.complete); the drill then plants mistakes of the kinds below on some lines,
changing only what the dealer is shown to have done. The trainee marks each wrong line with what the dealer
should have done: the amount to pay, or "clear".

Mistakes (the drill's families; the scheduler brings back the kinds a trainee lets stand):
  wrong_odds      a winning wager paid at another wager's odds (rule 5.1)
  winner_cleared  a winning wager cleared as if it had lost (rules 4.7, 5.1)
  loser_paid      a losing wager paid at its odds (rule 4.7)
  complete        a complete paid at the wrong total (rule 5.1, each of its wagers at its own odds)
  zero_outside    outside wagers left on the layout when 0 wins (rule 5.2: they lose)
  none            nothing wrong

Levels: see the drill's class (and docs/drills.md).
"""
from __future__ import annotations

from dealerdrill.core import roulette
from dealerdrill.core.roulette import Wager, WagerKind
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_money

from . import find_error
from .base import register
from .find_error import NONE_FAMILY, MistakeKind
from .levels import ADVANCED, BASIC, STANDARD, Levelled, level_of
from .roulette_drills import pay_rank, paying_order_of
from .targets import DEFAULT_TARGETS

KINDS = {
    "wrong_odds": MistakeKind("wrong_odds", "a winner paid at another wager's odds", ErrorCategory.WRONG_ODDS, "5.1"),
    "winner_cleared": MistakeKind("winner_cleared", "a winning wager cleared", ErrorCategory.MISSED_A_WINNER,
                                  "4.7, 5.1"),
    "loser_paid": MistakeKind("loser_paid", "a losing wager paid", ErrorCategory.PAID_A_LOSER, "4.7"),
    "complete": MistakeKind("complete", "a complete paid at the wrong total", ErrorCategory.COMPLETE_MISCOUNT, "5.1"),
    "zero_outside": MistakeKind("zero_outside", "outside wagers left on the layout on 0", ErrorCategory.ZERO_RULE,
                                "5.2"),
}
PREFIX = "roulette.find."
CLEARED, LEFT = "cleared", "left on the layout"


def _table(settings):
    from dealerdrill.settings import Settings

    if settings is None:
        return Settings().roulette
    return getattr(settings, "roulette", settings)


def _pick(rng, items):
    items = list(items)
    return items[rng.below(len(items))]


def _position(wager: Wager):
    from .roulette_drills import position_json, position_of

    return position_json(position_of(wager))


@register
class RouletteFindErrorDrill(Levelled):
    """A settled layout: find the dealer's mistakes (or none) and give each correction.

    Levels (docs/drills.md):
      Basic     wrong odds, a winner cleared, a loser paid and nothing wrong, a quarter each; never a 0 spin and
                no complete unless the family asks for one; about 5 wagers of 1-4 table minimums; one mistake
      Standard  the six families equally; a 0 spin one table in ten besides the zero family, a complete on a
                third of the tables; about 7 wagers of 1-8 minimums; one or two kinds of mistake
      Advanced  completes and outside wagers left on 0 a quarter each, the other three kinds and nothing wrong
                an eighth each; a 0 spin one table in ten besides, a complete on a third; about 9 wagers of 1-16
                minimums; one to three kinds of mistake
    Each wager line is graded on its own in the grade's details (its wager kind; "complete" for the complete).
    """

    id = "roulette.find_error"
    game = "roulette"
    title = "Find the error"
    description = ("A layout as the dealer left it after the spin: mark each wager settled wrongly (paid at "
                   "the wrong odds, a winner cleared, a loser paid, a complete miscounted, outside wagers left "
                   "on 0) with what should have been done, or say there is no mistake.")

    def __init__(self, settings=None):
        self.table = _table(settings)
        self.reading = paying_order_of(self.table)

    def families(self) -> list[str]:
        return [PREFIX + kind for kind in KINDS] + [PREFIX + NONE_FAMILY]

    def mix(self, level: int) -> dict[str, int]:
        weights = {BASIC: {"wrong_odds": 1, "winner_cleared": 1, "loser_paid": 1, "complete": 0,
                           "zero_outside": 0, NONE_FAMILY: 1},
                   STANDARD: dict.fromkeys((*KINDS, NONE_FAMILY), 1),
                   ADVANCED: {"wrong_odds": 1, "winner_cleared": 1, "loser_paid": 1, "complete": 2,
                              "zero_outside": 2, NONE_FAMILY: 1}}[level]
        return {PREFIX + kind: weight for kind, weight in weights.items()}

    # -- the table ------------------------------------------------------------------------------------------
    def _stake(self, rng, difficulty: int, outside: bool) -> int:
        minimum = self.table.minimum_bet
        limit = self.table.maximum_outside if outside else self.table.maximum_inside
        units = 1 + rng.below({1: 4, 2: 8}.get(difficulty, 16))
        return max(minimum, min(limit, minimum * units))

    def _complete_number(self, rng, number: int) -> int:
        """The number a complete is built on: the winning number or one beside it on the layout, so that
        some of its wagers win and some lose."""
        first_four = self.table.first_four
        neighbours = sorted({n for w in roulette.complete(number, first_four) if w.kind is WagerKind.SPLIT
                             for n in w.numbers} - ({0} if number == 0 else set()))
        return _pick(rng, neighbours)

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        difficulty = level
        family = find_error.choose_family(rng, self, family, level)
        kinds = find_error.planted_kinds(rng, family.removeprefix(PREFIX),
                                         find_error.level_kinds(self, level, PREFIX), level)
        first_four = self.table.first_four
        zero_spin = "zero_outside" in kinds or (level > BASIC and rng.below(10) == 0)
        number = 0 if zero_spin else 1 + rng.below(36)
        with_complete = "complete" in kinds or (level > BASIC and rng.below(3) == 0)
        complete_on = self._complete_number(rng, number) if with_complete else None
        complete_wagers = roulette.complete(complete_on, first_four) if complete_on is not None else []
        taken = {w.numbers for w in complete_wagers}
        covering = [w for w in roulette.covering(number, first_four) if w.numbers not in taken]
        inside_winners = [w for w in covering if not w.kind.outside]
        outside_winners = [w for w in covering if w.kind.outside]
        near = {n for w in roulette.complete(number, first_four) for n in w.numbers}
        losers_inside = [w for w in roulette.layout_wagers(first_four)
                         if not w.kind.outside and w not in covering and w.numbers not in taken
                         and near.intersection(w.numbers)]
        losers_outside = [w for w in roulette.layout_wagers(first_four) if w.kind.outside and w not in covering]
        size = {1: 5, 2: 7}.get(difficulty, 9)
        wagers = rng.shuffled(inside_winners)[:2 + rng.below(2)]
        wagers += rng.shuffled(outside_winners)[:1 + rng.below(2)]
        wagers += rng.shuffled(losers_outside)[:2 if number == 0 else 1 + rng.below(2)]
        wagers += rng.shuffled(losers_inside)[:max(1, size - len(wagers))]
        # Listed in the order the house pays them (its reading of the paying order, a manager's setting).
        wagers.sort(key=lambda w: (pay_rank(w, self.reading), w.numbers))
        stakes = [self._stake(rng, difficulty, w.kind.outside) for w in wagers]
        winnings = roulette.settle(list(zip(wagers, stakes)), number, first_four)
        lines, bets, right = [], [], {}
        for i, (wager, stake, won) in enumerate(zip(wagers, stakes, winnings), start=1):
            line_id = f"L{i}"
            lines.append({"id": line_id, "label": f"{wager.name} · {format_money(stake)}",
                          "shown": f"paid {format_money(won)}" if won else CLEARED,
                          "accepts": ["amount", "clear"]})
            bets.append({"position": _position(wager), "stake": stake, "line": line_id})
            right[line_id] = won if won else "clear"
        complete_parts, complete_unit = [], 0
        if with_complete:
            unit = self._stake(rng, 1, False)
            parts = roulette.settle([(w, unit) for w in complete_wagers], number, first_four)
            complete_parts = [(w, p) for w, p in zip(complete_wagers, parts)]
            complete_unit = unit
            line_id = "C"
            total = sum(parts)
            lines.append({"id": line_id, "label": f"complete on {complete_on} · {format_money(unit)} a wager",
                          "shown": f"paid {format_money(total)}" if total else CLEARED,
                          "accepts": ["amount", "clear"]})
            bets += [{"position": _position(w), "stake": unit, "line": line_id} for w in complete_wagers]
            right[line_id] = total if total else "clear"
        mistakes = self._plant(rng, kinds, number, wagers, stakes, winnings, lines, complete_parts, complete_unit)
        prompt = {"number": number, "colour": roulette.color(number), "first_four": first_four,
                  "lines": lines, "bets": bets, "money": "dollars",
                  "chip_values": sorted(self.table.chip_values)}
        text = (f"{number} ({roulette.color(number)}) won and the dealer has settled the layout. Mark each "
                "wager settled wrongly with what should have been done (the amount to pay, or clear), or "
                "commit with nothing marked if every wager is right.")
        hint = ("Check each winner against its odds (rule 5.1), that every wager covering the number was paid "
                "and every other one cleared; on 0 only the wagers covering 0 win (rule 5.2).")
        key = {"right": right, "mistakes": mistakes, "number": number}
        return Item(self.id, family, prompt, key, text, hint)

    def _plant(self, rng, kinds, number, wagers, stakes, winnings, lines, complete_parts, unit) -> dict:
        """Change what the dealer is shown to have done on one line per kind (two outside wagers at most for
        zero_outside); returns the mistakes by line id."""
        free = {line["id"] for line in lines if line["id"] != "C"}
        by_id = {line["id"]: line for line in lines}
        mistakes: dict = {}

        def take(condition):
            fitting = sorted(i for i, (w, won) in enumerate(zip(wagers, winnings), start=1)
                             if f"L{i}" in free and condition(w, won))
            if not fitting:
                return None
            index = _pick(rng, fitting)
            free.discard(f"L{index}")
            return index

        for kind in kinds:
            if kind == "wrong_odds":
                index = take(lambda w, won: won > 0)
                if index is None:
                    continue
                wager, stake, won = wagers[index - 1], stakes[index - 1], winnings[index - 1]
                odds = _pick(rng, sorted({k.odds for k in WagerKind} - {wager.odds}))
                shown = stake * odds
                by_id[f"L{index}"]["shown"] = f"paid {format_money(shown)}"
                mistakes[f"L{index}"] = {"kind": kind, "rule": "5.1",
                                         "why": f"{wager.name} pays {wager.odds} to 1: "
                                                f"{format_money(stake)} × {wager.odds} = {format_money(won)}; it "
                                                f"was paid at {odds} to 1, {format_money(shown)}."}
            elif kind == "winner_cleared":
                index = take(lambda w, won: won > 0)
                if index is None:
                    continue
                wager, won = wagers[index - 1], winnings[index - 1]
                by_id[f"L{index}"]["shown"] = CLEARED
                mistakes[f"L{index}"] = {"kind": kind, "rule": "4.7, 5.1",
                                         "why": f"{wager.name} covers {number}, so it wins at {wager.odds} to 1, "
                                                "as every wager covering the number does: pay "
                                                f"{format_money(won)} and leave it."}
            elif kind == "loser_paid":
                index = take(lambda w, won: won == 0 and not (number == 0 and w.kind.outside))
                if index is None:
                    continue
                wager, stake = wagers[index - 1], stakes[index - 1]
                by_id[f"L{index}"]["shown"] = f"paid {format_money(stake * wager.odds)}"
                mistakes[f"L{index}"] = {"kind": kind, "rule": "4.7",
                                         "why": f"{wager.name} does not cover {number}: it loses and is "
                                                "cleared, not paid."}
            elif kind == "complete" and complete_parts:
                mistakes["C"] = self._miscount(rng, number, complete_parts, unit, by_id["C"])
            elif kind == "zero_outside" and number == 0:
                for _ in range(1 + rng.below(2)):
                    index = take(lambda w, won: w.kind.outside)
                    if index is None:
                        break
                    by_id[f"L{index}"]["shown"] = LEFT
                    mistakes[f"L{index}"] = {"kind": kind, "rule": "5.2",
                                             "why": f"on 0 every wager loses but those covering 0: "
                                                    f"{wagers[index - 1].name} loses and is cleared."}
        return mistakes

    def _miscount(self, rng, number, parts, unit, line) -> dict:
        """A complete paid at a wrong total: a winning part left out, a losing part paid too, or a part paid
        at another wager's odds."""
        total = sum(p for _, p in parts)
        winners = [(w, p) for w, p in parts if p]
        losers = [(w, p) for w, p in parts if not p]
        choices = []
        if len(winners) > 1:
            w, p = _pick(rng, winners)
            choices.append((total - p, f"it leaves out {w.name}, {format_money(p)}"))
        if losers:
            w, _ = _pick(rng, losers)
            choices.append((total + unit * w.odds, f"it also pays {w.name}, which does not cover {number}"))
        w, p = _pick(rng, winners)
        odds = _pick(rng, sorted({k.odds for k in WagerKind if not k.outside} - {w.odds}))
        choices.append((total - p + unit * odds, f"it pays {w.name} at {odds} to 1 instead of {w.odds} to 1"))
        shown, how = _pick(rng, choices)
        line["shown"] = f"paid {format_money(shown)}"
        work = " + ".join(f"{w.name} {format_money(p)}" for w, p in winners)
        return {"kind": "complete", "rule": "5.1",
                "why": f"on {number} the complete pays {format_money(total)}, {work}, each at its own odds; the "
                       f"dealer paid {format_money(shown)}: {how}."}

    # -- grading ---------------------------------------------------------------------------------------------
    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        return find_error.grade_marks(item, answer, seconds, KINDS, self.explain, self.describe_key,
                                      self._wager_kinds(item))

    @staticmethod
    def _wager_kinds(item: Item) -> dict[str, str]:
        """Each wager line's kind, as the payout drills name kinds (the engine's, in lower case)."""
        first_four = item.prompt["first_four"]
        kinds: dict[str, str] = {}
        for bet in item.prompt["bets"]:
            if bet["line"] == "C":
                kinds["C"] = "complete"
            else:
                where = tuple(bet["position"]) if isinstance(bet["position"], list) else bet["position"]
                kinds[bet["line"]] = roulette.classify(where, first_four).kind.name.lower()
        return kinds

    def explain(self, item: Item) -> tuple[str, str]:
        number = item.key["number"]
        zero = " On 0 only the wagers covering 0 win (rules 5.2-5.3)." if number == 0 else ""
        return find_error.explain_mistakes(
            item, KINDS, "Every wager was settled right: each winner paid at its odds (rule 5.1), every other "
                         f"wager cleared (rule 4.7).{zero}", "5.1")

    def describe_key(self, item: Item) -> str:
        return find_error.describe_mistakes(item)


DEFAULT_TARGETS[RouletteFindErrorDrill.id] = Target(seconds=60.0, test_items=12)
