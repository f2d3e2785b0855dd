"""Adaptive practice: a memory per item family, spaced repetition, and leeches.

The clock counts items shown, not days: a drill session is short, and a family answered wrongly should
come back within a few items, one answered well and quickly only much later (a Leitner scheme with
intervals that double per box). A family failed again and again is a leech: flagged for the manager,
because more repetition alone is not working.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass

INTERVALS = (4, 8, 16, 32, 64, 128)  # items until a family is due again, by Leitner box
RETRY_AFTER = 2                      # a wrong answer comes back after this many items
SLOW_RETRY_AFTER = 3                 # right but slower than the target: back fairly soon, box not raised
LEECH_LAPSES = 4                     # this many wrong answers to one family flags it as a leech


@dataclass
class FamilyMemory:
    family: str
    box: int = 0
    due: int = 0          # clock value at which it is due again
    seen: int = 0
    correct: int = 0
    lapses: int = 0       # wrong answers in all
    slow: int = 0

    @property
    def leech(self) -> bool:
        return self.lapses >= LEECH_LAPSES


class Scheduler:
    """Chooses the next family: the most overdue one, else one never seen, else the next to fall due."""

    def __init__(self, families: list[str], seed: int | None = None, memory: dict | None = None,
                 asked: list[str] | None = None):
        """`families`: every family of the drill (all are remembered); `asked`: the ones this session's
        level asks about (default: all). A Basic session so keeps, untouched, what the trainee's memory
        says about the Advanced families."""
        if not families:
            raise ValueError("a drill needs at least one item family")
        self._random = random.Random(seed)
        self.clock = 0
        self.memory: dict[str, FamilyMemory] = {f: FamilyMemory(f) for f in families}
        self.asked = [f for f in (asked if asked is not None else families) if f in self.memory]
        if not self.asked:
            raise ValueError("this level of the drill asks about none of its families")
        if memory:
            self.restore(memory)

    def next_family(self) -> str:
        asked = [self.memory[f] for f in self.asked]
        seen = [m for m in asked if m.seen]
        due = [m for m in seen if m.due <= self.clock]
        if due:
            most_overdue = min(m.due for m in due)
            return self._random.choice(sorted(m.family for m in due if m.due == most_overdue))
        unseen = sorted(m.family for m in asked if not m.seen)
        if unseen:
            return self._random.choice(unseen)
        soonest = min(m.due for m in seen)
        return self._random.choice(sorted(m.family for m in seen if m.due == soonest))

    def record(self, family: str, correct: bool, seconds: float = 0.0, target_seconds: float | None = None) -> None:
        """Update a family's memory after an answer; the clock advances by one item."""
        memory = self.memory.setdefault(family, FamilyMemory(family))
        self.clock += 1
        memory.seen += 1
        if not correct:
            memory.lapses += 1
            memory.box = 0
            memory.due = self.clock + RETRY_AFTER
        elif target_seconds is not None and seconds > target_seconds:
            memory.correct += 1
            memory.slow += 1
            memory.due = self.clock + SLOW_RETRY_AFTER
        else:
            memory.correct += 1
            memory.due = self.clock + INTERVALS[min(memory.box, len(INTERVALS) - 1)]
            memory.box = min(memory.box + 1, len(INTERVALS) - 1)

    def leeches(self) -> list[str]:
        return sorted(f for f, m in self.memory.items() if m.leech)

    def snapshot(self) -> dict:
        """Plain data to store between sessions (the records keep one per trainee and drill)."""
        return {"clock": self.clock, "families": {f: asdict(m) for f, m in self.memory.items()}}

    def restore(self, data: dict) -> None:
        self.clock = int(data.get("clock", 0))
        for family, values in data.get("families", {}).items():
            if family in self.memory:  # families a newer drill no longer has are dropped
                self.memory[family] = FamilyMemory(**{**values, "family": family})
