"""Pai gow tiles: the set, hand ranking (rules 4.2-4.7), settings, matching (rule 6.1), dealing and
settlement (rule 11.1; 1998 No. 20 p.452 rules (j)-(l)), checked against tests/reference/paigow.py and
against examples worked by hand."""
import random
from collections import Counter
from itertools import combinations

import pytest
from reference import paigow as ref

from dealerdrill.core import BankShort, IllegalSetting, InvalidInput, InvalidTile, paigow
from dealerdrill.core._engine import ffi, lib

# One hand per combination of two kinds; a pair uses both tiles of its kind (3-6 with 4-5).
DISTINCT_HANDS = [
    (faces_a[0], faces_b[1] if i == j else faces_b[0])
    for i, (_, faces_a) in enumerate(ref.KIND_TABLE)
    for j, (_, faces_b) in enumerate(ref.KIND_TABLE) if j >= i
]


# ------------------------------------------------------------------------------------------- tiles

def test_the_set_matches_the_rules_table():
    assert len(paigow.TILES) == 32
    assert Counter(t.face for t in paigow.TILES) == Counter(ref.SET)
    for t in paigow.TILES:
        assert t.name == ref.name(t.face)
        assert t.rank == int(t.kind) == ref.rank(t.face)
        assert t.pips == tuple(int(p) for p in t.face.split("-"))
        assert t.copies == ref.SET.count(t.face)
        assert t.points == ref.dots(t.face) % 10
        assert t.is_gee_joon == (t.name == "Gee Joon")
        # The values a tile may count come from the engine's tile data (3 or 6 for Gee Joon, rule 4.2).
        assert list(t.point_options) == [v % 10 for v in ref.point_values(t.face)]
    assert [t.id for t in paigow.TILES] == list(range(32))


def test_tile_lookup_normalises_faces():
    assert paigow.tile("6-3") == paigow.tile("3-6")
    assert paigow.tile("3-6").name == "Chop Gow" and paigow.tile("4-5").name == "Chop Gow"
    assert paigow.tile("3-6") != paigow.tile("4-5")
    assert paigow.tile("2-1").face == "1-2"
    assert paigow.tile("6-6").kind is paigow.Kind.TEEN


# ------------------------------------------------------------------------------------------ counts

def test_two_tile_hands_496_of_136_kinds_that_rank_alike():
    hands = list(combinations(paigow.TILES, 2))
    assert len(hands) == 496
    by_kinds = {}
    for a, b in hands:
        by_kinds.setdefault(tuple(sorted((a.rank, b.rank))), set()).add(paigow.hand(a.face, b.face).value)
    assert len(by_kinds) == 136
    # Both tiles of a mixed kind behave identically: one value per kind combination.
    assert all(len(values) == 1 for values in by_kinds.values())


def test_four_tile_hands_35960_of_3620_kinds_that_set_alike():
    hands = list(combinations(paigow.TILES, 4))
    assert len(hands) == 35_960
    by_kinds = {}
    for four in hands:
        key = tuple(sorted(t.rank for t in four))
        values = sorted(
            (paigow.hand(*high).value, paigow.hand(*low).value)
            for high, low in paigow.settings([t.face for t in four])
        )
        by_kinds.setdefault(key, set()).add(tuple(values))
    assert len(by_kinds) == 3_620 == len(ref.distinct_kind_multisets(4))
    assert all(len(v) == 1 for v in by_kinds.values())


# ---------------------------------------------------------------------------------------- ranking

def test_every_pair_of_distinct_hands_compares_as_the_reference():
    assert len(DISTINCT_HANDS) == 136
    mismatches = [
        (a, b) for a in DISTINCT_HANDS for b in DISTINCT_HANDS
        if paigow.compare(a, b) != ref.compare(a, b)
    ]
    assert mismatches == []


def test_descriptions_match_the_reference():
    for a, b in DISTINCT_HANDS:
        described = paigow.hand(a, b)
        assert described.label == ref.label(a, b), (a, b)
        assert described.points == ref.points(a, b), (a, b)
        assert described.high.rank == min(ref.rank(a), ref.rank(b))


# Rule 4.2's 22 numbered ranks, as docs/rules/paigow.md lists them.
TOP_22 = [
    (("1-2", "2-4"), "Gee Joon pair"),
    (("6-6", "6-6"), "pair of Teen"),
    (("1-1", "1-1"), "pair of Day"),
    (("4-4", "4-4"), "pair of Yun"),
    (("1-3", "1-3"), "pair of Gor"),
    (("5-5", "5-5"), "pair of Mooy"),
    (("3-3", "3-3"), "pair of Chong"),
    (("2-2", "2-2"), "pair of Bon"),
    (("5-6", "5-6"), "pair of Foo"),
    (("4-6", "4-6"), "pair of Ping"),
    (("1-6", "1-6"), "pair of Tit"),
    (("1-5", "1-5"), "pair of Look"),
    (("3-6", "4-5"), "pair of Chop Gow"),
    (("2-6", "3-5"), "pair of Chop Bot"),
    (("2-5", "3-4"), "pair of Chop Chit"),
    (("1-4", "2-3"), "pair of Chop Ng"),
    (("6-6", "3-6"), "Teen Wong"),
    (("1-1", "4-5"), "Day Wong"),
    (("6-6", "4-4"), "Teen Gong"),
    (("1-1", "3-5"), "Day Gong"),
    (("6-6", "1-6"), "Teen High Nine"),
    (("1-1", "3-4"), "Day High Nine"),
]


def test_the_22_named_ranks_in_order():
    for number, (faces, label) in enumerate(TOP_22, start=1):
        described = paigow.hand(*faces)
        assert described.label == label
        assert described.rank == number
    for (higher, _), (lower, _) in zip(TOP_22, TOP_22[1:]):
        assert paigow.compare(higher, lower) == 1
        assert paigow.compare(lower, higher) == -1
    categories = [paigow.hand(*faces).category for faces, _ in TOP_22]
    assert categories == [paigow.Category.PAIR] * 16 + [paigow.Category.WONG] * 2 + \
        [paigow.Category.GONG] * 2 + [paigow.Category.HIGH_NINE] * 2


def test_day_high_nine_beats_every_point_hand():
    day_high_nine = ("1-1", "3-4")
    point_hands = [h for h in DISTINCT_HANDS if paigow.hand(*h).category is paigow.Category.POINTS]
    # 16 pairs, and Teen or Day with a 9 (one kind), an 8 (two kinds) or a 7 (two kinds): 26 named.
    assert len(point_hands) == 136 - 26
    assert all(paigow.compare(day_high_nine, h) == 1 for h in point_hands)
    assert all(paigow.hand(*h).rank is None for h in point_hands)


def test_both_faces_of_a_mixed_kind_rank_alike():
    assert paigow.compare(("6-6", "3-6"), ("6-6", "4-5")) == 0
    assert paigow.compare(("1-6", "3-4"), ("1-6", "2-5")) == 0
    assert paigow.hand("2-3", "5-5").label == paigow.hand("1-4", "5-5").label == "5 (Mooy high)"


def test_same_points_different_kinds_are_no_pair():
    eight_and_eight = paigow.hand("4-4", "2-6")
    assert eight_and_eight.category is paigow.Category.POINTS
    assert eight_and_eight.points == 6 and eight_and_eight.label == "6 (Yun high)"
    assert paigow.hand("5-5", "4-6").label == "0 (no ranking)"


@pytest.mark.parametrize("gee_joon", ["1-2", "2-4"])
@pytest.mark.parametrize("other, points, label", [
    ("5-6", 7, "7 (Foo high)"),     # 11 dots: 1 + 6
    ("1-1", 8, "8 (Day high)"),     # Day + 6 = 8 points, never a Gong
    ("6-6", 8, "8 (Teen high)"),    # Teen + 6 = 8 points, never a Gong
    ("3-4", 3, "3 (Chop Chit high)"),  # 7 + 6 = 13 beats 7 + 3 = 10
    ("2-6", 4, "4 (Chop Bot high)"),   # 8 + 6 = 14 beats 8 + 3 = 11
    ("1-3", 7, "7 (Gor high)"),     # 4 + 3 = 7 beats 4 + 6 = 10
    ("3-6", 5, "5 (Chop Gow high)"),   # 9 + 6 = 15 beats 9 + 3 = 12
])
def test_gee_joon_counts_three_or_six_whichever_is_better(gee_joon, other, points, label):
    described = paigow.hand(gee_joon, other)
    assert described.points == points
    assert described.label == label
    assert described.category is paigow.Category.POINTS


def test_gee_joon_hand_copies_a_hand_of_equal_points_and_high_tile():
    # Teen with Gee Joon (8, Teen high) against Teen with Look (18 dots: 8, Teen high): a copy.
    assert paigow.compare(("6-6", "1-2"), ("6-6", "1-5")) == 0
    # The highest-ranking tile breaks equal points (rule 4.3): Gee Joon itself ranks lowest.
    assert paigow.compare(("1-2", "1-3"), ("1-6", "5-5")) == 1   # 7 Gor high beats 7 Mooy high
    assert paigow.compare(("1-2", "1-6"), ("1-6", "5-5")) == -1  # 3 Tit high below 7


def test_zero_against_zero_is_a_copy_whatever_the_tiles():
    # Rule 4.7: 0 points has no ranking, so a Gor-high 0 does not beat a Mooy-high 0.
    assert paigow.compare(("1-3", "3-3"), ("5-5", "4-6")) == 0
    assert paigow.compare(("5-5", "4-6"), ("1-3", "3-3")) == 0
    assert paigow.hand("1-3", "3-3").label == "0 (no ranking)"
    assert paigow.compare(("5-5", "4-6"), ("1-4", "1-5")) == -1  # 0 below 1


# ------------------------------------------------------------------------------ settings, matching

def test_three_settings_each_legal_and_matching_the_reference():
    four = ["6-6", "1-1", "3-6", "4-5"]
    found = paigow.settings(four)
    assert len(found) == 3
    assert all(paigow.is_legal(s) for s in found)
    assert {(frozenset(h), frozenset(l)) for h, l in found} == \
        {(frozenset(h), frozenset(l)) for h, l in ref.settings(four)}
    assert (("3-6", "4-5"), ("6-6", "1-1")) in found  # pair of nines above Teen-Day 4


def test_settings_of_random_hands_match_the_reference():
    rng = random.Random(4)
    for _ in range(500):
        four = rng.sample(ref.SET, 4)
        ours = paigow.settings(four)
        theirs = ref.settings(four)
        for (high, low), (ref_high, ref_low) in zip(ours, theirs):
            assert ref.compare(high, ref_high) == 0 and ref.compare(low, ref_low) == 0
            assert Counter(high + low) == Counter(four)


def test_legality():
    assert paigow.is_legal((("6-6", "6-6"), ("1-2", "2-3")))
    assert not paigow.is_legal((("1-2", "2-3"), ("6-6", "6-6")))
    assert paigow.is_legal((("6-6", "4-4"), ("5-5", "4-6")))  # 0 and 0: a copy, not below
    with pytest.raises(IllegalSetting, match="ranks below the low hand"):
        paigow.check_setting((("1-2", "2-3"), ("6-6", "6-6")))


def test_outcome_win_lose_push():
    bank = (("4-4", "4-4"), ("1-6", "1-5"))  # pair of Yun; 3 (Tit high)
    assert paigow.outcome((("6-6", "6-6"), ("2-2", "1-3")), bank) == "win"   # pair beats pair; 8 > 3
    assert paigow.outcome((("6-6", "6-6"), ("5-5", "4-6")), bank) == "push"  # high wins, low 0 < 3
    assert paigow.outcome((("1-1", "3-4"), ("5-5", "4-6")), bank) == "lose"  # both below


def test_copies_go_to_the_bank():
    bank = (("6-6", "1-5"), ("1-3", "2-2"))        # 8 Teen high; 8 Gor high
    copy_high = ("6-6", "2-4")                     # Teen with Gee Joon: 8 Teen high
    assert paigow.outcome((copy_high, ("1-3", "2-2")), bank) == "lose"  # both copies
    assert paigow.outcome((copy_high, ("3-3", "3-5")), bank) == "lose"  # 4 below 8
    assert paigow.outcome((copy_high, ("1-1", "3-3")), bank) == "push"  # 8 Day high beats 8 Gor high
    assert paigow.outcome((("4-4", "4-4"), ("1-3", "2-2")), bank) == "push"  # pair wins, low copies


def test_zero_lows_count_for_the_bank():
    # Rule 6.1(b)(ii): the bank's high wins and both lows are 0 -> the player loses.
    bank = (("6-6", "6-6"), ("5-5", "4-6"))
    assert paigow.outcome((("1-1", "1-1"), ("1-3", "3-3")), bank) == "lose"
    # The player's high wins and both lows are 0 -> only one hand wins: a push.
    assert paigow.outcome((("1-2", "2-4"), ("1-3", "3-3")), bank) == "push"


def test_outcomes_of_a_large_seeded_sample_match_the_reference():
    rng = random.Random(2026)
    matches = []
    for _ in range(1500):
        eight = rng.sample(ref.SET, 8)
        for player in ref.settings(eight[:4]):
            for bank in ref.settings(eight[4:]):
                matches.append((player, bank))
                matches.append((bank, player))
    assert paigow.outcomes(matches) == [ref.outcome(p, b) for p, b in matches]
    tally = Counter(paigow.outcomes(matches))
    assert set(tally) == {"win", "lose", "push"}
    assert [paigow.outcome(p, b) for p, b in matches[:200]] == [ref.outcome(p, b) for p, b in matches[:200]]


# -------------------------------------------------------------------------------------------- deal

def test_deal_uses_every_tile_once_and_is_repeatable():
    first = paigow.deal(seed=7)
    assert first == paigow.deal(seed=7)
    assert first != paigow.deal(seed=8)
    assert Counter(f for stack in first.woodpile for f in stack) == Counter(ref.SET)
    assert len(first.woodpile) == 8 and all(len(s) == 4 for s in first.woodpile)
    assert len(first.dice) == 3 and all(1 <= d <= 6 for d in first.dice)


@pytest.mark.parametrize("count_from", [1, 3, 8])
def test_stacks_go_out_from_the_box_the_dice_count_to(count_from):
    first_boxes = set()
    for seed in range(120):
        dealt = paigow.deal(seed=seed, count_from=count_from)
        box = count_from  # counted as 1
        for _ in range(sum(dealt.dice) - 1):
            box = box % 8 + 1  # next box counter-clockwise
        assert dealt.first_box == box
        for i, stack in enumerate(dealt.woodpile):
            assert dealt.hand_of((box - 1 + i) % 8 + 1) == stack
        first_boxes.add(box)
    assert first_boxes == set(range(1, 9))


@pytest.mark.parametrize("count_from", [1, 5, 8])
def test_the_engine_says_which_box_received_each_stack(count_from):
    # The documented counting rule, worked independently: the dice total counted round the 8 boxes with
    # box `count_from` as 1 gives the first stack's box; each later stack goes to the next box up.
    for seed in range(60):
        dealt = paigow.deal(seed=seed, count_from=count_from)
        first = (count_from - 1 + sum(dealt.dice) - 1) % 8 + 1
        expected = tuple((first - 1 + i) % 8 + 1 for i in range(8))
        assert dealt.delivered_to == expected
        assert sorted(dealt.delivered_to) == list(range(1, 9))
        for i, stack in enumerate(dealt.woodpile):
            assert dealt.box_of_stack(i) == expected[i]
            assert dealt.hand_of(expected[i]) == stack
    with pytest.raises(InvalidInput):
        dealt.box_of_stack(8)


# -------------------------------------------------------------------------------------- settlement

def as_tuple(result):
    return (result.paid, result.commission, result.net)


def test_house_banks_pays_even_money_less_five_percent():
    # $100 win, $50 loss, $20 push, $35.50 win: 5% of 3550 is 177.5 cents, rounded down to 177.
    table = [(10000, "win"), (5000, "lose"), (2000, "push"), (3550, "win")]
    s = paigow.settle(table)
    assert [as_tuple(r) for r in s.results] == [(9500, 500, 9500), (0, 0, -5000), (0, 0, 0), (3373, 177, 3373)]
    assert (s.collected, s.winnings, s.paid, s.commission) == (5000, 13550, 12873, 677)
    assert s.house_net == -7873
    assert s.banking is paigow.Banking.HOUSE


@pytest.mark.parametrize("amount, unit, rounding, expected", [
    (3550, 1, "player", 177), (3550, 1, "house", 178), (3550, 1, "nearest", 177),  # 177.5
    (3555, 1, "player", 177), (3555, 1, "house", 178), (3555, 1, "nearest", 178),  # 177.75
    (3560, 1, "player", 178), (3560, 1, "house", 178), (3560, 1, "nearest", 178),  # exact
    (2900, 100, "player", 100), (2900, 100, "house", 200), (2900, 100, "nearest", 100),  # $1.45
    (3000, 100, "player", 100), (3000, 100, "house", 200), (3000, 100, "nearest", 100),  # $1.50
    (3100, 100, "nearest", 200),  # $1.55
    (50, 100, "house", 50),       # rounded up, but never more than the win
])
def test_commission_rounding(amount, unit, rounding, expected):
    assert paigow.commission(amount, rounding_unit=unit, rounding=rounding) == expected
    assert ref.commission(amount, 500, unit, rounding) == expected
    s = paigow.settle([(amount, "win")], rounding_unit=unit, rounding=rounding)
    assert as_tuple(s.results[0]) == (amount - expected, expected, amount - expected)


def test_commission_rate_is_a_setting():
    assert paigow.commission(10000, commission_bp=0) == 0
    assert paigow.commission(10000, commission_bp=250) == 250
    assert paigow.settle([(10000, "win")], commission_bp=10000).results[0].paid == 0


def test_co_banking_without_a_shortfall():
    # Co-banker puts up $200, the house matches it. Losers 5000 + 3000 + 1201 = 9201 to the losing
    # wager area; the winner is owed 2500 (paid 2375, the house keeps 125 commission). The remainder
    # 6701 splits 3351 to the co-banker (the odd cent) and 3350 to the house; the co-banker pays 5% of
    # his 3351 = 167.55 -> 167.
    table = [(5000, "lose"), (3000, "lose"), (2500, "win"), (1000, "push"), (1201, "lose")]
    s = paigow.settle(table, co_banker_wager=20000)
    assert s.banking is paigow.Banking.CO_BANKING
    assert [as_tuple(r) for r in s.results] == [
        (0, 0, -5000), (0, 0, -3000), (2375, 125, 2375), (0, 0, 0), (0, 0, -1201)]
    assert (s.collected, s.winnings, s.remainder, s.shortfall) == (9201, 2500, 6701, 0)
    assert (s.co_banker_share, s.house_share) == (3351, 3350)
    assert s.co_banker_commission == 167 and s.commission == 292
    assert s.co_banker_returned == 20000 + 3351 - 167 == 23184
    assert s.to_float == 20000 + 3350
    assert (s.co_banker_net, s.house_net) == (3184, 3350 + 125 + 167)
    players = sum(r.net for r in s.results)
    assert players + s.co_banker_net + s.house_net == 0


def test_co_banking_commission_rounded_for_the_house():
    table = [(5000, "lose"), (3000, "lose"), (2500, "win"), (1000, "push"), (1201, "lose")]
    s = paigow.settle(table, co_banker_wager=20000, rounding="house")
    assert s.co_banker_commission == 168 and s.co_banker_returned == 23183
    assert s.results[2].commission == 125


def test_co_banking_with_a_shortfall():
    # Winners are owed 8000 + 6000 = 14000, the losing wager area holds 2000 + 1499 = 3499: the shortfall
    # 10501 comes out of the co-banking wager (10000 + the house's 10000); the 9499 left splits 4750 to
    # the co-banker (the odd cent) and 4749 to the float. No commission on a losing bank.
    table = [(8000, "win"), (6000, "win"), (2000, "lose"), (1499, "lose"), (500, "push")]
    s = paigow.settle(table, co_banker_wager=10000)
    assert [as_tuple(r) for r in s.results] == [
        (7600, 400, 7600), (5700, 300, 5700), (0, 0, -2000), (0, 0, -1499), (0, 0, 0)]
    assert (s.collected, s.winnings, s.shortfall, s.remainder) == (3499, 14000, 10501, 0)
    assert (s.co_banker_share, s.house_share) == (4750, 4749)
    assert s.co_banker_commission == 0
    assert (s.co_banker_returned, s.to_float) == (4750, 4749)
    assert (s.co_banker_net, s.house_net) == (-5250, 4749 - 10000 + 700)
    assert sum(r.net for r in s.results) + s.co_banker_net + s.house_net == 0


def test_co_banking_wager_exactly_covers_the_shortfall_and_no_more():
    s = paigow.settle([(3000, "win"), (1000, "lose")], co_banker_wager=1000)
    assert (s.shortfall, s.co_banker_returned, s.to_float) == (2000, 0, 0)
    with pytest.raises(BankShort, match="cannot cover a shortfall of 2001 cents"):
        paigow.settle([(3001, "win"), (1000, "lose")], co_banker_wager=1000)


def test_co_banking_break_even_returns_the_wagers():
    s = paigow.settle([(1500, "win"), (1500, "lose")], co_banker_wager=5000)
    assert (s.remainder, s.co_banker_commission, s.co_banker_returned, s.to_float) == (0, 0, 5000, 5000)
    assert s.house_net == 75  # the winner's commission only


@pytest.mark.parametrize("co_banker", [None, 0, 1, 2500, 100000])
@pytest.mark.parametrize("rounding, unit", [("player", 1), ("house", 5), ("nearest", 100)])
def test_random_tables_settle_as_the_reference(co_banker, rounding, unit):
    rng = random.Random(f"{co_banker}-{rounding}")
    for _ in range(150):
        table = [(rng.choice([rng.randrange(0, 200_00), rng.randrange(0, 10) * 500]),
                  rng.choice(["win", "lose", "push"])) for _ in range(rng.randrange(0, 25))]
        try:
            expected = ref.settle(table, co_banker, 500, unit, rounding)
        except ref.ReferenceBankShort:
            with pytest.raises(BankShort):
                paigow.settle(table, co_banker_wager=co_banker, rounding=rounding, rounding_unit=unit)
            continue
        s = paigow.settle(table, co_banker_wager=co_banker, rounding=rounding, rounding_unit=unit)
        assert [as_tuple(r) for r in s.results] == expected.pop("results")
        assert {k: getattr(s, k) for k in expected} == expected
        assert sum(r.net for r in s.results) + s.co_banker_net + s.house_net == 0


# ---------------------------------------------------------------------------------- invalid input

@pytest.mark.parametrize("call, error, message", [
    (lambda: paigow.hand("6-6", "7-1"), InvalidTile, "7-1 is not a pai gow tile"),
    (lambda: paigow.hand("6-6", "0-3"), InvalidTile, "0-3 is not a pai gow tile"),
    (lambda: paigow.hand("6-6", 12), InvalidTile, "12 is not a pai gow tile"),
    (lambda: paigow.tile("six-six"), InvalidTile, "six-six is not a pai gow tile"),
    (lambda: paigow.settings(["6-6", "6-6", "6-6", "1-1"]), InvalidTile,
     r"there are only 2 Teen tiles \(6-6\) in a set"),
    (lambda: paigow.settings(["3-6", "6-3", "1-1", "2-2"]), InvalidTile,
     "there is only 1 Chop Gow tile 3-6 in a set"),
    (lambda: paigow.hand("1-2", "2-1"), InvalidTile, "there is only 1 Gee Joon tile 1-2 in a set"),
    (lambda: paigow.outcome((("6-6", "6-6"), ("1-1", "1-1")), (("6-6", "1-3"), ("2-2", "3-3"))),
     InvalidTile, r"there are only 2 Teen tiles \(6-6\)"),
    (lambda: paigow.outcome((("1-2", "2-3"), ("6-6", "6-6")), (("4-4", "4-4"), ("1-6", "1-5"))),
     IllegalSetting, "the player's setting is illegal: the high hand 2-3 1-2"),
    (lambda: paigow.outcome((("4-4", "4-4"), ("1-6", "1-5")), (("1-2", "2-3"), ("6-6", "6-6"))),
     IllegalSetting, "the bank's setting is illegal"),
    (lambda: paigow.settings(["6-6", "1-1", "2-2"]), InvalidInput, "a pai gow hand is four tiles"),
    (lambda: paigow.compare(("6-6",), ("1-1", "1-1")), InvalidInput, "the first hand must be two tiles"),
    (lambda: paigow.outcome(("6-6", "1-1"), (("4-4", "4-4"), ("1-6", "1-5"))), InvalidInput,
     "the high hand of the player's setting must be two tiles"),
    (lambda: paigow.settle([(-500, "win")]), InvalidInput, "the amount of wager 1 .* at least 0, not -500"),
    (lambda: paigow.settle([(500, "lose"), (5.5, "win")]), InvalidInput, "wager 2 .* whole number"),
    (lambda: paigow.settle([(500, "tie")]), InvalidInput, "must be 'win', 'lose' or 'push', not 'tie'"),
    (lambda: paigow.settle([500]), InvalidInput, "wager 1 must be \\(amount in cents, outcome\\)"),
    (lambda: paigow.settle([(500, "win")], co_banker_wager=-1), InvalidInput, "co-banker's wager"),
    (lambda: paigow.settle([(500, "win")], commission_bp=10001), InvalidInput, "commission rate"),
    (lambda: paigow.settle([(500, "win")], rounding_unit=0), InvalidInput, "rounding unit"),
    (lambda: paigow.settle([(500, "win")], rounding="up"), InvalidInput, "rounding must be 'player'"),
    (lambda: paigow.settle([(10**16, "win")]), InvalidInput, "at most"),
    (lambda: paigow.settle([(1, "lose")] * 1025), InvalidInput, "at most 1024 wagers"),
    (lambda: paigow.deal(seed=1, count_from=9), InvalidInput, "at most 8"),
    (lambda: paigow.deal(seed=-1), InvalidInput, "seed"),
])
def test_invalid_input_raises_a_readable_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_engine_rejects_bad_ids_nulls_and_codes_without_crashing():
    value = ffi.new("int *")
    assert lib.dd_pg_hand_value(32, 0, value) == lib.DD_E_BAD_TILE
    assert lib.dd_pg_hand_value(-1, 0, value) == lib.DD_E_BAD_TILE
    assert lib.dd_pg_hand_value(5, 5, value) == lib.DD_E_DUPLICATE_TILE
    assert lib.dd_pg_hand_value(0, 1, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_pg_compare(0, 1, 40, 2, value) == lib.DD_E_BAD_TILE
    assert lib.dd_pg_tile_info(99, ffi.new("dd_pg_tile *")) == lib.DD_E_BAD_TILE
    assert lib.dd_pg_settings(ffi.new("uint8_t[4]", [0, 1, 2, 2]), ffi.new("dd_pg_setting[3]")) \
        == lib.DD_E_DUPLICATE_TILE
    assert lib.dd_pg_settings(ffi.new("uint8_t[4]", [0, 1, 2, 200]), ffi.new("dd_pg_setting[3]")) \
        == lib.DD_E_BAD_TILE
    assert lib.dd_pg_settings(ffi.NULL, ffi.new("dd_pg_setting[3]")) == lib.DD_E_NULL
    player, bank = ffi.new("dd_pg_setting *"), ffi.new("dd_pg_setting *")
    player.high, player.low = [0, 1], [2, 3]
    bank.high, bank.low = [4, 5], [6, 3]  # tile 3 in both settings
    assert lib.dd_pg_match(player, bank, value) == lib.DD_E_DUPLICATE_TILE
    bad_index = ffi.new("size_t *")
    assert lib.dd_pg_match_many(ffi.NULL, ffi.NULL, 3, ffi.NULL, bad_index) == lib.DD_E_NULL
    assert lib.dd_pg_match_many(player, bank, 1, ffi.new("uint8_t[1]"), bad_index) \
        == lib.DD_E_DUPLICATE_TILE and bad_index[0] == 0
    assert lib.dd_pg_deal_tiles(ffi.NULL, 1, ffi.new("dd_pg_deal *")) == lib.DD_E_NULL
    rules = ffi.new("dd_pg_settle_rules *")
    lib.dd_pg_settle_defaults(rules)
    wager = ffi.new("dd_pg_wager *", {"amount": 100, "outcome": 7})
    results, summary = ffi.new("dd_pg_wager_result[1]"), ffi.new("dd_pg_settlement *")
    assert lib.dd_pg_settle(wager, 1, rules, results, summary) == lib.DD_E_BAD_OUTCOME
    assert lib.dd_pg_settle(wager, 2**40, rules, results, summary) == lib.DD_E_RANGE
    assert lib.dd_pg_settle(ffi.NULL, 1, rules, results, summary) == lib.DD_E_NULL
    rules.co_banker_wager = 100  # a co-banker's wager while the house banks alone
    wager.outcome = lib.DD_WIN
    assert lib.dd_pg_settle(wager, 1, rules, results, summary) == lib.DD_E_RANGE
    rules.co_banker_wager, rules.rounding = 0, 9
    assert lib.dd_pg_settle(wager, 1, rules, results, summary) == lib.DD_E_RANGE

