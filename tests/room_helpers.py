"""Helpers of the room tests and benchmarks: a clock that moves on, and graded answers."""
from __future__ import annotations

from datetime import UTC


class Clock:
    """A fixed start; each reading moves on by `step`, so that record times are ordered."""

    def __init__(self):
        from datetime import datetime

        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self):
        from datetime import timedelta

        self.now += timedelta(seconds=3)
        return self.now


def make_answer(drill: str, family: str, correct: bool, seconds: float = 2.0):
    """A graded answer whose rightness the test decides (what a drill hands the records)."""
    from dealerdrill.domain import AnsweredItem, ErrorCategory, Grade, Item

    item = Item(drill, family, {"shown": family}, key="K", text="Q?", hint="h")
    grade = Grade(correct, expected="the key", given="A", explanation="because",
                  category=None if correct else ErrorCategory.ARITHMETIC, rule="rule 1", seconds=seconds)
    return AnsweredItem(item, "A", grade)
