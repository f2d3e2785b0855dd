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


def owner_adds_manager(owner_url: str, pin_path, name: str = "Mere Smith", pin: str = "24681357"):
    """What `dealerdrill room setup --manager NAME --pin-file PATH` does: a new key and PIN file at `pin_path` (a
    desk's, so the manager can unlock there), the key added to the room by its owner, signed by itself."""
    from dealerdrill.desk import manager_key
    from dealerdrill.records import room_setup

    key = manager_key.new_key(pin)
    manager_key.write_key_file(pin_path, key, pin)
    room_setup.add_manager_key(owner_url, key.public.raw, name, key)
    return key
