"""Baccarat seats: the drills ask only about seats that the table they belong to shows."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from dealerdrill.core import Rng
from dealerdrill.drills.baccarat_drills import CommissionDrill, ProcedureDrill, SettleTableDrill
from dealerdrill.drills.baccarat_seats import seat_numbers, table_seats
from dealerdrill.settings import Settings
from dealerdrill.views.baccarat_table import BaccaratTable


def settings_with(big_table: bool) -> Settings:
    defaults = Settings()
    return replace(defaults, baccarat=replace(defaults.baccarat, big_table=big_table))


def test_layouts_leave_out_the_unlucky_numbers():
    assert seat_numbers(7) == [1, 2, 3, 5, 6, 7, 8]
    assert seat_numbers(14) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]
    assert seat_numbers(7, skip_unlucky=False) == list(range(1, 8))
    with pytest.raises(ValueError):
        seat_numbers(0)


def seats_asked(drill, items: int = 300) -> set[int]:
    rng = Rng(99)
    asked = set()
    for _ in range(items):
        prompt = drill.generate(rng, 3).prompt
        asked.update(w["seat"] for w in prompt.get("wagers", []))
        if "seat" in prompt:
            asked.add(prompt["seat"])
    return asked


@pytest.mark.parametrize("big_table", [False, True], ids=["mini table", "big table"])
def test_settle_and_commission_ask_about_the_seats_the_table_shows(qtbot, big_table):
    settings = settings_with(big_table)
    table = BaccaratTable(settings=settings)
    qtbot.addWidget(table)
    shown = set(table.seat_labels)
    assert len(shown) == (14 if big_table else 7)
    for drill in (SettleTableDrill(settings), CommissionDrill(settings)):
        asked = seats_asked(drill)
        assert asked <= shown, f"{drill.id} asks about seats {sorted(asked - shown)} the table does not show"
        assert len(asked) > len(shown) // 2   # and about seats all round the table, not a few


def test_the_big_table_procedure_asks_about_the_big_tables_seats():
    asked = seats_asked(ProcedureDrill(Settings()))
    assert asked <= set(table_seats(big_table=True)) and {14, 15} & asked and 13 not in asked
