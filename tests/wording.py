"""The wording rules of issue 12 for everything a trainee reads in a drill: no internal ids, no brackets inside
brackets, no rule cited twice, no "see:" instead of a rule number, no figure said not to be itself ("$945
(not $945)"), chips and dollars never mixed in one figure, no "1 points" nor "1 seated player have", no
Python spellings of values.
Shared by the drills' wording test and the drill panels' tests."""
from __future__ import annotations

import re

from dealerdrill.core import paigow
from dealerdrill.drills.base import registry


def shown_explanation(grade) -> str:
    """The explanation as the drill shell writes it (dealerdrill.views.drill_view): the rule is added in
    brackets when the words do not already cite it."""
    words = grade.explanation
    if grade.rule and grade.rule not in words:
        words = f"{words}  (Rule {grade.rule})"
    return words


def _internal_ids() -> set[str]:
    ids = set(registry())
    for way in paigow.house_ways():
        ids |= {rule.id for rule in paigow.describe_house_way(way).rules}
    for drill in registry().values():
        ids |= {family for family in drill().families() if re.search(r"[._-]", family)}
    return ids


INTERNAL_IDS = _internal_ids()
# A rule number as the drills cite them: 5.1, 9.8, 5.7(b), never money ($12.50, $1,012.50) or a share (2.8%).
RULE_NUMBER = re.compile(r"(?<![\d$.,+\-])(\d{1,2}\.\d{1,2}(?:\([a-z]\))?)(?![\d%])")
LETTER_RULE = re.compile(r"\([a-l]\)-\([a-l]\)|\((?:[a-l])\)(?= \w)")
SAME_FIGURE_TWICE = re.compile(r"(\$[\d,]+(?:\.\d\d)?)\W{0,3}\(?not \1(?![\d,.])")


def wording_problems(text: str) -> list[str]:
    """What breaks the wording rules in one text a trainee reads."""
    problems = []
    words = set(re.findall(r"[\w.\-]+", text))
    ids = sorted(i for i in INTERNAL_IDS if i in words or re.search(rf"(?<![\w.\-]){re.escape(i)}(?![\w\-])", text))
    if ids:
        problems.append(f"internal ids {ids}")
    if re.search(r"\b[a-z]+_[a-z_]+\b", text):
        problems.append("a snake_case name")
    depth = deepest = 0
    for ch in text:
        depth += ch == "("
        deepest = max(deepest, depth)
        depth -= ch == ")"
    if deepest > 1 or "((" in text or "))" in text:
        problems.append("brackets inside brackets")
    numbers = RULE_NUMBER.findall(text) + LETTER_RULE.findall(text) + re.findall(r"Table \d", text)
    doubled = sorted({n for n in numbers if numbers.count(n) > 1})
    if doubled:
        problems.append(f"rule {doubled} cited twice")
    if "see:" in text.lower():
        problems.append('a "see:" instead of a rule number')
    if SAME_FIGURE_TWICE.search(text):
        problems.append(f"a figure said to be not itself ({SAME_FIGURE_TWICE.search(text).group(0)})")
    if re.search(r"\$[\d,.]+ chips?\b", text) or re.search(r"\b\d+ chips? × \d+ = \$", text):
        problems.append("chips and dollars mixed in one figure")
    if (re.search(r"\b1 (?:[a-z]+ )?(points|cards|chips|wagers|boxes|coups|players)\b", text)
            or re.search(r"\b1 (?:[a-z]+ ){1,2}have\b", text) or re.search(r"\w\(s\)", text)):
        problems.append("a plural after one, or a (s)")
    if re.search(r"\bNone\b(?! of)|[{}\[\]]", text):
        problems.append("Python's own spelling of a value")
    return problems
