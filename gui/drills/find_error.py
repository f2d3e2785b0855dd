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

from dataclasses import dataclass
from typing import Any, Callable

from dealerdrill.domain import ErrorCategory, Grade, Item, format_cents, format_money

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
    if isinstance(value, bool):
        raise ValueError("an amount is a number, not True or False")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip().replace("$", "").replace(",", "")
        whole, _, part = text.partition(".")
        if not whole.isdigit() and not (whole == "" and part.isdigit()):
            raise ValueError(f"{value!r} is not an amount")
        if money == "dollars":
            if part.strip("0"):
                raise ValueError(f"{value!r}: amounts at this table are whole dollars")
            number = int(whole)
        else:
            if len(part) > 2 or (part and not part.isdigit()):
                raise ValueError(f"{value!r} is not an amount in dollars and cents")
            number = int(whole or 0) * 100 + int((part + "00")[:2])
        return number
    else:
        raise ValueError(f"{value!r} is not an amount")
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
        raise ValueError('mark each mistake with its correction ({"marks": {line: correction}}), or answer "none"')
    lines = {line["id"]: line for line in item.prompt["lines"]}
    money = item.prompt["money"]
    marks: dict[str, Any] = {}
    for line_id, correction in answer.items():
        line = lines.get(str(line_id))
        if line is None:
            raise ValueError(f"there is no line {line_id!r} on this table")
        accepts = line["accepts"]
        if isinstance(correction, str) and correction.strip().lower() in WORDS:
            word = correction.strip().lower()
            if word not in accepts:
                raise ValueError(f"{line['label']}: {word!r} is not a correction for this line "
                                 f"(it takes {', '.join(accepts)})")
            marks[line["id"]] = word
        elif "order" in accepts:
            if not isinstance(correction, (list, tuple)) or not all(
                    isinstance(b, int) and not isinstance(b, bool) for b in correction):
                raise ValueError(f"{line['label']}: give the boxes in the order they should be paid")
            marks[line["id"]] = list(correction)
        elif "amount" in accepts:
            marks[line["id"]] = _amount(correction, money)
        else:
            raise ValueError(f"{line['label']}: the correction is one of {', '.join(accepts)}")
    return marks


def grade_marks(item: Item, answer, seconds: float, kinds: dict[str, MistakeKind],
                explain: Callable[[Item], tuple[str, str]], describe_key: Callable[[Item], str]) -> Grade:
    """The grade of the trainee's marks against the engine's right treatments (see the module docstring)."""
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
        problems.append((kind.category, f"Missed: {labels[line]} ({kind.title})."))
    for line in miscorrected:
        kind = kinds[mistakes[line]["kind"]]
        problems.append((kind.category, f"{labels[line]}: found, but the correction is {say(right[line], money)}, "
                                        f"not {say(marks[line], money)}."))
    for line in false_alarms:
        problems.append((ErrorCategory.FALSE_ALARM,
                         f"{labels[line]} was settled right ({say(right[line], money)}): no mistake there."))
    explanation, rule = explain(item)
    if problems:
        explanation = " ".join(why for _, why in problems) + " " + explanation
    given = "; ".join(f"{labels[line]}: {say(value, money)}" for line, value in marks.items()) or "no mistakes"
    return Grade(not problems, describe_key(item), given, explanation, problems[0][0] if problems else None,
                 rule, seconds, details={"missed": missed, "miscorrected": miscorrected,
                                         "false_alarms": false_alarms, "marks": marks})


def describe_mistakes(item: Item) -> str:
    """The key in words: each mistake with its correction, or that there is none."""
    mistakes = item.key["mistakes"]
    if not mistakes:
        return "No mistakes: the table was settled right."
    labels = {line["id"]: line["label"] for line in item.prompt["lines"]}
    money = item.prompt["money"]
    return "; ".join(f"{labels[line]}: {say(item.key['right'][line], money)}" for line in mistakes)


def explain_mistakes(item: Item, kinds: dict[str, MistakeKind], none_words: str, none_rule: str) -> tuple[str, str]:
    """Every planted mistake explained, citing its rule (or why the table was right)."""
    mistakes = item.key["mistakes"]
    if not mistakes:
        return none_words, none_rule
    labels = {line["id"]: line["label"] for line in item.prompt["lines"]}
    words = " ".join(f"{labels[line]}: {m['why']}" for line, m in mistakes.items())
    rules = []
    for m in mistakes.values():
        if m["rule"] and m["rule"] not in rules:
            rules.append(m["rule"])
    return words, "; ".join(rules)


def planted_kinds(rng, family: str, families: list[str], difficulty: int,
                  compatible: Callable[[list[str]], bool] | None = None) -> list[str]:
    """The kinds of mistake to plant: none for the "none" family; else the family's kind first (the
    scheduler's choice, so a trainee's weak kinds come back) and, from Standard difficulty on, up to one
    or two more of other kinds, three in all at most, each compatible with those already chosen."""
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


def choose_family(rng, drill, family: str | None) -> str:
    """The family asked for (checked), or one drawn at random when the session asks for none (a test)."""
    families = drill.families()
    if family is None:
        return families[rng.below(len(families))]
    if family not in families:
        raise ValueError(f"{family!r} is not a family of {drill.id}")
    return family
