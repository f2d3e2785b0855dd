"""The one commission of the engine (core_c/src/commission.c), used by baccarat and pai gow alike: the
amounts against the reference on a large seeded sample, the rates it charges, and the same answer from
both games' settlements."""
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from reference import paigow as ref

from dealerdrill.core import (
    InvalidInput,
    baccarat,
    commission,
    commission_percent_supported,
    commission_rate_supported,
    paigow,
)
from dealerdrill.core.commission import Rounding

ROUNDINGS = [r.value for r in Rounding]


def _sample(seed: int, count: int):
    chooser = random.Random(seed)
    for _ in range(count):
        amount = chooser.choice([chooser.randrange(0, 10_000), chooser.randrange(0, 10**9),
                                 chooser.randrange(0, commission.MAX_AMOUNT + 1)])
        bp = chooser.choice([500, 0, commission.MAX_BP, chooser.randrange(commission.MAX_BP + 1)])
        unit = chooser.choice([1, 5, 25, 100, 500, 10_000, chooser.randrange(1, commission.MAX_UNIT + 1)])
        yield amount, bp, unit, chooser.choice(ROUNDINGS)


def test_commission_matches_the_reference_on_a_large_seeded_sample():
    for amount, bp, unit, rounding in _sample(2026, 60_000):
        assert commission.commission(amount, bp, unit, rounding) == ref.commission(amount, bp, unit, rounding), \
            (amount, bp, unit, rounding)


def test_both_games_charge_the_engines_one_commission():
    chooser = random.Random(11)
    for _ in range(3_000):
        amount = chooser.randrange(1, 10**8)
        bp = chooser.randrange(commission.MAX_BP + 1)
        unit = chooser.choice([1, 100, 500, 2500])
        rounding = chooser.choice(ROUNDINGS)
        expected = ref.commission(amount, bp, unit, rounding)
        banker = baccarat.settle([("banker", amount)], "banker", commission_rate=Fraction(bp, 10000),
                                 rounding_unit=unit, rounding=rounding)[0]
        tiles = paigow.settle([(amount, "win")], commission_bp=bp, rounding_unit=unit, rounding=rounding)
        assert banker.commission == tiles.results[0].commission == expected
    assert baccarat.Rounding is paigow.Rounding is Rounding


def test_every_whole_basis_point_is_a_rate_and_nothing_else_is():
    for bp in range(commission.MAX_BP + 1):
        assert commission.basis_points(Fraction(bp, 10000)) == bp
    chooser = random.Random(5)
    for _ in range(20_000):
        denominator = chooser.choice([chooser.randrange(1, 100_000), chooser.randrange(1, 2**62)])
        numerator = chooser.randrange(0, denominator + 2)
        rate = Fraction(numerator, denominator)
        whole = (rate * 10000).denominator == 1 and 0 <= rate <= 1
        assert commission_rate_supported(rate) is whole, rate
        if whole:
            assert commission.basis_points(rate) == rate * 10000


@pytest.mark.parametrize("percent, bp", [(5.0, 500), (5, 500), (4.5, 450), (2.12, 212), (0, 0), (100, 10000),
                                         (Decimal("2.50"), 250), (0.01, 1), (1.1, 110), (9.99, 999)])
def test_rates_the_engine_charges(percent, bp):
    assert commission_percent_supported(percent)
    assert commission.basis_points_of_percent(percent) == bp
    assert commission.basis_points(Fraction(bp, 10000)) == bp


@pytest.mark.parametrize("percent", [2.125, 0.001, 4.555, -1, 100.01, 1e300, float("nan"), float("inf"),
                                     Decimal("NaN"), 1e-30])
def test_rates_the_engine_refuses_in_plain_words(percent):
    assert not commission_percent_supported(percent)
    with pytest.raises(InvalidInput, match="is not a commission rate the engine can charge: a rate is a whole "
                                           "number of hundredths of a percent"):
        commission.basis_points_of_percent(percent)


@pytest.mark.parametrize("value", ["5%", None, True, [5]])
def test_a_rate_that_is_no_number_is_refused(value):
    assert not commission_percent_supported(value)
    assert not commission_rate_supported(value)
    with pytest.raises(InvalidInput, match="must be a number"):
        commission.basis_points(value)


def test_settings_range_rates_in_steps_of_a_thousandth_of_a_percent():
    """0% to 10% (the settings' range) in steps of 0.001%: the engine takes exactly the whole hundredths."""
    for thousandths in range(10_001):
        percent = thousandths / 1000
        assert commission_percent_supported(percent) is (thousandths % 10 == 0), percent


def test_table_terms_read_the_rounding_choice():
    assert commission.table_terms(5.0, "cents", 500) == commission.Terms(500, 1, Rounding.PLAYER)
    assert commission.table_terms(5.0, "up", 500) == commission.Terms(500, 500, Rounding.HOUSE)
    assert commission.table_terms(4.5, "down", 100) == commission.Terms(450, 100, Rounding.PLAYER)
    assert commission.table_terms(2.12).percent_words == "2.12%"
    assert commission.table_terms(5.0).on(1230) == 61
    with pytest.raises(InvalidInput, match="2.125% is not a commission rate"):
        commission.table_terms(2.125)
    with pytest.raises(InvalidInput, match="commission rounding is one of cents, up, down"):
        commission.table_terms(5.0, "sideways")


@pytest.mark.parametrize("args, message", [
    ((-1,), "at least 0"), ((commission.MAX_AMOUNT + 1,), "at most"), ((100, -1), "basis points"),
    ((100, 10_001), "at most 10000"), ((100, 500, 0), "at least 1"), ((100, 500, 1, "up"), "rounding must be"),
    ((1.5,), "whole number"),
])
def test_bad_commission_arguments_are_refused(args, message):
    with pytest.raises(InvalidInput, match=message):
        commission.commission(*args)
