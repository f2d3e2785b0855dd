"""Qt panels for the pai gow drills (dealerdrill.drills.paigow_drills): they draw an item and collect the
trainee's answer, keyboard first. Each panel emits `answered` with the value the drill's grade() accepts
when the trainee presses Enter, and marks what was right after grading; the drill shell shows the words.

Tiles are painted with dealerdrill.views.tiles; setting a hand works like the pai gow table
(dealerdrill.views.paigow_table): 1-4 pick a tile, H/L put it in the high or low hand, Backspace sends it
back, tiles can also be dragged with the mouse.

Before the commit nothing drawn or said comes from the item's key: the names offered are the drill's whole
sorted list, a full hand is refused by counting tiles, and the right calls, settings and payments appear only
in show_grade.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.drills.paigow_drills import money

from .drill_panels_keys import NumberEntry, dollars_problem, whole_number_problem
from .tiles import TILE_ASPECT, paint_tile

FELT = QColor(22, 78, 52)
RIGHT = QColor(80, 200, 110)
WRONG = QColor(225, 70, 60)
SELECTED = QColor(255, 210, 80)
TEXT = QColor(245, 240, 225)
ENTER_KEYS = (Qt.Key_Return, Qt.Key_Enter)


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


def paint_tiles(painter: QPainter, faces, left: float, top: float, width: float, gap: float = 6.0) -> list[QRectF]:
    """Upright tiles side by side from (left, top); returns where each was drawn."""
    rects = []
    for i, face in enumerate(faces):
        rect = QRectF(left + i * (width + gap), top, width, width * TILE_ASPECT)
        paint_tile(painter, rect, face)
        rects.append(rect)
    return rects


class _Panel(QWidget):
    """What every pai gow drill panel shares: the signal, keyboard focus and the help line."""

    answered = Signal(object)
    KEYS = ""
    # True where H is one of the panel's own keys: the drill page then offers the hint on F1 only, and says so
    # on its button and key line (dealerdrill.views.drill_view.hint_keys).
    keeps_letter_h = False

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.setFocusPolicy(Qt.StrongFocus)
        self.setToolTip(self.KEYS)
        self.message = ""

    def show_item(self, item) -> None:
        self.item = item
        self.grade = None
        self.message = ""
        self.reset()
        self.update()

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        self.update()

    def reset(self) -> None:
        """Clear the answer for a new item."""

    def answer(self):
        """The answer so far in the form grade() accepts, or None with self.message saying what is missing."""
        raise NotImplementedError

    def commit(self) -> bool:
        if self.item is None or self.grade is not None:
            return False
        value = self.answer()
        if value is None:
            self.update()
            return False
        self.answered.emit(value)
        return True


class _Painted(_Panel):
    """A panel drawn in design units (scaled to the widget), with a help line at the bottom."""

    DESIGN = QSize(640, 420)

    def sizeHint(self):
        return self.DESIGN

    def _scale(self) -> tuple[float, QPointF]:
        scale = min(self.width() / self.DESIGN.width(), self.height() / self.DESIGN.height())
        offset = QPointF((self.width() - self.DESIGN.width() * scale) / 2,
                         (self.height() - self.DESIGN.height() * scale) / 2)
        return scale, offset

    def to_design(self, point: QPointF) -> QPointF:
        scale, offset = self._scale()
        return QPointF((point.x() - offset.x()) / scale, (point.y() - offset.y()) / scale)

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), FELT.darker(130))
        scale, offset = self._scale()
        p.translate(offset)
        p.scale(scale, scale)
        p.fillRect(QRectF(0, 0, self.DESIGN.width(), self.DESIGN.height()), FELT)
        if self.item is not None:
            self.paint(p)
        p.setPen(TEXT)
        p.setFont(_font(8))
        help_rect = QRectF(10, self.DESIGN.height() - 38, self.DESIGN.width() - 20, 34)
        p.drawText(help_rect, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, self.message or self.KEYS)
        if self.hasFocus():
            p.setPen(QPen(SELECTED, 1.5, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawRect(QRectF(2, 2, self.DESIGN.width() - 4, self.DESIGN.height() - 4))
        p.end()

    def paint(self, p: QPainter) -> None:
        raise NotImplementedError

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.update()


# ------------------------------------------------------------------------------------------ tiles

class _TileStrip(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.faces: list[str] = []
        self.setMinimumSize(260, 170)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), FELT)
        width = 60
        total = len(self.faces) * width + max(len(self.faces) - 1, 0) * 14
        paint_tiles(p, self.faces, (self.width() - total) / 2, 18, width, 14)
        p.end()


class _NameBox(QComboBox):
    """A name box where typing a name's first letters chooses it, spaces included ("Chop Ng"): Qt's own box
    opens its list on a space, so a name of two words could not be typed."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._typed = ""
        self._typed_at = 0.0

    def keyPressEvent(self, event) -> None:
        text = event.text()
        plain = not event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
        if not (text and text.isprintable() and plain) or (text == " " and not self._fresh_typing()):
            super().keyPressEvent(event)     # a space alone still opens the list, as in any box
            return
        typed = (self._typed if self._fresh_typing() else "") + text
        self._typed_at = time.monotonic()
        # A name that goes on as typed; else, as Qt does, start again from this key.
        for start in (typed, text):
            found = self._first_starting_with(start)
            if found >= 0:
                self._typed = start
                self.setCurrentIndex(found)
                break
        else:
            self._typed = ""
        event.accept()

    def _fresh_typing(self) -> bool:
        return bool(self._typed) and time.monotonic() - self._typed_at < QApplication.keyboardInputInterval() / 1000

    def _first_starting_with(self, start: str) -> int:
        wanted = start.casefold()
        return next((i for i in range(self.count()) if self.itemText(i).casefold().startswith(wanted)), -1)


class TilesPanel(_Panel):
    """A tile (give its name, rank and points) or two tiles (name the pair).

    Nothing is pre-selected: the name box starts empty (its first entry would be an answer nobody gave) and
    rank and points start as empty fields. What is typed stays as typed; Enter refuses a missing name or a
    rank or points that are not whole numbers, saying why, and the drill refuses numbers no tile has."""

    KEYS = ("Type the first letters of the name (or Up/Down) to choose it, Tab to the rank and points, "
            "Enter to answer.")
    keeps_letter_h = True   # the name box takes every letter as the start of a name

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.strip = _TileStrip(self)
        self.name = _NameBox(self)
        self.name.setPlaceholderText("choose the name")
        self.rank = NumberEntry("", self)   # H and N go on to the drill page
        self.rank.setPlaceholderText("1-16")
        self.points = NumberEntry("", self)
        self.points.setPlaceholderText("0-9")
        for field in (self.rank, self.points):
            field.setMaximumWidth(120)   # Enter goes on to the panel, which commits
        self.feedback = QLabel(self)
        self.feedback.setWordWrap(True)
        help_line = QLabel(self.KEYS, self)
        help_line.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Name", self.name)
        self.rank_label, self.points_label = QLabel("&Rank (1-16)"), QLabel("&Points")
        self.rank_label.setBuddy(self.rank)
        self.points_label.setBuddy(self.points)
        form.addRow(self.rank_label, self.rank)
        form.addRow(self.points_label, self.points)
        layout = QVBoxLayout(self)
        layout.addWidget(self.strip)
        layout.addLayout(form)
        layout.addWidget(self.feedback)
        layout.addWidget(help_line)
        self.setFocusProxy(self.name)

    def reset(self):
        prompt = self.item.prompt
        self.strip.faces = list(prompt["tiles"])
        self.strip.update()
        self.name.clear()
        self.name.addItems(prompt["names"])
        self.name.setCurrentIndex(-1)   # no name chosen until the trainee chooses one
        single = prompt["kind"] == "tile"
        for widget in (self.rank, self.points, self.rank_label, self.points_label):
            widget.setVisible(single)
        for field in (self.rank, self.points):
            field.clear()
            field.setReadOnly(False)
        self.feedback.setStyleSheet("")
        self.feedback.setText("")
        self.name.setFocus()

    def _refuse(self, words: str) -> None:
        self.message = words
        self.feedback.setStyleSheet(f"color: {WRONG.name()}")
        self.feedback.setText(words)

    def answer(self):
        if self.name.currentIndex() < 0:
            self._refuse("Choose the name first: type its first letters, or Up/Down.")
            return None
        if self.item.prompt["kind"] != "tile":
            self._refuse("")
            return self.name.currentText()
        values = {}
        for field, what in ((self.rank, "the rank"), (self.points, "the points")):
            problem = whole_number_problem(field.text(), what)
            if problem:
                self._refuse(problem)
                field.setFocus()
                return None
            values[what] = int(field.text().strip())
        self._refuse("")   # an earlier refusal no longer applies
        return {"name": self.name.currentText(), "rank": values["the rank"], "points": values["the points"]}

    def show_grade(self, item, grade):
        super().show_grade(item, grade)
        colour = RIGHT if grade.correct else WRONG
        self.feedback.setStyleSheet(f"color: {colour.name()}; font-weight: bold")
        self.feedback.setText(("Right: " if grade.correct else "Answer: ") + grade.expected)
        for field in (self.rank, self.points):
            field.setReadOnly(True)

    def keyPressEvent(self, event):
        if event.key() in ENTER_KEYS:
            self.commit()
            return
        super().keyPressEvent(event)


# ------------------------------------------------------------------------------------------ compare

class ComparePanel(_Painted):
    """The player's hand against the bank's: P or B (or Left/Right) to choose who wins, Enter to answer."""

    KEYS = "P: the player wins, B: the bank wins (or Left/Right), Enter to answer. Copies go to the bank."
    DESIGN = QSize(560, 330)

    def reset(self):
        self.choice = None

    def answer(self):
        if self.choice is None:
            self.message = "Choose who wins first: P for the player, B for the bank."
            return None
        return self.choice

    def keyPressEvent(self, event):
        key = event.key()
        choices = {Qt.Key_P: "player", Qt.Key_Left: "player", Qt.Key_B: "bank", Qt.Key_Right: "bank"}
        if key in choices and self.item is not None and self.grade is None:
            self.choice = choices[key]
            self.message = ""
            self.update()
        elif key in ENTER_KEYS:
            self.commit()
        else:
            super().keyPressEvent(event)

    def paint(self, p):
        prompt = self.item.prompt
        for i, (side, title) in enumerate((("player", "Player"), ("bank", "Bank"))):
            box = QRectF(30 + i * 270, 20, 230, 250)
            chosen = getattr(self, "choice", None) == side
            right = self.grade is not None and self.item.key["winner"] == side
            pen = QPen(RIGHT if right else (SELECTED if chosen else TEXT.darker(160)), 4 if (chosen or right) else 1.5)
            p.setPen(pen)
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(box, 12, 12)
            p.setPen(TEXT)
            p.setFont(_font(13, bold=True))
            p.drawText(QRectF(box.left(), box.top() + 8, box.width(), 26), Qt.AlignCenter,
                       f"{title}  ({'P' if side == 'player' else 'B'})")
            paint_tiles(p, prompt[side], box.left() + 50, box.top() + 48, 60, 10)
            if chosen:
                p.setFont(_font(11, bold=True))
                p.setPen(SELECTED)
                p.drawText(QRectF(box.left(), box.bottom() - 44, box.width(), 24), Qt.AlignCenter, "wins")


# ------------------------------------------------------------------------------------------ house way

class HouseWayPanel(_Painted):
    """The bank's four tiles: put two in the high hand and two in the low hand, Enter to answer."""

    KEYS = ("1-4 (or Left/Right) pick a tile, H or Up puts it in the high hand, L or Down in the low hand, "
            "Backspace sends it back; or drag the tiles. Enter to answer.")
    keeps_letter_h = True   # H puts the chosen tile in the high hand
    DESIGN = QSize(640, 440)
    TILE_W = 50
    ROW_TOP = 48
    SLOTS = {"high": QRectF(40, 210, 260, 160), "low": QRectF(340, 210, 260, 160)}

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.placement: list[str | None] = [None] * 4
        self.selected = 0
        self._drag: int | None = None
        self._drag_at: QPointF | None = None
        self._drag_offset = QPointF()

    def reset(self):
        self.placement = [None] * 4
        self.selected = 0

    @property
    def tiles(self) -> list[str]:
        return list(self.item.prompt["tiles"]) if self.item else []

    def hand(self, slot: str) -> list[str]:
        return [face for face, where in zip(self.tiles, self.placement) if where == slot]

    def move(self, index: int, slot: str | None) -> bool:
        if self.item is None or self.grade is not None or not 0 <= index < 4:
            return False
        if slot is not None and self.placement[index] != slot and self.placement.count(slot) >= 2:
            self.message = f"The {slot} hand already holds two tiles: Backspace sends one back."
            self.update()
            return False
        self.placement[index] = slot
        self.message = ""
        # Move on to the next tile still in the row, so four key presses can set a whole hand.
        if slot is not None:
            for step in range(1, 5):
                candidate = (index + step) % 4
                if self.placement[candidate] is None:
                    self.selected = candidate
                    break
        self.update()
        return True

    def answer(self):
        high, low = self.hand("high"), self.hand("low")
        if len(high) != 2 or len(low) != 2:
            self.message = "Put two tiles in the high hand (H) and two in the low hand (L) first."
            return None
        return {"high": high, "low": low}

    def keyPressEvent(self, event):
        key = event.key()
        if self.item is None:
            return super().keyPressEvent(event)
        numbers = {Qt.Key_1: 0, Qt.Key_2: 1, Qt.Key_3: 2, Qt.Key_4: 3}
        if key in numbers:
            self.selected = numbers[key]
        elif key == Qt.Key_Left:
            self.selected = (self.selected - 1) % 4
        elif key == Qt.Key_Right:
            self.selected = (self.selected + 1) % 4
        elif key in (Qt.Key_H, Qt.Key_Up):
            self.move(self.selected, "high")
        elif key in (Qt.Key_L, Qt.Key_Down):
            self.move(self.selected, "low")
        elif key in (Qt.Key_Backspace, Qt.Key_Delete):
            self.move(self.selected, None)
        elif key in ENTER_KEYS:
            self.commit()
        else:
            return super().keyPressEvent(event)
        self.update()

    # --- where tiles are drawn, and dragging them
    def tile_rect(self, index: int) -> QRectF:
        where = self.placement[index]
        height = self.TILE_W * TILE_ASPECT
        if where is None:
            return QRectF(150 + index * 90, self.ROW_TOP, self.TILE_W, height)
        slot = self.SLOTS[where]
        position = [i for i in range(4) if self.placement[i] == where].index(index)
        return QRectF(slot.left() + 60 + position * (self.TILE_W + 24), slot.top() + 26, self.TILE_W, height)

    def tile_at(self, point: QPointF) -> int | None:
        for index in range(len(self.tiles)):
            if self.tile_rect(index).contains(point):
                return index
        return None

    def mousePressEvent(self, event):
        point = self.to_design(event.position())
        index = self.tile_at(point) if self.item is not None and self.grade is None else None
        if index is None or event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        self.setFocus()
        self.selected = index
        self._drag = index
        self._drag_offset = point - self.tile_rect(index).topLeft()
        self._drag_at = self.tile_rect(index).topLeft()
        self.update()

    def mouseMoveEvent(self, event):
        if self._drag is None:
            return super().mouseMoveEvent(event)
        self._drag_at = self.to_design(event.position()) - self._drag_offset
        self.update()

    def mouseReleaseEvent(self, event):
        if self._drag is None:
            return super().mouseReleaseEvent(event)
        index, self._drag, self._drag_at = self._drag, None, None
        point = self.to_design(event.position())
        target = next((slot for slot, rect in self.SLOTS.items() if rect.contains(point)), None)
        self.move(index, target)
        self.update()

    def paint(self, p):
        prompt = self.item.prompt
        p.setPen(TEXT)
        p.setFont(_font(12, bold=True))
        p.drawText(QRectF(0, 8, self.DESIGN.width(), 28), Qt.AlignCenter,
                   f"The bank's tiles: set them the {prompt['way_name']} house way")
        right = None
        if self.grade is not None:
            right = {"high": self.item.key["high"], "low": self.item.key["low"]}
        for slot, rect in self.SLOTS.items():
            colour = TEXT.darker(150)
            if right is not None:
                colour = RIGHT if self.grade.correct else WRONG
            p.setPen(QPen(colour, 2.5))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRoundedRect(rect, 12, 12)
            p.setPen(TEXT)
            p.setFont(_font(10, bold=True))
            p.drawText(QRectF(rect.left() + 8, rect.top() + 4, 120, 20), Qt.AlignLeft,
                       "High hand (H)" if slot == "high" else "Low hand (L)")
            if right is not None and not self.grade.correct:
                p.setFont(_font(9))
                p.setPen(RIGHT)
                p.drawText(QRectF(rect.left(), rect.bottom() + 2, rect.width(), 18), Qt.AlignCenter,
                           "house way: " + " ".join(right[slot]))
        for index, face in enumerate(self.tiles):
            rect = self.tile_rect(index)
            if index == self._drag and self._drag_at is not None:
                rect = QRectF(self._drag_at, rect.size())
            paint_tile(p, rect, face)
            if self.placement[index] is None:
                p.setPen(TEXT)
                p.setFont(_font(10, bold=True))
                p.drawText(QRectF(rect.left(), rect.bottom() + 2, rect.width(), 18), Qt.AlignCenter, str(index + 1))
            if index == self.selected and self.grade is None:
                p.setPen(QPen(SELECTED, 3))
                p.setBrush(Qt.NoBrush)
                p.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 8, 8)


# ------------------------------------------------------------------------------------------ expose and match

class ExposePanel(_Painted):
    """The bank's set hand and up to seven boxes: W, L or P calls the selected box, Enter answers."""

    KEYS = ("W win, L lose, P push for the selected box (the next box is selected after each call); "
            "Up/Down or 1-7 select a box; Enter to answer. Copies and 0-0 go to the bank.")
    DESIGN = QSize(640, 600)
    SMALL = 30
    ROW = 78

    def reset(self):
        self.calls: list[str | None] = [None] * len(self.item.prompt["boxes"])
        self.selected = 0
        # As tall as this item's rows (the bank and each box) and the help line: the drawing fills the panel
        # whether it holds three boxes or seven, so the tiles stay large enough to read.
        rows = len(self.calls) + 1
        self.DESIGN = QSize(640, int(28 + rows * self.ROW + 52))
        self.updateGeometry()

    def answer(self):
        if None in self.calls:
            missing = [str(b["box"]) for b, c in zip(self.item.prompt["boxes"], self.calls) if c is None]
            self.message = f"Call every box first (still open: box {', '.join(missing)})."
            return None
        return list(self.calls)

    def keyPressEvent(self, event):
        key = event.key()
        if self.item is None:
            return super().keyPressEvent(event)
        count = len(self.calls)
        calls = {Qt.Key_W: "win", Qt.Key_L: "lose", Qt.Key_P: "push"}
        numbers = {getattr(Qt, f"Key_{n}"): n - 1 for n in range(1, 8)}
        if key in calls and self.grade is None:
            self.calls[self.selected] = calls[key]
            self.message = ""
            self.selected = min(self.selected + 1, count - 1)
        elif key == Qt.Key_Up:
            self.selected = (self.selected - 1) % count
        elif key == Qt.Key_Down:
            self.selected = (self.selected + 1) % count
        elif key in numbers and numbers[key] < count:
            self.selected = numbers[key]
        elif key in ENTER_KEYS:
            self.commit()
        else:
            return super().keyPressEvent(event)
        self.update()

    def _hand(self, p, label, high, low, top, left=120):
        p.setPen(TEXT)
        p.setFont(_font(10, bold=True))
        p.drawText(QRectF(10, top, left - 16, self.SMALL * TILE_ASPECT), Qt.AlignVCenter | Qt.AlignLeft, label)
        paint_tiles(p, high, left, top, self.SMALL, 4)
        paint_tiles(p, low, left + 2 * self.SMALL + 30, top, self.SMALL, 4)

    def paint(self, p):
        prompt = self.item.prompt
        p.setFont(_font(9))
        p.setPen(TEXT.darker(130))
        p.drawText(QRectF(120, 4, 60, 14), Qt.AlignLeft, "high")
        p.drawText(QRectF(120 + 2 * self.SMALL + 30, 4, 60, 14), Qt.AlignLeft, "low")
        self._hand(p, "Bank", prompt["bank"]["high"], prompt["bank"]["low"], 20)
        expected = self.item.key["calls"] if self.grade is not None else None
        for i, box in enumerate(prompt["boxes"]):
            top = 20 + (i + 1) * self.ROW + 8
            row = QRectF(6, top - 6, self.DESIGN.width() - 12, self.ROW - 4)
            if i == self.selected and self.grade is None:
                p.setPen(QPen(SELECTED, 2.5))
                p.setBrush(QColor(255, 255, 255, 18))
                p.drawRoundedRect(row, 8, 8)
            self._hand(p, f"Box {box['box']}  ({i + 1})", box["high"], box["low"], top)
            call = self.calls[i]
            p.setFont(_font(13, bold=True))
            colour = TEXT
            if expected is not None:
                colour = RIGHT if call == expected[i] else WRONG
            p.setPen(colour)
            p.drawText(QRectF(330, top, 130, self.SMALL * TILE_ASPECT), Qt.AlignVCenter | Qt.AlignLeft,
                       (call or "?").upper())
            if expected is not None and call != expected[i]:
                p.setPen(RIGHT)
                p.drawText(QRectF(460, top, 170, self.SMALL * TILE_ASPECT), Qt.AlignVCenter | Qt.AlignLeft,
                           f"right: {expected[i].upper()}")


# ------------------------------------------------------------------------------------------ settlement

def parse_dollars(text: str) -> int:
    """'23.75', '$1,023.5' or '' (nothing paid) as cents; ValueError, saying why, for anything else (never a
    reading of part of it: '1,2', '12-5' and '5e3' are refused)."""
    if not text.strip():
        return 0
    problem = dollars_problem(text)
    if problem:
        raise ValueError(problem)
    whole, _, cents = text.strip().replace("$", "").replace(",", "").partition(".")
    return int(whole or 0) * 100 + int((cents + "00")[:2])


class SettlePanel(_Panel):
    """The matched boxes with their wagers: type what each box is paid (Tab moves on), Enter answers."""

    KEYS = ("Type the amount paid to each box in dollars (0 or empty for none); with a co-banker also what "
            "goes to the float and to the co-banker. Tab moves on, Enter answers.")

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.title.setFont(_font(11, bold=True))
        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.feedback = QLabel(self)
        self.feedback.setWordWrap(True)
        self.help_line = QLabel(self.KEYS, self)
        self.help_line.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.grid_host)
        layout.addWidget(self.feedback)
        layout.addWidget(self.help_line)
        layout.addStretch(1)
        self.edits: list[QLineEdit] = []
        self.float_edit: QLineEdit | None = None
        self.co_banker_edit: QLineEdit | None = None
        self.right_labels: list[QLabel] = []
        self.setMinimumSize(480, 380)

    def _clear_grid(self):
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()

    def _edit(self) -> QLineEdit:
        edit = NumberEntry(".$,", self.grid_host)   # letters (H for the hint) go on to the drill page
        edit.setPlaceholderText("0.00")
        edit.setMinimumWidth(100)
        edit.setMaximumWidth(140)
        return edit

    def reset(self):
        prompt = self.item.prompt
        self._clear_grid()
        self.edits, self.right_labels = [], []
        if prompt["co_banker_box"] is None:
            self.title.setText(f"House bank (box 1). {prompt['commission']}.")
        else:
            self.title.setText(f"Co-banker in box {prompt['co_banker_box']} with {money(prompt['co_banker_wager'])}, "
                               f"matched by the house. {prompt['commission']}. Boxes in payment order.")
        for column, heading in enumerate(("Box", "Wager", "Result", "Pay", "")):
            label = QLabel(f"<b>{heading}</b>", self.grid_host)
            self.grid.addWidget(label, 0, column)
        row = 1
        for wager in prompt["wagers"]:
            self.grid.addWidget(QLabel(str(wager["box"]), self.grid_host), row, 0)
            self.grid.addWidget(QLabel(money(wager["amount"]), self.grid_host), row, 1)
            self.grid.addWidget(QLabel(wager["outcome"], self.grid_host), row, 2)
            edit = self._edit()
            self.grid.addWidget(edit, row, 3)
            self.edits.append(edit)
            right = QLabel("", self.grid_host)
            self.grid.addWidget(right, row, 4)
            self.right_labels.append(right)
            row += 1
        self.float_edit = self.co_banker_edit = None
        if prompt["co_banker_box"] is not None:
            for attr, words in (("float_edit", "To the float"), ("co_banker_edit", "To the co-banker")):
                self.grid.addWidget(QLabel(f"<b>{words}</b>", self.grid_host), row, 0, 1, 3)
                edit = self._edit()
                self.grid.addWidget(edit, row, 3)
                setattr(self, attr, edit)
                right = QLabel("", self.grid_host)
                self.grid.addWidget(right, row, 4)
                self.right_labels.append(right)
                row += 1
        chain = self.edits + [e for e in (self.float_edit, self.co_banker_edit) if e is not None]
        # Widgets added to a shown layout appear only on the next event loop pass; show them now so that
        # the first field can take the keyboard at once.
        for index in range(self.grid.count()):
            self.grid.itemAt(index).widget().show()
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)
        self.feedback.setText("")
        self.setFocusProxy(chain[0])
        chain[0].setFocus()

    def answer(self):
        try:
            value = {"paid": [parse_dollars(e.text()) for e in self.edits]}
            if self.float_edit is not None:
                value["to_float"] = parse_dollars(self.float_edit.text())
                value["co_banker"] = parse_dollars(self.co_banker_edit.text())
        except ValueError as error:
            self.feedback.setStyleSheet(f"color: {WRONG.name()}")
            self.feedback.setText(str(error))
            return None
        self.feedback.setText("")   # an earlier refusal no longer applies
        return value

    def show_grade(self, item, grade):
        super().show_grade(item, grade)
        key = item.key
        rights = list(key["paid"])
        if "to_float" in key:
            rights += [key["to_float"], key["co_banker"]]
        edits = self.edits + [e for e in (self.float_edit, self.co_banker_edit) if e is not None]
        for edit, label, right in zip(edits, self.right_labels, rights):
            try:
                ok = parse_dollars(edit.text()) == right
            except ValueError:
                ok = False
            label.setText(("\u2713 " if ok else "\u2717 right: ") + money(right))
            label.setStyleSheet(f"color: {(RIGHT if ok else WRONG).darker(120).name()}; font-weight: bold")
            edit.setReadOnly(True)

    def keyPressEvent(self, event):
        if event.key() in ENTER_KEYS:
            self.commit()
            return
        super().keyPressEvent(event)


PANELS: dict[str, type] = {
    "paigow.tiles": TilesPanel,
    "paigow.compare": ComparePanel,
    "paigow.house_way": HouseWayPanel,
    "paigow.expose": ExposePanel,
    "paigow.settle": SettlePanel,
}

# The drills of issue 15 have their panels in modules of their own (imported last: they use the classes above).
from .drill_panels_chips import ChipsPanel  # noqa: E402
from .drill_panels_delivery import DeliveryPanel  # noqa: E402
from .drill_panels_find_error import PaiGowFindErrorPanel  # noqa: E402
from .drill_panels_irregularities import IrregularityPanel  # noqa: E402

PANELS.update({
    "paigow.find_error": PaiGowFindErrorPanel,
    "paigow.irregularities": IrregularityPanel,
    "paigow.chips": ChipsPanel,
    "paigow.delivery": DeliveryPanel,
})

__all__ = ["PANELS", "ComparePanel", "ExposePanel", "HouseWayPanel", "SettlePanel", "TilesPanel", "parse_dollars"]
