"""The drill shell: choose a drill, answer its items through the drill's panel, read the feedback.

Three pages in a stack:
  chooser   drills grouped by game, title and description, mode (Practice / Timed / Test), difficulty
  session   the item in the drill's own answer panel, the hint (practice), the countdown (timed), the
            progress (test), and after each answer the feedback in words (practice and timed) or only
            "answer recorded" (test)
  result    score, pass mark, level and verdict (test), median time, errors by category, leeches
            (practice), and for a test the review of every item (dealerdrill.views.test_review)

A test keeps its grading back until the end, so that it cannot be learnt while it is taken: after an answer
the page says only that it is recorded, the panel is frozen as the trainee left it (it is never told the
grade, so it marks nothing) and the progress says "Item k of n", never how many were right. The result page
then gives the verdict and the review: each item, the answer given, the right answer, right or not, the
explanation with its rule, and the time.

The shell only presents and collects: the desk (dealerdrill.desk) starts the session, which grades, times
out, schedules and records; the drill's panel draws the item and emits `answered` when the trainee
commits. Nothing here shows the answer before that, and a committed answer is final: once an item is
graded, nothing the panel emits for it reaches the session again.

A Test is a certification attempt, so it starts only after the trainee has said so: the chooser (Enter,
Start, a double click, R on the result page) asks first (N items, the pass mark, no hints, recorded, a
manager may sign it off; Enter starts, Esc cancels). A test stopped before its N items is scored over N
and is not passed; the result page says "stopped after k of N". So Esc or the end button in a test
asks first (Stop / Keep going, Keep going the default and Esc's answer); practice and timed sessions end
at once.

Keys (every action works without the mouse):
  chooser   Up/Down: drill   Tab: mode, difficulty, Start   Left/Right: mode   Enter: start
  session   the panel's own keys, Enter commits   H or F1: hint (practice)   Enter or N: next
            Esc: end the session (a test asks first)
  result    Enter or Esc: back to the drills   R: the same drill again
            (a test's review: Up/Down, Home/End choose an item, Page Up/Page Down scroll it)
The shell puts Item.text above the panel as the question, unless the panel class sets
`shows_question = True` because it prints the question itself.
The panel sees every key first: a panel that uses H itself (a pai gow "high hand" key, a name box that takes
letters) keeps it and says so (`keeps_letter_h = True`); F1 is then the way to the hint, and the hint button
and the key line name F1 only (hint_keys). The shell takes F1 from the window's Help ▸ Keys only while a
hint is on offer.
"""
from __future__ import annotations

import html
import importlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import unquote

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,  # the question before a test
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.domain import Grade, Mode, Target
from dealerdrill.drills import SessionResult
from dealerdrill.drills.levels import LEVEL_NAMES
from dealerdrill.drills.session import DrillUsageError
from dealerdrill.records import RecordsError

from .rulebook_view import feedback_html, references_for
from .test_review import TestReview, explanation_with_rule, reviewed_items, verdict_words

GAMES: tuple[tuple[str, str], ...] = (("roulette", "Roulette"), ("baccarat", "Baccarat"), ("paigow", "Pai Gow"))
GAME_TITLES = dict(GAMES)

DIFFICULTIES: tuple[tuple[int, str], ...] = ((1, "Basic"), (2, "Standard"), (3, "Advanced"))

MODE_NOTES = {
    Mode.PRACTICE: "Untimed, with hints. Items you miss come back sooner.",
    Mode.TIMED: "Each item has the drill's speed target as its time limit.",
    Mode.TEST: "A fixed number of items, no hints, and a pass mark.",
}

TICK_MS = 100  # countdown refresh; the time itself comes from the clock, never from counting ticks

# The session page: the panel and the notes column (hint, refused answer, feedback) share the width 3 : 1,
# the notes column between these widths, so a laptop screen still gives the picture most of the page.
NOTES_STRETCH = (3, 1)
NOTES_MIN_WIDTH = 280
NOTES_MAX_WIDTH = 440

# Palette: a light, quiet page so the drawn items and the verdict carry the colour.
INK = "#1f2a37"
MUTED = "#5b6675"
ACCENT = "#0b6a3a"       # the felt green of the tables
RIGHT = "#1e7b34"
WRONG = "#b3261e"
AMBER = "#8a5a00"

STYLE = f"""
*[drillShell="true"] {{ background: #f3f5f7; }}
*[drillShell="true"] QLabel {{ color: {INK}; }}
*[drillShell="true"] QLabel[role="muted"] {{ color: {MUTED}; }}
*[drillShell="true"] QLabel[role="heading"] {{ font-size: 20px; font-weight: 600; }}
*[drillShell="true"] QLabel[role="section"] {{ color: {MUTED}; font-size: 11px; font-weight: 600;
                                           letter-spacing: 1px; }}
*[drillShell="true"] QLabel[role="question"] {{ font-size: 17px; font-weight: 600; }}
*[drillShell="true"] QLabel[role="keys"] {{ color: {MUTED}; font-size: 11px; }}
*[drillShell="true"] QFrame[card="true"] {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; }}
*[drillShell="true"] QFrame[card="true"] QLabel {{ background: transparent; border: none; }}
*[drillShell="true"] QWidget#panelHost {{ background: #ffffff; border-radius: 8px; }}
*[drillShell="true"] QTreeWidget {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; padding: 6px;
                          font-size: 14px; outline: 0; }}
*[drillShell="true"] QTreeWidget::item {{ padding: 5px 4px; }}
*[drillShell="true"] QTreeWidget::item:selected {{ background: #dcefe3; color: {INK}; }}
*[drillShell="true"] QTreeWidget:focus {{ border: 2px solid {ACCENT}; }}
*[drillShell="true"] QPushButton {{ padding: 7px 16px; border: 1px solid #b8c0c8; border-radius: 6px;
                          background: #ffffff; color: {INK}; }}
*[drillShell="true"] QPushButton:focus {{ border: 2px solid {ACCENT}; }}
*[drillShell="true"] QPushButton:disabled {{ color: #a0a8b0; }}
*[drillShell="true"] QPushButton[primary="true"] {{ background: {ACCENT}; color: #ffffff; border-color: {ACCENT};
                                          font-weight: 600; }}
*[drillShell="true"] QPushButton[primary="true"]:focus {{ border: 2px solid #06351d; }}
*[drillShell="true"] QPushButton[primary="true"]:disabled {{ background: #9db8a8; border-color: #9db8a8; }}
*[drillShell="true"] QRadioButton, *[drillShell="true"] QComboBox {{ color: {INK}; font-size: 13px; }}
*[drillShell="true"] QLabel[badge="true"] {{ background: #e6efe9; color: {ACCENT}; border-radius: 9px;
                                   padding: 2px 10px; font-weight: 600; }}
*[drillShell="true"] QFrame#feedback[verdict="right"] {{ background: #edf7ef; border: 1px solid #b9dcc1;
                                              border-left: 5px solid {RIGHT}; border-radius: 6px; }}
*[drillShell="true"] QFrame#feedback[verdict="wrong"] {{ background: #fcefee; border: 1px solid #efc4c0;
                                              border-left: 5px solid {WRONG}; border-radius: 6px; }}
*[drillShell="true"] QFrame#feedback QLabel {{ background: transparent; }}
*[drillShell="true"] QFrame#recordedNote {{ background: #eef1f5; border: 1px solid #d0d7df;
                                         border-left: 5px solid {MUTED}; border-radius: 6px; }}
*[drillShell="true"] QFrame#recordedNote QLabel {{ background: transparent; }}
*[drillShell="true"] QLabel#recordedLabel {{ font-size: 17px; font-weight: 700; }}
*[drillShell="true"] QLabel#verdictLabel[verdict="right"] {{ color: {RIGHT}; font-size: 17px; font-weight: 700; }}
*[drillShell="true"] QLabel#verdictLabel[verdict="wrong"] {{ color: {WRONG}; font-size: 17px; font-weight: 700; }}
*[drillShell="true"] QLabel#hintLabel, *[drillShell="true"] QLabel#problemLabel {{ background: #fff4d6; color: {AMBER};
        border: 1px solid #f0d58c; border-radius: 6px; padding: 8px 10px; }}
*[drillShell="true"] QProgressBar {{ border: 1px solid #d9dee3; border-radius: 5px; background: #ffffff;
                           height: 10px; }}
*[drillShell="true"] QProgressBar::chunk {{ background: {ACCENT}; border-radius: 4px; }}
*[drillShell="true"] QProgressBar[urgent="true"]::chunk {{ background: {WRONG}; }}
*[drillShell="true"] QLabel#resultVerdict[passed="true"] {{ color: {RIGHT}; font-size: 28px; font-weight: 700; }}
*[drillShell="true"] QLabel#resultVerdict[passed="false"] {{ color: {WRONG}; font-size: 28px; font-weight: 700; }}
*[drillShell="true"] QLabel#resultVerdict[passed="none"] {{ color: {INK}; font-size: 24px; font-weight: 700; }}
"""


# --- the catalogue ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrillEntry:
    """A drill offered in the chooser: its class and the panel class that collects its answers."""

    drill: type
    panel: type

    @property
    def id(self) -> str:
        return self.drill.id

    @property
    def game(self) -> str:
        return self.drill.game

    @property
    def title(self) -> str:
        return self.drill.title

    @property
    def description(self) -> str:
        return self.drill.description


def _registered_drills(problems: list[str]) -> dict[str, type]:
    from dealerdrill.drills import base

    try:
        return base.registry()
    except Exception as error:  # one game's broken module must not hide the other games' drills
        problems.append(f"Not every game's drills could be loaded ({error}).")
    return base.registered_so_far()


def _panels(game: str, problems: list[str]) -> dict[str, type]:
    try:
        module = importlib.import_module(f"dealerdrill.views.drill_panels_{game}")
    except ModuleNotFoundError as error:
        if error.name != f"dealerdrill.views.drill_panels_{game}":
            problems.append(f"The {GAME_TITLES.get(game, game)} answer panels could not be loaded ({error}).")
        return {}
    except Exception as error:
        problems.append(f"The {GAME_TITLES.get(game, game)} answer panels could not be loaded ({error}).")
        return {}
    return dict(getattr(module, "PANELS", {}))


def available_drills() -> tuple[list[DrillEntry], list[str]]:
    """The registered drills that have an answer panel, in game order, and any problems in plain words."""
    problems: list[str] = []
    drills = _registered_drills(problems)
    panels: dict[str, type] = {}
    for game, _ in GAMES:
        panels.update(_panels(game, problems))
    entries, missing = [], []
    for drill_id, drill in drills.items():
        if drill_id in panels:
            entries.append(DrillEntry(drill, panels[drill_id]))
        else:
            missing.append(drill.title)
    if missing:
        problems.append("No answer panel yet for: " + ", ".join(sorted(missing)) + ".")
    return sort_entries(entries), problems


def sort_entries(entries: list[DrillEntry]) -> list[DrillEntry]:
    order = {game: index for index, (game, _) in enumerate(GAMES)}
    return sorted(entries, key=lambda e: (order.get(e.game, len(order)), e.game))  # stable within a game


# --- small widgets -----------------------------------------------------------------------------------------------

def keeps_letter_h(panel: QWidget | None) -> bool:
    """Whether H is one of the panel's own keys (a pai gow tile to the high hand, a letter of a tile's name)."""
    return bool(getattr(panel, "keeps_letter_h", False))


def hint_keys(panel: QWidget | None, between: str) -> str:
    """The keys that give the hint with this panel, as the button and the key line name them: "H / F1", or
    F1 alone where the panel keeps H for itself (the two must never collide)."""
    return "F1" if keeps_letter_h(panel) else f"H{between}F1"


def _label(text: str = "", role: str | None = None, wrap: bool = False) -> QLabel:
    label = QLabel(text)
    if role:
        label.setProperty("role", role)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _card() -> QFrame:
    frame = QFrame()
    frame.setProperty("card", True)
    return frame


def _button(text: str, primary: bool = False) -> QPushButton:
    button = QPushButton(text)
    button.setAutoDefault(True)  # Enter presses the focused button, as in a dialog
    if primary:
        button.setProperty("primary", True)
    return button


def _repolish(widget: QWidget) -> None:
    """Re-apply the style sheet after a dynamic property changed (verdict colours, urgent countdown)."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def seconds_text(seconds: float) -> str:
    return f"{seconds:.1f} s"


@dataclass(frozen=True)
class TestVerdict:
    """What the result page says of a test: passed or not, k of n right, the pass mark and the level.

    Made here from the session's own results; anything that judges a test (the records, say) can make one
    and hand it to DrillView.show_verdict instead."""

    __test__ = False  # not a pytest test class

    passed: bool
    correct: int
    answered: int
    items: int          # the test's number of items: a test stopped early is scored over all of them
    pass_mark: float
    level: str
    caveat: str = ""    # why the records do not count it (problems found, another level, not issued)

    @classmethod
    def of_result(cls, result: SessionResult, level: str) -> TestVerdict:
        target = result.target
        return cls(bool(result.passed), result.correct, result.count, target.test_items, target.pass_mark, level)

    @classmethod
    def of_summary(cls, summary, level: str) -> TestVerdict:
        """The verdict the records made again at the end of the test (a judged SessionSummary)."""
        caveat = ("The records do not agree with this test: " + "; ".join(summary.problems) + "."
                  if summary.problems else
                  f"It does not count as a test of its target: {summary.not_counted}." if summary.not_counted else "")
        return cls(bool(summary.passed), summary.correct, summary.items, summary.target.test_items,
                   summary.target.pass_mark, level, caveat)

    @property
    def stopped(self) -> bool:
        return self.answered < self.items

    @property
    def headline(self) -> str:
        """Passed, not passed, or stopped after k of n (never a pass)."""
        if self.stopped:
            return f"Stopped after {self.answered} of {self.items}: not passed"
        return "Passed" if self.passed else "Not passed"

    def lines(self) -> list[str]:
        # Scored over the whole test: items never answered count as not right, so stopping early can never
        # raise the score.
        share = self.correct / self.items if self.items else 0.0
        lines = [f"Score: {self.correct} of {self.items} right ({share:.0%})  ·  pass mark {self.pass_mark:.0%}"
                 f"  ·  level {self.level}"]
        if self.stopped:
            unanswered = self.items - self.answered
            lines.append(f"The test was stopped after {self.answered} of {self.items} items; the {unanswered} not "
                         "answered count as not right.")
        if self.caveat:
            lines.append(self.caveat)
        return lines


def level_name(difficulty: int) -> str:
    return dict(DIFFICULTIES).get(difficulty, str(difficulty))


def family_text(drill, family: str) -> str:
    """A family in words: the drill's own description when it offers one, else its id made readable."""
    describe = getattr(drill, "describe_family", None)
    if callable(describe):
        try:
            return str(describe(family))
        except Exception:
            pass
    return family.replace("_", " ").replace(".", " › ")


class _FillingScrollArea(QScrollArea):
    """A frameless scroll area whose content fills it and scrolls only when it cannot fit.

    Its size hint is fixed, not taken from the content, so what appears inside (feedback, a longer panel)
    never makes the page reallocate space; its minimum is small, so the window can always shrink."""

    def __init__(self, hint: QSize, horizontal: bool = True):
        super().__init__()
        self._hint = hint
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        if not horizontal:
            self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)

    def setWidget(self, widget: QWidget) -> None:
        widget.setAutoFillBackground(False)
        super().setWidget(widget)

    def sizeHint(self):
        return self._hint

    def minimumSizeHint(self):
        return QSize(120, 120)


class _PlaceholderWhileEmpty(QObject):
    """Shows `placeholder` exactly while none of `watched` is visible (the notes column's "appears here")."""

    def __init__(self, placeholder: QWidget, watched: list[QWidget]):
        super().__init__(placeholder)
        self._placeholder = placeholder
        self._watched = watched
        for widget in watched:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.ShowToParent,
                            QEvent.Type.HideToParent):
            self._placeholder.setVisible(not any(w.isVisibleTo(w.parentWidget()) for w in self._watched))
        return False


class _LeftRightStepsTheMode(QObject):
    """Left and Right step the chooser's mode (Practice, Timed, Test), as the chooser's key line promises,
    while the drill list or a mode button has the keyboard: a radio button by itself answers only Up and
    Down in a column, and the list took Left as "go to the game heading", which chose the drill above."""

    def __init__(self, step: Callable[[int], None], watched: list[QWidget]):
        super().__init__(watched[0])
        self._step = step
        for widget in watched:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if plain and event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                self._step(-1 if event.key() == Qt.Key.Key_Left else 1)
                return True
        return False


# --- the view ----------------------------------------------------------------------------------------------------

class DrillView(QWidget):
    """The Drills page over a desk (dealerdrill.desk.Desk), which starts, grades and records the sessions.
    Without a desk the page makes one of its own for guest practice (nothing recorded)."""

    session_started = Signal(object)    # TrainingSession
    item_shown = Signal(object)         # Item
    answer_graded = Signal(object)      # Grade
    answer_refused = Signal(str)        # a malformed answer's message; the item stays
    session_finished = Signal(object)   # SessionResult
    message = Signal(str)               # notes for the main window's status bar

    def __init__(self, settings=None, parent: QWidget | None = None, *, desk=None,
                 entries: list[DrillEntry] | None = None,
                 seed: int | None = None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        self.setObjectName("drillView")
        self.setProperty("drillShell", True)  # the style sheet's anchor; the window may rename the page
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        if desk is None:
            from dealerdrill.desk import Desk

            desk = Desk(None, settings, save_settings=False)
            desk.choose_guest()
        self.desk = desk
        # Asked before a drill starts from the chooser; returning False holds the start (the window asks
        # who is training first, then starts the drill itself).
        self.start_guard: Callable[[], bool] | None = None
        self._seed = seed
        self._clock = clock
        self._entries: list[DrillEntry] | None = None
        self.problems: list[str] = []
        if entries is not None:
            self._entries = sort_entries(list(entries))

        self.session = None                # the desk's TrainingSession
        self.entry: DrillEntry | None = None
        self.panel: QWidget | None = None
        self.state = "choosing"           # choosing | asking | feedback | result
        self._shown_at = 0.0
        self.last_grade: Grade | None = None
        self.leeches: list[str] = []
        self._committing = False
        self.test_confirmation: QMessageBox | None = None   # the question before a test, while it is open
        self.stop_confirmation: QMessageBox | None = None   # the question before stopping a test, while open

        self._countdown = QTimer(self)
        self._countdown.setInterval(TICK_MS)
        self._countdown.timeout.connect(self._tick)

        self.pages = QStackedWidget()
        self.pages.addWidget(self._build_chooser())
        self.pages.addWidget(self._build_session())
        self.pages.addWidget(self._build_result())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.pages)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFocusProxy(self.drill_list)
        if self._entries is not None:
            self._fill_chooser()

    # --- public API ------------------------------------------------------------------------------------------------
    def entries(self) -> list[DrillEntry]:
        """The drills on offer (loaded on first use, so the main window starts without importing them)."""
        if self._entries is None:
            self._entries, self.problems = available_drills()
            self._fill_chooser()
        return list(self._entries)

    def settings(self):
        return self.desk.settings

    def refresh_targets(self) -> None:
        """The manager changed a target: show the one in force (sessions from now on use it)."""
        self._describe_chosen()

    def target_for(self, drill_id: str) -> Target:
        return self.desk.target_for(drill_id)

    def select_drill(self, drill_id: str) -> None:
        self.entries()
        for index in range(self.drill_list.topLevelItemCount()):
            group = self.drill_list.topLevelItem(index)
            for child in range(group.childCount()):
                if group.child(child).data(0, Qt.ItemDataRole.UserRole) == drill_id:
                    self.drill_list.setCurrentItem(group.child(child))
                    return
        raise ValueError(f"there is no drill {drill_id!r} on offer")

    def start(self, drill_id: str | None = None, mode: Mode | None = None, difficulty: int | None = None,
              target: Target | None = None, *, confirmed: bool = False):
        """Start a session (the chooser's choices for anything not given) and show its first item.

        A Test first asks the trainee (`ask_to_start_test`) and returns None; it starts when the trainee
        says Start. `confirmed=True` (a caller that has asked already, or a test of the program) skips the
        question."""
        if drill_id is not None:
            self.select_drill(drill_id)
        entry = self._chosen_entry()
        if entry is None:
            raise ValueError("choose a drill first")
        mode = mode or self.chosen_mode()
        difficulty = difficulty or self.chosen_difficulty()
        if mode is Mode.TEST and not confirmed:
            self.ask_to_start_test(entry)
            return None
        self._end_session_quietly()
        self.entry = entry
        self.session = self.desk.start_session(entry.drill, mode, difficulty, seed=self._seed,
                                               target=None if mode is Mode.TEST else target)
        if self.session.recording_problem:
            self.message.emit(self.session.recording_problem)
        try:
            # A test's panel draws with the settings the test was issued under (its chips, its limits).
            self._install_panel(entry.panel(getattr(self.session.drill, "settings", self.desk.settings)))
            self._prepare_session_page()
            self.pages.setCurrentIndex(1)
            self.session_started.emit(self.session)
            self._ask()
        except Exception:
            # A drill or panel that fails to start leaves the trainee on the chooser, not on an empty page;
            # the error itself goes on to the window, which reports it in plain words.
            self.back_to_chooser()
            raise
        return self.session

    def ask_to_start_test(self, entry: DrillEntry) -> QMessageBox:
        """The question before a test (not blocking): Enter starts it, Esc cancels and nothing is started.
        It names the manager's target in force, level included: the test is issued under it."""
        if self.test_confirmation is not None:
            self.test_confirmation.close()
        shown = self.target_for(entry.id)
        recorded = ("it is recorded and a manager may sign it off" if self.desk.trainee is not None
                    else "as a guest it is not recorded")
        box = QMessageBox(QMessageBox.Icon.Question, "Start a test",
                          f"This is a test at the {LEVEL_NAMES[shown.level]} level: {shown.test_items} items, pass "
                          f"mark {shown.pass_mark:.0%}, no hints, {recorded}. Start?",
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("testConfirmation")
        box.setInformativeText(f"{entry.title}. Enter: start the test  ·  Esc: cancel")
        start = box.addButton("Start the test", QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(start)
        box.setEscapeButton(cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered() -> None:
            self.test_confirmation = None
            # The keyboard goes back to this page (not every platform hands it back when the box closes).
            self.window().activateWindow()
            if box.clickedButton() is start:
                self.start(entry.id, Mode.TEST, confirmed=True)
            elif self.state == "choosing":
                self.drill_list.setFocus()

        box.finished.connect(answered)
        self.test_confirmation = box
        box.open()
        start.setFocus()
        return box

    def chosen_mode(self) -> Mode:
        return Mode(self.mode_group.checkedButton().property("mode"))

    def chosen_difficulty(self) -> int:
        return int(self.difficulty_box.currentData())

    def show_hint(self) -> str | None:
        """Practice only: the item's hint under the question."""
        if not self._hint_available():
            return None
        text = self.session.hint()
        self.hint_label.setText(f"Hint: {text}")
        self.hint_label.show()
        return text

    def next_item(self) -> None:
        if self.state != "feedback":
            return
        if self.session.finished:
            self.finish()
            return
        try:
            self._ask()
        except RecordsError as error:
            # A room's test gets each item from its server: while it is away the trainee stays here, answers kept,
            # and Next tries again.
            self.state = "feedback"
            self.problem_label.setText(str(error))
            self.problem_label.show()
            self.next_button.setEnabled(True)
            self.next_button.setFocus()

    def end_session(self) -> SessionResult | QMessageBox | None:
        """What Esc and the end button do: a practice or timed session ends at once; a test still running
        asks first (one stray key must not end a certification attempt), and the question is returned."""
        if self._test_unfinished():
            return self.ask_to_stop_test()
        return self.finish()

    def _test_unfinished(self) -> bool:
        return (self.session is not None and self.session.mode is Mode.TEST and not self.session.finished
                and self.state in ("asking", "feedback"))

    def ask_to_stop_test(self) -> QMessageBox:
        """The question before stopping a test (not blocking): Keep going is the default and Esc's answer."""
        if self.stop_confirmation is not None:
            self.stop_confirmation.close()
        answered_count = self.session.result.count
        box = QMessageBox(QMessageBox.Icon.Question, "Stop the test",
                          f"Stop the test? It counts as not passed ({answered_count} of "
                          f"{self.session.target.test_items} answered).", QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("stopConfirmation")
        box.setInformativeText("Enter or Esc: keep going  ·  Stop: end the attempt now")
        stop = box.addButton("Stop", QMessageBox.ButtonRole.DestructiveRole)
        keep_going = box.addButton("Keep going", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep_going)
        box.setEscapeButton(keep_going)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        session = self.session

        def answered() -> None:
            self.stop_confirmation = None
            self.window().activateWindow()
            # The session asked about may have ended meanwhile (its last item answered, the trainee changed).
            if box.clickedButton() is stop and self.session is session and self._test_unfinished():
                self.finish()
            elif self.panel is not None and self.state == "asking":
                self.panel.setFocus()
            elif self.state == "feedback":
                self.next_button.setFocus()

        box.finished.connect(answered)
        self.stop_confirmation = box
        box.open()
        keep_going.setFocus()
        return box

    def finish(self) -> SessionResult | None:
        """End the session (the item on screen, if unanswered, is dropped) and show the result page."""
        if self.session is None:
            return None
        self._countdown.stop()
        self.session.finish()
        if self.session.recording_problem:
            self.message.emit(self.session.recording_problem)
        result = self.session.result
        if result.count == 0:
            self.back_to_chooser()
            self.session_finished.emit(result)
            return result
        self._fill_result(result)
        if result.mode is Mode.TEST:
            items = result.target.test_items
            if result.count < items:
                outcome = f"test stopped after {result.count} of {items}, not passed"
            else:
                outcome = "test passed" if result.passed else "test not passed"
            self.message.emit(f"{self.entry.title}: {result.correct} of {items} right, {outcome}.")
        else:
            self.message.emit(f"{self.entry.title}: {result.correct} of {result.count} right.")
        self.state = "result"
        self.pages.setCurrentIndex(2)
        # A test's review takes the keyboard (Up and Down go through its items; Enter still goes back).
        (self.review.item_list if result.mode is Mode.TEST else self.back_button).setFocus()
        self.session_finished.emit(result)
        return result

    def back_to_chooser(self) -> None:
        self._end_session_quietly()
        self.state = "choosing"
        self.pages.setCurrentIndex(0)
        self.drill_list.setFocus()

    def again(self) -> None:
        if self.entry is not None and self.session is not None:
            self.start(self.entry.id, self.session.mode, self.session.difficulty, self.session.target)

    # --- chooser page ----------------------------------------------------------------------------------------------
    def _build_chooser(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(24, 18, 24, 12)
        layout.setSpacing(12)
        layout.addWidget(_label("Drills", "heading"))
        layout.addWidget(_label("Choose a drill, a mode and a difficulty. Every answer is checked against the "
                                "game engine and explained with the rule.", "muted", wrap=True))
        body = QHBoxLayout()
        body.setSpacing(16)
        self.drill_list = QTreeWidget()
        self.drill_list.setHeaderHidden(True)
        self.drill_list.setRootIsDecorated(False)
        self.drill_list.setIndentation(14)
        self.drill_list.setMinimumWidth(300)
        self.drill_list.setAccessibleName("Drills by game")
        self.drill_list.currentItemChanged.connect(self._current_drill_changed)
        self.drill_list.itemDoubleClicked.connect(lambda item, _: self._start_from_chooser())
        body.addWidget(self.drill_list, 2)

        card = _card()
        details = QVBoxLayout(card)
        details.setContentsMargins(20, 18, 20, 18)
        details.setSpacing(8)
        self.game_label = _label("", "section")
        self.title_label = _label("", "heading", wrap=True)
        self.description_label = _label("", wrap=True)
        self.description_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.target_label = _label("", "muted", wrap=True)
        details.addWidget(self.game_label)
        details.addWidget(self.title_label)
        details.addWidget(self.description_label)
        details.addWidget(self.target_label)
        details.addSpacing(8)
        details.addWidget(_label("MODE", "section"))
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[Mode, QRadioButton] = {}
        modes = QGridLayout()
        modes.setHorizontalSpacing(12)
        for row, mode in enumerate(Mode):
            button = QRadioButton(mode.label)
            button.setProperty("mode", mode.value)
            button.setMinimumWidth(90)
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            modes.addWidget(button, row, 0)
            modes.addWidget(_label(MODE_NOTES[mode], "muted"), row, 1)
        self.mode_buttons[Mode.PRACTICE].setChecked(True)
        self.mode_group.buttonToggled.connect(lambda *_: self._describe_chosen())
        modes.setColumnStretch(1, 1)
        details.addLayout(modes)
        details.addSpacing(6)
        details.addWidget(_label("DIFFICULTY", "section"))
        self.difficulty_box = QComboBox()
        self.difficulty_box.setAccessibleName("Difficulty")
        for level, name in DIFFICULTIES:
            self.difficulty_box.addItem(f"{level} · {name}", level)
        self.difficulty_box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        details.addWidget(self.difficulty_box)
        details.addStretch(1)
        self.problems_label = _label("", "muted", wrap=True)
        self.problems_label.hide()
        details.addWidget(self.problems_label)
        row = QHBoxLayout()
        row.addStretch(1)
        self.start_button = _button("Start  ⏎", primary=True)
        self.start_button.clicked.connect(self._start_from_chooser)
        row.addWidget(self.start_button)
        details.addLayout(row)
        body.addWidget(card, 3)
        layout.addLayout(body, 1)
        layout.addWidget(_label("↑ ↓ choose a drill  ·  Tab: mode, difficulty, Start  ·  ← →: mode  ·  "
                                "Enter: start", "keys"))
        page.setTabOrder(self.drill_list, self.mode_buttons[Mode.PRACTICE])
        self._mode_keys = _LeftRightStepsTheMode(self._step_mode, [self.drill_list, *self.mode_buttons.values()])
        return page

    def _step_mode(self, step: int) -> None:
        """The mode before (step -1) or after (+1) the chosen one; the first and last stay where they are.
        A mode button with the keyboard hands it to the newly chosen one, as Up and Down do."""
        modes = list(self.mode_buttons)
        at = max(0, min(len(modes) - 1, modes.index(self.chosen_mode()) + step))
        chosen = self.mode_buttons[modes[at]]
        chosen.setChecked(True)
        if any(button.hasFocus() for button in self.mode_buttons.values()):
            chosen.setFocus()

    def _fill_chooser(self) -> None:
        self.drill_list.clear()
        first = None
        for game, game_title in [*GAMES, *[(g, g.title()) for g in sorted({e.game for e in self._entries})
                                           if g not in GAME_TITLES]]:
            entries = [e for e in self._entries if e.game == game]
            if not entries:
                continue
            group = QTreeWidgetItem([game_title.upper()])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a heading, not a choice
            font = group.font(0)
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 0.85)
            group.setFont(0, font)
            group.setForeground(0, self.palette().placeholderText())
            self.drill_list.addTopLevelItem(group)
            for entry in entries:
                child = QTreeWidgetItem([entry.title])
                child.setData(0, Qt.ItemDataRole.UserRole, entry.id)
                child.setToolTip(0, entry.description)
                group.addChild(child)
                first = first or child
            group.setExpanded(True)
        if first is not None:
            self.drill_list.setCurrentItem(first)
        self.problems_label.setText("\n".join(self.problems))
        self.problems_label.setVisible(bool(self.problems))
        if not self._entries:
            self.title_label.setText("No drills yet")
            self.description_label.setText("No drill with an answer panel could be found.")
        self._describe_chosen()

    def _drill_items(self) -> list[QTreeWidgetItem]:
        groups = [self.drill_list.topLevelItem(i) for i in range(self.drill_list.topLevelItemCount())]
        return [group.child(j) for group in groups for j in range(group.childCount())]

    def _current_drill_changed(self, current: QTreeWidgetItem | None, previous: QTreeWidgetItem | None) -> None:
        # Game headings are not choices: the arrow keys step over them to the next drill that way.
        if current is not None and current.data(0, Qt.ItemDataRole.UserRole) is None:
            items = self._drill_items()
            tree = self.drill_list
            if previous is not None and previous in items:
                down = tree.indexOfTopLevelItem(current) > tree.indexOfTopLevelItem(previous.parent())
                at = items.index(previous) + (1 if down else -1)
                step = items[at] if 0 <= at < len(items) else previous
            else:
                step = current.child(0) if current.childCount() else (items[0] if items else None)
            if step is not None and step is not current:
                tree.setCurrentItem(step)
                return
        self._describe_chosen()

    def _chosen_entry(self) -> DrillEntry | None:
        item = self.drill_list.currentItem()
        drill_id = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return next((e for e in (self._entries or []) if e.id == drill_id), None)

    def _describe_chosen(self) -> None:
        entry = self._chosen_entry()
        self.start_button.setEnabled(entry is not None)
        if entry is None:
            return
        target = self.target_for(entry.id)
        self.game_label.setText(GAME_TITLES.get(entry.game, entry.game).upper())
        self.title_label.setText(entry.title)
        self.description_label.setText(entry.description)
        self.target_label.setText(
            f"Speed target {target.seconds:g} s per item  ·  test: {target.test_items} items at the "
            f"{LEVEL_NAMES[target.level]} level, pass mark {target.pass_mark:.0%}")
        levels = max(1, min(len(DIFFICULTIES), int(getattr(entry.drill, "max_difficulty", len(DIFFICULTIES)))))
        for index in range(self.difficulty_box.count()):
            self.difficulty_box.model().item(index).setEnabled(index < levels)
        if self.difficulty_box.currentIndex() >= levels:
            self.difficulty_box.setCurrentIndex(levels - 1)
        # A test is taken at the level its manager's target names: the box shows it and cannot change it.
        testing = self.mode_group.checkedButton() is not None and self.chosen_mode() is Mode.TEST
        if testing:
            self.difficulty_box.setCurrentIndex(max(0, min(self.difficulty_box.count() - 1, target.level - 1)))
        self.difficulty_box.setEnabled(not testing)
        self.difficulty_box.setToolTip("A test is taken at the level the manager's target names." if testing
                                       else "")

    def _start_from_chooser(self) -> None:
        if self._chosen_entry() is not None:
            if self.start_guard is not None and not self.start_guard():
                return
            self.start()

    # --- session page ----------------------------------------------------------------------------------------------
    FEEDBACK_PLACEHOLDER = "The verdict, the correct answer and the rule appear here after you answer."

    def _build_session(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(24, 14, 24, 12)
        layout.setSpacing(10)
        header = QHBoxLayout()
        self.session_title = _label("", "heading")
        self.mode_badge = _label("")
        self.mode_badge.setProperty("badge", True)
        self.progress_label = _label("", "muted")
        self.progress_label.setObjectName("progressLabel")
        header.addWidget(self.session_title)
        header.addSpacing(8)
        header.addWidget(self.mode_badge)
        header.addStretch(1)
        header.addWidget(self.progress_label)
        layout.addLayout(header)

        countdown = QHBoxLayout()
        self.countdown_bar = QProgressBar()
        self.countdown_bar.setTextVisible(False)
        self.countdown_bar.setRange(0, 1000)
        self.countdown_bar.setFixedHeight(10)
        self.countdown_label = _label("", "muted")
        self.countdown_label.setObjectName("countdownLabel")
        self.countdown_label.setMinimumWidth(80)
        self.countdown_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        countdown.addWidget(self.countdown_bar, 1)
        countdown.addWidget(self.countdown_label)
        self.countdown_row = QWidget()
        self.countdown_row.setLayout(countdown)
        countdown.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.countdown_row)

        self.question_label = _label("", "question", wrap=True)
        self.question_label.setObjectName("questionLabel")
        layout.addWidget(self.question_label)

        # The drill's picture and the words about it sit side by side, each in its own place: the hint,
        # a refused answer and the feedback fill the notes column (scrolling when long), so the panel keeps
        # its size whatever appears there, and a panel taller than the window scrolls instead of
        # stretching the window.
        body = QHBoxLayout()
        body.setSpacing(12)
        self.panel_card = _card()
        card_layout = QVBoxLayout(self.panel_card)
        card_layout.setContentsMargins(1, 1, 1, 1)
        self.panel_scroll = _FillingScrollArea(QSize(900, 480))
        self.panel_scroll.setObjectName("panelScroll")
        panel_host = QWidget()
        panel_host.setObjectName("panelHost")
        panel_host.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.panel_layout = QVBoxLayout(panel_host)
        self.panel_layout.setContentsMargins(11, 11, 11, 11)
        self.panel_scroll.setWidget(panel_host)
        card_layout.addWidget(self.panel_scroll)
        body.addWidget(self.panel_card, NOTES_STRETCH[0])

        notes = QWidget()
        notes.setObjectName("notesColumn")
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 0, 6, 0)
        notes_layout.setSpacing(10)
        self.notes_heading = _label("FEEDBACK", "section")
        self.notes_placeholder = _label(self.FEEDBACK_PLACEHOLDER, "muted", wrap=True)
        self.notes_placeholder.setObjectName("notesPlaceholder")
        notes_layout.addWidget(self.notes_heading)
        self.hint_label = _label("", wrap=True)
        self.hint_label.setObjectName("hintLabel")
        self.problem_label = _label("", wrap=True)
        self.problem_label.setObjectName("problemLabel")
        notes_layout.addWidget(self.hint_label)
        notes_layout.addWidget(self.problem_label)

        self.feedback = QFrame()
        self.feedback.setObjectName("feedback")
        feedback = QVBoxLayout(self.feedback)
        feedback.setContentsMargins(16, 10, 16, 12)
        feedback.setSpacing(6)
        top = QHBoxLayout()
        self.verdict_label = _label("")
        self.verdict_label.setObjectName("verdictLabel")
        top.addWidget(self.verdict_label)
        top.addStretch(1)
        feedback.addLayout(top)
        self.time_label = _label("", "muted", wrap=True)
        self.time_label.setObjectName("timeLabel")
        feedback.addWidget(self.time_label)
        self.expected_label = _label("", wrap=True)
        self.expected_label.setObjectName("expectedLabel")
        self.expected_label.setStyleSheet("font-size: 15px; font-weight: 600;")
        self.given_label = _label("", wrap=True)
        self.given_label.setObjectName("givenLabel")
        self.given_label.setStyleSheet("font-size: 14px;")
        self.explanation_label = _label("", wrap=True)
        self.explanation_label.setObjectName("explanationLabel")
        self.explanation_label.setStyleSheet("font-size: 14px;")
        self.category_label = _label("", "muted", wrap=True)
        self.category_label.setObjectName("categoryLabel")
        for label in (self.expected_label, self.given_label, self.explanation_label, self.category_label):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            feedback.addWidget(label)
        # Every rule the explanation cites is a link to its text in the rule book (F3 opens the first).
        self.explanation_label.setTextFormat(Qt.TextFormat.RichText)
        self.explanation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                       | Qt.TextInteractionFlag.LinksAccessibleByMouse
                                                       | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.explanation_label.linkActivated.connect(lambda href: references_for(self).follow(href))
        notes_layout.addWidget(self.feedback)

        # In a test, all an answer gets: that it is recorded (no verdict, no answer, no rule, no colour).
        self.recorded_note = QFrame()
        self.recorded_note.setObjectName("recordedNote")
        recorded = QVBoxLayout(self.recorded_note)
        recorded.setContentsMargins(16, 10, 16, 12)
        recorded.setSpacing(6)
        self.recorded_label = _label("Answer recorded")
        self.recorded_label.setObjectName("recordedLabel")
        self.recorded_detail = _label("", "muted", wrap=True)
        self.recorded_detail.setObjectName("recordedDetail")
        recorded.addWidget(self.recorded_label)
        recorded.addWidget(self.recorded_detail)
        self.recorded_note.hide()
        notes_layout.addWidget(self.recorded_note)
        notes_layout.addWidget(self.notes_placeholder)
        notes_layout.addStretch(1)
        self._placeholder_switch = _PlaceholderWhileEmpty(
            self.notes_placeholder, [self.hint_label, self.problem_label, self.feedback, self.recorded_note])
        self.notes_scroll = _FillingScrollArea(QSize(NOTES_MAX_WIDTH, 300), horizontal=False)
        self.notes_scroll.setObjectName("notesScroll")
        self.notes_scroll.setWidget(notes)
        self.notes_scroll.setMinimumWidth(NOTES_MIN_WIDTH)
        self.notes_scroll.setMaximumWidth(NOTES_MAX_WIDTH)
        body.addWidget(self.notes_scroll, NOTES_STRETCH[1])
        layout.addLayout(body, 1)

        buttons = QHBoxLayout()
        self.end_button = _button("End session (Esc)")
        self.end_button.clicked.connect(self.end_session)
        self.hint_button = _button("Hint (F1)")   # named for the panel in force by _prepare_session_page
        self.hint_button.clicked.connect(self.show_hint)
        self.next_button = _button("Next (Enter / N)", primary=True)
        self.next_button.clicked.connect(self.next_item)
        # The chart of the drill's game (Table 2, the payouts, the tiles, the house way): not in a test.
        self.charts_button = _button("Charts (F4)")
        self.charts_button.setObjectName("chartsButton")
        self.charts_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.charts_button.clicked.connect(self.open_chart)
        buttons.addWidget(self.end_button)
        buttons.addWidget(self.charts_button)
        buttons.addStretch(1)
        self.keys_label = _label("", "keys")
        buttons.addWidget(self.keys_label)
        buttons.addSpacing(12)
        buttons.addWidget(self.hint_button)
        buttons.addWidget(self.next_button)
        layout.addLayout(buttons)
        return page

    def _install_panel(self, panel: QWidget) -> None:
        if self.panel is not None:
            self.panel.answered.disconnect(self._panel_answered)
            self.panel_layout.removeWidget(self.panel)
            self.panel.hide()  # gone from the page now, deleted once the event loop gets to it
            self.panel.deleteLater()
        self.panel = panel
        panel.setObjectName("drillPanel")
        self.panel_layout.addWidget(panel)
        panel.answered.connect(self._panel_answered)

    def _prepare_session_page(self) -> None:
        mode = self.session.mode
        self.session_title.setText(self.entry.title)
        level = dict(DIFFICULTIES).get(self.session.difficulty, str(self.session.difficulty))
        self.mode_badge.setText(f"{mode.label} · {level}")
        self.countdown_row.setVisible(mode is Mode.TIMED)
        self.hint_button.setVisible(mode is Mode.PRACTICE)
        self.hint_button.setText(f"Hint ({hint_keys(self.panel, ' / ')})")
        self.end_button.setText("Stop the test (Esc)" if mode is Mode.TEST else "End session (Esc)")
        if mode is Mode.TEST:
            self.notes_heading.setText("YOUR ANSWERS")
            self.notes_placeholder.setText("This is a test: nothing is marked while you answer. Whether each "
                                           "answer was right, the right answers and the rules are in the review "
                                           "at the end of the test.")
        else:
            self.notes_heading.setText("FEEDBACK")
            self.notes_placeholder.setText(self.FEEDBACK_PLACEHOLDER)
        self.charts_button.setVisible(mode is not Mode.TEST)

    def _show_keys(self) -> None:
        # In a test Esc is said for what it does there: it stops the attempt, which then cannot pass.
        escape = "Esc: stop the test (asks first; not passed)" if self.session.mode is Mode.TEST else "Esc: end"
        if self.state == "feedback":
            keys = f"Enter or N: next  ·  {escape}"
            if self.cited_link() is not None:
                keys += "  ·  F3: the rule cited"
        else:
            keys = "Enter: commit the answer"
            if self.session.mode is Mode.PRACTICE:
                keys += f"  ·  {hint_keys(self.panel, ' or ')}: hint"
            elif self.session.mode is Mode.TEST:
                keys += f"  ·  {escape}"
        self.keys_label.setText(keys)

    def _ask(self) -> None:
        item = self.session.next_item()
        self.state = "asking"
        self.last_grade = None
        self.question_label.setText(item.text)
        # A panel that prints the question itself says so (shows_question = True); no need to say it twice.
        self.question_label.setVisible(bool(item.text) and not getattr(self.panel, "shows_question", False))
        self.hint_label.hide()
        self.problem_label.hide()
        self.feedback.hide()
        self.recorded_note.hide()
        self.panel.setEnabled(True)   # a test froze it after the last answer
        self.next_button.setEnabled(False)
        self.hint_button.setEnabled(True)
        self._update_progress()
        self._show_keys()
        self.panel.show_item(item)
        self.panel.setFocus()
        self._shown_at = self._clock()
        if self.session.time_limit is not None:
            self._tick()
            self._countdown.start()
        self.item_shown.emit(item)

    def _update_progress(self) -> None:
        result = self.session.result
        if self.session.mode is Mode.TEST:
            shown = result.count + (1 if self.state == "asking" else 0)
            text = f"Item {max(shown, 1)} of {self.session.target.test_items}"
        else:
            text = f"{result.count} answered · {result.correct} right"
        self.progress_label.setText(text)

    def _tick(self) -> None:
        limit = self.session.time_limit if self.session else None
        if self.state != "asking" or limit is None:
            self._countdown.stop()
            return
        remaining = limit - (self._clock() - self._shown_at)
        if remaining <= 0:
            self._countdown.stop()
            self._show_feedback(self.session.time_out(limit))
            return
        self.countdown_bar.setValue(int(1000 * remaining / limit))
        self.countdown_label.setText(f"{remaining:.1f} s left")
        urgent = remaining <= max(1.0, 0.25 * limit)
        if self.countdown_bar.property("urgent") != urgent:
            self.countdown_bar.setProperty("urgent", urgent)
            _repolish(self.countdown_bar)

    def _panel_answered(self, answer) -> None:
        if self.state != "asking":
            return  # a panel may still emit after grading (Enter pressed twice): the item is already done
        seconds = max(0.0, self._clock() - self._shown_at)
        # The Enter that committed the answer travels on to this view when the panel leaves it unused;
        # it must not also press Next. The flag lives until the key event is over.
        self._committing = True
        QTimer.singleShot(0, self._commit_over)
        try:
            grade = self.session.submit(answer, seconds)
        except DrillUsageError:
            raise
        except ValueError as error:
            text = str(error) or "that answer could not be read"
            self.problem_label.setText(f"{text[0].upper()}{text[1:]}. The item stays on screen: "
                                       "correct the answer and press Enter again.")
            self.problem_label.show()
            self.answer_refused.emit(text)
            return
        self._show_feedback(grade)

    def _say_recording_problem(self) -> None:
        if self.session.recording_problem:
            self.message.emit(self.session.recording_problem)

    def _commit_over(self) -> None:
        self._committing = False

    def _show_feedback(self, grade: Grade) -> None:
        """The item is answered: its feedback (practice, timed), or in a test only that it is recorded."""
        self._countdown.stop()
        if grade.timed_out:
            # The last tick may have said "0.1 s left": the countdown ends on what happened, never on time left.
            self.countdown_bar.setValue(0)
            self.countdown_label.setText("Time is up")
        self.state = "feedback"
        self.last_grade = grade
        self.problem_label.hide()
        if self.session.mode is Mode.TEST:
            self._show_answer_recorded()
        else:
            self._show_grade(grade)
        self.hint_button.setEnabled(False)
        self.next_button.setText("See the result (Enter)" if self.session.finished else "Next (Enter / N)")
        self.next_button.setEnabled(True)
        self.next_button.setFocus()
        self._update_progress()
        self._show_keys()
        self._say_recording_problem()
        self.answer_graded.emit(grade)

    def _show_grade(self, grade: Grade) -> None:
        item = self.session.result.answered[-1].item
        self.panel.show_grade(item, grade)
        verdict = "right" if grade.correct else "wrong"
        self.verdict_label.setText(verdict_words(grade.correct, grade.timed_out))
        target = self.session.target.seconds
        self.time_label.setText(f"Time {seconds_text(grade.seconds)}  ·  target {target:g} s")
        self.expected_label.setText(f"Correct answer: {grade.expected}")
        self.given_label.setText(f"Your answer: {grade.given}")
        self.given_label.setVisible(not grade.correct)
        explanation = explanation_with_rule(grade)
        self.explanation_label.setText(feedback_html(explanation, self.entry.game, self._house_way_titles()))
        self.explanation_label.setVisible(bool(explanation))
        self.category_label.setText(f"Error: {grade.category.label}" if grade.category is not None else "")
        self.category_label.setVisible(grade.category is not None)
        for widget in (self.feedback, self.verdict_label):
            widget.setProperty("verdict", verdict)
            _repolish(widget)
        self.feedback.show()

    def _show_answer_recorded(self) -> None:
        """A test: the answer is final and nothing of its grade shows. The panel is not told the grade (it
        would mark the right answer on the table); it is frozen as the trainee left it, so that no key
        changes what is on it until the next item."""
        self.panel.setEnabled(False)
        answered, items = self.session.result.count, self.session.target.test_items
        if self.session.finished:
            then = "That was the last item: Enter shows the result and the review of every item."
        else:
            then = f"{answered} of {items} answered. Enter or N: the next item."
        self.recorded_detail.setText(then)
        self.recorded_note.show()

    def _hint_available(self) -> bool:
        return self.state == "asking" and self.session is not None and self.session.mode is Mode.PRACTICE

    def _end_session_quietly(self) -> None:
        self._countdown.stop()
        if self.session is not None:
            self.session.finish()      # once only: a finished session is left as it is
        self.state = "choosing"

    # --- result page -----------------------------------------------------------------------------------------------
    def _build_result(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(24, 18, 24, 12)
        layout.setSpacing(12)
        self.result_layout = layout
        self.result_title = _label("", "heading", wrap=True)
        layout.addWidget(self.result_title)
        # The verdict and the figures on the left, the errors (and leeches) on the right: side by side the card
        # stays short, which leaves a test's review most of a laptop screen.
        self.result_card = _card()
        card = QHBoxLayout(self.result_card)
        card.setContentsMargins(24, 16, 24, 16)
        card.setSpacing(32)
        figures = QVBoxLayout()
        figures.setSpacing(8)
        self.result_verdict = _label("", wrap=True)
        self.result_verdict.setObjectName("resultVerdict")
        self.result_summary = _label("", wrap=True)
        self.result_summary.setObjectName("resultSummary")
        self.result_summary.setStyleSheet("font-size: 15px;")
        self.result_times = _label("", wrap=True)
        self.result_times.setObjectName("resultTimes")
        self.result_times.setStyleSheet("font-size: 15px;")
        figures.addWidget(self.result_verdict)
        figures.addWidget(self.result_summary)
        figures.addWidget(self.result_times)
        figures.addStretch(1)
        card.addLayout(figures, 3)
        errors = QVBoxLayout()
        errors.setSpacing(8)
        errors.addWidget(_label("ERRORS BY CATEGORY", "section"))
        self.errors_grid = QGridLayout()
        self.errors_grid.setHorizontalSpacing(16)
        self.errors_grid.setVerticalSpacing(4)
        self.errors_grid.setColumnStretch(1, 1)
        errors.addLayout(self.errors_grid)
        errors.addSpacing(6)
        self.leech_heading = _label("KEEP PRACTISING", "section")
        self.leech_label = _label("", wrap=True)
        self.leech_label.setObjectName("leechLabel")
        errors.addWidget(self.leech_heading)
        errors.addWidget(self.leech_label)
        errors.addStretch(1)
        card.addLayout(errors, 2)
        layout.addWidget(self.result_card, 1)

        self.review_heading = _label("REVIEW OF EVERY ITEM", "section")
        layout.addWidget(self.review_heading)
        self.review = TestReview()
        layout.addWidget(self.review, 3)
        row = QHBoxLayout()
        self.result_keys = _label("", "keys", wrap=True)
        row.addWidget(self.result_keys, 1)
        self.again_button = _button("Same drill again (R)")
        self.again_button.clicked.connect(self.again)
        self.back_button = _button("Back to the drills (Enter)", primary=True)
        self.back_button.clicked.connect(self.back_to_chooser)
        row.addWidget(self.again_button)
        row.addWidget(self.back_button)
        layout.addLayout(row)
        return page

    def show_verdict(self, verdict: TestVerdict) -> None:
        """The verdict line of a test's result: passed or not, k of n right, pass mark, level."""
        self.result_verdict.setText(verdict.headline)
        self.result_verdict.setProperty("passed", "true" if verdict.passed and not verdict.stopped else "false")
        _repolish(self.result_verdict)
        self.result_summary.setText("\n".join(verdict.lines()))

    def _fill_result(self, result: SessionResult) -> None:
        target = result.target
        test = result.mode is Mode.TEST
        self.result_title.setText(f"{self.entry.title} — {result.mode.label.lower()} result")
        if test:
            # The records' verdict, made again from what they stored (the desk judges it as the test ends); the
            # session's own only where nothing was recorded (a guest, or records that could not be written).
            summary = self.session.summary
            level = level_name(self.session.difficulty)
            verdict = (TestVerdict.of_summary(summary, level) if summary is not None and summary.judged
                       else TestVerdict.of_result(result, level))
            if summary is not None and summary.taken_offline and not summary.judged:
                verdict = replace(verdict, caveat=f"This test was {summary.taken_offline}: it counts once the training "
                                                  "room server has it and a manager signs it off.")
            self.show_verdict(verdict)
        else:
            self.result_verdict.setText("Session complete")
            self.result_verdict.setProperty("passed", "none")
            _repolish(self.result_verdict)
            self.result_summary.setText(f"Score: {result.correct} of {result.count} right ({result.accuracy:.0%})")
        self.result_times.setText(f"Median time per item: {seconds_text(result.median_seconds)}  ·  "
                                  f"target {target.seconds:g} s")
        while self.errors_grid.count():
            widget = self.errors_grid.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        errors = sorted(result.errors_by_category().items(), key=lambda pair: (-pair[1], pair[0].label))
        if not errors:
            self.errors_grid.addWidget(_label("No errors.", "muted"), 0, 0, 1, 2)
        for row, (category, count) in enumerate(errors):
            number = _label(str(count))
            number.setObjectName(f"errorCount-{category.value}")
            number.setStyleSheet(f"font-weight: 700; color: {WRONG};")
            self.errors_grid.addWidget(number, row, 0, Qt.AlignmentFlag.AlignRight)
            self.errors_grid.addWidget(_label(category.label[0].upper() + category.label[1:], wrap=True), row, 1)
        leeches = self.session.scheduler.leeches() if result.mode is Mode.PRACTICE else []
        drill = self.session.drill
        self.leech_label.setText(
            "These came up wrong again and again; go through them with your trainer:\n"
            + "\n".join(f"•  {family_text(drill, family)}" for family in leeches))
        self.leech_heading.setVisible(bool(leeches))
        self.leech_label.setVisible(bool(leeches))
        self.leeches = leeches
        self._fill_review(result if test else None)

    def _fill_review(self, result: SessionResult | None) -> None:
        """A test's review under its verdict; other sessions keep the whole page for their card."""
        shown = result is not None
        self.review_heading.setVisible(shown)
        self.review.setVisible(shown)
        self.result_layout.setStretchFactor(self.result_card, 0 if shown else 1)
        if shown:
            self.review.show_items(reviewed_items(result.answered), panel_class=self.entry.panel,
                                   settings=self.desk.settings, planned=result.target.test_items,
                                   target_seconds=result.target.seconds)
            self.result_keys.setText("↑ ↓: choose an item  ·  Page Up / Page Down: scroll it  ·  "
                                     "Enter or Esc: back to the drills  ·  R: the same drill again")
        else:
            self.result_keys.setText("Enter: back to the drills  ·  R: the same drill again")

    # --- the rule book and the charts -------------------------------------------------------------------------------
    def _house_way_titles(self) -> dict[str, str]:
        """The house way's rule titles (the house-way drill cites its rules by title) -> their ids."""
        item = self.session.result.answered[-1].item if self.session is not None and self.session.result.answered \
            else None
        way = item.prompt.get("way") if item is not None and isinstance(item.prompt, dict) else None
        if not isinstance(way, str):
            return {}
        from dealerdrill.core import paigow

        try:
            return {rule.title: rule.id for rule in paigow.describe_house_way(way).rules}
        except ValueError:
            return {}

    def session_game(self) -> str | None:
        """The game of the drill on screen (or chosen in the chooser)."""
        entry = self.entry if self.state != "choosing" else self._chosen_entry()
        return entry.game if entry is not None else None

    def cited_link(self) -> str | None:
        """The first link of the feedback shown ("rule:baccarat:9.5", "houseway:nz-two-pairs"), or None: none
        cited, no feedback shown, or a test (whose answers get no feedback until the end)."""
        if self.state != "feedback" or self.last_grade is None or self.session is None \
                or self.session.mode is Mode.TEST or self.entry is None:
            return None
        text = feedback_html(explanation_with_rule(self.last_grade), self.entry.game, self._house_way_titles())
        found = re.search(r'<a href="([^"]+)">', text)
        return html.unescape(found.group(1)) if found else None

    def cited_rule(self) -> tuple[str, str] | None:
        """(game, rule number) of the first Gazette rule the feedback shown cites, or None."""
        link = self.cited_link()
        if link is None or not link.startswith("rule:"):
            return None
        _, game, number = link.split(":", 2)
        return game, unquote(number)

    def open_cited_rule(self) -> bool:
        """The rule book at the rule the feedback cites (F3 in the window)."""
        link = self.cited_link()
        return link is not None and references_for(self).follow(link)

    def session_chart(self) -> str | None:
        """The chart of the drill on screen (or chosen): what F4 and the Charts button open."""
        from dealerdrill.reference.charts import chart_for_drill

        entry = self.entry if self.state != "choosing" else self._chosen_entry()
        return chart_for_drill(entry.id, entry.game) if entry is not None else None

    def open_chart(self) -> bool:
        chart = self.session_chart()
        return chart is not None and references_for(self).show_chart(chart)

    # --- keys ------------------------------------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        # F1 is the window's Help ▸ Keys shortcut; while a hint is on offer it means "hint" on this page.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_F1 and self._hint_available():
                event.accept()
                return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Reached only by keys the focused panel or button did not use itself.
        key = event.key()
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if self.state == "choosing" and enter:
            self._start_from_chooser()
        elif (self.state == "asking" and self._hint_available()
              and (key == Qt.Key.Key_F1 or key == Qt.Key.Key_H and not keeps_letter_h(self.panel))):
            self.show_hint()
        elif self.state == "feedback" and (enter or key == Qt.Key.Key_N):
            if not (enter and self._committing):
                self.next_item()
        elif self.state in ("asking", "feedback") and key == Qt.Key.Key_Escape:
            self.end_session()
        elif self.state == "result" and (enter or key == Qt.Key.Key_Escape):
            self.back_to_chooser()
        elif self.state == "result" and key == Qt.Key.Key_R:
            self.again()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def showEvent(self, event) -> None:
        self.entries()  # load the catalogue the first time the page is shown
        super().showEvent(event)
