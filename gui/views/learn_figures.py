"""The lessons' pictures, drawn with the program's own widgets: the roulette wheel and layout, cards, tiles, and
the baccarat and pai gow tables themselves, set up as a lesson's Figure says (dealerdrill.lessons.model).

Nothing here decides anything: a figure's data comes from the engine by way of the lesson (which chips lie where,
which wagers won, which coup of a seeded shoe, which seeded deal), and the tables deal from the same seeds, so the
picture shows exactly what the lesson's words say. Figures are pictures: they take neither the keyboard nor the
mouse.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from .cards import CARD_ASPECT, paint_card
from .tiles import TILE_ASPECT, paint_tile

FELT = QColor(18, 92, 58)
CAPTION_INK = QColor("#1f2a37")
TABLE_HEIGHT = 430          # a table in a lesson: tall enough to read its cards and tiles at a laptop's width
MAX_FIGURE_WIDTH = 980


def _picture(widget: QWidget) -> QWidget:
    """A figure is a picture: no keyboard focus, no clicks (a table's own keys and drags stay at the table)."""
    widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    for child in widget.findChildren(QWidget):
        child.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    widget.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
    return widget


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(int(round(pixels)))
    font.setBold(bold)
    return font


class CardRow(QWidget):
    """Cards side by side, each with a caption under it; the cards shrink to fit the width (never below a
    readable size, then they wrap onto a second row)."""

    CARD_WIDTH = 70.0
    MIN_CARD_WIDTH = 48.0
    GAP = 10.0
    CAPTION = 16.0

    def __init__(self, cards: list[tuple[int, str, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self.cards = list(cards)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Cards: " + "; ".join(caption for _, _, caption in self.cards))

    def _grid(self, width: float) -> tuple[float, int]:
        count = max(1, len(self.cards))
        card = min(self.CARD_WIDTH, (width - self.GAP * (count - 1)) / count)
        if card >= self.MIN_CARD_WIDTH:
            return card, count
        per_row = max(1, int((width + self.GAP) // (self.MIN_CARD_WIDTH + self.GAP)))
        return self.MIN_CARD_WIDTH, per_row

    def _row_height(self, card: float) -> float:
        return card * CARD_ASPECT + self.CAPTION + 10

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        card, per_row = self._grid(width)
        rows = -(-len(self.cards) // per_row)
        return int(rows * self._row_height(card)) + 4

    def sizeHint(self) -> QSize:
        width = int(len(self.cards) * (self.CARD_WIDTH + self.GAP))
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self.MIN_CARD_WIDTH * 3 + 2 * self.GAP), self.heightForWidth(int(self.MIN_CARD_WIDTH * 3)))

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        card, per_row = self._grid(self.width())
        painter.setFont(_font(12))
        for index, (rank, suit, caption) in enumerate(self.cards):
            row, column = divmod(index, per_row)
            x = column * (card + self.GAP)
            y = row * self._row_height(card)
            paint_card(painter, QRectF(x, y, card, card * CARD_ASPECT), rank, suit)
            painter.setPen(CAPTION_INK)
            painter.drawText(QRectF(x - self.GAP / 2, y + card * CARD_ASPECT + 4, card + self.GAP, self.CAPTION),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, caption)
        painter.end()


class TileGroups(QWidget):
    """Groups of tiles (a kind, a hand, a setting), each with its caption under it, flowing onto as many rows as
    the width needs."""

    TILE_WIDTH = 30.0
    TILE_GAP = 4.0
    HAND_GAP = 12.0          # four tiles are two hands of two: a wider gap between the hands
    GROUP_GAP = 22.0
    LINE = 15.0

    def __init__(self, groups: list[dict], parent: QWidget | None = None):
        super().__init__(parent)
        self.groups = [(list(g["tiles"]), str(g.get("caption", ""))) for g in groups]
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Tiles: " + "; ".join(f"{' '.join(t)} {c}" for t, c in self.groups))

    def _caption_lines(self) -> int:
        return max((caption.count("\n") + 1 for _, caption in self.groups if caption), default=0)

    def _tile_lefts(self, count: int) -> list[float]:
        lefts, x = [], 0.0
        for i in range(count):
            lefts.append(x)
            x += self.TILE_WIDTH + (self.HAND_GAP if count == 4 and i == 1 else self.TILE_GAP)
        return lefts

    def _tiles_width(self, count: int) -> float:
        return (self._tile_lefts(count)[-1] + self.TILE_WIDTH) if count else 0.0

    def _group_width(self, tiles: list[str], caption: str) -> float:
        tiles_width = self._tiles_width(len(tiles))
        metrics = QFontMetricsF(_font(12))
        text = max((metrics.horizontalAdvance(line) for line in caption.split("\n")), default=0.0)
        return max(tiles_width, text + 4)

    def _places(self, width: float) -> list[tuple[float, float, float]]:
        """(x, y, group width) of each group, flowing left to right and down."""
        places, x, y = [], 0.0, 0.0
        row_height = self._row_height()
        for tiles, caption in self.groups:
            w = self._group_width(tiles, caption)
            if x > 0 and x + w > width:
                x, y = 0.0, y + row_height
            places.append((x, y, w))
            x += w + self.GROUP_GAP
        return places

    def _row_height(self) -> float:
        return self.TILE_WIDTH * TILE_ASPECT + 6 + self._caption_lines() * self.LINE + 12

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        places = self._places(width)
        return int((places[-1][1] if places else 0) + self._row_height())

    def sizeHint(self) -> QSize:
        width = int(sum(self._group_width(t, c) + self.GROUP_GAP for t, c in self.groups))
        width = min(width, MAX_FIGURE_WIDTH)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        widest = int(max((self._group_width(t, c) for t, c in self.groups), default=0.0)) + 2
        return QSize(widest, self.heightForWidth(widest))

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(_font(12))
        tile_height = self.TILE_WIDTH * TILE_ASPECT
        for (tiles, caption), (x, y, w) in zip(self.groups, self._places(self.width())):
            left = x + (w - self._tiles_width(len(tiles))) / 2
            for offset, face in zip(self._tile_lefts(len(tiles)), tiles):
                paint_tile(painter, QRectF(left + offset, y, self.TILE_WIDTH, tile_height), face)
            painter.setPen(CAPTION_INK)
            painter.drawText(QRectF(x - self.GROUP_GAP / 2 + 2, y + tile_height + 6, w + self.GROUP_GAP - 4,
                                    self._caption_lines() * self.LINE + 4),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, caption)
        painter.end()


def _roulette_wheel(data) -> QWidget:
    from .roulette_wheel import RouletteWheelView

    wheel = RouletteWheelView(list(data["order"]), dict(data["colours"]))
    wheel.setFixedSize(320, 320)
    return wheel


def _roulette_layout(data) -> QWidget:
    from .roulette_layout import RouletteLayoutView
    from .roulette_table import make_change

    layout = RouletteLayoutView(dict(data["colours"]), bool(data["first_four"]))
    chips = tuple(data["chip_values"])
    layout.set_stacks({key: make_change(amount, chips) or [amount] for key, amount in data["stakes"].items()})
    if data.get("dolly") is not None:
        layout.set_result(data["dolly"], data.get("winning", ()))
    layout.setMaximumWidth(MAX_FIGURE_WIDTH)
    return layout


def _cards(data) -> QWidget:
    return CardRow(list(data["cards"]))


def _tiles(data) -> QWidget:
    return TileGroups(list(data["groups"]))


def _baccarat_table(data) -> QWidget:
    from .baccarat_table import BaccaratTable

    settings = {"decks": data["decks"], "cut_from_end": data["cut_from_end"], "burn": data["burn"],
                "seed": data["seed"], "big_table": data["big_table"], "deal_step_ms": 0,
                "tie_odds": data["tie_odds"], "commission_rate": data["commission_percent"] / 100,
                "table_min": data["minimum_bet"], "table_max": data["maximum_bet"],
                "chip_values": tuple(data["chip_values"])}
    table = BaccaratTable(settings=settings)
    if table.shoe.burns:
        table.deal()         # a fresh shoe burns first, as at the table
    for _ in range(int(data["coups"])):
        table.deal()
    for widget in (table.deal_button, table.shuffle_button, table.status):
        widget.hide()
    table.setFixedHeight(TABLE_HEIGHT)
    table.setMaximumWidth(MAX_FIGURE_WIDTH)
    return table


def _paigow_table(data) -> QWidget:
    from .paigow_table import PaiGowTable

    settings = {"seed": data["seed"], "banker_box": data["banker_box"], "player_box": data["player_box"],
                "house_way": data["house_way"], "deal_step_ms": 0,
                "commission_rate": data["commission_percent"] / 100, "table_min": data["minimum_bet"],
                "table_max": data["maximum_bet"], "chip_values": tuple(data["chip_values"])}
    table = PaiGowTable(settings=settings)
    table.new_deal()
    if data.get("exposed"):
        high = list(data["player_setting"][0])
        for index, face in enumerate(table.player_tiles):
            if face in high:
                high.remove(face)
                table.move_tile(index, "high")
            else:
                table.move_tile(index, "low")
        table.toggle_exposed()
    for widget in (table.deal_button, table.expose_button, table.status_box):
        widget.hide()
    table.setFixedHeight(TABLE_HEIGHT + 40)
    table.setMaximumWidth(MAX_FIGURE_WIDTH)
    return table


FIGURES: dict[str, Callable[[dict], QWidget]] = {
    "roulette_wheel": _roulette_wheel,
    "roulette_layout": _roulette_layout,
    "cards": _cards,
    "tiles": _tiles,
    "baccarat_table": _baccarat_table,
    "paigow_table": _paigow_table,
}


def make_figure(kind: str, data) -> QWidget:
    """The widget that draws a lesson's figure of this kind (ValueError for a kind no lesson may use)."""
    if kind not in FIGURES:
        raise ValueError(f"there is no figure of the kind {kind!r}")
    widget = _picture(FIGURES[kind](data))
    widget.setObjectName(f"figure-{kind}")
    return widget
