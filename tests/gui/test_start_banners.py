"""Banners at start: a manager PIN file written over the old one, and records changed behind the program's back
(found by the whole-file integrity check the window runs on a worker once it is up). Both stay until dismissed
and stop nothing. The records and the PIN file are the data folder's, as the window opens them."""
from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealerdrill import app as app_module
from dealerdrill.desk import Desk
from dealerdrill.domain import Mode
from dealerdrill.views.integrity_check import problems_in_copy
from dealerdrill.views.records_profiles import RecordsUi

PIN, MANAGER = "482648", "Mere Smith"


def practice_answers(desk, count: int, trainee: str = "Aroha"):
    """A practice session of the table of play with `count` right answers (left running)."""
    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE)
    for _ in range(count):
        session.submit(session.next_item().key, 2.0)
    return session


def opened_window(qtbot):
    """The workstation's window, with every integrity check result it reports collected from the start."""
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    results = []
    window.records_ui.integrity_check.finished.connect(results.append)
    assert not window.records_ui.integrity_check.started      # nothing is read whole before the window shows
    window.show()
    qtbot.waitExposed(window)
    return window, results


def test_sound_records_show_no_banner(qtbot):
    with Desk.open() as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        practice_answers(desk, 3).finish()
    window, results = opened_window(qtbot)
    qtbot.waitUntil(lambda: bool(results), timeout=15_000)
    assert results == [[]] and window.banners.isHidden() and window.banners.texts() == []


def test_a_pin_file_written_over_the_old_one_is_a_banner_until_dismissed(qtbot):
    from dealerdrill.desk import manager_key

    with Desk.open() as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        pin_path = desk.role.pin_path
    stranger = manager_key.new_key("111111")
    manager_key.write_key_file(pin_path, stranger, "111111")      # a trainee's own PIN file over the manager's

    window, results = opened_window(qtbot)
    banner = window.banners.banner(RecordsUi.KEY_NOTICE_BANNER)
    assert banner is not None and banner.isVisible()
    assert "was replaced" in banner.text() and stranger.fingerprint in banner.text()
    assert banner.text() == window.desk.key_notice
    assert QApplication.activeModalWidget() is None               # nothing waits for it
    # The records themselves are sound: the whole-file check counts the PIN file as `dealerdrill verify` does,
    # and adds no second banner for what this one already says.
    qtbot.waitUntil(lambda: bool(results), timeout=15_000)
    assert results[0] == [str(problem) for problem in window.desk.verify()]
    assert window.banners.texts() == [window.desk.key_notice]
    banner.dismiss_button.setFocus()
    qtbot.keyClick(banner.dismiss_button, Qt.Key_Space)
    assert window.banners.isHidden() and window.banners.banner(RecordsUi.KEY_NOTICE_BANNER) is None


def test_an_answer_changed_behind_the_programs_back_shows_the_integrity_banner(qtbot):
    with Desk.open() as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        practice_answers(desk, 4).finish()
        path = desk.records.path
    with sqlite3.connect(path) as db:                             # plain sqlite3, as anyone could
        db.executescript("DROP TRIGGER answers_are_permanent_update; "
                         "UPDATE answers SET given = 'tampered' WHERE seq = 2;")

    window, results = opened_window(qtbot)
    qtbot.waitUntil(lambda: window.banners.banner(RecordsUi.INTEGRITY_BANNER) is not None, timeout=15_000)
    expected = [str(problem) for problem in window.desk.verify()]
    assert len(expected) >= 2 and results == [expected]
    assert any("answers_are_permanent_update" in line for line in expected)
    assert any("was changed after it was recorded" in line for line in expected)
    text = window.banners.banner(RecordsUi.INTEGRITY_BANNER).text()
    assert text == (f"The records on this workstation fail their integrity check: {len(expected)} problems (the "
                    f"first: {expected[0]}). Run `dealerdrill verify` for the full list.")
    assert QApplication.activeModalWidget() is None
    window.banners.banner(RecordsUi.INTEGRITY_BANNER).dismiss_button.click()
    assert window.banners.isHidden()


def test_answers_recorded_while_the_check_reads_are_not_taken_for_tampering(tmp_path):
    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    session = practice_answers(desk, 3)
    recorded_meanwhile = []

    def answer_more(done, total):      # the desk goes on recording while the copy is half read
        if not recorded_meanwhile:
            for _ in range(2):
                recorded_meanwhile.append(session.submit(session.next_item().key, 1.0))
            session.finish()
            desk.unlock_manager(PIN, MANAGER)          # a signed checkpoint over the new answers

    assert problems_in_copy(desk.records, answer_more) == []
    assert len(recorded_meanwhile) == 2 and problems_in_copy(desk.records) == []
    desk.close()


def test_banners_take_their_height_from_the_pages_and_never_make_the_window_taller(qtbot):
    from PySide6.QtCore import QSize

    laptop = QSize(1366, 688)          # a 1366 x 768 screen less its task bar and the title bar
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.resize(laptop)
    window.show()
    qtbot.waitExposed(window)
    ui, area = window.records_ui, window.sections_area
    pages = [("tables", window.show_table), ("drills", window.show_drills), ("progress", ui.show_progress),
             ("manager", lambda: window.sections.setCurrentWidget(ui.manager_page))]

    def settle():
        QApplication.processEvents()
        qtbot.wait(10)

    without = {}
    for name, show in pages:
        show()
        settle()
        without[name] = window.minimumSizeHint().height()
        assert area.verticalScrollBar().maximum() == 0, f"{name} scrolls with no banner"   # it fills the area
    for key in ("one", "two"):
        window.banners.show_banner(key, "A long notice that wraps over more than one line at this width. " * 4)
    for name, show in pages:
        show()
        settle()
        assert window.minimumSizeHint().height() <= without[name], name
        assert window.size() == laptop, name
    assert area.verticalScrollBar().maximum() > 0       # the Manager page scrolls under them instead
    for key in ("one", "two"):
        window.banners.dismiss(key)
    settle()
    assert area.verticalScrollBar().maximum() == 0       # and has its room back once they are dismissed
