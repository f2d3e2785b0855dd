"""Issue 11, item 1: tests that cannot be gamed. Each test is an attack a trainee (or a confused trainee) could
try at the keyboard, and what the program must do instead:

- the table of play: Stand when the Player must draw, see the third card, Backspace, call Draw;
- any drill: read the answer off the screen before committing (what is shown must not depend on the key);
- any drill: answer an item again after it was graded;
- start a test by accident (the question first; Esc starts nothing);
- change the settings in the middle of a test;
- stop a test after one right answer and have it read as "1 of 1, 100%".
"""
from __future__ import annotations

import csv
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dealerdrill import app as app_module
from dealerdrill.core import Rng
from dealerdrill.domain import ErrorCategory, Grade, Item, Mode, Target
from dealerdrill.drills import DrillSession
from dealerdrill.records import RecordFilter
from dealerdrill.settings import Settings
from dealerdrill.views import drill_view
from dealerdrill.views.drill_view import DrillEntry, DrillView
from dealerdrill.views.records_trainee import table_texts

PIN, MANAGER = "246824", "Mere Smith"
REAL_DRILLS, _ = drill_view.available_drills()


class FixedClock:
    """The shell's clock, standing still: timings then never differ between two runs of the same screen."""

    def __init__(self):
        self.now = 500.0

    def __call__(self):
        return self.now


def answer_the_test_question(qtbot, view, key) -> None:
    """The question before a test is on screen and has the keyboard: press Enter (start) or Esc (cancel)."""
    box = view.test_confirmation
    assert box is not None and box.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box and box.isActiveWindow())
    focused = QApplication.focusWidget()
    assert focused is not None and box.isAncestorOf(focused)
    qtbot.keyClick(focused, key)
    qtbot.waitUntil(lambda: view.test_confirmation is None and view.isActiveWindow())


def shown_view(qtbot, **options) -> DrillView:
    view = DrillView(**options)
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitActive(view):
        view.activateWindow()
    return view


@pytest.fixture
def recording_desk(tmp_path):
    from dealerdrill.desk import Desk

    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    yield desk
    desk.close()


def choose_test_in_the_chooser(qtbot, view, drill_id: str, difficulty: int = 1) -> None:
    """What a trainee does on the chooser: the drill, the Test mode, a difficulty, then Enter."""
    view.select_drill(drill_id)
    view.mode_buttons[Mode.TEST].setChecked(True)
    view.difficulty_box.setCurrentIndex(difficulty - 1)
    view.drill_list.setFocus()
    qtbot.keyClick(view.drill_list, Qt.Key_Return)


# --- the table of play: a call is final ---------------------------------------------------------------------------

WINNER_KEYS = {"player": Qt.Key_P, "banker": Qt.Key_B, "tie": Qt.Key_T}


def test_stand_then_backspace_in_a_test_keeps_the_first_call_on_record_graded_wrong(qtbot, recording_desk):
    view = shown_view(qtbot, desk=recording_desk, entries=REAL_DRILLS, seed=7)
    choose_test_in_the_chooser(qtbot, view, "baccarat.table_of_play")
    answer_the_test_question(qtbot, view, Qt.Key_Return)
    # The records chose the test's seed: answer right until an item where the Player must draw.
    answered = 0
    while view.session.current.key["player"] != "draw":
        right = view.session.current.key
        for key in (Qt.Key_D if right["player"] == "draw" else Qt.Key_S,
                    Qt.Key_D if right["banker"] == "draw" else Qt.Key_S, WINNER_KEYS[right["winner"]], Qt.Key_Return):
            qtbot.keyClick(view.panel, key)
        if view.state == "feedback":
            qtbot.keyClick(view.next_button, Qt.Key_Return)
        answered += 1
        assert answered < 25, "no Player draw in 25 items"
    item = view.session.current
    assert view.session.mode is Mode.TEST and item.key["player"] == "draw"
    panel = view.panel
    assert panel.hasFocus()

    qtbot.keyClick(panel, Qt.Key_S)                   # Stand: wrong
    dealt = [tuple(card) for card in item.key["hands"]["player"]]
    assert panel.player_box.cards == dealt and len(dealt) == 3   # the engine's third card is on the felt
    qtbot.keyClick(panel, Qt.Key_Backspace)           # the attack: take the call back...
    assert panel.player_box.cards == dealt and panel.choices == {"player": "stand"}
    qtbot.keyClick(panel, Qt.Key_D)                   # ...and call Draw for the Player (now the Banker's call)
    qtbot.keyClick(panel, Qt.Key_D if item.key["banker"] == "draw" else Qt.Key_S)
    qtbot.keyClick(panel, WINNER_KEYS[item.key["winner"]])
    qtbot.keyClick(panel, Qt.Key_Return)

    assert view.state == "feedback" and not view.last_grade.correct
    *before, stored = recording_desk.records.answers()
    assert len(before) == answered and all(answer.correct for answer in before)
    assert stored.answer["player"] == "stand"         # the first call, as given
    assert not stored.correct and stored.category == ErrorCategory.PLAYER_DRAW.value
    assert view.session.result.count == answered + 1


def test_the_banker_is_dealt_only_once_its_own_call_is_made(qtbot, recording_desk):
    view = shown_view(qtbot, desk=recording_desk, entries=REAL_DRILLS, seed=3)
    view.start("baccarat.table_of_play", Mode.TEST, 2, confirmed=True)
    item, panel = view.session.current, view.panel
    first_two = [tuple(card) for card in item.prompt["banker"]]
    qtbot.keyClick(panel, Qt.Key_D)
    assert panel.banker_box.cards == first_two        # the Player's call deals nothing to the Banker
    qtbot.keyClick(panel, Qt.Key_S)
    assert panel.banker_box.cards == [tuple(card) for card in item.key["hands"]["banker"]]
    qtbot.keyClick(panel, Qt.Key_Backspace)
    assert panel.choices == {"player": "draw", "banker": "stand"}


# --- nothing shown before the commit depends on the key -----------------------------------------------------------

def with_a_decoy_key(drill_class: type) -> type:
    """The same drill, whose items keep their prompt, text and hint but carry another item's key. A screen
    that shows anything derived from the key (before the answer is committed) differs between the two."""

    class DecoyKeyDrill(drill_class):
        def generate(self, rng, difficulty=1, family=None):
            item = super().generate(rng, difficulty, family)
            for seed in range(1, 400):
                other = super().generate(Rng(seed), difficulty, None)
                if other.key != item.key:
                    return replace(item, key=other.key)
            raise AssertionError(f"{self.id}: no item with another key")

    DecoyKeyDrill.__name__ = f"DecoyKey{drill_class.__name__}"
    return DecoyKeyDrill


def what_the_trainee_sees(view: QWidget):
    """Every pixel of the page, and every text a widget on it carries (labels, fields, lists, tooltips,
    accessible names: a screen reader reads those too)."""
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
    return texts, view.grab().toImage()


# Keys a trainee might press while working an answer out, short of committing it (Enter), ending the session
# (Esc) or leaving the panel (Tab).
WORKING_KEYS = [Qt.Key_1, Qt.Key_2, Qt.Key_0, Qt.Key_Period, Qt.Key_5, Qt.Key_Backspace, Qt.Key_Up, Qt.Key_Left,
                Qt.Key_Space, Qt.Key_Right, Qt.Key_Down, Qt.Key_H, Qt.Key_L, Qt.Key_W, Qt.Key_P, Qt.Key_B,
                Qt.Key_T, Qt.Key_U, Qt.Key_X, Qt.Key_Delete, Qt.Key_3, Qt.Key_4, Qt.Key_Space, Qt.Key_7]
# A table-of-play call deals its hand as the engine dealt it, by design (the Banker's call needs the Player's
# third card); that is safe only because the call is final, which the tests above check.
FINAL_CALLS = {"baccarat.table_of_play": {Qt.Key_D, Qt.Key_S}}


@pytest.fixture
def steady_cursor():
    """A text cursor that does not blink, so two grabs of the same screen are the same pixels."""
    flash = QApplication.cursorFlashTime()
    QApplication.setCursorFlashTime(0)
    yield
    QApplication.setCursorFlashTime(flash)


@pytest.mark.parametrize("entry", REAL_DRILLS, ids=[entry.id for entry in REAL_DRILLS])
def test_nothing_on_screen_before_the_commit_depends_on_the_key(qtbot, steady_cursor, entry):
    difficulty = int(getattr(entry.drill, "max_difficulty", 3))
    keys = [key for key in WORKING_KEYS if key not in FINAL_CALLS.get(entry.id, ())]
    screens = []
    for drill in (entry.drill, with_a_decoy_key(entry.drill)):
        view = shown_view(qtbot, entries=[DrillEntry(drill, entry.panel)], seed=29, clock=FixedClock())
        view.start(entry.id, Mode.TEST, difficulty, confirmed=True)
        seen = [what_the_trainee_sees(view)]
        for key in keys:
            qtbot.keyClick(QApplication.focusWidget() or view, key)
            seen.append(what_the_trainee_sees(view))
        assert view.state == "asking" and view.session.result.count == 0     # nothing was committed
        screens.append((view.session.current, seen))
        view.close()
    (real_item, real), (decoy_item, decoy) = screens
    assert real_item.prompt == decoy_item.prompt and real_item.key != decoy_item.key
    for step, ((real_texts, real_image), (decoy_texts, decoy_image)) in enumerate(zip(real, decoy)):
        after = "on the first screen" if step == 0 else f"after the key {keys[step - 1]!r}"
        assert real_texts == decoy_texts, f"{entry.id}: the words shown depend on the key {after}"
        assert real_image == decoy_image, f"{entry.id}: the picture depends on the key {after}"


# --- a committed answer is final ----------------------------------------------------------------------------------

@pytest.mark.parametrize("entry", REAL_DRILLS, ids=[entry.id for entry in REAL_DRILLS])
def test_a_graded_item_takes_no_second_answer(qtbot, entry):
    drill = entry.drill(Settings())
    session = DrillSession(drill, Mode.TEST, seed=13)
    item = session.next_item()
    grade = session.time_out(1.0)                     # a real grade of that item, from the drill
    panel = entry.panel(Settings())
    qtbot.addWidget(panel)
    panel.resize(900, 640)
    panel.show()
    with qtbot.waitActive(panel):
        panel.activateWindow()
    panel.show_item(item)
    panel.show_grade(item, grade)
    emitted = []
    panel.answered.connect(emitted.append)
    for key in WORKING_KEYS + [Qt.Key_D, Qt.Key_S, Qt.Key_Return] + WORKING_KEYS + [Qt.Key_Return]:
        qtbot.keyClick(QApplication.focusWidget() or panel, key)
    assert emitted == []


def test_a_second_commit_from_a_panel_is_not_recorded(qtbot, recording_desk):
    view = shown_view(qtbot, desk=recording_desk, entries=REAL_DRILLS, seed=5)
    view.start("baccarat.table_of_play", Mode.TEST, 1, confirmed=True)
    item = view.session.current
    for key in (Qt.Key_D, Qt.Key_D, Qt.Key_P, Qt.Key_Return):
        qtbot.keyClick(view.panel, key)
    assert view.state == "feedback"
    view.panel.answered.emit({"player": item.key["player"], "banker": item.key["banker"],
                              "winner": item.key["winner"]})          # a right answer, too late
    assert len(recording_desk.records.answers()) == 1 and view.session.result.count == 1


# --- starting a test asks first -----------------------------------------------------------------------------------

def test_the_test_question_says_what_a_test_is_and_esc_starts_nothing(qtbot, recording_desk):
    view = shown_view(qtbot, desk=recording_desk, entries=REAL_DRILLS, seed=5)
    target = view.target_for("roulette.payout_keys")
    choose_test_in_the_chooser(qtbot, view, "roulette.payout_keys")
    box = view.test_confirmation
    assert box.text() == (f"This is a test at the Standard level: {target.test_items} items, pass mark "
                          f"{target.pass_mark:.0%}, no hints, "
                          "it is recorded and a manager may sign it off. Start?")
    assert view.session is None and recording_desk.session is None
    answer_the_test_question(qtbot, view, Qt.Key_Escape)
    assert view.session is None and recording_desk.session is None and view.state == "choosing"
    assert recording_desk.records.sessions() == []                      # no session stored
    assert view.drill_list.hasFocus()
    # The Start button asks as well; Enter starts the test.
    view.start_button.click()
    answer_the_test_question(qtbot, view, Qt.Key_Return)
    assert view.state == "asking" and view.session.mode is Mode.TEST
    assert [s.mode for s in recording_desk.records.sessions()] == ["test"]


def test_practice_starts_without_a_question(qtbot, recording_desk):
    view = shown_view(qtbot, desk=recording_desk, entries=REAL_DRILLS, seed=5)
    view.select_drill("roulette.payout_keys")
    view.drill_list.setFocus()
    qtbot.keyClick(view.drill_list, Qt.Key_Return)
    assert view.test_confirmation is None and view.state == "asking" and view.session.mode is Mode.PRACTICE


# --- the window: the trainee chosen first, then the question; no settings during a test ----------------------------

class PlusDrill:
    """Stand-in drill: add two numbers (the test works the answer out from the panel, as a trainee would)."""

    id = "roulette.test_plus"
    game = "roulette"
    title = "Add two numbers"
    description = "A stand-in drill for the stopped-test tests."

    def __init__(self, settings=None):
        self.settings = settings

    def families(self):
        return ["small"]

    def generate(self, rng, difficulty=1, family=None):
        a, b = rng.below(10), rng.below(10)
        return Item(self.id, "small", {"a": a, "b": b}, key=a + b, text="What is the sum?")

    def grade(self, item, answer, seconds=0.0):
        value = int(str(answer).strip())
        ok = value == item.key
        return Grade(ok, str(item.key), str(value), "The sum of both numbers.",
                     None if ok else ErrorCategory.ARITHMETIC, rule="T.1", seconds=seconds)

    def describe_key(self, item):
        return str(item.key)


class PlusPanel(QWidget):
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

    def show_item(self, item):
        self.entry.clear()
        self.question.setText(f"{item.prompt['a']} + {item.prompt['b']}")

    def show_grade(self, item, grade):
        self.entry.setReadOnly(True)


@pytest.fixture
def window(qtbot, monkeypatch):
    monkeypatch.setattr(drill_view, "available_drills", lambda: ([DrillEntry(PlusDrill, PlusPanel)], []))
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    with qtbot.waitActive(main):
        main.activateWindow()
    main.desk.set_first_pin(MANAGER, PIN, PIN)
    main.desk.set_target(PlusDrill.id, Target(seconds=30.0, accuracy=0.9, test_items=30, pass_mark=0.8))
    main.desk.lock_manager()
    main.desk.add_trainee("Aroha")
    yield main
    main.close()


def answer_right(qtbot, view) -> None:
    a, b = view.panel.question.text().split(" + ")
    qtbot.keyClicks(view.panel.entry, str(int(a) + int(b)))
    qtbot.keyClick(view.panel.entry, Qt.Key_Return)


def visible_boxes(kind) -> list:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]


def test_choosing_the_trainee_first_still_asks_before_the_test(qtbot, window):
    from dealerdrill.views.records_profiles import ProfilePicker

    window.show_drills()
    view = window.drills
    choose_test_in_the_chooser(qtbot, view, PlusDrill.id)
    [picker] = visible_boxes(ProfilePicker)          # nobody chosen yet: who is training?
    picker.names.setCurrentRow(0)
    qtbot.keyClick(picker.names, Qt.Key_Return)
    assert window.desk.trainee == "Aroha" and view.session is None
    answer_the_test_question(qtbot, view, Qt.Key_Escape)
    assert view.session is None and window.desk.records.sessions() == []


def test_the_settings_are_refused_while_a_test_runs_even_for_a_manager(qtbot, window):
    from dealerdrill.views.settings_dialog import SettingsDialog

    window.desk.choose_trainee("Aroha")
    window.desk.unlock_manager(PIN, MANAGER)
    window.show_drills()
    choose_test_in_the_chooser(qtbot, window.drills, PlusDrill.id)
    answer_the_test_question(qtbot, window.drills, Qt.Key_Return)
    assert window.desk.test_running
    window.settings_action.trigger()
    assert visible_boxes(SettingsDialog) == []
    box = window.settings_refusal
    assert box.isVisible() and "A test is running" in box.text() and "cannot be changed" in box.text()
    box.close()
    before = window.settings()
    faster = replace(before, roulette=replace(before.roulette, animation_seconds=0.5))
    window.drills.finish()                            # the test stopped: the settings are anyone's again
    assert not window.desk.test_running
    window.settings_action.trigger()
    assert window.settings_dialog.isVisible()
    window.settings_dialog.close()
    assert window.apply_settings(faster) and window.settings() == faster


# --- a stopped test: "stopped after 1 of 30", scored 1/30, not passed, everywhere -------------------------------

def test_a_test_stopped_after_1_of_30_reads_so_everywhere(qtbot, window, tmp_path):
    """Esc in a test asks before it stops (it used to stop at once), so the test answers Stop."""
    from pypdf import PdfReader

    from dealerdrill.exports import SESSION_COLUMNS, sessions_csv_path

    window.desk.choose_trainee("Aroha")
    window.show_drills()
    view = window.drills
    choose_test_in_the_chooser(qtbot, view, PlusDrill.id)
    answer_the_test_question(qtbot, view, Qt.Key_Return)
    answer_right(qtbot, view)
    # Stop the test after one item: Esc now asks first (it stopped at once before), and Stop confirms.
    qtbot.keyClick(view.next_button, Qt.Key_Escape)
    [stop] = [b for b in view.stop_confirmation.buttons() if b.text() == "Stop"]
    stop.click()
    qtbot.waitUntil(lambda: view.stop_confirmation is None)
    # The drill's result page.
    assert view.state == "result"
    assert view.result_verdict.text() == "Stopped after 1 of 30: not passed"
    assert view.result_verdict.property("passed") == "false"
    assert "Score: 1 of 30 right (3%)" in view.result_summary.text()
    [attempt] = window.desk.records.test_attempts()
    assert (attempt.items, attempt.correct, attempt.passed) == (1, 1, False)
    assert attempt.stopped_early and attempt.scored_over == 30 and attempt.score == pytest.approx(1 / 30)

    # The trainee's Progress page.
    window.records_ui.show_progress()
    progress = window.records_ui.progress_page
    [row] = table_texts(progress.sessions_table)
    assert row[2:5] == ["Test", "1 of 30", "3%"] and row[6] == "Stopped after 1 of 30"

    # The Manager page's tests table.
    window.desk.unlock_manager(PIN, MANAGER)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(3)
    page.refresh()
    [row] = table_texts(page.tests_table)
    assert row[1] == "Aroha" and row[4] == "1 of 30 (3%)" and row[5] == "80% of 30"
    assert row[6] == "Stopped after 1 of 30"

    # The PDF scorecard.
    [pdf] = window.desk.export("pdf", tmp_path / "aroha.pdf", RecordFilter(trainees=("Aroha",)))
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)
    assert "1/30 (3%)" in text and "stopped after 1 of 30" in text, text[:600]
    assert "1/1" not in text and "100%" not in text.split("Test attempts", 1)[1].split("Errors by category")[0]

    # The CSV session rows.
    window.desk.export("csv", tmp_path / "aroha.csv", RecordFilter(trainees=("Aroha",)))
    with open(sessions_csv_path(tmp_path / "aroha.csv"), encoding="utf-8-sig", newline="") as handle:
        [session] = list(csv.DictReader(handle))
    assert list(session) == list(SESSION_COLUMNS)
    assert (session["mode"], session["items"], session["correct"], session["test_items"]) == ("test", "1", "1", "30")
    assert float(session["accuracy"]) == pytest.approx(1 / 30, abs=1e-4)
    assert session["passed"] == "no" and session["test_result"] == "stopped after 1 of 30"
