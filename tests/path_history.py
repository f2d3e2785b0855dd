"""A trainee's history for the tests of the trainee's path (tests/desk/test_trainee_path.py and the Progress page's
tests/gui/test_trainee_path_view.py), made through the desk as the window makes it: lesson checks, practice, timed
answers and tests of the baccarat table of play, whose answers are the engine's keys (right) or the other Player call
(wrong)."""
from __future__ import annotations

from dealerdrill.domain import Grade, Mode, Target
from dealerdrill.domain.items import AnsweredItem
from dealerdrill.lessons import lesson

PIN, MANAGER = "24681357", "Mere Smith"
DRILL = "baccarat.table_of_play"
# A test of 4 at Basic, passed with 3 right; 4 answers before the targets say anything (a test's number).
TARGET = Target(seconds=8, accuracy=0.9, test_items=4, pass_mark=0.75, level=1)


def set_short_target(desk) -> None:
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.set_target(DRILL, TARGET)
    desk.lock_manager()


def wrong_answer(item):
    return dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")


def answer(session, rights, seconds: float = 2.0) -> None:
    for right in rights:
        item = session.next_item()
        session.submit(item.key if right else wrong_answer(item), seconds)


def check(desk, lesson_id: str, rights, *, finish: bool = True):
    """A lesson's check as the Learn page starts it (the desk marks the session with the lesson)."""
    found = lesson(lesson_id).check
    session = desk.start_session(found.drill, Mode.PRACTICE, found.difficulty, families=list(found.families) or None,
                                 lesson=lesson_id)
    answer(session, rights)
    if finish:
        desk.end_session()
    return session


def drill_session(desk, mode: Mode, rights, seed: int = 4, seconds: float = 2.0) -> None:
    answer(desk.start_session(DRILL, mode, 1, seed=seed), rights, seconds)
    desk.end_session()


def forged_test(desk):
    """A test of wrong answers whose stored grades say right (what a client that lies about its grades sends):
    passed by what the records store, failed by the engine. Returns its stored summary."""
    records = desk.records
    session = desk.start_session(DRILL, Mode.TEST)
    for _ in range(session.target.test_items):
        item = session.next_item()
        records.record_answer(session.session_id, AnsweredItem(item, wrong_answer(item), Grade(True, "", "", "")))
        session._drill_session.current = None
    summary = records.finish_session(session.session_id)
    desk.end_session()
    return summary
