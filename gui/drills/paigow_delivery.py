"""Pai gow delivery: the three dice as the table throws them; where the chung goes, which box receives the first
stack, and the order the stacks go out.

Everything is the engine's: the chung's box (dealerdrill.core.paigow_procedure.chung: box 1 when the house is
the sole banker, rule 11.1(a) as amended in 1999 No. 9 item 10.7 (seed 003) and 2001 No. 173; the
player/banker's box otherwise, rule 11.2(a)), and the deal itself (paigow.deal: shuffle, woodpile, three dice,
delivery). Where the dice total is counted from is not among our pages (rule 9.6 and the shuffle, cut and
dice rules are missing; rule 3.3(b) says only that the dice decide which box receives the first stack), so it
is the house's reading, a setting a training manager signs like the other answer-key settings
(PaiGowSettings.dice_count_from): the banker's box (the chung's) as 1, the project's default and
docs/rules/paigow.md "The deal", or box 1 as 1 whoever banks; the engine gives the box
(paigow_procedure.dice_count_start). The total is counted counter-clockwise round the 8 boxes from that box,
the first stack goes to the box reached, and the others follow box by box counter-clockwise.

Families: the banking (house or player/banker) by the position the dice total reaches, 1-8 (a total of 9 or
17 reaches position 1, the chung's own box). Levels: see DeliveryDrill.
"""
from __future__ import annotations

import re
from typing import Any

from dealerdrill.core import paigow as pg, paigow_procedure
from dealerdrill.domain import ErrorCategory, Grade, Item, Target

from .base import register
from .levels import ADVANCED, BASIC, STANDARD, Levelled, level_of
from .targets import DEFAULT_TARGETS

BOXES = 8
PREFIX = "paigow.delivery."


def _reached(total: int) -> int:
    """The position a dice total reaches counting round 8 boxes from 1: the family, never a box number."""
    return (total - 1) % BOXES + 1


def _number(value, what: str) -> int:
    if isinstance(value, str) and re.fullmatch(r"\s*\d\s*", value):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= BOXES:
        raise ValueError(f"{what} is a box number from 1 to {BOXES}")
    return value


@register
class DeliveryDrill(Levelled):
    """The dice are thrown: put the chung on its box, name the box that gets the first stack, and give the
    order the stacks go out.

    Levels (docs/drills.md); at every level each dice count is drawn equally within a banking:
      Basic     the house as sole banker only (the chung on box 1); asks the chung's box and the first box
      Standard  the house and a player/banker equally; asks the whole order of the stacks as well
      Advanced  a player/banker three items in four, the house a quarter; asks all three
    """

    id = "paigow.delivery"
    game = "paigow"
    title = "Dice and delivery"
    description = ("Three dice as the table throws them: where the chung goes (house or player/banker), which box "
                   "receives the first stack, and the order the stacks go out, box by box.")

    def __init__(self, settings=None):
        self.settings = settings
        section = getattr(settings, "paigow", settings)
        # The house's reading of the count, checked by the engine now: a drill never starts on one it lacks.
        self.reading = paigow_procedure.DiceCount(getattr(section, "dice_count_from", "banker") or "banker")

    def families(self) -> list[str]:
        return [f"{PREFIX}{banking}.count{n}" for banking in ("house", "player_banker") for n in range(1, BOXES + 1)]

    def mix(self, level: int) -> dict[str, int]:
        weights = {BASIC: {"house": 1, "player_banker": 0}, STANDARD: {"house": 1, "player_banker": 1},
                   ADVANCED: {"house": 1, "player_banker": 3}}[level]
        return {family: weights[family.removeprefix(PREFIX).split(".")[0]] for family in self.families()}

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        families = self.families()
        difficulty = level_of(difficulty)
        if family is None:
            family = self.draw_family(rng, difficulty)
        if family not in families:
            raise ValueError(f"{family!r} is not a family of {self.id}")
        banking, count = family.removeprefix(PREFIX).split(".")
        wanted = int(count.removeprefix("count"))
        banker_box = 0 if banking == "house" else 1 + rng.below(BOXES)
        chung = paigow_procedure.chung(banker_box)
        count_from = paigow_procedure.dice_count_start(self.reading, banker_box)
        for _ in range(2000):   # throw until the dice reach the family's position (at least 1 throw in 12)
            dealt = pg.deal(seed=rng.below(2**32 - 1), count_from=count_from)
            if _reached(sum(dealt.dice)) == wanted:
                break
        else:  # pragma: no cover
            raise RuntimeError("the dice never reached that count")
        asks = ["chung", "first"] + (["order"] if difficulty >= 2 else [])
        order = [dealt.box_of_stack(i) for i in range(BOXES)]
        who = ("The house is the sole banker." if banker_box == 0 else
               f"A player/banker holds the bank from box {banker_box}.")
        prompt = {"dice": list(dealt.dice), "banker_box": banker_box, "asks": asks, "situation": who}
        what = {"chung": "which box the chung goes on", "first": "which box receives the first stack",
                "order": "the order the 8 stacks go out"}
        text = f"{who} The dice show {', '.join(map(str, dealt.dice))}. Say " + ", ".join(what[a] for a in asks) + "."
        key = {"chung": chung.box, "chung_rule": chung.rule, "first": dealt.first_box, "order": order,
               "total": sum(dealt.dice), "count_from": count_from}
        hint = ("The chung marks the banker's box. Count the dice total round the boxes counter-clockwise, "
                + self._count_start_words() + ".")
        return Item(self.id, family, prompt, key, text, hint)

    def _parse(self, item: Item, answer) -> dict:
        if not isinstance(answer, dict):
            raise ValueError("give the chung's box, the first box" + (" and the order" if "order" in
                                                                         item.prompt["asks"] else ""))
        parsed: dict[str, Any] = {}
        for field in item.prompt["asks"]:
            if field not in answer:
                raise ValueError({"chung": "give the chung's box", "first": "give the box of the first stack",
                                  "order": "give the order the stacks go out"}[field])
            if field == "order":
                order = answer["order"]
                if isinstance(order, str):
                    # Box numbers, one digit each, with or without spaces or commas between ("1,2" is two
                    # boxes); anything else is refused, never read for its digits.
                    if not re.fullmatch(r"\s*\d(?:[\s,]*\d)*\s*", order):
                        raise ValueError(f"the order lists the {BOXES} boxes by number, such as 3 4 5 6 7 8 1 2")
                    order = [int(ch) for ch in order if ch.isdigit()]
                if not isinstance(order, (list, tuple)) or len(order) != BOXES:
                    raise ValueError(f"the order lists all {BOXES} boxes")
                parsed["order"] = [_number(b, "each box of the order") for b in order]
                if len(set(parsed["order"])) != BOXES:
                    raise ValueError(f"the order lists each of the {BOXES} boxes once")
            else:
                parsed[field] = _number(answer[field], f"the {field} box")
        return parsed

    def grade(self, item: Item, answer, seconds: float = 0.0) -> Grade:
        given = self._parse(item, answer)
        key = item.key
        wrong = [field for field, value in given.items() if value != key[field]]
        explanation, rule = self.explain(item)
        if wrong:
            words = {"chung": "the chung's box", "first": "the box of the first stack",
                     "order": "the order of the stacks"}
            named = [words[field] for field in wrong]
            listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
            explanation = f"Not right: {listed}. " + explanation
        return Grade(not wrong, self.describe_key(item), self._words(given), explanation,
                     ErrorCategory.DELIVERY if wrong else None, rule, seconds, details={"wrong": wrong})

    @staticmethod
    def _words(values: dict) -> str:
        parts = []
        if "chung" in values:
            parts.append(f"chung on box {values['chung']}")
        if "first" in values:
            parts.append(f"first stack to box {values['first']}")
        if "order" in values:
            parts.append("order " + ", ".join(map(str, values["order"])))
        return "; ".join(parts)

    def describe_key(self, item: Item) -> str:
        return self._words({field: item.key[field] for field in item.prompt["asks"]})

    def explain(self, item: Item) -> tuple[str, str]:
        key = item.key
        where = ("when the house is the sole banker the chung goes on box 1 and the banker's tiles are delivered "
                 "there" if key["chung_rule"] == "11.1(a)" else
                 "with a player/banker the chung goes on the player/banker's box")
        order = ", ".join(map(str, key["order"]))
        rule = f"{key['chung_rule']}, 3.3(b)"
        return (f"The chung: {where}, box {key['chung']}. The dice decide which box receives the first stack; "
                f"where their total is counted from is this house's reading, as the dice rules are not among our "
                f"pages: the total {key['total']} is counted counter-clockwise round the 8 boxes, "
                f"{self._count_start_words()}. Box {key['first']} gets the first stack, and the stacks go out box "
                f"by box counter-clockwise: {order}. Rules {rule}.", rule)

    def _count_start_words(self) -> str:
        return ("the banker's box counting as 1" if self.reading is paigow_procedure.DiceCount.BANKER
                else "box 1 counting as 1 whoever banks")


DEFAULT_TARGETS[DeliveryDrill.id] = Target(seconds=20.0, test_items=16)
