"""Roulette: the C engine against the pure-Python reference, hand-worked payouts, errors, and the C API's
refusal of bad input."""
import itertools
import random

import numpy as np
import pytest
from reference import roulette as ref
from reference.rng import ReferenceRng
from scipy import stats

from dealerdrill import core
from dealerdrill.core import roulette
from dealerdrill.core._engine import ffi, lib

BOTH_TABLES = pytest.mark.parametrize("first_four", [True, False], ids=["first-four", "no-first-four"])
INT64_MAX = 2**63 - 1


def kind_name(wager):
    return wager.kind.name.lower()


def mask_of(numbers):
    return sum(1 << n for n in numbers)


def flags_for(first_four):
    return lib.DD_ROULETTE_FIRST_FOUR if first_four else 0


def engine_kinds_of(masks, first_four):
    """The engine's batch classification: kind, or minus the status for a mask that is not a wager."""
    masks_c = ffi.new("uint64_t[]", masks)
    kinds = ffi.new("int32_t[]", len(masks))
    assert lib.dd_roulette_classify_many(masks_c, len(masks), flags_for(first_four), kinds) == lib.DD_OK
    return list(kinds)


def expected_engine_kind(numbers, first_four):
    """What the engine should answer for these numbers, according to the reference."""
    kind = ref.classify(numbers, first_four)
    if kind is not None:
        return roulette.WagerKind[kind.upper()].value
    if not first_four and set(numbers) == {0, 1, 2, 3}:
        return -lib.DD_E_NOT_OFFERED
    return -lib.DD_E_NOT_A_WAGER


# --- the layout ---------------------------------------------------------------------------------------

@BOTH_TABLES
def test_layout_equals_reference(first_four):
    engine = roulette.layout_wagers(first_four)
    engine_set = {(frozenset(w.numbers), kind_name(w)) for w in engine}
    assert len(engine_set) == len(engine), "a wager is listed twice"
    assert engine_set == set(ref.layout_wagers(first_four))


@BOTH_TABLES
def test_layout_counts_by_kind(first_four):
    # Counted by hand from the grid of 12 rows x 3: splits = 12*2 across + 11*3 down + 3 with zero;
    # streets = 12 rows + 0-1-2 and 0-2-3; corners = 11*2 squares (+ first four); six lines = 11.
    expected = {"straight": 37, "split": 60, "street": 14, "corner": 22 + first_four, "six_line": 11,
                "column": 3, "dozen": 3, "low": 1, "high": 1, "even": 1, "odd": 1, "red": 1, "black": 1}
    counts = {}
    for wager in roulette.layout_wagers(first_four):
        counts[kind_name(wager)] = counts.get(kind_name(wager), 0) + 1
    assert counts == expected
    assert sum(expected.values()) == (157 if first_four else 156)


@BOTH_TABLES
def test_every_layout_wager_classifies_to_itself(first_four):
    for wager in roulette.layout_wagers(first_four):
        assert roulette.classify(wager.numbers, first_four) == wager
        assert roulette.classify(list(reversed(wager.numbers)), first_four) == wager
        assert wager.numbers == tuple(sorted(wager.numbers))
        assert len(wager.numbers) == wager.kind.covers


def test_kind_odds_follow_rule_5_1():
    assert {kind.name.lower(): kind.odds for kind in roulette.WagerKind} == ref.ODDS
    outside = {kind.name.lower() for kind in roulette.WagerKind if kind.outside}
    assert outside == {"column", "dozen", "low", "high", "even", "odd", "red", "black"}
    assert roulette.WagerKind.STRAIGHT.label == "straight up"
    assert roulette.WagerKind.SIX_LINE.label == "six line"


@pytest.mark.parametrize("numbers, name", [
    ((17,), "straight 17"),
    ((20, 17), "split 17-20"),
    ((0, 2), "split 0-2"),
    ((16, 17, 18), "street 16-17-18"),
    ((2, 1, 0), "street 0-1-2"),
    ((17, 18, 20, 21), "corner 17-18-20-21"),
    ((0, 1, 2, 3), "first four 0-1-2-3"),
    (range(16, 22), "six line 16-21"),
    ("column1", "column 1"),
    ("dozen2", "dozen 2"),
    ("red", "red"),
    ("low", "low (1-18)"),
    ("high", "high (19-36)"),
])
def test_dealer_names(numbers, name):
    wager = roulette.classify(numbers)
    assert wager.name == name
    assert str(wager) == name


# --- classification of arbitrary sets -----------------------------------------------------------------

@BOTH_TABLES
def test_every_set_of_one_to_four_numbers(first_four):
    """All 74,518 subsets of 0-36 with 1-4 members: the engine's verdict equals the reference's."""
    subsets = [c for size in range(1, 5) for c in itertools.combinations(range(37), size)]
    kinds = engine_kinds_of([mask_of(c) for c in subsets], first_four)
    mismatches = [(c, k) for c, k in zip(subsets, kinds) if k != expected_engine_kind(c, first_four)]
    assert mismatches == []
    wagers = sum(k >= 0 for k in kinds)
    assert wagers == 37 + 60 + 14 + 22 + first_four


def larger_sets():
    """6, 12 and 18-number sets (and other sizes) that are near, or far from, real wagers."""
    sets = set()
    for covered, _ in ref.layout_wagers(True):
        if len(covered) < 5:
            continue
        sets.add(covered)
        outside = set(range(37)) - covered
        for member, other in itertools.product(sorted(covered), sorted(outside)):
            sets.add((covered - {member}) | {other})       # one chip's worth off
        for member in covered:
            sets.add(covered - {member})                    # one number short
        for other in outside:
            sets.add(covered | {other})                     # one number too many
    for start in range(37):                                 # runs of consecutive numbers
        for length in range(5, 20):
            if start + length <= 37:
                sets.add(frozenset(range(start, start + length)))
    for start, step in itertools.product(range(37), range(1, 13)):  # every arithmetic progression
        for length in (6, 12, 18):
            run = frozenset(range(start, 37, step)[:length])
            if len(run) == length:
                sets.add(run)
    rng = random.Random(2026)
    for size in range(5, 21):
        for _ in range(1500):
            sets.add(frozenset(rng.sample(range(37), size)))
    return [tuple(sorted(s)) for s in sets]


@BOTH_TABLES
def test_larger_sets_against_reference(first_four):
    sets = larger_sets()
    assert len(sets) > 30_000
    kinds = engine_kinds_of([mask_of(s) for s in sets], first_four)
    mismatches = [(s, k) for s, k in zip(sets, kinds) if k != expected_engine_kind(s, first_four)]
    assert mismatches == []
    # The only large wagers are the 11 six lines and the 12 outside boxes.
    assert sum(k >= 0 for k in kinds) == 11 + 12


@pytest.mark.parametrize("numbers", [
    (0, 5), (1, 5), (34, 35, 36, 1), (3, 4), (0, 4), (0, 1, 2, 3, 4), (1, 2, 3, 4, 5, 6, 7),
    (0, 1, 3), (2, 3, 5), (3, 4, 6, 7), (33, 34, 35, 36), (1, 2, 4, 5, 7, 8), tuple(range(1, 13, 2)),
])
def test_non_wagers_are_refused_with_their_numbers_named(numbers):
    shown = "-".join(map(str, sorted(numbers)))
    with pytest.raises(core.InvalidWager, match=f"^{shown} is not a wager on the layout$"):
        roulette.classify(numbers)


def test_outside_names_match_the_rules():
    boxes = ref.outside_wagers()
    assert set(roulette.OUTSIDE_NAMES) == set(boxes)
    for name, covered in boxes.items():
        wager = roulette.classify(name)
        assert set(wager.numbers) == covered
        assert wager.kind.name.lower() == name.rstrip("123")
        # The name, the numbers and the dealer's name all mean the same wager.
        assert roulette.classify(sorted(covered)) == wager
        assert roulette.classify(wager.name) == wager
        assert roulette.classify(name.upper()) == wager


# --- settlement ---------------------------------------------------------------------------------------

@BOTH_TABLES
def test_every_layout_wager_against_every_number(first_four):
    wagers = roulette.layout_wagers(first_four)
    bets = [(w.numbers, index + 1) for index, w in enumerate(wagers)]
    outside_bets = [(name, 3) for name in roulette.OUTSIDE_NAMES]
    batch = roulette.WagerBatch(bets + outside_bets, first_four)
    # The one-shot C entry point (no prepared batch) must agree with the prepared one.
    masks = ffi.new("uint64_t[]", [mask_of(w.numbers) for w in wagers]
                    + [mask_of(ref.outside_wagers()[name]) for name, _ in outside_bets])
    amounts = ffi.new("int64_t[]", [amount for _, amount in bets + outside_bets])
    winnings = ffi.new("int64_t[]", len(masks))
    for number in range(37):
        expected = ref.settle(bets + outside_bets, number, first_four)
        assert roulette.settle(bets + outside_bets, number, first_four) == expected
        assert batch.settle(number) == expected
        assert lib.dd_roulette_settle(masks, amounts, len(masks), number, flags_for(first_four), winnings,
                                      ffi.NULL) == lib.DD_OK
        assert list(winnings) == expected
        assert batch.total(number) == sum(expected)
        assert batch.winners(number) == sum(1 for covered, _ in bets + outside_bets
                                            if number in ref.outside_wagers().get(covered, covered))
        by_kind = {}
        for wager, won in zip(wagers + [roulette.classify(n) for n, _ in outside_bets], expected):
            if won:
                by_kind[wager.kind] = by_kind.get(wager.kind, 0) + won
        assert batch.breakdown(number) == by_kind


def test_zero_hand_worked():
    # Rules 5.2-5.3: on 0 only straight up 0 and the zero combinations win, at their usual odds.
    bets = [((0, 2), 10), ("red", 5), ((0, 1, 2, 3), 1), ((0,), 2), ((0, 2, 3), 3), ("even", 10),
            ("low", 10), ("column1", 4), ("dozen1", 4), ((1, 2), 6), ((1, 2, 3), 2)]
    assert roulette.settle(bets, 0) == [170, 0, 8, 70, 33, 0, 0, 0, 0, 0, 0]
    without_first_four = [bet for bet in bets if bet[0] != (0, 1, 2, 3)]
    assert roulette.settle(without_first_four, 0, first_four=False) == [170, 0, 70, 33, 0, 0, 0, 0, 0, 0]


def test_seventeen_hand_worked():
    bets = [((17,), 1), ((17, 20), 2), ((17, 18, 20, 21), 1), (range(16, 22), 10), ("column2", 5),
            ("dozen2", 5), ("black", 7), ("odd", 3), ("low", 4), ("high", 4), ("red", 4),
            ((0, 1, 2, 3), 9), ((16, 17, 18), 2), ((18,), 100)]
    assert roulette.settle(bets, 17) == [35, 34, 8, 50, 10, 10, 7, 3, 4, 0, 0, 0, 22, 0]


def test_zero_amounts_and_empty_batches():
    assert roulette.settle([((17,), 0)], 17) == [0]
    assert roulette.settle([], 17) == []
    batch = roulette.WagerBatch([])
    assert len(batch) == 0
    assert batch.settle(0) == [] and batch.total(0) == 0 and batch.breakdown(0) == {}


def test_batch_equals_list_api_on_random_tables():
    rng = random.Random(7)
    for first_four in (True, False):
        places = [w.numbers for w in roulette.layout_wagers(first_four)] + list(roulette.OUTSIDE_NAMES)
        bets = [(rng.choice(places), rng.randrange(0, 10_000)) for _ in range(3000)]
        batch = roulette.WagerBatch(bets, first_four)
        assert len(batch) == len(bets)
        for number in range(37):
            listed = roulette.settle(bets, number, first_four)
            assert batch.settle(number) == listed == ref.settle(bets, number, first_four)
            assert batch.total(number) == sum(listed)


def test_winning_wagers():
    placed = [(0, 2), "red", (17, 20), "odd", (0, 1, 2, 3)]
    assert [w.name for w in roulette.winning_wagers(0, placed)] == ["split 0-2", "first four 0-1-2-3"]
    assert [w.name for w in roulette.winning_wagers(17, placed)] == ["split 17-20", "odd"]


def test_numpy_and_other_sequences_are_accepted():
    bets = [(np.array([17, 20], dtype=np.int16), np.int64(5)), (range(16, 19), np.int32(2)),
            ([np.uint8(0)], 1), (17, 1), (roulette.classify("red"), 1)]
    assert roulette.settle(bets, np.int8(17)) == [85, 22, 0, 35, 0]


# --- refusing bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("bets, number, message", [
    ([((0, 5), 1)], 3, "bet 1: 0-5 is not a wager on the layout"),
    ([((1,), 1), ((34, 35, 36, 1), 1)], 3, "bet 2: 1-34-35-36 is not a wager on the layout"),
    ([((17,), 1)], 37, "37 is not a number on the wheel (0-36)"),
    ([((17,), 1)], -1, "-1 is not a number on the wheel (0-36)"),
    ([((37,), 1)], 3, "bet 1: 37 is not a number on the wheel (0-36)"),
    ([((0, -1), 1)], 3, "bet 1: -1 is not a number on the wheel (0-36)"),
    ([((17, 17), 1)], 3, "bet 1: 17-17 is not a wager"),
    ([((17,), 1)] * 3 + [((17,), -1)], 3, "bet 4: the amount must not be negative"),
    ([((17,), 1.5)], 3, "bet 1: the amount must be a whole number"),
    ([((17,), True)], 3, "bet 1: the amount must be a whole number"),
    ([((17,), "10")], 3, "bet 1: the amount must be a whole number"),
    ([((17,), 2**63)], 3, "bet 1: the amount 9223372036854775808 is too large"),
    ([((17.0,), 1)], 3, "must be a whole number, not 17.0"),
    ([((True,), 1)], 3, "must be a whole number, not True"),
    ([(("17",), 1)], 3, "must be a whole number, not '17'"),
    ([("purple", 1)], 3, "bet 1: 'purple' is not a wager on the layout"),
    ([((), 1)], 3, "bet 1: a wager must cover at least one number"),
    ([(17.0, 1)], 3, "bet 1: 17.0 is not a wager"),
    ([((17,),)], 3, "bet 1: each bet must be a pair"),
    ([17], 3, "bet 1: each bet must be a pair"),
    ([((17,), 1)], 3.0, "the winning number must be a whole number"),
    ([((17,), 1)], True, "the winning number must be a whole number"),
    ([((17,), 1)], "17", "the winning number must be a whole number"),
])
def test_invalid_input_is_refused_with_a_readable_message(bets, number, message):
    with pytest.raises(core.InvalidWager) as caught:
        roulette.settle(bets, number)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(core.InvalidWager):
        roulette.WagerBatch(bets).settle(number)


def test_first_four_only_where_offered():
    with pytest.raises(core.InvalidWager, match=r"^first four \(0-1-2-3\) is not offered at this table$"):
        roulette.classify((0, 1, 2, 3), first_four=False)
    with pytest.raises(core.InvalidWager, match=r"^bet 2: first four \(0-1-2-3\) is not offered"):
        roulette.settle([((0,), 1), ((3, 2, 1, 0), 1)], 0, first_four=False)
    with pytest.raises(core.InvalidInput, match="first_four must be True or False"):
        roulette.layout_wagers(first_four=1)


def test_overflow_is_refused():
    largest_straight = INT64_MAX // 35
    assert roulette.settle([((17,), largest_straight)], 17) == [largest_straight * 35]
    with pytest.raises(core.InvalidWager, match="too large to settle exactly"):
        roulette.settle([((17,), largest_straight + 1)], 3)  # refused even when it would lose
    assert roulette.settle([("red", INT64_MAX)], 1) == [INT64_MAX]
    # Each wager fits, but together their winnings do not.
    batch = roulette.WagerBatch([((17,), largest_straight), ((17, 20), INT64_MAX // 17)])
    assert batch.settle(17) == [largest_straight * 35, (INT64_MAX // 17) * 17]
    with pytest.raises(core.InvalidWager, match="total winnings on 17 are too large"):
        batch.total(17)
    assert batch.total(3) == 0


# --- wheel, colours, completes, spins -----------------------------------------------------------------

def test_wheel_order_and_colours_follow_the_rules_file():
    assert roulette.WHEEL_ORDER == ref.WHEEL_ORDER
    assert sorted(roulette.WHEEL_ORDER) == list(range(37))
    assert [roulette.color(n) for n in range(37)] == [ref.color(n) for n in range(37)]
    # A European wheel alternates red and black all the way round from 0 back to 0.
    around = [roulette.color(n) for n in roulette.WHEEL_ORDER[1:]]
    assert around == ["red", "black"] * 18
    assert roulette.color(np.int64(0)) == "green"
    with pytest.raises(core.InvalidWager, match="37 is not a number on the wheel"):
        roulette.color(37)


@BOTH_TABLES
def test_covering_equals_reference(first_four):
    most = 0
    for number in range(37):
        covering = roulette.covering(number, first_four)
        assert {(frozenset(w.numbers), kind_name(w)) for w in covering} == set(ref.covering(number, first_four))
        assert roulette.complete(number, first_four) == [w for w in covering if not w.kind.outside]
        most = max(most, len(covering))
    assert most == lib.DD_ROULETTE_MAX_COVERING


def test_completes_hand_worked():
    # A complete on 17: straight, 4 splits, the street, 4 corners, 2 six lines (40 chips at 1-4-3-16-16).
    names = [w.name for w in roulette.complete(17)]
    assert names == ["straight 17", "split 14-17", "split 16-17", "split 17-18", "split 17-20",
                     "street 16-17-18", "corner 13-14-16-17", "corner 14-15-17-18", "corner 16-17-19-20",
                     "corner 17-18-20-21", "six line 13-18", "six line 16-21"]
    zero = {w.name for w in roulette.complete(0)}
    assert zero == {"straight 0", "split 0-1", "split 0-2", "split 0-3", "street 0-1-2", "street 0-2-3",
                    "first four 0-1-2-3"}
    assert {w.name for w in roulette.complete(0, first_four=False)} == zero - {"first four 0-1-2-3"}


def test_spins_are_repeatable_and_match_the_reference_generator():
    reference = ReferenceRng(11)
    expected = [reference.below(37) for _ in range(500)]
    rng = core.Rng(11)
    assert [roulette.spin(rng) for _ in range(500)] == expected
    assert roulette.spins(500, core.Rng(11)) == expected
    assert roulette.spins(0, core.Rng(11)) == []
    assert 0 <= roulette.spin() <= 36
    with pytest.raises(core.InvalidInput):
        roulette.spin(rng=11)


def test_spins_are_uniform():
    counts = np.bincount(roulette.spins(74_000, core.Rng(3)), minlength=37)
    assert len(counts) == 37
    assert stats.chisquare(counts).pvalue > 0.001


# --- the C interface refuses what it cannot use -------------------------------------------------------

def test_c_classify_rejects_bad_arguments():
    kind = ffi.new("int *", -99)
    assert lib.dd_roulette_classify(1 << 17, 0, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_roulette_classify(1 << 17, 2, kind) == lib.DD_E_RANGE
    assert lib.dd_roulette_classify(1 << 37, 1, kind) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_classify(2**64 - 1, 1, kind) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_classify(0, 1, kind) == lib.DD_E_NOT_A_WAGER
    assert kind[0] == -99, "nothing is written on failure"
    assert lib.dd_roulette_classify_many(ffi.NULL, 3, 1, ffi.new("int32_t[3]")) == lib.DD_E_NULL
    assert lib.dd_roulette_classify_many(ffi.NULL, 0, 1, ffi.NULL) == lib.DD_OK


def test_c_tables_reject_bad_arguments():
    count = ffi.new("size_t *")
    small = ffi.new("uint64_t[]", 10)
    assert lib.dd_roulette_layout(1, ffi.NULL, ffi.NULL, 0, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_roulette_layout(4, ffi.NULL, ffi.NULL, 0, count) == lib.DD_E_RANGE
    assert lib.dd_roulette_layout(1, small, ffi.NULL, 10, count) == lib.DD_E_RANGE
    assert list(small) == [0] * 10
    assert lib.dd_roulette_layout(1, ffi.NULL, ffi.NULL, 0, count) == lib.DD_OK and count[0] == 157
    assert lib.dd_roulette_covering(37, 1, 0, ffi.NULL, ffi.NULL, 0, count) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_covering(-1, 1, 0, ffi.NULL, ffi.NULL, 0, count) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_wheel_order(ffi.new("uint8_t[]", 36), 36) == lib.DD_E_RANGE
    assert lib.dd_roulette_colour_of(37, ffi.new("int *")) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_kind_info(-1, ffi.NULL, ffi.NULL, ffi.NULL) == lib.DD_E_RANGE
    assert lib.dd_roulette_kind_info(lib.DD_ROULETTE_KIND_COUNT, ffi.NULL, ffi.NULL, ffi.NULL) == lib.DD_E_RANGE
    mask = ffi.new("uint64_t *")
    assert lib.dd_roulette_outside_mask(lib.DD_ROULETTE_STRAIGHT, 0, mask) == lib.DD_E_RANGE
    assert lib.dd_roulette_outside_mask(lib.DD_ROULETTE_COLUMN, 4, mask) == lib.DD_E_RANGE
    assert lib.dd_roulette_outside_mask(lib.DD_ROULETTE_RED, 1, mask) == lib.DD_E_RANGE
    assert lib.dd_roulette_spin(ffi.NULL, ffi.new("int *")) == lib.DD_E_NULL
    assert lib.dd_roulette_spin_many(ffi.new("dd_rng *"), ffi.NULL, 5) == lib.DD_E_NULL


def test_c_settle_writes_nothing_on_error_and_names_the_wager():
    masks = ffi.new("uint64_t[]", [1 << 17, (1 << 0) | (1 << 5), 1 << 3])
    amounts = ffi.new("int64_t[]", [5, 5, 5])
    winnings = ffi.new("int64_t[]", [-7, -7, -7])
    bad = ffi.new("size_t *")
    total = ffi.new("int64_t *", -7)
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 1, winnings, bad) == lib.DD_E_NOT_A_WAGER
    assert bad[0] == 1 and list(winnings) == [-7, -7, -7]
    assert lib.dd_roulette_settle_total(masks, amounts, 3, 17, 1, total, ffi.NULL, ffi.NULL, bad) \
        == lib.DD_E_NOT_A_WAGER
    assert bad[0] == 1 and total[0] == -7
    masks[1] = 1 << 20
    amounts[2] = -1
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 1, winnings, bad) == lib.DD_E_BAD_AMOUNT
    assert bad[0] == 2 and list(winnings) == [-7, -7, -7]
    amounts[2] = INT64_MAX // 35 + 1
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 1, winnings, bad) == lib.DD_E_OVERFLOW
    assert bad[0] == 2 and list(winnings) == [-7, -7, -7]
    amounts[2] = 5
    assert lib.dd_roulette_settle(masks, amounts, 3, 37, 1, winnings, bad) == lib.DD_E_BAD_NUMBER
    assert bad[0] == 3
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 8, winnings, bad) == lib.DD_E_RANGE
    assert lib.dd_roulette_settle(ffi.NULL, amounts, 3, 17, 1, winnings, bad) == lib.DD_E_NULL
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 1, ffi.NULL, bad) == lib.DD_E_NULL
    assert lib.dd_roulette_settle(masks, amounts, lib.DD_ROULETTE_MAX_BATCH + 1, 17, 1, winnings, bad) \
        == lib.DD_E_RANGE
    assert lib.dd_roulette_settle_total(masks, amounts, 3, 17, 1, ffi.NULL, ffi.NULL, ffi.NULL, bad) \
        == lib.DD_E_NULL
    assert list(winnings) == [-7, -7, -7]
    assert lib.dd_roulette_settle(masks, amounts, 3, 17, 1, winnings, ffi.NULL) == lib.DD_OK
    assert list(winnings) == [175, 0, 0]


def test_c_prepared_batches_refuse_bad_input_and_write_nothing():
    masks = ffi.new("uint64_t[]", [1 << 17, 1 << 17, 1 << 3])
    amounts = ffi.new("int64_t[]", [2, INT64_MAX // 35, 1])
    if_won = ffi.new("int64_t[]", [-7, -7, -7])
    bad = ffi.new("size_t *")
    amounts[2] = -1
    assert lib.dd_roulette_prepare(masks, amounts, 3, 1, if_won, bad) == lib.DD_E_BAD_AMOUNT
    assert bad[0] == 2 and list(if_won) == [-7, -7, -7]
    assert lib.dd_roulette_prepare(masks, amounts, 3, 1, ffi.NULL, bad) == lib.DD_E_NULL
    amounts[2] = 1
    assert lib.dd_roulette_prepare(masks, amounts, 3, 1, if_won, bad) == lib.DD_OK
    assert list(if_won) == [70, INT64_MAX // 35 * 35, 35]

    winnings = ffi.new("int64_t[]", [-7, -7, -7])
    total = ffi.new("int64_t *", -7)
    winners = ffi.new("size_t *", 99)
    # Both straights on 17 win: each fits in int64, their sum does not.
    assert lib.dd_roulette_settle_prepared(masks, if_won, 3, 17, winnings, total, winners) == lib.DD_E_OVERFLOW
    assert list(winnings) == [-7, -7, -7] and total[0] == -7 and winners[0] == 99
    assert lib.dd_roulette_settle_prepared(masks, if_won, 3, 17, winnings, ffi.NULL, winners) == lib.DD_OK
    assert list(winnings) == [70, INT64_MAX // 35 * 35, 0] and winners[0] == 2
    assert lib.dd_roulette_settle_prepared(masks, if_won, 3, 3, ffi.NULL, total, ffi.NULL) == lib.DD_OK
    assert total[0] == 35
    assert lib.dd_roulette_settle_prepared(masks, if_won, 3, 37, winnings, total, winners) == lib.DD_E_BAD_NUMBER
    assert lib.dd_roulette_settle_prepared(ffi.NULL, if_won, 3, 3, winnings, total, winners) == lib.DD_E_NULL
    assert lib.dd_roulette_settle_prepared(masks, if_won, lib.DD_ROULETTE_MAX_BATCH + 1, 3, winnings, total,
                                           winners) == lib.DD_E_RANGE
    if_won[1] = -1
    assert lib.dd_roulette_settle_prepared(masks, if_won, 3, 3, winnings, total, winners) == lib.DD_E_BAD_AMOUNT
    assert total[0] == 35 and list(winnings) == [70, INT64_MAX // 35 * 35, 0]


def test_paying_steps_follow_the_odds_reading_of_the_reference():
    """Outside first, then six lines, corners, streets, splits, straight ups: each layout wager's engine
    step orders like the reference's key (corners before streets: the lowest odds first)."""
    from dealerdrill.core.roulette import WagerKind, layout_wagers, paying_steps
    steps = paying_steps()
    assert steps[0] == [k for k in WagerKind if k.outside]
    assert list(steps[1:]) == [[WagerKind.SIX_LINE], [WagerKind.CORNER], [WagerKind.STREET],
                                              [WagerKind.SPLIT], [WagerKind.STRAIGHT]]
    wagers = layout_wagers()
    for a in wagers:
        for b in wagers[::7]:
            ka, kb = ref.classify(a.numbers) , ref.classify(b.numbers)
            ka = ka if not a.kind.outside else "column"
            kb = kb if not b.kind.outside else "column"
            assert (a.kind.pay_step < b.kind.pay_step) == (ref.pay_step(ka) < ref.pay_step(kb)), (a, b)


def test_pay_order_check_matches_the_reference_on_a_large_seeded_sample():
    from dealerdrill.core.roulette import layout_wagers, pay_order_check
    chooser = random.Random(404)
    wagers = layout_wagers()
    in_order = out_of_order = 0
    for _ in range(20_000):
        paid = chooser.sample(wagers, chooser.randrange(0, 9))
        if chooser.random() < 0.5:
            paid.sort(key=lambda w: w.kind.pay_step)
        kinds = ["column" if w.kind.outside else ref.classify(w.numbers) for w in paid]
        expected = ref.first_paid_too_late(kinds)
        assert pay_order_check(paid) == expected, paid
        in_order += expected is None
        out_of_order += expected is not None
    assert in_order > 5_000 and out_of_order > 5_000


def test_pay_order_check_refuses_what_is_no_wager():
    from dealerdrill.core.roulette import pay_order_check
    with pytest.raises(core.InvalidWager, match="payment 2: 1-3 is not a wager on the layout"):
        pay_order_check([(1, 2, 3), (1, 3)])
    with pytest.raises(core.InvalidWager, match="first four"):
        pay_order_check([(0, 1, 2, 3)], first_four=False)
