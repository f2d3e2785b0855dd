"""The manager reviews a test before signing it off (issue 28, point 6): from the tests to sign off, a test opens
in a review that draws each item again with the drill's own panel (read-only) and gives the answer, the right
answer, the engine's grade, the rule and the time; sign-off is made from there, and refused, with the reason,
for a test whose records disagree with its verdict made again. The tests table shows the verdict made again."""
from __future__ import annotations

import pytest
from drill_answers import right_answer, wrong_answers
from manager_targets import set_target_as_manager
from PySide6.QtCore import Qt

from dealerdrill import app as app_module
from dealerdrill.desk import Desk
from dealerdrill.domain import Grade, Mode, Target
from dealerdrill.domain.items import AnsweredItem
from dealerdrill.views.records_trainee import table_texts

PIN, MANAGER, TRAINEE = "24681357", "Mere Smith", "Aroha"
TESTS_TAB = 3
SCORE_COLUMN, RESULT_COLUMN, SIGNED_BY_COLUMN = 4, 6, 7


def taken_test(desk, drill: str, rights: list[bool]):
    """A test of `drill` taken through the desk (issued by the records) with these outcomes; (uuid, the answered
    items as the session graded them live)."""
    set_target_as_manager(desk, drill, Target(seconds=8, test_items=len(rights), pass_mark=0.75, level=2), PIN,
                          MANAGER)
    if TRAINEE not in desk.trainee_names():
        desk.add_trainee(TRAINEE)
    desk.choose_trainee(TRAINEE)
    session = desk.start_session(drill, Mode.TEST)
    for number, right in enumerate(rights):
        item = session.next_item()
        session.submit(right_answer(item) if right else wrong_answers(item)[0], 2.0 + number)
    answered = list(session.result.answered)
    return session.finish().uuid, answered


def forge_test(desk, drill: str, items: int) -> str:
    """What a client that lies about its grades stores: a test issued by the records, every answer wrong and
    marked right (records.record_answer with Grade(True, ...))."""
    set_target_as_manager(desk, drill, Target(seconds=8, test_items=items, pass_mark=0.75, level=2), PIN, MANAGER)
    if TRAINEE not in desk.trainee_names():
        desk.add_trainee(TRAINEE)
    desk.choose_trainee(TRAINEE)
    records = desk.records
    session = desk.start_session(drill, Mode.TEST)
    for _ in range(items):
        item = session.next_item()
        records.record_answer(session.session_id, AnsweredItem(item, wrong_answers(item)[0], Grade(True, "", "", "")))
        session._drill_session.current = None
    return records.finish_session(session.session_id).uuid


@pytest.fixture
def manager_window(qtbot, tmp_path):
    desk = Desk.open(tmp_path / "records" / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.lock_manager()
    window = app_module.MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.resize(1366, 740)
    yield window, desk
    window.close()


def manager_tests_tab(qtbot, window, desk):
    desk.unlock_manager(PIN, MANAGER)
    window.show()
    qtbot.waitExposed(window)
    assert window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(TESTS_TAB)
    page.refresh()
    return page


def open_review(qtbot, page, uuid):
    page.select_attempt(uuid)
    page.review_button.click()
    review = page.test_review
    assert review is not None and review.isVisible()
    return review


def test_the_review_shows_every_item_with_the_given_and_right_answers_and_the_rule(qtbot, manager_window):
    window, desk = manager_window
    uuid, answered = taken_test(desk, "baccarat.table_of_play", [True, False, True, True])
    page = manager_tests_tab(qtbot, window, desk)
    review = open_review(qtbot, page, uuid)
    assert review.items_table.rowCount() == 4
    assert [row[1] for row in table_texts(review.items_table)] == ["✓ Right", "✗ Wrong", "✓ Right", "✓ Right"]
    assert "Passed" in review.verdict_label.text() and "3 of 4 right" in review.facts_label.text()
    assert "pass mark 75% of 4" in review.facts_label.text() and "level Standard" in review.facts_label.text()
    assert f"taken by {TRAINEE}" in review.facts_label.text()
    for number, live in enumerate(answered, start=1):                     # as the trainee's session graded it
        review.select_item(number)
        grade = live.grade
        assert review.item_heading.text() == f"ITEM {number} OF 4"
        assert review.given_label.text() == grade.given
        assert review.expected_label.text() == grade.expected
        assert review.rule_label.text() == grade.rule and review.explanation_label.text() == grade.explanation
        assert f"answered in {grade.seconds:.1f} s (target 8 s)" in review.time_label.text()
        assert review.grade_label.text() == ("✓ Right" if grade.correct else "✗ Not right")
        assert not review.stored_label.isVisible()
    # The list is walked with the keyboard: Down moves to the next item.
    review.select_item(1)
    qtbot.keyClick(review.items_table, Qt.Key_Down)
    assert review.shown_item().number == 2


@pytest.mark.parametrize("drill", ["roulette.payout", "baccarat.table_of_play", "paigow.house_way"])
def test_each_item_is_drawn_again_by_the_drills_own_panel_and_nothing_can_be_answered_in_it(qtbot, manager_window,
                                                                                            drill):
    window, desk = manager_window
    uuid, answered = taken_test(desk, drill, [True, False, True])
    page = manager_tests_tab(qtbot, window, desk)
    review = open_review(qtbot, page, uuid)
    panel = review.panel
    assert type(panel).__name__ in {"PayoutPanel", "TableOfPlayPanel", "HouseWayPanel"}
    assert panel.isVisible() and not panel.isEnabled()
    emitted = []
    panel.answered.connect(emitted.append)
    for number, live in enumerate(answered, start=1):
        review.select_item(number)
        assert panel.item.prompt == live.item.prompt and panel.item.text == live.item.text   # made again from its seed
        for key in (Qt.Key_1, Qt.Key_D, Qt.Key_H, Qt.Key_Return):                  # what would answer there
            qtbot.keyClick(panel, key)
    assert emitted == [] and not panel.hasFocus()
    assert desk.records.read("SELECT COUNT(*) FROM answers")[0][0] == 3             # nothing more was recorded


def test_a_passed_test_is_signed_off_from_its_review(qtbot, manager_window):
    window, desk = manager_window
    uuid, _ = taken_test(desk, "baccarat.table_of_play", [True, True, True, True])
    page = manager_tests_tab(qtbot, window, desk)
    assert page.review_button.isEnabled()
    review = open_review(qtbot, page, uuid)
    assert review.sign_button.isEnabled() and review.sign_button.text() == "&Sign off"
    qtbot.keyClicks(review.note_edit, "watched on table 4")
    review.sign_button.click()
    signed = desk.records.session(uuid)
    assert (signed.signed_by, signed.signoff_note) == (MANAGER, "watched on table 4")
    assert page.test_review is None and not review.isVisible()
    assert page.tests_message.text().startswith(f"Signed off: {TRAINEE}")
    row = table_texts(page.tests_table)[[t.uuid for t in page._attempts].index(uuid)]
    assert row[SIGNED_BY_COLUMN] == MANAGER
    review = open_review(qtbot, page, uuid)                               # signed once: said, and not offered again
    assert not review.sign_button.isEnabled()
    assert review.message_label.text().startswith(f"Signed off by {MANAGER}")


def test_enter_or_a_double_click_on_a_row_opens_the_review_and_enter_there_signs_nothing(qtbot, manager_window):
    window, desk = manager_window
    uuid, _ = taken_test(desk, "baccarat.table_of_play", [True, True, True, True])
    page = manager_tests_tab(qtbot, window, desk)
    page.select_attempt(uuid)
    page.tests_table.setFocus()
    qtbot.keyClick(page.tests_table, Qt.Key_Return)
    review = page.test_review
    assert review is not None and review.isVisible() and review.summary.uuid == uuid
    qtbot.keyClick(review.items_table, Qt.Key_Return)                     # Enter in the list: no sign-off
    assert desk.records.session(uuid).signed_by is None and review.isVisible()
    qtbot.keyClick(review, Qt.Key_Escape)
    assert page.test_review is None
    row = page.tests_table.visualItemRect(page.tests_table.item(page.tests_table.currentRow(), 1))
    # A double click as a mouse makes one: its first press and release, then the double click.
    qtbot.mouseClick(page.tests_table.viewport(), Qt.LeftButton, pos=row.center())
    qtbot.mouseDClick(page.tests_table.viewport(), Qt.LeftButton, pos=row.center())
    assert page.test_review is not None and page.test_review.summary.uuid == uuid


def test_the_review_closes_when_the_manager_role_locks(qtbot, manager_window):
    window, desk = manager_window
    uuid, _ = taken_test(desk, "baccarat.table_of_play", [True, False, False, True])
    page = manager_tests_tab(qtbot, window, desk)
    review = open_review(qtbot, page, uuid)
    review.sign_button.click()                                            # not passed: the reason is asked for
    assert review.signoff_confirmation is not None
    window.records_ui.lock_manager()                                      # Ctrl+Shift+L, or the idle lock
    assert page.test_review is None and not review.isVisible()
    assert desk.records.session(uuid).signed_by is None


def test_a_test_whose_stored_grades_were_forged_is_not_trusted_and_its_sign_off_is_refused(qtbot, manager_window):
    window, desk = manager_window
    forged = forge_test(desk, "baccarat.table_of_play", 4)
    page = manager_tests_tab(qtbot, window, desk)
    row = page._attempts.index(next(t for t in page._attempts if t.uuid == forged))
    texts = table_texts(page.tests_table)[row]
    assert texts[SCORE_COLUMN] == "0 of 4 (0%)"                          # the engine's count, not the stored 4
    assert texts[RESULT_COLUMN] == "✗ Not trusted"
    assert "stored grades say 4 right" in page.tests_table.item(row, RESULT_COLUMN).toolTip()

    review = open_review(qtbot, page, forged)
    assert review.verdict_label.text().startswith("Not trusted")
    assert review.problems_label.isVisible()
    assert "cannot be signed off" in review.problems_label.text()
    assert "stored grades say 4 right" in review.problems_label.text()
    assert {row[1] for row in table_texts(review.items_table)} == {"✗ Wrong (stored: right)"}
    assert review.stored_label.isVisible() and "stored this answer as right" in review.stored_label.text()
    assert not review.sign_button.isEnabled()
    qtbot.keyClicks(review.note_edit, "looks fine")
    review.sign_off()                                                     # past the button: the desk refuses it
    assert "cannot be signed off" in review.message_label.text() and "stored grades say 4 right" in \
        review.message_label.text()
    assert review.isVisible() and review.signoff_confirmation is None
    assert desk.records.session(forged).signed_by is None
