"""Issue 28: every test is issued by the records and every verdict is made again (one desk, its own file).

Each test tries what a trainee who wants a pass did, through the Desk (what the window and the command line
call) or behind the program's back with SQL on the records file, and checks that the result the manager sees,
signs off and verifies is the engine's, under the manager's signed target.
"""
from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from real_answers import play_for_real

from dealerdrill.desk import Desk
from dealerdrill.domain import Grade, Mode, Target
from dealerdrill.domain.items import AnsweredItem
from dealerdrill.drills import DrillSession, registry
from dealerdrill.drills.situations import situation_of
from dealerdrill.records.models import ISSUE_KEY

PIN, MANAGER = "24681357", "Mere Smith"
DRILL = "baccarat.table_of_play"
TARGET = Target(seconds=8, accuracy=0.9, test_items=4, pass_mark=0.75, level=3)


def wrong_answer(item):
    return dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")


@pytest.fixture
def workstation(records_path, clock):
    desk = Desk.open(records_path, clock=clock)
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.set_target(DRILL, TARGET)
    desk.lock_manager()
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    yield desk
    desk.close()


def take(desk, rights):
    session = desk.start_session(DRILL, Mode.TEST)
    for right in rights:
        item = session.next_item()
        session.submit(item.key if right else wrong_answer(item), 2.0)
    return session, session.finish()


def judged(desk, session_id):
    desk.unlock_manager(PIN, MANAGER)
    try:
        return desk.judged_session(session_id)
    finally:
        desk.lock_manager()


def test_a_test_of_the_callers_target_is_refused_and_nothing_is_started(workstation):
    with pytest.raises(ValueError, match="manager's target"):
        workstation.start_session(DRILL, Mode.TEST, target=Target(pass_mark=0.0, test_items=1))
    assert workstation.session is None
    assert workstation.records.read("SELECT COUNT(*) FROM sessions")[0][0] == 0


def test_the_records_issue_the_seed_level_target_and_settings_of_a_test(workstation):
    session = workstation.start_session(DRILL, Mode.TEST, 1, seed=7)      # the trainee asks for Basic, seed 7
    assert session.difficulty == TARGET.level and session.target == TARGET
    (settings_text,) = workstation.records.read("SELECT settings FROM sessions WHERE uuid = ?",
                                                (session.session_id,))[0]
    settings = json.loads(settings_text)
    assert settings["difficulty"] == 3 and settings[ISSUE_KEY]["seed"] != 7
    first = session.next_item()
    assert first.origin["difficulty"] == 3
    session.finish()
    other = workstation.start_session(DRILL, Mode.TEST, 1, seed=7)
    assert other.next_item().origin["seed"] != first.origin["seed"]     # a new seed for each test, not the caller's


def test_a_failed_test_recorded_as_right_by_a_lying_client_is_judged_by_the_engine(workstation):
    records = workstation.records
    session = workstation.start_session(DRILL, Mode.TEST)
    for _ in range(TARGET.test_items):
        item = session.next_item()
        wrong = wrong_answer(item)
        # What a client that lies about its grades sends: a wrong answer marked right.
        records.record_answer(session.session_id, AnsweredItem(item, wrong, Grade(True, "", "", "")))
        session._drill_session.current = None
    summary = records.finish_session(session.session_id)
    assert summary.correct == TARGET.test_items and summary.passed      # what the stored grades alone would say
    verdict = judged(workstation, summary.uuid)
    assert verdict.correct == 0 and not verdict.passed
    assert any("stored grades say 4 right" in p and ", 0 are" in p for p in verdict.problems)
    workstation.unlock_manager(PIN, MANAGER)
    with pytest.raises(ValueError, match="cannot be signed off"):
        workstation.sign_off(summary.uuid, confirmed=True, reason="looks fine")
    assert [a for a in workstation.test_attempts() if a.uuid == summary.uuid][0].test_result.startswith("not trusted")
    assert any(summary.uuid in p.where for p in workstation.verify())


def test_a_test_the_records_did_not_issue_is_never_a_pass(workstation):
    # Started with the records' own start_session (any caller with the records in hand could): its items and
    # target are the caller's, so however right its answers, it is named and never passes.
    records = workstation.records
    session_id = records.start_session("Aroha", DRILL, Mode.TEST, {"difficulty": 3}, target=TARGET)
    drill_session = DrillSession(registry()[DRILL](), Mode.TEST, seed=1, difficulty=3, target=TARGET,
                                 on_answer=lambda answered: records.record_answer(session_id, answered))
    for _ in range(TARGET.test_items):
        drill_session.submit(drill_session.next_item().key, 2.0)
    records.finish_session(session_id)
    verdict = judged(workstation, session_id)
    assert verdict.correct == TARGET.test_items and not verdict.passed
    assert "not issued by the records" in verdict.not_counted
    issued = play_for_real(records, "Aroha", Mode.TEST, [True] * TARGET.test_items)
    assert judged(workstation, issued).passed


def test_an_honest_pass_and_an_honest_fail_are_judged_as_taken(workstation):
    _, passed = take(workstation, [True, True, True, False])
    _, failed = take(workstation, [True, False, False, True])
    assert passed.passed and not passed.problems and passed.judged
    assert failed.test_result == "not passed" and not failed.problems
    workstation.unlock_manager(PIN, MANAGER)
    assert workstation.verify() == []
    workstation.sign_off(passed.uuid)


def test_a_pass_mark_lowered_behind_the_programs_back_does_not_pass(workstation, records_path):
    # An unsigned target change written into the file: the next test is issued under it, and judged by the
    # manager's signed one.
    with sqlite3.connect(records_path) as db:
        db.execute("INSERT INTO target_changes (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, "
                   "level) VALUES (?, 8, 0.9, 1, 0.0, 'Mere Smith', '2026-03-02T09:30:00.000000Z', 1)", (DRILL,))
    session, summary = take(workstation, [False])
    assert session.target.pass_mark == 0.0                          # what the forged row gave the test
    verdict = judged(workstation, summary.uuid)
    assert verdict.target == TARGET and not verdict.passed
    assert any("not the manager's target in force" in p for p in verdict.problems)


def test_a_test_taken_under_a_clock_going_backwards_is_named(records_path):
    moments = iter([datetime(2031, 1, 1, tzinfo=UTC)] * 3 + [datetime(2020, 1, 1, tzinfo=UTC)] * 100)
    desk = Desk.open(records_path, clock=lambda: datetime(2026, 3, 2, tzinfo=UTC))
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.add_trainee("Aroha")
    desk.close()
    desk = Desk.open(records_path, clock=lambda: next(moments))
    desk.choose_trainee("Aroha")
    _, summary = take(desk, [True] * 20)
    desk.unlock_manager(PIN, MANAGER)
    verdict = desk.judged_session(summary.uuid)
    assert any("started in the future" in p for p in verdict.problems)
    assert any("finished" in p and "before it started" in p for p in verdict.problems)
    assert any(summary.uuid in p.where for p in desk.verify())
    desk.close()


def test_a_test_finished_under_a_clock_set_ahead_is_named(records_path):
    # Started and answered on time, finished with the desk's clock two days ahead: the finish is in the future for
    # whoever judges it now (a sign-off made today would be dated before the test ended).
    now = datetime.now(UTC).replace(microsecond=0)
    moments = iter([now - timedelta(hours=1)] * 6 + [now + timedelta(days=2)] * 100)
    desk = Desk.open(records_path, clock=lambda: now - timedelta(hours=2))
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.set_target(DRILL, TARGET)
    desk.lock_manager()
    desk.add_trainee("Aroha")
    desk.close()
    desk = Desk.open(records_path, clock=lambda: next(moments))
    desk.choose_trainee("Aroha")
    _, summary = take(desk, [True] * TARGET.test_items)
    desk.unlock_manager(PIN, MANAGER)
    verdict = desk.judged_session(summary.uuid)
    assert any("finished in the future" in p for p in verdict.problems) and not verdict.passed
    with pytest.raises(ValueError, match="cannot be signed off"):
        desk.sign_off(summary.uuid)
    assert any(summary.uuid in p.where for p in desk.verify())
    desk.close()


def test_a_caller_cannot_give_a_test_an_issue_of_its_own(workstation):
    # The records' start_session with an issue in the settings (a seed of the caller's, whose items and right answers
    # it knows): refused, nothing started. Only issue_test makes an issue.
    records = workstation.records
    _, honest = take(workstation, [False] * TARGET.test_items)
    settings = json.loads(records.read("SELECT settings FROM sessions WHERE uuid = ?", (honest.uuid,))[0][0])
    settings[ISSUE_KEY]["seed"] = 4242
    sessions = records.read("SELECT COUNT(*) FROM sessions")[0][0]
    with pytest.raises(ValueError, match="issue_test"):
        records.start_session("Aroha", DRILL, Mode.TEST, settings, target=TARGET)
    assert records.read("SELECT COUNT(*) FROM sessions")[0][0] == sessions


def test_a_test_at_another_level_is_not_a_pass_of_its_target(workstation, records_path):
    _, summary = take(workstation, [True] * 4)
    # The level rewritten in the session's settings (and the ledger left behind): named, never a pass.
    with sqlite3.connect(records_path) as db:
        db.execute("DROP TRIGGER sessions_keep_what_they_recorded")
        db.execute("DROP TRIGGER finished_sessions_are_permanent")
        settings = json.loads(db.execute("SELECT settings FROM sessions WHERE uuid = ?", (summary.uuid,)).fetchone()[0])
        settings["difficulty"] = 1
        db.execute("UPDATE sessions SET settings = ? WHERE uuid = ?", (json.dumps(settings), summary.uuid))
    verdict = judged(workstation, summary.uuid)
    assert not verdict.passed and "Basic level" in verdict.not_counted


def test_no_situation_repeats_within_a_test_while_the_level_has_unused_ones():
    from dealerdrill.drills.session import ItemsOfATest

    drill = registry()["baccarat.procedure"]()
    available = {situation_of(ItemsOfATest(drill, seed, 1).next(), drill) for seed in range(400)}
    items = ItemsOfATest(drill, 12345, 1)
    asked = [situation_of(items.next(), drill) for _ in range(len(available) + 3)]
    assert len(set(asked[:len(available)])) == len(available)       # every situation once before any repeats


def test_the_items_of_a_test_follow_from_its_seed_alone():
    from dealerdrill.drills.session import ItemsOfATest

    drill = registry()[DRILL]()

    def seeds(seed):
        items = ItemsOfATest(drill, seed, 2)
        return [items.next().origin["seed"] for _ in range(5)]

    assert seeds(99) == seeds(99) and seeds(99) != seeds(100)


def test_the_manager_reviews_each_item_as_it_was_asked_before_signing_off(workstation):
    session, summary = take(workstation, [True, False, True, True])
    asked = [answered.item for answered in session.result.answered]
    with pytest.raises(PermissionError):
        workstation.review_test(summary.uuid)
    workstation.unlock_manager(PIN, MANAGER)
    review = workstation.review_test(summary.uuid)
    assert review.summary.passed and review.summary.judged
    assert [r.item.prompt for r in review.items] == [item.prompt for item in asked]
    assert [r.correct for r in review.items] == [True, False, True, True]
    wrong = review.items[1]
    assert wrong.expected != wrong.given and wrong.rule and wrong.explanation and wrong.seconds == 2.0
