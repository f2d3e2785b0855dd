"""A lesson's check: a few items of the matching drill, at Basic, in practice, answered in the drill's own panel.

The desk starts the session (dealerdrill.desk.Desk.start_session, in practice mode, asking only the lesson's
families when it names some, marked as the lesson's check), the drill grades every answer by the engine, and the
desk records it as practice for the trainee at the desk, exactly as the Drills page does; a guest's answers are not
recorded. A check is never a test: it has no pass mark and nobody signs it off; the trainee's path on the Progress
page counts the lesson done once a check is answered to the end with at least 2 of 3 right (dealerdrill.desk.path).
It ends after its items, with a button to the drill.

Keys: the panel's own keys, Enter commits; then Enter or N: the next question; Esc: stop the check.
"""
from __future__ import annotations

import importlib
import time
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealerdrill.desk.path import right_needed
from dealerdrill.domain import Mode
from dealerdrill.drills.levels import LEVEL_NAMES
from dealerdrill.drills.session import DrillUsageError

from .rulebook_view import feedback_html, references_for
from .test_review import explanation_with_rule, verdict_words

PICTURE_PANEL_HEIGHT = 500


def panel_class(drill_id: str) -> type:
    """The drill's own answer panel (the one the Drills page uses)."""
    game = drill_id.split(".")[0]
    module = importlib.import_module(f"dealerdrill.views.drill_panels_{game}")
    return module.PANELS[drill_id]


def drill_title(drill_id: str) -> str:
    from dealerdrill.drills import registry

    return str(registry()[drill_id].title)


def _label(text: str = "", role: str | None = None, name: str | None = None, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if role:
        label.setProperty("role", role)
    if name:
        label.setObjectName(name)
    return label


def _button(text: str, name: str, primary: bool = False) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(True)
    if primary:
        button.setProperty("primary", True)
    return button


def _repolish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class LessonCheck(QFrame):
    """The check at the end of a lesson, over the window's desk."""

    drill_requested = Signal(str)        # the drill's id: open it on the Drills page
    session_started = Signal(object)     # the desk's TrainingSession
    answer_graded = Signal(object)       # the engine's Grade
    finished = Signal(object)            # the SessionResult, once every item is answered
    message = Signal(str)                # for the window's status bar

    def __init__(self, desk, lesson, *, start_guard: Callable[[Callable[[], None]], bool] | None = None,
                 before_start: Callable[[], None] | None = None, clock: Callable[[], float] = time.monotonic,
                 parent: QWidget | None = None):
        """`start_guard(then)`: asked before a check starts; False holds the start (the window asks who is
        training, and calls `then` once someone is chosen). `before_start`: called just before the desk starts
        the check's session (the window ends a practice session running on the Drills page, which the desk's one
        session would otherwise end behind its back)."""
        super().__init__(parent)
        self.setObjectName("lessonCheck")
        self.setProperty("card", True)
        self.desk = desk
        self.lesson = lesson
        self.check = lesson.check
        self.start_guard = start_guard
        self.before_start = before_start
        self._clock = clock
        self.session = None
        self.panel: QWidget | None = None
        self.item = None
        self.state = "ready"                 # ready | asking | feedback | done
        self._shown_at = 0.0
        self._committing = False
        self.title = drill_title(self.check.drill)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(_label("CHECK WHAT YOU LEARNT", "section"))
        level = LEVEL_NAMES.get(self.check.difficulty, str(self.check.difficulty))
        self.intro = _label(f"{self.check.items} questions from the drill \u201c{self.title}\u201d at {level}, in "
                            f"practice: {self.check.about}. Nothing is timed, and a hint is there if you need one. "
                            "Each answer is checked by the game engine and explained with its rule.", name="checkIntro")
        layout.addWidget(self.intro)
        self.recording = _label("", "muted", "checkRecording")
        layout.addWidget(self.recording)

        self.question = _label("", "question", "checkQuestion")
        layout.addWidget(self.question)
        self.panel_host = QWidget()
        self.panel_host.setObjectName("checkPanelHost")
        self.panel_layout = QVBoxLayout(self.panel_host)
        self.panel_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.panel_host)
        self.hint_label = _label("", name="checkHint")
        self.problem_label = _label("", name="checkProblem")
        layout.addWidget(self.hint_label)
        layout.addWidget(self.problem_label)

        self.feedback = QFrame()
        self.feedback.setObjectName("checkFeedback")
        feedback = QVBoxLayout(self.feedback)
        feedback.setContentsMargins(14, 10, 14, 10)
        feedback.setSpacing(4)
        self.verdict_label = _label("", name="checkVerdict")
        self.expected_label = _label("", name="checkExpected")
        self.given_label = _label("", name="checkGiven")
        self.explanation_label = _label("", name="checkExplanation")
        for label in (self.verdict_label, self.expected_label, self.given_label, self.explanation_label):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            feedback.addWidget(label)
        # As on the Drills page: every rule the explanation cites is a link to its text in the rule book.
        self.explanation_label.setTextFormat(Qt.TextFormat.RichText)
        self.explanation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                       | Qt.TextInteractionFlag.LinksAccessibleByMouse
                                                       | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.explanation_label.linkActivated.connect(lambda href: references_for(self).follow(href))
        layout.addWidget(self.feedback)

        self.result_label = _label("", name="checkResult")
        layout.addWidget(self.result_label)

        row = QHBoxLayout()
        self.progress_label = _label("", "muted", "checkProgress", wrap=False)
        row.addWidget(self.progress_label)
        row.addStretch(1)
        self.stop_button = _button("Stop the check (Esc)", "checkStop")
        self.stop_button.clicked.connect(self.stop)
        self.hint_button = _button("Hint", "checkHintButton")
        self.hint_button.clicked.connect(self.show_hint)
        self.start_button = _button("Start the check", "checkStart", primary=True)
        self.start_button.clicked.connect(self.start)
        self.next_button = _button("Next question (Enter)", "checkNext", primary=True)
        self.next_button.clicked.connect(self.next_item)
        self.drill_button = _button(f"Open the drill \u201c{self.title}\u201d", "checkDrill")
        self.drill_button.setToolTip("On the Drills page, chosen for practice at Basic"
                                     + ("; it also asks what the next lessons of the course teach"
                                        if self.check.families else ""))
        self.drill_button.clicked.connect(lambda: self.drill_requested.emit(self.check.drill))
        for button in (self.stop_button, self.hint_button, self.start_button, self.next_button, self.drill_button):
            row.addWidget(button)
        layout.addLayout(row)
        self.reset()

    # --- what the page asks -------------------------------------------------------------------------------------
    def reset(self, note: str = "") -> None:
        """Back to the start: the check's introduction and its Start button (`note` says why, when it was cut
        short)."""
        self._drop_panel()
        self.session = None
        self.item = None
        self.state = "ready"
        for widget in (self.question, self.hint_label, self.feedback, self.result_label, self.next_button,
                       self.hint_button, self.stop_button):
            widget.hide()
        self.problem_label.setText(note)
        self.problem_label.setVisible(bool(note))
        self.start_button.setText("Start the check")
        self.start_button.show()
        self.drill_button.show()
        self.progress_label.setText("")
        self.describe_recording()

    def describe_recording(self) -> None:
        desk = self.desk
        if desk.trainee is not None:
            words = f"Recorded as practice for {desk.trainee}, like practice on the Drills page; never as a test."
        elif desk.guest:
            words = "Guest practice: the answers are not recorded."
        else:
            words = "You will be asked who is training first (a trainee's answers are recorded as practice)."
        self.recording.setText(words)

    def start(self) -> bool:
        """Start the check's session at the desk and show its first item. False when it cannot start now (the
        page is asked who is training first, or a test is running)."""
        if self.desk.test_running:
            self.problem_label.setText("A test is running: the check can start once it is finished or stopped.")
            self.problem_label.show()
            return False
        if not self.desk.chosen:
            if self.start_guard is not None and not self.start_guard(self.start):
                return False
        if self.before_start is not None:
            self.before_start()
        try:
            self.session = self.desk.start_session(self.check.drill, Mode.PRACTICE, self.check.difficulty,
                                                   families=list(self.check.families) or None, lesson=self.lesson.id)
        except (PermissionError, ValueError) as error:
            self.problem_label.setText(str(error))
            self.problem_label.show()
            return False
        if self.session.recording_problem:
            self.message.emit(self.session.recording_problem)
        self._install_panel(panel_class(self.check.drill)(getattr(self.session.drill, "settings", self.desk.settings)))
        for widget in (self.start_button, self.result_label, self.problem_label):
            widget.hide()
        self.stop_button.show()
        self.session_started.emit(self.session)
        self._ask()
        return True

    def show_hint(self) -> str | None:
        if self.state != "asking" or self.session is None:
            return None
        text = self.session.hint()
        self.hint_label.setText(f"Hint: {text}")
        self.hint_label.show()
        return text

    def next_item(self) -> None:
        if self.state != "feedback":
            return
        if self.session.result.count >= self.check.items:
            self.finish()
            return
        self._ask()

    def stop(self) -> None:
        """End the check now (its answers so far stay recorded as practice)."""
        if self.session is not None and self.state in ("asking", "feedback"):
            self._end_session()
            self.reset("The check was stopped; its answers so far are kept as practice.")

    def finish(self) -> None:
        """The last item is answered: the session ends and the check says how it went."""
        result = self.session.result
        recorded = self.session.recorded
        self._end_session()
        self._drop_panel()
        self.state = "done"
        for widget in (self.question, self.hint_label, self.problem_label, self.feedback, self.next_button,
                       self.hint_button, self.stop_button):
            widget.hide()
        right, asked = result.correct, result.count
        # A check narrowed to this lesson's families asks less than its drill: the drill also asks what the next
        # lessons teach (a baccarat table of play deals third cards; winning positions include zero's wagers).
        whole = "the drill" if not self.check.families else "the next lesson (the drill also asks what it teaches)"
        advice = (f"All right: you are ready for {whole}." if right == asked else
                  f"Read the lesson again where you went wrong, or try the check again; then go on to {whole}.")
        needed = right_needed(self.check.items)
        if not recorded:
            path = ""
        elif right >= needed:
            path = " The lesson is done on your path (the Progress page)."
        else:
            path = f" The lesson counts as done on your path once a check has at least {needed} of {asked} right."
        self.result_label.setText(f"{right} of {asked} right. {advice}{path}")
        self.result_label.show()
        self.progress_label.setText("")
        self.start_button.setText("Check again")
        self.start_button.show()
        self.drill_button.show()
        self.drill_button.setFocus()
        self.finished.emit(result)

    def session_lost(self) -> bool:
        """The desk ended the check's session behind it (a drill started, the trainee changed): back to the start,
        saying so. True when that happened."""
        if self.session is not None and self.state in ("asking", "feedback") and (
                self.session.closed or self.desk.session is not self.session):
            self.reset("The check was ended because another session started or the person at the desk changed. "
                       "Start it again when you are ready.")
            return True
        return False

    # --- inside -------------------------------------------------------------------------------------------------
    def _end_session(self) -> None:
        session = self.session
        if session is None:
            return
        if self.desk.session is session:
            self.desk.end_session()
        else:
            session.finish()

    def _install_panel(self, panel: QWidget) -> None:
        self._drop_panel()
        if getattr(panel, "layout_view", None) is not None:
            # A roulette panel's layout takes the height left to it (at least its smallest legible size): on the
            # Drills page that is the page's height; here, in a page that scrolls, it is given as much.
            panel.setMinimumHeight(PICTURE_PANEL_HEIGHT)
        self.panel = panel
        panel.setObjectName("checkPanel")
        self.panel_layout.addWidget(panel)
        panel.show()        # now, not when the layout gets round to it: it takes the keyboard at once
        panel.answered.connect(self._answered)

    def _drop_panel(self) -> None:
        if self.panel is not None:
            self.panel.answered.disconnect(self._answered)
            self.panel_layout.removeWidget(self.panel)
            self.panel.hide()
            self.panel.deleteLater()
            self.panel = None

    def _ask(self) -> None:
        self.item = self.session.next_item()
        self.state = "asking"
        self.question.setText(self.item.text)
        self.question.setVisible(bool(self.item.text) and not getattr(self.panel, "shows_question", False))
        for widget in (self.hint_label, self.problem_label, self.feedback, self.next_button):
            widget.hide()
        self.hint_button.show()
        self.progress_label.setText(f"Question {self.session.result.count + 1} of {self.check.items}")
        self.panel.show_item(self.item)
        self.panel.setFocus()
        self._shown_at = self._clock()

    def _answered(self, answer) -> None:
        if self.state != "asking":
            return                      # the panel may emit again after grading (Enter pressed twice)
        if self.session_lost():
            return
        seconds = max(0.0, self._clock() - self._shown_at)
        self._committing = True
        QTimer.singleShot(0, self._commit_over)
        try:
            grade = self.session.submit(answer, seconds)
        except DrillUsageError:
            raise
        except ValueError as error:
            text = str(error) or "that answer could not be read"
            self.problem_label.setText(f"{text[0].upper()}{text[1:]}. The question stays: correct the answer and "
                                       "press Enter again.")
            self.problem_label.show()
            return
        self.state = "feedback"
        self.problem_label.hide()
        self.hint_button.hide()
        self.panel.show_grade(self.session.result.answered[-1].item, grade)
        self.verdict_label.setText(verdict_words(grade.correct, grade.timed_out))
        self.expected_label.setText(f"Correct answer: {grade.expected}")
        self.given_label.setText(f"Your answer: {grade.given}")
        self.given_label.setVisible(not grade.correct)
        explanation = explanation_with_rule(grade)
        self.explanation_label.setText(feedback_html(explanation, self.lesson.game))
        self.explanation_label.setVisible(bool(explanation))
        self.feedback.setProperty("verdict", "right" if grade.correct else "wrong")
        self.verdict_label.setProperty("verdict", "right" if grade.correct else "wrong")
        _repolish(self.feedback)
        _repolish(self.verdict_label)
        self.feedback.show()
        last = self.session.result.count >= self.check.items
        self.next_button.setText("See how you did (Enter)" if last else "Next question (Enter)")
        self.next_button.show()
        self.next_button.setFocus()
        if self.session.recording_problem:
            self.message.emit(self.session.recording_problem)
        self.answer_graded.emit(grade)

    def _commit_over(self) -> None:
        self._committing = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Reached by the keys the panel and the buttons did not use themselves.
        key = event.key()
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if self.state == "feedback" and (key == Qt.Key.Key_N or (enter and not self._committing)):
            self.next_item()
        elif self.state in ("asking", "feedback") and key == Qt.Key.Key_Escape:
            self.stop()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
