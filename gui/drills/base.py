"""The Drill interface every drill implements, the registry of drills by id, and the time-out grade.

The items, answers and grades a drill deals in are domain types (dealerdrill.domain.items).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Protocol

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


def registry() -> dict[str, Any]:
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


def arithmetic_slip(given: int, expected: int, steps: Iterable[int] = ()) -> str | None:
    """How `given` reads as the right working with a slip in the arithmetic, in words, or None when it does
    not: one digit wrong, two neighbouring digits swapped, a zero dropped or added, a carry missed (off by
    a power of ten), or off by exactly one of `steps` (one chip's or one unit's worth). Drills call an
    answer "right method, wrong arithmetic" only then; an unrelated number is another kind of mistake."""
    given, expected = int(given), int(expected)
    if given == expected or given < 0 or expected < 0:
        return None
    a, b = str(given), str(expected)
    if len(a) == len(b):
        differing = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        if len(differing) == 1:
            return "one digit is wrong"
        if len(differing) == 2 and differing[1] == differing[0] + 1 and a[differing[0]] == b[differing[1]] \
                and a[differing[1]] == b[differing[0]]:
            return "two digits are swapped"
    if given * 10 == expected or expected * 10 == given:
        return "a zero is dropped" if given < expected else "a zero too many"
    difference = abs(given - expected)
    if difference >= 10 and str(difference).strip("0") == "1" and str(difference).startswith("1"):
        return "a carry is missed"
    if difference in {abs(int(step)) for step in steps if step}:
        return "one step of the working is counted once too often" if given > expected else \
            "one step of the working is left out"
    return None
