"""What one question and its grading are, as plain data shared by the drills, the records and the exports.

An Item is one question: its `family` is the unit the scheduler remembers (a Banker-total x third-card
cell, a wager kind, a house-way rule, a picture), its `prompt` is plain data the view draws, and its
`key` is the engine's answer, kept out of the prompt so that nothing reveals it before the trainee commits.
A Grade is the verdict on one answer; an AnsweredItem is the pair the records store.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

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
    # How the session made it: {"seed", "family" (the one asked for, or None), "difficulty"}. With the
    # session's settings this makes the very same item again, so a stored answer can be graded anew by the
    # engine (an import never takes a stored verdict on trust).
    origin: dict[str, Any] | None = None

    def to_record(self) -> str:
        """The item as stored with an answer (JSON), so a manager can see exactly what was asked."""
        record: dict[str, Any] = {"family": self.family, "prompt": self.prompt, "text": self.text}
        if self.origin is not None:
            record["origin"] = self.origin
        return json.dumps(record, sort_keys=True, default=str)


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


@dataclass
class AnsweredItem:
    """One graded answer as the records store it: what was asked, what was answered, the verdict."""
    item: Item
    answer: object
    grade: Grade
