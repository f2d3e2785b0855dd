"""Qt panel for the paying-in-chips drills (dealerdrill.drills.chip_payments): the win, the float's chip values
one row each with the trainee's count beside a drawn stack, keyboard first. Cashing in for colour asks two
numbers instead: the colour chips and the change.

Keys: Up / Down choose a row; digits type its count; Backspace edits; Enter commits.

Before the commit nothing shown comes from the item's key: the rows are the table's chip values (the
prompt), the counts and the total they make are the trainee's own.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.domain import format_cents, format_money

from .chips import paint_chip
from .drill_panels_keys import is_page_key

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
RIGHT = QColor("#1e7b34")
WRONG = QColor("#b3261e")
SELECTED = QColor(255, 210, 80)
FELT = QColor(18, 92, 58)
MAX_DIGITS = 5
MAX_DRAWN = 12       # chips drawn in one row's stack (the count says the rest)


class _Rows(QWidget):
    """The rows painted: a chip of each value, the count typed, a short stack of that many chips."""

    ROW = 46

    def __init__(self, panel):
        super().__init__(panel)
        self.panel = panel
        # As tall as its rows (the panel keeps the room left over below them).
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.setMinimumSize(480, 120)

    def sizeHint(self) -> QSize:
        return QSize(640, 8 + self.ROW * max(1, len(self.panel.row_names())))

    def paintEvent(self, _event) -> None:
        panel = self.panel
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), FELT)
        names = panel.row_names()
        if not names:
            p.end()
            return
        row = min(self.ROW, (self.height() - 8) / len(names))
        radius = row * 0.36
        font = QFont()
        font.setPointSizeF(11)
        font.setBold(True)
        p.setFont(font)
        for i, name in enumerate(names):
            top = 4 + i * row
            rect = QRectF(4, top, self.width() - 8, row - 4)
            if i == panel.current and panel.grade is None:
                p.setPen(QPen(SELECTED, 2.5))
                p.setBrush(QColor(255, 255, 255, 25))
                p.drawRoundedRect(rect, 8, 8)
            value = panel.chip_value(i)
            if value is not None:
                paint_chip(p, QPointF(30, top + row / 2 - 2), radius, max(1, value // panel.scale()))
            p.setPen(QColor(245, 240, 225))
            p.drawText(QRectF(62, top, 160, row - 4), Qt.AlignmentFlag.AlignVCenter, name)
            typed = panel.typed[i]
            sign = "× " if value is not None else "$"
            p.drawText(QRectF(220, top, 110, row - 4), Qt.AlignmentFlag.AlignVCenter, f"{sign}{typed or '_'}")
            if value is not None and typed:
                for k in range(min(int(typed), MAX_DRAWN)):
                    paint_chip(p, QPointF(350 + k * radius * 0.9, top + row / 2 - 2), radius * 0.8,
                               max(1, value // panel.scale()))
            right = panel.right_count(i)
            if right is not None:
                ok = str(right) == (typed or "0")
                p.setPen(RIGHT if ok else WRONG)
                p.drawText(QRectF(self.width() - 170, top, 160, row - 4),
                           Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                           "✓" if ok else f"right: {right}")
        p.end()


class ChipsPanel(QWidget):
    answered = Signal(object)
    shows_question = True
    KEYS = "Keys: Up/Down choose a chip value; digits type how many; Backspace edits; Enter commits."

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.typed: list[str] = []
        self.current = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(self.KEYS)
        self.question = QLabel()
        self.question.setWordWrap(True)
        font = QFont()
        font.setPointSizeF(12)
        font.setBold(True)
        self.question.setFont(font)
        self.rows = _Rows(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.help = QLabel(self.KEYS)
        self.help.setStyleSheet("color: #5b6675; font-size: 11px;")
        box = QVBoxLayout(self)
        box.addWidget(self.question)
        box.addWidget(self.rows)
        box.addStretch(1)
        box.addWidget(self.status)
        box.addWidget(self.help)

    # -- what the rows are ---------------------------------------------------------------------------------
    def colour_in(self) -> bool:
        return self.item is not None and self.item.prompt["kind"] == "colour_in"

    def scale(self) -> int:
        """Chip values are drawn in dollars; a cents prompt's values are divided back."""
        return 100 if self.item is not None and self.item.prompt.get("money") == "cents" else 1

    def row_names(self) -> list[str]:
        if self.item is None:
            return []
        if self.colour_in():
            return ["colour chips", "change"]
        return [f"{label} chips" for label in self.item.prompt["labels"]]

    def chip_value(self, row: int) -> int | None:
        if self.colour_in():
            return self.item.prompt["colour_value"] if row == 0 else None
        return self.item.prompt["chips"][row]

    def right_count(self, row: int):
        if self.grade is None:
            return None
        if self.colour_in():
            return self.item.key["colour_chips"] if row == 0 else self.item.key["change"]
        return self.item.key["breakdown"][row]

    # -- item and keys -------------------------------------------------------------------------------------
    def show_item(self, item) -> None:
        self.item, self.grade = item, None
        self.typed = [""] * len(self.row_names())
        self.current = 0
        self.question.setText(item.text)
        self.rows.updateGeometry()
        self._refresh()
        self.setFocus()

    def _money(self, amount: int) -> str:
        return format_cents(amount) if self.item.prompt.get("money") == "cents" else format_money(amount)

    def _refresh(self, refusal: str = "") -> None:
        if refusal:
            self.status.setText(refusal)
        elif self.item is not None and not self.colour_in():
            total = sum(int(t or 0) * v for t, v in zip(self.typed, self.item.prompt["chips"]))
            count = sum(int(t or 0) for t in self.typed)
            self.status.setText(f"Your chips: {count}, making {self._money(total)}. Enter commits.")
        elif self.item is not None:
            self.status.setText("Colour chips and change typed; Enter commits.")
        self.rows.update()

    def keyPressEvent(self, event) -> None:
        if self.item is None or self.grade is not None:
            return super().keyPressEvent(event)
        key, text = event.key(), event.text()
        if key == Qt.Key.Key_Up:
            self.current = (self.current - 1) % len(self.typed)
        elif key == Qt.Key.Key_Down:
            self.current = (self.current + 1) % len(self.typed)
        elif text and text.isdigit():
            if len(self.typed[self.current]) >= MAX_DIGITS:
                # Said, never dropped quietly.
                self._refresh(f"“{text}” is refused: no count here has more than {MAX_DIGITS} digits.")
                return
            self.typed[self.current] = (self.typed[self.current] + text).lstrip("0") or "0"
        elif key == Qt.Key.Key_Backspace:
            self.typed[self.current] = self.typed[self.current][:-1]
        elif key in ENTER_KEYS:
            self.answered.emit(self.answer())
            return
        elif text and text.isprintable() and not is_page_key(event):
            self._refresh(f"“{text}” is not part of a count: type how many chips in digits "
                          "(Up/Down choose the row).")
            return
        else:
            return super().keyPressEvent(event)
        self._refresh()

    def answer(self):
        counts = [int(t or 0) for t in self.typed]
        if self.colour_in():
            return {"colour_chips": counts[0], "change": counts[1]}
        return {"counts": counts}

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        self.status.setText("Right." if grade.correct else "The right count of each chip is beside its row.")
        self.rows.update()
