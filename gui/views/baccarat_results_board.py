"""The results board that stands by a baccarat table: the bead plate and the big road of the shoe so far.

Both roads only record what the engine dealt: each entry is a coup's winner and totals, taken from the
engine's Coup once its cards are face up; nothing here decides a result.

Bead plate: one bead per coup, filling six rows top to bottom, then the next column to the right; red for a
Banker win, blue for a Player win, green for a tie, with the winning total on the bead.
Big road: hollow rings; a column runs down while the same side keeps winning and a new column starts when
the other side wins. A tie does not start a column: it is a green stroke across the last ring (with a count
when several ties follow one another); ties before the shoe's first win wait on the first ring. A run longer
than six turns right along the bottom row (the "dragon tail").
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

ROWS = 6
BANKER = QColor(200, 30, 36)
PLAYER = QColor(28, 84, 200)
TIE = QColor(34, 150, 70)
COLOURS = {"banker": BANKER, "player": PLAYER, "tie": TIE}
LETTERS = {"banker": "B", "player": "P", "tie": "T"}
BOARD_BACKGROUND = QColor(250, 248, 242)
GRID = QColor(200, 194, 180)


@dataclass(frozen=True)
class Result:
    """One coup as the board shows it."""
    winner: str          # "banker", "player" or "tie", as the engine decided
    player_total: int
    banker_total: int
    natural: bool = False

    @property
    def winning_total(self) -> int:
        return self.player_total if self.winner == "player" else self.banker_total


@dataclass
class RoadRing:
    """A ring on the big road: where it sits, whose win it is, and the ties recorded on it."""
    column: int
    row: int
    result: Result
    ties: int = 0


@dataclass
class ResultsBoard:
    """The shoe's results so far, in dealing order, and the two roads drawn from them."""

    results: list[Result] = field(default_factory=list)

    def add_coup(self, coup) -> Result:
        """Record a coup the engine dealt (an engine Coup, or anything with its winner and totals)."""
        result = Result(str(coup.winner), int(coup.player_total), int(coup.banker_total),
                        bool(getattr(coup, "natural", False)))
        self.results.append(result)
        return result

    def clear(self) -> None:
        self.results.clear()

    def counts(self) -> dict[str, int]:
        return {side: sum(r.winner == side for r in self.results) for side in ("banker", "player", "tie")}

    def bead_plate(self) -> list[tuple[int, int, Result]]:
        """(column, row, result) of every coup, in order."""
        return [(i // ROWS, i % ROWS, result) for i, result in enumerate(self.results)]

    def big_road(self) -> list[RoadRing]:
        rings: list[RoadRing] = []
        waiting_ties = 0            # ties before the first Banker or Player win
        occupied: set[tuple[int, int]] = set()
        column = -1                 # the column the current run started in
        for result in self.results:
            if result.winner == "tie":
                if rings:
                    rings[-1].ties += 1
                else:
                    waiting_ties += 1
                continue
            last = rings[-1] if rings else None
            if last is None or last.result.winner != result.winner:
                column += 1
                # A new run starts at the top of the first column not taken by a dragon tail.
                while (column, 0) in occupied:
                    column += 1
                place = (column, 0)
            else:
                below = (last.column, last.row + 1)
                if last.row + 1 < ROWS and below not in occupied and last.column == column:
                    place = below
                else:
                    place = (last.column + 1, last.row)   # the dragon tail turns right
            occupied.add(place)
            rings.append(RoadRing(place[0], place[1], result, waiting_ties if not rings else 0))
            waiting_ties = 0
        if waiting_ties and not rings:
            # Only ties so far: they show as strokes on an empty first place.
            rings.append(RoadRing(0, 0, Result("tie", 0, 0), waiting_ties))
        return rings


def _font(size: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, int(size)))
    font.setBold(bold)
    return font


class ResultsBoardView(QWidget):
    """The board as drawn beside the table: a heading with the counts, the bead plate, the big road.
    Cells keep one size; when a road is longer than the board is wide it shows its latest columns."""

    CELL = 22.0

    def __init__(self, board: ResultsBoard | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = board or ResultsBoard()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Results board: bead plate and big road")

    def sizeHint(self) -> QSize:
        return QSize(int(self.CELL * 14 + 16), int(self.CELL * ROWS * 2 + 100))

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self.CELL * 8 + 16), int(self.CELL * ROWS * 2 + 100))

    def add_coup(self, coup) -> None:
        self.board.add_coup(coup)
        self._describe()
        self.update()

    def clear(self) -> None:
        self.board.clear()
        self._describe()
        self.update()

    def _describe(self) -> None:
        counts = self.board.counts()
        self.setToolTip(f"This shoe: Banker {counts['banker']}, Player {counts['player']}, Tie {counts['tie']}")

    def columns_shown(self) -> int:
        return max(1, int((self.width() - 16) // self.CELL))

    def grid_rects(self) -> tuple[QRectF, QRectF]:
        """Where the bead plate and the big road are drawn (widget pixels)."""
        width = self.columns_shown() * self.CELL
        height = ROWS * self.CELL
        bead = QRectF(8, 52, width, height)
        road = QRectF(8, bead.bottom() + 30, width, height)
        return bead, road

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(24, 20, 18))
        counts = self.board.counts()
        p.setFont(_font(13))
        x = 8.0
        for side, text in (("banker", "B"), ("player", "P"), ("tie", "T")):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(COLOURS[side])
            p.drawEllipse(QPointF(x + 8, 16), 8, 8)
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(x, 8, 16, 16), Qt.AlignmentFlag.AlignCenter, text)
            p.setPen(QColor(240, 234, 220))
            p.drawText(QRectF(x + 20, 6, 40, 20), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       str(counts[side]))
            x += 62
        bead, road = self.grid_rects()
        p.setPen(QColor(240, 234, 220))
        p.setFont(_font(11, False))
        p.drawText(QRectF(bead.left(), bead.top() - 18, bead.width(), 16), Qt.AlignmentFlag.AlignLeft, "BEAD PLATE")
        p.drawText(QRectF(road.left(), road.top() - 18, road.width(), 16), Qt.AlignmentFlag.AlignLeft, "BIG ROAD")
        self._paint_grid(p, bead)
        self._paint_grid(p, road)
        self._paint_bead_plate(p, bead)
        self._paint_big_road(p, road)
        p.end()

    def _paint_grid(self, p: QPainter, rect: QRectF) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(BOARD_BACKGROUND)
        p.drawRect(rect)
        p.setPen(QPen(GRID, 1))
        for i in range(1, ROWS):
            y = rect.top() + i * self.CELL
            p.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
        for i in range(1, self.columns_shown()):
            x = rect.left() + i * self.CELL
            p.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))

    def _first_column(self, last_column: int) -> int:
        """The first column shown, so that the latest column is always on the board."""
        return max(0, last_column - self.columns_shown() + 1)

    def _cell(self, rect: QRectF, column: int, row: int, first: int) -> QRectF:
        return QRectF(rect.left() + (column - first) * self.CELL, rect.top() + row * self.CELL, self.CELL, self.CELL)

    def _paint_bead_plate(self, p: QPainter, rect: QRectF) -> None:
        beads = self.board.bead_plate()
        if not beads:
            return
        first = self._first_column(beads[-1][0])
        p.setFont(_font(self.CELL * 0.5))
        for column, row, result in beads:
            if column < first:
                continue
            cell = self._cell(rect, column, row, first).adjusted(2, 2, -2, -2)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(COLOURS[result.winner])
            p.drawEllipse(cell)
            p.setPen(QColor("#ffffff"))
            p.drawText(cell, Qt.AlignmentFlag.AlignCenter, str(result.winning_total))

    def _paint_big_road(self, p: QPainter, rect: QRectF) -> None:
        rings = self.board.big_road()
        if not rings:
            return
        first = self._first_column(max(r.column for r in rings))
        for ring in rings:
            if ring.column < first:
                continue
            cell = self._cell(rect, ring.column, ring.row, first).adjusted(3, 3, -3, -3)
            if ring.result.winner != "tie":
                p.setPen(QPen(COLOURS[ring.result.winner], 2.6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(cell)
            if ring.ties:
                p.setPen(QPen(TIE, 2.4))
                p.drawLine(cell.bottomLeft() + QPointF(1, -1), cell.topRight() + QPointF(-1, 1))
                if ring.ties > 1:
                    p.setPen(QColor(20, 90, 40))
                    p.setFont(_font(self.CELL * 0.45))
                    p.drawText(cell, Qt.AlignmentFlag.AlignCenter, str(ring.ties))


__all__ = ["ResultsBoard", "ResultsBoardView", "Result", "RoadRing"]
