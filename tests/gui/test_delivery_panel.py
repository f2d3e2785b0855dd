"""The dice-and-delivery panel's chung marker holds its whole word: it printed "chunc", the word cut off by a
fixed box narrower than the word."""
from __future__ import annotations

import math
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from dealerdrill.views.drill_panels_delivery import CHUNG_POINTS, CHUNG_WORD, _font, chung_marker


def _inside_ellipse(point: QPointF, ellipse: QRectF) -> bool:
    rx, ry = ellipse.width() / 2, ellipse.height() / 2
    dx, dy = point.x() - ellipse.center().x(), point.y() - ellipse.center().y()
    return (dx / rx) ** 2 + (dy / ry) ** 2 <= 1.0 + 1e-9


def test_the_chung_marker_holds_its_whole_word(qtbot):
    centre = QPointF(300, 200)
    ellipse, words = chung_marker(centre)
    metrics = QFontMetricsF(_font(CHUNG_POINTS, True))
    needed = metrics.boundingRect(words, Qt.AlignmentFlag.AlignCenter, CHUNG_WORD)
    # The word as drawn (with its descender: the g) lies inside the rectangle it is drawn in ...
    assert words.contains(needed), (words, needed)
    assert metrics.elidedText(CHUNG_WORD, Qt.TextElideMode.ElideRight, words.width()) == CHUNG_WORD
    # ... and the rectangle inside the marker, so no letter sticks out of it.
    for corner in (words.topLeft(), words.topRight(), words.bottomLeft(), words.bottomRight()):
        assert _inside_ellipse(corner, ellipse), (corner, ellipse)
    assert math.isclose(ellipse.center().x(), centre.x()) and math.isclose(ellipse.center().y(), centre.y())
