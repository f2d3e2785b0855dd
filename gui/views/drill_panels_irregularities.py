"""Qt panel for the irregularities and procedure drills (dealerdrill.drills.irregularities): the situation in
words and the engine's possible actions as numbered choices. Keys: the choice's number, Backspace, Enter.

Before the commit nothing shown comes from the item's key: the choices are every action the engine can rule
for that kind of situation, in the prompt's (random) order; the right one is lit only after grading.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .drill_panels_keys import is_page_key

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
RIGHT = "#1e7b34"
WRONG = "#b3261e"


class IrregularityPanel(QWidget):
    answered = Signal(object)
    shows_question = True
    KEYS = "Keys: type the number of the dealer's action, Backspace to correct, Enter commits."

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.typed = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(self.KEYS)
        self.scenario = QLabel()
        self.scenario.setWordWrap(True)
        font = QFont()
        font.setPointSizeF(13)
        self.scenario.setFont(font)
        self.ask = QLabel("What does the dealer do?")
        bold = QFont()
        bold.setPointSizeF(12)
        bold.setBold(True)
        self.ask.setFont(bold)
        self.options = QLabel()
        self.options.setTextFormat(Qt.TextFormat.RichText)
        self.options.setWordWrap(True)
        self.entry = QLabel()
        self.entry.setTextFormat(Qt.TextFormat.RichText)
        self.entry.setWordWrap(True)  # the verdict's words after grading can be longer than the panel is wide
        self.help = QLabel(self.KEYS)
        self.help.setStyleSheet("color: #5b6675; font-size: 11px;")
        box = QVBoxLayout(self)
        for widget in (self.scenario, self.ask, self.options, self.entry, self.help):
            box.addWidget(widget)
        box.addStretch(1)

    def show_item(self, item) -> None:
        self.item, self.grade, self.typed = item, None, ""
        self.scenario.setText(item.prompt["scenario"])
        self._show_options()
        self._refresh()
        self.setFocus()

    def _show_options(self, right: int | None = None, given: int | None = None) -> None:
        lines = []
        for i, option in enumerate(self.item.prompt["options"], start=1):
            text = f"<b>{i}.</b> {option}"
            # Colour only after grading: bold or struck text could wrap differently and move the panel.
            if right == i:
                text = f"<span style='color:{RIGHT}'><b>{i}.</b> {option}</span>"
            elif given == i:
                text = f"<span style='color:{WRONG}'><b>{i}.</b> {option}</span>"
            lines.append(text)
        self.options.setText("<br><br>".join(lines))

    def _refresh(self, refusal: str = "") -> None:
        said = f"<br><span style='color:{WRONG}'>{refusal}</span>" if refusal else ""
        self.entry.setText(f"Your choice: <b>{self.typed or '_'}</b> &nbsp; (Enter commits){said}")

    def keyPressEvent(self, event) -> None:
        if self.item is None or self.grade is not None:
            return super().keyPressEvent(event)
        key, text = event.key(), event.text()
        count = len(self.item.prompt["options"])
        if text and text.isdigit():
            if len(self.typed) >= 2:
                # Said, never dropped quietly: no choice here has more than two digits.
                self._refresh(f"“{text}” is refused: choose 1 to {count}.")
                return
            self.typed += text
        elif key == Qt.Key.Key_Backspace:
            self.typed = self.typed[:-1]
        elif key in ENTER_KEYS:
            if self.typed and 1 <= int(self.typed) <= count:
                self.answered.emit(int(self.typed))
            else:
                self._refresh(f"“{self.typed}” is not an action here: choose 1 to {count}, then Enter."
                              if self.typed else f"Choose 1 to {count}, then Enter.")
            return
        elif text and text.isprintable() and not is_page_key(event):
            self._refresh(f"“{text}” is not an action's number: type digits, 1 to {count}.")
            return
        else:
            return super().keyPressEvent(event)
        self._refresh()

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        given = int(self.typed) if self.typed.isdigit() else None
        self._show_options(right=item.key["choice"], given=None if grade.correct else given)
        colour = RIGHT if grade.correct else WRONG
        if grade.correct:
            words = "Right."
        elif grade.timed_out or given is None:
            words = "Time ran out: the right action is in green."
        else:
            words = f"Not {given}: the right action is in green."
        self.entry.setText(f"<span style='color:{colour}'>{words}</span> (rule {grade.rule})")
