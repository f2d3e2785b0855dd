"""The order the roulette inside wagers are paid in is the house's reading (dealer practice, on no Gazette page):
a signed answer-key setting, "by odds" (six lines, corners, streets, splits, straight ups: the project's
default) or "streets first" (six lines, streets, corners, splits, straight ups, as many dealing schools teach).
The engine orders the wagers; the payout drill grades by the reading in force and names it. The drill used to
grade every house by odds, with no way for a house to set its own: a trainee of a streets-first house who paid
a street before a corner was marked wrong."""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace

import pytest
from reference import roulette as ref

from dealerdrill import lessons
from dealerdrill.core import Rng, roulette
from dealerdrill.domain import ErrorCategory
from dealerdrill.drills.roulette_drills import PayoutDrill
from dealerdrill.drills.roulette_find_error import RouletteFindErrorDrill
from dealerdrill.lessons.model import Example
from dealerdrill.settings import PAYING_ORDER_CHOICES, RouletteSettings, Settings, check_settings

READINGS = list(ref.INSIDE_ORDER)


def with_reading(reading: str) -> Settings:
    return replace(Settings(), roulette=replace(RouletteSettings(), inside_paying_order=reading))


def _kind(wager) -> str:
    return "column" if wager.kind.outside else ref.classify(wager.numbers)


@pytest.mark.parametrize("reading", READINGS)
def test_the_engine_orders_the_paying_steps_by_the_reading(reading):
    steps = roulette.paying_steps(reading)
    assert steps[0] == [kind for kind in roulette.WagerKind if kind.outside]
    assert [[kind.name.lower() for kind in group] for group in steps[1:]] == [[k] for k in ref.INSIDE_ORDER[reading]]
    assert roulette.paying_steps(roulette.PayingOrder(reading)) == steps
    street_then_corner = [(1, 2, 3), (1, 2, 4, 5)]
    assert roulette.pay_order_check(street_then_corner, True, reading) == (None if reading == "streets first" else 1)
    assert [w.name for w in roulette.paying_order([(1, 2, 4, 5), (1, 2, 3), "red"], True, reading)] == (
        ["red", "street 1-2-3", "corner 1-2-4-5"] if reading == "streets first"
        else ["red", "corner 1-2-4-5", "street 1-2-3"])


def test_without_a_reading_the_engine_pays_by_odds_as_before():
    assert roulette.paying_steps() == roulette.paying_steps("by odds")
    assert all(kind.pay_step == kind.pay_step_under("by odds") for kind in roulette.WagerKind)
    assert roulette.pay_order_check([(1, 2, 3), (1, 2, 4, 5)]) == 1


def test_the_engine_s_order_check_matches_the_reference_under_each_reading():
    chooser = random.Random(29)
    wagers = roulette.layout_wagers()
    told_apart = 0
    for _ in range(3_000):
        paid = chooser.sample(wagers, chooser.randrange(0, 7))
        if chooser.random() < 0.5:       # in order under one reading, which the other may not share
            sorted_by = chooser.choice(READINGS)
            paid.sort(key=lambda w: w.kind.pay_step_under(sorted_by))
        kinds = [_kind(w) for w in paid]
        expected = {reading: ref.first_paid_too_late(kinds, reading) for reading in READINGS}
        for reading in READINGS:
            assert roulette.pay_order_check(paid, True, reading) == expected[reading], (reading, paid)
        told_apart += expected["by odds"] != expected["streets first"]
    assert told_apart > 100


@pytest.mark.parametrize("hostile", ["odds", "", None, 1, ["by odds"], "By odds", roulette.WagerKind.STREET])
def test_a_reading_the_engine_does_not_know_is_refused_in_words(hostile):
    for call in (lambda: roulette.paying_steps(hostile), lambda: roulette.pay_order_check([(1, 2, 3)], True, hostile),
                 lambda: roulette.WagerKind.STREET.pay_step_under(hostile)):
        with pytest.raises(ValueError, match="is not a reading of the paying order"):
            call()


def test_the_settings_offer_exactly_the_engine_s_readings():
    assert [value for value, _ in PAYING_ORDER_CHOICES] == [r.value for r in roulette.PayingOrder] == READINGS
    assert RouletteSettings().inside_paying_order == "by odds"
    assert check_settings(with_reading("streets first")).roulette.inside_paying_order == "streets first"
    with pytest.raises(ValueError, match="Inside wagers paid"):
        check_settings(with_reading("as they come"))


def _street_and_corner(seed_from: int = 0):
    """(by-odds drill, streets-first drill, seed) for an Advanced item whose winners hold a street and a
    corner, where the readings differ."""
    by_odds, streets_first = PayoutDrill(with_reading("by odds")), PayoutDrill(with_reading("streets first"))
    for seed in range(seed_from, seed_from + 400):
        item = by_odds.generate(Rng(seed), 3, "roulette.payout.corner")
        kinds = {ref.classify(p) for p, _ in item.key["payments"] if isinstance(p, list)}
        if {"street", "corner"} <= kinds:
            return by_odds, streets_first, seed
    raise AssertionError("no layout with a winning street and corner")


@pytest.mark.parametrize("seed_from", [0, 500])
def test_the_drill_grades_by_the_reading_in_force_and_names_it(seed_from):
    by_odds, streets_first, seed = _street_and_corner(seed_from)
    items = {drill: drill.generate(Rng(seed), 3, "roulette.payout.corner") for drill in (by_odds, streets_first)}
    assert items[by_odds].prompt == items[streets_first].prompt      # the same layout: only the order differs
    for drill, item in items.items():
        reading = drill.reading.value
        kinds = [_kind(roulette.classify(p)) for p, _ in item.key["payments"]]
        assert ref.first_paid_too_late(kinds, reading) is None and item.key["paying_order"] == reading
        own = drill.grade(item, {"payments": item.key["payments"], "total": item.key["total"]})
        assert own.correct
        other = next(d for d in items if d is not drill)
        theirs = drill.grade(item, {"payments": items[other].key["payments"], "total": item.key["total"]})
        assert not theirs.correct and theirs.category is ErrorCategory.WRONG_ORDER
        named = ("streets before corners" if reading == "streets first" else "from the lowest odds to the highest")
        assert named in theirs.explanation and "this house's paying order" in theirs.explanation
        assert named in item.hint and named in drill.explain(item)[0]


def test_under_the_default_reading_the_items_are_made_as_before():
    # The stored tests of earlier versions are graded again by making their items anew: the default reading
    # must ask exactly what it asked before (this digest is of the items the program made before the setting).
    for drill in (PayoutDrill(), PayoutDrill(Settings())):
        digest = hashlib.sha256()
        for seed in range(40):
            for level in (1, 2, 3):
                item = drill.generate(Rng(seed), level)
                digest.update(json.dumps([item.family, item.prompt, item.text, item.key["payments"]],
                                         sort_keys=True).encode())
        assert digest.hexdigest() == "1a27c5a5caf1c76990e5798ab79705f9fea7e07ee6a79ab4e462d8defb969f15"


def test_an_item_stored_before_the_setting_is_graded_by_odds():
    drill = PayoutDrill(with_reading("streets first"))
    _, _, seed = _street_and_corner()
    item = PayoutDrill().generate(Rng(seed), 3, "roulette.payout.corner")
    del item.key["paying_order"]                     # an item as a version before the setting kept it
    assert drill.grade(item, {"payments": item.key["payments"], "total": item.key["total"]}).correct


@pytest.mark.parametrize("reading", READINGS)
def test_the_lesson_teaches_the_order_in_force(reading):
    lesson = lessons.lesson("roulette.settling").blocks(with_reading(reading))
    inside = [kinds[0].label + "s" for kinds in roulette.paying_steps(reading)[1:]]
    assert ", ".join(inside[:-1]) + f", and the {inside[-1]}" in lesson[0].markup
    spin = next(block for block in lesson if isinstance(block, Example))
    by_name = {w.name: w for w in roulette.layout_wagers()}
    kinds = [_kind(by_name[name]) for name in spin.facts["order"]]
    assert {"street", "corner"} <= set(kinds)                # the spin of 14 pays both: the readings differ
    assert ref.first_paid_too_late(kinds, reading) is None


@pytest.mark.parametrize("reading", READINGS)
def test_find_the_error_lists_the_wagers_in_the_house_s_paying_order(reading):
    drill = RouletteFindErrorDrill(with_reading(reading))
    told_apart = 0
    for seed in range(40):
        item = drill.generate(Rng(seed), 3)
        kinds = [_kind(roulette.classify(tuple(b["position"]) if isinstance(b["position"], list) else b["position"]))
                 for b in item.prompt["bets"] if b["line"] != "C"]     # a complete is one line of its own
        assert ref.first_paid_too_late(kinds, reading) is None
        told_apart += {"street", "corner"} <= set(kinds)
    assert told_apart >= 5
