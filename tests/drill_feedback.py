"""What a trainee reads from every drill, for the tests that hold those words to the rule book and the glossary:
one item per family at each level, explained and graded with the right answer and a few wrong ones. Made once per
drill and kept (the walk takes a few seconds over all drills)."""
from __future__ import annotations

import functools
from dataclasses import dataclass

from drill_answers import right_answer, wrong_answers
from wording import shown_explanation

from dealerdrill.core import Rng
from dealerdrill.drills.base import registry
from dealerdrill.settings import Settings

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Feedback:
    texts: tuple[str, ...]       # question, hint, explanations as the drill page shows them, expected and given
    rules: tuple[str, ...]       # the rule fields of the explanations and the grades


@functools.cache
def drill_feedback(drill_id: str, seed: int = 29) -> tuple[Feedback, ...]:
    drill = registry()[drill_id](Settings())
    rng = Rng(seed)
    out = []
    for level in LEVELS:
        for family in drill.families():
            try:
                item = drill.generate(rng, level, family)
            except ValueError:        # a family this level does not ask
                continue
            explanation, rule = drill.explain(item)
            texts, rules = [item.text or "", item.hint or "", explanation, drill.describe_key(item)], [rule]
            for answer in [right_answer(item), *wrong_answers(item)]:
                try:
                    grade = drill.grade(item, answer, 1.0)
                except ValueError:
                    continue
                texts += [shown_explanation(grade), grade.expected, grade.given]
                rules.append(grade.rule)
            out.append(Feedback(tuple(texts), tuple(rules)))
    return tuple(out)
