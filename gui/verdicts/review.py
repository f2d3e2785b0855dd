"""A test as the manager reviews it before signing it off: each item made again as the trainee saw it, the answer
given and the right one, both graded again by the engine, the rule and the time taken. Qt-free.

    review = review_test(records, session_uuid, judge)
    review.summary          # the test's summary with its verdict made again (judge.judged)
    review.items            # ReviewedItem per answer, in the order they were asked
    review.settings         # the settings the test was taken under (what its drill and panel are made with)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dealerdrill.core import Rng
from dealerdrill.domain import Item
from dealerdrill.drills.regrade import CannotRegrade, make_drill, regrade_item
from dealerdrill.records.models import SessionSummary
from dealerdrill.records.store import from_text

from .judge import Judge


@dataclass(frozen=True)
class ReviewedItem:
    number: int
    item: Item | None          # made again from its stored seed (None when it cannot be made here)
    answer: Any                # the answer as stored (read from JSON: tuples are lists)
    given: str                 # the answer in words, as the engine reads it now
    expected: str              # the right answer in words
    correct: bool              # graded again by the engine
    stored_correct: bool       # what the records stored
    rule: str
    explanation: str
    seconds: float
    answered_at: datetime | None
    problem: str = ""          # why it could not be made again or graded here ("" when it was)


@dataclass(frozen=True)
class TestReview:
    summary: SessionSummary
    items: tuple[ReviewedItem, ...]
    drill: Any                 # the drill made with the test's settings (None when it cannot be made here)

    @property
    def settings(self):
        return getattr(self.drill, "settings", None)


def review_test(records, session_uuid: str, judge: Judge | None = None) -> TestReview:
    """The review of one session (a test, or any session a manager is asked to sign off)."""
    judge = judge or Judge(records)
    summary = judge.judged(records.session(session_uuid))
    rows = records.read("SELECT s.settings FROM sessions s WHERE s.uuid = ?", (session_uuid,))
    settings_text = rows[0][0] if rows else "{}"
    try:
        drill = make_drill(summary.drill, settings_text)
    except CannotRegrade:
        drill = None
    answers = records.read(
        "SELECT a.seq, a.item, a.answer, a.expected, a.given, a.correct, a.rule, a.seconds, a.timed_out, "
        "a.answered_at FROM answers a JOIN sessions s ON s.id = a.session_id WHERE s.uuid = ? ORDER BY a.seq",
        (session_uuid,))
    items = tuple(_reviewed(drill, row) for row in answers)
    return TestReview(summary, items, drill)


def _reviewed(drill, row: tuple) -> ReviewedItem:
    seq, item_text, answer_text, expected, given, correct, rule, seconds, timed_out, answered_at = row
    try:
        answer = json.loads(answer_text)
    except (TypeError, ValueError):
        answer = answer_text
    stored = ReviewedItem(seq, None, answer, given, expected, bool(correct), bool(correct), rule, "", float(seconds),
                          from_text(answered_at))
    if drill is None:
        return _with_problem(stored, "the drill cannot be made here with the test's settings")
    try:
        record = json.loads(item_text)
        origin = record["origin"]
        item = drill.generate(Rng(origin["seed"]), int(origin.get("difficulty", 1)), origin.get("family"))
        grade = regrade_item(drill, record, answer, bool(timed_out))
    except CannotRegrade as error:
        return _with_problem(stored, str(error))
    except (TypeError, ValueError, KeyError, LookupError):
        return _with_problem(stored, "the stored item cannot be read")
    item = item if item.origin is not None else _with_origin(item, origin)
    return ReviewedItem(seq, item, answer, grade.given, grade.expected, bool(grade.correct), bool(correct),
                        grade.rule, grade.explanation, float(seconds), from_text(answered_at))


def _with_origin(item: Item, origin: dict) -> Item:
    from dataclasses import replace

    return replace(item, origin=dict(origin))


def _with_problem(stored: ReviewedItem, problem: str) -> ReviewedItem:
    from dataclasses import replace

    return replace(stored, problem=problem)
