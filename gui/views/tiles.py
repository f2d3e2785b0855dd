"""Chinese domino (pai gow) tiles drawn with QPainter.

A tile is a long slab with two square-ish halves and no dividing bar; each half carries 1 to 6 pips.

How the pips are coloured and placed follows the descriptions of real sets in:
- Stewart Culin, "Chinese Games with Dice and Dominoes" (Report of the U.S. National Museum, 1893, p.509-510):
  the one and four marks, and alternate threes of the sixes on the double six, are painted red, the other
  marks black or white according to the material;
- Joe Celko's article on Chinese dominoes (as published on pagat.com): ones and fours always red, following
  Chinese dice; the double six shows three red and three white pips in each half; twos are two spots side
  by side at the far end of the half; threes run on a diagonal; some sets give the one a large spot.
So, on this project's tiles: every pip of a 1 or 4 half is red; the 1 is drawn as a larger spot (as on
Chinese dice, and most visibly on the Day, 1-1); on the Teen (6-6) each six has one column of three red
pips and one of three dark; sixes on every other tile, and all 2s, 3s and 5s, are dark. The tile body is
ivory (old bone/ivory sets, white with black and red pips) by default; `style="ebony"` gives the black
casino tile with white and red pips. A face-down tile shows a plain back with an engraved border: no spot
on it can be mistaken for a pip. The 3-3 (Chong) is drawn with diagonal threes like every other three;
some sets draw it in three rows of two instead.

Which tile is which, its name and rank always come from the engine (dealerdrill.core.paigow); this module
only draws the face it is given.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter, QPen, QPixmap, QRadialGradient

# Height : width of a casino pai gow tile (about 2.4 in x 1.1 in).
TILE_ASPECT = 2.2

PIP_RED = QColor(206, 28, 36)
IVORY = QColor(246, 238, 214)
IVORY_EDGE = QColor(196, 182, 150)
EBONY = QColor(28, 26, 26)
STYLES = {
    # style: (body, edge, dark pip, back)
    "ivory": (IVORY, IVORY_EDGE, QColor(22, 22, 26), QColor(214, 196, 160)),
    "ebony": (EBONY, QColor(70, 66, 60), QColor(244, 242, 236), QColor(36, 32, 30)),
}

# Pip centres inside one half: x across the tile (0..1), y from the half's outer end (0) towards the middle
# of the tile (1). The lower half is mirrored so both halves read from their own end.
_HALF_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.52)],
    2: [(0.28, 0.30), (0.72, 0.30)],
    3: [(0.25, 0.22), (0.5, 0.52), (0.75, 0.82)],
    4: [(0.28, 0.26), (0.72, 0.26), (0.28, 0.76), (0.72, 0.76)],
    5: [(0.25, 0.22), (0.75, 0.22), (0.5, 0.52), (0.25, 0.82), (0.75, 0.82)],
    6: [(0.28, 0.18), (0.72, 0.18), (0.28, 0.52), (0.72, 0.52), (0.28, 0.86), (0.72, 0.86)],
}
_PIP_RADIUS = {1: 0.20, 2: 0.105, 3: 0.105, 4: 0.115, 5: 0.105, 6: 0.10}


def parse_face(face) -> tuple[int, int]:
    """'1-3' (or a pair of ints) as (upper half, lower half) pip counts."""
    if isinstance(face, str):
        parts = face.strip().split("-")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{face!r} is not a tile face like '1-3'")
        a, b = int(parts[0]), int(parts[1])
    else:
        a, b = face
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(f"{face!r} is not a tile face: each half has 1 to 6 pips")
    return a, b


def pip_is_red(half: int, other_half: int, column: int) -> bool:
    """The colour convention described in the module docstring; `column` is 0 (left) or 1 (right)."""
    if half in (1, 4):
        return True
    if half == 6 and other_half == 6:
        return column == 0
    return False


@dataclass(frozen=True)
class Pip:
    centre: QPointF
    radius: float
    red: bool
    half: int  # 0 = upper half, 1 = lower half


def face_rect(rect: QRectF) -> QRectF:
    """The top surface of a tile drawn in `rect` (the rest is the visible thickness at the bottom)."""
    thickness = 0.07 * rect.width()
    return QRectF(rect.left(), rect.top(), rect.width(), rect.height() - thickness)


def pips(face, rect: QRectF) -> list[Pip]:
    """Every pip of an upright tile drawn in `rect`: where it is, how big, and whether it is red."""
    a, b = parse_face(face)
    top = face_rect(rect)
    margin = 0.08 * top.width()
    inner = top.adjusted(margin, margin, -margin, -margin)
    half_height = inner.height() / 2
    spots = []
    for half_index, (count, other) in enumerate(((a, b), (b, a))):
        for x, y in _HALF_LAYOUTS[count]:
            px = inner.left() + x * inner.width()
            if half_index == 0:
                py = inner.top() + y * half_height * 0.94
            else:
                py = inner.bottom() - y * half_height * 0.94
            column = 0 if x < 0.5 else 1
            spots.append(Pip(QPointF(px, py), _PIP_RADIUS[count] * inner.width(),
                             pip_is_red(count, other, column), half_index))
    return spots


def _paint_body(painter: QPainter, rect: QRectF, body: QColor, edge: QColor) -> QRectF:
    w = rect.width()
    radius = 0.14 * w
    top = face_rect(rect)
    painter.setPen(Qt.NoPen)
    # The tile's thickness shows along its lower edge, a shade darker than the face.
    painter.setBrush(body.darker(135))
    painter.drawRoundedRect(rect, radius, radius)
    gradient = QLinearGradient(top.topLeft(), top.bottomRight())
    gradient.setColorAt(0.0, body.lighter(106))
    gradient.setColorAt(1.0, body.darker(104))
    painter.setBrush(gradient)
    painter.setPen(QPen(edge, max(0.6, 0.025 * w)))
    painter.drawRoundedRect(top, radius, radius)
    return top


def paint_tile_face(painter: QPainter, rect: QRectF, face, style: str = "ivory") -> None:
    body, edge, dark_pip, _back = STYLES[style]
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    _paint_body(painter, rect, body, edge)
    for pip in pips(face, rect):
        colour = PIP_RED if pip.red else dark_pip
        # Pips are drilled and painted: a slightly darker rim suggests the hollow.
        gradient = QRadialGradient(pip.centre - QPointF(0.25 * pip.radius, 0.25 * pip.radius), pip.radius * 1.3)
        gradient.setColorAt(0.0, colour.lighter(118) if style == "ivory" else colour)
        gradient.setColorAt(0.75, colour)
        gradient.setColorAt(1.0, colour.darker(140))
        painter.setPen(Qt.NoPen)
        painter.setBrush(gradient)
        painter.drawEllipse(pip.centre, pip.radius, pip.radius)
    painter.restore()


def paint_tile_back(painter: QPainter, rect: QRectF, style: str = "ivory") -> None:
    """A face-down tile: a plain back with an engraved border, and nothing that could pass for a pip."""
    _body, edge, _dark_pip, back = STYLES[style]
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    top = _paint_body(painter, rect, back, edge)
    inset = 0.14 * top.width()
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(back.darker(125), max(0.5, 0.035 * top.width())))
    painter.drawRoundedRect(top.adjusted(inset, inset, -inset, -inset), 0.08 * top.width(), 0.08 * top.width())
    painter.restore()


def paint_tile(painter: QPainter, rect: QRectF, face=None, *, face_up: bool = True, horizontal: bool = False,
               style: str = "ivory") -> None:
    """One tile filling `rect`; a horizontal tile lies across (its first half on the left)."""
    if horizontal:
        painter.save()
        painter.translate(rect.center())
        painter.rotate(-90)
        upright = QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
        paint_tile(painter, upright, face, face_up=face_up, style=style)
        painter.restore()
        return
    if face_up:
        paint_tile_face(painter, rect, face, style)
    else:
        paint_tile_back(painter, rect, style)


def tile_image(face, width: int, *, face_up: bool = True, style: str = "ivory",
               device_pixel_ratio: float = 1.0) -> QImage:
    height = int(round(width * TILE_ASPECT))
    image = QImage(int(round(width * device_pixel_ratio)), int(round(height * device_pixel_ratio)),
                   QImage.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_pixel_ratio)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_tile(painter, QRectF(0, 0, width, height), face, face_up=face_up, style=style)
    painter.end()
    return image


def tile_pixmap(face, width: int, **kwargs) -> QPixmap:
    return QPixmap.fromImage(tile_image(face, width, **kwargs))


# --- dice (Chinese dice: the one and the four are red, the one a large spot) ---------------------------------
_DIE_LAYOUTS = {
    1: [(0.5, 0.5)],
    2: [(0.3, 0.3), (0.7, 0.7)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.3, 0.24), (0.7, 0.24), (0.3, 0.5), (0.7, 0.5), (0.3, 0.76), (0.7, 0.76)],
}


def die_spots(value: int, rect: QRectF) -> list[Pip]:
    if value not in _DIE_LAYOUTS:
        raise ValueError(f"{value!r} is not a die face (1-6)")
    radius = (0.17 if value == 1 else 0.085) * rect.width()
    return [Pip(QPointF(rect.left() + x * rect.width(), rect.top() + y * rect.height()), radius,
                value in (1, 4), 0) for x, y in _DIE_LAYOUTS[value]]


def paint_die(painter: QPainter, rect: QRectF, value: int) -> None:
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    radius = 0.2 * rect.width()
    painter.setPen(QPen(QColor(150, 140, 120), max(0.5, 0.03 * rect.width())))
    gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0, QColor(255, 253, 246))
    gradient.setColorAt(1, QColor(222, 214, 196))
    painter.setBrush(gradient)
    painter.drawRoundedRect(rect, radius, radius)
    painter.setPen(Qt.NoPen)
    for spot in die_spots(value, rect):
        painter.setBrush(PIP_RED if spot.red else QColor(24, 24, 28))
        painter.drawEllipse(spot.centre, spot.radius, spot.radius)
    painter.restore()


__all__ = [
    "PIP_RED", "Pip", "STYLES", "TILE_ASPECT", "die_spots", "paint_die", "paint_tile", "paint_tile_back",
    "paint_tile_face", "parse_face", "pip_is_red", "pips", "tile_image", "tile_pixmap",
]
