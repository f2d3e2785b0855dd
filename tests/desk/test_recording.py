"""Recording at the desk: a session per drill session, each answer stored with the trainee's scheduler
memory in ONE transaction, guests never recorded, the settings in force stored with the session."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from quick_pin_kdf import CHILD_PRELUDE

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode


def answer_some(session, count, right=True):
    for _ in range(count):
        item = session.next_item()
        session.submit(item.key if right else {"player": "draw", "banker": "draw", "winner": "tie"}, 1.5)


def test_a_trainees_answers_and_memory_are_stored_as_they_are_graded(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, difficulty=2, seed=4)
    asked = []
    for _ in range(4):
        item = session.next_item()
        asked.append(item.family)
        session.submit(item.key, 1.5)                       # the engine's own answer: right
        stored = desk.records.answers()
        assert stored[-1].uuid == session.last_answer_id and len(stored) == len(asked)
        # the memory on disk is the scheduler's memory after this very answer
        assert desk.records.load_scheduler_memory("Aroha", "baccarat.table_of_play") == session.scheduler.snapshot()
    summary = desk.end_session()
    assert [a.family for a in desk.records.answers()] == asked
    assert (summary.items, summary.correct, summary.finished_at is not None) == (4, 4, True)
    assert summary.settings["baccarat"] == desk.settings.to_dict()["baccarat"] and summary.settings["difficulty"] == 2
    assert desk.session is None


def test_the_next_session_starts_from_the_stored_memory(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    first = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=1)
    answer_some(first, 3)
    memory = first.scheduler.snapshot()
    second = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=1)   # ends the first
    assert second.scheduler.snapshot() == memory
    assert desk.records.session(first.session_id).finished_at is not None


def test_a_guest_is_never_recorded_but_keeps_a_memory_while_the_program_runs(desk):
    desk.choose_guest()
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=2)
    answer_some(session, 3)
    assert not session.recorded and desk.records.answers() == [] and desk.records.sessions() == []
    memory = session.scheduler.snapshot()
    assert desk.start_session("baccarat.table_of_play", Mode.PRACTICE).scheduler.snapshot() == memory
    desk.add_trainee("Hemi")
    desk.choose_trainee("Hemi")                             # a new person: the guest's memory is gone
    assert desk.start_session("baccarat.table_of_play", Mode.PRACTICE).scheduler.snapshot()["clock"] == 0


def test_nobody_chosen_cannot_start_and_a_change_of_person_ends_the_session(desk):
    with pytest.raises(PermissionError, match="Choose who is training"):
        desk.start_session("baccarat.table_of_play", Mode.PRACTICE)
    for name in ("Aroha", "Hemi"):
        desk.add_trainee(name)
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.TEST)
    answer_some(session, 2)
    desk.choose_trainee("Hemi")
    assert session.closed and desk.session is None
    stored = desk.records.session(session.session_id)
    assert (stored.trainee, stored.items, stored.finished_at is not None) == ("Aroha", 2, True)


def test_a_failure_to_store_is_reported_and_the_grade_still_given(desk, monkeypatch):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=3)
    from dealerdrill.records import RecordsFullError

    def full(*args, **kwargs):
        raise RecordsFullError("The disk holding the records is full, so the last change was NOT stored.")

    monkeypatch.setattr(desk.records, "record_answer", full)
    item = session.next_item()
    grade = session.submit(item.key, 1.0)
    assert grade.correct
    assert session.recording_problem.startswith("That answer could not be recorded: The disk holding the records")


KILLED_BETWEEN_THE_WRITES = textwrap.dedent("""
    import os, signal, sys
    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode

    desk = Desk.open(sys.argv[1])
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=9)
    for _ in range(3):                         # three answers committed with their memory
        item = session.next_item()
        session.submit(item.key, 1.0)
    print(session.scheduler.snapshot()["clock"], flush=True)

    def die_at_the_memory_write(sql):
        # Today's code wrote the answer and the memory in two transactions; the answer is written first,
        # so dying as the memory's statement starts is the moment "between the two writes".
        if sql.lstrip().upper().startswith("INSERT INTO SCHEDULER_MEMORY"):
            os.kill(os.getpid(), signal.SIGKILL)

    desk.records._connection.set_trace_callback(die_at_the_memory_write)
    item = session.next_item()
    session.submit(item.key, 1.0)
    print("not killed", flush=True)
""")


def test_killed_between_the_answer_and_the_memory_nothing_half_written_remains(records_path):
    records_path.parent.mkdir(parents=True)
    child = subprocess.run([sys.executable, "-c", KILLED_BETWEEN_THE_WRITES, str(records_path)],
                           capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONHASHSEED": "0"})
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert child.stdout.split() == ["3"]
    with Desk.open(records_path) as desk:
        answers = desk.records.answers()
        memory = desk.records.load_scheduler_memory("Aroha", "baccarat.table_of_play")
        # Neither the fourth answer nor its memory: the memory on disk belongs to the third answer.
        assert len(answers) == 3 and memory["clock"] == 3
        with sqlite3.connect(records_path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_application_layer_runs_without_qt(tmp_path):
    script = textwrap.dedent("""
        import sys
        from dealerdrill.desk import Desk
        from dealerdrill.domain import Mode
        with Desk.open(sys.argv[1]) as desk:
            desk.set_first_pin("Mere", "246824", "246824")
            desk.add_trainee("Aroha")
            desk.choose_trainee("Aroha")
            session = desk.start_session("paigow.house_way", Mode.TEST)
            item = session.next_item()
            session.submit(item.key, 1.0)
            desk.end_session()
            desk.unlock_manager("246824", "Mere")      # choosing the trainee locked the role
            desk.export("csv", sys.argv[2])
        loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("PySide6", "shiboken6"))
        print(loaded)
    """)
    (tmp_path / "data").mkdir()
    child = subprocess.run([sys.executable, "-c", CHILD_PRELUDE + script, str(tmp_path / "data" / "records.sqlite3"),
                            str(tmp_path / "answers.csv")], capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "[]"
