"""Chips as every table draws them: a coloured disc with edge inserts and its value printed on a light inlay,
so a chip is readable without telling colours apart. Stacks show how many chips and their total.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealerdrill.domain import format_money

# Common casino colours by value; other values get a colour from the spare list by their position.
CHIP_COLOURS = {
    1: "#f4f1e8", 2: "#f0a8c8", 5: "#c8202a", 10: "#1f5fbf", 20: "#e8d24a", 25: "#17884a",
    50: "#e07a1f", 100: "#1b1b1b", 250: "#d9579b", 500: "#6a2c91", 1000: "#e6b422", 5000: "#7b4a2a",
}
SPARE_COLOURS = ("#2aa6a6", "#8a8f25", "#a33f3f", "#3a4ca8", "#5c7d2b", "#946b9e")
STACK_STEP = 0.16  # each chip in a stack sits this many radii above the one below


def chip_colour(value: int) -> QColor:
    if value in CHIP_COLOURS:
        return QColor(CHIP_COLOURS[value])
    return QColor(SPARE_COLOURS[hash(value) % len(SPARE_COLOURS)])


def format_chip(value: int) -> str:
    """Short text for a chip face: 5, 25, 1K, 2.5K."""
    if value >= 1000 and value % 100 == 0:
        thousands = value / 1000
        return f"{thousands:g}K"
    return str(value)


def paint_tray(painter: QPainter, tray: QRectF, values, *, limit: int = 8) -> None:
    """The dealer's chip tray as the baccarat and pai gow tables draw it: a dark well per value, each holding a
    chip in that value's own colour (the same colour as in the trainee's tray and on the layout)."""
    values = list(values)[:limit] or [1]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(20, 20, 20), 2))
    painter.setBrush(QColor(48, 40, 36))
    painter.drawRoundedRect(tray, 8, 8)
    well = tray.width() / len(values)
    radius = min(well * 0.42, tray.height() * 0.40)
    for i, value in enumerate(values):
        centre = QPointF(tray.left() + (i + 0.5) * well, tray.center().y())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(28, 22, 20))
        painter.drawRoundedRect(QRectF(centre.x() - well / 2 + 4, tray.top() + 5, well - 8, tray.height() - 10), 6, 6)
        paint_chip(painter, centre, radius, value)
    painter.restore()


def _rim_colour(base: QColor) -> QColor:
    return QColor("#c8202a") if base.lightness() > 200 else QColor("#f7f3ea")


def paint_chip(painter: QPainter, centre: QPointF, radius: float, value: int, *, highlight: bool = False) -> None:
    """One chip seen from above, `radius` in the painter's units."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    base = chip_colour(value)
    # Shadow first, so the chip lifts off the felt.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))
    painter.drawEllipse(centre + QPointF(radius * 0.08, radius * 0.12), radius, radius)
    painter.setBrush(base)
    painter.setPen(QPen(base.darker(160), max(radius * 0.05, 0.6)))
    painter.drawEllipse(centre, radius, radius)
    # Edge inserts: six light blocks around the rim, like a real clay chip.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_rim_colour(base))
    for i in range(6):
        painter.save()
        painter.translate(centre)
        painter.rotate(i * 60 + 15)
        painter.drawRect(QRectF(-radius * 0.13, -radius * 0.97, radius * 0.26, radius * 0.24))
        painter.restore()
    # The inlay carries the value in dark ink on a light ground: readable in any colour scheme.
    inlay = radius * 0.64
    painter.setBrush(QColor("#fbf8ef"))
    painter.setPen(QPen(base.darker(130), max(radius * 0.06, 0.6)))
    painter.drawEllipse(centre, inlay, inlay)
    text = format_chip(value)
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(1, int(inlay * (1.05 if len(text) <= 2 else 0.8 if len(text) == 3 else 0.62))))
    painter.setFont(font)
    painter.setPen(QColor("#1a1a1a"))
    painter.drawText(QRectF(centre.x() - inlay, centre.y() - inlay, 2 * inlay, 2 * inlay),
                     Qt.AlignmentFlag.AlignCenter, text)
    if highlight:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#ffd54a"), max(radius * 0.14, 1.0)))
        painter.drawEllipse(centre, radius * 1.12, radius * 1.12)
    painter.restore()


def paint_stack(painter: QPainter, centre: QPointF, radius: float, values: list[int], *,
                show_badge: bool = True) -> None:
    """A stack of chips (bottom first) centred on `centre`, with a badge giving the count and the total
    when there is more than one chip."""
    if not values:
        return
    visible = values[-8:]  # a tall stack is drawn as its top eight; the badge still counts them all
    for i, value in enumerate(visible):
        offset = (i - (len(visible) - 1) / 2) * radius * STACK_STEP
        paint_chip(painter, QPointF(centre.x(), centre.y() - offset), radius, value)
    if show_badge and len(values) > 1:
        paint_badge(painter, QPointF(centre.x() + radius * 0.7, centre.y() - radius * 1.05),
                    radius * 0.62, f"{len(values)}× {format_money(sum(values))}")


def paint_badge(painter: QPainter, anchor: QPointF, height: float, text: str) -> None:
    """A small dark label with light text, its left end at `anchor`."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(1, int(height * 0.72)))
    painter.setFont(font)
    width = painter.fontMetrics().horizontalAdvance(text) + height * 0.8
    box = QRectF(anchor.x(), anchor.y() - height / 2, width, height)
    painter.setPen(QPen(QColor("#ffd54a"), max(height * 0.06, 0.5)))
    painter.setBrush(QColor(20, 20, 20, 225))
    painter.drawRoundedRect(box, height / 2, height / 2)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


class ChipTray(QWidget):
    """The row of chips the trainee picks a value from; keys 1-6 pick by position (the table forwards them)."""

    valueSelected = Signal(int)

    def __init__(self, values: tuple[int, ...] = (1, 5, 25, 100), parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._values: tuple[int, ...] = ()
        self._selected = 0
        self.set_values(values)

    def sizeHint(self) -> QSize:
        return QSize(72 * max(len(self._values), 1), 78)

    def minimumSizeHint(self) -> QSize:
        return QSize(44 * max(len(self._values), 1), 60)

    def values(self) -> tuple[int, ...]:
        return self._values

    def set_values(self, values: tuple[int, ...]) -> None:
        old = self.selected_value() if self._values else None
        self._values = tuple(values)
        self._selected = self._values.index(old) if old in self._values else 0
        self.setAccessibleName("Chip tray: " + ", ".join(format_money(v) for v in self._values))
        self.updateGeometry()
        self.update()

    def selected_value(self) -> int:
        return self._values[self._selected]

    def select_value(self, value: int) -> bool:
        """Select the chip of this value without announcing it (for the table's own choice, not the trainee's)."""
        if value not in self._values:
            return False
        self._selected = self._values.index(value)
        self.update()
        return True

    def select_index(self, index: int) -> bool:
        if not 0 <= index < len(self._values):
            return False
        self._selected = index
        self.update()
        self.valueSelected.emit(self._values[index])
        return True

    def _slot(self, index: int) -> tuple[QPointF, float]:
        width = self.width() / max(len(self._values), 1)
        radius = min(width * 0.4, self.height() * 0.33)
        return QPointF(width * (index + 0.5), self.height() * 0.45), radius

    def mousePressEvent(self, event) -> None:
        for i in range(len(self._values)):
            centre, radius = self._slot(i)
            if (event.position() - centre).manhattanLength() <= radius * 1.4:
                self.select_index(i)
                return
        super().mousePressEvent(event)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont("DejaVu Sans")
        for i, value in enumerate(self._values):
            centre, radius = self._slot(i)
            chosen = i == self._selected
            if chosen:
                centre = centre - QPointF(0, radius * 0.08)
            paint_chip(painter, centre, radius, value, highlight=chosen)
            font.setPixelSize(max(1, int(radius * 0.42)))
            font.setBold(chosen)
            painter.setFont(font)
            painter.setPen(QColor("#ffd54a") if chosen else QColor("#e8f0e8"))
            label = QRectF(centre.x() - radius * 1.5, self.height() - radius * 0.62, radius * 3, radius * 0.6)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, f"key {i + 1}")
        painter.end()
