"""Baccarat / Mini Baccarat engine against the rules (NZ Gazette 1998 No. 10 Table 2, rules 9.5-9.9), the
pure-Python reference and the published exact figures."""
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from reference import baccarat as ref

from dealerdrill.core import EngineError, InvalidCard, InvalidInput, ShoeFinished, baccarat
from dealerdrill.core._engine import ffi, lib

WINNER_CODES = {"player": lib.DD_BAC_PLAYER, "banker": lib.DD_BAC_BANKER, "tie": lib.DD_BAC_TIE}

# ---- card values and the table of play ---------------------------------------------------------------


def test_card_values_follow_the_rules():
    expected = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 0, 11: 0, 12: 0, 13: 0}
    for rank, value in expected.items():
        assert baccarat.card_value(rank) == value == ref.card_value(rank)


@pytest.mark.parametrize("rank", [0, 14, -1, 255, 256, 10**30])
def test_bad_rank_is_refused_with_a_readable_message(rank):
    with pytest.raises(InvalidCard, match=rf"^{rank} is not a card rank \(1 = ace \.\.\. 13 = king\)$"):
        baccarat.card_value(rank)


@pytest.mark.parametrize("rank", ["K", 1.5, True, None])
def test_non_integer_rank_is_refused(rank):
    with pytest.raises(InvalidCard, match="is not a card rank"):
        baccarat.card_value(rank)


def test_point_count_is_the_last_digit():
    assert baccarat.point_count([9, 9]) == 8
    assert baccarat.point_count([13, 12, 5]) == 5
    assert baccarat.point_count([7, 8, 9]) == 4
    with pytest.raises(InvalidCard, match="^0 is not a card rank"):
        baccarat.point_count([5, 0])


def test_player_draws_on_0_to_5_only():
    for total in range(10):
        assert baccarat.player_draws(total) == (total <= 5) == ref.player_draws(total)
    for bad in (-1, 10, 27):
        with pytest.raises(InvalidInput, match=f"Player's two-card total must be a point count from 0 to 9, not {bad}"):
            baccarat.player_draws(bad)


def test_naturals_are_8_and_9():
    assert [baccarat.is_natural(t) for t in range(10)] == [False] * 8 + [True, True]
    with pytest.raises(InvalidInput):
        baccarat.is_natural(10)


# Table 2 (Banker's hand) of the Mini Baccarat rules, NZ Gazette 1998 No. 10 p. 232, as printed:
# Banker's point count -> (Player's third card values on which it draws, those on which it stands).
TABLE_2 = {
    3: ("0-1-2-3-4-5-6-7-9", "8"),
    4: ("2-3-4-5-6-7", "0-1-8-9"),
    5: ("4,5,6,7", "0-1-2-3-8-9"),
    6: ("6-7", "0-1-2-3-4-5-8-9"),
}
TABLE_2_ALWAYS_DRAWS = (0, 1, 2)     # "0-1-2 Draws"
TABLE_2_ALWAYS_STANDS = (7, 8, 9)    # "7 Stands", "8-9 Has a natural and cannot draw"


def _values(text):
    return {int(v) for v in text.replace(",", "-").split("-")}


def _table_2_says_draw(banker_total, third):
    if banker_total in TABLE_2_ALWAYS_DRAWS:
        return True
    if banker_total in TABLE_2_ALWAYS_STANDS:
        return False
    draws, stands = (_values(part) for part in TABLE_2[banker_total])
    assert draws | stands == set(range(10)) and not draws & stands
    return third in draws


@pytest.mark.parametrize("banker_total", range(10))
def test_banker_table_of_play_cell_by_cell_against_table_2(banker_total):
    for third in range(10):
        expected = _table_2_says_draw(banker_total, third)
        assert baccarat.banker_draws(banker_total, third) is expected, (banker_total, third)
        assert ref.banker_draws(banker_total, third) is expected, (banker_total, third)


def test_banker_after_player_stood_follows_rule_9_5():
    for banker_total in range(10):
        assert baccarat.banker_draws(banker_total, None) is (banker_total <= 5)
        assert ref.banker_draws(banker_total, None) is (banker_total <= 5)


def test_banker_draws_refuses_bad_arguments():
    with pytest.raises(InvalidInput, match="Banker's two-card total must be a point count from 0 to 9, not 10"):
        baccarat.banker_draws(10, 3)
    with pytest.raises(InvalidInput, match="third card value must be 0 to 9.*not 12"):
        baccarat.banker_draws(3, 12)
    with pytest.raises(InvalidInput, match="whole number"):
        baccarat.banker_draws(3, "8")


# ---- coups -----------------------------------------------------------------------------------------------

def _rank_for(value, position):
    # Value 0 is a ten or a court card: vary which one by position so all four ranks are exercised.
    return (10, 11, 12, 13)[position % 4] if value == 0 else value


def _resolve_in_c(ranks):
    """Resolve many 6-card rows at once through the batch entry point; returns a (rows, fields) array."""
    ranks = np.ascontiguousarray(ranks, dtype=np.uint8)
    count = ranks.shape[0]
    out = ffi.new("dd_bac_coup[]", count)
    bad = ffi.new("size_t *")
    status = lib.dd_bac_coup_resolve_many(ffi.from_buffer(ranks), count, 6, out, bad)
    assert status == lib.DD_OK
    size = ffi.sizeof("dd_bac_coup")
    return np.frombuffer(ffi.buffer(out), dtype=np.uint8).reshape(count, size).copy()


def _field(rows, name, index=0):
    return rows[:, ffi.offsetof("dd_bac_coup", name) + index]


def _reference_for_all_sequences():
    """Expected outcome for every one of the 10^6 six-value sequences, computed per prefix: once the
    reference coup finishes after k cards, all sequences sharing those k values share its result."""
    shape = (10,) * 6
    fields = {name: np.zeros(shape, dtype=np.uint8)
              for name in ("winner", "player_total", "banker_total", "cards_used", "natural",
                           "player_count", "banker_count")}

    def store(prefix, coup):
        index = tuple(prefix)
        fields["winner"][index] = WINNER_CODES[coup.winner]
        fields["player_total"][index] = coup.player_total
        fields["banker_total"][index] = coup.banker_total
        fields["cards_used"][index] = coup.cards_used
        fields["natural"][index] = coup.natural
        fields["player_count"][index] = len(coup.player)
        fields["banker_count"][index] = len(coup.banker)

    def walk(prefix):
        if len(prefix) >= 4:
            try:
                coup = ref.play_values(prefix)
            except ref.NeedMoreCards:
                pass
            else:
                store(prefix, coup)
                return
        for value in range(10):
            walk(prefix + [value])

    walk([])
    return {name: array.reshape(-1) for name, array in fields.items()}


def test_every_six_value_sequence_matches_the_reference():
    values = np.indices((10,) * 6).reshape(6, -1).T                  # all 10^6 rows, value per position
    positions = np.arange(6)
    rows = np.arange(values.shape[0])[:, None]
    court = np.array([10, 11, 12, 13], dtype=np.uint8)[(positions + rows) % 4]
    ranks = np.where(values == 0, court, values).astype(np.uint8)
    got = _resolve_in_c(ranks)
    expected = _reference_for_all_sequences()
    for name, want in expected.items():
        assert np.array_equal(_field(got, name), want), name
    # The cards each hand received, in the dealing order P, B, P, B, Player's third, Banker's third.
    used = expected["cards_used"].astype(np.int64)
    player_third = np.where(expected["player_count"] == 3, ranks[:, 4], 0)
    banker_third = np.where(expected["banker_count"] == 3, ranks[np.arange(len(ranks)), used - 1], 0)
    assert np.array_equal(_field(got, "player", 0), ranks[:, 0])
    assert np.array_equal(_field(got, "banker", 0), ranks[:, 1])
    assert np.array_equal(_field(got, "player", 1), ranks[:, 2])
    assert np.array_equal(_field(got, "banker", 1), ranks[:, 3])
    assert np.array_equal(_field(got, "player", 2), player_third)
    assert np.array_equal(_field(got, "banker", 2), banker_third)


def test_coup_from_python():
    # Player A+3 = 4 draws a 5 -> 9; Banker 2+4 = 6 with Player's third 5: stands. Player wins.
    c = baccarat.coup([1, 2, 3, 4, 5, 6])
    assert (c.player, c.banker) == ([1, 3, 5], [2, 4])
    assert (c.player_total, c.banker_total, c.winner, c.natural, c.cards_used) == (9, 6, "player", False, 5)
    # Banker natural 9 (K + 9) against Player 8 (5 + 3): both natural, Banker wins on four cards.
    c = baccarat.coup([5, 13, 3, 9])
    assert (c.winner, c.natural, c.cards_used, c.player_total, c.banker_total) == ("banker", True, 4, 8, 9)
    # Player stands on 7 (Q + 7); Banker 3 (A + 2) draws under rule 9.5: a 4 makes 7, a tie.
    c = baccarat.coup([12, 1, 7, 2, 4])
    assert (c.player, c.banker, c.winner, c.cards_used) == ([12, 7], [1, 2, 4], "tie", 5)
    # Banker 3 stands when the Player's third card is an 8 (Table 2).
    c = baccarat.coup([10, 1, 2, 2, 8, 9])
    assert (c.player, c.banker, c.player_total, c.banker_total, c.winner) == ([10, 2, 8], [1, 2], 0, 3, "banker")
    for cards in ([1, 2, 3, 4, 5, 6], [5, 13, 3, 9], [12, 1, 7, 2, 4]):
        r = ref.play_ranks(cards)
        c = baccarat.coup(cards)
        assert (c.winner, c.player_total, c.banker_total, c.cards_used) == (
            r.winner, r.player_total, r.banker_total, r.cards_used)


def test_coup_with_too_few_cards_or_bad_cards():
    with pytest.raises(InvalidCard, match="3 cards are not enough"):
        baccarat.coup([1, 2, 3])
    with pytest.raises(InvalidCard, match="4 cards are not enough"):
        baccarat.coup([1, 2, 3, 4])               # Player 4 must draw
    with pytest.raises(InvalidCard, match="5 cards are not enough"):
        baccarat.coup([1, 10, 3, 10, 5])          # Banker 0 must draw
    with pytest.raises(InvalidCard, match=r"^14 is not a card rank \(1 = ace \.\.\. 13 = king\)$"):
        baccarat.coup([1, 2, 14, 4, 5, 6])
    with pytest.raises(InvalidCard, match="'Q' is not a card rank"):
        baccarat.coup([1, 2, "Q", 4])
    with pytest.raises(InvalidInput, match="at most 6 cards"):
        baccarat.coup([1] * 100)


def test_c_entry_points_refuse_null_and_bad_sizes():
    out = ffi.new("dd_bac_coup *")
    assert lib.dd_bac_coup_resolve(ffi.NULL, 6, out) == lib.DD_E_NULL
    assert lib.dd_bac_coup_resolve(ffi.new("uint8_t[]", [1] * 6), 6, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_coup_resolve_many(ffi.new("uint8_t[]", 6), 1, 3, out, ffi.NULL) == lib.DD_E_RANGE
    assert lib.dd_bac_exact_ways(8, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_card_value(5, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_simulate(1, 8, 14, 1, 1, 0, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_shoe_deal(ffi.NULL, ffi.new("dd_bac_round *")) == lib.DD_E_NULL
    rules = ffi.new("dd_bac_settle_rules *", {"tie_odds": 8, "commission_bp": 500, "rounding_unit": 1})
    assert lib.dd_bac_settle(ffi.NULL, 3, 0, rules, ffi.new("dd_bac_payout[3]"), ffi.NULL) == lib.DD_E_NULL


def test_a_corrupted_shoe_struct_is_refused_not_read():
    shoe = baccarat.Shoe(decks=1, seed=1)
    raw = shoe._shoe
    raw.next = 60000
    assert lib.dd_bac_shoe_deal(raw, ffi.new("dd_bac_round *")) == lib.DD_E_STATE
    raw.next = 0
    raw.decks = 200
    assert lib.dd_bac_shoe_shuffle(raw) == lib.DD_E_STATE


# ---- exact enumeration -----------------------------------------------------------------------------------

PUBLISHED_8_DECKS = {"banker": 2_292_252_566_437_888, "player": 2_230_518_282_592_256,
                     "tie": 475_627_426_473_216}


def test_eight_deck_figures_equal_the_published_ones():
    ways = baccarat.exact_ways(8)
    assert ways == PUBLISHED_8_DECKS
    assert list(ways) == ["banker", "player", "tie"]
    counts = baccarat.exact_counts(8)
    assert counts["total"] == 416 * 415 * 414 * 413 * 412 * 411 == 4_998_398_275_503_360
    assert sum(ways.values()) == counts["total"]


def test_published_probabilities_and_house_edges_follow_from_the_figures():
    counts = baccarat.exact_counts(8)
    total = counts["total"]
    assert round(counts["banker"] / total, 6) == 0.458597
    assert round(counts["player"] / total, 6) == 0.446247
    assert round(counts["tie"] / total, 6) == 0.095156
    banker_edge = (counts["player"] - Fraction(95, 100) * counts["banker"]) / total
    player_edge = Fraction(counts["banker"] - counts["player"], total)
    tie_edge = Fraction(counts["banker"] + counts["player"] - 8 * counts["tie"], total)
    assert round(float(banker_edge) * 100, 3) == 1.058
    assert round(float(player_edge) * 100, 3) == 1.235
    assert round(float(tie_edge) * 100, 2) == 14.36


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_enumeration_equals_the_reference(decks):
    assert baccarat.exact_ways(decks) == ref.exact_ways(decks)


def test_enumeration_breakdown_is_consistent():
    for decks in range(1, 9):
        counts = baccarat.exact_counts(decks)
        m = 52 * decks
        assert counts["total"] == m * (m - 1) * (m - 2) * (m - 3) * (m - 4) * (m - 5)
        assert counts["banker"] + counts["player"] + counts["tie"] == counts["total"]
        assert 0 < counts["natural"] < counts["total"]
        # The Player draws exactly when there is no natural and its two-card total is 0-5.
        assert counts["natural"] + counts["player_draws"] < counts["total"]
        assert 0 < counts["banker_draws"] < counts["total"] - counts["natural"]


@pytest.mark.parametrize("decks", [0, 9, -1, "8", 2.0])
def test_enumeration_refuses_bad_deck_counts(decks):
    with pytest.raises(InvalidInput):
        baccarat.exact_ways(decks)


# ---- the shoe --------------------------------------------------------------------------------------------

def _play_shoe(shoe):
    """Burn (if due) and deal to the end; returns (burn, coups)."""
    burn = shoe.burn() if shoe.state is baccarat.ShoeState.BURN_DUE else None
    coups = []
    while not shoe.finished:
        coups.append(shoe.deal())
        assert shoe.remaining + shoe.discarded + shoe.on_table == shoe.size
    return burn, coups


def test_seeded_shoes_repeat_and_differ_between_seeds():
    first = _play_shoe(baccarat.Shoe(seed=5))
    again = _play_shoe(baccarat.Shoe(seed=5))
    other = _play_shoe(baccarat.Shoe(seed=6))
    assert first == again
    assert first != other


def test_new_shoe_states():
    shoe = baccarat.Shoe(decks=6, seed=1)
    assert (shoe.decks, shoe.size, shoe.remaining, shoe.discarded) == (6, 312, 312, 0)
    assert shoe.state is baccarat.ShoeState.BURN_DUE
    with pytest.raises(EngineError, match="burn the first card before dealing"):
        shoe.deal()
    shoe.burn()
    with pytest.raises(EngineError, match="once, straight after the shuffle"):
        shoe.burn()
    no_burn = baccarat.Shoe(decks=6, burn=False, seed=1)
    assert no_burn.state is baccarat.ShoeState.DEALING and not no_burn.burns
    with pytest.raises(EngineError, match="without a burn"):
        no_burn.burn()
    assert no_burn.deal().cards_used >= 4


@pytest.mark.parametrize("seed", range(40))
def test_burn_takes_the_exposed_cards_value_or_ten(seed):
    shoe = baccarat.Shoe(decks=2, seed=seed)
    exposed, burned = shoe.burn()
    value = ref.card_value(exposed.rank)
    assert len(burned) == (value if value else 10)
    assert shoe.discarded == 1 + len(burned)
    assert shoe.remaining == 104 - 1 - len(burned)


def test_burn_with_a_stacked_king_and_ace():
    order = _one_deck_order(3)
    for first_rank, expected_burn in ((13, 10), (1, 1), (7, 7), (10, 10)):
        shoe = baccarat.Shoe(decks=1, cut_from_end=14, seed=0)
        code = (first_rank - 1) * 4
        stacked = [code] + [c for c in order if c != code]
        shoe.load(stacked)
        exposed, burned = shoe.burn()
        assert exposed == baccarat.Card(first_rank, baccarat.Suit.CLUBS)
        assert [c.code for c in burned] == stacked[1:1 + expected_burn]


def _one_deck_order(seed, decks=1):
    codes = [c for _ in range(decks) for c in range(52)]
    random.Random(seed).shuffle(codes)
    return codes


def _round_starts(order, burn=True):
    """Where each coup would start if the shoe were dealt to the end (the cut does not change this)."""
    position = 0
    if burn:
        value = ref.card_value(order[0] // 4 + 1)
        position = 1 + (value or 10)
    starts = []
    while len(order) - position >= 6:
        starts.append(position)
        position += ref.play_ranks([c // 4 + 1 for c in order[position:position + 6]]).cards_used
    return starts


def test_cut_card_as_first_card_of_a_round_makes_it_the_last_rule_9_9():
    order = _one_deck_order(11, decks=2)
    starts = _round_starts(order)
    k = next(i for i, s in enumerate(starts) if 11 <= 104 - s <= 93 and i >= 3)
    shoe = baccarat.Shoe(decks=2, cut_from_end=104 - starts[k], seed=0)
    shoe.load(order)
    _, coups = _play_shoe(shoe)
    assert len(coups) == k + 1
    assert [c.cut_card_out for c in coups] == [False] * k + [True]
    assert [c.last_coup for c in coups] == [False] * k + [True]
    assert shoe.finished and shoe.state is baccarat.ShoeState.FINISHED


def test_cut_card_during_a_round_gives_one_more_round_rule_9_8():
    order = _one_deck_order(12, decks=2)
    starts = _round_starts(order)
    k = next(i for i, s in enumerate(starts) if 11 <= 104 - (s + 2) <= 93 and i >= 3)
    shoe = baccarat.Shoe(decks=2, cut_from_end=104 - (starts[k] + 2), seed=0)   # behind the round's 2nd card
    shoe.load(order)
    shoe.burn()
    coups = [shoe.deal() for _ in range(k)]
    assert not any(c.cut_card_out or c.last_coup for c in coups)
    during = shoe.deal()
    assert during.cut_card_out and not during.last_coup
    assert shoe.state is baccarat.ShoeState.LAST_COUP_NEXT
    last = shoe.deal()
    assert last.last_coup and not last.cut_card_out
    assert shoe.finished
    with pytest.raises(ShoeFinished, match="reshuffle"):
        shoe.deal()
    assert shoe.remaining + shoe.discarded + shoe.on_table == 104
    shoe.shuffle()
    assert shoe.state is baccarat.ShoeState.BURN_DUE and shoe.remaining == 104 and shoe.discarded == 0


@pytest.mark.parametrize("seed", range(30))
def test_shoe_deals_like_the_reference(seed):
    rng = random.Random(seed)
    decks = rng.choice([1, 2, 6, 8])
    burn = rng.random() < 0.7
    cut = rng.randint(11, 52 * decks - 11)
    order = _one_deck_order(1000 + seed, decks)
    shoe = baccarat.Shoe(decks=decks, cut_from_end=cut, burn=burn, seed=0)
    shoe.load(order)
    burned, rounds = ref.deal_shoe(order, cut, burn)
    burn_result, coups = _play_shoe(shoe)
    if burn:
        assert [burn_result.exposed.code] + [c.code for c in burn_result.burned] == burned
    assert len(coups) == len(rounds)
    for coup, expected in zip(coups, rounds):
        r = expected.coup
        assert (coup.winner, coup.player_total, coup.banker_total, coup.cards_used, coup.natural) == (
            r.winner, r.player_total, r.banker_total, r.cards_used, r.natural)
        dealt = sorted(c.code for c in coup.player_cards + coup.banker_cards)
        assert dealt == sorted(expected.codes)
        assert [c.rank for c in coup.player_cards] == coup.player
        assert [c.rank for c in coup.banker_cards] == coup.banker
        assert (coup.last_coup, coup.cut_card_out) == (expected.last_coup, expected.cut_card_out)


def test_cards_dealt_from_a_shoe_are_real_cards():
    shoe = baccarat.Shoe(decks=2, seed=3)
    burn, coups = _play_shoe(shoe)
    seen = [burn.exposed, *burn.burned] + [c for coup in coups for c in coup.player_cards + coup.banker_cards]
    counts = {}
    for card in seen:
        assert 1 <= card.rank <= 13 and isinstance(card.suit, baccarat.Suit)
        counts[card.code] = counts.get(card.code, 0) + 1
    assert max(counts.values()) <= 2
    assert len(seen) + shoe.remaining == 104
    assert str(baccarat.Card(12, baccarat.Suit.HEARTS)) == "queen of hearts"


@pytest.mark.parametrize("decks, cut", [(8, 10), (8, 406), (1, 42), (1, 5), (8, -3)])
def test_cutting_card_positions_that_could_run_short_are_refused(decks, cut):
    with pytest.raises(InvalidInput, match="cutting card must have 11 to"):
        baccarat.Shoe(decks=decks, cut_from_end=cut)


def test_extreme_cutting_card_positions_still_finish_the_shoe():
    for decks in (1, 8):
        for cut in (11, 52 * decks - 11):
            for seed in range(20):
                shoe = baccarat.Shoe(decks=decks, cut_from_end=cut, seed=seed)
                _, coups = _play_shoe(shoe)
                assert coups[-1].last_coup and shoe.remaining >= 0


def test_shoe_refuses_bad_settings_and_loads():
    with pytest.raises(InvalidInput, match="number of decks must be at most 8"):
        baccarat.Shoe(decks=9)
    with pytest.raises(InvalidInput, match="seed"):
        baccarat.Shoe(seed=-1)
    shoe = baccarat.Shoe(decks=1, seed=1)
    with pytest.raises(InvalidInput, match="holds 52 cards, not 51"):
        shoe.load(list(range(51)))
    with pytest.raises(InvalidInput, match="exactly 1 time"):
        shoe.load([0, 0] + list(range(2, 52)))
    with pytest.raises(InvalidInput, match="0 to 51"):
        shoe.load(list(range(51)) + [52])


# ---- simulation ------------------------------------------------------------------------------------------

def test_simulation_counts_are_consistent_and_near_the_exact_odds():
    result = baccarat.simulate(20_000, decks=8, seed=2024)
    assert result.shoes == 20_000
    assert result.banker_wins + result.player_wins + result.ties == result.coups
    assert 4 * result.coups <= result.cards_dealt <= 6 * result.coups
    assert result.cards_dealt == 4 * result.coups + result.player_draws + result.banker_draws
    assert 2 * result.shoes <= result.cards_burned <= 11 * result.shoes
    assert result.cards_dealt + result.cards_burned <= 416 * result.shoes
    assert 0 < result.shoes_ended_by_9_9 < result.shoes
    exact = baccarat.exact_counts(8)
    n = result.coups
    for side in ("banker", "player", "tie"):
        p = exact[side] / exact["total"]
        bound = 6 * (p * (1 - p) / n) ** 0.5          # generous: six standard errors
        assert abs(result.fraction(side) - p) < bound, side
    p_natural = exact["natural"] / exact["total"]
    assert abs(result.naturals / n - p_natural) < 6 * (p_natural * (1 - p_natural) / n) ** 0.5


def test_simulation_repeats_with_a_seed_and_equals_dealing_the_shoe():
    assert baccarat.simulate(50, seed=9) == baccarat.simulate(50, seed=9)
    assert baccarat.simulate(50, seed=9) != baccarat.simulate(50, seed=10)
    # The simulator and a Shoe seeded alike shuffle identically, so they must play the same games.
    for decks, cut, burn in ((8, 14, True), (1, 16, False)):
        shoe = baccarat.Shoe(decks=decks, cut_from_end=cut, burn=burn, seed=77)
        tally = {"player": 0, "banker": 0, "tie": 0}
        coups = naturals = 0
        for s in range(3):
            if s:
                shoe.shuffle()
            for coup in _play_shoe(shoe)[1]:
                tally[coup.winner] += 1
                coups += 1
                naturals += coup.natural
        result = baccarat.simulate(3, decks=decks, cut_from_end=cut, burn=burn, seed=77)
        assert (result.coups, result.player_wins, result.banker_wins, result.ties, result.naturals) == (
            coups, tally["player"], tally["banker"], tally["tie"], naturals)


def test_simulation_refuses_bad_settings():
    with pytest.raises(InvalidInput, match="number of shoes"):
        baccarat.simulate(-1)
    with pytest.raises(InvalidInput, match="cutting card"):
        baccarat.simulate(1, cut_from_end=10)
    with pytest.raises(InvalidInput, match="decks"):
        baccarat.simulate(1, decks=0)
    assert baccarat.simulate(0).coups == 0


# ---- settlement ------------------------------------------------------------------------------------------

def _net(bets, winner, **rules):
    return [(s.result, s.winnings, s.commission, s.net) for s in baccarat.settle(bets, winner, **rules)]


def test_settlement_worked_by_hand():
    bets = [("player", 1000), ("banker", 1000), ("tie", 1000)]
    # Banker wins $10: paid $10 less 5% = 50c commission; Player and Tie lose.
    assert _net(bets, "banker") == [("lose", 0, 0, -1000), ("win", 1000, 50, 950), ("lose", 0, 0, -1000)]
    assert _net(bets, "player") == [("win", 1000, 0, 1000), ("lose", 0, 0, -1000), ("lose", 0, 0, -1000)]
    # A tie: Player and Banker push, the Tie pays 8 to 1 (or 9 to 1).
    assert _net(bets, "tie") == [("push", 0, 0, 0), ("push", 0, 0, 0), ("win", 8000, 0, 8000)]
    assert _net(bets, "tie", tie_odds=9)[2] == ("win", 9000, 0, 9000)


def test_commission_rounding():
    # $1.10 on the Banker: 5% is 5.5 cents.
    assert _net([("banker", 110)], "banker")[0] == ("win", 110, 5, 105)                 # player's favour
    assert _net([("banker", 110)], "banker", rounding="house")[0] == ("win", 110, 6, 104)
    assert _net([("banker", 110)], "banker", rounding="nearest")[0] == ("win", 110, 5, 105)  # half: player
    assert _net([("banker", 175)], "banker", rounding="nearest")[0] == ("win", 175, 9, 166)  # 8.75 -> 9
    # Commission in whole quarters: $11 at 5% = 55c -> 50c (player), 75c (house), 50c (nearest).
    assert _net([("banker", 1100)], "banker", rounding_unit=25)[0][2] == 50
    assert _net([("banker", 1100)], "banker", rounding_unit=25, rounding="house")[0][2] == 75
    assert _net([("banker", 1100)], "banker", rounding_unit=25, rounding="nearest")[0][2] == 50
    # Commission never exceeds the winnings, however coarse the unit.
    assert _net([("banker", 3)], "banker", rounding_unit=100, rounding="house")[0] == ("win", 3, 3, 0)
    # Other rates, given exactly.
    assert _net([("banker", 1000)], "banker", commission_rate=0.04)[0][2] == 40
    assert _net([("banker", 1000)], "banker", commission_rate=Fraction(1, 20))[0][2] == 50
    assert _net([("banker", 1000)], "banker", commission_rate=Decimal("0.025"))[0][2] == 25
    assert _net([("banker", 1000)], "banker", commission_rate=0)[0][2] == 0


def test_settle_against_a_coup():
    c = baccarat.coup([5, 13, 3, 9])          # Banker natural 9 beats 8
    assert _net([("banker", 2000), ("player", 500)], c) == [("win", 2000, 100, 1900), ("lose", 0, 0, -500)]
    assert baccarat.settle([], "tie") == []


@pytest.mark.parametrize("bets, winner, rules, message", [
    ([("banker", 0)], "banker", {}, "wager 1: an amount must be at least 1 cent, not 0"),
    ([("player", 10), ("banker", -5)], "banker", {}, "wager 2: an amount must be at least 1 cent, not -5"),
    ([("banker", 10**20)], "banker", {}, "more than the largest wager"),
    ([("banker", 1.5)], "banker", {}, "amount must be a whole number"),
    ([("banker", "10")], "banker", {}, "amount must be a whole number"),
    ([("dragon", 10)], "banker", {}, "'dragon' is not a side"),
    ([("banker",)], "banker", {}, "a wager is a pair"),
    ([("banker", 10)], "draw", {}, "winner must be"),
    ([("tie", 10)], "tie", {"tie_odds": 7}, "a Tie pays 8 or 9 to 1, not 7 to 1"),
    ([("banker", 10)], "banker", {"commission_rate": 1.5}, "1.5 is not a commission rate .* from 0% to 100%"),
    ([("banker", 10)], "banker", {"commission_rate": -0.01}, "commission rate"),
    ([("banker", 10)], "banker", {"commission_rate": 0.051234}, "whole number of hundredths of a percent"),
    ([("banker", 10)], "banker", {"commission_rate": "5%"}, "commission rate must be a number"),
    ([("banker", 10)], "banker", {"rounding_unit": 0}, "rounding unit must be at least 1"),
    ([("banker", 10)], "banker", {"rounding": "up"}, "rounding must be 'player', 'house' or 'nearest'"),
])
def test_settlement_refuses_bad_input(bets, winner, rules, message):
    with pytest.raises(InvalidInput, match=message):
        baccarat.settle(bets, winner, **rules)


# ---- what is paid now and what is marked: commission at payment or in the commission box --------------------

def test_settle_says_what_is_paid_and_what_is_marked_for_each_way_of_collecting():
    bets = [("banker", 2000), ("player", 500), ("tie", 300)]
    at_payment = baccarat.settle(bets, "banker", collection="payment")
    in_box = baccarat.settle(bets, "banker", collection="box")
    # At payment the Banker winner is handed $20 less the $1 commission; with a box, the whole $20 and $1 marked.
    assert [(s.paid, s.marked) for s in at_payment] == [(1900, 0), (0, 0), (0, 0)]
    assert [(s.paid, s.marked) for s in in_box] == [(2000, 100), (0, 0), (0, 0)]
    # The default is at payment, and the other figures do not depend on the collection.
    assert baccarat.settle(bets, "banker") == at_payment
    assert [s[:4] for s in at_payment] == [s[:4] for s in in_box]
    # Player and Tie winners are paid in full either way; pushes and losers are paid nothing.
    for collection in baccarat.COLLECTIONS:
        player, banker, tie = baccarat.settle([("player", 700), ("banker", 700), ("tie", 100)], "tie",
                                              collection=collection)
        assert (player.paid, banker.paid, tie.paid) == (0, 0, 800)
        assert baccarat.settle([("player", 700)], "player", collection=collection)[0].paid == 700
    with pytest.raises(InvalidInput, match="collected at"):
        baccarat.settle(bets, "banker", collection="later")


def test_box_commission_is_rounded_once_on_the_total():
    # Three Banker wins of $1.10: 5.5c each. Marked exactly, the box owes 16.5c: 16c (player) or 17c (house),
    # not 3 x 5c or 3 x 6c as rounding coup by coup would give.
    assert baccarat.box_commission([110, 110, 110]) == 16
    assert baccarat.box_commission([110, 110, 110], rounding="house") == 17
    # Rounded to a $1 chip: $11 + $12 + $7 = $30 at 5% is $1.50 -> $1 (player) or $2 (house).
    assert baccarat.box_commission([1100, 1200, 700], rounding_unit=100) == 100
    assert baccarat.box_commission([1100, 1200, 700], rounding_unit=100, rounding="house") == 200
    assert baccarat.box_commission([]) == 0
    # One win owes what settle takes from it.
    rng = random.Random(5)
    for _ in range(200):
        amount = rng.randrange(1, 10**6)
        unit, rounding = rng.choice([1, 25, 100]), rng.choice(list(baccarat.Rounding))
        expected = baccarat.settle([("banker", amount)], "banker", rounding_unit=unit, rounding=rounding)[0]
        assert baccarat.box_commission([amount], rounding_unit=unit, rounding=rounding) == expected.commission


@pytest.mark.parametrize("wins, message", [
    ([1000, 0], "Banker win 2: an amount must be at least 1 cent, not 0"),
    ([-5], "Banker win 1: an amount must be at least 1 cent, not -5"),
    ([baccarat.MAX_AMOUNT, 1], "add up to more than"),
    ([10.5], "whole number"),
])
def test_box_commission_refuses_bad_input(wins, message):
    with pytest.raises(InvalidInput, match=message):
        baccarat.box_commission(wins)


def test_box_commission_c_entry_point_refuses_null_and_bad_rules():
    rules = ffi.new("dd_bac_settle_rules *", {"tie_odds": 8, "commission_bp": 500, "rounding_unit": 1})
    owed = ffi.new("int64_t *")
    assert lib.dd_bac_box_commission(ffi.NULL, 2, rules, owed, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_box_commission(ffi.new("int64_t[1]", [100]), 1, ffi.NULL, owed, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_bac_box_commission(ffi.new("int64_t[1]", [100]), 1, rules, ffi.NULL, ffi.NULL) == lib.DD_E_NULL
    rules.collection = 7
    assert lib.dd_bac_box_commission(ffi.new("int64_t[1]", [100]), 1, rules, owed, ffi.NULL) == lib.DD_E_RANGE
    payout = ffi.new("dd_bac_payout[1]")
    wager = ffi.new("dd_bac_wager[1]", [{"side": lib.DD_BAC_BANKER, "amount": 100}])
    assert lib.dd_bac_settle(wager, 1, lib.DD_BAC_BANKER, rules, payout, ffi.NULL) == lib.DD_E_RANGE


def test_card_codes_are_the_engines_and_match_the_reference_encoding():
    """Every rank and suit: the engine's code, read back, agrees with the reference's (rank - 1) * 4 + suit
    (tests/reference/baccarat.py deals shoes of such codes), and a whole shoe holds each code once a deck."""
    from dealerdrill.core.baccarat import CARD_CODES, Card, Suit, card_code, shoe_codes

    seen = set()
    for rank in range(1, 14):
        for suit in Suit:
            code = card_code(rank, suit)
            assert code == (rank - 1) * 4 + int(suit) == Card(rank, suit).code
            assert Card.from_code(code) == Card(rank, suit)
            seen.add(code)
    assert seen == set(range(CARD_CODES))
    for decks in range(1, 9):
        codes = shoe_codes(decks)
        assert sorted(codes) == sorted(list(range(CARD_CODES)) * decks)
    for bad in ((0, 0), (14, 1), (1, 4), (1, -1)):
        with pytest.raises(InvalidInput):
            card_code(*bad)
    for bad in (-1, 52, 255):
        with pytest.raises(InvalidInput):
            Card.from_code(bad)


def _random_table(chooser):
    """A big table: some seats each back the Player or the Banker (never both), some a Tie too; amounts
    often equal; some players decline."""
    seats = chooser.sample(range(1, baccarat.BIG_TABLE_SEATS + 1), chooser.randrange(0, 15))
    wagers = []
    for seat in seats:
        side = chooser.choice(["player", "banker", None])
        amount = chooser.choice([500, 1000, 2500, chooser.randrange(1, 10**6)])
        if side:
            wagers.append((seat, side, amount, chooser.random() < 0.3))
        if side is None or chooser.random() < 0.2:
            wagers.append((seat, "tie", chooser.randrange(1, 10**5), chooser.random() < 0.3))
    chooser.shuffle(wagers)
    return wagers


def test_big_table_roles_match_the_reference_on_a_large_seeded_sample():
    chooser = random.Random(88)
    dealer = seats = ties = 0
    for _ in range(20_000):
        wagers = _random_table(chooser)
        for hand in ("player", "banker"):
            role = baccarat.big_table_role(wagers, hand)
            expected_seat, expected_order = ref.big_table_role(wagers, hand)
            assert (role.seat, role.offered) == (expected_seat, expected_order), (wagers, hand)
            assert role.rule == ("8.16" if expected_seat is None else "8.8" if hand == "banker" else "8.9")
            dealer += role.dealer_acts
            seats += not role.dealer_acts
            top = [w[2] for w in wagers if w[1] == hand]
            ties += len(top) > 1 and sorted(top)[-1] == sorted(top)[-2]
    assert dealer > 1000 and seats > 1000 and ties > 100


@pytest.mark.parametrize("wagers, hand, message", [
    ([(3, "banker", 500), (3, "player", 500)], "banker", "wager 2: seat 3 already has a wager on that hand or "
                                                         "backs both the Player and the Banker"),
    ([(3, "banker", 500), (3, "banker", 700)], "banker", "wager 2: seat 3 already has a wager"),
    ([(15, "banker", 500)], "banker", r"wager 1: seat 15 is not a seat of the big table \(1-14\)"),
    ([(0, "banker", 500)], "player", "wager 1: seat 0 is not a seat"),
    ([(2, "banker", 0)], "banker", "wager 1: an amount must be at least 1 cent"),
    ([(2, "banker", 10**15)], "banker", "more than the engine handles"),
    ([(2, "middle", 10)], "banker", "'middle' is not a side"),
    ([(2, "banker", 10, "no")], "banker", "declines is True or False"),
    ([(2, "banker")], "banker", "a wager is \\(seat, side, amount"),
    ([(2, "banker", 10)], "tie", "the role is the Player's or the Banker's hand"),
])
def test_big_table_role_refuses_bad_tables_in_plain_words(wagers, hand, message):
    with pytest.raises(InvalidInput, match=message):
        baccarat.big_table_role(wagers, hand)
