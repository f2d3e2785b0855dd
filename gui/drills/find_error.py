"""What the three "find the error" drills share: a settled table as the dealer left it, drawn as lines (one per
wager, hand or step), some of which the dealer got wrong; the trainee marks each mistake with its correction,
or marks nothing ("no mistakes").

The right treatment of every line comes from the engine (the game modules settle the table with
dealerdrill.core before planting anything); a planted mistake only changes what the dealer is shown to have
done. Grading compares the trainee's marks with the lines whose shown treatment differs from the engine's.

Prompt (plain data, the same whatever the key):
  lines    [{"id", "label", "shown", "accepts"}]: `accepts` lists the kinds of correction the line takes
           ("amount", "clear", "take", "push", "draw", "stand", "order"); every line of a kind offers the same
  money    "dollars" (whole dollars, roulette) or "cents"
Key:
  right    {line id: the right treatment}  (an amount, a word such as "take", or a list of boxes for "order")
  mistakes {line id: {"kind": the family of the mistake, "why": the explanation, "rule": the rule}}
Answer: {"marks": {line id: correction}} (a JSON object: line ids are text), or "none" / {} for no mistakes.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dealerdrill.domain import ErrorCategory, Grade, Item, format_cents, format_money, read_written_amount

NONE_FAMILY = "none"
WORDS = ("clear", "take", "push", "draw", "stand")


@dataclass(frozen=True)
class MistakeKind:
    """A kind of mistake a drill plants: its family name, what it is in words, the category a trainee who
    lets it stand is charged with, and the rule that it breaks."""
    family: str
    title: str
    category: ErrorCategory
    rule: str


def say(value, money: str) -> str:
    """A treatment in words: an amount as money, a list of boxes, or the word itself."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return "pay " + (format_money(value) if money == "dollars" else format_cents(value))
    if isinstance(value, (list, tuple)):
        return "pay in the order " + ", ".join(f"box {b}" for b in value)
    return str(value)


def _amount(value, money: str) -> int:
    """A correction's amount: an int as given (dollars or cents, the prompt's money), or text such as
    "47.50" or "$1,250" read in the prompt's money, as every answer box reads it (read_written_amount):
    commas only between groups of three ("1,2" and "9,50" are refused, never read as 12 or 950); anything
    else that is not an amount is refused in words."""
    if isinstance(value, bool):
        raise ValueError("an amount is a number, not yes or no")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        whole, part = read_written_amount(value)
        if len(whole) > 9:
            raise ValueError(f"“{value}” is larger than any amount at this table")
        if money == "dollars":
            if part.strip("0"):
                raise ValueError(f"“{value}”: amounts at this table are whole dollars")
            number = int(whole or 0)
        else:
            if len(part) > 2:
                raise ValueError(f"“{value}” is not an amount in dollars and cents (at most 2 decimals)")
            number = int(whole or 0) * 100 + int((part + "00")[:2])
        return number
    else:
        raise ValueError("an amount is a number of dollars, such as 47.50")
    if number < 0:
        raise ValueError("an amount cannot be negative")
    return number


def parse_marks(item: Item, answer) -> dict[str, Any]:
    """{line id: correction} from an answer, each correction checked against what its line accepts.
    Amounts given as text ("47.50") are read in the prompt's money; ints are taken as given (dollars or
    cents)."""
    if answer in (None, "none", "") or answer == {}:
        return {}
    if isinstance(answer, dict) and "marks" in answer:
        answer = answer["marks"]
    if answer in (None, "none") or answer == {}:
        return {}
    if not isinstance(answer, dict):
        raise ValueError("mark each mistake with its correction, or answer “none” for a table settled right")
    lines = {line["id"]: line for line in item.prompt["lines"]}
    money = item.prompt["money"]
    marks: dict[str, Any] = {}
    for line_id, correction in answer.items():
        line = lines.get(str(line_id))
        if line is None:
            raise ValueError(f"there is no line “{line_id}” on this table")
        accepts = line["accepts"]
        if isinstance(correction, str) and correction.strip().lower() in WORDS:
            word = correction.strip().lower()
            if word not in accepts:
                raise ValueError(f"{line['label']}: “{word}” is not a correction for this line "
                                 f"(it takes {_either(accepts)})")
            marks[line["id"]] = word
        elif "order" in accepts:
            marks[line["id"]] = _order(item, line, correction)
        elif "amount" in accepts:
            marks[line["id"]] = _amount(correction, money)
        else:
            raise ValueError(f"{line['label']}: the correction is {_either(accepts)}")
    return marks


def _either(accepts) -> str:
    words = ["an amount" if a == "amount" else "the order" if a == "order" else a for a in accepts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _order(item: Item, line: dict, correction) -> list[int]:
    """An order of the boxes: each box of the table once, by number."""
    boxes = sorted({w["box"] for w in item.prompt.get("wagers", ())})
    if not isinstance(correction, (list, tuple)) or not all(
            isinstance(b, int) and not isinstance(b, bool) for b in correction):
        raise ValueError(f"{line['label']}: give the boxes by number, in the order they should be paid")
    strange = [b for b in correction if b not in boxes]
    if strange:
        raise ValueError(f"{line['label']}: box {strange[0]} has no wager at this table")
    if len(set(correction)) != len(correction) or (boxes and len(correction) != len(boxes)):
        raise ValueError(f"{line['label']}: give each of the {len(boxes)} boxes with a wager once")
    return list(correction)


def grade_marks(item: Item, answer, seconds: float, kinds: dict[str, MistakeKind],
                explain: Callable[[Item], tuple[str, str]], describe_key: Callable[[Item], str],
                wager_kinds: dict[str, str] | None = None) -> Grade:
    """The grade of the trainee's marks against the engine's right treatments (see the module docstring).
    `wager_kinds` ({line id: the wager's kind}, the wager lines only) puts each wager on its own in the
    grade's details, for statistics that count wagers rather than items."""
    marks = parse_marks(item, answer)
    money = item.prompt["money"]
    labels = {line["id"]: line["label"] for line in item.prompt["lines"]}
    right, mistakes = item.key["right"], item.key["mistakes"]
    missed = [line for line in mistakes if line not in marks]
    miscorrected = [line for line in mistakes if line in marks and marks[line] != right[line]]
    false_alarms = [line for line in marks if line not in mistakes]
    problems: list[tuple[ErrorCategory, str]] = []
    for line in missed:
        kind = kinds[mistakes[line]["kind"]]
        problems.append((kind.category, f"Missed: {labels[line]}, {kind.title}."))
    for line in miscorrected:
        kind = kinds[mistakes[line]["kind"]]
        problems.append((kind.category, f"{_capital(labels[line])}: found, but the correction is "
                                        f"{say(right[line], money)}, not {say(marks[line], money)}."))
    for line in false_alarms:
        problems.append((ErrorCategory.FALSE_ALARM,
                         f"{_capital(labels[line])} was settled right, {say(right[line], money)}: no mistake there."))
    explanation, rule = explain(item)
    if problems:
        explanation = " ".join(why for _, why in problems) + " " + explanation
    given = "; ".join(f"{labels[line]}: {say(value, money)}" for line, value in marks.items()) or "no mistakes"
    per_wager = []
    for line, wager_kind in (wager_kinds or {}).items():
        if line in false_alarms:
            category: ErrorCategory | None = ErrorCategory.FALSE_ALARM
        elif line in missed or line in miscorrected:
            category = kinds[mistakes[line]["kind"]].category
        else:
            category = None
        per_wager.append({"kind": wager_kind, "line": line, "correct": category is None,
                          "category": category.value if category else None})
    return Grade(not problems, describe_key(item), given, explanation, problems[0][0] if problems else None,
                 rule, seconds, details={"missed": missed, "miscorrected": miscorrected,
                                         "false_alarms": false_alarms, "marks": marks, "wagers": per_wager})


def describe_mistakes(item: Item) -> str:
    """The key in words: each mistake with its correction, or that there is none."""
    mistakes = item.key["mistakes"]
    if not mistakes:
        return "No mistakes: the table was settled right."
    labels = {line["id"]: line["label"] for line in item.prompt["lines"]}
    money = item.prompt["money"]
    return "; ".join(f"{labels[line]}: {say(item.key['right'][line], money)}" for line in mistakes)


def cite(rules) -> tuple[str, str]:
    """(the sentence citing these rules once each, the rule field): "Rule 5.1." / "Rules 4.7, 5.1." / "Table
    2."; the rule field is written in the sentence as it stands, so the drill shell adds no second citation."""
    parts = [part for rule in rules if rule for part in re.split(r", (?=\d|Table)", rule)]
    rules = [r for i, r in enumerate(parts) if r not in parts[:i]]
    if not rules:
        return "", ""
    field = ", ".join(rules)
    if len(rules) == 1:
        return (f"{field}." if field.startswith("Table") else f"Rule {field}."), field
    return f"Rules {field}.", field


def explain_mistakes(item: Item, kinds: dict[str, MistakeKind], none_words: str, none_rule: str) -> tuple[str, str]:
    """Every planted mistake explained (the explanations carry no rule numbers), then each rule they break
    cited once; or why the table was right."""
    mistakes = item.key["mistakes"]
    if not mistakes:
        return none_words, none_rule
    labels = {line["id"]: line["label"] for line in item.prompt["lines"]}
    words = " ".join(f"{_capital(labels[line])}: {m['why']}" for line, m in mistakes.items())
    unnumbered = [m.get("unnumbered", "") for m in mistakes.values() if m.get("unnumbered")]
    citation, rule = cite([m["rule"] for m in mistakes.values()])
    tail = " ".join(dict.fromkeys(unnumbered))
    return " ".join(part for part in (words, citation, tail) if part), rule


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# How many times a drill draws its table again to plant every kind asked for (planted_every_kind): a draw
# fits far more often than not, so this is only the bound that keeps a drill from looping.
MAX_DRAWS = 500


def planted_every_kind(kinds: list[str], mistakes: dict) -> bool:
    """Whether the table as drawn holds a mistake of every kind asked for: the family asked for is always
    planted (docs/drills.md), never quietly dropped because the table offered no line for it."""
    return set(kinds) <= {mistake["kind"] for mistake in mistakes.values()}


def planted_kinds(rng, family: str, families: list[str], difficulty: int,
                  compatible: Callable[[list[str]], bool] | None = None) -> list[str]:
    """The kinds of mistake to plant: none for the "none" family; else the family's kind first (the
    scheduler's choice, so a trainee's weak kinds come back) and, from Standard on, up to one (Standard)
    or two (Advanced) more of the other kinds in `families` (the level's), each compatible with those
    already chosen."""
    if family == NONE_FAMILY:
        return []
    chosen = [family]
    extra = rng.below({1: 1, 2: 2}.get(difficulty, 3))
    for other in rng.shuffled([k for k in families if k not in (family, NONE_FAMILY)]):
        if len(chosen) > extra:
            break
        if compatible is None or compatible(chosen + [other]):
            chosen.append(other)
    return chosen


def choose_family(rng, drill, family: str | None, level: int) -> str:
    """The family asked for (checked), or one drawn from the level's mix when the session asks for none
    (a test)."""
    if family is None:
        return drill.draw_family(rng, level)
    if family not in drill.families():
        raise ValueError(f"{family!r} is not a family of {drill.id}")
    return family


def level_kinds(drill, level: int, prefix: str) -> list[str]:
    """The kinds of mistake the level plants (its families without the prefix)."""
    return [family.removeprefix(prefix) for family in drill.families_for(level)]
