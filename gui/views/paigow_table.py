"""The pai gow tiles table: 8 numbered boxes, the chung, the woodpile, three dice in their cup, and the
trainee's four tiles to set into a high and a low hand (by dragging, or with the keyboard).

The deal (woodpile, dice, which box got each stack, every box's tiles) comes from
`dealerdrill.core.paigow.deal`; hand descriptions and legality from `paigow.hand` / `paigow.check_setting`.
Expose plays the dealer's part: the bank's tiles and every other box are set the house way
(`paigow.house_way_many` with the table's way, naming the rule) and each box is judged against the bank
(`paigow.outcomes`), the trainee's box with the trainee's own setting. The view only shows the answers.

Plug in with one line:  `tabs.addTab(PaiGowTable(settings=app_settings), "Pai Gow")`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from .chips import paint_tray
from .felt import LINE_GOLD, paint_felt, paint_limits_sign, table_font, table_menu_actions
from .table_settings import setting_reader
from .tiles import TILE_ASPECT, paint_die, paint_tile

DESIGN_WIDTH = 1600.0
DESIGN_HEIGHT = 1100.0
FELT = QColor(22, 92, 70)
FELT_DARK = QColor(10, 58, 44)
TEXT = QColor(250, 244, 226)
BOXES = 8
HAND_TILE_W = 60.0
HAND_TILE_H = HAND_TILE_W * TILE_ASPECT
TILE_NUMBER_RADIUS = 16.0  # the key number (1-4) on each of the trainee's tiles
CHUNG_CHARACTER = "\u838a"  # the "banker" character printed on real chung markers
STATUS_LINES = 4  # the status box's height in lines: the dice line and the showdown's bank and results
RESULT_WORDS = {"win": "wins", "lose": "loses", "push": "pushes"}
RESULT_COLOURS = {"win": QColor(70, 190, 100), "lose": QColor(215, 60, 60), "push": QColor(150, 150, 150)}
# Settings that change the game on the table: a change to any of them ends the deal in progress.
RULE_SETTINGS = ("house_way", "commission_rate", "commission_rounding", "table_min", "table_max", "chip_values",
                 "player_box", "banker_box", "count_from", "dice_count_from")


def sentence(text: str) -> str:
    """`text` with a capital first letter and everything else as written (tile names keep their capitals)."""
    return text[:1].upper() + text[1:]


@dataclass
class PaiGowSettings:
    """The table's own settings; any object with these attribute names (e.g. the app's settings) will do."""
    player_box: int = 2          # the trainee's box
    banker_box: int = 1          # where the chung sits (box 1 when the house banks, seed 003 rule 11.1)
    count_from: int | None = None  # the box counted as 1 for the dice; None: as the house's reading says
    dice_count_from: str = "banker"  # the house's reading (the app's Pai Gow setting): "banker" or "box 1"
    commission_rate: float = 0.05
    table_min: int = 25
    table_max: int = 5000
    chip_values: tuple[int, ...] = (5, 25, 100, 500, 1000)
    house_way: str = "nz"
    tile_style: str = "ivory"
    seed: int | None = None
    deal_step_ms: int = 220      # pause between stacks while delivering; 0 delivers at once


_setting = setting_reader("paigow", PaiGowSettings)


@dataclass(frozen=True)
class BoxResult:
    """One box at the showdown: how it was set, by whom, and its result against the bank."""
    box: int
    high: tuple[str, str]
    low: tuple[str, str]
    set_by: str            # "house way" or "trainee"
    outcome: str           # "win" | "lose" | "push" for the box's wager against the bank


@dataclass(frozen=True)
class Showdown:
    """The dealer's part after Expose: the bank's hand set the house way, and every box judged against it."""
    way: str               # house-way id
    way_name: str
    bank_box: int
    bank_high: tuple[str, str]
    bank_low: tuple[str, str]
    rule_title: str        # the house-way rule that set the bank's tiles
    rule_text: str
    boxes: dict[int, BoxResult]
    trainee_note: str      # why the trainee's box has no result (tiles not set, illegal setting), else ""


def _setting_rules(settings) -> tuple:
    return tuple(_setting(settings, name) for name in RULE_SETTINGS)


class PaiGowGeometry:
    """Where everything sits, in design coordinates (y down, the dealer along the top edge)."""

    def __init__(self):
        self.width, self.height = DESIGN_WIDTH, DESIGN_HEIGHT
        self.centre = QPointF(self.width / 2, 56.0)
        self.rx = self.width / 2 - 34
        self.ry = self.height - 56 - 34
        cx = self.centre.x()
        margin = 0.22
        span = math.pi - 2 * margin
        # Boxes 2-8 go counter-clockwise round the players' side (as seen from above, dealer at the top):
        # box 2 on the dealer's right (screen left), box 8 on the dealer's left.
        self.box_angles = {box: math.pi - margin - span * (box - 1.5) / (BOXES - 1) for box in range(2, BOXES + 1)}
        self.box_half_span = span / (BOXES - 1) / 2
        self.rings = {"number": (0.935, 0.99), "wager": (0.82, 0.935), "tiles": (0.66, 0.82)}
        self.chip_tray = QRectF(cx - 240, 62, 480, 56)
        stack_w, gap = 40.0, 9.0
        pile_width = BOXES * stack_w + (BOXES - 1) * gap
        self.woodpile = [QRectF(cx - 30 - pile_width + i * (stack_w + gap), 140, stack_w, stack_w * TILE_ASPECT)
                         for i in range(BOXES)]
        self.box1 = QRectF(cx + 20, 128, 250, 112)
        self.dice_cup = QRectF(cx - 0.9 * self.rx, 74, 110, 110)
        self.dice = [QRectF(self.dice_cup.right() + 14 + i * 52, 92, 44, 44) for i in range(3)]
        self.limits_plaque = QRectF(cx + 0.615 * self.rx, 74, 0.28 * self.rx, 58)
        # The trainee's hand in the middle of the table, and the two slots to set it into.
        row_w = 4 * HAND_TILE_W + 3 * 18
        self.hand_places = [QRectF(cx - row_w / 2 + i * (HAND_TILE_W + 18), 262, HAND_TILE_W, HAND_TILE_H)
                            for i in range(4)]
        slot_w = 2 * HAND_TILE_W + 3 * 12
        slot_h = HAND_TILE_H + 24
        self.slots = {"high": QRectF(cx - 20 - slot_w - 40, 428, slot_w + 40, slot_h),
                      "low": QRectF(cx + 20, 428, slot_w + 40, slot_h)}

    def point(self, t: float, scale: float) -> QPointF:
        return QPointF(self.centre.x() + self.rx * scale * math.cos(t), self.centre.y() + self.ry * scale * math.sin(t))

    def table_path(self, scale: float = 1.0) -> QPainterPath:
        path = QPainterPath()
        for i in range(121):
            p = self.point(math.pi * i / 120, scale)
            path.moveTo(p) if i == 0 else path.lineTo(p)
        path.closeSubpath()
        return path

    def sector(self, box: int, ring: str) -> QPainterPath:
        t = self.box_angles[box]
        t0, t1 = t - self.box_half_span, t + self.box_half_span
        inner, outer = self.rings[ring]
        path = QPainterPath()
        for i in range(25):
            p = self.point(t0 + (t1 - t0) * i / 24, outer)
            path.moveTo(p) if i == 0 else path.lineTo(p)
        for i in range(24, -1, -1):
            path.lineTo(self.point(t0 + (t1 - t0) * i / 24, inner))
        path.closeSubpath()
        return path

    def ring_centre(self, box: int, ring: str) -> QPointF:
        inner, outer = self.rings[ring]
        return self.point(self.box_angles[box], (inner + outer) / 2)

    def reading_angle(self, box: int) -> float:
        t = self.box_angles[box]
        return math.degrees(math.atan2(-self.ry * math.cos(t), self.rx * math.sin(t)))

    def slot_places(self, slot: str) -> list[QRectF]:
        r = self.slots[slot]
        left = r.center().x() - HAND_TILE_W - 6
        return [QRectF(left + i * (HAND_TILE_W + 12), r.top() + 4, HAND_TILE_W, HAND_TILE_H) for i in range(2)]


class PaiGowCanvas(QWidget):
    """Paints the table and turns mouse drags into moves of the trainee's tiles."""

    def __init__(self, table: PaiGowTable):
        super().__init__(table)
        self._table = table
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(480, 330)
        self.setMouseTracking(False)
        self._drag_index: int | None = None
        self._drag_offset = QPointF()
        self.drag_position: QPointF | None = None  # design coordinates of the dragged tile's top-left

    def sizeHint(self):
        return QSizeF(DESIGN_WIDTH * 0.6, DESIGN_HEIGHT * 0.6).toSize()

    def _scale_and_offset(self) -> tuple[float, QPointF]:
        scale = min(self.width() / DESIGN_WIDTH, self.height() / DESIGN_HEIGHT)
        offset = QPointF((self.width() - DESIGN_WIDTH * scale) / 2, (self.height() - DESIGN_HEIGHT * scale) / 2)
        return scale, offset

    def to_widget(self, p: QPointF) -> QPointF:
        scale, offset = self._scale_and_offset()
        return QPointF(offset.x() + p.x() * scale, offset.y() + p.y() * scale)

    def to_design(self, p: QPointF) -> QPointF:
        scale, offset = self._scale_and_offset()
        return QPointF((p.x() - offset.x()) / scale, (p.y() - offset.y()) / scale)

    def paintEvent(self, _event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), QColor(30, 22, 20))
        scale, offset = self._scale_and_offset()
        painter.translate(offset)
        painter.scale(scale, scale)
        self._table.paint_table(painter, dragged=self._drag_index, drag_position=self.drag_position)
        painter.end()

    def mousePressEvent(self, event):
        point = self.to_design(event.position())
        index = self._table.tile_at(point)
        if index is None or event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        self._table.select(index)
        self._drag_index = index
        self._drag_offset = point - self._table.tile_rect(index).topLeft()
        self.drag_position = self._table.tile_rect(index).topLeft()
        self.update()

    def mouseMoveEvent(self, event):
        if self._drag_index is None:
            return super().mouseMoveEvent(event)
        self.drag_position = self.to_design(event.position()) - self._drag_offset
        self.update()

    def mouseReleaseEvent(self, event):
        if self._drag_index is None:
            return super().mouseReleaseEvent(event)
        index, self._drag_index, self.drag_position = self._drag_index, None, None
        self._table.drop(index, self.to_design(event.position()))
        self.update()


class PaiGowTable(QWidget):
    """A pai gow tiles table driven by `dealerdrill.core.paigow`."""

    dealt = Signal(object)            # the engine's Deal
    setting_changed = Signal(object)  # ((high), (low)) once both hands hold two tiles, else None
    exposed_changed = Signal(object)  # the Showdown when the hands are exposed, None when hidden again
    message = Signal(str)             # plain words for the main window's status bar

    def __init__(self, settings=None, engine=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self._engine = engine
        self.geometry_ = PaiGowGeometry()
        self.deal_result = None
        self.delivered = 0                    # stacks delivered so far (for the dealing animation)
        self.placement: list[str | None] = [None] * 4  # per tile of the trainee's hand: None, "high", "low"
        self.selected = 0
        self.exposed = False                  # every box's tiles face up
        self.showdown: Showdown | None = None  # the dealer's part, worked out when the hands are exposed
        self._delivery_boxes: list[int] = []
        self._deliver_timer = QTimer(self)
        self._deliver_timer.timeout.connect(self._deliver_next)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAccessibleName("Pai gow table")

        self.deal_button = QPushButton("&New deal  [N]")
        self.expose_button = QPushButton("E&xpose  [X]")
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.status.setTextInteractionFlags(Qt.TextSelectableByMouse)
        # The status lines live in a box of fixed height that scrolls when the showdown needs more lines,
        # so a longer text never pushes the table down or shrinks it.
        self.status_box = QScrollArea()
        self.status_box.setObjectName("statusBox")
        self.status_box.setWidgetResizable(True)
        self.status_box.setFrameShape(QFrame.NoFrame)
        self.status_box.setFocusPolicy(Qt.NoFocus)
        self.status_box.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.status_box.setWidget(self.status)
        self.status_box.setFixedHeight(self.status.fontMetrics().lineSpacing() * STATUS_LINES + 6)
        self.deal_button.clicked.connect(self.new_deal)
        self.expose_button.clicked.connect(self.toggle_exposed)
        bar = QHBoxLayout()
        bar.addWidget(self.deal_button)
        bar.addWidget(self.expose_button)
        bar.addStretch(1)
        self.canvas = PaiGowCanvas(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.status_box)
        layout.addWidget(self.canvas, 1)
        self._keys = {
            Qt.Key_N: self.new_deal, Qt.Key_X: self.toggle_exposed, Qt.Key_F: self.finish_delivery,
            Qt.Key_Left: lambda: self.select(self.selected - 1), Qt.Key_Right: lambda: self.select(self.selected + 1),
            Qt.Key_H: lambda: self.move_selected("high"), Qt.Key_Up: lambda: self.move_selected("high"),
            Qt.Key_L: lambda: self.move_selected("low"), Qt.Key_Down: lambda: self.move_selected("low"),
            Qt.Key_Backspace: lambda: self.move_selected(None), Qt.Key_Delete: lambda: self.move_selected(None),
            Qt.Key_1: lambda: self.select(0), Qt.Key_2: lambda: self.select(1), Qt.Key_3: lambda: self.select(2),
            Qt.Key_4: lambda: self.select(3),
        }
        self._update_status()

    def table_actions(self) -> list[QAction]:
        """Entries for the main window's Table menu while this table is shown."""
        entries = [("&New deal", "N", self.new_deal), ("E&xpose: the bank's hand and every result", "X",
                                                        self.toggle_exposed),
                   ("&Finish the delivery now", "F", self.finish_delivery)]
        return table_menu_actions(self, entries)

    def apply_settings(self, settings) -> None:
        """Take new settings (the app's Settings, its pai gow section, or this module's PaiGowSettings).
        A change to a rule (house way, commission, limits, chips, boxes) ends the deal in progress and deals
        again under the new rules; the felt is drawn from them at once."""
        rules_changed = _setting_rules(settings) != _setting_rules(self.settings)
        self.settings = settings
        if rules_changed and self.deal_result is not None:
            self.new_deal()
            self.message.emit("New table rules: a new deal")
        elif rules_changed:
            self.message.emit("New table rules: press N for a new deal")
        self._changed()

    def keyPressEvent(self, event):
        """Every action has a key: N new deal, X expose all, 1-4 or Left/Right choose a tile, H/Up and
        L/Down put it in the high / low hand, Backspace takes it back, F finishes the delivery."""
        action = self._keys.get(event.key())
        if action is None or event.modifiers() & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier):
            return super().keyPressEvent(event)
        action()
        event.accept()

    # --- engine ------------------------------------------------------------------------------------------
    @property
    def engine(self):
        if self._engine is None:
            from dealerdrill.core import paigow
            self._engine = paigow
        return self._engine

    def _banker_box(self) -> int:
        return int(_setting(self.settings, "banker_box"))

    def _count_start(self) -> int:
        """The box the dice are counted from under the house's reading in force (the engine's answer)."""
        from dealerdrill.core import paigow_procedure

        return paigow_procedure.dice_count_start(_setting(self.settings, "dice_count_from") or "banker",
                                                 self._banker_box())

    def _player_box(self) -> int:
        return int(_setting(self.settings, "player_box"))

    def new_deal(self):
        """Ask the engine for a new deal and deliver the stacks box by box."""
        self._deliver_timer.stop()
        count_from = _setting(self.settings, "count_from") or self._count_start()
        self.deal_result = self.engine.deal(seed=_setting(self.settings, "seed"), count_from=int(count_from))
        self._delivery_boxes = list(self.deal_result.delivered_to)  # the engine says where each stack went
        self.delivered = 0
        self.placement = [None] * 4
        self.selected = 0
        self.exposed = False
        self.showdown = None
        self.dealt.emit(self.deal_result)
        step = int(_setting(self.settings, "deal_step_ms"))
        if step <= 0:
            self.finish_delivery()
        else:
            self._deliver_timer.start(step)
        self._changed()
        return self.deal_result

    def _deliver_next(self):
        if self.delivered < BOXES:
            self.delivered += 1
        if self.delivered >= BOXES:
            self._deliver_timer.stop()
        self._changed()

    def finish_delivery(self):
        if self.deal_result is not None and self.delivered < BOXES:
            self._deliver_timer.stop()
            self.delivered = BOXES
            self._changed()

    def delivered_boxes(self) -> set[int]:
        if self.deal_result is None:
            return set()
        return set(self._delivery_boxes[: self.delivered])

    @property
    def player_tiles(self) -> tuple[str, ...]:
        """The trainee's four tiles, once their stack has been delivered."""
        box = self._player_box()
        if self.deal_result is None or box not in self.delivered_boxes():
            return ()
        return tuple(self.deal_result.hand_of(box))

    def toggle_exposed(self):
        """Expose every box and play the dealer's part (X again turns the tiles back down)."""
        if self.deal_result is None:
            self.message.emit("Nothing to expose yet: press N for a new deal")
            return
        self.finish_delivery()
        self.exposed = not self.exposed
        self.showdown = self._work_out_showdown() if self.exposed else None
        self.exposed_changed.emit(self.showdown)
        self._changed()

    def _way(self) -> str:
        return str(_setting(self.settings, "house_way"))

    def _work_out_showdown(self) -> Showdown:
        """Ask the engine for the bank's house-way setting and each box's result against it."""
        engine, way = self.engine, self._way()
        bank_box, mine = self._banker_box(), self._player_box()
        others = [box for box in range(1, BOXES + 1) if box not in (bank_box, mine)]
        set_house_way = engine.house_way_many([self.deal_result.hand_of(box) for box in [bank_box, *others]], way)
        bank = set_house_way[0]
        settings = {box: (hw.high, hw.low, "house way") for box, hw in zip(others, set_house_way[1:])}
        note = ""
        trainee = self.current_setting()
        if mine == bank_box:
            note = "your box holds the bank"
        elif trainee is None:
            note = "set both of your hands (two tiles each) to see your result"
        else:
            verdict = self.legality()
            if verdict is not None and not verdict[0]:
                note = f"your setting cannot be played: {verdict[1]}"
            else:
                settings[mine] = (trainee[0], trainee[1], "trainee")
        boxes = sorted(settings)
        bank_setting = (bank.high, bank.low)
        results = engine.outcomes([((settings[b][0], settings[b][1]), bank_setting) for b in boxes])
        try:
            way_name = engine.describe_house_way(way).name
        except Exception:  # a way without a description still plays; show its id
            way_name = way
        return Showdown(
            way=way, way_name=way_name, bank_box=bank_box, bank_high=bank.high, bank_low=bank.low,
            rule_title=bank.title, rule_text=bank.text,
            boxes={b: BoxResult(b, settings[b][0], settings[b][1], settings[b][2], r) for b, r in zip(boxes, results)},
            trainee_note=note)

    # --- setting the hand --------------------------------------------------------------------------------
    def select(self, index: int):
        if self.player_tiles:
            self.selected = index % 4
            self._changed()

    def move_selected(self, slot: str | None):
        self.move_tile(self.selected, slot)

    def move_tile(self, index: int, slot: str | None) -> bool:
        """Put tile `index` of the trainee's hand into the high or low hand (or back to the hand: None)."""
        if not self.player_tiles or not 0 <= index < 4:
            return False
        if self.exposed:
            self.message.emit("The hands are exposed: press X to turn them back, or N for a new deal")
            return False
        if slot is not None and slot != self.placement[index] and self.placement.count(slot) >= 2:
            return False
        self.placement[index] = slot
        self._changed()
        return True

    def hand_in(self, slot: str) -> tuple[str, ...]:
        return tuple(face for face, where in zip(self.player_tiles, self.placement) if where == slot)

    def current_setting(self):
        high, low = self.hand_in("high"), self.hand_in("low")
        if len(high) == 2 and len(low) == 2:
            return high, low
        return None

    def description(self, slot: str) -> str:
        faces = self.hand_in(slot)
        return self.engine.hand(*faces).label if len(faces) == 2 else ""

    def legality(self) -> tuple[bool, str] | None:
        """(legal, explanation) from the engine once both hands are full."""
        setting = self.current_setting()
        if setting is None:
            return None
        try:
            self.engine.check_setting(setting)
        except Exception as error:  # the engine's IllegalSetting carries the rule it breaks
            return False, str(error)
        return True, "legal setting"

    def tile_rect(self, index: int) -> QRectF:
        where = self.placement[index]
        if where is None:
            return self.geometry_.hand_places[index]
        position = [i for i in range(4) if self.placement[i] == where].index(index)
        return self.geometry_.slot_places(where)[position]

    def tile_at(self, point: QPointF) -> int | None:
        if not self.player_tiles:
            return None
        for index in range(4):
            if self.tile_rect(index).contains(point):
                return index
        return None

    def drop(self, index: int, point: QPointF):
        for slot, rect in self.geometry_.slots.items():
            if rect.contains(point):
                self.move_tile(index, slot)
                return
        if self.tile_at(point) is None:
            self.move_tile(index, None)

    def _changed(self):
        self._update_status()
        self.setting_changed.emit(self.current_setting())
        self.canvas.update()

    def _update_status(self):
        if self.deal_result is None:
            self.status.setText("N: new deal.  Then set your tiles: 1-4 or Left/Right to choose, H / L to put it "
                                "in the high / low hand, Backspace to take it back; drag with the mouse.")
            return
        d = self.deal_result.dice
        text = f"Dice {d[0]} + {d[1]} + {d[2]} = {sum(d)}: first stack to box {self.deal_result.first_box}."
        for slot in ("high", "low"):
            if self.description(slot):
                text += f"  {sentence(slot)}: {self.description(slot)}."
        verdict = self.legality()
        if verdict is not None:
            text += f"  {sentence(verdict[1])}."
        if self.showdown is not None:
            text += "\n" + self.showdown_text()
        self.status.setText(text)

    def _hand_words(self, high, low) -> str:
        describe = self.engine.hand
        return f"high {' '.join(high)} ({describe(*high).label}), low {' '.join(low)} ({describe(*low).label})"

    def showdown_text(self) -> str:
        """The dealer's part in plain words: the bank's setting and rule, then each box's result."""
        sd = self.showdown
        if sd is None:
            return ""
        # The results come before the rule's explanation, which is long and wraps on a laptop: it scrolls in
        # the status box, the results never do (they were the half-hidden line under it).
        lines = [f"Bank (box {sd.bank_box}), set the {sd.way_name} house way: "
                 f"{self._hand_words(sd.bank_high, sd.bank_low)}."]
        mine = self._player_box()
        if mine in sd.boxes:
            result = sd.boxes[mine]
            lines.append(f"Your box {mine}: your setting {RESULT_WORDS[result.outcome]} against the bank.")
        else:
            lines.append(f"Your box {mine}: {sd.trainee_note}.")
        others = [f"box {b} {RESULT_WORDS[r.outcome]}" for b, r in sorted(sd.boxes.items()) if b != mine]
        if others:
            lines.append(sentence(", ".join(others)) + " (each set the house way).")
        lines.append(f"Rule: {sd.rule_title}. {sentence(sd.rule_text)}")
        return "\n".join(lines)

    # --- painting ----------------------------------------------------------------------------------------
    @staticmethod
    def _font(size: float, bold: bool = True, family: str = "DejaVu Sans") -> QFont:
        return table_font(size, bold, family)

    def paint_table(self, p: QPainter, dragged: int | None = None, drag_position: QPointF | None = None):
        g = self.geometry_
        self._paint_felt(p, g)
        for box in range(2, BOXES + 1):
            self._paint_box(p, g, box)
        self._paint_dealer_side(p, g)
        self._paint_player_hand(p, g, dragged, drag_position)

    def _paint_felt(self, p: QPainter, g: PaiGowGeometry):
        paint_felt(p, g, FELT, FELT_DARK, 120)
        p.setPen(LINE_GOLD)
        p.setFont(self._font(30, True, "DejaVu Serif"))
        p.drawText(QRectF(g.centre.x() - 250, 650, 500, 36), Qt.AlignCenter, "PAI GOW")
        rate = float(_setting(self.settings, "commission_rate"))
        p.setFont(self._font(15))
        p.drawText(QRectF(g.centre.x() - 250, 686, 500, 20), Qt.AlignCenter,
                   f"WINNING WAGERS PAY EVEN MONEY LESS {rate * 100:g}%")
        lo, hi = _setting(self.settings, "table_min"), _setting(self.settings, "table_max")
        paint_limits_sign(p, g.limits_plaque, lo, hi, TEXT, 14)

    def _stack_faces(self, box: int) -> tuple[str, ...] | None:
        if box not in self.delivered_boxes():
            return None
        return tuple(self.deal_result.hand_of(box))

    def _paint_small_tiles(self, p: QPainter, centre: QPointF, angle: float, faces, face_up: bool, width: float,
                           split: bool = False):
        """Four tiles of a box: a face-down stack, or (exposed) side by side; `split` sets the high pair
        (first two) apart from the low pair."""
        style = _setting(self.settings, "tile_style")
        height = width * TILE_ASPECT
        p.save()
        p.translate(centre)
        p.rotate(angle)
        if face_up:
            gap = width * 0.12
            middle = width * 0.6 if split else gap
            total = 4 * width + 2 * gap + middle
            x = -total / 2
            for i, face in enumerate(faces):
                paint_tile(p, QRectF(x, -height / 2, width, height), face, style=style)
                x += width + (middle if i == 1 else gap)
        else:
            layer = width * 0.09
            for i in range(4):  # bottom tile first, each one a little higher: a stack of four
                paint_tile(p, QRectF(-width / 2, -height / 2 + (3 - i) * layer - 1.5 * layer, width, height),
                           face_up=False, style=style)
        p.restore()

    def _paint_box(self, p: QPainter, g: PaiGowGeometry, box: int):
        angle = g.reading_angle(box)
        mine = box == self._player_box()
        result = self.showdown.boxes.get(box) if self.showdown is not None else None
        for ring in ("wager", "tiles"):
            fill = QColor(255, 255, 255, 26 if ring == "wager" else 10)
            if mine and ring == "wager":
                fill = QColor(255, 214, 90, 60)
            if result is not None and ring == "wager":
                fill = QColor(RESULT_COLOURS[result.outcome])
                fill.setAlpha(150)
            p.setBrush(fill)
            p.setPen(QPen(LINE_GOLD, 2))
            p.drawPath(g.sector(box, ring))
        centre = g.ring_centre(box, "number")
        p.setBrush(FELT_DARK)
        p.setPen(QPen(LINE_GOLD, 2))
        p.drawEllipse(centre, 22, 22)
        p.save()
        p.translate(centre)
        p.rotate(angle)
        p.setPen(LINE_GOLD.lighter(115))
        p.setFont(self._font(24))
        p.drawText(QRectF(-22, -22, 44, 44), Qt.AlignCenter, str(box))
        p.restore()
        p.save()
        p.translate(g.ring_centre(box, "wager"))
        p.rotate(angle)
        p.setPen(TEXT)
        p.setFont(self._font(18))
        name = "YOUR BOX" if mine else f"BOX {box}"
        if result is not None:
            name += f" {RESULT_WORDS[result.outcome].upper()}"
        elif self.showdown is not None and box == self.showdown.bank_box:
            name += " BANK"
        p.drawText(QRectF(-110, -16, 220, 32), Qt.AlignCenter, name)
        p.restore()
        if box == self._banker_box():
            self._paint_chung(p, g.ring_centre(box, "wager") + QPointF(0, -40))
        faces = self._stack_faces(box)
        if result is not None:  # set for the showdown: high pair, a gap, low pair
            self._paint_small_tiles(p, g.ring_centre(box, "tiles"), angle, (*result.high, *result.low), True, 32,
                                    split=True)
        elif self.showdown is not None and box == self.showdown.bank_box:
            self._paint_small_tiles(p, g.ring_centre(box, "tiles"), angle,
                                    (*self.showdown.bank_high, *self.showdown.bank_low), True, 32, split=True)
        elif faces is not None and not (mine and not self.exposed):
            self._paint_small_tiles(p, g.ring_centre(box, "tiles"), angle, faces, self.exposed, 34)
        elif faces is not None and mine:
            label_at = g.ring_centre(box, "tiles")
            p.save()
            p.translate(label_at)
            p.rotate(angle)
            p.setPen(TEXT)
            p.setFont(self._font(14, False))
            p.drawText(QRectF(-100, -12, 200, 24), Qt.AlignCenter, "your tiles: centre of the table")
            p.restore()

    def _paint_showdown_note(self, p: QPainter, g: PaiGowGeometry, sd: Showdown):
        """Beside box 1: whose tiles it holds and, for the bank, the house-way rule that set them."""
        note = QRectF(g.box1.right() + 12, g.box1.top() - 4, g.limits_plaque.left() - g.box1.right() - 20, 124)
        if sd.bank_box == 1:
            lines = [f"BANK: {sd.way_name.upper()} WAY", sd.rule_title]
        elif 1 in sd.boxes:
            lines = [f"BOX 1 {RESULT_WORDS[sd.boxes[1].outcome].upper()}", "set the house way"]
        else:
            return
        p.setPen(QColor(255, 214, 90))
        p.setFont(self._font(15))
        p.drawText(QRectF(note.left(), note.top(), note.width(), 22), Qt.AlignLeft | Qt.AlignVCenter, lines[0])
        p.setPen(TEXT)
        p.setFont(self._font(14, False))
        p.drawText(QRectF(note.left(), note.top() + 24, note.width(), note.height() - 24),
                   Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap, lines[1])

    def _paint_chung(self, p: QPainter, centre: QPointF):
        radius = 26
        gradient = QRadialGradient(centre - QPointF(6, 6), radius * 1.4)
        gradient.setColorAt(0, QColor(255, 236, 150))
        gradient.setColorAt(1, QColor(190, 140, 30))
        p.setPen(QPen(QColor(90, 60, 0), 2))
        p.setBrush(gradient)
        p.drawEllipse(centre, radius, radius)
        font = self._font(26, True, "Noto Sans CJK SC")
        text = CHUNG_CHARACTER if QFontMetricsF(font).inFont(CHUNG_CHARACTER) else "CHUNG"
        if text != CHUNG_CHARACTER:
            font = self._font(11)
        p.setFont(font)
        p.setPen(QColor(120, 20, 20))
        p.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), Qt.AlignCenter, text)

    def _paint_dealer_side(self, p: QPainter, g: PaiGowGeometry):
        style = _setting(self.settings, "tile_style")
        # Chip tray: one chip per value, in that value's colour (the same on every table).
        paint_tray(p, g.chip_tray, _setting(self.settings, "chip_values"))
        # The woodpile: 8 stacks of 4 face down, until each stack is delivered.
        delivered_stacks = self.delivered if self.deal_result is not None else 0
        for i, rect in enumerate(g.woodpile):
            if self.deal_result is not None and i < delivered_stacks:
                p.setPen(QPen(QColor(255, 255, 255, 40), 1, Qt.DashLine))
                p.setBrush(Qt.NoBrush)
                p.drawRoundedRect(rect, 5, 5)
                continue
            layer = rect.width() * 0.09
            for level in range(4):
                paint_tile(p, rect.translated(0, (3 - level) * layer - 3 * layer + 8), face_up=False, style=style)
        p.setPen(TEXT)
        p.setFont(self._font(13, False))
        first, last = g.woodpile[0], g.woodpile[-1]
        p.drawText(QRectF(first.left(), first.bottom() + 4, last.right() - first.left(), 20), Qt.AlignCenter,
                   "WOODPILE")
        # Box 1 (the dealer's own place when the house banks).
        box1 = g.box1
        p.setPen(QPen(LINE_GOLD, 2))
        p.setBrush(QColor(255, 255, 255, 18))
        p.drawRoundedRect(box1, 10, 10)
        number = QPointF(box1.left() + 26, box1.top() + 26)
        p.setBrush(FELT_DARK)
        p.drawEllipse(number, 20, 20)
        p.setPen(LINE_GOLD.lighter(115))
        p.setFont(self._font(22))
        p.drawText(QRectF(number.x() - 20, number.y() - 20, 40, 40), Qt.AlignCenter, "1")
        if self._banker_box() == 1:
            self._paint_chung(p, QPointF(box1.left() + 26, box1.bottom() - 30))
        faces = self._stack_faces(1)
        sd = self.showdown
        box1_centre = QPointF(box1.center().x() + 24, box1.center().y())
        if sd is not None and sd.bank_box == 1:
            self._paint_small_tiles(p, box1_centre, 0, (*sd.bank_high, *sd.bank_low), True, 34, split=True)
        elif sd is not None and 1 in sd.boxes:
            result = sd.boxes[1]
            self._paint_small_tiles(p, box1_centre, 0, (*result.high, *result.low), True, 34, split=True)
        elif faces is not None:
            self._paint_small_tiles(p, box1_centre, 0, faces, self.exposed, 34)
        if sd is not None:
            self._paint_showdown_note(p, g, sd)
        # Dice cup and the three dice.
        cup = g.dice_cup
        gradient = QRadialGradient(cup.center() - QPointF(14, 14), cup.width() * 0.7)
        gradient.setColorAt(0, QColor(210, 180, 120))
        gradient.setColorAt(1, QColor(110, 70, 30))
        p.setPen(QPen(QColor(60, 36, 14), 3))
        p.setBrush(gradient)
        p.drawEllipse(cup)
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor(60, 36, 14, 180), 2))
        p.drawEllipse(cup.adjusted(14, 14, -14, -14))
        p.setBrush(QColor(70, 40, 18))
        p.drawEllipse(cup.center(), 9, 9)
        p.setPen(TEXT)
        p.setFont(self._font(13, False))
        p.drawText(QRectF(cup.left() - 10, cup.bottom() + 2, cup.width() + 20, 20), Qt.AlignCenter, "DICE CUP")
        if self.deal_result is not None:
            for rect, value in zip(g.dice, self.deal_result.dice):
                paint_die(p, rect, value)
            p.setPen(TEXT)
            p.setFont(self._font(15))
            d = self.deal_result.dice
            p.drawText(QRectF(g.dice[0].left() - 10, g.dice[0].bottom() + 6, 180, 44), Qt.AlignLeft,
                       f"{d[0]} + {d[1]} + {d[2]} = {sum(d)}\nfirst stack: box {self.deal_result.first_box}")

    def _paint_player_hand(self, p: QPainter, g: PaiGowGeometry, dragged, drag_position):
        style = _setting(self.settings, "tile_style")
        tiles = self.player_tiles
        for slot, rect in g.slots.items():
            p.setPen(QPen(LINE_GOLD, 2, Qt.DashLine))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRoundedRect(rect, 10, 10)
            p.setPen(TEXT)
            p.setFont(self._font(17))
            p.drawText(QRectF(rect.left(), rect.top() - 28, rect.width(), 26), Qt.AlignCenter,
                       f"{slot.upper()} HAND")
            p.setFont(self._font(16, False))
            p.drawText(QRectF(rect.left() - 40, rect.bottom() + 2, rect.width() + 80, 24), Qt.AlignCenter,
                       self.description(slot) if tiles else "")
        verdict = self.legality()
        if verdict is not None:
            p.setPen(QColor(150, 240, 150) if verdict[0] else QColor(255, 140, 120))
            p.setFont(self._font(14))
            p.drawText(QRectF(g.centre.x() - 300, g.slots["low"].bottom() + 26, 600, 36),
                       Qt.AlignCenter | Qt.TextWordWrap, verdict[1])
        if not tiles:
            return
        for index in range(4):
            if index == dragged:
                continue
            rect = self.tile_rect(index)
            paint_tile(p, rect, tiles[index], style=style)
            if index == self.selected and self.hasFocus():
                self._paint_focus(p, rect)
        for index in range(4):
            if index == self.selected and not self.hasFocus() and index != dragged:
                self._paint_focus(p, self.tile_rect(index), faint=True)
        for index in range(4):  # the key numbers last, over the focus ring, so it never hides one
            if index != dragged:
                self._paint_tile_number(p, self.tile_rect(index), index)
        if dragged is not None and drag_position is not None:
            rect = QRectF(drag_position, QSizeF(HAND_TILE_W, HAND_TILE_H))
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(0, 0, 0, 70))
            p.drawRoundedRect(rect.translated(6, 8), 8, 8)
            paint_tile(p, rect, tiles[dragged], style=style)
            self._paint_tile_number(p, rect, dragged)

    def tile_number_rect(self, index: int) -> QRectF:
        """The disc with the key (1-4) that chooses the trainee's tile `index`, at its upper left corner."""
        rect = self.tile_rect(index)
        radius = TILE_NUMBER_RADIUS
        return QRectF(rect.left() - radius * 0.9, rect.top() - radius * 0.9, 2 * radius, 2 * radius)

    def _paint_tile_number(self, p: QPainter, rect: QRectF, index: int):
        radius = TILE_NUMBER_RADIUS
        disc = QRectF(rect.left() - radius * 0.9, rect.top() - radius * 0.9, 2 * radius, 2 * radius)
        p.setPen(QPen(LINE_GOLD, 2))
        p.setBrush(FELT_DARK)
        p.drawEllipse(disc)
        p.setPen(LINE_GOLD.lighter(120))
        p.setFont(self._font(radius * 1.2))
        p.drawText(disc, Qt.AlignCenter, str(index + 1))

    def _paint_focus(self, p: QPainter, rect: QRectF, faint: bool = False):
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor(255, 214, 90, 120 if faint else 255), 4))
        p.drawRoundedRect(rect.adjusted(-5, -5, 5, 5), 10, 10)


__all__ = ["PaiGowGeometry", "PaiGowSettings", "PaiGowTable"]
