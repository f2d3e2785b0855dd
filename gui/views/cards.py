"""Playing cards drawn with QPainter: faces (corner indices, pips, court cards), backs, sideways cards.

Everything is vector drawing in the rectangle it is given, so a card is crisp at any size and any device
pixel ratio. The card's identity (rank, suit) always comes from the engine; this module only draws it.
"""
from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

# Width : height of a poker-size card (63 x 88 mm).
CARD_ASPECT = 88.0 / 63.0

RED_INK = QColor(200, 16, 32)
BLACK_INK = QColor(20, 20, 24)
CARD_STOCK = QColor(252, 251, 246)
BACK_COLOUR = QColor(150, 20, 36)

RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
# The order in which the engine numbers suits when it hands out plain ints; kept in this one place so the
# view follows the engine's numbering.
ENGINE_SUIT_ORDER = ("clubs", "diamonds", "hearts", "spades")
_SUIT_ALIASES = {
    "s": "spades", "spade": "spades", "spades": "spades", "♠": "spades",
    "h": "hearts", "heart": "hearts", "hearts": "hearts", "♥": "hearts",
    "d": "diamonds", "diamond": "diamonds", "diamonds": "diamonds", "♦": "diamonds",
    "c": "clubs", "club": "clubs", "clubs": "clubs", "♣": "clubs",
}


def suit_name(suit) -> str:
    """The suit as one of SUIT_NAMES, whatever form the engine hands it over in (Enum, str or int)."""
    if isinstance(suit, Enum):
        suit = suit.name if isinstance(suit.name, str) else suit.value
    if isinstance(suit, str):
        try:
            return _SUIT_ALIASES[suit.strip().lower()]
        except KeyError:
            raise ValueError(f"{suit!r} is not a card suit") from None
    if isinstance(suit, int) and 0 <= suit < 4:
        return ENGINE_SUIT_ORDER[suit]
    raise ValueError(f"{suit!r} is not a card suit")


def is_red(suit) -> bool:
    return suit_name(suit) in ("hearts", "diamonds")


def rank_label(rank: int) -> str:
    if not isinstance(rank, int) or not 1 <= rank <= 13:
        raise ValueError(f"{rank!r} is not a card rank (1-13)")
    return RANK_LABELS.get(rank, str(rank))


# --- suit symbols, as paths in a unit square (0..1 both ways), symbol pointing up ---------------------------

def _heart() -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)
    path.addEllipse(QRectF(0.0, 0.02, 0.54, 0.52))
    path.addEllipse(QRectF(0.46, 0.02, 0.54, 0.52))
    path.addPolygon(QPolygonF([QPointF(0.035, 0.38), QPointF(0.5, 1.0), QPointF(0.965, 0.38)]))
    return path.simplified()


def _diamond() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(0.5, 0.0), QPointF(0.88, 0.5), QPointF(0.5, 1.0), QPointF(0.12, 0.5),
                               QPointF(0.5, 0.0)]))
    return path


def _spade() -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)
    path.addEllipse(QRectF(0.0, 0.34, 0.54, 0.46))
    path.addEllipse(QRectF(0.46, 0.34, 0.54, 0.46))
    path.addPolygon(QPolygonF([QPointF(0.035, 0.52), QPointF(0.5, 0.0), QPointF(0.965, 0.52)]))
    path.addPolygon(QPolygonF([QPointF(0.5, 0.6), QPointF(0.68, 1.0), QPointF(0.32, 1.0)]))
    return path.simplified()


def _club() -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)
    r = 0.25
    for cx, cy in ((0.5, 0.26), (0.25, 0.58), (0.75, 0.58)):
        path.addEllipse(QPointF(cx, cy), r, r)
    path.addEllipse(QPointF(0.5, 0.52), 0.14, 0.14)
    path.addPolygon(QPolygonF([QPointF(0.5, 0.5), QPointF(0.68, 1.0), QPointF(0.32, 1.0)]))
    return path.simplified()


_SUIT_PATHS = {"hearts": _heart(), "diamonds": _diamond(), "spades": _spade(), "clubs": _club()}


def paint_suit(painter: QPainter, suit, center: QPointF, size: float, upside_down: bool = False) -> None:
    """A suit symbol of the given height centred on `center` (pips in the lower half of a card point down)."""
    name = suit_name(suit)
    painter.save()
    painter.translate(center)
    if upside_down:
        painter.rotate(180)
    painter.scale(size, size)
    painter.translate(-0.5, -0.5)
    painter.setPen(Qt.NoPen)
    painter.setBrush(RED_INK if name in ("hearts", "diamonds") else BLACK_INK)
    painter.drawPath(_SUIT_PATHS[name])
    painter.restore()


# --- pip layouts -------------------------------------------------------------------------------------------
# Positions inside the pip field, x across and y down, both 0..1, as on standard Anglo-American faces.
_L, _C, _R = 0.0, 0.5, 1.0
PIP_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(_C, 0.5)],
    2: [(_C, 0.0), (_C, 1.0)],
    3: [(_C, 0.0), (_C, 0.5), (_C, 1.0)],
    4: [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)],
    5: [(_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)],
    6: [(_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    7: [(_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    8: [(_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1.0), (_R, 1.0)],
    9: [(_L, 0.0), (_R, 0.0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1.0), (_R, 1.0)],
    10: [(_L, 0.0), (_R, 0.0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6),
         (_L, 1.0), (_R, 1.0)],
}


def pip_field(rect: QRectF) -> QRectF:
    """The rectangle whose corners are the centres of the outer pips (clear of the corner indices)."""
    w, h = rect.width(), rect.height()
    return QRectF(rect.left() + 0.30 * w, rect.top() + 0.20 * h, 0.40 * w, 0.60 * h)


def pip_centres(rect: QRectF, rank: int) -> list[QPointF]:
    """Where the suit pips of a number card (or the ace's single pip) sit on a face drawn in `rect`."""
    if rank not in PIP_LAYOUTS:
        return []
    field = pip_field(rect)
    return [QPointF(field.left() + x * field.width(), field.top() + y * field.height())
            for x, y in PIP_LAYOUTS[rank]]


def _font(family: str, pixel_size: float, bold: bool = True) -> QFont:
    font = QFont(family)
    font.setPixelSize(max(1, int(round(pixel_size))))
    font.setBold(bold)
    return font


def paint_card_face(painter: QPainter, rect: QRectF, rank: int, suit) -> None:
    label = rank_label(rank)
    name = suit_name(suit)
    ink = RED_INK if name in ("hearts", "diamonds") else BLACK_INK
    w, h = rect.width(), rect.height()
    radius = 0.06 * w

    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(QPen(QColor(120, 120, 120), max(0.6, 0.012 * w)))
    painter.setBrush(CARD_STOCK)
    painter.drawRoundedRect(rect, radius, radius)

    # Corner indices: rank over a small suit, top-left and (turned) bottom-right, as a dealer squeezes them.
    for corner_turn in (0, 180):
        painter.save()
        painter.translate(rect.center())
        painter.rotate(corner_turn)
        painter.translate(-w / 2, -h / 2)
        painter.setPen(ink)
        painter.setFont(_font("DejaVu Sans Condensed", 0.19 * w))
        painter.drawText(QRectF(0.01 * w, 0.02 * h, 0.22 * w, 0.15 * h), Qt.AlignHCenter | Qt.AlignVCenter, label)
        paint_suit(painter, name, QPointF(0.12 * w, 0.215 * h), 0.13 * w)
        painter.restore()

    if rank in PIP_LAYOUTS and rank != 1:
        pip_size = 0.19 * w
        field = pip_field(rect)
        for centre in pip_centres(rect, rank):
            paint_suit(painter, name, centre, pip_size, upside_down=centre.y() > field.center().y() + 1e-6)
    elif rank == 1:
        paint_suit(painter, name, rect.center(), 0.42 * w)
    else:
        _paint_court(painter, rect, label, name, ink)
    painter.restore()


def _paint_court(painter: QPainter, rect: QRectF, label: str, name: str, ink: QColor) -> None:
    """A court card: a framed panel with the letter and suit, mirrored top and bottom like a double-ended face."""
    w, h = rect.width(), rect.height()
    frame = QRectF(rect.left() + 0.24 * w, rect.top() + 0.14 * h, 0.52 * w, 0.72 * h)
    painter.setPen(QPen(ink, max(0.6, 0.018 * w)))
    gold = QColor(236, 196, 90)
    painter.setBrush(QColor(248, 238, 205))
    painter.drawRect(frame)
    painter.setPen(Qt.NoPen)
    painter.setBrush(gold)
    inner = frame.adjusted(0.05 * w, 0.04 * h, -0.05 * w, -0.04 * h)
    painter.drawRect(QRectF(inner.left(), inner.center().y() - 0.01 * h, inner.width(), 0.02 * h))
    for turn in (0, 180):
        painter.save()
        painter.translate(frame.center())
        painter.rotate(turn)
        half = QRectF(-frame.width() / 2, -frame.height() / 2, frame.width(), frame.height() / 2)
        painter.setPen(ink)
        painter.setFont(_font("DejaVu Serif", 0.30 * w))
        painter.drawText(QRectF(half.left(), half.top() + 0.02 * h, half.width(), half.height() * 0.62),
                         Qt.AlignCenter, label)
        paint_suit(painter, name, QPointF(0, half.top() + half.height() * 0.78), 0.13 * w)
        painter.restore()


def paint_card_back(painter: QPainter, rect: QRectF, colour: QColor = BACK_COLOUR) -> None:
    w = rect.width()
    radius = 0.06 * w
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(QPen(QColor(110, 110, 110), max(0.6, 0.012 * w)))
    painter.setBrush(CARD_STOCK)
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(0.07 * w, 0.07 * w, -0.07 * w, -0.07 * w)
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    # A diamond lattice, like a casino back, clipped to the panel.
    painter.setClipRect(inner)
    painter.setPen(QPen(colour.lighter(150), max(0.5, 0.015 * w)))
    step = inner.width() / 6
    x = inner.left() - inner.height()
    while x < inner.right() + inner.height():
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(x + inner.height(), inner.top()), QPointF(x, inner.bottom()))
        x += step
    painter.restore()


def paint_card(painter: QPainter, rect: QRectF, rank: int | None = None, suit=None, *, face_up: bool = True,
               sideways: bool = False) -> None:
    """Draw one card filling `rect`. A sideways card (a baccarat third card) lies turned a quarter: `rect` is
    then wider than tall and the card is drawn rotated inside it."""
    if sideways:
        painter.save()
        painter.translate(rect.center())
        painter.rotate(90)
        upright = QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
        paint_card(painter, upright, rank, suit, face_up=face_up, sideways=False)
        painter.restore()
        return
    if face_up:
        paint_card_face(painter, rect, rank, suit)
    else:
        paint_card_back(painter, rect)


def card_image(rank: int | None, suit, width: int, *, face_up: bool = True, sideways: bool = False,
               device_pixel_ratio: float = 1.0) -> QImage:
    """One card rendered on a transparent image (`width` logical pixels wide), e.g. for tests or drag icons."""
    height = int(round(width * CARD_ASPECT))
    if sideways:
        width, height = height, width
    image = QImage(int(round(width * device_pixel_ratio)), int(round(height * device_pixel_ratio)),
                   QImage.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_pixel_ratio)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_card(painter, QRectF(0, 0, width, height), rank, suit, face_up=face_up, sideways=sideways)
    painter.end()
    return image


def card_pixmap(rank: int | None, suit, width: int, **kwargs) -> QPixmap:
    return QPixmap.fromImage(card_image(rank, suit, width, **kwargs))


__all__ = [
    "CARD_ASPECT", "PIP_LAYOUTS", "RED_INK", "BLACK_INK", "card_image", "card_pixmap", "is_red", "paint_card",
    "paint_card_back", "paint_card_face", "paint_suit", "pip_centres", "rank_label", "suit_name",
]
