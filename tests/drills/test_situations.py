"""Situations per level (issue 28): the counts docs/drills.md prints are the program's, the small ones are
right, a test asks each situation once before any repeats, and the manager is told when a target asks for more
items than its level has situations."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealerdrill.core import Rng
from dealerdrill.domain import Target
from dealerdrill.drills import registry
from dealerdrill.drills.session import ItemsOfATest, item_seed
from dealerdrill.drills.situations import SITUATIONS, situation_of, too_small_for

DOCS = Path(__file__).resolve().parents[2] / "docs" / "drills.md"


def test_the_docs_print_the_counts_the_program_holds():
    rows = {}
    for drill, cells in re.findall(r"^\| `([a-z_.]+)` \| \d+ items \| (.*) \|$", DOCS.read_text(), re.MULTILINE):
        rows[drill] = tuple((int(n), sign == "=") for sign, n in re.findall(r"([=≥]) (\d+)", cells))
    assert rows == SITUATIONS
    assert set(SITUATIONS) == set(registry())


@pytest.mark.parametrize(("drill_id", "level"), [("paigow.tiles", 1), ("roulette.irregularities", 1),
                                                 ("paigow.chips", 1), ("baccarat.irregularities", 1)])
def test_a_small_levels_count_is_every_situation_it_asks(drill_id, level):
    drill = registry()[drill_id]()
    rng = Rng(7)
    seen = {situation_of(drill.generate(Rng(item_seed(rng)), level, None), drill) for _ in range(500)}
    assert (len(seen), True) == SITUATIONS[drill_id][level - 1]


def test_a_test_of_a_small_level_asks_every_situation_before_any_twice():
    drill = registry()["roulette.irregularities"]()
    count = SITUATIONS["roulette.irregularities"][0][0]
    items = ItemsOfATest(drill, 2026, 1)
    asked = [situation_of(items.next(), drill) for _ in range(15)]
    assert len(set(asked[:count])) == count and len(set(asked)) == count


def test_the_manager_is_told_when_a_test_is_longer_than_its_levels_situations():
    from dealerdrill.desk import Desk

    assert too_small_for("paigow.chips", 1, 30) == 10 and too_small_for("paigow.chips", 1, 10) is None
    assert too_small_for("baccarat.table_of_play", 3, 500) is None         # a space no test exhausts
    warning = Desk.situations_warning("paigow.chips", Target(test_items=30, level=1))
    assert "10 different questions at the Basic level" in warning and "30 items" in warning
    assert Desk.situations_warning("paigow.chips", Target(test_items=10, level=1)) is None
