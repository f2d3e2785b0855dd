"""The manager role as the window shows it: the unlock dialog waiting out a PIN lock-out with the desk, and the
role locking itself after idle minutes (the window's input filter and timer), with the idle time a manager sets
on the Manager page.

The desk keeps the rules (roles.py); these tests drive the window and check that it follows them: the time of
day and the idle time are clocks the test moves, handed to the desk.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from PySide6.QtCore import Qt

from dealerdrill import app as app_module
from dealerdrill.desk import Desk

PIN = "4826"
MANAGER = "Mere Smith"


class StillClock:
    """The time of day, moved by the test; each reading adds a millisecond so stored times stay in order."""

    def __init__(self):
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)

    def __call__(self):
        self.now += timedelta(milliseconds=1)
        return self.now


class IdleClock:
    """Seconds for the idle lock (time.monotonic's stand-in), moved by the test."""

    def __init__(self):
        self.seconds = 1000.0

    def __call__(self):
        return self.seconds

    def pass_minutes(self, minutes: float) -> None:
        self.seconds += 60 * minutes


@pytest.fixture
def records_path(tmp_path):
    return tmp_path / "records" / "records.sqlite3"


def open_window(qtbot, desk):
    window = app_module.MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def wrong_pin(qtbot, dialog) -> None:
    qtbot.keyClicks(dialog.pin_edit, "0000")
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)


# --- the PIN lock-out ------------------------------------------------------------------------------------------

def test_five_wrong_pins_hold_the_unlock_button_counting_down_until_the_desk_tries_pins_again(qtbot, records_path):
    clock = StillClock()
    desk = Desk.open(records_path, clock=clock)
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.lock_manager()
    window = open_window(qtbot, desk)
    ui = window.records_ui
    dialog = ui.unlock_manager()
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    for _ in range(4):
        wrong_pin(qtbot, dialog)
        assert dialog.problem_label.text() == "That PIN is not right." and dialog.ok_button.isEnabled()
    wrong_pin(qtbot, dialog)                                         # the fifth wrong PIN in a row
    assert "Too many wrong PINs in a row" in dialog.problem_label.text()
    assert "1 min 0 s" in dialog.problem_label.text()
    assert not dialog.ok_button.isEnabled() and re.search(r"wait (59|60) s", dialog.ok_button.text())

    # The sixth try, with the right PIN: Enter does nothing while the button waits ...
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert dialog.isVisible() and not desk.unlocked
    # ... and past the disabled button the desk itself refuses it, and logs the try.
    qtbot.keyClicks(dialog.pin_edit, PIN)
    dialog.submit()
    assert not desk.unlocked and "Too many wrong PINs" in dialog.problem_label.text()
    assert [e.action for e in desk.records.audit_log()].count("unlock_throttled") == 1

    # Closing the dialog is no way round the wait: a new one waits from the start, its name field empty.
    dialog.close()
    dialog = ui.unlock_manager()
    assert dialog.name_edit.text() == ""
    assert not dialog.ok_button.isEnabled() and "Too many wrong PINs" in dialog.problem_label.text()
    clock.now += timedelta(seconds=30)
    qtbot.waitUntil(lambda: re.search(r"wait (29|30) s", dialog.ok_button.text()) is not None, timeout=3000)
    assert "30 s" in dialog.problem_label.text() or "29 s" in dialog.problem_label.text()
    clock.now += timedelta(seconds=31)
    qtbot.waitUntil(dialog.ok_button.isEnabled, timeout=3000)       # the next tick sees the wait is over
    assert dialog.ok_button.text() == "Unlock" and "try the PIN again" in dialog.problem_label.text()
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert desk.unlocked and desk.manager.name == MANAGER
