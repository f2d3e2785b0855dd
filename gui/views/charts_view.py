"""The charts drawn: the third-card chart (Table 2), the payout tables, the tile ranking and the house way in force.

Each chart page shows what dealerdrill.reference.charts asks of the engine, arranged for reading: nothing here
holds a value of a rule. Tiles are drawn with the program's own tile painter (views/tiles.py). A chart page cites
the rules it shows as links; `rule_link` carries (game, number) to whoever shows the rule book.

    chart_widget(chart_id, settings) -> ChartPage      a chart to put anywhere (the rule book, a lesson)
"""
from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.reference import charts
from dealerdrill.reference.charts import CHARTS, money
from dealerdrill.reference.rulebook import book

from .tiles import TILE_ASPECT, paint_tile

INK = "#1f2a37"
MUTED = "#5b6675"
DRAW = "#d7efdd"         # a cell that draws
STAND = "#eef1f5"        # a cell that stands
NATURAL = "#fbeec9"      # a natural: no draw
HEADER = "#e3e8ee"

STYLE = f"""
QWidget#chartPage {{ background: #ffffff; }}
QWidget#chartPage QLabel {{ color: {INK}; }}
QLabel[role="chartTitle"] {{ font-size: 18px; font-weight: 600; }}
QLabel[role="muted"] {{ color: {MUTED}; }}
QLabel[role="section"] {{ color: {MUTED}; font-size: 11px; font-weight: 600; letter-spacing: 1px; }}
QLabel[cell="head"] {{ background: {HEADER}; font-weight: 600; padding: 4px 6px; }}
QLabel[cell="plain"] {{ padding: 4px 6px; border-bottom: 1px solid #e6e9ee; }}
QLabel[cell="draw"] {{ background: {DRAW}; padding: 4px 6px; font-weight: 600; }}
QLabel[cell="stand"] {{ background: {STAND}; padding: 4px 6px; color: {MUTED}; }}
QLabel[cell="natural"] {{ background: {NATURAL}; padding: 4px 6px; }}
"""


class TilesView(QWidget):
    """Tiles in groups (a hand, the high and low hands of a setting), drawn upright with the program's tiles."""

    def __init__(self, groups: Sequence[Sequence[str]], tile_width: int | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.groups = [list(group) for group in groups]
        self._width = tile_width
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(" | ".join(" ".join(group) for group in self.groups))

    def tile_width(self) -> int:
        # As tall as about two lines of text, so the tiles grow with the font on a large screen.
        return self._width or max(16, round(self.fontMetrics().height() * 1.25))

    def _gaps(self) -> tuple[int, int]:
        width = self.tile_width()
        return max(2, width // 8), width       # between tiles, between groups

    def sizeHint(self) -> QSize:
        width = self.tile_width()
        tile_gap, group_gap = self._gaps()
        tiles = sum(len(group) for group in self.groups)
        total = tiles * width + max(0, tiles - len(self.groups)) * tile_gap + max(0, len(self.groups) - 1) * group_gap
        return QSize(total + 2, round(width * TILE_ASPECT) + 2)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def tile_rects(self) -> list[QRectF]:
        width = self.tile_width()
        height = width * TILE_ASPECT
        tile_gap, group_gap = self._gaps()
        rects, x = [], 1.0
        for index, group in enumerate(self.groups):
            if index:
                x += group_gap - tile_gap
            for _ in group:
                rects.append(QRectF(x, 1, width, height))
                x += width + tile_gap
        return rects

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        faces = [face for group in self.groups for face in group]
        for rect, face in zip(self.tile_rects(), faces):
            paint_tile(painter, rect, face)
        painter.end()


class _Words(QLabel):
    """Wrapped words that ask for a readable line (at most `chars` characters) rather than Qt's narrow guess, and
    give way down to `least` pixels on a narrow pane."""

    def __init__(self, text: str, chars: int = 90, least: int = 260):
        super().__init__(text)
        self.setWordWrap(True)
        self._chars = chars
        self.setMinimumWidth(least)

    def sizeHint(self) -> QSize:
        longest = max((self.fontMetrics().horizontalAdvance(line) for line in self.text().split("<br>")), default=0)
        width = min(longest + 8, self.fontMetrics().averageCharWidth() * self._chars)
        return QSize(max(width, self.minimumWidth()), self.heightForWidth(max(width, self.minimumWidth())))


def _label(text: str, role: str | None = None, *, cell: str | None = None, wrap: bool = False,
           name: str | None = None) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if role:
        label.setProperty("role", role)
    if cell:
        label.setProperty("cell", cell)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


class ChartPage(QWidget):
    """One chart: its title, what it shows, the rules it shows (links), and the chart itself."""

    rule_link = Signal(str, str)      # (game, number): a rule the chart cites was chosen

    def __init__(self, chart_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        info = CHARTS[chart_id]
        self.chart_id = chart_id
        self.game = info.game
        self.setObjectName("chartPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(16, 12, 16, 16)
        self.column.setSpacing(8)
        self.title_label = _label(info.title, "chartTitle", name="chartTitle")
        self.column.addWidget(self.title_label)
        self.column.addWidget(_label(info.summary, "muted", wrap=True))
        the_book = book()
        links = []
        for number in info.rules:
            found = the_book.lookup(info.game, number)
            if found is not None:
                links.append(f'<a href="rule:{info.game}:{html.escape(found.id)}">{html.escape(found.label)}</a>')
        self.rules_label = QLabel("Rules: " + " · ".join(links))
        self.rules_label.setObjectName("chartRules")
        self.rules_label.setTextFormat(Qt.TextFormat.RichText)
        self.rules_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                                 | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.rules_label.linkActivated.connect(self._link)
        self.column.addWidget(self.rules_label)

    def _link(self, href: str) -> None:
        _, game, number = href.split(":", 2)
        self.rule_link.emit(game, number)

    def add_grid(self, name: str, fill_width: bool = False) -> QGridLayout:
        """A grid of cells, as wide as its contents (or as the page, `fill_width`, for a column of words)."""
        frame = QFrame()
        frame.setObjectName(name)
        grid = QGridLayout(frame)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(1)
        grid.setVerticalSpacing(1)
        row = QHBoxLayout()
        row.addWidget(frame, 1 if fill_width else 0)
        if not fill_width:
            row.addStretch(1)
        self.column.addLayout(row)
        return grid

    def finish(self) -> None:
        self.column.addStretch(1)

    def cell_texts(self, name: str) -> list[list[str]]:
        """The text of a grid's cells, row by row (what the trainee reads; the tests compare it with the engine)."""
        frame = self.findChild(QFrame, name)
        grid = frame.layout()
        rows: dict[int, dict[int, str]] = {}
        for index in range(grid.count()):
            widget = grid.itemAt(index).widget()
            row, column, _, _ = grid.getItemPosition(index)
            if isinstance(widget, QLabel):
                rows.setdefault(row, {})[column] = widget.text()
            elif isinstance(widget, TilesView):
                rows.setdefault(row, {})[column] = widget.accessibleName()
        return [[cells[c] for c in sorted(cells)] for _, cells in sorted(rows.items())]


# --------------------------------------------------------------------------------------------- baccarat

def third_card_page() -> ChartPage:
    page = ChartPage("baccarat.third_card")
    chart = charts.third_card_chart()
    page.column.addWidget(_label("THE PLAYER'S HAND, BY ITS TWO-CARD COUNT", "section"))
    player = page.add_grid("playerDraws")
    player.addWidget(_label("Player's count", cell="head"), 0, 0)
    player.addWidget(_label("Player", cell="head"), 1, 0)
    for column, (total, action) in enumerate(chart.player, start=1):
        number = _label(str(total), cell="head")
        number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        player.addWidget(number, 0, column)
        if action == "natural":
            natural = _label("N", cell="natural")
            natural.setAlignment(Qt.AlignmentFlag.AlignCenter)
            natural.setToolTip("a natural: neither hand draws")
            player.addWidget(natural, 1, column)
        else:
            player.addWidget(_cell(action == "draws"), 1, column)
    page.column.addSpacing(6)
    page.column.addWidget(_label("THE BANKER'S HAND, BY ITS COUNT AND THE PLAYER'S THIRD CARD (TABLE 2; RULE 9.5 WHEN "
                                 "THE PLAYER STOOD)", "section", wrap=True))
    banker = page.add_grid("bankerDraws")
    banker.addWidget(_label("Banker's\ncount", cell="head"), 0, 0, 2, 1)
    banker.addWidget(_label("Player\nstood", cell="head"), 0, 1, 2, 1)
    banker.addWidget(_label("The Player drew: its third card was", cell="head"), 0, 2, 1, len(chart.third_cards))
    for column, value in enumerate(chart.third_cards, start=2):
        number = _label(str(value), cell="head")
        number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        banker.addWidget(number, 1, column)
    for row, line in enumerate(chart.banker, start=2):
        banker.addWidget(_label(str(line.total), cell="head"), row, 0)
        if line.natural:
            banker.addWidget(_label("Natural: the Banker cannot draw", cell="natural"), row, 1, 1,
                             len(chart.third_cards) + 1)
            continue
        banker.addWidget(_cell(line.when_player_stood), row, 1)
        for column, draws in enumerate(line.when_drawn, start=2):
            banker.addWidget(_cell(draws), row, column)
    page.column.addWidget(_label("D: the hand draws a third card. S: it stands. N: a natural (8 or 9 on the first two "
                                 "cards), and then neither hand draws. Read the Banker's row across to the Player's "
                                 "third card, by its point value (a ten or picture card is 0).", "muted", wrap=True))
    page.finish()
    return page


def _cell(draws: bool) -> QLabel:
    cell = _label("D" if draws else "S", cell="draw" if draws else "stand")
    cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
    cell.setMinimumWidth(round(cell.fontMetrics().height() * 1.9))
    cell.setToolTip("draws" if draws else "stands")
    return cell


def _payout_grid(page: ChartPage, name: str, headers: list[str], rows: list[list[str]], wrap_column: int = 1) -> None:
    """A table of words; `wrap_column` wraps (and takes the width left), so a narrow pane never scrolls sideways."""
    grid = page.add_grid(name)
    for column, header in enumerate(headers):
        grid.addWidget(_label(header, cell="head"), 0, column)
    for row, cells in enumerate(rows, start=1):
        for column, text in enumerate(cells):
            grid.addWidget(_label(text, cell="plain", wrap=column == wrap_column), row, column)
    grid.setColumnStretch(wrap_column, 1)


def _paid_words(row: charts.PayoutRow) -> str:
    """What the dealer hands over: the payment, or what happens to a wager that is not paid."""
    if row.result == "push":
        return "push: the wager stays"
    if row.result == "lose":
        return "lost: the wager is taken"
    return money(row.paid)


def _shown_rows(rows: Sequence[charts.PayoutRow]) -> list[charts.PayoutRow]:
    """Each case at the first example stake; the other stakes only where commission is charged (its rounding)."""
    first = rows[0].stake if rows else 0
    return [row for row in rows if row.stake == first or row.commission or row.marked]


def baccarat_payouts_page(settings) -> ChartPage:
    page = ChartPage("baccarat.payouts")
    payouts = charts.baccarat_payouts(settings.baccarat)
    collected = ("taken off the payment" if payouts.collection == "at payment"
                 else "marked in the seat's commission box and collected when the player leaves or the shoe ends")
    page.column.addWidget(_label(f"At this table: commission {payouts.commission_percent} of a winning Banker wager, "
                                 f"{payouts.rounding}, {collected}; a Tie pays {payouts.tie_odds} to 1.",
                                 wrap=True, name="payoutTerms"))
    rows = [[row.wager, row.when, row.odds or "—", money(row.stake), _paid_words(row),
             (money(row.commission) + (" marked" if row.marked else "")) if row.commission else "—"]
            for row in _shown_rows(payouts.rows)]
    _payout_grid(page, "baccaratPayouts", ["Wager", "When", "Odds", "Stake", "Paid", "Commission"], rows)
    page.finish()
    return page


# --------------------------------------------------------------------------------------------- roulette

def roulette_payouts_page(settings) -> ChartPage:
    page = ChartPage("roulette.payouts")
    payouts = charts.roulette_payouts(settings.roulette)
    rows = [[row.kind, str(row.covers), f"{row.odds} to 1", "outside" if row.outside else "inside", row.example,
             f"{money(row.stake)} wins {money(row.wins)}"] for row in payouts.rows]
    _payout_grid(page, "roulettePayouts", ["Wager", "Numbers", "Odds", "Where", "For example", "Paid on a win"], rows)
    page.column.addSpacing(6)
    page.column.addWidget(_label("WHEN THE BALL LANDS ON 0 (RULES 5.2-5.3)", "section"))
    zero = "; ".join(f"{name} ({odds} to 1)" for name, odds in payouts.zero_winners)
    offered = "offered" if payouts.first_four else "not offered"
    page.column.addWidget(_label(f"Only these win: {zero}. Every other wager loses, the even-money ones too. The "
                                 f"first four is {offered} at this table.", wrap=True, name="zeroWinners"))
    page.finish()
    return page


# --------------------------------------------------------------------------------------------- pai gow

def paigow_payouts_page(settings) -> ChartPage:
    page = ChartPage("paigow.payouts")
    payouts = charts.paigow_payouts(settings.paigow)
    page.column.addWidget(_label(f"At this table: a winning wager is paid even money less {payouts.commission_percent} "
                                 f"commission, {payouts.rounding}; the house is the bank.", wrap=True,
                                 name="payoutTerms"))
    rows = [[row.wager, row.when, money(row.stake), _paid_words(row),
             money(row.commission) if row.commission else "—"] for row in _shown_rows(payouts.rows)]
    _payout_grid(page, "paigowPayouts", ["Hand", "When", "Stake", "Paid", "Commission"], rows)
    page.finish()
    return page


def tiles_page() -> ChartPage:
    page = ChartPage("paigow.tile_ranks")
    chart = charts.tile_chart()
    # The single tiles and the named hands side by side where the page is wide enough, else one above the other.
    sides = _Sides()
    page.column.addWidget(sides)
    grid = sides.add_grid("THE 16 KINDS OF TILE, HIGHEST FIRST", "tileRanking")
    for column, header in enumerate(["Rank", "Tiles", "Name", "Points"]):
        grid.addWidget(_label(header, cell="head"), 0, column)
    for row, tile in enumerate(chart.tiles, start=1):
        grid.addWidget(_label(str(tile.rank), cell="plain"), row, 0)
        grid.addWidget(TilesView([tile.faces]), row, 1)
        grid.addWidget(_label(tile.name, cell="plain"), row, 2)
        grid.addWidget(_label(" or ".join(map(str, tile.points)), cell="plain"), row, 3)
    named = sides.add_grid("THE 22 NAMED HANDS, HIGHEST FIRST", "namedHands")
    for column, header in enumerate(["Rank", "Tiles", "Hand"]):
        named.addWidget(_label(header, cell="head"), 0, column)
    for row, hand in enumerate(chart.named_hands, start=1):
        named.addWidget(_label(str(hand.rank), cell="plain"), row, 0)
        named.addWidget(TilesView([hand.tiles]), row, 1)
        named.addWidget(_label(hand.label, cell="plain"), row, 2)
    page.column.addWidget(_label("Below the 22 named hands every hand counts its points, the last digit of its dots "
                                 "added (rule 4.2); equal points go to the higher-ranking highest tile (rule 4.3).",
                                 "muted", wrap=True))
    page.finish()
    return page


class _Sides(QWidget):
    """Grids side by side when the width allows, else stacked: a laptop's narrow chart pane never scrolls
    sideways, and a wide screen uses its width."""

    SPACING = 24

    def __init__(self):
        super().__init__()
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(self.SPACING)
        self.parts: list[QWidget] = []
        self.box.addStretch(1)

    def add_grid(self, heading: str, name: str) -> QGridLayout:
        part = QWidget()
        column = QVBoxLayout(part)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(6)
        column.addWidget(_label(heading, "section"))
        frame = QFrame()
        frame.setObjectName(name)
        grid = QGridLayout(frame)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(1)
        grid.setVerticalSpacing(1)
        column.addWidget(frame)
        column.addStretch(1)
        self.box.insertWidget(len(self.parts), part, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.parts.append(part)
        return grid

    def side_by_side_width(self) -> int:
        return sum(part.sizeHint().width() for part in self.parts) + self.SPACING * (len(self.parts) - 1)

    def minimumSizeHint(self) -> QSize:
        widest = max((part.minimumSizeHint().width() for part in self.parts), default=0)
        return QSize(widest, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        wanted = (QBoxLayout.Direction.LeftToRight if event.size().width() >= self.side_by_side_width()
                  else QBoxLayout.Direction.TopToBottom)
        if self.box.direction() != wanted:
            self.box.setDirection(wanted)
        super().resizeEvent(event)


def house_way_page(settings) -> ChartPage:
    page = ChartPage("paigow.house_way")
    way = charts.house_way_chart(settings.paigow.house_way)
    page.title_label.setText(f"The house way in force: {way.name}")
    page.column.addWidget(_label(f"Source: {way.source}. The rules are tried in this order; the first that applies "
                                 "sets the bank's hand. Each example is a hand the engine sets by that rule.",
                                 "muted", wrap=True, name="houseWaySource"))
    grid = page.add_grid("houseWayRules")
    for column, header in enumerate(["", "Rule", "Example: four tiles", "Set: high hand · low hand"]):
        grid.addWidget(_label(header, cell="head"), 0, column)
    grid.setColumnStretch(1, 1)
    for row, rule in enumerate(way.rules, start=1):
        grid.addWidget(_label(f"{rule.order}.", cell="plain"), row, 0, Qt.AlignmentFlag.AlignTop)
        # Lines of a readable length on a wide screen; narrower (down to 260 pixels) on a laptop.
        words = _Words(f"<b>{html.escape(rule.title)}</b><br>{html.escape(rule.text)}", chars=80)
        words.setTextFormat(Qt.TextFormat.RichText)
        words.setProperty("cell", "plain")
        words.setObjectName(f"houseWayRule-{rule.id}")
        grid.addWidget(words, row, 1)
        if rule.example is None:
            grid.addWidget(_label("no hand", cell="plain"), row, 2)
            continue
        grid.addWidget(TilesView([rule.example.tiles]), row, 2, Qt.AlignmentFlag.AlignTop)
        setting = QWidget()
        column = QVBoxLayout(setting)
        column.setContentsMargins(4, 2, 4, 2)
        column.setSpacing(2)
        column.addWidget(TilesView([rule.example.high, rule.example.low]))
        column.addWidget(_label(f"{rule.example.high_label} · {rule.example.low_label}", "muted", wrap=True))
        grid.addWidget(setting, row, 3, Qt.AlignmentFlag.AlignTop)
    if way.notes:
        page.column.addWidget(_label("HOW THE PROGRAM READS WHAT THE PUBLISHED WAY LEAVES OPEN", "section"))
        notes = _label(way.notes, "muted", wrap=True, name="houseWayNotes")
        notes.setMaximumWidth(notes.fontMetrics().averageCharWidth() * 140)
        page.column.addWidget(notes)
    page.finish()
    return page


def chart_widget(chart_id: str, settings) -> ChartPage:
    """The chart `chart_id` (a key of dealerdrill.reference.charts.CHARTS) for a table with these settings
    (dealerdrill.settings.Settings): the payouts and the house way depend on them."""
    if chart_id == "baccarat.third_card":
        return third_card_page()
    if chart_id == "baccarat.payouts":
        return baccarat_payouts_page(settings)
    if chart_id == "roulette.payouts":
        return roulette_payouts_page(settings)
    if chart_id == "paigow.payouts":
        return paigow_payouts_page(settings)
    if chart_id == "paigow.tile_ranks":
        return tiles_page()
    if chart_id == "paigow.house_way":
        return house_way_page(settings)
    raise KeyError(f"there is no chart {chart_id!r}; the charts are {', '.join(CHARTS)}")
