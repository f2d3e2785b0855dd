"""The drill shell: chooser, practice/timed/test sessions, feedback, hints, malformed answers, records hooks.

A stand-in drill and panel (sums of two numbers) exercise the shell on its own; the smoke test at the end
starts every registered game drill through its real panel.
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox, QVBoxLayout, QWidget

from dealerdrill.domain import (
    ErrorCategory,
    Grade,
    Item,
    Mode,
    Target,
)
from dealerdrill.drills.scheduler import LEECH_LAPSES
from dealerdrill.views import drill_view
from dealerdrill.views.drill_view import DrillEntry, DrillView


class SumDrill:
    """Stand-in drill: add two numbers. The key is the sum; a non-number is a malformed answer."""

    id = "test.sum"
    game = "roulette"
    title = "Add two numbers"
    description = "A stand-in drill for the shell's tests."

    def __init__(self, settings=None):
        self.settings = settings

    def families(self):
        return ["small", "large"]

    def generate(self, rng, difficulty=1, family=None):
        family = family or ("small", "large")[rng.below(2)]
        top = 10 if family == "small" else 100
        a, b = rng.below(top), rng.below(top)
        return Item(self.id, family, {"a": a, "b": b}, key=a + b, text="What is the sum?",
                    hint="Add the tens first, then the units.")

    def grade(self, item, answer, seconds=0.0):
        try:
            value = int(str(answer).strip())
        except ValueError:
            raise ValueError(f"{answer!r} is not a whole number") from None
        ok = value == item.key
        return Grade(ok, str(item.key), str(value), "The sum of both numbers (rule T.1).",
                     None if ok else ErrorCategory.ARITHMETIC, rule="T.1", seconds=seconds)

    def describe_key(self, item):
        return str(item.key)


class PickDrill(SumDrill):
    id = "test.pick"
    game = "baccarat"
    title = "Another game's drill"
    description = "Listed under a second game."


class SumPanel(QWidget):
    """Stand-in panel: shows "a + b", Enter commits the typed text."""

    answered = Signal(object)

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.question = QLabel()
        self.entry = QLineEdit()
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addWidget(self.entry)
        self.setFocusProxy(self.entry)
        self.entry.returnPressed.connect(lambda: self.answered.emit(self.entry.text()))
        self.graded: list[tuple[Item, Grade]] = []

    def show_item(self, item):
        self.entry.clear()
        self.question.setText(f"{item.prompt['a']} + {item.prompt['b']}")

    def show_grade(self, item, grade):
        self.graded.append((item, grade))


ENTRIES = [DrillEntry(SumDrill, SumPanel), DrillEntry(PickDrill, SumPanel)]


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


PIN, MANAGER = "246824", "Mere Smith"


@pytest.fixture
def recording_desk(tmp_path):
    """A desk over throw-away records with the trainee "Tester" chosen: every answer is stored."""
    from dealerdrill.desk import Desk

    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.add_trainee("Tester")
    desk.choose_trainee("Tester")
    yield desk
    desk.close()


def with_targets(desk, targets):
    """The manager sets these targets (the role is locked again afterwards, as a trainee would find it)."""
    if not desk.pin_is_set():
        desk.set_first_pin(MANAGER, PIN, PIN)
    else:
        desk.unlock_manager(PIN, MANAGER)
    for drill, target in targets.items():
        desk.set_target(drill, target)
    desk.lock_manager()
    return desk


def stored_answers(view):
    return view.desk.records.answers()


@pytest.fixture
def make_view(qtbot):
    def make(**options):
        options.setdefault("entries", ENTRIES)
        options.setdefault("seed", 11)
        view = DrillView(**options)
        qtbot.addWidget(view)
        view.resize(1100, 720)
        view.show()
        qtbot.waitExposed(view)
        with qtbot.waitActive(view):  # focus (and so the keyboard) works only in the active window
            view.activateWindow()
        return view
    return make


def prompt_sum(view) -> int:
    """The right answer worked out by the test from what the panel shows."""
    a, b = view.panel.question.text().split(" + ")
    return int(a) + int(b)


def answer_with_keys(qtbot, view, text: str) -> None:
    qtbot.keyClicks(view.panel.entry, text)
    qtbot.keyClick(view.panel.entry, Qt.Key_Return)


def visible_text(view) -> str:
    return "\n".join(label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view))


def _answer_the_question(qtbot, view, question: str, key) -> QMessageBox:
    """The view's question (its attribute `question`) is on screen and has the keyboard: press the key there."""
    box = getattr(view, question)
    assert box is not None and box.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box and box.isActiveWindow())
    focused = QApplication.focusWidget()
    assert focused is not None and box.isAncestorOf(focused)
    qtbot.keyClick(focused, key)
    qtbot.waitUntil(lambda: getattr(view, question) is None and view.isActiveWindow())
    return box


def answer_the_test_question(qtbot, view, key) -> None:
    """The question before a test: press Enter (start) or Esc (cancel)."""
    _answer_the_question(qtbot, view, "test_confirmation", key)


def answer_the_stop_question(qtbot, view, key) -> QMessageBox:
    """The question before stopping a test: press the key there."""
    return _answer_the_question(qtbot, view, "stop_confirmation", key)


# --- chooser ----------------------------------------------------------------------------------------------------

def test_chooser_groups_drills_by_game_and_describes_the_chosen_one(make_view):
    view = make_view()
    groups = {view.drill_list.topLevelItem(i).text(0): [view.drill_list.topLevelItem(i).child(j).text(0)
                                                       for j in range(view.drill_list.topLevelItem(i).childCount())]
              for i in range(view.drill_list.topLevelItemCount())}
    assert groups == {"ROULETTE": ["Add two numbers"], "BACCARAT": ["Another game's drill"]}
    assert view.title_label.text() == "Add two numbers"
    assert view.description_label.text() == SumDrill.description
    view.select_drill("test.pick")
    assert view.title_label.text() == "Another game's drill" and view.game_label.text() == "BACCARAT"
    assert view.chosen_mode() is Mode.PRACTICE


def test_the_arrow_keys_step_over_the_game_headings(qtbot, make_view):
    view = make_view()
    view.setFocus()
    titles = []
    for key in (Qt.Key_Down, Qt.Key_Down, Qt.Key_Up, Qt.Key_Up):
        qtbot.keyClick(view.drill_list, key)
        titles.append(view.title_label.text())
        assert view.start_button.isEnabled()
    assert titles == ["Another game's drill", "Another game's drill", "Add two numbers", "Add two numbers"]


def test_left_and_right_choose_the_mode_as_the_chooser_says(qtbot, make_view):
    # The chooser's key line says "← →: mode"; Left used to move the list to the drill above and Right
    # did nothing, in the list and on the mode buttons alike.
    view = make_view()
    view.setFocus()
    assert view.drill_list.hasFocus()
    chosen = []
    for key in (Qt.Key_Right, Qt.Key_Right, Qt.Key_Right, Qt.Key_Left):
        qtbot.keyClick(view.drill_list, key)
        chosen.append(view.chosen_mode())
    assert chosen == [Mode.TIMED, Mode.TEST, Mode.TEST, Mode.TIMED]
    assert view.title_label.text() == "Add two numbers"     # the drill stays the one chosen
    qtbot.keyClick(view.drill_list, Qt.Key_Tab)
    assert view.focusWidget() in view.mode_buttons.values()
    qtbot.keyClick(view.focusWidget(), Qt.Key_Left)
    assert view.chosen_mode() is Mode.PRACTICE and view.focusWidget() is view.mode_buttons[Mode.PRACTICE]
    qtbot.keyClick(view.focusWidget(), Qt.Key_Right)
    assert view.chosen_mode() is Mode.TIMED and view.focusWidget() is view.mode_buttons[Mode.TIMED]


def test_a_panel_that_shows_the_question_itself_does_not_get_it_twice(qtbot, make_view):
    class QuestionPanel(SumPanel):
        shows_question = True

    view = make_view(entries=[DrillEntry(SumDrill, QuestionPanel)])
    view.start("test.sum", Mode.PRACTICE)
    assert not view.question_label.isVisible()
    view.finish()
    view = make_view()
    view.start("test.sum", Mode.PRACTICE)
    assert view.question_label.isVisible() and view.question_label.text() == "What is the sum?"


def test_a_drill_that_fails_to_start_leaves_the_trainee_on_the_chooser(qtbot, make_view):
    class BrokenDrill(SumDrill):
        def generate(self, rng, difficulty=1, family=None):
            raise ValueError("no items for this difficulty")

    view = make_view(entries=[DrillEntry(BrokenDrill, SumPanel)])
    with pytest.raises(ValueError, match="no items"):
        view.start("test.sum", Mode.PRACTICE)
    assert view.state == "choosing" and view.pages.currentIndex() == 0


def test_drills_and_panels_get_the_current_settings(qtbot, make_view):
    from dealerdrill.settings import BaccaratSettings, Settings

    changed = Settings(baccarat=BaccaratSettings(tie_odds=9))
    view = make_view(settings=changed)
    session = view.start("test.sum", Mode.PRACTICE)
    assert session.drill.settings is changed and view.settings() is changed


# --- practice ---------------------------------------------------------------------------------------------------

def test_a_practice_item_is_answered_timed_and_explained(qtbot, make_view, recording_desk):
    clock = FakeClock()
    view = make_view(clock=clock, desk=recording_desk)
    view.start("test.sum", Mode.PRACTICE)
    assert view.state == "asking" and not view.feedback.isVisible()
    assert view.question_label.text() == "What is the sum?"
    right = prompt_sum(view)
    assert "Correct answer" not in visible_text(view)  # nothing tells the answer before it is given
    clock.now += 2.5
    with qtbot.waitSignal(view.answer_graded) as graded:
        answer_with_keys(qtbot, view, str(right))
    grade = graded.args[0]
    assert grade.correct and grade.seconds == pytest.approx(2.5)
    assert view.feedback.isVisible() and view.verdict_label.text().endswith("Right")
    assert "2.5 s" in view.time_label.text()
    assert view.expected_label.text() == f"Correct answer: {right}"
    assert "rule T.1" in view.explanation_label.text()
    assert not view.category_label.isVisible()
    assert view.panel.graded and view.panel.graded[0][1] is grade
    stored = stored_answers(view)
    assert len(stored) == 1 and (stored[0].correct, stored[0].seconds, stored[0].given) == (True, 2.5, str(right))
    # N brings the next item; the feedback goes away.
    with qtbot.waitSignal(view.item_shown):
        qtbot.keyClick(view.next_button, Qt.Key_N)
    assert view.state == "asking" and not view.feedback.isVisible()


def test_a_wrong_answer_shows_the_correct_one_and_the_error_category(qtbot, make_view):
    view = make_view()
    view.start("test.sum", Mode.PRACTICE)
    right = prompt_sum(view)
    answer_with_keys(qtbot, view, str(right + 1))
    assert view.last_grade is not None and not view.last_grade.correct
    assert view.verdict_label.text().endswith("Not right")
    assert view.expected_label.text() == f"Correct answer: {right}"
    assert view.given_label.text() == f"Your answer: {right + 1}"
    assert view.category_label.text() == f"Error: {ErrorCategory.ARITHMETIC.label}"
    assert view.feedback.property("verdict") == "wrong"
    # Enter on the focused Next button moves on.
    assert view.next_button.hasFocus()
    with qtbot.waitSignal(view.item_shown):
        qtbot.keyClick(view.next_button, Qt.Key_Return)


def test_enter_pressed_again_in_the_panel_does_not_answer_twice(qtbot, make_view, recording_desk):
    view = make_view(desk=recording_desk)
    view.start("test.sum", Mode.PRACTICE)
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    view.panel.answered.emit("5")  # a late second commit from the panel
    assert len(stored_answers(view)) == 1 and view.state == "feedback"


def test_hint_only_in_practice(qtbot, make_view):
    view = make_view()
    view.start("test.sum", Mode.PRACTICE)
    assert view.hint_button.isVisible() and not view.hint_label.isVisible()
    qtbot.keyClick(view.panel.entry, Qt.Key_F1)
    assert view.hint_label.isVisible()
    assert view.hint_label.text() == "Hint: Add the tens first, then the units."
    view.finish()

    view.start("test.sum", Mode.TEST, target=Target(test_items=2), confirmed=True)
    assert not view.hint_button.isVisible()
    qtbot.keyClick(view.panel.entry, Qt.Key_F1)
    assert view.show_hint() is None and not view.hint_label.isVisible()
    view.finish()

    view.start("test.sum", Mode.TIMED, target=Target(seconds=600))
    assert not view.hint_button.isVisible() and view.show_hint() is None


def test_h_gives_the_hint_when_the_panel_does_not_use_the_key(qtbot, make_view):
    view = make_view()
    view.start("test.sum", Mode.PRACTICE)
    view.next_button.setEnabled(True)
    view.hint_button.setFocus()  # not the text field, which would take the letter as typing
    qtbot.keyClick(view.hint_button, Qt.Key_H)
    assert view.hint_label.isVisible()


def test_a_malformed_answer_is_explained_and_the_item_stays(qtbot, make_view, recording_desk):
    view = make_view(desk=recording_desk)
    view.start("test.sum", Mode.PRACTICE)
    item = view.session.current
    with qtbot.waitSignal(view.answer_refused) as refused:
        answer_with_keys(qtbot, view, "twelve")
    assert "'twelve' is not a whole number" in refused.args[0]
    assert view.problem_label.isVisible() and "is not a whole number" in view.problem_label.text()
    assert "Traceback" not in view.problem_label.text()
    assert view.state == "asking" and view.session.current is item and not view.feedback.isVisible()
    assert stored_answers(view) == []
    view.panel.entry.clear()
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    assert view.state == "feedback" and not view.problem_label.isVisible() and len(stored_answers(view)) == 1


def test_every_answer_is_stored_once(qtbot, make_view, recording_desk):
    view = make_view(desk=recording_desk)
    view.start("test.sum", Mode.PRACTICE)
    given = []
    for index in range(5):
        right = prompt_sum(view)
        text = str(right if index % 2 == 0 else right + 3)
        given.append(text)
        answer_with_keys(qtbot, view, text)
        qtbot.keyClick(view.next_button, Qt.Key_Return)
    stored = stored_answers(view)
    assert [a.answer for a in stored] == given
    assert [a.correct for a in stored] == [True, False, True, False, True]


def test_scheduler_memory_goes_in_and_comes_out(qtbot, make_view, recording_desk):
    view = make_view(desk=recording_desk)
    view.start("test.sum", Mode.PRACTICE)
    answer_with_keys(qtbot, view, str(prompt_sum(view) + 1))
    family = view.session.result.answered[-1].item.family
    memory = recording_desk.records.load_scheduler_memory("Tester", "test.sum")
    assert memory == view.session.scheduler.snapshot() and memory["families"][family]["lapses"] == 1
    # A new view over the desk resumes that memory.
    other = make_view(desk=recording_desk)
    session = other.start("test.sum", Mode.PRACTICE)
    assert session.scheduler.memory[family].lapses == 1 and session.scheduler.clock == memory["clock"]


def test_leeches_are_listed_at_the_end_of_practice(qtbot, make_view):
    view = make_view()
    view.start("test.sum", Mode.PRACTICE)
    wrong_by_family: dict[str, int] = {}
    while max(wrong_by_family.values(), default=0) < LEECH_LAPSES:
        family = view.session.current.family
        wrong_by_family[family] = wrong_by_family.get(family, 0) + 1
        answer_with_keys(qtbot, view, str(prompt_sum(view) + 1))
        qtbot.keyClick(view.next_button, Qt.Key_Return)
    leeches = sorted(f for f, n in wrong_by_family.items() if n >= LEECH_LAPSES)
    with qtbot.waitSignal(view.session_finished):
        qtbot.keyClick(view.panel.entry, Qt.Key_Escape)
    assert view.state == "result" and view.leeches == leeches
    assert view.leech_label.isVisible()
    for family in leeches:
        assert family in view.leech_label.text()
    assert view.result_verdict.text() == "Session complete"


# --- timed ------------------------------------------------------------------------------------------------------

def test_timed_mode_counts_down_and_times_out(qtbot, make_view, recording_desk):
    view = make_view(desk=recording_desk)
    view.start("test.sum", Mode.TIMED, target=Target(seconds=0.4))
    assert view.countdown_row.isVisible() and view.countdown_label.text().endswith("s left")
    with qtbot.waitSignal(view.answer_graded, timeout=5000) as graded:
        pass  # nothing typed: the countdown runs out on its own, without blocking the event loop
    grade = graded.args[0]
    assert grade.timed_out and grade.category is ErrorCategory.TIMEOUT
    assert view.verdict_label.text().endswith("Time ran out")
    assert view.expected_label.text() == f"Correct answer: {prompt_sum(view)}"
    assert view.category_label.text() == f"Error: {ErrorCategory.TIMEOUT.label}"
    stored = stored_answers(view)
    assert len(stored) == 1 and stored[0].answer is None and stored[0].timed_out


def test_timed_answer_in_time_is_graded(qtbot, make_view):
    clock = FakeClock()
    view = make_view(clock=clock)
    view.start("test.sum", Mode.TIMED, target=Target(seconds=30))
    clock.now += 3
    view._tick()
    assert view.countdown_label.text() == "27.0 s left"
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    assert view.last_grade.correct and not view.last_grade.timed_out


def test_the_countdown_says_the_time_is_up_once_it_is(qtbot, make_view):
    # It used to stay on the last tick's "0.1 s left" beside the "Time ran out" feedback.
    clock = FakeClock()
    view = make_view(clock=clock)
    view.start("test.sum", Mode.TIMED, target=Target(seconds=30))
    clock.now += 29.9
    view._tick()
    assert view.countdown_label.text() == "0.1 s left"
    clock.now += 0.2
    view._tick()
    assert view.last_grade.timed_out
    assert view.countdown_label.text() == "Time is up" and view.countdown_bar.value() == 0
    view.next_item()
    assert view.countdown_label.text().endswith("s left")
    clock.now += 31   # an answer typed after the time ran out, before the next tick: timed out as well
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    assert view.last_grade.timed_out and view.countdown_label.text() == "Time is up"


# --- test -------------------------------------------------------------------------------------------------------

def test_a_whole_test_to_the_result_page_with_the_keyboard_only(qtbot, make_view, recording_desk):
    view = make_view(desk=with_targets(recording_desk, {"test.sum": Target(test_items=4, pass_mark=0.75)}))
    messages = []
    view.message.connect(messages.append)
    view.setFocus()
    assert view.drill_list.hasFocus()
    # The first drill is chosen; Tab goes to the mode buttons, Down moves to Timed then Test.
    qtbot.keyClick(view.drill_list, Qt.Key_Tab)
    focused = view.focusWidget()
    assert focused is view.mode_buttons[Mode.PRACTICE]
    qtbot.keyClick(focused, Qt.Key_Down)
    qtbot.keyClick(view.focusWidget(), Qt.Key_Down)
    assert view.chosen_mode() is Mode.TEST
    qtbot.keyClick(view.focusWidget(), Qt.Key_Return)
    assert view.session is None                    # asked first
    with qtbot.waitSignal(view.item_shown):
        answer_the_test_question(qtbot, view, Qt.Key_Return)
    assert view.session.mode is Mode.TEST
    for index in range(4):
        assert view.progress_label.text() == f"Item {index + 1} of 4"
        right = prompt_sum(view)
        answer_with_keys(qtbot, view, str(right if index != 1 else right + 2))
        qtbot.keyClick(view.focusWidget(), Qt.Key_Return)
    assert view.state == "result"
    assert view.result_verdict.text() == "Passed"
    assert messages == ["Add two numbers: 3 of 4 right, test passed."]
    summary = view.result_summary.text()
    assert "3 of 4 right (75%)" in summary and "pass mark 75%" in summary
    median = sorted(a.seconds for a in stored_answers(view))
    assert drill_view.seconds_text((median[1] + median[2]) / 2) in view.result_times.text()
    count = view.findChild(QLabel, f"errorCount-{ErrorCategory.ARITHMETIC.value}")
    assert count is not None and count.text() == "1"
    assert not view.leech_label.isVisible()
    # Enter goes back to the chooser.
    qtbot.keyClick(view.focusWidget(), Qt.Key_Return)
    assert view.state == "choosing" and view.pages.currentIndex() == 0


def test_a_failed_test_says_so(qtbot, make_view, recording_desk):
    view = make_view(desk=with_targets(recording_desk, {"test.sum": Target(test_items=2, pass_mark=0.9)}))
    view.start("test.sum", Mode.TEST, confirmed=True)
    for _ in range(2):
        answer_with_keys(qtbot, view, str(prompt_sum(view) + 1))
        view.next_item()
    assert view.result_verdict.text() == "Not passed" and view.result_verdict.property("passed") == "false"
    assert "0 of 2 right (0%)" in view.result_summary.text()


def test_the_keys_line_says_that_esc_stops_a_test_unpassed(qtbot, make_view, recording_desk):
    """"Esc: end" in a test did not say that Esc ends the certification attempt, not passed; since Esc in a
    test asks before it stops, the line says that too ("asks first")."""
    view = make_view(desk=with_targets(recording_desk, {"test.sum": Target(test_items=3, pass_mark=0.5)}))
    view.start("test.sum", Mode.TEST, confirmed=True)
    assert "Esc: stop the test (asks first; not passed)" in view.keys_label.text()
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    assert "Esc: stop the test (asks first; not passed)" in view.keys_label.text()
    view.finish()
    view.start("test.sum", Mode.PRACTICE)
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    assert view.keys_label.text() == "Enter or N: next  ·  Esc: end"


def test_stopping_a_test_early_is_not_a_pass(qtbot, make_view, recording_desk):
    """Esc in a test now asks before it stops (it stopped at once before); Stop confirms it here."""
    view = make_view(desk=with_targets(recording_desk, {"test.sum": Target(test_items=5, pass_mark=0.5)}))
    view.start("test.sum", Mode.TEST, confirmed=True)
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    qtbot.keyClick(view.next_button, Qt.Key_Escape)
    assert view.state == "feedback"
    box = view.stop_confirmation
    [stop] = [b for b in box.buttons() if b.text() == "Stop"]
    stop.click()
    qtbot.waitUntil(lambda: view.stop_confirmation is None)
    assert view.state == "result" and view.result_verdict.text() == "Stopped after 1 of 5: not passed"
    assert "1 of 5 right (20%)" in view.result_summary.text()
    qtbot.keyClick(view.back_button, Qt.Key_R)  # the same drill again: a new test, so asked again
    answer_the_test_question(qtbot, view, Qt.Key_Return)
    assert view.state == "asking" and view.session.mode is Mode.TEST and view.session.result.count == 0


def test_esc_in_a_test_asks_first_and_keep_going_goes_on(qtbot, make_view, recording_desk):
    view = make_view(desk=with_targets(recording_desk, {"test.sum": Target(test_items=4, pass_mark=0.5)}))
    view.start("test.sum", Mode.TEST, confirmed=True)
    answer_with_keys(qtbot, view, str(prompt_sum(view)))
    view.next_item()
    session = view.session
    qtbot.keyClick(view.panel.entry, Qt.Key_Escape)            # a stray Esc while the second item is asked
    box = view.stop_confirmation
    assert box is not None and box.isVisible()
    assert box.text() == "Stop the test? It counts as not passed (1 of 4 answered)."
    assert sorted(b.text() for b in box.buttons()) == ["Keep going", "Stop"]
    assert box.defaultButton().text() == "Keep going" and box.escapeButton().text() == "Keep going"
    answer_the_stop_question(qtbot, view, Qt.Key_Escape)      # Esc on the question: keep going
    assert view.state == "asking" and view.session is session and not session.finished
    assert session.result.count == 1
    answer_with_keys(qtbot, view, str(prompt_sum(view)))       # the test goes on and takes answers
    assert session.result.count == 2
    view.end_button.click()                                     # the button asks too
    answer_the_stop_question(qtbot, view, Qt.Key_Return)       # Enter: the default, keep going
    assert view.state == "feedback" and not session.finished
    qtbot.keyClick(view.next_button, Qt.Key_Escape)
    [stop] = [b for b in view.stop_confirmation.buttons() if b.text() == "Stop"]
    stop.click()
    qtbot.waitUntil(lambda: view.stop_confirmation is None)
    assert view.state == "result" and view.result_verdict.text() == "Stopped after 2 of 4: not passed"


def test_esc_in_practice_and_timed_ends_at_once(qtbot, make_view):
    view = make_view()
    for mode in (Mode.PRACTICE, Mode.TIMED):
        view.start("test.sum", mode)
        answer_with_keys(qtbot, view, str(prompt_sum(view)))
        qtbot.keyClick(view.next_button, Qt.Key_Escape)
        assert view.stop_confirmation is None and view.state == "result"
        view.back_to_chooser()


# --- main window ------------------------------------------------------------------------------------------------

def test_the_main_window_has_a_drills_page(qtbot, monkeypatch):
    from dealerdrill import app as app_module

    monkeypatch.setattr(drill_view, "available_drills", lambda: (list(ENTRIES), []))
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == ["Roulette", "Baccarat", "Pai Gow"]
    window.drills_action.trigger()
    assert window.drills_shown() and window.drills.isVisible()
    assert [e.id for e in window.drills.entries()] == ["test.sum", "test.pick"]
    # F1 is Help ▸ Keys in the window; on a practice item it gives the hint instead, and only there.
    with qtbot.waitActive(window):
        window.activateWindow()
    window.desk.choose_guest()
    window.drills.start("test.sum", Mode.PRACTICE)
    qtbot.keyClick(window.drills.panel.entry, Qt.Key_F1)
    assert window.drills.hint_label.isVisible()
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    window.drills.finish()
    qtbot.keyClick(window.drills.drill_list, Qt.Key_F1)
    keys = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert [box.windowTitle() for box in keys] == ["Keys"]
    keys[0].close()
    window.tables_action.trigger()
    assert not window.drills_shown() and window.current_table().isVisible()
    window.show_table(2)
    assert window.tabs.currentIndex() == 2


# --- the real drills ---------------------------------------------------------------------------------------------

def test_every_registered_drill_starts_and_shows_its_first_item(qtbot, make_view):
    entries, problems = drill_view.available_drills()
    assert problems == []
    assert {e.game for e in entries} == {"roulette", "baccarat", "paigow"}
    view = make_view(entries=entries)
    for entry in entries:
        for mode in Mode:
            with qtbot.waitSignal(view.item_shown) as shown:
                view.start(entry.id, mode, confirmed=True)
            item = shown.args[0]
            assert item.drill == entry.id and view.panel is not None and isinstance(view.panel, entry.panel)
            assert view.state == "asking" and not view.feedback.isVisible()
            view.finish()
