"""A drill's speed target and pass mark: what a manager sets and a test is judged by. Plain data.

A test is taken at the level its target names: a pass at Basic is not a pass of a target that asks for
Advanced, and the trainee does not choose the level of a test (the records issue it with the target)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

# Readiness counts a trainee's latest answers on a drill, this many at most (the records' queries read them).
READINESS_ANSWERS = 50


@dataclass(frozen=True)
class Target:
    seconds: float = 15.0      # per-item speed target (timed mode: the time limit)
    accuracy: float = 0.90     # accuracy a trainee must reach to count as ready
    test_items: int = 20       # items in a test
    pass_mark: float = 0.90    # share of test items right to pass
    level: int = 2             # the level a test is taken at: 1 Basic, 2 Standard, 3 Advanced

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 3600:
            raise ValueError("the speed target must be between 1 second and an hour")
        if not 0 <= self.accuracy <= 1 or not 0 <= self.pass_mark <= 1:
            raise ValueError("accuracy and pass mark are shares between 0% and 100%")
        if not 1 <= self.test_items <= 500:
            raise ValueError("a test has between 1 and 500 items")
        if isinstance(self.level, bool) or not isinstance(self.level, int) or not 1 <= self.level <= 3:
            raise ValueError("a test's level is 1 (Basic), 2 (Standard) or 3 (Advanced)")

    @property
    def answers_for_a_verdict(self) -> int:
        """How many answers a drill's accuracy and speed need before any screen or export says a target is met
        (or a trainee ready): a test's number of items, at most the READINESS_ANSWERS readiness counts. Fewer
        answers say nothing yet, everywhere alike."""
        return min(self.test_items, READINESS_ANSWERS)

    def enough_answers(self, answered: int) -> bool:
        return answered >= self.answers_for_a_verdict

    def to_dict(self) -> dict[str, float | int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Target:
        return cls(**{k: data[k] for k in ("seconds", "accuracy", "test_items", "pass_mark", "level")
                      if k in data and data[k] is not None})
