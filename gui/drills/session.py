"""A drill session in one of three modes, independent of any view.

Practice: untimed, hints allowed, adaptive. Timed: each item has the drill's speed target as its time
limit, adaptive. Test: a fixed number of items, no hints, a pass mark; the result is a certification
attempt. Every answer goes to `on_answer` the moment it is graded (the records store it there), so a
crash loses at most the item on screen.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import secrets
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from dealerdrill.core import Rng
from dealerdrill.domain import AnsweredItem, Grade, Item, Mode, Target

from .base import timeout_grade
from .scheduler import Scheduler
from .situations import situation_of
from .targets import default_target

# A test's next item is drawn again, up to this many times, while it asks a situation the test asked already:
# repeats come only once the level's situations run out (or nearly: docs/drills.md counts them per drill). Once a
# whole round of tries found nothing new, the level is taken as spent and later items try AFTER_SPENT_TRIES times
# (a test of a small drill would otherwise draw 64 items for each one it asks, and so would every judge of it).
SITUATION_TRIES = 64
AFTER_SPENT_TRIES = 4


def item_seed(rng) -> int:
    """The seed of one item's own generator, drawn from the session's (the same draw for every mode)."""
    return (rng.below(2**32 - 1) << 32) | rng.below(2**32 - 1)


def item_key(seed: int, number: int) -> int:
    """The key of a test's item `number` (1, 2, ...): its draws come from it alone. A one-way function of the test's
    seed, so that a room's server, which keeps the seed to itself, can hand a desk the key of each item as it falls
    due (dd_item_key: SHA-256 of "seed:number", its first 8 bytes) and never one ahead."""
    digest = hashlib.sha256(f"{int(seed)}:{int(number)}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


class ItemsOfATest:
    """The items of a test, in order, as they follow from its seed (or its items' keys), level and drill (the drill
    made with the test's settings): nothing else chooses them, so they can be made again wherever the test is
    judged (dealerdrill.verdicts). No situation repeats within the test while SITUATION_TRIES draws find a new one.
    `item_keys(number)` gives item `number`'s key where the seed is not known here (a room's test, whose server
    hands them out one at a time); without it they follow from `seed` (a random one when None)."""

    def __init__(self, drill, seed: int | None, level: int, *, item_keys: Callable[[int], int] | None = None):
        self.drill = drill
        self.level = level
        if item_keys is None:
            known = seed if seed is not None else secrets.randbits(63)
            item_keys = functools.partial(item_key, known)
        self._item_keys = item_keys
        self._number = 0
        self._asked: set[str] = set()
        self._tries = SITUATION_TRIES

    def next(self) -> Item:
        rng = Rng(self._item_keys(self._number + 1))
        self._number += 1
        for _ in range(self._tries):
            seed = item_seed(rng)
            item = self.drill.generate(Rng(seed), self.level, None)
            situation = situation_of(item, self.drill)
            if situation not in self._asked:
                break
        else:
            self._tries = AFTER_SPENT_TRIES
        self._asked.add(situation)
        return dataclasses.replace(item, origin={"seed": seed, "family": None, "difficulty": self.level})


class DrillUsageError(ValueError):
    """The session was asked for something its mode does not allow (a hint in a test, an item after the end)."""


@dataclass
class SessionResult:
    drill: str
    mode: Mode
    answered: list[AnsweredItem] = field(default_factory=list)
    target: Target = field(default_factory=Target)

    @property
    def count(self) -> int:
        return len(self.answered)

    @property
    def correct(self) -> int:
        return sum(a.grade.correct for a in self.answered)

    @property
    def accuracy(self) -> float:
        return self.correct / self.count if self.count else 0.0

    @property
    def median_seconds(self) -> float:
        return statistics.median(a.grade.seconds for a in self.answered) if self.answered else 0.0

    @property
    def passed(self) -> bool | None:
        """Tests only: whether the pass mark was reached over the full test."""
        if self.mode is not Mode.TEST:
            return None
        return self.count >= self.target.test_items and self.accuracy >= self.target.pass_mark

    def errors_by_category(self) -> dict:
        counts: dict = {}
        for a in self.answered:
            if a.grade.category is not None:
                counts[a.grade.category] = counts.get(a.grade.category, 0) + 1
        return counts

    def wagers_by_kind(self) -> dict[str, tuple[int, int]]:
        """kind -> (settled right, wagers in all), every wager of every item counted on its own: a layout of
        five wagers counts five times, once under each wager's own kind (the grade's details["wagers"], from
        the drills that settle several wagers an item). Items without them (a time-out settles nothing)
        are not counted here."""
        counts: dict[str, list[int]] = {}
        for a in self.answered:
            for wager in a.grade.details.get("wagers", ()):
                tally = counts.setdefault(wager["kind"], [0, 0])
                tally[0] += bool(wager["correct"])
                tally[1] += 1
        return {kind: (right, total) for kind, (right, total) in sorted(counts.items())}


class DrillSession:
    def __init__(self, drill, mode: Mode = Mode.PRACTICE, *, seed: int | None = None, difficulty: int = 1,
                 target: Target | None = None, scheduler_memory: dict | None = None,
                 on_answer: Callable[[AnsweredItem], None] | None = None,
                 item_keys: Callable[[int], int] | None = None, families: list[str] | None = None):
        """`item_keys`: a test's items' keys, one at a time, where its seed is not known here (ItemsOfATest).
        `families`: practice that asks only these of the drill's families (a lesson's check), whatever the level
        draws; never a test, whose items follow its level's proportions."""
        self.drill = drill
        self.mode = mode
        self.difficulty = difficulty
        self.target = target or default_target(drill.id)
        self.rng = Rng(seed)
        self._test_items = ItemsOfATest(drill, seed, difficulty, item_keys=item_keys) if mode is Mode.TEST else None
        # The level's families only are asked about (or the ones a lesson's check asks); the memory of all of them
        # is kept.
        asked: list[str] | None
        if families is not None:
            if mode is Mode.TEST:
                raise DrillUsageError("a test asks what its level draws; it cannot be narrowed to some families")
            unknown = sorted(set(families) - set(drill.families()))
            if unknown:
                raise ValueError(f"{unknown[0]} is not a family of {drill.id}")
            if not families:
                raise ValueError(f"practice of {drill.id} asks at least one family")
            asked = list(families)
        else:
            families_for = getattr(drill, "families_for", None)
            asked = families_for(difficulty) if families_for is not None else None
        self.scheduler = Scheduler(drill.families(), seed=seed, memory=scheduler_memory, asked=asked)
        self.result = SessionResult(drill.id, mode, target=self.target)
        self.current: Item | None = None
        self._on_answer = on_answer

    @property
    def adaptive(self) -> bool:
        return self.mode is not Mode.TEST

    @property
    def time_limit(self) -> float | None:
        return self.target.seconds if self.mode is Mode.TIMED else None

    @property
    def finished(self) -> bool:
        return self.mode is Mode.TEST and self.result.count >= self.target.test_items

    def next_item(self) -> Item:
        if self.finished:
            raise DrillUsageError("the test is complete: no more items")
        if self.current is not None:
            raise DrillUsageError("answer the current item first")
        if self._test_items is not None:
            self.current = self._test_items.next()
            return self.current
        family = self.scheduler.next_family() if self.adaptive else None
        # Each item from a generator of its own, seeded from the session's: the seed, the family asked for
        # and the difficulty are stored with the answer and make the same item again (drills/regrade.py).
        seed = item_seed(self.rng)
        item = self.drill.generate(Rng(seed), self.difficulty, family)
        self.current = dataclasses.replace(item, origin={"seed": seed, "family": family,
                                                         "difficulty": self.difficulty})
        return self.current

    def hint(self) -> str:
        if self.mode is not Mode.PRACTICE:
            raise DrillUsageError(f"hints are only available in practice, not in {self.mode.label.lower()} mode")
        if self.current is None:
            raise DrillUsageError("there is no item on screen")
        return self.current.hint or "No hint for this item."

    def submit(self, answer, seconds: float) -> Grade:
        """Grade the answer to the current item (ValueError, item kept, for malformed input)."""
        if self.current is None:
            raise DrillUsageError("there is no item to answer")
        if seconds < 0:
            raise ValueError("time taken cannot be negative")
        if self.time_limit is not None and seconds > self.time_limit:
            return self.time_out(seconds)
        grade = self.drill.grade(self.current, answer, seconds)
        return self._finish(answer, grade)

    def time_out(self, seconds: float) -> Grade:
        """The item's time ran out (timed mode) before an answer: a wrong answer of category TIMEOUT."""
        if self.current is None:
            raise DrillUsageError("there is no item on screen")
        expected = self.drill.describe_key(self.current)
        # The explanation a wrong answer would get, so a timed-out item still teaches something.
        explain = getattr(self.drill, "explain", None)
        explanation, rule = explain(self.current) if explain is not None else ("", "")
        return self._finish(None, timeout_grade(self.current, expected, seconds, rule, explanation))

    def _finish(self, answer, grade: Grade) -> Grade:
        if self.current is None:
            raise DrillUsageError("there is no item on screen")
        answered = AnsweredItem(self.current, answer, grade)
        self.result.answered.append(answered)
        self.scheduler.record(self.current.family, grade.correct, grade.seconds, self.target.seconds)
        self.current = None
        if self._on_answer:
            self._on_answer(answered)
        return grade
