"""Where the labels of chip stacks (and notes about them) go on a crowded layout.

A label belongs beside its stack, but on a busy layout the nearest free place may be some way off: the
placer tries places on rings round the stack, nearest first, and takes the first one that covers no other
stack, no number or box text, no dolly and no label already placed. A label that had to move away from its
stack gets a thin leader line to it, and that line never crosses what must stay in sight (the dolly and the
winning number: an Advanced layout drew leaders across both). Pure geometry in the caller's units: no
drawing, no rules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF

RINGS = 40           # how many rings of places are tried round a stack before settling for the least overlap
RING_STEP = 0.4      # distance between rings, in label heights
DIRECTIONS = 24      # places per ring
# Directions tried first on each ring: to the right and up (the label reads after the chips), then the rest.
PREFERRED = (0.0, -math.pi / 4, math.pi / 4, -math.pi / 2, math.pi / 2, math.pi, -3 * math.pi / 4,
             3 * math.pi / 4)
LEADER_AFTER = 0     # labels beyond the first ring (not touching their stack) get a leader line


@dataclass(frozen=True)
class LabelRequest:
    key: object          # whatever the caller names the stack by
    text: str
    size: QSizeF         # the label's size
    anchor: QRectF       # the stack (or position) the label belongs to
    style: object = None  # passed through for the caller's drawing


@dataclass(frozen=True)
class PlacedLabel:
    key: object
    text: str
    rect: QRectF
    anchor: QRectF
    style: object
    leader: bool         # drawn away from its stack: join them with a line

    def leader_line(self) -> tuple[QPointF, QPointF]:
        """From the stack's edge to the label's nearest point."""
        centre = self.anchor.center()
        x = min(max(centre.x(), self.rect.left()), self.rect.right())
        y = min(max(centre.y(), self.rect.top()), self.rect.bottom())
        end = QPointF(x, y)
        dx, dy = end.x() - centre.x(), end.y() - centre.y()
        length = math.hypot(dx, dy) or 1.0
        reach = min(self.anchor.width(), self.anchor.height()) / 2
        return QPointF(centre.x() + dx / length * reach, centre.y() + dy / length * reach), end


def _edges(rect: QRectF) -> tuple[float, float, float, float]:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


def _overlap(a: tuple, b: tuple) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _candidates(request: LabelRequest):
    """Label rectangles round the anchor, ring by ring, preferred directions first on each ring."""
    anchor, size = request.anchor, request.size
    others = [2 * math.pi * i / DIRECTIONS - math.pi for i in range(DIRECTIONS)]
    angles = list(PREFERRED) + [a for a in others if min(abs(a - p) for p in PREFERRED) > 1e-6]
    gap = size.height() * 0.15
    for ring in range(RINGS):
        reach = gap + ring * RING_STEP * size.height()
        for angle in angles:
            dx, dy = math.cos(angle), math.sin(angle)
            # Place the label so its near side touches the anchor grown by `reach` in that direction.
            half_w = anchor.width() / 2 + reach + size.width() / 2
            half_h = anchor.height() / 2 + reach + size.height() / 2
            # The point on the grown box's edge in direction (dx, dy), then centre the label there.
            scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
            centre = QPointF(anchor.center().x() + dx * scale, anchor.center().y() + dy * scale)
            rect = QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height())
            yield ring, rect


def _crosses(start: QPointF, end: QPointF, box: tuple) -> bool:
    """Whether the segment from `start` to `end` passes through the box (left, top, right, bottom): the
    segment clipped to the box's slabs (Liang-Barsky) leaves something."""
    low, high = 0.0, 1.0
    delta = (end.x() - start.x(), end.y() - start.y())
    for origin, step, near, far in ((start.x(), delta[0], box[0], box[2]), (start.y(), delta[1], box[1], box[3])):
        if abs(step) < 1e-12:
            if origin <= near or origin >= far:
                return False
            continue
        t1, t2 = (near - origin) / step, (far - origin) / step
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low >= high:
            return False
    return True


def place_labels(requests: list[LabelRequest], obstacles: list[QRectF], bounds: QRectF,
                 keep_clear: list[QRectF] = ()) -> list[PlacedLabel]:
    """Place each label, in the order given, clear of `obstacles`, of every anchor and of the labels placed
    before it, inside `bounds`; when no place is clear, the one that overlaps least. Neither a label nor
    its leader line crosses `keep_clear` (the dolly, the winning number), except where nothing else fits."""
    clear_boxes = [_edges(r) for r in keep_clear]
    fixed = [_edges(r) for r in (*obstacles, *keep_clear, *(r.anchor for r in requests))]
    placed: list[PlacedLabel] = []
    inside = _edges(bounds)
    for request in requests:
        blocking = fixed + [_edges(p.rect) for p in placed]
        # Only what lies within reach of this label's rings can ever be in its way.
        reach = request.anchor.adjusted(-request.size.width() - RINGS * RING_STEP * request.size.height(),
                                        -request.size.height() * (2 + RINGS * RING_STEP),
                                        request.size.width() + RINGS * RING_STEP * request.size.height(),
                                        request.size.height() * (2 + RINGS * RING_STEP))
        near = _edges(reach)
        blocking = [b for b in blocking if _overlap(b, near) > 0]
        best = None
        for ring, rect in _candidates(request):
            edges = _edges(rect)
            if edges[0] < inside[0] or edges[1] < inside[1] or edges[2] > inside[2] or edges[3] > inside[3]:
                continue
            cost = sum(_overlap(edges, other) for other in blocking)
            if cost == 0 and ring > LEADER_AFTER and clear_boxes:
                # A clear place whose leader would cross the dolly or the winning number is no clear place: it
                # counts as much as a label on them (only the clear candidates are checked: the search stops at
                # the first one, and the rest is a last resort).
                start, end = PlacedLabel(request.key, request.text, rect, request.anchor, None, True).leader_line()
                cost = sum(_overlap(box, box) for box in clear_boxes if _crosses(start, end, box))
            if best is None or cost < best[0]:
                best = (cost, ring, rect)
            if cost == 0:
                break
        if best is None:  # nothing fits inside the bounds: keep it beside its stack
            ring, rect = next(_candidates(request))
        else:
            _cost, ring, rect = best
        placed.append(PlacedLabel(request.key, request.text, rect, request.anchor, request.style,
                                  leader=ring > LEADER_AFTER))
    return placed
