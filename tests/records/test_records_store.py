"""Recording answers, permanence, archiving, targets, sign-offs and scheduler memory in the records (storage
only: who may call these is the desk's business, tested in tests/desk)."""
from __future__ import annotations

import json
import sqlite3

import pytest

from dealerdrill.domain import ErrorCategory, Mode, Target
from dealerdrill.drills.base import registry
from dealerdrill.drills.session import DrillSession
from dealerdrill.records import UnknownTraineeError

# ------------------------------------------------------------------------------------------ trainees

def test_trainee_names_are_tidied_unique_regardless_of_case_and_validated(records):
    assert records.create_trainee("  Aroha   Ngata ").name == "Aroha Ngata"
    with pytest.raises(ValueError, match="already exists"):
        records.create_trainee("aroha ngata")
    for bad in ("", "   ", "x" * 61, "tab\x07bell"):
        with pytest.raises(ValueError):
            records.create_trainee(bad)
    assert [t.name for t in records.trainees()] == ["Aroha Ngata"]
    assert records.trainee("AROHA NGATA").name == "Aroha Ngata"
    with pytest.raises(UnknownTraineeError, match="no trainee called 'Nobody'"):
        records.trainee("Nobody")


# ------------------------------------------------------------------------------------------ answers

def test_each_answer_is_stored_with_everything_the_brief_lists(records, answer_factory, clock):
    records.create_trainee("Aroha")
    session = records.start_session("Aroha", "roulette.payout", Mode.TIMED, {"first_four": True})
    right = answer_factory("roulette.payout", "roulette.payout.split", True, 4.25, answer=[17, 2])
    wrong = answer_factory("roulette.payout", "roulette.payout.corner", False, 9.5,
                           category=ErrorCategory.WRONG_ODDS, answer={"paid": 40})
    first_id = records.record_answer(session, right)
    second_id = records.record_answer(session, wrong)
    first, second = records.answers()
    assert (first.uuid, second.uuid) == (first_id, second_id) and first_id != second_id
    assert (first.session_uuid, first.trainee, first.drill, first.game, first.mode) == \
           (session, "Aroha", "roulette.payout", "roulette", "timed")
    assert first.item == json.loads(right.item.to_record())
    assert (first.seq, first.answer, first.correct, first.category, first.seconds) == (1, [17, 2], True, None, 4.25)
    assert (second.seq, second.answer, second.correct, second.category, second.seconds) == \
           (2, {"paid": 40}, False, "roulette_wrong_odds", 9.5)
    assert (second.expected, second.given, second.rule) == ("the key", "{'paid': 40}", "rule 1")
    assert first.answered_at < second.answered_at <= clock.now
    summary = records.finish_session(session)
    assert (summary.items, summary.correct, summary.median_seconds, summary.settings) == \
           (2, 1, (4.25 + 9.5) / 2, {"first_four": True})
    assert summary.finished_at is not None and summary.passed is None


def test_a_real_drill_session_records_through_on_answer(records):
    drill = registry()["baccarat.table_of_play"]()
    records.create_trainee("Wiremu")
    session_id = records.start_session("Wiremu", drill.id, Mode.PRACTICE)
    session = DrillSession(drill, Mode.PRACTICE, seed=11, target=records.target(drill.id),
                           on_answer=lambda answered: records.record_answer(session_id, answered))
    asked = []
    for index in range(6):
        item = session.next_item()
        asked.append(item.family)
        if index % 2:
            session.time_out(30.0)                     # wrong: category timeout
        else:
            session.submit(item.key, seconds=1.5)      # the engine's own answer: right
    stored = records.answers()
    assert [a.family for a in stored] == asked
    assert [a.correct for a in stored] == [True, False] * 3
    assert {a.category for a in stored if not a.correct} == {"timeout"}
    assert all(a.timed_out == (not a.correct) for a in stored)


def test_answers_and_finished_sessions_cannot_be_changed_or_deleted(records, play, answer_factory):
    records.create_trainee("Aroha")
    session = play("Aroha", "d.x", Mode.PRACTICE, [("f", True, 1.0)])
    db = records._connection
    for statement in ("UPDATE answers SET correct = 0", "DELETE FROM answers",
                      "UPDATE sessions SET mode = 'test'", "DELETE FROM sessions", "DELETE FROM trainees",
                      "DELETE FROM audit"):
        with pytest.raises(sqlite3.IntegrityError):
            db.execute(statement)
    assert records.answers()[0].correct
    with pytest.raises(ValueError, match="finished"):
        records.record_answer(session, answer_factory("d.x", "f", False))


def test_an_answer_for_another_drill_or_an_unknown_session_is_refused(records, answer_factory):
    records.create_trainee("Aroha")
    session = records.start_session("Aroha", "d.one", "practice")
    with pytest.raises(ValueError, match="d.two"):
        records.record_answer(session, answer_factory("d.two", "f", True))
    with pytest.raises(LookupError):
        records.record_answer("no-such-session", answer_factory("d.one", "f", True))
    with pytest.raises(ValueError, match="not a drill mode"):
        records.start_session("Aroha", "d.one", "exam")
    assert records.answers() == []


# ------------------------------------------------------------------------------------------ manager actions

def test_archiving_hides_a_trainee_but_keeps_the_history(records, play):
    for name in ("Aroha", "Hemi"):
        records.create_trainee(name)
        play(name, "d.x", Mode.PRACTICE, [("f", True, 1.0), ("f", False, 2.0)])
    archived = records.archive_trainee("Hemi", "Mere")
    assert archived.archived and archived.archived_by == "Mere"
    assert [t.name for t in records.trainees()] == ["Aroha"]
    assert [t.name for t in records.trainees(include_archived=True)] == ["Aroha", "Hemi"]
    assert {a.trainee for a in records.answers()} == {"Aroha"}
    from dealerdrill.records import RecordFilter

    assert len([a for a in records.answers(RecordFilter(include_archived=True)) if a.trainee == "Hemi"]) == 2
    assert [p.answered for p in records.skill_progress("Hemi")] == [2]   # the history is still there
    with pytest.raises(PermissionError, match="archived"):
        records.start_session("Hemi", "d.x", "practice")
    with pytest.raises(ValueError, match="already exists"):
        records.create_trainee("hemi")
    records.restore_trainee("Hemi", "Mere")
    assert [t.name for t in records.trainees()] == ["Aroha", "Hemi"]
    assert {"trainee_archived", "trainee_restored"} <= {e.action for e in records.audit_log()}


def test_targets_are_set_by_managers_and_sessions_keep_the_target_they_started_with(records, play, signer):
    records.create_trainee("Aroha")
    before = play("Aroha", "d.x", Mode.TEST, [("f", True, 1.0)] * 3)
    strict = Target(seconds=4, accuracy=0.97, test_items=3, pass_mark=1.0)
    records.set_target("d.x", strict, "Mere", signer)
    assert records.target("d.x") == strict
    info = records.targets()["d.x"]
    assert (info.target, info.set_by) == (strict, "Mere")
    after = play("Aroha", "d.x", Mode.TEST, [("f", True, 1.0), ("f", True, 1.0), ("f", False, 1.0)])
    assert records.session(before).target == Target() and records.session(after).target == strict
    assert records.session(after).passed is False      # 2/3 under a 100% pass mark


def test_sign_off_records_who_and_when_once_for_finished_sessions_only(records, play, signer):
    manager = "Mere Smith"
    records.create_trainee("Aroha")
    running = play("Aroha", "d.x", Mode.TEST, [("f", True, 1.0)], finish=False)
    attempt = play("Aroha", "d.x", Mode.TEST, [("f", True, 1.0)] * 20)
    with pytest.raises(ValueError, match="not finished"):
        records.sign_off(running, manager, signer)
    signed = records.sign_off(attempt, manager, signer, note="watched on table 4")
    assert (signed.signed_by, signed.signoff_note, signed.passed) == ("Mere Smith", "watched on table 4", True)
    assert signed.signed_at is not None and signed.signed_at >= signed.finished_at
    with pytest.raises(ValueError, match="already signed off by Mere Smith"):
        records.sign_off(attempt, manager, signer)
    with pytest.raises(sqlite3.IntegrityError):
        records._connection.execute("UPDATE signoffs SET manager = 'someone else'")


def test_scheduler_memory_is_stored_with_each_answer_per_trainee_and_drill(records, answer_factory):
    from dealerdrill.drills.scheduler import Scheduler

    records.create_trainee("Aroha")
    records.create_trainee("Hemi")
    session = records.start_session("Aroha", "d.x", Mode.PRACTICE)
    scheduler = Scheduler(["a", "b", "c"], seed=1)
    assert records.load_scheduler_memory("Aroha", "d.x") is None
    for family, correct in (("a", False), ("b", True), ("a", False), ("c", True)):
        scheduler.record(family, correct, 1.0, 10.0)
        records.record_answer(session, answer_factory("d.x", family, correct), scheduler.snapshot())
    restored = Scheduler(["a", "b", "c"], seed=1, memory=records.load_scheduler_memory("aroha", "d.x"))
    assert restored.snapshot() == scheduler.snapshot()
    assert records.load_scheduler_memory("Hemi", "d.x") is None
    assert records.load_scheduler_memory("Aroha", "d.y") is None
    records.record_answer(session, answer_factory("d.x", "b", True))   # no memory given: the stored one stays
    assert records.load_scheduler_memory("Aroha", "d.x")["clock"] == 4


def test_records_in_another_thread_use_a_clone(records, play):
    import threading

    records.create_trainee("Aroha")
    play("Aroha", "d.x", Mode.PRACTICE, [("f", True, 1.0)] * 4)
    counted = []

    def work():
        with records.clone() as mine:
            counted.append(len(mine.answers()))

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert counted == [4]
