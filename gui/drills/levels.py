"""Difficulty levels: what Basic, Standard and Advanced draw, as data each drill declares. Qt-free.

A drill says, per level, how often each of its families is drawn (whole-number weights, 0 = never): its
`mix(level)`. A test asks for no family, so its items follow that mix exactly; practice and timed sessions
let the scheduler choose, among the level's families only (`families_for`), what comes back next. The
level also changes what an item holds (more wagers, colour chips, more boxes...): each drill's docstring
says what, and docs/drills.md writes every level down, drill by drill (tests/drills/test_levels.py
checks the proportions it promises).
"""
from __future__ import annotations

from collections.abc import Mapping

BASIC, STANDARD, ADVANCED = 1, 2, 3
LEVELS = (BASIC, STANDARD, ADVANCED)
LEVEL_NAMES = {BASIC: "Basic", STANDARD: "Standard", ADVANCED: "Advanced"}


def level_of(difficulty) -> int:
    """The level a difficulty asks for: 1 Basic, 2 Standard, 3 Advanced (anything higher is Advanced)."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise ValueError("the difficulty is a whole number from 1 (Basic) up")
    return max(BASIC, min(ADVANCED, difficulty))


def level_name(settings) -> str:
    """The level a session was taken at, by name, from its stored settings ("difficulty", which the trainee
    chooses for a test as for practice): what a manager signing a test off, and a scorecard's reader, must see
    next to its score. "—" where the settings name no level (sessions stored before they did, or edited)."""
    difficulty = settings.get("difficulty") if isinstance(settings, dict) else None
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty < BASIC:
        return "—"
    return LEVEL_NAMES[level_of(difficulty)]


def draw(rng, mix: Mapping[str, int]) -> str:
    """A family drawn from `mix` (family -> whole-number weight) with the drill's generator."""
    weighted = [(family, weight) for family, weight in mix.items() if weight > 0]
    total = sum(weight for _, weight in weighted)
    if not total:
        raise ValueError("this level draws no family")
    ticket = rng.below(total)
    for family, weight in weighted:
        if ticket < weight:
            return family
        ticket -= weight
    raise AssertionError("unreachable: the tickets cover the total weight")


def drawn(mix: Mapping[str, int]) -> list[str]:
    """The families a mix ever draws, in the drill's order."""
    return [family for family, weight in mix.items() if weight > 0]


def even(families, weight: int = 1) -> dict[str, int]:
    return dict.fromkeys(families, weight)


class Levelled:
    """What the drills share: `mix(level)` declared by each, the families a level asks about, and the draw
    of a family for an item no one asked a family for."""

    def mix(self, level: int) -> dict[str, int]:  # pragma: no cover - every drill declares its own
        raise NotImplementedError

    def families_for(self, difficulty) -> list[str]:
        return drawn(self.mix(level_of(difficulty)))

    def draw_family(self, rng, difficulty) -> str:
        return draw(rng, self.mix(level_of(difficulty)))
