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
    # One closed outline (two lobes meeting in a notch, then the point), so no part of it can cancel
    # another under the fill rule and leave a band of card stock across the symbol.
    path = QPainterPath(QPointF(0.5, 0.27))
    path.cubicTo(0.5, 0.11, 0.38, 0.02, 0.26, 0.02)
    path.cubicTo(0.10, 0.02, 0.0, 0.15, 0.0, 0.32)
    path.cubicTo(0.0, 0.58, 0.30, 0.76, 0.5, 1.0)
    path.cubicTo(0.70, 0.76, 1.0, 0.58, 1.0, 0.32)
    path.cubicTo(1.0, 0.15, 0.90, 0.02, 0.74, 0.02)
    path.cubicTo(0.62, 0.02, 0.5, 0.11, 0.5, 0.27)
    path.closeSubpath()
    return path


def _union(*parts: QPainterPath) -> QPainterPath:
    """The outline covering all parts, whatever direction each was drawn in."""
    whole = QPainterPath()
    for part in parts:
        whole = whole.united(part)
    return whole


def _ellipse(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(rect)
    return path


def _polygon(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(0.5, 0.0), QPointF(0.88, 0.5), QPointF(0.5, 1.0), QPointF(0.12, 0.5),
                               QPointF(0.5, 0.0)]))
    return path


def _spade() -> QPainterPath:
    return _union(_ellipse(QRectF(0.0, 0.34, 0.54, 0.46)), _ellipse(QRectF(0.46, 0.34, 0.54, 0.46)),
                  _polygon((0.035, 0.52), (0.5, 0.0), (0.965, 0.52)),
                  _polygon((0.5, 0.6), (0.68, 1.0), (0.32, 1.0)))


def _club() -> QPainterPath:
    r = 0.25
    lobes = [_ellipse(QRectF(cx - r, cy - r, 2 * r, 2 * r)) for cx, cy in ((0.5, 0.26), (0.25, 0.58), (0.75, 0.58))]
    return _union(*lobes, _ellipse(QRectF(0.36, 0.38, 0.28, 0.28)),
                  _polygon((0.5, 0.5), (0.68, 1.0), (0.32, 1.0)))


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


SKIN = QColor(246, 214, 178)
GOLD = QColor(226, 178, 60)
COURT_BLUE = QColor(36, 70, 150)
COURT_PANEL = QColor(250, 243, 222)


def _paint_court(painter: QPainter, rect: QRectF, label: str, name: str, ink: QColor) -> None:
    """A court card: a framed, double-ended figure (the upper half drawn, then turned for the lower half).
    The king wears a crown and a beard and holds a sword, the queen a crown over long hair and holds a
    flower, the jack a feathered cap and holds a staff; robes in the suit's ink, trimmed in gold."""
    w, h = rect.width(), rect.height()
    frame = QRectF(rect.left() + 0.2 * w, rect.top() + 0.12 * h, 0.6 * w, 0.76 * h)
    painter.setPen(QPen(ink, max(0.6, 0.014 * w)))
    painter.setBrush(COURT_PANEL)
    painter.drawRect(frame)
    painter.save()
    painter.setClipRect(frame)
    for turn in (0, 180):
        painter.save()
        painter.translate(frame.center())
        painter.rotate(turn)
        # Each half in its own unit box: u across the frame (0..1), v from the frame's end (0) to its middle (1).
        painter.translate(-frame.width() / 2, -frame.height() / 2)
        painter.scale(frame.width(), frame.height() / 2)
        _paint_figure(painter, label, name, ink, line=max(0.6, 0.012 * w) / frame.width())
        painter.restore()
    painter.restore()
    # The line between the two ends (the corner indices carry the suit).
    painter.setPen(QPen(ink, max(0.6, 0.012 * w)))
    painter.drawLine(QPointF(frame.left(), frame.center().y()), QPointF(frame.right(), frame.center().y()))


def _paint_figure(p: QPainter, label: str, name: str, ink: QColor, line: float) -> None:
    """One end of a court figure in the unit box (see _paint_court)."""
    red_suit = name in ("hearts", "diamonds")
    robe = ink if red_suit else COURT_BLUE
    trim = GOLD
    # A card shows only its own suit's ink: dark red lines on red cards, black on black ones, and the
    # lips and the feather in the robe's colour.
    line_ink = ink.darker(150) if red_suit else BLACK_INK
    accent = RED_INK if red_suit else COURT_BLUE
    outline = QPen(line_ink, line)
    # What the figure holds, behind the shoulders: a sword, a flower, a staff.
    if label == "K":
        p.setPen(outline)
        p.setBrush(QColor(214, 218, 226))
        p.drawPath(_polygon((0.16, 0.16), (0.2, 0.1), (0.24, 0.16), (0.24, 0.86), (0.16, 0.86)))
        p.setBrush(trim)
        p.drawRect(QRectF(0.09, 0.82, 0.22, 0.05))
    elif label == "Q":
        p.setPen(QPen(QColor(40, 120, 50), line * 2))
        p.drawLine(QPointF(0.8, 0.9), QPointF(0.8, 0.32))
        p.setPen(outline)
        p.setBrush(ink)
        for dx, dy in ((0, -0.06), (0.05, 0), (0, 0.06), (-0.05, 0)):
            p.drawEllipse(QPointF(0.8 + dx, 0.28 + dy), 0.045, 0.04)
        p.setBrush(trim)
        p.drawEllipse(QPointF(0.8, 0.28), 0.035, 0.03)
    else:
        p.setPen(QPen(QColor(120, 80, 40), line * 2.4))
        p.drawLine(QPointF(0.82, 0.95), QPointF(0.82, 0.14))
        p.setPen(outline)
        p.setBrush(QColor(214, 218, 226))
        p.drawPath(_polygon((0.82, 0.06), (0.9, 0.2), (0.82, 0.24), (0.74, 0.2)))
    # Shoulders and robe, with a gold collar.
    p.setPen(outline)
    p.setBrush(robe)
    shoulders = QPainterPath(QPointF(0.06, 1.0))
    shoulders.cubicTo(0.06, 0.8, 0.18, 0.68, 0.38, 0.64)
    shoulders.lineTo(0.62, 0.64)
    shoulders.cubicTo(0.82, 0.68, 0.94, 0.8, 0.94, 1.0)
    shoulders.closeSubpath()
    p.drawPath(shoulders)
    p.setBrush(trim)
    p.drawPath(_polygon((0.36, 0.64), (0.5, 0.86), (0.64, 0.64), (0.58, 0.64), (0.5, 0.76), (0.42, 0.64)))
    p.setBrush(COURT_PANEL)
    p.drawPath(_polygon((0.5, 0.98), (0.47, 0.9), (0.5, 0.82), (0.53, 0.9)))
    # Hair behind the face (the queen's long, the jack's to the collar).
    hair = QColor(120, 72, 30) if label != "K" else QColor(150, 150, 150)
    if label in ("Q", "J"):
        p.setBrush(hair)
        reach = 0.74 if label == "Q" else 0.6
        p.drawPath(_polygon((0.34, 0.3), (0.66, 0.3), (0.7, reach), (0.6, reach - 0.04), (0.4, reach - 0.04),
                            (0.3, reach)))
    # The face.
    p.setBrush(SKIN)
    p.drawEllipse(QPointF(0.5, 0.44), 0.13, 0.17)
    p.setPen(Qt.NoPen)
    p.setBrush(line_ink)
    for x in (0.45, 0.55):
        p.drawEllipse(QPointF(x, 0.42), 0.014, 0.014)
    p.setPen(QPen(accent, line * 1.4))
    p.drawLine(QPointF(0.47, 0.52), QPointF(0.53, 0.52))
    p.setPen(outline)
    if label == "K":  # the king's beard
        p.setBrush(hair)
        beard = QPainterPath(QPointF(0.38, 0.47))
        beard.cubicTo(0.4, 0.66, 0.6, 0.66, 0.62, 0.47)
        beard.lineTo(0.58, 0.5)
        beard.cubicTo(0.55, 0.56, 0.45, 0.56, 0.42, 0.5)
        beard.closeSubpath()
        p.drawPath(beard)
    # Headwear: a crown for the king and the queen, a feathered cap for the jack.
    p.setBrush(trim)
    if label == "K":
        p.drawPath(_polygon((0.36, 0.3), (0.36, 0.12), (0.43, 0.2), (0.5, 0.08), (0.57, 0.2), (0.64, 0.12),
                            (0.64, 0.3)))
        p.setBrush(ink)
        p.drawEllipse(QPointF(0.5, 0.24), 0.025, 0.025)
    elif label == "Q":
        p.drawPath(_polygon((0.37, 0.3), (0.39, 0.17), (0.5, 0.22), (0.61, 0.17), (0.63, 0.3)))
        p.setBrush(ink)
        for x in (0.39, 0.5, 0.61):
            p.drawEllipse(QPointF(x, 0.17 if x != 0.5 else 0.21), 0.028, 0.025)
    else:
        p.setBrush(robe)
        p.drawPath(_polygon((0.33, 0.31), (0.36, 0.2), (0.64, 0.2), (0.68, 0.31)))
        p.setBrush(trim)
        p.drawRect(QRectF(0.34, 0.28, 0.33, 0.04))
        p.setPen(QPen(accent.lighter(130), line * 2.2))
        p.drawLine(QPointF(0.6, 0.21), QPointF(0.74, 0.08))


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
