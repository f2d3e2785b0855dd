"""A drill's speed target and pass mark: what a manager sets and a test is judged by. Plain data."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Target:
    seconds: float = 15.0      # per-item speed target (timed mode: the time limit)
    accuracy: float = 0.90     # accuracy a trainee must reach to count as ready
    test_items: int = 20       # items in a test
    pass_mark: float = 0.90    # share of test items right to pass

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 3600:
            raise ValueError("the speed target must be between 1 second and an hour")
        if not 0 <= self.accuracy <= 1 or not 0 <= self.pass_mark <= 1:
            raise ValueError("accuracy and pass mark are shares between 0% and 100%")
        if not 1 <= self.test_items <= 500:
            raise ValueError("a test has between 1 and 500 items")

    def to_dict(self) -> dict[str, float | int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Target:
        return cls(**{k: data[k] for k in ("seconds", "accuracy", "test_items", "pass_mark") if k in data})
