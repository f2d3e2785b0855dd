"""Single-zero roulette in plain Python, written from the rules text only (docs/rules/roulette.md; NZ Gazette
1996 No. 7 rules 5.1-5.3, 1998 No. 16 rule 3.1), to check the C engine. Tests and benchmarks only.

Deliberately built a different way from the engine: the engine recognises wagers from bit patterns,
this module lays the table out as a grid of cells and collects wagers by adjacency, then looks sets up
in a dictionary.
"""
from __future__ import annotations

from functools import cache

# Typed from docs/rules/roulette.md ("Wheel and layout").
WHEEL_ORDER = (0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20,
               14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26)
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
BLACK = frozenset(range(1, 37)) - RED

# Rule 5.1, "x to 1".
ODDS = {
    "straight": 35, "split": 17, "street": 11, "corner": 8, "six_line": 5,
    "column": 2, "dozen": 2, "low": 1, "high": 1, "even": 1, "odd": 1, "red": 1, "black": 1,
}
ROWS = 12


def cell(number: int) -> tuple[int, int]:
    """(row, column) of a number 1-36 on the layout: row r holds 3r-2, 3r-1, 3r (columns 1, 2, 3)."""
    return (number + 2) // 3, (number - 1) % 3 + 1


def number_at(row: int, column: int) -> int:
    return 3 * row - 3 + column


def adjoining(a: int, b: int) -> bool:
    """Two numbers whose boxes share a side; 0 at the head of the layout borders 1, 2 and 3."""
    if 0 in (a, b):
        return {a, b} in ({0, 1}, {0, 2}, {0, 3})
    (row_a, col_a), (row_b, col_b) = cell(a), cell(b)
    return abs(row_a - row_b) + abs(col_a - col_b) == 1


def color(number: int) -> str:
    return "green" if number == 0 else "red" if number in RED else "black"


def outside_wagers() -> dict[str, frozenset[int]]:
    """The outside boxes by their usual names."""
    wagers = {
        "low": frozenset(range(1, 19)),
        "high": frozenset(range(19, 37)),
        "even": frozenset(n for n in range(1, 37) if n % 2 == 0),
        "odd": frozenset(n for n in range(1, 37) if n % 2 == 1),
        "red": RED,
        "black": BLACK,
    }
    for k in (1, 2, 3):
        wagers[f"dozen{k}"] = frozenset(range(12 * k - 11, 12 * k + 1))
        wagers[f"column{k}"] = frozenset(n for n in range(1, 37) if cell(n)[1] == k)
    return wagers


def _outside_kind(name: str) -> str:
    return name.rstrip("123")


@cache
def _layout(first_four: bool) -> dict[frozenset[int], str]:
    wagers: dict[frozenset[int], str] = {}
    numbers = range(37)
    for n in numbers:
        wagers[frozenset({n})] = "straight"
    for a in numbers:
        for b in numbers:
            if a < b and adjoining(a, b):
                wagers[frozenset({a, b})] = "split"
    for row in range(1, ROWS + 1):
        wagers[frozenset(number_at(row, c) for c in (1, 2, 3))] = "street"
    # Rule 3.1(c) (1998 No. 16): the two streets that include 0.
    wagers[frozenset({0, 1, 2})] = "street"
    wagers[frozenset({0, 2, 3})] = "street"
    for row in range(1, ROWS):
        for column in (1, 2):
            square = {number_at(r, c) for r in (row, row + 1) for c in (column, column + 1)}
            wagers[frozenset(square)] = "corner"
    if first_four:
        wagers[frozenset({0, 1, 2, 3})] = "corner"
    for row in range(1, ROWS):
        wagers[frozenset(number_at(r, c) for r in (row, row + 1) for c in (1, 2, 3))] = "six_line"
    for name, covered in outside_wagers().items():
        wagers[covered] = _outside_kind(name)
    return wagers


def layout_wagers(first_four: bool = True) -> list[tuple[frozenset[int], str]]:
    """Every place a wager can sit on the layout: (numbers covered, kind)."""
    return list(_layout(bool(first_four)).items())


def classify(numbers, first_four: bool = True) -> str | None:
    """The kind of wager covering exactly these numbers, or None when no wager does."""
    numbers = list(numbers)
    covered = frozenset(numbers)
    if len(covered) != len(numbers):
        return None
    return _layout(bool(first_four)).get(covered)


def covering(number: int, first_four: bool = True) -> list[tuple[frozenset[int], str]]:
    return [(covered, kind) for covered, kind in layout_wagers(first_four) if number in covered]


def settle(bets, number: int, first_four: bool = True) -> list[int]:
    """Winnings per bet (stake excluded), bets being (numbers or an outside name, amount)."""
    if not 0 <= number <= 36:
        raise ValueError(f"{number} is not a number on the wheel")
    outside = outside_wagers()
    results = []
    for where, amount in bets:
        covered = outside[where] if isinstance(where, str) else frozenset(where)
        kind = classify(where if not isinstance(where, str) else covered, first_four)
        if kind is None or amount < 0:
            raise ValueError(f"not a wager: {where!r} for {amount}")
        if number == 0:
            # Rules 5.2-5.3: only straight up 0 and the available zero combinations survive a zero.
            wins = 0 in covered
        else:
            wins = number in covered
        results.append(amount * ODDS[kind] if wins else 0)
    return results


# Dealer practice (rules file): clear the losers, pay the outside wagers first, then the inside wagers
# "from the lowest odds to the highest". The file's own list puts streets before corners; the project
# reads the principle as the rule (a corner pays 8 to 1, a street 11 to 1), so corners come first. That
# is the default reading ("by odds"); a house may read the list instead ("streets first": six lines,
# streets, corners, splits, straight ups), as many dealing schools teach.
OUTSIDE_KINDS = frozenset({"column", "dozen", "low", "high", "even", "odd", "red", "black"})
INSIDE_ORDER = {
    "by odds": ("six_line", "corner", "street", "split", "straight"),
    "streets first": ("six_line", "street", "corner", "split", "straight"),
}


def pay_step(kind: str, reading: str = "by odds") -> tuple[int, int]:
    """A sort key for paying: outside wagers together first, then the inside kinds in the reading's order."""
    return (0, 0) if kind in OUTSIDE_KINDS else (1, INSIDE_ORDER[reading].index(kind))


def first_paid_too_late(kinds, reading: str = "by odds") -> int | None:
    """The index of the first wager paid after one that comes later in the paying order, or None."""
    steps = [pay_step(k, reading) for k in kinds]
    for i in range(1, len(steps)):
        if steps[i] < max(steps[:i]):
            return i
    return None
