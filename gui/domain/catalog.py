"""What the records need to know about drills without importing them: the drill catalogue as an interface.

The records store family strings, drill ids and games exactly as given; only the drills know what a drill
is called, what its default target is, and what a family string means (a Table 2 cell, a roulette wager
kind, a house-way rule). The application layer hands the records the drills' catalogue
(dealerdrill.drills.catalog.DRILL_CATALOG); records opened without one (a test, `dealerdrill verify`) use
BareCatalog, which knows no drill: ids are shown made readable and no breakdown recognises a family.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from .targets import Target

# The shape of Table 2 (the Banker's drawing table) as the records count it: Banker totals the table decides
# (0-7) by the Player's third card, as its baccarat value (0-9).
BANKER_TOTALS = tuple(range(8))
THIRD_CARD_VALUES = tuple(range(10))


GAME_NAMES = {"roulette": "Roulette", "baccarat": "Baccarat", "paigow": "Pai Gow"}


def game_name(game: str) -> str:
    return GAME_NAMES.get(game, game)


@dataclass(frozen=True)
class DrillInfo:
    id: str
    game: str
    title: str


def titles_shared_by_games(drills: Iterable[DrillInfo]) -> set[str]:
    """Drill titles more than one game uses ("Find the error", "Settle the table")."""
    games_of: dict[str, set[str]] = {}
    for info in drills:
        games_of.setdefault(info.title, set()).add(info.game)
    return {title for title, games in games_of.items() if len(games) > 1}


def title_told_apart(info: DrillInfo, shared: set[str]) -> str:
    """A drill's title where drills of every game are listed together: with its game when another game has a
    drill of that title ("Baccarat: Find the error"), else the title alone."""
    return f"{game_name(info.game)}: {info.title}" if info.title in shared else info.title


class DrillCatalog(Protocol):
    def drills(self) -> dict[str, DrillInfo]:
        """Every drill this program offers, by id."""

    def default_target(self, drill_id: str) -> Target:
        """The drill's own target, used until a manager sets one."""

    def table_of_play_cell(self, game: str, family: str) -> tuple[int, int] | None:
        """(Banker total, Player's third card value) for a baccarat Table 2 family, else None."""

    def wager_kind(self, game: str, family: str) -> str | None:
        """The roulette wager kind a family asks about, else None."""

    def wager_kind_label(self, kind: str) -> str:
        """A wager kind in words."""

    def house_way_rule(self, game: str, family: str) -> str | None:
        """The pai gow house-way rule id a family is about, else None."""

    def house_way_rule_label(self, rule_id: str) -> str:
        """A house-way rule's title."""


def title_from_id(drill_id: str) -> str:
    """A drill id made readable, for drills this program does not know (newer, or from elsewhere)."""
    return " ".join(part.replace("_", " ") for part in drill_id.split(".")).capitalize()


class BareCatalog:
    """A catalogue that knows no drill (see the module's docstring)."""

    def drills(self) -> dict[str, DrillInfo]:
        return {}

    def default_target(self, drill_id: str) -> Target:
        return Target()

    def table_of_play_cell(self, game: str, family: str) -> tuple[int, int] | None:
        return None

    def wager_kind(self, game: str, family: str) -> str | None:
        return None

    def wager_kind_label(self, kind: str) -> str:
        return kind.replace("_", " ").capitalize()

    def house_way_rule(self, game: str, family: str) -> str | None:
        return None

    def house_way_rule_label(self, rule_id: str) -> str:
        return rule_id
