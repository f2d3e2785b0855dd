"""Each drill's default speed target and pass mark, filled in by the game modules next to each drill's
definition; the records keep the manager's own values, which take precedence (dealerdrill.desk)."""
from __future__ import annotations

from dealerdrill.domain import Target

DEFAULT_TARGETS: dict[str, Target] = {}  # filled by the game modules next to each drill's definition


def default_target(drill_id: str) -> Target:
    return DEFAULT_TARGETS.get(drill_id, Target())
