"""The roulette layout as a widget: felt, number boxes, outside boxes, chips, the dolly and highlights.

It knows places, not rules: a click reports the position's key (the numbers or outside box under the
pointer, see roulette_geometry) and the table asks the engine what wager that is. Colours of the numbers
are given by the caller (from the engine) so the drawing never decides which numbers are red.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QSizePolicy, QWidget

from . import roulette_geometry as geo
from .chips import paint_stack

FELT = QColor("#0b6a3a")
FELT_DARK = QColor("#07472a")
ZERO_GREEN = QColor("#13a155")
NUMBER_RED = QColor("#c3162b")
NUMBER_BLACK = QColor("#141414")
LINE = QColor("#f2e6c4")
GOLD = QColor("#ffd54a")
CHIP_RADIUS = 17.0  # layout units; a chip is a little over half a box wide, as on a real table

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
        self.update()

    def set_stacks(self, stacks: dict[Key, list[int]]) -> None:
        self._stacks = {k: list(v) for k, v in stacks.items() if v}
        self.update()

    def set_result(self, number: int | None, winning_keys=()) -> None:
        """Mark the winning number with the dolly and light the positions that won (None clears both)."""
        self._dolly = number
        self._winning_keys = set(winning_keys) if number is not None else set()
        self.update()

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
        self._paint_dolly(painter)
        self._paint_cursor(painter)
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

    def _paint_outside(self, painter: QPainter) -> None:
        text_font = QFont("DejaVu Sans")
        text_font.setBold(True)
        for name in ("column1", "column2", "column3", "dozen1", "dozen2", "dozen3", *geo.EVEN_MONEY_ORDER):
            box = geo.outside_rect(name)
            rect = QRectF(box.left, box.top, box.width, box.height)
            painter.setPen(self._line_pen())
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect)
            if name in ("red", "black"):
                self._paint_diamond(painter, rect, NUMBER_RED if name == "red" else NUMBER_BLACK)
                continue
            text = "2 to 1" if name.startswith("column") else geo.DOZEN_TEXT.get(name) or geo.EVEN_MONEY_TEXT[name]
            text_font.setPixelSize(17 if name.startswith("column") else 19)
            painter.setFont(text_font)
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
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(255, 213, 74, 150))
                x, y = position.spot
                painter.drawEllipse(QPointF(x, y), 7, 7)
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

    def _paint_chips(self, painter: QPainter) -> None:
        # Boxes first, then lines, then crossings, so a chip on a line is never hidden under a box's chip.
        for position in sorted(self._positions, key=lambda p: -p.layer):
            values = self._stacks.get(position.key)
            if values:
                x, y = position.spot
                paint_stack(painter, QPointF(x, y), CHIP_RADIUS, values)

    def _paint_dolly(self, painter: QPainter) -> None:
        if self._dolly is None:
            return
        box = geo.zero_rect() if self._dolly == 0 else geo.cell_rect(self._dolly)
        # The dolly sits in the upper part of the box so the straight-up chips stay visible.
        x, y = box.right - 15, box.top + 20  # in the corner, so the number stays readable
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
