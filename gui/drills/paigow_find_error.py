"""Pai gow, find the error: a table as the dealer settled it, with zero to three mistakes.

The tiles are dealt and delivered by the engine (paigow.deal from the chung's box), the bank's hand is set the
house way (paigow.house_way), every box is matched (paigow.outcomes, rule 6.1 with copies to the bank, rules
4.5-4.7) and settled (paigow.settle: even money less commission), and the order the boxes are settled in is
the engine's (paigow_procedure.settling_order: counter-clockwise from box 1, rule 11.1(f), (i), or from the
co-banker's box, seed 000 items (f), (i)). The drill plants mistakes on some lines.

Mistakes (the drill's families):
  wrong_winner  a box called win, lose or push wrongly, no copy involved (rule 6.1)
  copy          a copy (or 0 against 0) not given to the bank (rules 4.5-4.7)
  commission    a winner paid even money with no commission taken
  order         the boxes settled out of order (rule 11.1(f), (i); seed 000 (f), (i))
  none          nothing wrong

Levels: see the drill's class (and docs/drills.md).
"""
from __future__ import annotations

from typing import Any

from dealerdrill.core import paigow as pg, paigow_procedure
from dealerdrill.domain import ErrorCategory, Grade, Item, Target, format_cents

from . import find_error
from .base import register
from .find_error import NONE_FAMILY, MistakeKind
from .levels import ADVANCED, BASIC, STANDARD, Levelled, level_of
from .paigow_drills import _STAKES, _rounding_words, _section, commission_rules
from .targets import DEFAULT_TARGETS

KINDS = {
    "wrong_winner": MistakeKind("wrong_winner", "a box called win, lose or push wrongly", ErrorCategory.WRONG_OUTCOME,
                                "6.1"),
    "copy": MistakeKind("copy", "a copy not given to the bank", ErrorCategory.COPY_TO_BANK, "4.5-4.7"),
    "commission": MistakeKind("commission", "a winner paid with no commission", ErrorCategory.PAIGOW_COMMISSION,
                              "6.14"),
    "order": MistakeKind("order", "the boxes settled out of order", ErrorCategory.WRONG_ORDER, "11.1(f), (i)"),
}
PREFIX = "paigow.find."
money = format_cents
BETTER_FOR_THE_PLAYER = {"lose": "push", "push": "win"}


def _has_copy(setting, bank) -> bool:
    return pg.compare(setting[0], bank[0]) == 0 or pg.compare(setting[1], bank[1]) == 0


def _show(hand) -> str:
    # One pair of brackets: the engine's label "8 (Teen high)" is written "8, Teen high".
    label = pg.hand(*hand).label.replace(" (", ", ").replace(")", "")
    return f"{' '.join(hand)} ({label})"


@register
class PaiGowFindErrorDrill(Levelled):
    """A settled pai gow table: find the dealer's mistakes (or none) and give each correction.

    Levels (docs/drills.md):
      Basic     a box called wrongly, a winner paid without commission, the order and nothing wrong, a quarter
                each (copies come later); the house banks every table; 3 boxes; one mistake
      Standard  the five families equally; a co-banker on half the tables; 4 boxes; one or two kinds of mistake
      Advanced  copies three tables in eight, the order a quarter, the other three families an eighth each; a
                co-banker on three tables in four; 6 boxes; one to three kinds of mistake
    Each box is graded on its own in the grade's details (its outcome: win, lose or push).
    """

    id = "paigow.find_error"
    game = "paigow"
    title = "Find the error"
    description = ("A table as the dealer settled it: mark a box called wrongly, a copy not given to the bank, "
                   "a winner paid without commission, or boxes settled out of order, each with its correction; "
                   "or say there is no mistake.")

    def __init__(self, settings=None):
        self.section = _section(settings)
        self.way = getattr(self.section, "house_way", "nz")
        self.rules = commission_rules(self.section)
        low = getattr(self.section, "minimum_bet", 10)
        high = getattr(self.section, "maximum_bet", 5000)
        self.stakes = [s for s in _STAKES if low <= s <= high] or [max(low, min(high, 25))]
        # Whether the engine charges commission on any stake this table draws: at 0%, or a rate that rounds to
        # $0 on every stake, no winner can be shown paid "without commission", so that family is never drawn.
        self.commission_owed = any(pg.commission(100 * stake, **self.rules) > 0 for stake in self.stakes)

    def families(self) -> list[str]:
        return [PREFIX + kind for kind in KINDS] + [PREFIX + NONE_FAMILY]

    def mix(self, level: int) -> dict[str, int]:
        weights = {BASIC: {"wrong_winner": 1, "copy": 0, "commission": 1, "order": 1, NONE_FAMILY: 1},
                   STANDARD: dict.fromkeys((*KINDS, NONE_FAMILY), 1),
                   ADVANCED: {"wrong_winner": 1, "copy": 3, "commission": 1, "order": 2, NONE_FAMILY: 1}}[level]
        if not self.commission_owed:
            weights["commission"] = 0
        return {PREFIX + kind: weight for kind, weight in weights.items()}

    def _table(self, rng, difficulty: int, kinds: list[str]):
        count = {1: 3, 2: 4}.get(difficulty, 6)
        for _ in range(3000):
            if difficulty == BASIC:
                co_banked = False
            else:
                co_banked = rng.below(2) == 1 if difficulty == STANDARD else rng.below(4) != 0
            banker_box = 1 + rng.below(8) if co_banked else 0
            chung = paigow_procedure.chung(banker_box)
            dealt = pg.deal(seed=rng.below(2**32 - 1), count_from=chung.box)
            bank_setting = pg.house_way(dealt.hand_of(chung.box), self.way)
            bank = (bank_setting.high, bank_setting.low)
            order = paigow_procedure.settling_order(banker_box)
            boxes = sorted(rng.shuffled(order)[:count], key=order.index)
            settings = []
            for box in boxes:
                tiles = dealt.hand_of(box)
                if rng.below(2):
                    s = pg.house_way(tiles, self.way)
                    settings.append((s.high, s.low))
                else:
                    settings.append(rng.shuffled(pg.settings(tiles))[0])
            outcomes = pg.outcomes([(s, bank) for s in settings])
            copies = [_has_copy(s, bank) for s in settings]
            needs = [("copy" in kinds, any(copies)),
                     ("wrong_winner" in kinds, not all(copies)),
                     ("commission" in kinds, "win" in outcomes)]
            if all(have for wanted, have in needs if wanted):
                return banker_box, chung, bank, bank_setting, boxes, settings, outcomes, copies
        raise RuntimeError(f"no table in 3000 deals fits {kinds}")  # pragma: no cover

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        level = level_of(difficulty)
        difficulty = level
        family = find_error.choose_family(rng, self, family, level)
        kinds = find_error.planted_kinds(rng, family.removeprefix(PREFIX),
                                         find_error.level_kinds(self, level, PREFIX), level)
        if "commission" in kinds and not self.commission_owed:
            raise ValueError(f"{self.id}: no commission is owed on any wager at this table "
                             f"({_rounding_words(self.rules)}), so none can be left uncharged")
        # The table is drawn again until every kind asked for is planted: the engine's commission on a small
        # winning wager can round to $0 (4% rounded down to a $5 chip), and a kind may need the one box another
        # kind took. The first draw is kept whenever it fits, so such items are made as before.
        for _ in range(find_error.MAX_DRAWS):
            banker_box, chung, bank, bank_setting, boxes, settings, outcomes, copies = self._table(rng, difficulty,
                                                                                                   kinds)
            amounts = [100 * self.stakes[rng.below(len(self.stakes))] for _ in boxes]
            co_wager = None if banker_box == 0 else 100 * 100 * max(self.stakes)  # large enough never to run short
            settled = pg.settle(list(zip(amounts, outcomes)), co_banker_wager=co_wager, **self.rules)
            lines: list[dict] = []
            right: dict[str, Any] = {}
            rows: list[tuple] = []
            for box, amount, outcome, result in zip(boxes, amounts, outcomes, settled.results):
                line_id = f"X{box}"
                treatment = {"lose": "take", "push": "push"}.get(outcome, result.paid)
                lines.append({"id": line_id, "label": f"box {box} · {money(amount)}",
                              "shown": self._shown(outcome, result.paid), "accepts": ["amount", "take", "push"]})
                right[line_id] = treatment
                rows.append((line_id, box, amount, outcome, result))
            lines.append({"id": "O", "label": "the order the boxes were settled in",
                          "shown": ", ".join(f"box {b}" for b in boxes), "accepts": ["order"]})
            right["O"] = list(boxes)
            mistakes = self._plant(rng, kinds, bank, boxes, settings, copies, lines, rows, banker_box)
            if find_error.planted_every_kind(kinds, mistakes):
                break
        else:  # pragma: no cover - the commission is owed on some stake (checked above), so a fit comes soon
            raise RuntimeError(f"no table in {find_error.MAX_DRAWS} draws plants {kinds}")
        # Boxes listed and drawn by number, so the listing never gives the settling order away.
        lines.sort(key=lambda line: (line["id"] == "O", line["id"]))
        drawn = sorted(zip(boxes, settings))
        prompt = {"banker_box": banker_box, "chung": chung.box, "money": "cents", "lines": lines,
                  "bank": {"high": list(bank[0]), "low": list(bank[1])},
                  "boxes": [{"box": b, "high": list(s[0]), "low": list(s[1]), "line": f"X{b}"} for b, s in drawn],
                  "wagers": sorted(({"line": r[0], "box": r[1], "amount": r[2]} for r in rows), key=lambda w: w["box"]),
                  "commission": f"{self.rules['commission_bp'] / 100:g}%"}
        who = ("The house banks (box 1)" if banker_box == 0 else
               f"A co-banker holds the bank with the house in box {banker_box}")
        text = (f"{who}. The dealer has exposed, matched and settled the table. Mark each mistake with its "
                "correction (pay, take or push for a box; the right order of the boxes), or commit with nothing "
                "marked if all is right.")
        hint = ("A player wins only when both hands outrank the bank's; copies and 0 against 0 go to the bank; a "
                "winner is paid less commission; the boxes go counter-clockwise from the banker's box.")
        key = {"right": right, "mistakes": mistakes, "bank_rule": bank_setting.rule}
        return Item(self.id, family, prompt, key, text, hint)

    @staticmethod
    def _shown(outcome: str, paid: int) -> str:
        return {"lose": "lose, taken", "push": "push, left"}.get(outcome) or f"win, paid {money(paid)}"

    def _match_words(self, setting, bank) -> str:
        words = {1: "beats", 0: "copies", -1: "loses to"}
        high, low = pg.compare(setting[0], bank[0]), pg.compare(setting[1], bank[1])
        return (f"high {_show(setting[0])} {words[high]} the bank's {_show(bank[0])}, low {_show(setting[1])} "
                f"{words[low]} the bank's {_show(bank[1])}")

    def _plant(self, rng, kinds, bank, boxes, settings, copies, lines, rows, banker_box=0) -> dict:
        by_id = {line["id"]: line for line in lines}
        setting_of = dict(zip(boxes, settings))
        copy_of = dict(zip(boxes, copies))
        free = list(rows)
        mistakes: dict = {}

        def take(condition):
            fitting = [row for row in free if condition(row)]
            if not fitting:
                return None
            row = fitting[rng.below(len(fitting))]
            free.remove(row)
            return row

        def show_as(row, outcome):
            line_id, _box, amount, _, _ = row
            paid = amount - pg.commission(amount, **self.rules)
            by_id[line_id]["shown"] = self._shown(outcome, paid)

        for kind in kinds:
            if kind == "wrong_winner":
                row = take(lambda r: not copy_of[r[1]])
                if row is None:
                    continue
                wrong = [o for o in ("win", "lose", "push") if o != row[3]]
                show_as(row, wrong[rng.below(2)])
                mistakes[row[0]] = {"kind": kind, "rule": "6.1",
                                    "why": f"{self._match_words(setting_of[row[1]], bank)}: the box "
                                           f"{'wins' if row[3] == 'win' else 'loses' if row[3] == 'lose' else 'pushes'}"
                                           "."}
            elif kind == "copy":
                row = take(lambda r: copy_of[r[1]])
                if row is None:
                    continue
                show_as(row, BETTER_FOR_THE_PLAYER[row[3]])
                mistakes[row[0]] = {"kind": kind, "rule": "4.5-4.7",
                                    "why": f"{self._match_words(setting_of[row[1]], bank)}; the bank wins copies "
                                           f"and 0 against 0, so the box "
                                           f"{'loses' if row[3] == 'lose' else 'pushes'}."}
            elif kind == "commission":
                row = take(lambda r: r[3] == "win" and r[4].commission)
                if row is None:
                    continue
                line_id, _box, amount, _, result = row
                by_id[line_id]["shown"] = f"win, paid {money(amount)}"
                mistakes[line_id] = {"kind": kind, "rule": "6.14",
                                     "why": f"a winner is paid even money less commission, at the table's rate: "
                                            f"{money(amount)} less "
                                            f"{money(result.commission)} is {money(result.paid)}."}
            elif kind == "order" and len(boxes) >= 2:
                shown = list(boxes)
                i = rng.below(len(shown) - 1)
                j = i + 1 + rng.below(len(shown) - 1 - i)
                shown[i], shown[j] = shown[j], shown[i]
                by_id["O"]["shown"] = ", ".join(f"box {b}" for b in shown)
                house = banker_box == 0
                mistakes["O"] = {"kind": kind, "rule": "11.1(f), (i)" if house else "(f), (i)",
                                 "why": "the boxes are exposed, matched and paid in turn counter-clockwise from the "
                                        "banker's box" + ("" if house else ", under the co-banking rules") + ": "
                                        + ", ".join(f"box {b}" for b in boxes) + "."}
        return mistakes

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        right = item.key["right"]
        outcomes = {line: "lose" if value == "take" else "push" if value == "push" else "win"
                    for line, value in right.items() if line != "O"}
        return find_error.grade_marks(item, answer, seconds, KINDS, self.explain, self.describe_key, outcomes)

    def explain(self, item: Item) -> tuple[str, str]:
        return find_error.explain_mistakes(
            item, KINDS, "Every box was matched and settled right: a win when both hands outrank the bank's, "
                         "copies to the bank, winners paid less commission, boxes in turn counter-clockwise from "
                         "the banker's box. Rules 4.5-4.7, 6.1.", "4.5-4.7, 6.1")

    def describe_key(self, item: Item) -> str:
        return find_error.describe_mistakes(item)


DEFAULT_TARGETS[PaiGowFindErrorDrill.id] = Target(seconds=75.0, test_items=10)
