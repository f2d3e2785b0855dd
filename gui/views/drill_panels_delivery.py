"""Qt panel for the pai gow dice and delivery drill (dealerdrill.drills.paigow_delivery): the three dice as the
table throws them and the 8 boxes round the table, numbered counter-clockwise; the trainee puts the chung on a
box, names the box that receives the first stack and types the order the stacks go out, and sees each answer
drawn on the table as it is typed.

Keys: Up / Down choose what to answer (the chung, the first box, the order); digits 1-8 give a box (the order
takes them one after another); Backspace edits; Enter commits.

Before the commit nothing drawn comes from the item's key: the dice and the banker are the prompt's, the chung,
the first box and the order are the trainee's own.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from .drill_panels_keys import is_page_key

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
FELT = QColor(22, 78, 52)
TEXT = QColor(245, 240, 225)
SELECTED = QColor(255, 210, 80)
RIGHT = QColor(80, 200, 110)
WRONG = QColor(225, 70, 60)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
FIELDS = {"chung": "The chung goes on box", "first": "The first stack goes to box",
          "order": "The stacks go out to boxes"}


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


CHUNG_WORD = "chung"
CHUNG_POINTS = 7   # bold


def chung_marker(centre: QPointF) -> tuple[QRectF, QRectF]:
    """(the marker's ellipse, the rectangle its word is drawn in) around `centre`: both sized from the font's
    own measure of the word, so no letter is cut off (a fixed 32-unit box printed "chunc"). The ellipse
    holds the word's whole box: an ellipse through the corners of a w x h box has semi-axes w/√2, h/√2."""
    metrics = QFontMetricsF(_font(CHUNG_POINTS, True))
    width, height = metrics.horizontalAdvance(CHUNG_WORD) + 2, metrics.height()
    words = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
    rx, ry = width / math.sqrt(2) + 1, height / math.sqrt(2) + 1
    return QRectF(centre.x() - rx, centre.y() - ry, 2 * rx, 2 * ry), words


def paint_die(p: QPainter, rect: QRectF, value: int) -> None:
    p.setPen(QPen(QColor(60, 60, 60), 1.5))
    p.setBrush(QColor(250, 250, 245))
    p.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(200, 20, 30) if value in (1, 4) else QColor(20, 20, 20))
    step = rect.width() / 4
    for column, row in PIPS[value]:
        p.drawEllipse(QPointF(rect.left() + step * (column + 1), rect.top() + step * (row + 1)), step * 0.42,
                      step * 0.42)


class DeliveryPanel(QWidget):
    answered = Signal(object)
    shows_question = True
    KEYS = ("Keys: Up/Down choose the chung, the first box or the order; digits 1-8 give a box (the order takes "
            "them one after another); Backspace edits; Enter commits.")
    DESIGN = QSize(720, 420)

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.values: dict = {}
        self.field = 0
        self.message = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(self.KEYS)
        self.setMinimumSize(560, 330)

    def sizeHint(self) -> QSize:
        return self.DESIGN

    @property
    def asks(self) -> list[str]:
        return self.item.prompt["asks"] if self.item else []

    def show_item(self, item) -> None:
        self.item, self.grade = item, None
        self.values = {field: ([] if field == "order" else None) for field in item.prompt["asks"]}
        self.field, self.message = 0, ""
        self.update()
        self.setFocus()

    def keyPressEvent(self, event) -> None:
        if self.item is None or self.grade is not None:
            return super().keyPressEvent(event)
        key, text = event.key(), event.text()
        name = self.asks[self.field]
        if key == Qt.Key.Key_Up:
            self.field = (self.field - 1) % len(self.asks)
        elif key == Qt.Key.Key_Down:
            self.field = (self.field + 1) % len(self.asks)
        elif text and text in "12345678" and len(text) == 1:
            self.message = ""
            if name == "order":
                if len(self.values["order"]) >= 8:
                    self.message = f"“{text}” is refused: the order already lists 8 boxes (Backspace corrects)."
                elif int(text) in self.values["order"]:
                    self.message = f"“{text}” is refused: box {text} is already in the order."
                else:
                    self.values["order"].append(int(text))
            else:
                self.values[name] = int(text)
                self.field = min(self.field + 1, len(self.asks) - 1)
        elif text and text.isprintable() and not is_page_key(event) and key not in ENTER_KEYS:
            # Said, never dropped quietly.
            self.message = f"“{text}” is not a box: the boxes are numbered 1 to 8."
        elif key == Qt.Key.Key_Backspace:
            if name == "order":
                self.values["order"] = self.values["order"][:-1]
            else:
                self.values[name] = None
        elif key in ENTER_KEYS:
            self._commit()
        else:
            return super().keyPressEvent(event)
        self.update()

    def answer(self):
        missing = [FIELDS[f].lower() for f in self.asks
                   if self.values[f] is None or (f == "order" and len(self.values[f]) != 8)]
        if missing:
            self.message = "Still to give: " + "; ".join(missing) + "."
            return None
        return {field: (list(value) if isinstance(value, list) else value) for field, value in self.values.items()}

    def _commit(self) -> None:
        answer = self.answer()
        if answer is not None:
            self.message = ""
            self.answered.emit(answer)

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        self.update()

    # -- drawing -------------------------------------------------------------------------------------------
    def _box_centre(self, box: int) -> QPointF:
        # The boxes along the players' side of the table, box 1 at the left: seen from above with the dealer
        # at the top, the numbers rise counter-clockwise along the near side.
        t = (box - 1) / 7
        return QPointF(90 + t * 540, 226 + 84 * math.sin(math.pi * t))

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), FELT.darker(130))
        scale = min(self.width() / self.DESIGN.width(), self.height() / self.DESIGN.height())
        p.translate((self.width() - self.DESIGN.width() * scale) / 2,
                    (self.height() - self.DESIGN.height() * scale) / 2)
        p.scale(scale, scale)
        p.fillRect(QRectF(0, 0, self.DESIGN.width(), self.DESIGN.height()), FELT)
        if self.item is not None:
            self._paint_table(p)
        p.end()

    def _paint_table(self, p: QPainter) -> None:
        prompt = self.item.prompt
        p.setPen(TEXT)
        p.setFont(_font(10, True))
        p.drawText(QRectF(10, 6, 700, 20), Qt.AlignmentFlag.AlignLeft, prompt["situation"])
        for i, value in enumerate(prompt["dice"]):   # the dice, in the dealer's area
            paint_die(p, QRectF(300 + i * 44, 34, 36, 36), value)
        p.setFont(_font(8))
        p.setPen(TEXT)
        p.drawText(QRectF(260, 72, 200, 16), Qt.AlignmentFlag.AlignCenter, "the dice, in the dealer's area")
        key = self.item.key if self.grade is not None else None
        chung, first = self.values.get("chung"), self.values.get("first")
        order = self.values.get("order", [])
        for box in range(1, 9):
            centre = self._box_centre(box)
            rect = QRectF(centre.x() - 32, centre.y() - 22, 64, 44)
            outline = TEXT.darker(140)
            if key is not None and box == key["first"]:
                outline = RIGHT
            p.setPen(QPen(outline, 2.5))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRoundedRect(rect, 8, 8)
            p.setPen(TEXT)
            p.setFont(_font(14, True))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(box))
            if chung == box:
                self._paint_chung(p, QPointF(rect.center().x(), rect.top() - 12), SELECTED)
            if key is not None and key["chung"] == box and chung != box:
                self._paint_chung(p, QPointF(rect.center().x(), rect.top() - 12), RIGHT)
            if first == box:
                p.setPen(SELECTED)
                p.setFont(_font(9, True))
                p.drawText(QRectF(rect.left(), rect.bottom() + 2, rect.width(), 16), Qt.AlignmentFlag.AlignCenter,
                           "1st stack")
            if box in order:
                p.setPen(SELECTED)
                p.setFont(_font(9, True))
                places = ", ".join(str(i + 1) for i, b in enumerate(order) if b == box)
                p.drawText(QRectF(rect.left(), rect.bottom() + 16, rect.width(), 16), Qt.AlignmentFlag.AlignCenter,
                           f"#{places}")
        p.setFont(_font(8))
        p.setPen(TEXT.darker(120))
        p.drawText(QRectF(210, 200, 300, 16), Qt.AlignmentFlag.AlignCenter,
                   "counter-clockwise: box numbers rise →")
        self._paint_fields(p, key)

    @staticmethod
    def _paint_chung(p: QPainter, centre: QPointF, colour: QColor) -> None:
        marker, words = chung_marker(centre)
        p.setPen(QPen(QColor(40, 30, 10), 1.5))
        p.setBrush(colour)
        p.drawEllipse(marker)
        p.setFont(_font(CHUNG_POINTS, True))
        p.setPen(QColor(40, 30, 10))
        p.drawText(words, Qt.AlignmentFlag.AlignCenter, CHUNG_WORD)

    def _paint_fields(self, p: QPainter, key) -> None:
        top = 96
        for i, name in enumerate(self.asks):
            value = self.values[name]
            words = ", ".join(map(str, value)) if name == "order" else (str(value) if value else "")
            selected = i == self.field and self.grade is None
            p.setPen(SELECTED if selected else TEXT)
            p.setFont(_font(10, selected))
            line = f"{'▶ ' if selected else '   '}{FIELDS[name]}: {words or '_'}"
            if key is not None:
                right = key[name]
                ok = right == value
                line += "   ✓" if ok else f"   right: {', '.join(map(str, right)) if name == 'order' else right}"
                p.setPen(RIGHT if ok else WRONG)
            p.drawText(QRectF(130, top + i * 20, 560, 18), Qt.AlignmentFlag.AlignLeft, line)
        if self.message:
            p.setPen(SELECTED)
            p.setFont(_font(9))
            p.drawText(QRectF(10, 392, 700, 16), Qt.AlignmentFlag.AlignLeft, self.message)
        else:
            p.setPen(TEXT.darker(130))
            p.setFont(_font(8))
            p.drawText(QRectF(10, 392, 700, 26), Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, self.KEYS)
