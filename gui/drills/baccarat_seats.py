"""How the seats of a baccarat layout are numbered, for the tables that draw them and the drills that ask
about them, so a drill only ever names a seat the table shows.

A mini baccarat layout has 7 seats, a big table 14. Casinos that serve players who count 4 and 13 as unlucky
leave those numbers off their layouts (the mini table's seats run 1 2 3 5 6 7 8, the big table's 1 to 12,
14 and 15); the Gazette pages we have say nothing about numbering, so this is a table setting that the
tables default to on.
"""
from __future__ import annotations

MINI_TABLE_SEATS = 7
BIG_TABLE_SEATS = 14
UNLUCKY = {MINI_TABLE_SEATS: {4}, BIG_TABLE_SEATS: {13}}


def seat_numbers(seats: int, skip_unlucky: bool = True) -> list[int]:
    """The numbers painted on a layout of `seats` seats, in order round the table."""
    if seats < 1:
        raise ValueError(f"a baccarat table has at least one seat, not {seats}")
    skip = UNLUCKY.get(seats, {4} if seats <= MINI_TABLE_SEATS else {13}) if skip_unlucky else set()
    numbers: list[int] = []
    n = 1
    while len(numbers) < seats:
        if n not in skip:
            numbers.append(n)
        n += 1
    return numbers


def table_seats(big_table: bool, skip_unlucky: bool = True) -> list[int]:
    """The seats of the mini table or of the big table."""
    return seat_numbers(BIG_TABLE_SEATS if big_table else MINI_TABLE_SEATS, skip_unlucky)
