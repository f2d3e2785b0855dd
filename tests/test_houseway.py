"""House ways as data: shipped ways on every distinct hand, the NZ sentences, file checking, analysis."""
from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest
from reference import houseway as ref, paigow as pg

from dealerdrill.core import houseway as hw

ALL_HANDS = ref.distinct_hands()


@pytest.fixture(scope="module", params=hw.SHIPPED_WAYS)
def decided(request):
    """(way id, engine settings of all 3,620 distinct hands)."""
    return request.param, hw.house_way_many(ALL_HANDS, request.param)


def test_there_are_3620_distinct_hands():
    assert len(ALL_HANDS) == 3620


def test_shipped_ways_are_listed_with_nz_first():
    assert hw.house_ways()[:3] == ["nz", "foxwoods", "canberra"]


def test_every_hand_gets_a_legal_setting_of_its_own_tiles(decided):
    way, settings = decided
    rule_ids = {r.id for r in hw.describe_house_way(way).rules}
    for faces, s in zip(ALL_HANDS, settings):
        assert sorted(s.high + s.low) == sorted(pg.normalise(f) for f in faces)
        assert pg.is_legal((s.high, s.low)), (faces, s)
        assert s.rule in rule_ids
        assert s.text == hw.describe_house_way(way).rule(s.rule).text


def test_settings_are_deterministic_and_do_not_depend_on_tile_order(decided):
    way, settings = decided
    rng = random.Random(7)
    sample = rng.sample(range(len(ALL_HANDS)), 200)
    for i in sample:
        shuffled = list(ALL_HANDS[i])
        rng.shuffle(shuffled)
        again = hw.house_way(shuffled, way)
        assert sorted(again.high + again.low) == sorted(settings[i].high + settings[i].low)
        assert (ref.kinds_of(again.high), ref.kinds_of(again.low), again.rule) == \
            (ref.kinds_of(settings[i].high), ref.kinds_of(settings[i].low), settings[i].rule)


def test_engine_agrees_with_the_reference_interpreter_on_every_hand(decided):
    way, settings = decided
    parsed = ref.load(way)
    for faces, s in zip(ALL_HANDS, settings):
        (high, low), rule = ref.decide(parsed, faces)
        assert (ref.kinds_of(s.high), ref.kinds_of(s.low), s.rule) == \
            (ref.kinds_of(high), ref.kinds_of(low), rule), faces


def test_every_rule_decides_at_least_one_hand(decided):
    way, settings = decided
    used = Counter(s.rule for s in settings)
    for rule in hw.describe_house_way(way).rules:
        assert used[rule.id] > 0, rule.id


# ------------------------------------------------------------------------ NZ, sentence by sentence

def nz(*faces):
    return hw.house_way(list(faces), "nz")


def same_hand(a, b) -> bool:
    return sorted(pg.normalise(f) for f in a) == sorted(pg.normalise(f) for f in b)


def test_nz_two_pairs_are_two_hands():
    s = nz("6-6", "2-2", "6-6", "2-2")
    assert (s.high, s.low, s.rule) == (("6-6", "6-6"), ("2-2", "2-2"), "nz-two-pairs")


@pytest.mark.parametrize("pair", [("1-3", "1-3"), ("2-2", "2-2"), ("1-4", "2-3"), ("3-3", "3-3"),
                                  ("1-5", "1-5"), ("5-5", "5-5"), ("4-6", "4-6"), ("5-6", "5-6")])
def test_nz_never_splits_fours_fives_sixes_tens_elevens(pair):
    # Teen with a 9 would make a Wong if the pair were split; it is not.
    s = nz(*pair, "6-6", "3-6")
    assert s.rule == "nz-never-split"
    assert same_hand(s.high, pair) or same_hand(s.low, pair)


@pytest.mark.parametrize("others", [("3-3", "1-5"), ("3-3", "2-3"), ("1-5", "2-2")])
def test_nz_splits_gee_joon_with_six_six_six_five_six_four(others):
    s = nz("1-2", "2-4", *others)
    assert s.rule == "nz-split-gee-joon"
    assert {"1-2", "2-4"} == {[f for f in s.high if f in ("1-2", "2-4")][0],
                              [f for f in s.low if f in ("1-2", "2-4")][0]}


@pytest.mark.parametrize("hand", [
    ("6-6", "6-6", "3-6", "5-6"),    # 9 and 11
    ("1-1", "1-1", "4-5", "4-4"),    # 9 and 8
    ("6-6", "6-6", "3-6", "1-3"),    # 9 and 4
    ("6-6", "6-6", "4-4", "2-6"),    # 8 and 8, not a pair
    ("1-1", "1-1", "3-5", "2-5"),    # 8 and 7
    ("6-6", "6-6", "1-6", "3-4"),    # 7 and 7, not a pair
    ("6-6", "6-6", "1-6", "2-3"),    # 7 and 5
    ("1-1", "1-1", "3-3", "1-5"),    # 6 and 6, not a pair
    ("6-6", "6-6", "1-5", "2-2"),    # 6 and 4
])
def test_nz_splits_teen_or_day(hand):
    s = nz(*hand)
    assert s.rule == "nz-split-teen-day"
    assert s.high[0] == s.low[0] == hand[0]


def test_nz_keeps_teen_when_the_side_tiles_are_not_listed():
    s = nz("6-6", "6-6", "3-6", "5-5")  # 9 and 10: not in the Teen/Day list
    assert (s.high, s.rule) == (("6-6", "6-6"), "nz-keep-pair")


@pytest.mark.parametrize("hand, rule", [
    (("3-6", "4-5", "6-6", "1-1"), "nz-split-nines"),     # Teen and Day
    (("3-6", "4-5", "1-1", "5-5"), "nz-split-nines"),     # Day and a 10
    (("3-6", "4-5", "5-5", "4-6"), "nz-split-nines"),     # a 10 and a 10
    (("4-4", "4-4", "6-6", "1-1"), "nz-split-eights"),    # Teen and Day
    (("4-4", "4-4", "1-1", "5-6"), "nz-split-eights"),    # Day and an 11
    (("2-6", "3-5", "6-6", "4-6"), "nz-split-eights"),    # Teen and a 10
    (("2-6", "3-5", "5-6", "4-6"), "nz-split-eights"),    # an 11 and a 10
    (("4-4", "4-4", "5-6", "3-6"), "nz-split-eights"),    # an 11 and a 9
    (("4-4", "4-4", "5-5", "4-6"), "nz-split-eights"),    # a 10 and a 10
    (("1-6", "1-6", "6-6", "1-1"), "nz-split-sevens"),    # Teen and Day
    (("2-5", "3-4", "6-6", "5-6"), "nz-split-sevens"),    # Teen and an 11
    (("1-6", "1-6", "1-1", "5-5"), "nz-split-sevens"),    # Day and a 10
    (("1-6", "1-6", "5-6", "4-6"), "nz-split-sevens"),    # an 11 and a 10
    (("2-5", "3-4", "5-5", "4-6"), "nz-split-sevens"),    # a 10 and a 10
])
def test_nz_splits_nines_eights_sevens(hand, rule):
    s = nz(*hand)
    assert s.rule == rule
    pair_kind = pg.rank(hand[0])
    assert [pg.rank(f) for f in s.high].count(pair_kind) == 1
    assert [pg.rank(f) for f in s.low].count(pair_kind) == 1


def test_nz_keeps_eights_with_unlisted_side_tiles():
    s = nz("4-4", "4-4", "3-6", "5-5")  # a 9 and a 10
    assert (s.high, s.rule) == (("4-4", "4-4"), "nz-keep-pair")


def test_nz_prefers_high_nine_when_the_low_reaches_harmony_3():
    # High Nine Teen-Tit leaves 9 + Gor = 3 with Gor: Harmony 3. The Wong would leave Tit + Gor = 1.
    s = nz("6-6", "3-6", "1-6", "1-3")
    assert (s.high, s.low, s.rule) == (("6-6", "1-6"), ("1-3", "3-6"), "nz-wong-gong-nine-harmony")


def test_nz_prefers_gong_over_wong_when_both_lows_reach_harmony_3():
    # Gong leaves Chong + 9 = 5; Wong leaves Chong + mixed 8 = 4: both fine, so the Gong.
    s = nz("6-6", "3-6", "2-6", "3-3")
    assert (s.high, s.low, s.rule) == (("6-6", "2-6"), ("3-3", "3-6"), "nz-wong-gong-nine-harmony")


def test_nz_prefers_wong_when_no_low_reaches_harmony_3():
    # Gong leaves 9 + Bon = 3 with Bon (below Gor); Wong leaves Yun + Bon = 2.
    s = nz("6-6", "3-6", "4-4", "2-2")
    assert (s.high, s.low, s.rule) == (("6-6", "3-6"), ("4-4", "2-2"), "nz-wong-gong-nine")


def test_nz_maximises_the_low_when_it_reaches_harmony_3():
    # Yun+Mooy 8 / Chong+Foo 7 beats a low of 6 or 1.
    s = nz("4-4", "5-5", "3-3", "5-6")
    assert (s.high, s.low, s.rule) == (("4-4", "5-5"), ("3-3", "5-6"), "nz-best-low-harmony")


def test_nz_maximises_the_high_when_it_reaches_8():
    # Lows can only be 2 (Chong high) or 0; Teen + Chong makes the 8.
    s = nz("6-6", "5-5", "3-3", "4-6")
    assert (s.high, s.low, s.rule) == (("6-6", "3-3"), ("5-5", "4-6"), "nz-best-high-eight")


def test_nz_otherwise_maximises_the_low_with_the_highest_tile_low():
    # Best low is 2, made by Teen + Mooy or by Day + Mooy: the high-ranking-tile reading puts Teen low.
    s = nz("6-6", "1-1", "5-5", "5-6")
    assert (s.high, s.low, s.rule) == (("1-1", "5-6"), ("6-6", "5-5"), "nz-best-low")


# ------------------------------------------------------------------------ other ways, exceptions

def test_foxwoods_wong_over_gong_with_an_eleven():
    s = hw.house_way(["6-6", "3-6", "4-4", "5-6"], "foxwoods")
    assert (s.high, s.rule) == (("6-6", "3-6"), "fox-wgn-a")


def test_foxwoods_twelve_goes_high_given_teen_or_day():
    s = hw.house_way(["6-6", "1-1", "3-6", "2-2"], "foxwoods")
    assert s.high[0] == "6-6" and s.rule == "fox-wong-gong-nine"


def test_canberra_exception_a_splits_teens_for_a_three_wong():
    s = hw.house_way(["6-6", "6-6", "4-5", "5-6"], "canberra")
    assert (s.high, s.low, s.rule) == (("6-6", "4-5"), ("6-6", "5-6"), "cbr-x-a")


def test_canberra_exception_d_plays_the_nine_with_four_and_five():
    s = hw.house_way(["1-2", "1-3", "2-3", "1-6"], "canberra")
    assert s.rule == "cbr-x-d"
    assert same_hand(s.high, ("1-3", "2-3")) or same_hand(s.low, ("1-3", "2-3"))


# ------------------------------------------------------------------------ files

WAY_HEAD = 'id = "test"\nname = "Test"\nsource = "a test"\n'
LAST_RULE = '[[rule]]\nid = "last"\ntitle = "t"\ntext = "t"\nplay = [{ max = "low" }]\n'


def refusal(text: str) -> str:
    with pytest.raises(hw.HouseWayError) as info:
        hw.parse_house_way(text, "test.toml")
    return str(info.value)


def test_an_unknown_word_is_refused_with_file_rule_and_word():
    msg = refusal(WAY_HEAD + '[[rule]]\nid = "r1"\ntitle = "t"\ntext = "t"\nwhen = { pair = "tenn" }\n'
                  'play = [{ keep_pair = true }]\n' + LAST_RULE)
    assert msg.startswith("test.toml: rule r1: unknown tile class 'tenn'")


@pytest.mark.parametrize("rule_body, reason", [
    ('when = { pairz = 1 }\nplay = [{ keep_pair = true }]', "unknown condition 'pairz'"),
    ('play = [{ maximise = "low" }]', "unknown step 'maximise'"),
    ('play = [{ max = "lowest" }]', "unknown measure 'lowest'"),
    ('play = [{ low_at_least = "harmony4" }]', "unknown threshold 'harmony4'"),
    ('play = [{ high_category = "wongg" }]', "unknown hand category 'wongg'"),
    ('play = []', "play must be a non-empty list"),
])
def test_unknown_or_missing_words_are_refused(rule_body, reason):
    msg = refusal(WAY_HEAD + f'[[rule]]\nid = "r1"\ntitle = "t"\ntext = "t"\n{rule_body}\n' + LAST_RULE)
    assert msg.startswith("test.toml: rule r1: " + reason)


def test_a_rule_that_can_never_fire_is_refused():
    msg = refusal(WAY_HEAD + LAST_RULE.replace('"last"', '"first"') + LAST_RULE)
    assert msg.startswith("test.toml: rule last: the rule can never decide a hand")


def test_a_rule_whose_conditions_match_nothing_is_refused():
    msg = refusal(WAY_HEAD + '[[rule]]\nid = "three-teens"\ntitle = "t"\ntext = "t"\n'
                  'when = { hand = [["teen", "teen", "teen", "any"]] }\nplay = [{ max = "high" }]\n' + LAST_RULE)
    assert msg.startswith("test.toml: rule three-teens: the rule can never decide a hand")


def test_a_way_that_leaves_a_hand_unset_is_refused():
    msg = refusal(WAY_HEAD + LAST_RULE.replace("play =", "when = { pairs = [0, 1] }\nplay ="))
    assert msg.startswith("test.toml: no rule decides the hand ")
    assert "teen, teen, day, day" in msg


def test_other_malformed_files():
    assert refusal("id = ").startswith("test.toml: not a readable TOML file")
    assert "tie_break can only choose" in refusal(WAY_HEAD + 'tie_break = [{ keep_pair = true }]\n' + LAST_RULE)
    assert "same rule id is used twice" in refusal(WAY_HEAD + LAST_RULE + LAST_RULE)
    assert "has no [[rule]] entries" in refusal(WAY_HEAD)
    assert "needs a non-empty text 'text'" in refusal(WAY_HEAD + LAST_RULE.replace('text = "t"\n', ""))


def test_a_users_file_becomes_a_way(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(WAY_HEAD.replace('"test"', '"mine"') + LAST_RULE, encoding="utf-8")
    assert hw.load_house_way(path) == "mine"
    assert "mine" in hw.house_ways()
    s = hw.house_way(["6-6", "1-1", "5-5", "5-6"], "mine")
    assert s.rule == "last"
    shipped = tmp_path / "nz.toml"
    shipped.write_text(WAY_HEAD.replace('"test"', '"nz"') + LAST_RULE, encoding="utf-8")
    with pytest.raises(hw.HouseWayError, match="belongs to a shipped house way"):
        hw.load_house_way(shipped)


def test_bad_calls_are_explained():
    with pytest.raises(ValueError, match="four tiles"):
        hw.house_way(["6-6", "1-1", "5-5"])
    with pytest.raises(ValueError, match="no house way 'vegas'"):
        hw.house_way(["6-6", "1-1", "5-5", "5-6"], "vegas")
    with pytest.raises(ValueError):
        hw.house_way(["6-6", "6-6", "6-6", "5-6"])
    with pytest.raises(ValueError, match="commission"):
        hw.analyze("nz", float("nan"))


# ------------------------------------------------------------------------ analysis

def test_setting_values_match_the_reference_exactly_on_a_sample():
    rng = random.Random(2024)
    parsed = ref.load("nz")
    for _ in range(3):
        faces = rng.sample(pg.SET, 4)
        engine = hw.setting_values(faces, "nz", 0.05)
        expected = ref.setting_counts(parsed, faces)
        assert [(v.wins, v.losses, v.pushes) for v in engine] == expected
        assert all(v.deals == comb(28, 4) for v in engine)
        for v in engine:
            assert v.ev == pytest.approx((v.wins * 0.95 - v.losses) / v.deals, abs=1e-15)
        assert sum(v.house_way for v in engine) >= 1


def test_bank_setting_values_match_the_reference_exactly_on_a_sample():
    rng = random.Random(99)
    parsed = ref.load("nz")
    for _ in range(3):
        faces = rng.sample(pg.SET, 4)
        engine = hw.bank_setting_values(faces, "nz", 0.05)
        assert [(v.wins, v.losses, v.pushes) for v in engine] == ref.bank_setting_counts(parsed, faces)
        assert all(v.deals == comb(28, 4) for v in engine)
        for v in engine:
            # The bank's net: its wins less commission, less what it pays the players who beat it.
            assert v.ev == pytest.approx((v.wins * 0.95 - v.losses) / v.deals, abs=1e-15)
        assert [(v.high, v.low) for v in engine] == [(v.high, v.low) for v in hw.setting_values(faces, "nz")]
        assert sum(v.house_way for v in engine) >= 1


def test_the_bank_side_gains_the_copies_the_player_side_loses():
    # Against the same house-way hands of the other side, a setting held by the bank wins every deal it
    # wins as a player's hand, plus the copies (rule 4.6), and loses only where it loses outright.
    rng = random.Random(4)
    strictly_better = 0
    for _ in range(6):
        faces = rng.sample(pg.SET, 4)
        for bank, player in zip(hw.bank_setting_values(faces, "nz", 0.0), hw.setting_values(faces, "nz", 0.0)):
            assert bank.wins >= player.wins and bank.losses <= player.losses
            strictly_better += bank.ev > player.ev
    assert strictly_better > 0


def test_bank_analysis_is_the_weighted_sum_of_bank_setting_values():
    """Every bank hand's house-way value against all player hands adds up to analyze()'s banker side."""
    result = hw.analyze("nz", 0.05)
    wins = losses = 0
    for faces in ALL_HANDS:
        weight = _multiplicity(faces)
        played = [v for v in hw.bank_setting_values(faces, "nz") if v.house_way][0]
        wins += weight * played.wins
        losses += weight * played.losses
    assert (wins, losses) == (result.losses, result.wins)


def test_bank_setting_values_c_entry_point_refuses_null_and_bad_input():
    from dealerdrill.core._engine import ffi, lib

    _, table = hw._way("nz")
    out = ffi.new("dd_hw_setting_value[3]")
    tiles = ffi.new("uint8_t[4]", [0, 1, 2, 3])
    assert lib.dd_hw_bank_setting_values(ffi.NULL, tiles, 0.05, out) == lib.DD_E_NULL
    assert lib.dd_hw_bank_setting_values(table, ffi.NULL, 0.05, out) == lib.DD_E_NULL
    assert lib.dd_hw_bank_setting_values(table, tiles, 0.05, ffi.NULL) == lib.DD_E_NULL
    assert lib.dd_hw_bank_setting_values(table, tiles, float("nan"), out) == lib.DD_E_RANGE
    assert lib.dd_hw_bank_setting_values(table, ffi.new("uint8_t[4]", [0, 0, 2, 3]), 0.05, out) != lib.DD_OK
    assert lib.dd_hw_bank_setting_values(table, ffi.new("uint8_t[4]", [0, 1, 2, 99]), 0.05, out) != lib.DD_OK


def _multiplicity(faces) -> int:
    kinds = Counter(pg.rank(f) for f in faces)
    out = 1
    for n in kinds.values():
        out *= comb(2, n)
    return out


@pytest.mark.parametrize("way", ["nz", "canberra"])
def test_full_analysis_is_the_weighted_sum_of_per_hand_results(way):
    result = hw.analyze(way, 0.05)
    assert result.deals == comb(32, 4) * comb(28, 4)
    wins = losses = 0
    for faces in ALL_HANDS:
        played = hw.house_way(faces, way)
        weight = _multiplicity(faces)
        values = [v for v in hw.setting_values(faces, way) if v.house_way]
        wins += weight * values[0].wins
        losses += weight * values[0].losses
    assert (result.wins, result.losses) == (wins, losses)
    assert played is not None


def test_analysis_probabilities_and_edges():
    a = hw.analyze("nz", 0.05)
    assert a.player.win + a.player.lose + a.player.push == pytest.approx(1)
    assert a.player.house_edge == pytest.approx(-(a.player.win * 0.95 - a.player.lose))
    assert a.banker.win == a.player.lose and a.banker.lose == a.player.win
    assert a.banker.house_edge == pytest.approx(-(a.banker.win * 0.95 - a.banker.lose))
    # Copies go to the bank, so the same way on both sides favours the bank.
    assert a.player.lose > a.player.win and a.player.house_edge > 0
    free = hw.analyze("nz", 0.0)
    assert free.wins == a.wins and free.player.house_edge < a.player.house_edge
    other = hw.analyze("nz", 0.05, player_way="foxwoods")
    assert other.player_way == "foxwoods" and other.deals == a.deals


# ------------------------------------------------------------------------ the C interface under abuse

def test_engine_refuses_damaged_programs_and_tables_without_crashing():
    import tomllib

    from reference.houseway import HOUSE_WAYS

    from dealerdrill.core._engine import ffi, lib

    _, program = hw._compile(tomllib.loads((HOUSE_WAYS / "nz.toml").read_text()), "nz.toml")
    table = ffi.new("dd_hw_table *")
    diagnosis = ffi.new("dd_hw_diagnosis *")
    assert lib.dd_hw_build(ffi.new("int32_t[]", program), len(program), table, diagnosis) == lib.DD_OK
    rng = random.Random(5)
    for cut in range(1, len(program)):
        status = lib.dd_hw_build(ffi.new("int32_t[]", program[:cut]), cut, table, diagnosis)
        assert status == lib.DD_E_HOUSE_WAY and diagnosis.reason == lib.DD_HW_MALFORMED
    for _ in range(300):
        damaged = list(program)
        for _ in range(3):
            damaged[rng.randrange(1, len(damaged))] = rng.choice([-1, 0, 1, 7, 99, 2**31 - 1, -2**31])
        status = lib.dd_hw_build(ffi.new("int32_t[]", damaged), len(damaged), table, diagnosis)
        assert status in (lib.DD_OK, lib.DD_E_HOUSE_WAY)
    assert lib.dd_hw_build(ffi.NULL, 0, table, diagnosis) == lib.DD_E_NULL
    garbage = ffi.new("dd_hw_table *")
    out = ffi.new("dd_hw_analysis *")
    assert lib.dd_hw_analyze(garbage, garbage, 0.05, out) == lib.DD_E_STATE
    setting, rule = ffi.new("uint8_t[4]"), ffi.new("int *")
    assert lib.dd_hw_set(garbage, ffi.new("uint8_t[4]", [0, 1, 2, 3]), setting, rule) == lib.DD_E_STATE
    garbage.rule_count = 1
    assert lib.dd_hw_set(garbage, ffi.new("uint8_t[4]", [0, 1, 2, 3]), setting, rule) == lib.DD_E_STATE
    assert lib.dd_hw_set(table, ffi.new("uint8_t[4]", [0, 0, 2, 3]), setting, rule) == lib.DD_E_DUPLICATE_TILE
    assert lib.dd_hw_set(table, ffi.new("uint8_t[4]", [0, 40, 2, 3]), setting, rule) == lib.DD_E_BAD_TILE
    assert lib.dd_hw_hand_kinds(3620, ffi.new("uint8_t[4]")) == lib.DD_E_RANGE


def test_a_loaded_way_can_be_unloaded_and_shipped_ways_cannot(tmp_path):
    from importlib.resources import files

    from dealerdrill.core import paigow

    text = (files("dealerdrill.resources") / "house_ways" / "nz.toml").read_text(encoding="utf-8")
    path = tmp_path / "unload-me.toml"
    path.write_text(text.replace('id = "nz"', 'id = "unload-me"', 1))
    assert paigow.load_house_way(path) == "unload-me"
    assert "unload-me" in paigow.house_ways()
    paigow.unload_house_way("unload-me")
    assert "unload-me" not in paigow.house_ways()
    with pytest.raises(paigow.HouseWayError, match="no loaded house way"):
        paigow.unload_house_way("unload-me")
    with pytest.raises(paigow.HouseWayError, match="shipped"):
        paigow.unload_house_way("nz")
    with pytest.raises(ValueError):
        paigow.house_way(["6-6", "6-6", "4-5", "5-6"], way="unload-me")


def test_foxwoods_rule_c_keeps_a_pair_the_split_would_lose_both_hands_to():
    """Our reading of Foxwoods pair rule C (see the way's notes): with Gee Joon and a 4, 5 or 6 beside a
    pair of Teen or Day, the 6/8 split loses both hands to keeping the pair, so the pair is kept."""
    kept = 0
    for tiles in ref.distinct_hands():
        kinds = ref.kinds_of(tiles)
        pair = [k for k in (1, 2) if kinds.count(k) == 2]
        others = [k for k in kinds if k not in pair]
        if len(pair) != 1 or 16 not in others or len(others) != 2:
            continue
        side = ({4, 7, 15, 6, 11} & set(others))   # Gor, Bon (4), Chop Ng (5), Chong, Look (6)
        if not side:
            continue
        played = hw.house_way(tiles, "foxwoods")
        assert played.rule == "fox-keep-pair", (tiles, played)
        assert ref.category(played.high) == "pair"
        splits = [s for s in ref.pg.settings(tiles) if ref.category(s[0]) != "pair" and ref.category(s[1]) != "pair"]
        for high, low in splits:
            assert ref.compare(played.high, high) > 0 and ref.compare(played.low, low) > 0, (tiles, high, low)
        kept += 1
    assert kept == 10
