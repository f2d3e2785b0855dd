"""Where every wager position sits on the single-zero layout. Qt-free geometry, no game rules.

The layout is drawn as the dealer sees it across the table: the zero at the left, three rows of numbers
(3 6 9 ... 36 at the top, 1 4 7 ... 34 at the bottom, the edge nearest the players), the column boxes at the
right, then the dozens and the even-money boxes below. Coordinates are abstract layout units; the view
scales them to the widget.

A position is only a place and the numbers (or outside box) it covers. Whether those numbers form a wager,
its kind, odds and result are the engine's answer (dealerdrill.core.roulette.classify / settle).
Chips on a line cover the numbers on both sides of it (split), on a crossing the four around it (corner),
on the outer edge the row above it (street), and on the outer edge at a crossing two rows (six line).
"""
from __future__ import annotations

from dataclasses import dataclass

CELL_W = 60.0          # one number box
CELL_H = 72.0
ZERO_W = 66.0          # the zero box spans all three rows
COLUMN_W = 66.0        # the "2 to 1" boxes at the right
DOZEN_H = 52.0
EVEN_H = 58.0
LINE_GRAB = 11.0       # half the width of the band around a line that counts as "on the line"
MARGIN = 22.0          # room around the felt for chips that hang over the edges

ROWS = 3
COLUMNS_OF_NUMBERS = 12
GRID_LEFT = MARGIN + ZERO_W
GRID_TOP = MARGIN
GRID_RIGHT = GRID_LEFT + COLUMNS_OF_NUMBERS * CELL_W
GRID_BOTTOM = GRID_TOP + ROWS * CELL_H          # the outer edge: streets and six lines sit on it
DOZEN_BOTTOM = GRID_BOTTOM + DOZEN_H
EVEN_BOTTOM = DOZEN_BOTTOM + EVEN_H
WIDTH = GRID_RIGHT + COLUMN_W + MARGIN
HEIGHT = EVEN_BOTTOM + MARGIN

# Outside boxes by the engine's names (bindings/roulette.py: red black even odd low high dozen1..3 column1..3).
EVEN_MONEY_ORDER = ("low", "even", "red", "black", "odd", "high")
EVEN_MONEY_TEXT = {"low": "1 to 18", "even": "EVEN", "red": "", "black": "", "odd": "ODD", "high": "19 to 36"}
DOZEN_TEXT = {"dozen1": "1st 12", "dozen2": "2nd 12", "dozen3": "3rd 12"}


@dataclass(frozen=True)
class Rect:
    left: float
    top: float
    right: float
    bottom: float

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.top <= y < self.bottom

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.left + self.right) / 2, (self.top + self.bottom) / 2)

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class Position:
    """A place a chip can go: `key` is what the engine is asked about (a sorted tuple of numbers for inside
    positions, an outside box name otherwise), `spot` is where the chip sits, `hit` the area that selects it.
    Smaller hit areas (crossings, lines) are tested before the boxes they overlap (`layer`)."""

    key: tuple[int, ...] | str
    spot: tuple[float, float]
    hit: Rect
    layer: int

    @property
    def is_inside(self) -> bool:
        return isinstance(self.key, tuple)


def cell_rect(number: int) -> Rect:
    """The box of a number 1-36 (0 is `zero_rect`)."""
    if not 1 <= number <= 36:
        raise ValueError(f"{number} has no box in the grid of numbers")
    column, row_from_bottom = divmod(number - 1, 3)
    top = GRID_TOP + (ROWS - 1 - row_from_bottom) * CELL_H
    left = GRID_LEFT + column * CELL_W
    return Rect(left, top, left + CELL_W, top + CELL_H)


def zero_rect() -> Rect:
    return Rect(MARGIN, GRID_TOP, GRID_LEFT, GRID_BOTTOM)


def column_rect(index: int) -> Rect:
    """Column box 1-3; column 1 (1, 4, ... 34) is the bottom row."""
    top = GRID_TOP + (ROWS - index) * CELL_H
    return Rect(GRID_RIGHT, top, GRID_RIGHT + COLUMN_W, top + CELL_H)


def dozen_rect(index: int) -> Rect:
    left = GRID_LEFT + (index - 1) * 4 * CELL_W
    return Rect(left, GRID_BOTTOM, left + 4 * CELL_W, DOZEN_BOTTOM)


def even_money_rect(name: str) -> Rect:
    left = GRID_LEFT + EVEN_MONEY_ORDER.index(name) * 2 * CELL_W
    return Rect(left, DOZEN_BOTTOM, left + 2 * CELL_W, EVEN_BOTTOM)


def outside_rect(name: str) -> Rect:
    if name.startswith("column"):
        return column_rect(int(name[-1]))
    if name.startswith("dozen"):
        return dozen_rect(int(name[-1]))
    return even_money_rect(name)


def _around(x: float, y: float) -> Rect:
    return Rect(x - LINE_GRAB, y - LINE_GRAB, x + LINE_GRAB, y + LINE_GRAB)


def _number_at(column: int, row_from_bottom: int) -> int:
    return column * 3 + row_from_bottom + 1


def _row_line_y(row_from_bottom: int) -> float:
    """y of the line between row_from_bottom and the row above it."""
    return GRID_TOP + (ROWS - 1 - row_from_bottom) * CELL_H


def layout_positions(first_four: bool = True) -> list[Position]:
    """Every place a chip can go, crossings first (layer 0), then lines (1), then boxes (2)."""
    positions: list[Position] = []

    def add(numbers, spot, hit, layer):
        positions.append(Position(tuple(sorted(numbers)), spot, hit, layer))

    # Straight ups: the whole box; lines and crossings drawn over it take precedence.
    zero = zero_rect()
    add([0], zero.centre, zero, 2)
    for n in range(1, 37):
        box = cell_rect(n)
        add([n], box.centre, box, 2)

    # Lines between two numbers of the same column (one above the other on the drawing).
    for column in range(COLUMNS_OF_NUMBERS):
        x_mid = GRID_LEFT + (column + 0.5) * CELL_W
        for row in range(ROWS - 1):
            y = _row_line_y(row)
            hit = Rect(x_mid - CELL_W / 2 + LINE_GRAB, y - LINE_GRAB, x_mid + CELL_W / 2 - LINE_GRAB, y + LINE_GRAB)
            add([_number_at(column, row), _number_at(column, row + 1)], (x_mid, y), hit, 1)
    # Lines between neighbouring columns in the same row.
    for column in range(COLUMNS_OF_NUMBERS - 1):
        x = GRID_LEFT + (column + 1) * CELL_W
        for row in range(ROWS):
            box = cell_rect(_number_at(column, row))
            hit = Rect(x - LINE_GRAB, box.top + LINE_GRAB, x + LINE_GRAB, box.bottom - LINE_GRAB)
            add([_number_at(column, row), _number_at(column + 1, row)], (x, box.centre[1]), hit, 1)
    # Lines between the zero and 1, 2, 3.
    for row in range(ROWS):
        box = cell_rect(_number_at(0, row))
        hit = Rect(GRID_LEFT - LINE_GRAB, box.top + LINE_GRAB, GRID_LEFT + LINE_GRAB, box.bottom - LINE_GRAB)
        add([0, _number_at(0, row)], (GRID_LEFT, box.centre[1]), hit, 1)
    # Streets on the outer edge below each row of three.
    for column in range(COLUMNS_OF_NUMBERS):
        x_mid = GRID_LEFT + (column + 0.5) * CELL_W
        hit = Rect(x_mid - CELL_W / 2 + LINE_GRAB, GRID_BOTTOM - LINE_GRAB,
                   x_mid + CELL_W / 2 - LINE_GRAB, GRID_BOTTOM + LINE_GRAB)
        add([_number_at(column, row) for row in range(ROWS)], (x_mid, GRID_BOTTOM), hit, 1)

    # Crossings inside the grid: corners.
    for column in range(COLUMNS_OF_NUMBERS - 1):
        x = GRID_LEFT + (column + 1) * CELL_W
        for row in range(ROWS - 1):
            y = _row_line_y(row)
            numbers = [_number_at(c, r) for c in (column, column + 1) for r in (row, row + 1)]
            add(numbers, (x, y), _around(x, y), 0)
    # Crossings on the outer edge: six lines.
    for column in range(COLUMNS_OF_NUMBERS - 1):
        x = GRID_LEFT + (column + 1) * CELL_W
        numbers = [_number_at(c, r) for c in (column, column + 1) for r in range(ROWS)]
        add(numbers, (x, GRID_BOTTOM), _around(x, GRID_BOTTOM), 0)
    # Crossings on the zero line: the three-number streets 0-1-2 and 0-2-3.
    for row in range(ROWS - 1):
        y = _row_line_y(row)
        add([0, _number_at(0, row), _number_at(0, row + 1)], (GRID_LEFT, y), _around(GRID_LEFT, y), 0)
    # The corner of the zero and the outer edge: the first four, where the table offers it.
    if first_four:
        add([0, 1, 2, 3], (GRID_LEFT, GRID_BOTTOM), _around(GRID_LEFT, GRID_BOTTOM), 0)

    for name in ("column1", "column2", "column3", "dozen1", "dozen2", "dozen3", *EVEN_MONEY_ORDER):
        box = outside_rect(name)
        positions.append(Position(name, box.centre, box, 2))

    positions.sort(key=lambda p: p.layer)
    return positions


def position_at(positions: list[Position], x: float, y: float) -> Position | None:
    """The position a click at (x, y) selects, or None off the layout. `positions` is layered as returned
    by layout_positions, so the first hit is the most specific one."""
    for position in positions:
        if position.hit.contains(x, y):
            return position
    return None


def neighbour(positions: list[Position], current: Position | None, dx: int, dy: int) -> Position:
    """The position the keyboard cursor moves to from `current` in direction (dx, dy): the nearest spot that
    lies more in that direction than across it. Stays put at the edge."""
    if current is None:
        return next(p for p in positions if p.key == (1,)) if positions else current
    cx, cy = current.spot
    best, best_score = current, None
    for position in positions:
        px, py = position.spot
        along = (px - cx) * dx + (py - cy) * dy
        across = abs((px - cx) * dy) + abs((py - cy) * dx)
        if along <= 1e-6 or across > along:
            continue
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = position, score
    return best
