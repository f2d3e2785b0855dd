"""The house breakdown's largest payout chip is the house's own convention (paying in chips is on no Gazette
page): a signed answer-key setting of each table, $25 by default. The engine makes and checks the breakdown
with the table's largest chip value not above it; the paying-in-chips drills grade by the one in force and
say so. It used to be a constant of the drills ($25), so a house that pays in $100 chips had its trainees'
right breakdowns graded wrong."""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest
from reference import procedure as ref

from dealerdrill.core import Rng, chips
from dealerdrill.core.chips import Verdict
from dealerdrill.domain import ErrorCategory
from dealerdrill.drills.chip_payments import BaccaratChipsDrill, PaiGowChipsDrill, RouletteChipsDrill, house_cap
from dealerdrill.settings import TABLE_TITLES, Settings, build_table, check_settings

DRILLS = {"roulette": RouletteChipsDrill, "baccarat": BaccaratChipsDrill, "paigow": PaiGowChipsDrill}


def with_house_chip(dollars: int) -> Settings:
    defaults = Settings()
    return Settings(**{table: replace(getattr(defaults, table), house_breakdown_chip=dollars) for table in DRILLS})


@pytest.mark.parametrize("house_chip, expected", [(25, {25: 7}), (100, {100: 1, 25: 3}), (50, {25: 7}),
                                                     (5, {5: 35})])
def test_the_engine_breaks_a_payment_down_under_the_house_s_largest_chip(house_chip, expected):
    values = [100, 25, 5, 1]
    drill = RouletteChipsDrill(with_house_chip(house_chip))     # $50: no such chip, so the $25s
    cap = house_cap(values, drill.house_chip)
    best = chips.breakdown(175, values, cap)
    assert best == expected and sum(best.values()) == ref.fewest_chips(175, values, cap)
    assert chips.check_breakdown(175, values, [best.get(v, 0) for v in values], cap) is Verdict.RIGHT


def test_the_setting_is_each_table_s_and_checked_like_the_others():
    assert {getattr(Settings(), table).house_breakdown_chip for table in DRILLS} == {25}
    assert check_settings(with_house_chip(100)) == with_house_chip(100)
    for table in DRILLS:
        for bad in (0, 2.5, "lots"):
            with pytest.raises(ValueError, match=f"{TABLE_TITLES[table]}: House breakdown: largest payout chip"):
                build_table(table, {"house_breakdown_chip": bad})


def _house_item(drill, seed: int):
    family = next(f for f in drill.families() if f.endswith("house"))
    return drill.generate(Rng(seed), 3, family)


@pytest.mark.parametrize("table", DRILLS)
def test_the_drills_grade_by_the_house_s_largest_chip_in_force(table):
    drill = DRILLS[table](with_house_chip(100))
    unit = 1 if table == "roulette" else 100
    told_apart = 0
    for seed in range(12):
        item = _house_item(drill, seed)
        values, amount = item.prompt["chips"], item.key["amount"]
        assert item.prompt["cap"] == 100 * unit and f"no chip above {'$100'}" in item.text
        assert sum(item.key["breakdown"]) == ref.fewest_chips(amount, values, 100 * unit)
        assert drill.grade(item, {"counts": item.key["breakdown"]}).correct
        # The breakdown of a $25 house: right there, and more chips than this house pays with here.
        small = chips.breakdown(amount, values, 25 * unit)
        counts = [small.get(v, 0) for v in values]
        if sum(counts) > sum(item.key["breakdown"]):
            told_apart += 1
            grade = drill.grade(item, {"counts": counts})
            assert not grade.correct and grade.category is ErrorCategory.CHIP_BREAKDOWN
    assert told_apart >= 6


@pytest.mark.parametrize("table", DRILLS)
def test_a_chip_above_the_house_s_largest_is_named_as_the_house_s_convention(table):
    drill = DRILLS[table](Settings())
    unit = 1 if table == "roulette" else 100
    for seed in range(40):
        item = _house_item(drill, seed)
        values, amount = item.prompt["chips"], item.key["amount"]
        big = chips.breakdown(amount, values, None)
        if any(v > 25 * unit for v, count in big.items() if count):
            grade = drill.grade(item, {"counts": [big.get(v, 0) for v in values]})
            assert grade.category is ErrorCategory.CHIP_BREAKDOWN
            assert "this house's largest payout chip" in grade.explanation
            return
    raise AssertionError("no payment whose fewest chips hold one above $25")


def test_under_the_default_the_items_are_made_as_before():
    # The stored tests of earlier versions are graded again by making their items anew: the default must ask
    # exactly what it asked before (this digest is of the items the program made before the setting).
    digest = hashlib.sha256()
    for cls in DRILLS.values():
        drill = cls(Settings())
        for family in drill.families():
            for seed in range(15):
                for level in (1, 2, 3):
                    item = drill.generate(Rng(seed), level, family)
                    digest.update(json.dumps([item.family, item.prompt, item.text, item.key], sort_keys=True,
                                             default=str).encode())
    assert digest.hexdigest() == "8229b23d9f529c130c5404da172eaf599ddd8b3dd11f238c66ce6ef752226f14"
