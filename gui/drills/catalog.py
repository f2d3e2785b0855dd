"""The drills' catalogue for the records and exports (dealerdrill.domain.catalog.DrillCatalog): every drill's
id, game, title and default target, and what its family strings mean (gui/drills/families.py)."""
from __future__ import annotations

from dealerdrill.domain import Target
from dealerdrill.domain.catalog import DrillInfo

from . import families
from .base import registry
from .targets import default_target


class EngineDrillCatalog:
    """The catalogue of the drills this program ships (their modules loaded on first use)."""

    def __init__(self) -> None:
        self._drills: dict[str, DrillInfo] | None = None

    def drills(self) -> dict[str, DrillInfo]:
        if self._drills is None:
            self._drills = {drill_id: DrillInfo(drill_id, drill.game, drill.title)
                            for drill_id, drill in registry().items()}
        return dict(self._drills)

    def default_target(self, drill_id: str) -> Target:
        self.drills()   # the game modules fill in their default targets as they load
        return default_target(drill_id)

    def table_of_play_cell(self, game: str, family: str) -> tuple[int, int] | None:
        return families.table_of_play_cell(game, family)

    def wager_kind(self, game: str, family: str) -> str | None:
        return families.wager_kind(game, family)

    def wager_kind_label(self, kind: str) -> str:
        return families.wager_kind_label(kind)

    def house_way_rule(self, game: str, family: str) -> str | None:
        return families.house_way_rule(game, family)

    def house_way_rule_label(self, rule_id: str) -> str:
        return families.house_way_rule_label(rule_id)

    def wager_results(self, drill_id: str, settings_text: str, item_text: str, answer_text: str,
                      timed_out: bool) -> list[tuple[str, bool]]:
        """(kind, settled right) for every wager of a stored answer, each on its own, for statistics that
        count wagers rather than items (a layout of five wagers counts five times, under each one's kind).
        The engine grades the stored answer again from the item's origin (drills/regrade.py), as
        SessionResult.wagers_by_kind counts a session's. [] for a time-out (it settled no wager), for drills
        of one answer per item, and for answers that cannot be graded again here."""
        import json

        from .regrade import CannotRegrade, make_drill, regrade_item

        if timed_out:
            return []
        try:
            grade = regrade_item(make_drill(drill_id, settings_text), json.loads(item_text),
                                 json.loads(answer_text), False)
        except (CannotRegrade, ValueError, TypeError):
            return []
        return [(w["kind"], bool(w["correct"])) for w in grade.details.get("wagers", ())]


DRILL_CATALOG = EngineDrillCatalog()
