"""The Drill interface every drill implements, the registry of drills by id, and the time-out grade.

The items, answers and grades a drill deals in are domain types (dealerdrill.domain.items).
"""
from __future__ import annotations

from typing import ClassVar, Protocol

from dealerdrill.domain import Answer, ErrorCategory, Grade, Item


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
# The modules whose drills register themselves on import: each game's own drills, then the drills of
# issue 15 (finding the error, irregularities, paying in chips, the pai gow delivery).
DRILL_MODULES = ("roulette_drills", "baccarat_drills", "paigow_drills", "roulette_find_error",
                 "baccarat_find_error", "paigow_find_error", "irregularities", "chip_payments", "paigow_delivery")


def register(cls):
    """Class decorator: make a drill available to sessions and views by its id."""
    if cls.id in _REGISTRY and _REGISTRY[cls.id] is not cls:
        raise ValueError(f"two drills share the id {cls.id!r}")
    _REGISTRY[cls.id] = cls
    return cls


def registered_so_far() -> dict[str, type]:
    """The drills whose game modules loaded (registry() failed because one of them did not)."""
    import importlib

    for module in DRILL_MODULES:
        try:
            importlib.import_module(f"dealerdrill.drills.{module}")
        except Exception:  # reported by the caller, which asked registry() first
            pass
    return dict(_REGISTRY)


def registry() -> dict[str, type]:
    """All drills by id (importing the drill modules registers them)."""
    import importlib

    for module in DRILL_MODULES:
        importlib.import_module(f"dealerdrill.drills.{module}")
    return dict(_REGISTRY)


def timeout_grade(item: Item, expected: str, seconds: float, rule: str = "", explanation: str = "") -> Grade:
    """A timed-out item: wrong, category TIMEOUT, with the drill's explanation of the key when given."""
    words = "Time ran out before an answer was given." + (f" {explanation}" if explanation else "")
    return Grade(correct=False, expected=expected, given="(no answer in time)", explanation=words,
                 category=ErrorCategory.TIMEOUT, rule=rule, seconds=seconds, timed_out=True)
