"""What every drill is made of: items, answers, grades, and the Drill interface.

An Item is one question: its `family` is the unit the scheduler remembers (a Banker-total x third-card
cell, a wager kind, a house-way rule, a picture), its `prompt` is plain data the view draws, and its
`key` is the engine's answer, kept out of the prompt so that nothing reveals it before the trainee commits.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .taxonomy import ErrorCategory

Answer = Any  # a drill-specific plain value (int, str, tuple, dict): JSON-serialisable


@dataclass(frozen=True)
class Item:
    drill: str                    # the drill's id
    family: str                   # the scheduler's unit, e.g. "baccarat.banker.6.third7"
    prompt: dict[str, Any]        # what the view shows: plain data, never the answer
    key: Any                      # the engine's answer (never shown before grading)
    text: str = ""                # the question in words (also for screen readers and records)
    hint: str = ""                # offered in practice mode only

    def to_record(self) -> str:
        """The item as stored with an answer (JSON), so a manager can see exactly what was asked."""
        return json.dumps({"family": self.family, "prompt": self.prompt, "text": self.text},
                          sort_keys=True, default=str)


@dataclass(frozen=True)
class Grade:
    correct: bool
    expected: str                          # the right answer in words
    given: str                             # the trainee's answer in words
    explanation: str                       # why, citing the rule (the project's own words)
    category: ErrorCategory | None = None  # None when correct
    rule: str = ""                         # the rule cited, e.g. "Table 2", "5.1", "nz-pairs-split-teen"
    seconds: float = 0.0
    timed_out: bool = False
    details: dict[str, Any] = field(default_factory=dict)  # drill-specific extras (per-wager results...)


class Drill(Protocol):
    """A drill generates items for a difficulty and grades answers against the engine's key."""

    id: ClassVar[str]
    game: ClassVar[str]       # "roulette" | "baccarat" | "paigow"
    title: ClassVar[str]
    description: ClassVar[str]

    def families(self) -> list[str]:
        """Every family this drill can ask about (for the scheduler and the records)."""

    def generate(self, rng, difficulty: int = 1, family: str | None = None) -> Item:
        """A new item; `rng` is a dealerdrill.core.Rng (seeded for repeatable drills)."""

    def grade(self, item: Item, answer: Answer, seconds: float = 0.0) -> Grade:
        """Compare `answer` with `item.key`; raise ValueError with a plain message for malformed input."""

    def describe_key(self, item: Item) -> str:
        """The right answer in words (shown after grading, and on a timeout)."""

    def explain(self, item: Item) -> tuple[str, str]:
        """(explanation, rule): why the key is right, citing the rule; the same words a wrong answer gets,
        without the part about the answer given (also shown when the time runs out)."""


_REGISTRY: dict[str, type] = {}


def register(cls):
    """Class decorator: make a drill available to sessions and views by its id."""
    if cls.id in _REGISTRY and _REGISTRY[cls.id] is not cls:
        raise ValueError(f"two drills share the id {cls.id!r}")
    _REGISTRY[cls.id] = cls
    return cls


def registry() -> dict[str, type]:
    """All drills by id (importing the game modules registers them)."""
    from . import baccarat_drills, paigow_drills, roulette_drills  # noqa: F401  (registration side effect)

    return dict(_REGISTRY)


def timeout_grade(item: Item, expected: str, seconds: float, rule: str = "", explanation: str = "") -> Grade:
    """A timed-out item: wrong, category TIMEOUT, with the drill's explanation of the key when given."""
    words = "Time ran out before an answer was given." + (f" {explanation}" if explanation else "")
    return Grade(correct=False, expected=expected, given="(no answer in time)", explanation=words,
                 category=ErrorCategory.TIMEOUT, rule=rule, seconds=seconds, timed_out=True)
