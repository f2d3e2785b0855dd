"""The baccarat drills deal from the shoe the table's settings describe: its cutting card position and whether
a shuffle is followed by a burn (issue 12: the shoe drill used 14 cards and a burn whatever the settings)."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from dealerdrill.core import Rng, baccarat
from dealerdrill.drills.baccarat_drills import SettleTableDrill, ShoeProcedureDrill, TableOfPlayDrill
from dealerdrill.settings import BaccaratSettings, Settings


def table(**changes) -> Settings:
    return Settings(baccarat=replace(BaccaratSettings(), **changes))


@pytest.mark.parametrize("cut", [11, 40, 150])
def test_the_shoe_drill_places_the_cutting_card_where_the_table_does(cut):
    drill = ShoeProcedureDrill(table(cut_from_end=cut, decks=4))
    rng = Rng(cut)
    shown = set()
    for _ in range(12):
        item = drill.generate(rng, 2, "cut.not-yet")
        assert item.prompt["cut_from_end"] == cut
        said = re.search(r"still in the shoe, (\d+) cards from the end: (\d+) cards? lies? in front", item.text)
        assert said and int(said.group(1)) == cut
        shown.add(int(said.group(2)))
        # Every card of a 4-deck shoe is either dealt, burned, or still ahead of or behind the cutting card.
        assert int(said.group(2)) + cut < 4 * 52
    assert len(shown) > 6


def test_a_table_without_a_burn_is_never_asked_about_the_burn():
    drill = ShoeProcedureDrill(table(burn=False))
    assert "burn" not in drill.families()
    for level in (1, 2, 3):
        assert "burn" not in drill.mix(level)
        assert all(drill.generate(Rng(level * 10 + s), level).family != "burn" for s in range(20))
    with pytest.raises(ValueError, match="burns no cards"):
        drill.generate(Rng(1), 1, "burn")
    assert "burn" in ShoeProcedureDrill(table(burn=True)).families()


def test_the_burn_asked_is_the_engines_burn_for_the_exposed_card():
    drill = ShoeProcedureDrill(table(burn=True, cut_from_end=60))
    for seed in range(30):
        item = drill.generate(Rng(seed), 1, "burn")
        value = baccarat.card_value(item.prompt["exposed"][0])
        assert item.key == (value or 10)


@pytest.mark.parametrize("burns", [True, False])
def test_the_first_coup_of_a_shoe_follows_the_burn_setting(burns):
    """The table of play's first coup: without a burn, only its four cards have left the shoe."""
    drill = TableOfPlayDrill(table(burn=burns, decks=6))
    rng = Rng(3)
    first = [item for item in (drill.generate(rng, 1) for _ in range(150)) if item.prompt["coup_number"] == 1]
    assert first
    for item in first:
        left = item.prompt["cards_left"]
        if burns:
            assert 6 * 52 - 4 - 11 <= left <= 6 * 52 - 4 - 2   # the exposed card and 1-10 burned
        else:
            assert left == 6 * 52 - 4


def test_settling_deals_from_the_tables_shoe():
    """With a short cutting card and no burn, a settle item is still a coup the engine dealt: its winner is
    the engine's for its cards (the stacked shoe takes the table's settings without breaking the coups)."""
    drill = SettleTableDrill(table(burn=False, cut_from_end=20, decks=4))
    for seed in range(20):
        item = drill.generate(Rng(seed), 2)
        player, banker = [c[0] for c in item.prompt["player"]], [c[0] for c in item.prompt["banker"]]
        # Dealt Player, Banker, Player, Banker, then the third cards: the engine's coup of those cards.
        dealt = [player[0], banker[0], player[1], banker[1]] + player[2:] + banker[2:]
        coup = baccarat.coup(dealt)
        assert coup.winner == item.prompt["winner"]
