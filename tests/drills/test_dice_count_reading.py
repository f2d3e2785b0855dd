"""Where the pai gow dice total is counted from is the house's reading (the dice rules are not among our
pages): a signed answer-key setting, "banker" (the chung's box counts as 1, the default) or "box 1" (box 1
counts as 1 whoever banks). The engine gives the box; the dice-and-delivery drill counts from it and says
which reading it graded by. The drill used to tell the trainee only that the count was "the project's
reading", with no way for a house to set its own."""
from __future__ import annotations

from dataclasses import replace

import pytest
from reference import procedure as ref

from dealerdrill.core import Rng, paigow_procedure
from dealerdrill.drills.paigow_delivery import DeliveryDrill
from dealerdrill.settings import DICE_COUNT_CHOICES, PaiGowSettings, Settings, check_settings


def with_reading(reading: str) -> Settings:
    return replace(Settings(), paigow=replace(PaiGowSettings(), dice_count_from=reading))


@pytest.mark.parametrize("banker_box", range(9))
def test_the_engine_gives_the_box_the_count_starts_from(banker_box):
    chung = paigow_procedure.chung(banker_box)
    assert paigow_procedure.dice_count_start("banker", banker_box) == chung.box
    assert paigow_procedure.dice_count_start(paigow_procedure.DiceCount.BANKER, banker_box) == chung.box
    assert paigow_procedure.dice_count_start("box 1", banker_box) == 1


@pytest.mark.parametrize("hostile", ["dealer", "", None, 1, ["banker"], "Banker"])
def test_a_reading_the_engine_does_not_know_is_refused_in_words(hostile):
    with pytest.raises(ValueError, match="is not a reading of the dice count"):
        paigow_procedure.dice_count_start(hostile, 1)


def test_the_settings_offer_exactly_the_engine_s_readings():
    assert [value for value, _ in DICE_COUNT_CHOICES] == [r.value for r in paigow_procedure.DiceCount]
    assert PaiGowSettings().dice_count_from == "banker"
    assert check_settings(with_reading("box 1")).paigow.dice_count_from == "box 1"
    with pytest.raises(ValueError, match="Dice counted from"):
        check_settings(with_reading("dealer"))


@pytest.mark.parametrize("reading", ["banker", "box 1"])
def test_the_drill_counts_from_the_box_the_reading_names(reading):
    drill = DeliveryDrill(with_reading(reading))
    families = set()
    for seed in range(60):
        item = drill.generate(Rng(seed), 3)
        prompt, key = item.prompt, item.key
        start = ref.chung(prompt["banker_box"])[0] if reading == "banker" else 1
        assert key["count_from"] == start
        assert (key["first"], key["order"]) == ref.delivery(prompt["dice"], start)
        families.add(item.family)
        explanation = drill.grade(item, {"chung": key["chung"], "first": key["first"],
                                         "order": key["order"]}).explanation
        assert "this house's reading" in explanation and "project's reading" not in explanation
        assert ("the banker's box counting as 1" if reading == "banker"
                else "box 1 counting as 1 whoever banks") in explanation
    assert any(".player_banker." in family for family in families)   # where the two readings differ


@pytest.mark.parametrize("reading, words", [("banker", "the banker's box counts as 1"),
                                             ("box 1", "box 1 (whoever banks) counts as 1")])
def test_the_deal_lesson_counts_from_the_reading_in_force(reading, words):
    from dealerdrill import lessons

    blocks = lessons.lesson("paigow.deal").blocks(with_reading(reading))
    text = " ".join(getattr(block, "markup", "") for block in blocks)
    assert words in text and "table setting" not in text and "this house's reading" in text


def test_under_the_default_reading_the_items_are_made_as_before():
    # The stored tests of earlier versions are graded again by making their items anew: the default reading
    # must ask exactly what it asked before (the chung's box as 1).
    drill, defaults = DeliveryDrill(), DeliveryDrill(Settings())
    for seed in range(20):
        old, new = drill.generate(Rng(seed), 3), defaults.generate(Rng(seed), 3)
        assert (old.family, old.prompt, old.text) == (new.family, new.prompt, new.text)
        start = ref.chung(new.prompt["banker_box"])[0]
        assert (new.key["first"], new.key["order"]) == ref.delivery(new.prompt["dice"], start)
