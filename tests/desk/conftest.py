"""Fixtures for the application layer's tests: a desk over throw-away records, with no QApplication."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

PIN, MANAGER = "246824", "Mere Smith"


class Clock:
    def __init__(self):
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self):
        self.now += timedelta(seconds=3)
        return self.now


@pytest.fixture(autouse=True)
def dealerdrill_home(tmp_path, monkeypatch):
    home = tmp_path / "dealerdrill-home"
    monkeypatch.setenv("DEALERDRILL_HOME", str(home))
    return home


@pytest.fixture
def records_path(tmp_path):
    return tmp_path / "records" / "records.sqlite3"


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def desk(records_path):
    from dealerdrill.desk import Desk

    opened = Desk.open(records_path, clock=Clock())
    yield opened
    opened.close()


@pytest.fixture
def manager_desk(desk):
    """The desk with a PIN set and the role held by MANAGER."""
    desk.set_first_pin(MANAGER, PIN, PIN)
    return desk
