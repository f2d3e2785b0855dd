"""Every commission rate the engine charges works in every drill that charges commission, with the
engine's amounts; a rate it cannot charge is refused by each drill with the same plain message."""
from dataclasses import replace

import pytest
from reference import paigow as ref

from dealerdrill.core import InvalidInput, Rng, commission
from dealerdrill.drills.baccarat_drills import CommissionDrill, SettleTableDrill
from dealerdrill.drills.paigow_drills import HouseWayDrill, SettleDrill
from dealerdrill.settings import BaccaratSettings, PaiGowSettings, Settings

BACCARAT = (CommissionDrill, SettleTableDrill)
PAIGOW = (SettleDrill, HouseWayDrill)


def _settings(percent, rounding="cents"):
    return Settings(baccarat=replace(BaccaratSettings(), commission_percent=percent, commission_rounding=rounding),
                    paigow=replace(PaiGowSettings(), commission_percent=percent, commission_rounding=rounding))


@pytest.mark.parametrize("rounding", ["cents", "up", "down"])
def test_every_rate_in_the_settings_range_the_engine_charges_works_in_both_games(rounding):
    """0% to 10% in whole hundredths of a percent: each drill is built, an item is drawn, and its
    commission is the reference's for that many basis points."""
    rng = Rng(3)
    unit = 100 if rounding != "cents" else 1
    up = "house" if rounding == "up" else "player"
    for bp in range(0, 1001, 7):
        percent = bp / 100
        assert commission.percent_supported(percent)
        settings = _settings(percent, rounding)
        owed = CommissionDrill(settings).generate(rng, 1, "single.medium").key
        assert owed["owed"] == ref.commission(owed["banker_wins"][0], bp, unit, up), percent
        table = SettleDrill(settings).generate(rng, 1, "settle.house")
        for wager, charged in zip(table.prompt["wagers"], table.key["commission"]):
            expected = ref.commission(wager["amount"], bp, unit, up) if wager["outcome"] == "win" else 0
            assert charged == expected, (percent, wager)
        assert HouseWayDrill(settings).commission == bp / 10000


@pytest.mark.parametrize("percent", [2.125, 4.555, 0.005])
def test_a_rate_the_engine_cannot_charge_is_refused_alike_by_every_drill(percent):
    messages = set()
    for drill_class in BACCARAT + PAIGOW:
        with pytest.raises(InvalidInput) as refused:
            drill_class(_settings(percent))
        messages.add(str(refused.value))
    assert messages == {f"{percent}% is not a commission rate the engine can charge: a rate is a whole number "
                        "of hundredths of a percent (such as 5%, 4.5% or 2.12%) from 0% to 100%"}
