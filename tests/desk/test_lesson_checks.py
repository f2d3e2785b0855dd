"""A lesson's check at the desk: practice that asks only the lesson's families of its drill, recorded as practice for
a trainee exactly as the Drills page's practice is, never for a guest, and never a test."""
from __future__ import annotations

import pytest

from dealerdrill.domain import Mode
from dealerdrill.lessons import lesson

NATURALS = ["natural.player8", "natural.player9", "natural.banker8", "natural.banker9"]


def test_a_check_asks_only_its_families_and_is_recorded_as_practice(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, 1, seed=3, families=NATURALS)
    asked = []
    for _ in range(6):
        item = session.next_item()
        asked.append(item.family)
        grade = session.submit(item.key, 2.0)
        assert grade.correct                                  # the engine's own answer is right
    assert set(asked) <= set(NATURALS)
    summary = desk.end_session()
    assert (summary.mode, summary.drill, summary.items, summary.correct) == ("practice", "baccarat.table_of_play", 6, 6)
    stored = desk.records.answers()
    assert [a.family for a in stored] == asked and {a.mode for a in stored} == {"practice"}
    assert desk.records.test_attempts() == []                # a check is never a test


def test_a_guests_check_is_not_recorded(desk):
    desk.choose_guest()
    check = lesson("baccarat.points").check
    session = desk.start_session(check.drill, Mode.PRACTICE, check.difficulty, families=list(check.families))
    for _ in range(check.items):
        item = session.next_item()
        session.submit(item.key, 1.0)
    desk.end_session()
    assert not session.recorded and desk.records.answers() == [] and desk.records.sessions() == []


def test_a_test_cannot_be_narrowed_to_some_families(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    with pytest.raises(ValueError, match="cannot be narrowed"):
        desk.start_session("baccarat.table_of_play", Mode.TEST, families=NATURALS)
    assert desk.session is None and desk.records.sessions() == []


def test_a_family_the_drill_does_not_have_is_refused(desk):
    desk.choose_guest()
    with pytest.raises(ValueError, match="not a family of baccarat.table_of_play"):
        desk.start_session("baccarat.table_of_play", Mode.PRACTICE, families=["roulette.keys.35"])
    assert desk.session is None


def test_without_families_practice_asks_what_its_level_draws(desk):
    desk.choose_guest()
    session = desk.start_session("roulette.winners", Mode.PRACTICE, 1, seed=5)
    basic = session.drill.families_for(1)
    assert session.scheduler.asked == basic
    for _ in range(4):
        item = session.next_item()
        assert item.family in basic
        session.time_out(1.0)
