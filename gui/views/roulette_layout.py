"""The roulette layout as a widget: felt, number boxes, outside boxes, chips, the dolly and highlights.

It knows places, not rules: a click reports the position's key (the numbers or outside box under the
pointer, see roulette_geometry) and the table asks the engine what wager that is. Colours of the numbers
are given by the caller (from the engine) so the drawing never decides which numbers are red.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from dealerdrill.core import InvalidWager, roulette

from . import roulette_geometry as geo
from .chip_labels import LabelRequest, PlacedLabel, place_labels
from .chips import badge_size, paint_badge_in, paint_stack, stack_bounds, stack_label, stack_words

FELT = QColor("#0b6a3a")
FELT_DARK = QColor("#07472a")
ZERO_GREEN = QColor("#13a155")
NUMBER_RED = QColor("#c3162b")
NUMBER_BLACK = QColor("#141414")
LINE = QColor("#f2e6c4")
GOLD = QColor("#ffd54a")
CHIP_RADIUS = 17.0  # layout units; a chip is a little over half a box wide, as on a real table
LIT_RING_RADIUS = CHIP_RADIUS + 5  # a winning line or crossing: the ring shows outside its chip
LABEL_HEIGHT = 14.0  # layout units: a stack's label, readable at the laptop size of the layout
CHIP_LABEL_EDGE = QColor("#ffd54a")

Key = tuple[int, ...] | str


class RouletteLayoutView(QWidget):
    """Signals carry a position key: a sorted tuple of numbers, or an outside box name."""

    positionActivated = Signal(object)  # left click: place a chip
    positionRemoved = Signal(object)    # right click: take a chip back
    focusMoved = Signal(object)

    def __init__(self, colours: dict[int, str], first_four: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self._colours = dict(colours)  # number -> "red" / "black" / "green"
        self._positions = geo.layout_positions(first_four)
        self._by_key = {p.key: p for p in self._positions}
        self._stacks: dict[Key, list[int]] = {}
        self._winning_keys: set[Key] = set()
        self._dolly: int | None = None
        self._focus_key: Key | None = None
        self._hover_key: Key | None = None
        self._labels: list[PlacedLabel] = []
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(int(geo.WIDTH * 0.5), int(geo.HEIGHT * 0.5))
        self.setAccessibleName("Roulette layout")

    # --- state set by the table -------------------------------------------------------------------------
    def positions(self) -> list[geo.Position]:
        return list(self._positions)

    def set_first_four(self, offered: bool) -> None:
        self._positions = geo.layout_positions(offered)
        self._by_key = {p.key: p for p in self._positions}
        self._stacks = {k: v for k, v in self._stacks.items() if k in self._by_key}
        if self._focus_key not in self._by_key:
            self._focus_key = None
        self._place_labels()

    def set_stacks(self, stacks: dict[Key, list[int]]) -> None:
        self._stacks = {k: list(v) for k, v in stacks.items() if v}
        self._place_labels()

    def set_result(self, number: int | None, winning_keys=()) -> None:
        """Mark the winning number with the dolly and light the positions that won (None clears both)."""
        self._dolly = number
        self._winning_keys = set(winning_keys) if number is not None else set()
        self._place_labels()

    def dolly(self) -> int | None:
        return self._dolly

    def winning_keys(self) -> set[Key]:
        return set(self._winning_keys)

    def focused_key(self) -> Key | None:
        return self._focus_key

    def set_focused_key(self, key: Key | None) -> None:
        self._focus_key = key if key in self._by_key else None
        self.update()
        self.focusMoved.emit(self._focus_key)

    def move_focus(self, dx: int, dy: int) -> Key:
        current = self._by_key.get(self._focus_key)
        target = geo.neighbour(self._positions, current, dx, dy)
        self.set_focused_key(target.key)
        return target.key

    # --- labels -----------------------------------------------------------------------------------------
    def chip_labels(self) -> list[PlacedLabel]:
        """Every label on the layout (stack labels, then notes), in layout units, as drawn."""
        return list(self._labels)

    def stack_rect(self, key: Key) -> QRectF:
        x, y = self._by_key[key].spot
        return stack_bounds(QPointF(x, y), CHIP_RADIUS, self._stacks[key])

    def dolly_rect(self) -> QRectF | None:
        if self._dolly is None:
            return None
        x, y = self._dolly_place()
        return QRectF(x - 10, y - 17.5, 20, 30)

    def text_rects(self) -> list[QRectF]:
        """Where the numbers and the outside boxes' words are printed: no label may cover them."""
        rects = []
        numbers = QFontMetricsF(self._number_font(24))
        for n in range(1, 37):
            box = geo.cell_rect(n)
            rects.append(self._centred(numbers.tightBoundingRect(str(n)), QRectF(box.left, box.top, box.width,
                                                                                  box.height)))
        zero = geo.zero_rect()
        rects.append(self._centred(QFontMetricsF(self._number_font(30)).tightBoundingRect("0"),
                                   QRectF(zero.left + 8, zero.top, zero.width - 8, zero.height)))
        for name in ("column1", "column2", "column3", "dozen1", "dozen2", "dozen3", *geo.EVEN_MONEY_ORDER):
            box = geo.outside_rect(name)
            rect = QRectF(box.left, box.top, box.width, box.height)
            if name in ("red", "black"):
                c, w, h = rect.center(), rect.width() * 0.32, rect.height() * 0.34
                rects.append(QRectF(c.x() - w, c.y() - h, 2 * w, 2 * h))
                continue
            metrics = QFontMetricsF(self._outside_font(name))
            rects.append(self._centred(metrics.tightBoundingRect(self._outside_text(name)), rect))
        return rects

    @staticmethod
    def _centred(text: QRectF, box: QRectF) -> QRectF:
        return QRectF(box.center().x() - text.width() / 2, box.center().y() - text.height() / 2,
                      text.width(), text.height())

    def _label_requests(self) -> list[LabelRequest]:
        """A label for every stack of more than one chip (the chip face says what a single chip is)."""
        requests = []
        for position in self._positions_in_paint_order():
            values = self._stacks.get(position.key)
            text = stack_label(values) if values else None
            if text:
                requests.append(LabelRequest(position.key, text, badge_size(LABEL_HEIGHT, text),
                                             self.stack_rect(position.key), CHIP_LABEL_EDGE))
        return requests

    def anchor_rect(self, key: Key) -> QRectF:
        """The stack on a position, or the chip-sized place where one would sit."""
        if key in self._stacks:
            return self.stack_rect(key)
        x, y = self._by_key[key].spot
        return QRectF(x - CHIP_RADIUS, y - CHIP_RADIUS, 2 * CHIP_RADIUS, 2 * CHIP_RADIUS)

    def _place_labels(self) -> None:
        requests = self._label_requests()
        stacked = {r.key for r in requests}
        # Single chips carry no label, but their discs must stay uncovered all the same.
        obstacles = [*self.text_rects(), *(self.stack_rect(k) for k in self._stacks if k not in stacked)]
        # The dolly and the winning number stay in sight: no label on them, and no leader line across them.
        in_sight = [rect for rect in (self.dolly_rect(), self.winning_number_rect()) if rect is not None]
        self._labels = place_labels(requests, obstacles, QRectF(4, 4, geo.WIDTH - 8, geo.HEIGHT - 8), in_sight)
        self.update()

    def winning_number_rect(self) -> QRectF | None:
        """Where the winning number (the dolly's) is printed, or None with no dolly."""
        if self._dolly is None:
            return None
        texts = self.text_rects()
        return texts[36] if self._dolly == 0 else texts[self._dolly - 1]

    def wager_text(self, key: Key) -> str:
        """The wager on a position in words: its name (the engine's) and its chips."""
        try:
            name = roulette.classify(key, any(p.key == (0, 1, 2, 3) for p in self._positions)).name
        except InvalidWager:
            name = str(key)
        name = name[:1].upper() + name[1:]
        values = self._stacks.get(key)
        return f"{name}: {stack_words(values)}" if values else f"{name}: no chips"

    # --- geometry ---------------------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(int(geo.WIDTH), int(geo.HEIGHT))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return int(width * geo.HEIGHT / geo.WIDTH)

    def layout_transform(self) -> QTransform:
        """Layout units -> widget pixels: scaled to fit, centred, aspect kept."""
        scale = min(self.width() / geo.WIDTH, self.height() / geo.HEIGHT)
        dx = (self.width() - geo.WIDTH * scale) / 2
        dy = (self.height() - geo.HEIGHT * scale) / 2
        return QTransform(scale, 0, 0, scale, dx, dy)

    def spot_in_widget(self, key: Key) -> QPointF:
        """Where the chip for `key` sits, in widget pixels (used by the keyboard cursor and by tests)."""
        x, y = self._by_key[key].spot
        return self.layout_transform().map(QPointF(x, y))

    def key_at(self, point: QPointF) -> Key | None:
        inverse, _ = self.layout_transform().inverted()
        p = inverse.map(point)
        found = geo.position_at(self._positions, p.x(), p.y())
        return found.key if found else None

    # --- input ------------------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        key = self.key_at(event.position())
        if key is None:
            return super().mousePressEvent(event)
        self.set_focused_key(key)
        if event.button() == Qt.MouseButton.LeftButton:
            self.positionActivated.emit(key)
        elif event.button() == Qt.MouseButton.RightButton:
            self.positionRemoved.emit(key)

    def mouseMoveEvent(self, event) -> None:
        key = self.key_at(event.position())
        if key != self._hover_key:
            self._hover_key = key
            self.update()

    def event(self, event) -> bool:
        # Hovering a stack shows its wager in words.
        if event.type() == QEvent.Type.ToolTip:
            key = self.key_at(QPointF(event.pos()))
            if key in self._stacks:
                QToolTip.showText(event.globalPos(), self.wager_text(key), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def leaveEvent(self, _event) -> None:
        self._hover_key = None
        self.update()

    # --- drawing ----------------------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), FELT_DARK)
        painter.setTransform(self.layout_transform())
        self._paint_felt(painter)
        self._paint_numbers(painter)
        self._paint_outside(painter)
        self._paint_highlights(painter)
        self._paint_chips(painter)
        self._paint_cursor(painter)
        self._paint_labels(painter)
        self._paint_dolly(painter)   # last: it stands on the chips, and nothing drawn is ever above it
        painter.end()

    def _paint_felt(self, painter: QPainter) -> None:
        felt = QRectF(0, 0, geo.WIDTH, geo.HEIGHT)
        gradient = QLinearGradient(felt.topLeft(), felt.bottomRight())
        gradient.setColorAt(0, FELT.lighter(112))
        gradient.setColorAt(1, FELT)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(gradient)
        painter.drawRoundedRect(felt, 14, 14)

    def _line_pen(self, width: float = 2.2) -> QPen:
        pen = QPen(LINE, width)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        return pen

    def _number_font(self, size: float) -> QFont:
        font = QFont("DejaVu Serif")
        font.setBold(True)
        font.setPixelSize(int(size))
        return font

    def _zero_shape(self) -> QPolygonF:
        box = geo.zero_rect()
        # The zero box comes to a blunt point at the head of the layout, as on casino felts.
        return QPolygonF([QPointF(box.right, box.top), QPointF(box.left + 22, box.top),
                          QPointF(box.left, box.top + box.height / 2), QPointF(box.left + 22, box.bottom),
                          QPointF(box.right, box.bottom)])

    def _paint_numbers(self, painter: QPainter) -> None:
        painter.setPen(self._line_pen())
        painter.setBrush(ZERO_GREEN)
        painter.drawPolygon(self._zero_shape())
        zero = geo.zero_rect()
        painter.setFont(self._number_font(30))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(QRectF(zero.left + 8, zero.top, zero.width - 8, zero.height),
                         Qt.AlignmentFlag.AlignCenter, "0")
        for n in range(1, 37):
            box = geo.cell_rect(n)
            rect = QRectF(box.left, box.top, box.width, box.height)
            fill = NUMBER_RED if self._colours.get(n) == "red" else NUMBER_BLACK
            painter.setPen(self._line_pen())
            painter.setBrush(fill)
            painter.drawRect(rect)
            painter.setFont(self._number_font(24))
            painter.setPen(QColor("#ffffff"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(n))

    @staticmethod
    def _outside_text(name: str) -> str:
        return "2 to 1" if name.startswith("column") else geo.DOZEN_TEXT.get(name) or geo.EVEN_MONEY_TEXT[name]

    @staticmethod
    def _outside_font(name: str) -> QFont:
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(17 if name.startswith("column") else 19)
        return font

    def _paint_outside(self, painter: QPainter) -> None:
        for name in ("column1", "column2", "column3", "dozen1", "dozen2", "dozen3", *geo.EVEN_MONEY_ORDER):
            box = geo.outside_rect(name)
            rect = QRectF(box.left, box.top, box.width, box.height)
            painter.setPen(self._line_pen())
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect)
            if name in ("red", "black"):
                self._paint_diamond(painter, rect, NUMBER_RED if name == "red" else NUMBER_BLACK)
                continue
            text = self._outside_text(name)
            painter.setFont(self._outside_font(name))
            painter.setPen(LINE)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_diamond(self, painter: QPainter, rect: QRectF, colour: QColor) -> None:
        c = rect.center()
        w, h = rect.width() * 0.32, rect.height() * 0.34
        painter.setPen(QPen(LINE, 1.6))
        painter.setBrush(colour)
        painter.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - h), QPointF(c.x() + w, c.y()),
                                       QPointF(c.x(), c.y() + h), QPointF(c.x() - w, c.y())]))

    def _paint_highlights(self, painter: QPainter) -> None:
        for key in self._winning_keys:
            position = self._by_key.get(key)
            if position is None:
                continue
            if position.layer == 2:
                box = position.hit
                painter.setPen(QPen(GOLD, 4))
                # Light enough that the box's own colour and number stay readable under the glow.
                painter.setBrush(QColor(255, 213, 74, 45 if position.is_inside else 70))
                painter.drawRect(QRectF(box.left + 2, box.top + 2, box.width - 4, box.height - 4))
            else:
                # A line or a crossing has no box to light, and its chip covers the spot: a gold ring wider
                # than a chip shows around the stack that won ("2 winning wagers lit" must show two).
                painter.setPen(QPen(GOLD, 5))
                painter.setBrush(QColor(255, 213, 74, 150))
                x, y = position.spot
                painter.drawEllipse(QPointF(x, y), LIT_RING_RADIUS, LIT_RING_RADIUS)
        if self._hover_key in self._by_key and self._hover_key not in self._winning_keys:
            position = self._by_key[self._hover_key]
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 60))
            x, y = position.spot
            if position.layer == 2:
                box = position.hit
                painter.drawRect(QRectF(box.left, box.top, box.width, box.height))
            else:
                painter.drawEllipse(QPointF(x, y), CHIP_RADIUS * 0.8, CHIP_RADIUS * 0.8)

    def _positions_in_paint_order(self) -> list[geo.Position]:
        # Boxes first, then lines, then crossings, so a chip on a line is never hidden under a box's chip.
        return sorted(self._positions, key=lambda p: -p.layer)

    def _paint_chips(self, painter: QPainter) -> None:
        for position in self._positions_in_paint_order():
            values = self._stacks.get(position.key)
            if values:
                x, y = position.spot
                paint_stack(painter, QPointF(x, y), CHIP_RADIUS, values)

    def _paint_labels(self, painter: QPainter) -> None:
        for label in self._labels:
            if label.leader:
                start, end = label.leader_line()
                painter.setPen(QPen(QColor(20, 20, 20, 200), 2.6))
                painter.drawLine(start, end)
                painter.setPen(QPen(label.style or CHIP_LABEL_EDGE, 1.2))
                painter.drawLine(start, end)
        for label in self._labels:
            paint_badge_in(painter, label.rect, label.text, label.style or CHIP_LABEL_EDGE)

    def _dolly_place(self) -> tuple[float, float]:
        box = geo.zero_rect() if self._dolly == 0 else geo.cell_rect(self._dolly)
        # In the box's upper corner, so the number and the straight-up chips stay readable.
        return box.right - 15, box.top + 20

    def _paint_dolly(self, painter: QPainter) -> None:
        if self._dolly is None:
            return
        x, y = self._dolly_place()
        painter.save()
        painter.setPen(QPen(QColor("#5a4a1a"), 1.5))
        body = QLinearGradient(x - 12, 0, x + 12, 0)
        body.setColorAt(0, QColor("#fff7d6"))
        body.setColorAt(0.5, QColor("#ffffff"))
        body.setColorAt(1, QColor("#d9c78a"))
        painter.setBrush(body)
        path = QPainterPath()
        path.addRoundedRect(QRectF(x - 9, y - 11, 18, 22), 4, 4)
        painter.drawPath(path)
        painter.setBrush(GOLD)
        painter.drawEllipse(QPointF(x, y - 13), 6.5, 3.5)
        painter.restore()

    def _paint_cursor(self, painter: QPainter) -> None:
        position = self._by_key.get(self._focus_key)
        if position is None:
            return
        pen = QPen(QColor("#00e5ff"), 3, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        x, y = position.spot
        if position.layer == 2:
            box = position.hit
            painter.drawRect(QRectF(box.left + 3, box.top + 3, box.width - 6, box.height - 6))
        else:
            painter.drawEllipse(QPointF(x, y), CHIP_RADIUS + 3, CHIP_RADIUS + 3)
