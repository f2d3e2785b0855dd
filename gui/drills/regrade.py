"""Grading a stored answer again, by the engine, from what the records kept: the item's origin (its seed, the
family asked for and the difficulty), the session's settings and the answer given. Imports use it so that
no answer's verdict is taken on trust from a file. Qt-free."""
from __future__ import annotations

import json

from dealerdrill.core import Rng
from dealerdrill.domain import Grade

from .base import registry, timeout_grade


class CannotRegrade(ValueError):
    """The stored answer cannot be graded again here; the message says why, in plain words."""


class Regrader:
    """grade(drill id, the session's settings JSON, the item record JSON, the answer JSON, timed out) -> right?
    Remembers the drills it made, one per drill and settings (an import asks millions of times)."""

    def __init__(self) -> None:
        self._drills: dict[tuple[str, str], object] = {}

    def __call__(self, drill_id: str, settings_text: str, item_text: str, answer_text: str, timed_out: bool) -> bool:
        drill = self._drill(drill_id, settings_text)
        return regrade_item(drill, _json(item_text, "the item"), _json(answer_text, "the answer"), timed_out).correct

    def _drill(self, drill_id: str, settings_text: str):
        made = self._drills.get((drill_id, settings_text))
        if made is None:
            made = self._drills[(drill_id, settings_text)] = make_drill(drill_id, settings_text)
        return made


def regrade(drill_id: str, settings_text: str, item_record, answer, timed_out: bool) -> Grade:
    """The engine's grade of `answer` to the item `item_record` describes (Item.to_record() as stored),
    made again under the session's settings (its stored JSON). CannotRegrade when the drill is unknown
    here, the item has no origin, a setting (such as a loaded house way) is not available here, or the
    item made again is not the item stored."""
    record = item_record if isinstance(item_record, dict) else _json(item_record, "the item")
    return regrade_item(make_drill(drill_id, settings_text), record, answer, timed_out)


def make_drill(drill_id: str, settings_text: str, extra_drills: dict | None = None):
    """The drill as the session had it: made with the session's stored settings. `extra_drills` (id -> class):
    drills beyond the registered ones that sessions were started with (a caller's own). A registered drill's id is
    always graded by the program's drill: a class of the caller's own under that id (one that calls every answer
    right) grades nothing, here or in a seal of what was graded (issue 28)."""
    from dealerdrill import settings as table_settings

    drills = {**(extra_drills or {}), **registry()}
    if drill_id not in drills:
        raise CannotRegrade(f"the drill {drill_id!r} is not one this Dealer Drill has")
    stored_settings = _json(settings_text, "the session's settings")
    if not isinstance(stored_settings, dict):
        raise CannotRegrade("the session's settings are not settings")
    settings, problems = table_settings.from_dict({t: v for t, v in stored_settings.items()
                                                   if t in table_settings.TABLE_SETTINGS})
    if problems:
        raise CannotRegrade(f"the session's settings cannot be used here ({problems[0]})")
    way = settings.paigow.house_way
    if way not in {choice for choice, _ in table_settings.house_way_choices()}:
        raise CannotRegrade(f"its house way {way!r} is not loaded on this workstation")
    try:
        return drills[drill_id](settings)
    except (ValueError, LookupError, TypeError) as error:
        raise CannotRegrade(f"the drill cannot be set up here ({error})") from None


def regrade_item(drill, record: dict, answer, timed_out: bool) -> Grade:
    if not isinstance(record, dict):
        raise CannotRegrade("the item is not an item record")
    origin = record.get("origin")
    if not isinstance(origin, dict) or not isinstance(origin.get("seed"), int):
        raise CannotRegrade("it was recorded without the item's origin (by a Dealer Drill before version 4 of "
                            "the records), so the engine cannot grade it again")
    try:
        item = drill.generate(Rng(origin["seed"]), int(origin.get("difficulty", 1)), origin.get("family"))
    except (ValueError, LookupError, TypeError) as error:
        raise CannotRegrade(f"the item cannot be made again here ({error})") from None
    return grade_as_made(drill, item, record, answer, timed_out)


def grade_as_made(drill, item, record: dict, answer, timed_out: bool) -> Grade:
    """The engine's grade of `answer` to `item`, the item made again, which must be the one `record` stored."""
    if (item.family, _plain(item.prompt), item.text) != (record.get("family"), record.get("prompt"),
                                                         record.get("text")):
        raise CannotRegrade("the item made again from its origin is not the item stored (it was altered, or "
                            "the drill asks differently in this version)")
    if timed_out:
        # The grade a time-out gets in a session: the drill's explanation of the key, category TIMEOUT.
        explanation, rule = drill.explain(item)
        return timeout_grade(item, drill.describe_key(item), 0.0, rule, explanation)
    try:
        return drill.grade(item, answer, 0.0)
    except ValueError as error:
        raise CannotRegrade(f"the stored answer cannot be read ({error})") from None


def _json(text, what: str):
    if not isinstance(text, str):
        raise CannotRegrade(f"{what} is not stored as JSON text")
    try:
        return json.loads(text)
    except ValueError:
        raise CannotRegrade(f"{what} is not readable JSON") from None


def _plain(value):
    """A prompt as it reads back from JSON (tuples become lists, keys become text)."""
    return json.loads(json.dumps(value, sort_keys=True, default=str))
