"""Chips as every table draws them: a coloured disc with edge inserts and its value printed on a light inlay,
so a chip is readable without telling colours apart. A stack's label says how many chips of which value,
or its total when the values differ (chip_labels places it clear of everything else on the layout).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealerdrill.domain import format_money

# Common casino colours by value; other values get a colour from the spare list by their position.
CHIP_COLOURS = {
    1: "#f4f1e8", 2: "#f0a8c8", 5: "#c8202a", 10: "#1f5fbf", 20: "#e8d24a", 25: "#17884a",
    50: "#e07a1f", 100: "#1b1b1b", 250: "#d9579b", 500: "#6a2c91", 1000: "#e6b422", 5000: "#7b4a2a",
}
SPARE_COLOURS = ("#2aa6a6", "#8a8f25", "#a33f3f", "#3a4ca8", "#5c7d2b", "#946b9e")
STACK_STEP = 0.16        # each chip in a stack of one value sits this many radii above the one below
MIXED_STACK_STEP = 0.34  # ... and in a stack of several values, so each chip's colour shows
MAX_DRAWN_CHIPS = 8      # a taller stack is drawn as its top eight; its label still counts them all


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


def stack_step(values: list[int]) -> float:
    """How far (in radii) each chip of a stack sits above the one below it. A stack of one value only needs
    its rims to show; a stack of several values steps wider, so the colour of every chip can be read."""
    return STACK_STEP if len(set(values)) <= 1 else MIXED_STACK_STEP


def stack_chip_centres(centre: QPointF, radius: float, values: list[int]) -> list[QPointF]:
    """Where each drawn chip of a stack sits, bottom chip first: the stack rises up the picture, its base on
    `centre`'s lower side, the way a stack looks from the players' side of the table."""
    visible = values[-MAX_DRAWN_CHIPS:]
    step = radius * stack_step(values)
    lift = (len(visible) - 1) * step / 2
    return [QPointF(centre.x(), centre.y() + lift - i * step) for i in range(len(visible))]


def stack_bounds(centre: QPointF, radius: float, values: list[int]) -> QRectF:
    """The rectangle a stack covers (its chips and their shadow)."""
    centres = stack_chip_centres(centre, radius, values) or [centre]
    top = min(c.y() for c in centres) - radius
    bottom = max(c.y() for c in centres) + radius * 1.12
    return QRectF(centre.x() - radius, top, radius * 2.08, bottom - top)


def stack_label(values: list[int]) -> str | None:
    """What a stack's label says, or None when the chip face says it all (one chip).

    Chips of one value read as a count of that value ("2 × $5"), never as a count beside a total; a stack of
    several values reads as its total ("$125") and its chips show one by one (see stack_step)."""
    if len(values) <= 1:
        return None
    if len(set(values)) == 1:
        return f"{len(values)} × {format_money(values[0])}"
    return format_money(sum(values))


def stack_words(values: list[int]) -> str:
    """A stack in full, for a tooltip or the status bar: "3 × $5 = $15", "$100 + $25 = $125"."""
    if not values:
        return "no chips"
    if len(values) == 1:
        return f"one {format_money(values[0])} chip"
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    parts = [f"{n} × {format_money(v)}" if n > 1 else format_money(v)
             for v, n in sorted(counts.items(), reverse=True)]
    return f"{' + '.join(parts)} = {format_money(sum(values))}"


def paint_stack(painter: QPainter, centre: QPointF, radius: float, values: list[int]) -> None:
    """A stack of chips (bottom first) on `centre`; its label is placed and drawn by the caller, who knows
    what else lies around it (chip_labels)."""
    for chip_centre, value in zip(stack_chip_centres(centre, radius, values), values[-MAX_DRAWN_CHIPS:]):
        paint_chip(painter, chip_centre, radius, value)


def badge_font(height: float) -> QFont:
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(1, int(round(height * 0.72))))
    return font


def badge_size(height: float, text: str) -> QSizeF:
    """The size of a badge of this height with this text (in the painter's units)."""
    width = QFontMetricsF(badge_font(height)).horizontalAdvance(text) + height * 0.9
    return QSizeF(width, height)


BADGE_EDGE = "#ffd54a"


def paint_badge_in(painter: QPainter, box: QRectF, text: str, edge: QColor | None = None) -> None:
    """A small dark label with light text filling `box` (see badge_size), edged in `edge` (gold by default)."""
    edge = edge if edge is not None else QColor(BADGE_EDGE)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(badge_font(box.height()))
    painter.setPen(QPen(edge, max(box.height() * 0.08, 0.5)))
    painter.setBrush(QColor(20, 20, 20, 235))
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
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
