"""The single-zero wheel: pockets in the order the engine gives, a ball, and a spin that eases to a pocket
the engine has already chosen. The animation only shows the result; it never picks one.

The wheel head (pockets, numbers, cone) is rasterised once per size and pixel ratio and rotated per frame,
so a frame costs two pixmap draws and a ball.
"""
from __future__ import annotations

import math
import random

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QConicalGradient, QFont, QPainter, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import QSizePolicy, QWidget

POCKET_RED = QColor("#c3162b")
POCKET_BLACK = QColor("#151515")
POCKET_GREEN = QColor("#13a155")
# Radii as fractions of the half-width of the drawing.
BOWL_OUTER, TRACK_OUTER, TRACK_INNER = 0.99, 0.93, 0.83
HEAD_OUTER, NUMBERS_INNER, POCKETS_INNER = 0.80, 0.69, 0.53
BALL_ON_TRACK, BALL_IN_POCKET, BALL_SIZE = 0.88, 0.61, 0.032
BALL_DROP_START, BALL_CAUGHT = 0.62, 0.84  # fractions of the spin: the ball leaves the track, then stays


def _point(centre: QPointF, radius: float, degrees: float) -> QPointF:
    """A point at `degrees` clockwise from twelve o'clock."""
    radians = math.radians(degrees)
    return QPointF(centre.x() + radius * math.sin(radians), centre.y() - radius * math.cos(radians))


class RouletteWheelView(QWidget):
    spinStarted = Signal(int)
    spinFinished = Signal(int)

    def __init__(self, wheel_order: list[int] | tuple[int, ...], colours: dict[int, str],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._order = tuple(wheel_order)
        self._colours = dict(colours)
        self._pocket_span = 360.0 / len(self._order)
        self._wheel_angle = 0.0        # degrees clockwise the head is turned
        self._ball_angle: float | None = None  # None: no ball on the wheel
        self._ball_radius = BALL_ON_TRACK
        self._target: int | None = None
        self._plan: dict[str, float] = {}
        self._cache: dict[tuple[int, float], tuple[QPixmap, QPixmap]] = {}
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setEasingCurve(QEasingCurve.Type.Linear)  # the plan applies its own easing per part
        self._animation.valueChanged.connect(self._on_progress)
        self._animation.finished.connect(self._on_finished)
        self.frames_painted = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        self.setAccessibleName("Roulette wheel")

    def sizeHint(self) -> QSize:
        return QSize(420, 420)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    # --- geometry shared with the tests -----------------------------------------------------------------
    def _centre_and_radius(self) -> tuple[QPointF, float]:
        side = min(self.width(), self.height())
        return QPointF(self.width() / 2, self.height() / 2), side / 2

    def pocket_angle(self, number: int) -> float:
        """Where `number`'s pocket points now, degrees clockwise from twelve o'clock."""
        return (self._order.index(number) * self._pocket_span + self._wheel_angle) % 360

    def pocket_point(self, number: int, depth: float = (NUMBERS_INNER + POCKETS_INNER) / 2) -> QPointF:
        """The middle of `number`'s pocket in widget pixels (depth as a fraction of the radius)."""
        centre, radius = self._centre_and_radius()
        return _point(centre, radius * depth, self.pocket_angle(number))

    def ball_point(self) -> QPointF | None:
        if self._ball_angle is None:
            return None
        centre, radius = self._centre_and_radius()
        return _point(centre, radius * self._ball_radius, self._ball_angle)

    def pocket_under_ball(self) -> int | None:
        """The number whose pocket the ball is over, read back from the drawing's angles."""
        if self._ball_angle is None:
            return None
        relative = (self._ball_angle - self._wheel_angle) % 360
        return self._order[round(relative / self._pocket_span) % len(self._order)]

    def wheel_angle(self) -> float:
        return self._wheel_angle

    def is_spinning(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    # --- the spin ---------------------------------------------------------------------------------------
    def spin_to(self, number: int, seconds: float) -> None:
        """Animate a spin that ends with the ball in `number`'s pocket; spinFinished(number) follows.
        With seconds <= 0 the result is shown at once (the signal still comes, from the event loop)."""
        if number not in self._order:
            raise ValueError(f"{number} is not a pocket on this wheel")
        if self.is_spinning():
            self._animation.stop()
        self._target = number
        # Cosmetic variety only (how far things turn); the pocket itself is fixed by `number`.
        wobble = random.Random()
        start_wheel = self._wheel_angle
        wheel_turns = 360 * (1.5 + seconds * 0.25) + wobble.uniform(0, 360)
        caught_wheel = start_wheel + wheel_turns * self._ease_wheel(BALL_CAUGHT)
        pocket = self._order.index(number) * self._pocket_span
        start_ball = wobble.uniform(0, 360)
        target = (caught_wheel + pocket) % 360
        # The ball runs the other way round: counter-clockwise, several turns, into the moving pocket.
        travel = (start_ball - target) % 360 + 360 * (3 + int(seconds))
        self._plan = {"start_wheel": start_wheel, "wheel_turns": wheel_turns, "start_ball": start_ball,
                      "ball_travel": travel, "pocket": pocket}
        self.spinStarted.emit(number)
        if seconds <= 0:
            self._apply(1.0)
            self._animation.setDuration(1)
            self._animation.start()  # finishes on the next timer tick: callers always wait for the signal
            return
        self._animation.setDuration(int(seconds * 1000))
        self._apply(0.0)
        self._animation.start()

    def skip(self) -> None:
        """Jump to the end of a running spin."""
        if self.is_spinning():
            self._animation.setCurrentTime(self._animation.duration())

    def clear_ball(self) -> None:
        self._ball_angle = None
        self.update()

    @staticmethod
    def _ease_wheel(t: float) -> float:
        return 1 - (1 - t) ** 2.2

    def _apply(self, t: float) -> None:
        plan = self._plan
        self._wheel_angle = (plan["start_wheel"] + plan["wheel_turns"] * self._ease_wheel(t)) % 360
        if t >= BALL_CAUGHT:
            # Caught: the ball rides in its pocket with the head.
            self._ball_angle = (self._wheel_angle + plan["pocket"]) % 360
            self._ball_radius = BALL_IN_POCKET
        else:
            u = t / BALL_CAUGHT
            self._ball_angle = (plan["start_ball"] - plan["ball_travel"] * (1 - (1 - u) ** 2)) % 360
            if t < BALL_DROP_START:
                self._ball_radius = BALL_ON_TRACK
            else:
                d = (t - BALL_DROP_START) / (BALL_CAUGHT - BALL_DROP_START)
                # Falls off the track, clatters over the frets (a damped bounce) and settles in the pocket.
                bounce = 0.05 * math.sin(d * math.pi * 3) * (1 - d)
                self._ball_radius = BALL_ON_TRACK + (BALL_IN_POCKET - BALL_ON_TRACK) * d + bounce
        self.update()

    def _on_progress(self, value) -> None:
        self._apply(float(value))

    def _on_finished(self) -> None:
        self._apply(1.0)
        if self._target is not None:
            self.spinFinished.emit(self._target)

    # --- drawing ----------------------------------------------------------------------------------------
    def _colour(self, number: int) -> QColor:
        name = self._colours.get(number)
        return POCKET_RED if name == "red" else POCKET_BLACK if name == "black" else POCKET_GREEN

    def _art(self) -> tuple[QPixmap, QPixmap]:
        side = max(1, min(self.width(), self.height()))
        ratio = self.devicePixelRatioF()
        key = (side, ratio)
        if key not in self._cache:
            self._cache.clear()  # only the current size is worth keeping
            self._cache[key] = (self._render(side, ratio, self._paint_bowl),
                                self._render(side, ratio, self._paint_head))
        return self._cache[key]

    @staticmethod
    def _render(side: int, ratio: float, paint) -> QPixmap:
        pixmap = QPixmap(int(math.ceil(side * ratio)), int(math.ceil(side * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        paint(painter, QPointF(side / 2, side / 2), side / 2)
        painter.end()
        return pixmap

    def _paint_bowl(self, painter: QPainter, c: QPointF, r: float) -> None:
        wood = QRadialGradient(c, r * BOWL_OUTER)
        wood.setColorAt(0.80, QColor("#3b1f0e"))
        wood.setColorAt(0.90, QColor("#6b3a1a"))
        wood.setColorAt(1.00, QColor("#2a1408"))
        painter.setPen(QPen(QColor("#1a0c04"), r * 0.012))
        painter.setBrush(wood)
        painter.drawEllipse(c, r * BOWL_OUTER, r * BOWL_OUTER)
        track = QRadialGradient(c, r * TRACK_OUTER)
        track.setColorAt(TRACK_INNER / TRACK_OUTER, QColor("#a9764a"))
        track.setColorAt(0.95, QColor("#d9b07c"))
        track.setColorAt(1.0, QColor("#8c5a2e"))
        painter.setPen(QPen(QColor("#c9a44a"), r * 0.01))
        painter.setBrush(track)
        painter.drawEllipse(c, r * TRACK_OUTER, r * TRACK_OUTER)
        # Deflectors ("diamonds") on the lower bowl: eight, alternating upright and sideways.
        painter.setPen(QPen(QColor("#8a7a50"), r * 0.004))
        painter.setBrush(QColor("#e9e2c8"))
        for i in range(8):
            painter.save()
            painter.translate(_point(c, r * (TRACK_INNER + 0.018), i * 45 + 22.5))
            painter.rotate(i * 45 + 22.5 + (0 if i % 2 else 90))
            size = r * 0.028
            painter.drawPolygon([QPointF(0, -size), QPointF(size * 0.45, 0), QPointF(0, size),
                                 QPointF(-size * 0.45, 0)])
            painter.restore()

    def _paint_head(self, painter: QPainter, c: QPointF, r: float) -> None:
        span = self._pocket_span
        painter.setPen(QPen(QColor("#c9a44a"), r * 0.014))
        painter.setBrush(QColor("#2a1408"))
        painter.drawEllipse(c, r * HEAD_OUTER, r * HEAD_OUTER)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(max(1, int(r * 0.072)))
        painter.setFont(font)
        for index, number in enumerate(self._order):
            colour = self._colour(number)
            middle = index * span
            # Number ring and pocket as two annular sectors of the same colour, the pocket a shade deeper.
            # Each sector is a pie to the centre: the pocket's pie, drawn second, covers the number ring's inside
            # and the cone drawn below covers the pocket's.
            for outer, shade in ((HEAD_OUTER - 0.012, 100), (NUMBERS_INNER, 125)):
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colour.darker(shade))
                painter.drawPie(QRectF(c.x() - r * outer, c.y() - r * outer, 2 * r * outer, 2 * r * outer),
                                int((90 - middle - span / 2) * 16), int(span * 16))
            painter.save()
            painter.translate(c)
            painter.rotate(middle)
            painter.setPen(QColor("#ffffff"))
            height = r * (HEAD_OUTER - NUMBERS_INNER)
            painter.drawText(QRectF(-r * 0.08, -r * (HEAD_OUTER - 0.012), r * 0.16, height),
                             Qt.AlignmentFlag.AlignCenter, str(number))
            painter.restore()
        # Cover the pocket sectors' centre, then the frets between pockets.
        cone = QRadialGradient(c, r * POCKETS_INNER)
        cone.setColorAt(0.0, QColor("#c08a4a"))
        cone.setColorAt(0.55, QColor("#7a4520"))
        cone.setColorAt(1.0, QColor("#3e2010"))
        painter.setPen(QPen(QColor("#d8c070"), r * 0.012))
        painter.setBrush(cone)
        painter.drawEllipse(c, r * POCKETS_INNER, r * POCKETS_INNER)
        painter.setPen(QPen(QColor("#d9d9d9"), r * 0.008))
        for index in range(len(self._order)):
            edge = index * span + span / 2
            painter.drawLine(_point(c, r * POCKETS_INNER, edge), _point(c, r * (HEAD_OUTER - 0.012), edge))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#e0e0e0"), r * 0.006))
        painter.drawEllipse(c, r * NUMBERS_INNER, r * NUMBERS_INNER)
        # The turret: a gold cross with ball ends, the handle the dealer spins the head by.
        gold = QConicalGradient(c, 45)
        for stop, colour in ((0, "#fff0a8"), (0.25, "#b8860b"), (0.5, "#fff0a8"), (0.75, "#b8860b"), (1, "#fff0a8")):
            gold.setColorAt(stop, QColor(colour))
        painter.setPen(QPen(QColor("#6b4e0a"), r * 0.006))
        painter.setBrush(gold)
        for arm in range(4):
            painter.save()
            painter.translate(c)
            painter.rotate(arm * 90)
            painter.drawRoundedRect(QRectF(-r * 0.022, -r * 0.3, r * 0.044, r * 0.3), r * 0.02, r * 0.02)
            painter.drawEllipse(QPointF(0, -r * 0.31), r * 0.04, r * 0.04)
            painter.restore()
        painter.drawEllipse(c, r * 0.09, r * 0.09)

    def paintEvent(self, _event) -> None:
        self.frames_painted += 1
        bowl, head = self._art()
        centre, radius = self._centre_and_radius()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        corner = QPointF(centre.x() - radius, centre.y() - radius)
        painter.drawPixmap(corner, bowl)
        painter.save()
        painter.translate(centre)
        painter.rotate(self._wheel_angle)
        painter.translate(-centre)
        painter.drawPixmap(corner, head)
        painter.restore()
        ball = self.ball_point()
        if ball is not None:
            size = radius * BALL_SIZE
            shine = QRadialGradient(ball - QPointF(size * 0.35, size * 0.35), size * 1.3)
            shine.setColorAt(0, QColor("#ffffff"))
            shine.setColorAt(0.6, QColor("#f1f1f1"))
            shine.setColorAt(1, QColor("#9a9a9a"))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 80))
            painter.drawEllipse(ball + QPointF(size * 0.2, size * 0.25), size, size)
            painter.setBrush(shine)
            painter.drawEllipse(ball, size, size)
        painter.end()
