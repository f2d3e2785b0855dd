"""The baccarat / mini baccarat table: a drawn layout driven by the engine's Shoe.

The table is drawn in fixed design coordinates (DESIGN_HEIGHT tall) and scaled to the widget, so it is crisp
at any size and device pixel ratio. Every card, total and winner comes from `dealerdrill.core.baccarat`; the
view only reveals, one card at a time, a coup the engine has already dealt.

Plug in with one line:  `tabs.addTab(BaccaratTable(settings=app_settings), "Baccarat")`
(pass `shoe=` to share an engine Shoe, e.g. a seeded one in a drill).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.drills.baccarat_seats import seat_numbers

from .baccarat_results_board import ResultsBoardView
from .cards import CARD_ASPECT, paint_card
from .chips import paint_tray
from .felt import LINE_GOLD, paint_felt, paint_limits_sign, table_font, table_menu_actions
from .table_settings import setting_reader

DESIGN_HEIGHT = 1100.0
FELT = QColor(18, 104, 64)
FELT_DARK = QColor(10, 70, 42)
PLAYER_BLUE = QColor(40, 96, 200)
BANKER_RED = QColor(196, 36, 40)
TIE_GREEN = QColor(60, 170, 90)
CARD_W = 92.0
CARD_H = CARD_W * CARD_ASPECT


@dataclass
class BaccaratSettings:
    """The table's own settings; any object with these attribute names (e.g. the app's settings) will do."""
    decks: int = 8
    big_table: bool = False            # False: mini baccarat, 7 seats; True: big table, 14 seats
    skip_unlucky_numbers: bool = True  # seats numbered without 4 (mini) / 13 (big table), as on real layouts
    commission_rate: float = 0.05
    commission_rounding: str = "up"    # shown on the layout only; settlement belongs to the engine/drills
    tie_odds: int = 8
    table_min: int = 10
    table_max: int = 5000
    chip_values: tuple[int, ...] = (1, 5, 25, 100, 500, 1000)
    cut_from_end: int = 16
    burn: bool = True
    seed: int | None = None
    deal_step_ms: int = 320            # pause between cards while revealing; 0 shows the coup at once
    extra: dict = field(default_factory=dict)


_setting = setting_reader("baccarat", BaccaratSettings)


# Settings that change the game on the table: a change to any of them starts a new shoe.
RULE_SETTINGS = ("decks", "cut_from_end", "burn", "big_table", "skip_unlucky_numbers", "commission_rate",
                 "commission_rounding", "tie_odds", "table_min", "table_max", "chip_values")


def rules_of(settings) -> tuple:
    """The rule settings' values, for telling whether new settings change the game."""
    return tuple(_setting(settings, name) for name in RULE_SETTINGS)


def seat_labels(seats: int, skip_unlucky: bool) -> list[int]:
    """Seat numbers as painted on the layout (the drills number them the same way: baccarat_seats)."""
    return seat_numbers(seats, skip_unlucky)


def _card_of(card) -> tuple[int, object]:
    """(rank, suit) from an engine Card, whatever its shape (attributes or a tuple)."""
    if hasattr(card, "rank"):
        return int(card.rank), card.suit
    rank, suit = card
    return int(rank), suit


class TableGeometry:
    """Where everything sits, in design coordinates (y down, dealer along the top edge)."""

    def __init__(self, seat_count: int):
        self.seat_count = seat_count
        self.width = 1600.0 if seat_count <= 7 else 2000.0
        self.height = DESIGN_HEIGHT
        self.centre = QPointF(self.width / 2, 56.0)
        self.rx = self.width / 2 - 34
        self.ry = self.height - 56 - 34
        # Betting rings as fractions of the table ellipse, from the rail inwards.
        self.rings = {"number": (0.94, 0.99), "player": (0.83, 0.94), "banker": (0.72, 0.83), "tie": (0.64, 0.72)}
        # Seats start a little way round from the dealer's edge, leaving the corners for the shoe and discard.
        margin = 0.22
        span = math.pi - 2 * margin
        self.seat_angles = [(margin + span * i / seat_count, margin + span * (i + 1) / seat_count)
                            for i in range(seat_count)]
        cx, rx = self.centre.x(), self.rx
        self.player_box = QRectF(cx - 300, 204, 280, 300)
        self.banker_box = QRectF(cx + 20, 204, 280, 300)
        self.shoe = QRectF(cx - 0.90 * rx, 70, 0.90 * rx - 0.615 * rx, 104)
        self.discard = QRectF(cx + 0.615 * rx, 70, 0.90 * rx - 0.615 * rx, 104)
        self.burn_card = QRectF(cx + 320, 214, CARD_W * 0.8, CARD_H * 0.8)
        self.chip_tray = QRectF(cx - 260, 62, 520, 62)
        self.limits_plaque = QRectF(cx + 280, 66, 160, 54)
        box = 40.0
        gap = 6.0
        total = seat_count * box + (seat_count - 1) * gap
        self.commission_boxes = [QRectF(cx - total / 2 + i * (box + gap), 134, box, box) for i in range(seat_count)]
        self.banner = QRectF(cx - 200, 540, 400, 48)
        self.title = QRectF(cx - 300, 594, 600, 38)

    def point(self, t: float, scale: float) -> QPointF:
        """A point on the table ellipse scaled by `scale`, at parameter t (0 = dealer's left end, pi = right)."""
        return QPointF(self.centre.x() + self.rx * scale * math.cos(t), self.centre.y() + self.ry * scale * math.sin(t))

    def sector(self, seat_index: int, ring: str) -> QPainterPath:
        t0, t1 = self.seat_angles[seat_index]
        inner, outer = self.rings[ring]
        path = QPainterPath()
        steps = 24
        for i in range(steps + 1):
            p = self.point(t0 + (t1 - t0) * i / steps, outer)
            path.moveTo(p) if i == 0 else path.lineTo(p)
        for i in range(steps, -1, -1):
            path.lineTo(self.point(t0 + (t1 - t0) * i / steps, inner))
        path.closeSubpath()
        return path

    def area_centre(self, seat_index: int, ring: str) -> QPointF:
        t0, t1 = self.seat_angles[seat_index]
        inner, outer = self.rings[ring]
        return self.point((t0 + t1) / 2, (inner + outer) / 2)

    def reading_angle(self, seat_index: int) -> float:
        """Degrees to turn text in a seat's areas so it reads upright for the player sitting there."""
        t = sum(self.seat_angles[seat_index]) / 2
        return math.degrees(math.atan2(-self.ry * math.cos(t), self.rx * math.sin(t)))

    def table_path(self, scale: float = 1.0) -> QPainterPath:
        path = QPainterPath()
        steps = 120
        for i in range(steps + 1):
            p = self.point(math.pi * i / steps, scale)
            path.moveTo(p) if i == 0 else path.lineTo(p)
        path.closeSubpath()
        return path

    def hand_card_rects(self, side: str) -> list[QRectF]:
        """Card places in a hand box: two upright cards side by side, a third card lying sideways below."""
        box = self.player_box if side == "player" else self.banker_box
        top = box.top() + 42
        left = box.center().x() - CARD_W - 6
        first = QRectF(left, top, CARD_W, CARD_H)
        second = QRectF(left + CARD_W + 12, top, CARD_W, CARD_H)
        third = QRectF(box.center().x() - CARD_H / 2, top + CARD_H + 10, CARD_H, CARD_W)
        return [first, second, third]


class BaccaratCanvas(QWidget):
    """Paints the table; holds no game logic, only what to show."""

    def __init__(self, table: BaccaratTable):
        super().__init__(table)
        self._table = table
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(480, 300)

    def sizeHint(self):
        g = self._table.geometry_
        return QSizeF(g.width * 0.6, g.height * 0.6).toSize()

    # design coordinates <-> widget coordinates
    def _scale_and_offset(self) -> tuple[float, QPointF]:
        g = self._table.geometry_
        scale = min(self.width() / g.width, self.height() / g.height)
        offset = QPointF((self.width() - g.width * scale) / 2, (self.height() - g.height * scale) / 2)
        return scale, offset

    def to_widget(self, design_point: QPointF) -> QPointF:
        scale, offset = self._scale_and_offset()
        return QPointF(offset.x() + design_point.x() * scale, offset.y() + design_point.y() * scale)

    def paintEvent(self, _event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.TextAntialiasing)
        painter.fillRect(self.rect(), QColor(34, 22, 20))
        scale, offset = self._scale_and_offset()
        painter.translate(offset)
        painter.scale(scale, scale)
        self._table.paint_table(painter)
        painter.end()


class BaccaratTable(QWidget):
    """Mini baccarat (7 seats) or the big table (14 seats), with Deal and Shuffle driven by the engine."""

    coup_dealt = Signal(object)     # the engine's Coup, as soon as it is dealt (before the reveal ends)
    coup_revealed = Signal(object)  # the same Coup once every card is face up
    shoe_shuffled = Signal()
    message = Signal(str)           # plain words for the main window's status bar

    def __init__(self, settings=None, shoe=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        seats = 14 if _setting(settings, "big_table") else 7
        self.seat_labels = seat_labels(seats, bool(_setting(settings, "skip_unlucky_numbers")))
        self.geometry_ = TableGeometry(seats)
        self._shoe = shoe
        self.coup = None
        self.revealed = 0           # how many of the coup's cards are face up
        self.burn_result = None     # (exposed card, number burned) after a shuffle
        self._reveal_timer = QTimer(self)
        self._reveal_timer.timeout.connect(self._reveal_next)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAccessibleName("Baccarat table")

        self.deal_button = QPushButton("&Deal  [D]")
        self.shuffle_button = QPushButton("&Shuffle  [S]")
        self.status = QLabel()
        self.status.setTextInteractionFlags(Qt.TextSelectableByKeyboard | Qt.TextSelectableByMouse)
        self.deal_button.clicked.connect(self.deal)
        self.shuffle_button.clicked.connect(self.new_shoe)
        bar = QHBoxLayout()
        bar.addWidget(self.deal_button)
        bar.addWidget(self.shuffle_button)
        bar.addWidget(self.status, 1)
        self.canvas = BaccaratCanvas(self)
        # The results board beside the table records each coup once its cards are face up, and starts
        # afresh with every new shoe.
        self.results_board = ResultsBoardView()
        self.results_board.setObjectName("resultsBoard")
        self.coup_revealed.connect(self.results_board.add_coup)
        self.shoe_shuffled.connect(self.results_board.clear)
        body = QHBoxLayout()
        body.setSpacing(6)
        body.addWidget(self.canvas, 1)
        body.addWidget(self.results_board)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addLayout(body, 1)
        self._keys = {Qt.Key_D: self.deal, Qt.Key_S: self.new_shoe, Qt.Key_F: self.finish_reveal}
        self._update_status()

    def table_actions(self) -> list[QAction]:
        """Entries for the main window's Table menu while this table is shown."""
        entries = [("&Deal", "D", self.deal), ("&Shuffle a new shoe", "S", self.new_shoe),
                   ("&Turn the cards up now", "F", self.finish_reveal)]
        return table_menu_actions(self, entries)

    def apply_settings(self, settings) -> None:
        """Take new settings (the app's Settings, its baccarat section, or this module's BaccaratSettings).
        A change to a rule (decks, cutting card, burn, seats, commission, tie odds, limits, chips) ends the
        current shoe and shuffles a new one under the new rules; the felt is drawn from them at once."""
        rules_changed = rules_of(settings) != rules_of(self.settings)
        self.settings = settings
        if not rules_changed:
            self.canvas.update()
            return
        self._reveal_timer.stop()
        self.coup = None
        self.revealed = 0
        self.burn_result = None
        seats = 14 if _setting(settings, "big_table") else 7
        self.seat_labels = seat_labels(seats, bool(_setting(settings, "skip_unlucky_numbers")))
        self.geometry_ = TableGeometry(seats)
        self._shoe = None
        shoe = self.shoe  # a new shoe, shuffled under the new rules
        self.shoe_shuffled.emit()
        self._update_status()
        self.canvas.updateGeometry()
        self.canvas.update()
        burn = "; press D to burn" if self._state_name() == "BURN_DUE" else "; press D to deal"
        self.message.emit(f"New table rules: a new shoe of {shoe.decks} decks is shuffled{burn}")

    def keyPressEvent(self, event):
        """D deals, S shuffles a new shoe, F turns the rest of the coup face up (keys reach the table from
        any child that does not use them itself)."""
        action = self._keys.get(event.key())
        if action is None or event.modifiers() & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier):
            return super().keyPressEvent(event)
        action()
        event.accept()

    # --- engine ------------------------------------------------------------------------------------------
    @property
    def shoe(self):
        if self._shoe is None:
            from dealerdrill.core import baccarat
            self._shoe = baccarat.Shoe(decks=int(_setting(self.settings, "decks")),
                                       cut_from_end=int(_setting(self.settings, "cut_from_end")),
                                       burn=bool(_setting(self.settings, "burn")),
                                       seed=_setting(self.settings, "seed"))
            self.burn_result = None
        return self._shoe

    def _state_name(self) -> str:
        state = getattr(self.shoe, "state", None)
        return getattr(state, "name", str(state or ""))

    def _shoe_finished(self) -> bool:
        return bool(getattr(self.shoe, "finished", False))

    def deal(self) -> object | None:
        """Deal the next coup from the engine and start revealing it; does nothing once the shoe is finished."""
        self.finish_reveal()
        if self._shoe_finished():
            self._update_status()
            self.message.emit("The shoe is finished: press S to shuffle a new shoe")
            return None
        if self._state_name() == "BURN_DUE":
            # A fresh shoe burns before its first coup; show the burn and let the next press deal.
            self.burn_result = self._burn()
            self.coup = None
            self._update_status()
            self.canvas.update()
            return None
        self.coup = self.shoe.deal()
        self.revealed = 0
        self.coup_dealt.emit(self.coup)
        step = int(_setting(self.settings, "deal_step_ms"))
        if step <= 0:
            self.finish_reveal()
        else:
            self._reveal_timer.start(step)
            self._reveal_next()
        self.canvas.update()
        return self.coup

    def new_shoe(self) -> None:
        """Shuffle a new shoe in the engine and burn, showing the exposed card."""
        self._reveal_timer.stop()
        self.coup = None
        self.revealed = 0
        self.shoe.shuffle()
        self.burn_result = None
        if self._state_name() == "BURN_DUE":
            self.burn_result = self._burn()
        self.shoe_shuffled.emit()
        self._update_status()
        self.canvas.update()

    def _burn(self):
        result = self.shoe.burn()
        exposed, burned = result if isinstance(result, tuple) else (result.exposed, result.burned)
        count = burned if isinstance(burned, int) else len(burned)
        return exposed, count

    def _deal_order(self) -> list[tuple[str, int, object]]:
        """(side, position, card) in the order the dealer lays them: P, B, P, B, then any third cards."""
        if self.coup is None:
            return []
        player, banker = list(self.coup.player_cards), list(self.coup.banker_cards)
        order = [("player", 0, player[0]), ("banker", 0, banker[0]), ("player", 1, player[1]), ("banker", 1, banker[1])]
        if len(player) > 2:
            order.append(("player", 2, player[2]))
        if len(banker) > 2:
            order.append(("banker", 2, banker[2]))
        return order

    def _reveal_next(self) -> None:
        order = self._deal_order()
        if self.revealed < len(order):
            self.revealed += 1
        if self.revealed >= len(order):
            self._reveal_timer.stop()
            if self.coup is not None:
                self.coup_revealed.emit(self.coup)
        self._update_status()
        self.canvas.update()

    def finish_reveal(self) -> None:
        """Turn every card of the current coup face up now (the result is already decided)."""
        if self.coup is not None and self.revealed < len(self._deal_order()):
            self._reveal_timer.stop()
            self.revealed = len(self._deal_order())
            self.coup_revealed.emit(self.coup)
            self._update_status()
            self.canvas.update()

    @property
    def reveal_complete(self) -> bool:
        return self.coup is not None and self.revealed >= len(self._deal_order())

    def notice(self) -> str:
        """What the dealer announces now, as a sentence (the banner shows it in capitals)."""
        if self._shoe is not None and self._shoe_finished() and (self.coup is None or self.reveal_complete):
            # Checked first: after the last coup the shoe is finished, and that is what the dealer must act on.
            return "Shoe finished \u2014 press S to shuffle"
        if self.coup is not None and getattr(self.coup, "last_coup", False):
            return "Last coup"
        if self._shoe is not None and self._state_name() == "LAST_COUP_NEXT" and self.reveal_complete:
            return "Cut card out: last coup next"
        if self._shoe is not None and self._state_name() == "BURN_DUE":
            return "Press D to burn"
        if self.coup is None and self.burn_result is not None:
            return "Place your bets"
        return ""

    def announcement(self) -> str:
        """The banner's text."""
        return self.notice().upper()

    def result_text(self) -> str:
        if not self.reveal_complete:
            return ""
        c = self.coup
        natural = " - natural" if getattr(c, "natural", False) else ""
        if c.winner == "tie":
            return f"Tie {c.player_total} - {c.banker_total}{natural}"
        return f"{c.winner.capitalize()} wins {max(c.player_total, c.banker_total)} over " \
               f"{min(c.player_total, c.banker_total)}{natural}"

    def _update_status(self) -> None:
        parts = []
        if self._shoe is not None:
            parts.append(f"{self._remaining()} cards in the shoe")
        text = self.result_text()
        if text:
            parts.append(text)
        note = self.notice()
        if note:
            parts.append(note)
        self.status.setText("   ".join(parts) or "Press S to shuffle a new shoe, D to deal")
        self.deal_button.setEnabled(self._shoe is None or not self._shoe_finished() or not self.reveal_complete)

    def _remaining(self) -> int:
        return int(getattr(self.shoe, "remaining", 0))

    def _discarded(self) -> int:
        d = getattr(self.shoe, "discarded", 0)
        return d if isinstance(d, int) else len(d)

    # --- painting ----------------------------------------------------------------------------------------
    def paint_table(self, p: QPainter) -> None:
        g = self.geometry_
        self._paint_felt(p, g)
        for i, label in enumerate(self.seat_labels):
            self._paint_seat(p, g, i, label)
        self._paint_dealer_side(p, g)
        self._paint_shoe(p, g)
        self._paint_discard(p, g)
        self._paint_hands(p, g)
        note = self.announcement()
        if note:
            self._paint_banner(p, g.banner, note)

    @staticmethod
    def _font(size: float, bold: bool = True, family: str = "DejaVu Sans") -> QFont:
        return table_font(size, bold, family)

    def _paint_felt(self, p: QPainter, g: TableGeometry) -> None:
        paint_felt(p, g, FELT, FELT_DARK, 118)
        p.setPen(LINE_GOLD)
        p.setFont(self._font(30, True, "DejaVu Serif"))
        title = "BACCARAT" if g.seat_count > 7 else "MINI BACCARAT"
        p.drawText(g.title, Qt.AlignCenter, title)
        p.setFont(self._font(16))
        rate = float(_setting(self.settings, "commission_rate"))
        tie_odds = _setting(self.settings, "tie_odds")
        below = g.title.translated(0, g.title.height())
        p.drawText(QRectF(below.left(), below.top(), below.width(), 24), Qt.AlignCenter,
                   f"BANKER PAYS {rate * 100:g}% COMMISSION")
        p.drawText(QRectF(below.left(), below.top() + 24, below.width(), 24), Qt.AlignCenter,
                   f"TIE PAYS {tie_odds} TO 1")
        # The limits sign by the dealer.
        lo, hi = _setting(self.settings, "table_min"), _setting(self.settings, "table_max")
        paint_limits_sign(p, g.limits_plaque, lo, hi, QColor(250, 244, 226), 13)

    def _paint_seat(self, p: QPainter, g: TableGeometry, index: int, label: int) -> None:
        tie_odds = _setting(self.settings, "tie_odds")
        styles = {"player": (PLAYER_BLUE, "PLAYER"), "banker": (BANKER_RED, "BANKER"),
                  "tie": (TIE_GREEN, f"TIE {tie_odds} TO 1")}
        angle = g.reading_angle(index)
        for ring, (colour, text) in styles.items():
            path = g.sector(index, ring)
            fill = QColor(colour)
            fill.setAlpha(70)
            p.setBrush(fill)
            p.setPen(QPen(LINE_GOLD, 2.2))
            p.drawPath(path)
            centre = g.area_centre(index, ring)
            p.save()
            p.translate(centre)
            p.rotate(angle)
            p.setPen(QColor(250, 244, 226))
            size = 20 if g.seat_count <= 7 else 15
            p.setFont(self._font(size if ring != "tie" else size * 0.8))
            p.drawText(QRectF(-90, -16, 180, 32), Qt.AlignCenter, text)
            p.restore()
        # The seat number, in a disc near the rail.
        centre = g.area_centre(index, "number")
        radius = 22 if g.seat_count <= 7 else 18
        p.setPen(QPen(LINE_GOLD, 2))
        p.setBrush(FELT_DARK)
        p.drawEllipse(centre, radius, radius)
        p.save()
        p.translate(centre)
        p.rotate(angle)
        p.setPen(LINE_GOLD.lighter(115))
        p.setFont(self._font(radius * 1.1))
        p.drawText(QRectF(-radius, -radius, 2 * radius, 2 * radius), Qt.AlignCenter, str(label))
        p.restore()

    def _paint_dealer_side(self, p: QPainter, g: TableGeometry) -> None:
        # Chip tray: one chip per value, in that value's colour (the same on every table).
        paint_tray(p, g.chip_tray, _setting(self.settings, "chip_values"))
        # Numbered commission boxes, one per seat, in front of the dealer (rule 5.7(b) commission kept here).
        p.setFont(self._font(16))
        for box, label in zip(g.commission_boxes, self.seat_labels):
            p.setPen(QPen(LINE_GOLD, 2))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRect(box)
            p.setPen(LINE_GOLD.lighter(110))
            p.drawText(box, Qt.AlignCenter, str(label))
        p.setFont(self._font(12, False))
        first, last = g.commission_boxes[0], g.commission_boxes[-1]
        p.drawText(QRectF(first.left(), last.bottom() + 2, last.right() - first.left(), 18), Qt.AlignCenter,
                   "COMMISSION")
        # The two hand boxes.
        for side, box, colour in (("player", g.player_box, PLAYER_BLUE), ("banker", g.banker_box, BANKER_RED)):
            winner = self.reveal_complete and self.coup.winner == side
            tie = self.reveal_complete and self.coup.winner == "tie"
            p.setPen(QPen(LINE_GOLD.lighter(125) if (winner or tie) else LINE_GOLD, 6 if winner else 2.5))
            fill = QColor(colour)
            fill.setAlpha(60)
            p.setBrush(fill)
            p.drawRoundedRect(box, 14, 14)
            p.setPen(QColor(250, 244, 226))
            p.setFont(self._font(24))
            p.drawText(QRectF(box.left(), box.top() + 6, box.width(), 34), Qt.AlignCenter, side.upper())

    def _paint_shoe(self, p: QPainter, g: TableGeometry) -> None:
        shoe = g.shoe
        started = self._shoe is not None
        remaining = self._remaining() if started else 0
        decks = int(_setting(self.settings, "decks"))
        full = 52 * decks
        fraction = max(0.0, min(1.0, remaining / full)) if full else 0.0
        # The shoe box, seen from above: a dark wedge; the stack of cards inside grows with the count.
        body = QPainterPath()
        body.addRoundedRect(shoe, 12, 12)
        p.setPen(QPen(QColor(10, 10, 10), 2))
        p.setBrush(QColor(36, 30, 28))
        p.drawPath(body)
        stack_len = (shoe.width() - 60) * fraction
        stack = QRectF(shoe.right() - 24 - stack_len, shoe.top() + 22, stack_len, shoe.height() - 44)
        if stack_len > 1:
            p.setPen(QPen(QColor(120, 20, 30), 1))
            p.setBrush(QColor(150, 20, 36))
            p.drawRect(stack)
            # Card edges.
            p.setPen(QPen(QColor(240, 230, 220, 110), 1))
            x = stack.left() + 4
            while x < stack.right():
                p.drawLine(QPointF(x, stack.top()), QPointF(x, stack.bottom()))
                x += 6
        # The front card showing through the mouth of the shoe.
        mouth = QRectF(shoe.left() + 6, shoe.top() + 18, 30, shoe.height() - 36)
        p.setBrush(QColor(16, 14, 14))
        p.drawRoundedRect(mouth, 6, 6)
        # The cutting card: yellow, standing up out of the stack at its place from the end.
        cut = int(_setting(self.settings, "cut_from_end"))
        cut_out = started and bool(getattr(self.shoe, "cut_card_out", False))
        if started and not cut_out and full:
            x = shoe.right() - 24 - (shoe.width() - 60) * (cut / full)
            p.setPen(QPen(QColor(120, 90, 0), 1))
            p.setBrush(QColor(250, 210, 40))
            p.drawRect(QRectF(x - 3, shoe.top() + 8, 6, shoe.height() - 16))
        elif cut_out:
            p.save()
            p.translate(shoe.center().x() + 20, shoe.center().y())  # laid across the shoe, out of the pack
            p.rotate(-8)
            p.setPen(QPen(QColor(120, 90, 0), 1))
            p.setBrush(QColor(250, 210, 40))
            p.drawRoundedRect(QRectF(-CARD_W / 2, -CARD_H / 4, CARD_W, CARD_H / 2), 5, 5)
            p.setPen(QColor(60, 40, 0))
            p.setFont(self._font(12))
            p.drawText(QRectF(-CARD_W / 2, -CARD_H / 4, CARD_W, CARD_H / 2), Qt.AlignCenter, "CUT")
            p.restore()
        p.setPen(QColor(250, 244, 226))
        p.setFont(self._font(17))
        label = f"SHOE  {remaining} cards" if started else f"SHOE  {decks} decks"
        p.drawText(QRectF(shoe.left() - 10, shoe.bottom() + 4, shoe.width() + 20, 24), Qt.AlignCenter, label)
        if started and not cut_out:
            p.setFont(self._font(14, False))
            p.drawText(QRectF(shoe.left() - 10, shoe.bottom() + 28, shoe.width() + 20, 20), Qt.AlignCenter,
                       f"cutting card {cut} from the end")

    def _paint_discard(self, p: QPainter, g: TableGeometry) -> None:
        tray = g.discard
        p.setPen(QPen(QColor(10, 10, 10), 2))
        p.setBrush(QColor(60, 50, 46, 200))
        p.drawRoundedRect(tray, 10, 10)
        count = self._discarded() if self._shoe is not None else 0
        full = 52 * int(_setting(self.settings, "decks"))
        layers = min(40, int(math.ceil(40 * count / full))) if full and count else 0
        base = QRectF(tray.center().x() - CARD_W / 2, tray.top() + 10, CARD_W, CARD_H * 0.9)
        for i in range(layers):
            p.setPen(QPen(QColor(90, 10, 20), 0.8))
            p.setBrush(QColor(150, 20, 36))
            p.drawRoundedRect(base.translated(-i * 0.6, -i * 0.35).intersected(tray.adjusted(4, 4, -4, -4)), 5, 5)
        p.setPen(QColor(250, 244, 226))
        p.setFont(self._font(17))
        p.drawText(QRectF(tray.left() - 10, tray.bottom() + 4, tray.width() + 20, 24), Qt.AlignCenter,
                   f"DISCARD  {count}")
        if self.burn_result is not None and self.coup is None:
            exposed, burned = self.burn_result
            rank, suit = _card_of(exposed)
            paint_card(p, g.burn_card, rank, suit)
            p.setPen(QColor(250, 244, 226))
            p.setFont(self._font(15, False))
            p.drawText(QRectF(g.burn_card.left() - 40, g.burn_card.bottom() + 4, g.burn_card.width() + 80, 44),
                       Qt.AlignHCenter | Qt.AlignTop, f"BURN CARD\n{burned} burned")

    def _paint_hands(self, p: QPainter, g: TableGeometry) -> None:
        order = self._deal_order()
        for side, position, card in order[: self.revealed]:
            rect = g.hand_card_rects(side)[position]
            rank, suit = _card_of(card)
            paint_card(p, rect, rank, suit, sideways=position == 2)
        if self.reveal_complete:
            for box, total in ((g.player_box, self.coup.player_total), (g.banker_box, self.coup.banker_total)):
                p.setPen(QPen(QColor(20, 20, 20), 2))
                p.setBrush(QColor(250, 244, 226))
                centre = QPointF(box.center().x(), box.bottom() + 2)
                p.drawEllipse(centre, 26, 26)
                p.setPen(QColor(20, 20, 20))
                p.setFont(self._font(30))
                p.drawText(QRectF(centre.x() - 26, centre.y() - 26, 52, 52), Qt.AlignCenter, str(total))
            winner = self.coup.winner
            tags = [g.player_box, g.banker_box] if winner == "tie" else \
                [g.player_box if winner == "player" else g.banker_box]
            for box in tags:
                tag = QRectF(box.right() - 86, box.top() - 16, 80, 30)
                p.setPen(QPen(QColor(90, 60, 0), 1.5))
                p.setBrush(QColor(255, 214, 90))
                p.drawRoundedRect(tag, 8, 8)
                p.setPen(QColor(50, 30, 0))
                p.setFont(self._font(17))
                p.drawText(tag, Qt.AlignCenter, "TIE" if winner == "tie" else "WINS")

    def _paint_banner(self, p: QPainter, rect: QRectF, text: str) -> None:
        p.setPen(QPen(QColor(90, 60, 0), 2))
        gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        gradient.setColorAt(0, QColor(255, 226, 120))
        gradient.setColorAt(1, QColor(214, 160, 40))
        p.setBrush(gradient)
        font = self._font(24)
        width = QFontMetricsF(font).horizontalAdvance(text) + 50
        banner = QRectF(rect.center().x() - width / 2, rect.top(), width, rect.height())
        p.drawRoundedRect(banner, 12, 12)
        p.setPen(QColor(60, 30, 0))
        p.setFont(font)
        p.drawText(banner, Qt.AlignCenter, text)


__all__ = ["BaccaratSettings", "BaccaratTable", "TableGeometry", "seat_labels"]
