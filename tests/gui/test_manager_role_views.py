"""The manager role as the window shows it: the unlock dialog waiting out a PIN lock-out with the desk, and the
role locking itself after idle minutes (the window's input filter and timer), with the idle time a manager sets
on the Manager page.

The desk keeps the rules (roles.py); these tests drive the window and check that it follows them: the time of
day and the idle time are clocks the test moves, handed to the desk.
"""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from still_clock import StillClock

from dealerdrill import app as app_module
from dealerdrill.desk import Desk
from dealerdrill.views import idle_lock
from dealerdrill.views.records_manager import WORKSTATION_TAB

PIN = "482648"
MANAGER = "Mere Smith"


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


# --- the idle lock -----------------------------------------------------------------------------------------------

IDLE_MESSAGE = "The manager role locked itself after {} idle minutes. Unlock it again with the PIN (Ctrl+L)."


@pytest.fixture
def idle():
    return IdleClock()


def manager_window(qtbot, records_path, idle):
    """The window over a desk whose idle time the test moves, with the role held and the Manager page shown."""
    desk = Desk.open(records_path, idle_clock=idle)
    desk.set_first_pin(MANAGER, PIN, PIN)
    window = open_window(qtbot, desk)
    assert window.records_ui.show_manager()
    return window, desk, window.records_ui.manager_page


def test_input_keeps_the_role_and_idle_minutes_lock_it_through_the_windows_timer(qtbot, records_path, idle,
                                                                                monkeypatch):
    monkeypatch.setattr(idle_lock, "CHECK_EVERY_MS", 40)
    window, desk, page = manager_window(qtbot, records_path, idle)
    idle.pass_minutes(4)
    qtbot.keyClick(page.tabs, Qt.Key_Right)                # a key press: the idle time starts again
    idle.pass_minutes(4)
    qtbot.wait(200)                                        # several checks go by
    assert desk.unlocked and window.sections.currentWidget() is page
    qtbot.mouseClick(page.reset_button, Qt.LeftButton)     # so does a click
    idle.pass_minutes(4.5)
    qtbot.mouseMove(page.tabs)                             # a mouse move alone does not (Qt makes moves up)
    qtbot.wait(200)
    assert desk.unlocked
    idle.pass_minutes(1)                                   # five minutes since the click
    # Wait on the window, not on desk.unlocked: reading the role would lock it itself.
    qtbot.waitUntil(lambda: window.sections.currentWidget() is not page, timeout=2000)
    assert not desk.unlocked and not page.tabs.isEnabled()
    assert window.records_ui.manager_button.text() == "Manager: locked"
    assert window.statusBar().currentMessage() == IDLE_MESSAGE.format(5)
    assert desk.records.audit_log()[0].action == "manager_locked" and desk.records.audit_log()[0].detail == "idle"
    # A locked role has no idle time to keep: the window stops filtering every input event until the next unlock.
    watch = window.records_ui.idle_watch
    assert not watch.watching and not watch.timer.isActive()
    desk.unlock_manager(PIN, MANAGER)
    assert watch.watching and watch.timer.isActive()


def test_a_key_press_after_the_idle_time_locks_the_role_instead_of_renewing_it(qtbot, records_path, idle, monkeypatch):
    monkeypatch.setattr(idle_lock, "CHECK_EVERY_MS", 600_000)   # the timer stays out of it: the filter decides
    window, desk, page = manager_window(qtbot, records_path, idle)
    idle.pass_minutes(6)
    qtbot.keyClick(page.tabs, Qt.Key_Right)
    assert not desk.unlocked and window.sections.currentWidget() is not page
    assert window.statusBar().currentMessage() == IDLE_MESSAGE.format(5)


def test_a_role_the_desk_locked_while_only_being_read_is_shown_locked_at_the_next_check(qtbot, records_path, idle,
                                                                                        monkeypatch):
    monkeypatch.setattr(idle_lock, "CHECK_EVERY_MS", 40)
    window, desk, page = manager_window(qtbot, records_path, idle)
    window.records_ui.idle_watch.timer.stop()
    idle.pass_minutes(6)
    assert not desk.unlocked                               # reading the role locks it, and no event is sent
    assert window.records_ui.manager_button.text().startswith(f"Manager: {MANAGER}")
    window.records_ui.idle_watch.timer.start()
    qtbot.waitUntil(lambda: window.records_ui.manager_button.text() == "Manager: locked", timeout=2000)
    assert window.sections.currentWidget() is not page
    assert window.statusBar().currentMessage() == IDLE_MESSAGE.format(5)


def test_the_manager_sets_the_idle_minutes_on_the_workstation_tab(qtbot, records_path, idle, monkeypatch):
    monkeypatch.setattr(idle_lock, "CHECK_EVERY_MS", 40)
    window, desk, page = manager_window(qtbot, records_path, idle)
    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    assert tab.idle_minutes_box.value() == 5
    tab.idle_minutes_box.lineEdit().selectAll()
    qtbot.keyClicks(tab.idle_minutes_box.lineEdit(), "15")
    qtbot.keyClick(tab.idle_minutes_box.lineEdit(), Qt.Key_Return)
    assert desk.role.idle_minutes() == 15
    assert tab.idle_message.text() == "The manager role now locks itself after 15 idle minutes."
    idle.pass_minutes(14)
    qtbot.wait(200)
    assert desk.unlocked
    idle.pass_minutes(1.5)
    qtbot.waitUntil(lambda: window.sections.currentWidget() is not page, timeout=2000)
    assert not desk.unlocked
    assert window.statusBar().currentMessage() == IDLE_MESSAGE.format(15)
    assert tab.idle_message.isHidden()                     # nothing of the tab stays on screen once locked
    # Locked, the same control is refused by the desk, which changes nothing.
    tab.idle_minutes_box.setValue(90)
    assert not tab.apply_idle_minutes()
    assert tab.idle_message.text().startswith("Only a training manager can change when the manager role locks")
    assert desk.role.idle_minutes() == 15


def test_the_unlock_dialog_grows_for_its_message_instead_of_squashing_the_fields(qtbot, records_path):
    # The two-line lock-out message took its room from the name and PIN fields, which shrank below their
    # height and cut their text; a new dialog opened during the wait was squashed from the start.
    desk = Desk.open(records_path, clock=StillClock())
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.lock_manager()
    window = open_window(qtbot, desk)
    dialog = window.records_ui.unlock_manager()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.name_edit, MANAGER)

    def fields_whole() -> bool:
        QApplication.processEvents()
        return all(edit.height() >= edit.minimumSizeHint().height() for edit in (dialog.name_edit, dialog.pin_edit))

    for _ in range(5):
        wrong_pin(qtbot, dialog)
        assert fields_whole(), dialog.problem_label.text()
    assert "Too many wrong PINs" in dialog.problem_label.text()
    dialog.close()
    dialog = window.records_ui.unlock_manager()
    qtbot.waitExposed(dialog)
    assert fields_whole()


# --- a PIN shorter than a new one may be -------------------------------------------------------------------------

def test_a_short_pin_of_before_unlocks_with_a_notice_and_is_changed_on_the_workstation_tab(qtbot, records_path):
    """A 4-digit PIN set before issue 28: the role unlocks as before, a banner says why and how to choose a longer
    one, the Workstation tab refuses a new PIN of fewer than 6 digits with the desk's sentence, takes one of 8, and
    the banner goes."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from dealerdrill.desk import manager_key

    desk = Desk.open(records_path, clock=StillClock())
    manager_key.write_key_file(desk.role.pin_path, manager_key.ManagerKey(Ed25519PrivateKey.generate()), "2468")
    window = open_window(qtbot, desk)
    ui = window.records_ui
    dialog = ui.unlock_manager()
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, "2468")
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert desk.unlocked
    banner = window.banners.banner(ui.PIN_NOTICE_BANNER)
    assert banner is not None and banner.text() == desk.pin_notice and "only 4 digits" in banner.text()
    assert ui.show_manager()
    page = ui.manager_page
    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    qtbot.keyClicks(tab.new_pin_edit, "13579")
    qtbot.keyClicks(tab.repeat_pin_edit, "13579")
    qtbot.mouseClick(tab.change_pin_button, Qt.LeftButton)
    assert tab.pin_message.text().startswith("A new manager PIN is 6 to 12 digits")
    assert tab.new_pin_edit.text() == "" and tab.repeat_pin_edit.text() == ""      # no PIN stays on screen
    assert window.banners.banner(ui.PIN_NOTICE_BANNER) is not None
    qtbot.keyClicks(tab.new_pin_edit, "13572468")
    qtbot.keyClicks(tab.repeat_pin_edit, "13572468")
    qtbot.keyClick(tab.repeat_pin_edit, Qt.Key_Return)
    assert tab.pin_message.text().startswith("The manager PIN is changed")
    assert window.banners.banner(ui.PIN_NOTICE_BANNER) is None
    desk.lock_manager()
    desk.unlock_manager("13572468", MANAGER)
    assert desk.pin_notice is None and window.banners.banner(ui.PIN_NOTICE_BANNER) is None
