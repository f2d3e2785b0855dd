"""Signing tests off on the Manager page, from a test's review (Review and sign off…): a passed test signs at
once; a failed or stopped one asks for confirmation with the desk's sentence and will not sign without a reason,
which the tests table then shows beside the note."""
from __future__ import annotations

import pytest
from manager_targets import set_target_as_manager
from PySide6.QtCore import Qt

from dealerdrill import app as app_module
from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target
from dealerdrill.views.records_trainee import table_texts

PIN = "482648"
MANAGER = "Mere Smith"
TESTS_TAB = 3
NOTE_COLUMN, REASON_COLUMN, SIGNED_BY_COLUMN = 9, 10, 7


def finished_test(desk, right: bool, items: int = 1, trainee: str = "Aroha") -> str:
    """A test of the table-of-play drill with one answer, right or wrong, out of `items`; finished."""
    set_target_as_manager(desk, "baccarat.table_of_play", Target(test_items=items, level=1), PIN, MANAGER)
    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session("baccarat.table_of_play", Mode.TEST)
    item = session.next_item()
    wrong = {"player": "draw" if item.key["player"] == "stand" else "stand", "banker": "stand", "winner": "tie"}
    session.submit(item.key if right else wrong, 2.0)
    return session.finish().uuid


@pytest.fixture
def tests_page(qtbot, tmp_path):
    desk = Desk.open(tmp_path / "records" / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    attempts = {"failed": finished_test(desk, right=False), "stopped": finished_test(desk, right=True, items=3),
                "passed": finished_test(desk, right=True)}
    desk.unlock_manager(PIN, MANAGER)          # choosing the trainee locked the role
    window = app_module.MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(TESTS_TAB)
    yield page, desk, attempts
    window.close()


def row_of(page, attempt_id: str) -> list[str]:
    return table_texts(page.tests_table)[[t.uuid for t in page._attempts].index(attempt_id)]


def review_of(page, attempt_id: str):
    """The attempt's review, opened from the tests tab as a manager does (sign-off is made there)."""
    page.select_attempt(attempt_id)
    page.review_button.click()
    assert page.test_review is not None and page.test_review.isVisible()
    return page.test_review


def test_a_passed_test_signs_at_once(qtbot, tests_page):
    page, desk, attempts = tests_page
    review = review_of(page, attempts["passed"])
    qtbot.keyClicks(review.note_edit, "watched on table 4")
    qtbot.keyClick(review.sign_button, Qt.Key_Space)
    assert review.signoff_confirmation is None and page.test_review is None
    signed = desk.records.session(attempts["passed"])
    assert (signed.signed_by, signed.signoff_note) == (MANAGER, "watched on table 4")
    assert row_of(page, attempts["passed"])[NOTE_COLUMN:] == ["watched on table 4", ""]


def test_a_failed_test_is_signed_only_with_a_reason_which_the_table_shows(qtbot, tests_page):
    page, desk, attempts = tests_page
    failed = attempts["failed"]
    review = review_of(page, failed)
    qtbot.keyClicks(review.note_edit, "went through the drawing rules again")
    review.sign_button.click()
    dialog = review.signoff_confirmation
    assert dialog is not None and dialog.isVisible()
    assert dialog.unusual_label.text() == Desk.why_confirm(desk.records.session(failed))
    assert "not passed" in dialog.unusual_label.text()
    assert dialog.note_edit.text() == "went through the drawing rules again"
    assert desk.records.session(failed).signed_by is None          # asking is not signing

    # No reason, no sign-off: the button waits for one, and blanks are not a reason.
    assert not dialog.sign_button.isEnabled()
    qtbot.keyClicks(dialog.reason_edit, "   ")
    qtbot.keyClick(dialog.reason_edit, Qt.Key_Return)
    assert not dialog.sign_button.isEnabled() and dialog.isVisible()
    dialog.submit()                                                 # past the button: the desk refuses it
    assert "Give the reason" in dialog.problem_label.text() and dialog.isVisible()
    assert desk.records.session(failed).signed_by is None

    dialog.reason_edit.clear()
    qtbot.keyClicks(dialog.reason_edit, "passed the practical on the live table")
    assert dialog.sign_button.isEnabled()
    qtbot.keyClick(dialog.reason_edit, Qt.Key_Return)
    assert not dialog.isVisible()
    signed = desk.records.session(failed)
    assert signed.signed_by == MANAGER and signed.signoff_note == "went through the drawing rules again"
    assert desk.signoff_reasons() == {failed: "passed the practical on the live table"}
    row = row_of(page, failed)
    assert row[SIGNED_BY_COLUMN] == MANAGER
    assert row[NOTE_COLUMN:] == ["went through the drawing rules again", "passed the practical on the live table"]
    assert page.tests_message.text().startswith("Signed off: Aroha")
    assert desk.verify() == []                                      # the reason is signed with the rest


def test_a_stopped_test_says_so_and_cancelling_signs_nothing(qtbot, tests_page):
    page, desk, attempts = tests_page
    review = review_of(page, attempts["stopped"])
    review.sign_button.click()
    dialog = review.signoff_confirmation
    assert "stopped after 1 of 3 items" in dialog.unusual_label.text()
    qtbot.keyClicks(dialog.reason_edit, "fire alarm")
    qtbot.keyClick(dialog.reason_edit, Qt.Key_Escape)
    assert not dialog.isVisible() and desk.records.session(attempts["stopped"]).signed_by is None
    assert row_of(page, attempts["stopped"])[SIGNED_BY_COLUMN] == "Not signed off"


def test_a_session_already_signed_off_is_not_asked_about_again(qtbot, tests_page):
    page, desk, attempts = tests_page
    desk.sign_off(attempts["failed"], "", reason="seen live", confirmed=True)
    page.refresh()
    review = review_of(page, attempts["failed"])
    assert not review.sign_button.isEnabled()
    assert review.message_label.text().startswith("Signed off by Mere Smith")
    review.sign_off()                                  # past the button: said, and nothing is asked
    assert review.signoff_confirmation is None
    assert "already signed off by Mere Smith" in review.message_label.text()


def test_practice_sessions_are_offered_only_when_asked_for_and_sign_only_with_a_reason(qtbot, tests_page):
    page, desk, attempts = tests_page
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE)
    item = session.next_item()
    session.submit(item.key, 2.0)
    practice = session.finish().uuid
    unfinished = desk.start_session("baccarat.table_of_play", Mode.PRACTICE)   # never finished: never offered
    unfinished.submit(unfinished.next_item().key, 2.0)
    desk.unlock_manager(PIN, MANAGER)
    page.refresh()
    assert practice not in [t.uuid for t in page._attempts]                    # tests only, by default

    page.every_mode_toggle.setChecked(True)                                     # the table fills again
    offered = [t.uuid for t in page._attempts]
    assert practice in offered and set(attempts.values()) <= set(offered)
    assert unfinished.session_id not in offered
    row = row_of(page, practice)
    assert row[5] == "Practice session" and row[6] == "—"
    assert page.tests_intro.text().startswith("Every finished session in the period")

    review = review_of(page, practice)
    review.sign_button.click()
    dialog = review.signoff_confirmation
    assert dialog is not None and dialog.unusual_label.text() == "This is a practice session, not a test."
    qtbot.keyClicks(dialog.reason_edit, "floor supervisor asked for the shoe drill")
    qtbot.keyClick(dialog.reason_edit, Qt.Key_Return)
    signed = desk.records.session(practice)
    assert signed.signed_by == MANAGER
    assert desk.signoff_reasons()[practice] == "floor supervisor asked for the shoe drill"
    assert row_of(page, practice)[REASON_COLUMN] == "floor supervisor asked for the shoe drill"

    page.every_mode_toggle.setChecked(False)
    assert practice not in [t.uuid for t in page._attempts]
    assert page.tests_intro.text().startswith("Test attempts in the period")


def test_the_tests_table_names_the_level_each_test_was_taken_at(tests_page):
    page, desk, attempts = tests_page
    assert page.tests_table.horizontalHeaderItem(3).text() == "Level"
    assert {row_of(page, attempt)[3] for attempt in attempts.values()} == {"Basic"}   # finished_test's default
    set_target_as_manager(desk, "baccarat.table_of_play", Target(test_items=1, level=2), PIN, MANAGER)
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.TEST)
    session.submit(session.next_item().key, 2.0)
    standard = session.finish().uuid
    desk.unlock_manager(PIN, MANAGER)
    page.refresh()
    assert row_of(page, standard)[3] == "Standard"
