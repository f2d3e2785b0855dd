"""Issue 28, the exam itself: a test keeps its grading back until the end, then reviews every item.

A test that showed the right answer and the rule after every item could be learnt while it was taken, and a
pass memorised. So in Test mode an answer gets only "Answer recorded": no right or wrong, no right answer, no
explanation, no rule, no running count of right answers, and no mark on the drawn table or the panel. Practice
keeps its feedback. At the end the result page gives the verdict (passed or not, k of n, pass mark, level)
and a review of every item: the question, the answer given, the right answer, right or not, the explanation
with its rule, and the time, with the item drawn again by the drill's own panel.

Every drill is tried through its real panel; the answers are the ones its panel would send (tests/drill_answers).
"""
from __future__ import annotations

import re

import pytest
from drill_answers import right_answer, wrong_answers
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from dealerdrill.domain import Mode
from dealerdrill.views import drill_view, test_review
from dealerdrill.views.drill_view import DrillView

REAL_DRILLS, _ = drill_view.available_drills()
ONE_PER_GAME = ["roulette.payout", "baccarat.table_of_play", "paigow.house_way"]
GRADE_WORDS = re.compile(r"\b(right|wrong|correct|incorrect|mistake)\b|[✓✗]", re.IGNORECASE)


class FixedClock:
    """The page's clock, standing still unless a test moves it: two grabs of one screen are the same pixels."""

    def __init__(self):
        self.now = 500.0

    def __call__(self):
        return self.now


@pytest.fixture
def steady_cursor():
    """A text cursor that does not blink, so two grabs of the same screen are the same pixels."""
    flash = QApplication.cursorFlashTime()
    QApplication.setCursorFlashTime(0)
    yield
    QApplication.setCursorFlashTime(flash)


def shown_view(qtbot, size=(1100, 720), **options) -> DrillView:
    options.setdefault("entries", REAL_DRILLS)
    options.setdefault("seed", 29)
    options.setdefault("clock", FixedClock())
    view = DrillView(**options)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitActive(view):
        view.activateWindow()
    return view


def visible_texts(view: QWidget) -> list[str]:
    """Every text a visible widget on the page carries: labels, buttons, fields, lists, tooltips and the names
    a screen reader reads."""
    texts = []
    for widget in [view, *view.findChildren(QWidget)]:
        if widget is not view and not widget.isVisibleTo(view):
            continue
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription(), widget.whatsThis()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts += [widget.text(), widget.placeholderText()]
        elif isinstance(widget, QAbstractSpinBox):
            texts.append(widget.text())
        elif isinstance(widget, QComboBox):
            texts += [widget.currentText()] + [widget.itemText(i) for i in range(widget.count())]
    return [text for text in texts if text]


def frozen_picture(panel: QWidget):
    """The panel as it looks frozen (disabled) with what is on it now; the keyboard is given back after."""
    panel.setEnabled(False)
    picture = panel.grab().toImage()
    panel.setEnabled(True)
    panel.setFocus()
    return picture


def commit(qtbot, view, answer) -> None:
    """The panel sends this answer, as it does when the trainee presses Enter."""
    with qtbot.waitSignal(view.answer_graded):
        view.panel.answered.emit(answer)


def grading_shown(new_texts: list[str], grade) -> list[str]:
    """The texts that give the grade away: its verdict in words, the right answer, the explanation, the rule."""
    told = []
    for text in new_texts:
        if GRADE_WORDS.search(text):
            told.append(f"a verdict: {text!r}")
        for what, value in (("the right answer", grade.expected), ("the explanation", grade.explanation),
                            ("the rule", grade.rule)):
            if value and value in text:
                told.append(f"{what} in {text!r}")
    return told


def answer_and_look(qtbot, view, answer):
    """Commit the answer; return its grade, the texts that appeared with it, and the panel's picture before and
    after (before: frozen as it would be, so only what the grading adds can differ)."""
    before_texts = set(visible_texts(view))
    before = frozen_picture(view.panel)
    commit(qtbot, view, answer)
    grade = view.last_grade
    new_texts = [text for text in visible_texts(view) if text not in before_texts]
    return grade, new_texts, before, view.panel.grab().toImage()


# --- while the test runs: nothing of the grading -------------------------------------------------------------------

@pytest.mark.parametrize("entry", REAL_DRILLS, ids=[entry.id for entry in REAL_DRILLS])
def test_a_test_shows_nothing_of_the_grading_and_practice_still_does(qtbot, steady_cursor, entry):
    difficulty = int(getattr(entry.drill, "max_difficulty", 3))
    view = shown_view(qtbot)
    view.start(entry.id, Mode.TEST, difficulty, confirmed=True)
    items = view.session.target.test_items

    # A right answer, then a wrong one: neither says which it was, nor what was right, nor why.
    for number, pick in ((1, right_answer), (2, lambda item: wrong_answers(item)[0])):
        item = view.session.current
        grade, new_texts, before, after = answer_and_look(qtbot, view, pick(item))
        assert grade.correct is (number == 1), f"{entry.id}: the test's answer {number} was not graded as meant"
        assert grading_shown(new_texts, grade) == [], f"{entry.id}: item {number} {grading_shown(new_texts, grade)}"
        assert after == before, f"{entry.id}: the panel marked item {number} after its answer"
        assert view.recorded_note.isVisible() and view.recorded_label.text() == "Answer recorded"
        assert not view.feedback.isVisible()
        assert view.progress_label.text() == f"Item {number} of {items}"       # no count of right answers
        assert not view.panel.isEnabled()                                      # frozen until the next item
        view.next_item()
        assert view.panel.isEnabled() and not view.recorded_note.isVisible()
    view.back_to_chooser()

    # The same kind of answer in practice: the feedback as before, and the panel marks the item.
    view.start(entry.id, Mode.PRACTICE, difficulty)
    item = view.session.current
    grade, new_texts, before, after = answer_and_look(qtbot, view, wrong_answers(item)[0])
    assert not grade.correct
    assert view.feedback.isVisible() and view.verdict_label.text().endswith(("Not right", "Time ran out"))
    assert view.expected_label.text() == f"Correct answer: {grade.expected}"
    assert grading_shown(new_texts, grade) != []
    assert after != before, f"{entry.id}: practice no longer marks the item on the panel"
    assert not view.recorded_note.isVisible()


def test_a_test_says_how_its_answers_are_shown_before_the_first(qtbot):
    view = shown_view(qtbot)
    view.start("roulette.payout_keys", Mode.TEST, 1, confirmed=True)
    assert view.notes_heading.text() == "YOUR ANSWERS"
    assert "nothing is marked while you answer" in view.notes_placeholder.text()
    assert "review at the end" in view.notes_placeholder.text()
    view.finish()
    view.start("roulette.payout_keys", Mode.PRACTICE, 1)
    assert view.notes_heading.text() == "FEEDBACK"
    assert view.notes_placeholder.text().startswith("The verdict, the correct answer and the rule appear here")


def test_a_frozen_panel_takes_no_keys_until_the_next_item(qtbot):
    """After a test's answer the panel is frozen as the trainee left it: typing changes nothing on it."""
    view = shown_view(qtbot)
    view.start("roulette.payout_keys", Mode.TEST, 1, confirmed=True)
    qtbot.keyClicks(view.panel.entry, "12")
    qtbot.keyClick(view.panel.entry, Qt.Key_Return)
    assert view.state == "feedback" and view.panel.entry.text() == "12"
    qtbot.keyClicks(view.panel.entry, "345")
    assert view.panel.entry.text() == "12" and view.session.result.count == 1
    qtbot.keyClick(view.next_button, Qt.Key_Return)
    assert view.state == "asking" and view.panel.isEnabled() and view.panel.entry.text() == ""


# --- at the end: the verdict, then every item -------------------------------------------------------------------

def take_a_whole_test(qtbot, view, drill_id: str, difficulty: int = 2) -> list:
    """Answer every item of a test through the panel, right and wrong in turn; the answers' grades."""
    view.start(drill_id, Mode.TEST, difficulty, confirmed=True)
    grades = []
    while view.state != "result":
        item = view.session.current
        wrongs = wrong_answers(item)
        answer = right_answer(item) if len(grades) % 3 == 0 or not wrongs else wrongs[0]
        commit(qtbot, view, answer)
        grades.append(view.last_grade)
        qtbot.keyClick(view.next_button, Qt.Key_Return)
    return grades


def detail_texts(review) -> dict[str, str]:
    return {"number": review.number_label.text(), "verdict": review.verdict_label.text(),
            "time": review.time_label.text(), "question": review.question_label.text(),
            "given": review.given_label.text(), "expected": review.expected_label.text(),
            "explanation": review.explanation_label.text()}


@pytest.mark.parametrize("drill_id", ONE_PER_GAME)
def test_the_end_of_a_test_gives_the_verdict_and_reviews_every_item(qtbot, drill_id):
    clock = FixedClock()
    view = shown_view(qtbot, clock=clock)
    view.item_shown.connect(lambda _item: setattr(clock, "now", clock.now + 0.7))   # each answer takes 0.7 s
    grades = take_a_whole_test(qtbot, view, drill_id)
    answered = view.session.result.answered
    target = view.session.target
    right = sum(g.correct for g in grades)
    assert len(answered) == target.test_items == len(grades)

    assert view.result_verdict.text() == ("Passed" if right / len(grades) >= target.pass_mark else "Not passed")
    assert view.result_summary.text().startswith(
        f"Score: {right} of {target.test_items} right ({right / target.test_items:.0%})  ·  "
        f"pass mark {target.pass_mark:.0%}  ·  level Standard")

    review = view.review
    assert review.isVisible() and review.item_list.hasFocus()
    assert review.item_list.count() == len(answered)
    assert not review.unasked_label.isVisible()
    for row, (done, grade) in enumerate(zip(answered, grades)):
        line = review.item_list.row_text(row)
        assert line.split()[0] == str(row + 1)
        assert ("Right" in line) is grade.correct and ("Not right" in line) is (not grade.correct)
        assert line.endswith(f"{grade.seconds:.1f} s")
        assert review.item_list.currentRow() == row
        shown = detail_texts(review)
        assert shown["number"] == f"ITEM {row + 1} OF {len(answered)}"
        assert shown["verdict"].endswith("Right" if grade.correct else "Not right")
        assert shown["time"] == f"Time {grade.seconds:.1f} s  ·  target {target.seconds:g} s"
        assert shown["question"] == done.item.text
        assert shown["given"] == f"Your answer: {grade.given}"
        assert shown["expected"] == f"Correct answer: {grade.expected}"
        assert grade.explanation in shown["explanation"] and grade.rule in shown["explanation"]
        assert grade.rule, f"{drill_id}: an item's grade cites no rule"
        # The item drawn again by the drill's own panel, which takes no answer.
        assert review.panel is not None and review.panel.item is done.item and not review.panel.isEnabled()
        assert review.drawn_host.isVisible()
        qtbot.keyClick(review.item_list, Qt.Key_Down)
    assert review.item_list.currentRow() == len(answered) - 1       # Down stops at the last item
    # The longest a line can be (500 items, 999.9 s) fits its columns at the list's font: nothing is cut short.
    metrics = review.item_list.fontMetrics()
    for column, longest in enumerate(("500", "✗  Not right", "999.9 s")):
        room = review.item_list.columnWidth(column) - 2 * test_review.CELL_PADDING
        assert metrics.horizontalAdvance(longest) <= room, f"column {column} is too narrow for {longest!r}"
    qtbot.keyClick(review.item_list, Qt.Key_Home)
    assert review.item_list.currentRow() == 0


def test_every_drill_is_reviewed_through_its_own_panel_after_a_stopped_test(qtbot):
    """Stopped after three items: the review holds those three and says the rest were never asked."""
    view = shown_view(qtbot)
    for entry in REAL_DRILLS:
        difficulty = int(getattr(entry.drill, "max_difficulty", 3))
        view.start(entry.id, Mode.TEST, difficulty, confirmed=True)
        for index in range(3):
            item = view.session.current
            commit(qtbot, view, right_answer(item) if index == 1 else (wrong_answers(item) or [right_answer(item)])[0])
            view.next_item()
        view.finish()                                   # what Stop does once the trainee confirms it
        items = view.session.target.test_items
        review = view.review
        assert view.result_verdict.text() == f"Stopped after 3 of {items}: not passed", entry.id
        assert review.item_list.count() == 3, entry.id
        assert review.unasked_label.isVisible()
        assert review.unasked_label.text() == f"Items 4 to {items} were never asked: the test was stopped."
        answered = view.session.result.answered
        for row in (2, 0):
            review.select(row + 1)
            grade = answered[row].grade
            assert review.expected_label.text() == f"Correct answer: {grade.expected}", entry.id
            assert review.given_label.text() == f"Your answer: {grade.given}", entry.id
            assert isinstance(review.panel, entry.panel) and review.panel.item is answered[row].item, entry.id
            assert review.drawn_host.isVisibleTo(view), f"{entry.id}: the item could not be drawn"
        view.back_to_chooser()


def test_the_review_scrolls_and_closes_with_keys(qtbot):
    view = shown_view(qtbot, size=(1000, 560))
    take_a_whole_test(qtbot, view, "roulette.payout")
    review = view.review
    bar = review.details_scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the item's details fit: nothing to scroll at this size"
    assert bar.value() == 0
    qtbot.keyClick(review.item_list, Qt.Key_PageDown)
    assert bar.value() > 0 and review.item_list.currentRow() == 0   # the details scroll, the item stays
    qtbot.keyClick(review.item_list, Qt.Key_PageUp)
    assert bar.value() == 0
    qtbot.keyClick(review.item_list, Qt.Key_Down)
    assert review.item_list.currentRow() == 1 and bar.value() == 0
    qtbot.keyClick(review.item_list, Qt.Key_End)
    assert review.item_list.currentRow() == review.item_list.count() - 1
    qtbot.keyClick(review.item_list, Qt.Key_Escape)                 # Esc closes the review: back to the drills
    assert view.state == "choosing" and view.pages.currentIndex() == 0

    take_a_whole_test(qtbot, view, "roulette.payout")
    qtbot.keyClick(view.review.item_list, Qt.Key_Return)            # and so does Enter
    assert view.state == "choosing"

    take_a_whole_test(qtbot, view, "roulette.payout")
    qtbot.keyClick(view.review.item_list, Qt.Key_R)                 # R: the same drill again (asked first)
    assert view.test_confirmation is not None
    view.test_confirmation.close()


def test_practice_ends_without_a_review(qtbot):
    view = shown_view(qtbot)
    view.start("roulette.payout_keys", Mode.PRACTICE, 1)
    commit(qtbot, view, wrong_answers(view.session.current)[0])
    view.finish()
    assert view.state == "result" and view.result_verdict.text() == "Session complete"
    assert not view.review.isVisible() and not view.review_heading.isVisible()
    assert view.back_button.hasFocus()


def test_the_verdict_line_can_be_fed_from_elsewhere(qtbot):
    """The verdict line is one method, so a verdict judged elsewhere (by the records) can be shown as it is."""
    view = shown_view(qtbot)
    view.start("roulette.payout_keys", Mode.TEST, 1, confirmed=True)
    commit(qtbot, view, right_answer(view.session.current))
    view.finish()
    view.show_verdict(drill_view.TestVerdict(passed=False, correct=17, answered=20, items=20, pass_mark=0.9,
                                             level="Advanced"))
    assert view.result_verdict.text() == "Not passed" and view.result_verdict.property("passed") == "false"
    assert view.result_summary.text() == "Score: 17 of 20 right (85%)  ·  pass mark 90%  ·  level Advanced"


# --- the window: no other page tells the grading meanwhile ----------------------------------------------------------

def test_the_progress_page_waits_for_the_end_of_a_test(qtbot):
    """The Progress page counts a test's answers as they come (accuracy, the run of right answers, errors by
    category): opened between two answers it told whether the last one was right."""
    from dealerdrill.app import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.desk.add_trainee("Aroha")
    window.desk.choose_trainee("Aroha")
    window.show_drills()
    view = window.drills
    view.start("roulette.payout_keys", Mode.TEST, 1, confirmed=True)
    commit(qtbot, view, wrong_answers(view.session.current)[0])
    window.records_ui.progress_action.trigger()                      # View ▸ Progress (Ctrl+P)
    assert window.drills_shown() and window.drills_action.isChecked()
    box = window.records_ui.progress_refusal
    assert box is not None and box.isVisible() and "A test is running" in box.text()
    box.close()
    view.next_item()
    view.finish()                                                    # the test is over: Progress opens
    window.records_ui.progress_action.trigger()
    assert window.sections.currentWidget() is window.records_ui.progress_page
    window.close()
