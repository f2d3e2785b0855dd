"""The trainee's path on the Progress page: one row per game, its steps Learn → Practise → Timed → Test, each saying
how far the trainee is and what comes next, and taking them there when clicked (or on Enter): the Learn page at the
next lesson, the Drills page at the next drill in the step's mode. The desk reads the path
(dealerdrill.desk.Desk.trainee_path, dealerdrill.desk.path); this view only draws it.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from dealerdrill.desk.path import STEP_TITLES, STEPS, GamePath, TraineePath, right_needed
from dealerdrill.domain.catalog import GAME_NAMES

from .records_profiles import ACCENT, INK, MET_BACKGROUND, MUTED, NONE_BACKGROUND, PARTLY_BACKGROUND, label

STEP_MODES = {"practise": "practice", "timed": "timed", "test": "test"}
STATE_BACKGROUNDS = {"done": MET_BACKGROUND, "partly": PARTLY_BACKGROUND, "none": NONE_BACKGROUND}

PATH_RULES = ("Where you stand in each game, over all your records. A lesson is done when its check is answered to "
              "the end with at least 2 of 3 right. A drill is practised after as many practice answers as its test "
              "has questions (lesson checks not counted). Timed targets are met as on the manager's roster: accuracy "
              "and median time over your latest timed answers, once there are a test's number of them. A test counts "
              "only when its result, made again from the records, is a pass. Click a step, or Tab to it and press "
              "Enter, to go there.")

STEP_STYLE = f"""
QFrame[pathStep="true"] {{ border: 1px solid #c9d0d6; border-radius: 8px; }}
QFrame[pathStep="true"][state="done"] {{ background: {MET_BACKGROUND}; border-color: #a9d3b4; }}
QFrame[pathStep="true"][state="partly"] {{ background: {PARTLY_BACKGROUND}; border-color: #ecd08c; }}
QFrame[pathStep="true"][state="none"] {{ background: #ffffff; }}
QFrame[pathStep="true"][clickable="true"]:hover {{ border-color: {ACCENT}; }}
QFrame[pathStep="true"]:focus {{ border: 2px solid {ACCENT}; }}
QFrame[pathStep="true"] QLabel {{ background: transparent; border: none; }}
QLabel[role="stepTitle"] {{ color: {MUTED}; font-size: 11px; font-weight: 600; letter-spacing: 1px; }}
QLabel[role="stepStatus"] {{ color: {INK}; font-weight: 700; }}
QLabel[role="stepNext"] {{ color: {INK}; }}
QLabel[role="arrow"] {{ color: {MUTED}; font-size: 16px; }}
QLabel[role="gameName"] {{ color: {INK}; font-weight: 700; }}
"""


class PathStep(QFrame):
    """One step of a game's row: its title, how far, what comes next; clickable (and Enter or Space) when it
    leads somewhere."""

    activated = Signal()

    def __init__(self, game: str, step: str, number: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.game, self.step = game, step
        self.setObjectName(f"pathStep-{game}-{step}")
        self.setProperty("pathStep", True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        inner = QVBoxLayout(self)
        inner.setContentsMargins(12, 8, 12, 8)
        inner.setSpacing(2)
        self.title_label = label(f"{number}  {STEP_TITLES[step].upper()}", "stepTitle")
        self.status_label = label("", "stepStatus", wrap=True)
        self.next_label = label("", "stepNext", wrap=True)
        for widget in (self.title_label, self.status_label, self.next_label):
            inner.addWidget(widget)
        inner.addStretch(1)
        self.state = "none"
        self.clickable = False

    def show_standing(self, state: str, status: str, next_text: str, tooltip: str, clickable: bool) -> None:
        self.state, self.clickable = state, clickable
        self.setProperty("state", state)
        self.setProperty("clickable", clickable)
        self.status_label.setText(status)
        self.next_label.setText(next_text)
        self.next_label.setVisible(bool(next_text))
        self.setToolTip(tooltip)
        game = GAME_NAMES.get(self.game, self.game)
        self.setAccessibleName(f"{game}, {STEP_TITLES[self.step]}: {status}. {next_text}".strip())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if clickable else Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)
        self.style().unpolish(self)
        self.style().polish(self)

    def texts(self) -> tuple[str, str]:
        """(how far, what next), as shown."""
        return self.status_label.text(), self.next_label.text() if self.next_label.isVisibleTo(self) else ""

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.clickable and event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
                event.position().toPoint()):
            self.activated.emit()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.clickable and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activated.emit()
            return
        super().keyPressEvent(event)


class PathView(QWidget):
    """Every game's row of steps (dealerdrill.desk.path.TraineePath)."""

    lesson_requested = Signal(str)        # a lesson's id: show it on the Learn page
    drill_requested = Signal(str, str)    # a drill's id and a mode ("practice", "timed", "test"): choose it

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("traineePath")
        self.setStyleSheet(STEP_STYLE)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(8)
        self.steps: dict[tuple[str, str], PathStep] = {}
        self.game_labels: dict[str, QLabel] = {}
        self._targets: dict[tuple[str, str], tuple] = {}
        self.path: TraineePath | None = None

    def show_path(self, path: TraineePath, *, clickable: bool) -> None:
        """Draw `path`; its steps lead to the lessons and drills only when `clickable` (the trainee's own path)."""
        self.path = path
        for row, game in enumerate(path.games):
            if game.game not in self.game_labels:
                self._add_row(row, game.game)
            for step in STEPS:
                self._show_step(game, step, clickable)

    def _add_row(self, row: int, game: str) -> None:
        name = label(GAME_NAMES.get(game, game), "gameName", wrap=True)
        name.setObjectName(f"pathGame-{game}")
        self.grid.addWidget(name, row, 0, Qt.AlignmentFlag.AlignVCenter)
        self.game_labels[game] = name
        for index, step in enumerate(STEPS):
            if index:
                arrow = label("→", "arrow")
                arrow.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self.grid.addWidget(arrow, row, 2 * index)
            widget = PathStep(game, step, index + 1)
            widget.activated.connect(lambda g=game, s=step: self.go(g, s))
            self.grid.addWidget(widget, row, 2 * index + 1)
            self.grid.setColumnStretch(2 * index + 1, 1)
            self.steps[(game, step)] = widget

    def go(self, game: str, step: str) -> None:
        """Take the trainee to the step's next lesson or drill."""
        target = self._targets.get((game, step))
        if target is None:
            return
        if target[0] == "lesson":
            self.lesson_requested.emit(target[1])
        else:
            self.drill_requested.emit(target[1], target[2])

    def step_texts(self) -> dict[tuple[str, str], tuple[str, str]]:
        """(game, step) -> (how far, what next), as shown: for tests and for reading back."""
        return {key: widget.texts() for key, widget in self.steps.items()}

    def _show_step(self, game: GamePath, step: str, clickable: bool) -> None:
        done, total = game.done(step), game.total(step)
        state = "done" if total and done == total else "partly" if done else "none"
        if step == "learn":
            status, next_text, tooltip, target = _learn_step(game)
        else:
            status, next_text, tooltip, target = _drill_step(game, step)
        self._targets[(game.game, step)] = target if clickable else None
        if not clickable:
            tooltip += "\n\nOnly the trainee at the desk goes from here to the lessons and drills."
        self.steps[(game.game, step)].show_standing(state, status, next_text, tooltip, clickable and target is not None)


def _learn_step(game: GamePath) -> tuple[str, str, str, tuple | None]:
    total = len(game.lessons)
    status = (f"✓ All {total} lessons done" if game.lessons_done == total else
              f"{game.lessons_done} of {total} lessons done")
    upcoming = game.next_lesson()
    if upcoming is None:
        next_text, target = "Open the lessons again", ("lesson", game.lessons[0].lesson) if game.lessons else None
    else:
        next_text = f"Next: lesson {upcoming.number}, {upcoming.title}"
        if upcoming.best_right is not None:
            next_text += f" (check: {upcoming.best_right} of {upcoming.check_items} right)"
        target = ("lesson", upcoming.lesson)
    lines = []
    for lesson in game.lessons:
        if lesson.done:
            mark, words = "✓", f"check {lesson.best_right} of {lesson.check_items} right"
        elif lesson.best_right is not None:
            mark, words = "✗", (f"check {lesson.best_right} of {lesson.check_items} right; "
                                f"{right_needed(lesson.check_items)} needed")
        else:
            mark, words = "·", "check not yet answered to the end"
        lines.append(f"{mark} {lesson.number}. {lesson.title}: {words}")
    tooltip = ("A lesson is done when its check is answered to the end with at least 2 of 3 right.\n\n"
               + "\n".join(lines))
    return status, next_text, tooltip, target


def _drill_step(game: GamePath, step: str) -> tuple[str, str, str, tuple | None]:
    total = len(game.drills)
    done = game.done(step)
    every = done == total
    if step == "practise":
        status = f"✓ All {total} drills practised" if every else f"{done} of {total} drills practised"
        rule = ("A drill is practised after as many answers in practice as its test has questions (lesson checks "
                "not counted).")
    elif step == "timed":
        status = f"✓ Targets met in all {total} drills" if every else f"Targets met in {done} of {total} drills"
        rule = ("Timed targets are met as on the manager's roster: accuracy and median time over the latest timed "
                "answers, once there are a test's number of them.")
    else:
        status = f"✓ All {total} tests passed" if every else f"{done} of {total} tests passed"
        rule = "A test counts when its result, made again from the records, is a pass at its target's level."
    upcoming = game.next_drill(step)
    mode = STEP_MODES[step]
    if upcoming is None:
        next_text, target = "", None
    else:
        next_text = f"Next: {upcoming.title}" + _how_far(upcoming, step)
        target = ("drill", upcoming.drill, mode)
    lines = [f"{'✓' if _done(drill, step) else '·'} {drill.title}{_how_far(drill, step)}" for drill in game.drills]
    return status, next_text, rule + "\n\n" + "\n".join(lines), target


def _done(drill, step: str) -> bool:
    return {"practise": drill.practised, "timed": drill.timed_met, "test": drill.test_passed}[step]


def _how_far(drill, step: str) -> str:
    if step == "practise":
        return f" ({drill.practice_answers} of {drill.practice_needed} practice answers)" if not drill.practised \
            else f" ({drill.practice_answers} practice answers)"
    if step == "timed":
        timed = drill.timed
        needed = timed.target.answers_for_a_verdict
        if timed.answered < needed:
            return f" ({timed.answered} of {needed} timed answers)"
        return (f" ({100 * timed.accuracy:.0f}% right, target {100 * timed.target.accuracy:.0f}%; median "
                f"{timed.median_seconds:.1f} s, target {timed.target.seconds:g} s)")
    if drill.test_passed:
        return " (passed, signed off)" if drill.test_signed_off else " (passed)"
    return ""
