"""Fixtures for the records tests: a throw-away home folder, a Records on a temporary database with a
clock the test moves, and a helper that records synthetic answers whose rightness the test decides."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dealerdrill.domain import AnsweredItem, ErrorCategory, Grade, Item


class Clock:
    """Starts at a fixed moment; every reading moves it on by `step` so that record times are ordered."""

    def __init__(self, start=datetime(2026, 3, 2, 9, 0, tzinfo=UTC), step=timedelta(seconds=3)):
        self.now, self.step = start, step

    def __call__(self):
        self.now += self.step
        return self.now

    def advance(self, **kwargs):
        self.now += timedelta(**kwargs)


@pytest.fixture(autouse=True)
def dealerdrill_home(tmp_path, monkeypatch):
    home = tmp_path / "dealerdrill-home"
    monkeypatch.setenv("DEALERDRILL_HOME", str(home))
    return home


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def records(tmp_path, clock):
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records

    opened = Records(tmp_path / "records" / "records.sqlite3", clock=clock, workstation="test-bench",
                     catalog=DRILL_CATALOG)
    yield opened
    opened.close()


def make_answer(drill: str, family: str, correct: bool, seconds: float = 2.0,
                category: ErrorCategory | None = ErrorCategory.ARITHMETIC, answer="A", text: str = "Q?"):
    item = Item(drill, family, {"shown": family}, key="K", text=text, hint="h")
    grade = Grade(correct, expected="the key", given=str(answer), explanation="because",
                  category=None if correct else category, rule="rule 1", seconds=seconds)
    return AnsweredItem(item, answer, grade)


@pytest.fixture
def answer_factory():
    return make_answer


@pytest.fixture
def play(records):
    """play(trainee, drill, mode, [(family, correct, seconds), ...]) -> session id (finished)."""

    def run(trainee, drill, mode, answers, finish=True, category=ErrorCategory.ARITHMETIC):
        session = records.start_session(trainee, drill, mode, {"table": "nz"})
        for family, correct, seconds in answers:
            records.record_answer(session, make_answer(drill, family, correct, seconds, category))
        if finish:
            records.finish_session(session)
        return session

    return run


# ------------------------------------------------------------------------------------------ real answers

SIGNING_PIN = "246824"


@pytest.fixture
def signer(records):
    """A manager's key these records accept (as if the manager set the PIN on this workstation)."""
    from dealerdrill.desk import manager_key

    key = manager_key.new_key(SIGNING_PIN)
    records.add_manager_key(key.public.raw, "Mere", "this workstation", key, "Mere")
    return key


@pytest.fixture
def real_play(records):
    from real_answers import play_for_real

    return lambda *args, **kwargs: play_for_real(records, *args, **kwargs)
