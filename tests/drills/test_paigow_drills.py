"""Pai gow drills (Qt-free): every answer key against the pure-Python reference, grading of right and
wrong answers with the right error category, timeouts, determinism, and every family."""
import json

import pytest
from reference import houseway as ref_way, paigow as ref

from dealerdrill.core import Rng, paigow as paigow_engine
from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.drills.base import registry
from dealerdrill.drills.paigow_drills import (
    NOT_A_PAIR,
    CompareDrill,
    ExposeDrill,
    HouseWayDrill,
    SettleDrill,
    TileDrill,
    commission_rules,
)
from dealerdrill.drills.session import DrillSession
from dealerdrill.drills.targets import DEFAULT_TARGETS
from dealerdrill.settings import PaiGowSettings, Settings

ALL_DRILLS = (TileDrill, CompareDrill, HouseWayDrill, ExposeDrill, SettleDrill)


def items(drill, seed, count, difficulty=1, family=None):
    rng = Rng(seed)
    return [drill.generate(rng, difficulty, family) for _ in range(count)]


def same_setting(a_high, a_low, b_high, b_low):
    """The same kinds in each hand (the two tiles of a mixed kind play alike)."""
    norm = lambda hand: sorted(ref.rank(f) for f in hand)  # noqa: E731
    return norm(a_high) == norm(b_high) and norm(a_low) == norm(b_low)


def other_legal_settings(item):
    """The settings of the item's tiles other than the house way's, each played the legal way round."""
    key = item.key
    return [s for s in ref.settings(item.prompt["tiles"])
            if not same_setting(s[0], s[1], key["high"], key["low"])]


# ------------------------------------------------------------------------------------------ registry

def test_every_drill_is_registered_with_a_target():
    for drill in ALL_DRILLS:
        assert registry()[drill.id] is drill
        assert drill.game == "paigow"
        assert drill.id in DEFAULT_TARGETS


@pytest.mark.parametrize("drill_class", ALL_DRILLS)
def test_generation_repeats_for_a_seed_and_every_family_can_be_asked(drill_class):
    drill = drill_class()
    first = items(drill, 77, 6, difficulty=3)
    again = items(drill, 77, 6, difficulty=3)
    assert [(i.prompt, i.key, i.family) for i in first] == [(i.prompt, i.key, i.family) for i in again]
    rng = Rng(5)
    for family in drill.families():
        assert drill.generate(rng, 2, family).family == family
    with pytest.raises(ValueError, match="not a family"):
        drill.generate(rng, 1, "no.such.family")


@pytest.mark.parametrize("drill_class", ALL_DRILLS)
def test_a_timeout_is_a_wrong_answer_with_the_key_in_words(drill_class):
    drill = drill_class()
    session = DrillSession(drill, Mode.TIMED, seed=3)
    item = session.next_item()
    grade = session.submit(None, seconds=session.time_limit + 1)
    assert not grade.correct and grade.timed_out
    assert grade.category is ErrorCategory.TIMEOUT
    assert grade.expected == drill.describe_key(item)


# ------------------------------------------------------------------------------------------ tiles

def test_tile_keys_match_the_reference():
    drill = TileDrill()
    for item in items(drill, 1, 600):
        if item.prompt["kind"] == "tile":
            face = item.prompt["tiles"][0]
            assert item.key["name"] == ref.name(face)
            assert item.key["rank"] == ref.rank(face)
            assert item.key["points"] == sorted(p % 10 for p in ref.point_values(face))
            assert item.key["name"] not in item.text
        else:
            a, b = item.prompt["tiles"]
            named = ref.named_hand(a, b)
            expected = named if named and "pair" in named else NOT_A_PAIR
            assert item.key["name"] == expected
            assert item.family == ("pair.none" if expected == NOT_A_PAIR else item.family)
            assert expected in item.prompt["names"] and expected not in item.text


def test_tile_grading():
    drill = TileDrill()
    item = drill.generate(Rng(2), 1, "tile.chop_gow")
    right = {"name": "Chop Gow", "rank": ref.rank(item.prompt["tiles"][0]), "points": 9}
    assert drill.grade(item, right).correct
    for field, value in (("name", "Chop Bot"), ("rank", 11), ("points", 8)):
        grade = drill.grade(item, {**right, field: value})
        assert not grade.correct and grade.category is ErrorCategory.TILE_IDENTITY
        assert field in grade.details["wrong"]
    with pytest.raises(ValueError):
        drill.grade(item, {"name": "Chop Gow"})
    with pytest.raises(ValueError):
        drill.grade(item, {"name": "Dragon", "rank": 1, "points": 1})


def test_a_gee_joon_tile_counts_three_or_six():
    drill = TileDrill()
    item = drill.generate(Rng(4), 1, "tile.gee_joon")
    for points in (3, 6):
        assert drill.grade(item, {"name": "Gee Joon", "rank": 16, "points": points}).correct
    assert not drill.grade(item, {"name": "Gee Joon", "rank": 16, "points": 9}).correct


def test_the_tile_hint_speaks_the_lessons_words_and_names_the_gee_joon_choice():
    # The lesson says "dots"; a hint that says "pips" and "last digit" leaves a newcomer unsure what a Gee Joon
    # tile counts. The choice comes from the engine's tile data.
    gee = next(t for t in paigow_engine.TILES if t.rank == 16)
    for item in items(TileDrill(), 21, 30, family="tile.gee_joon") + items(TileDrill(), 22, 10, family="tile.teen"):
        assert "pips" not in item.hint and "dots" in item.hint
        assert f"{gee.name} tile may count {' or '.join(map(str, gee.point_options))}" in item.hint


def test_pair_naming_and_lookalikes():
    drill = TileDrill()
    pair = drill.generate(Rng(6), 1, "pair.gee_joon")
    assert sorted(pair.prompt["tiles"]) == ["1-2", "2-4"]
    assert drill.grade(pair, "Gee Joon pair").correct
    wrong = drill.grade(pair, "pair of Teen")
    assert wrong.category is ErrorCategory.PAIR_NAME
    for lookalike in items(drill, 8, 30, family="pair.none"):
        a, b = lookalike.prompt["tiles"]
        assert ref.name(a) != ref.name(b)
        assert drill.grade(lookalike, NOT_A_PAIR).correct
        assert drill.grade(lookalike, "pair of Yun").category is ErrorCategory.PAIR_NAME
    with pytest.raises(ValueError):
        drill.grade(pair, "pair of dragons")


# ------------------------------------------------------------------------------------------ compare

def test_compare_keys_match_the_reference():
    drill = CompareDrill()
    rng = Rng(11)
    asked = items(drill, 11, 300) + [drill.generate(rng, 1, f) for f in drill.families() for _ in range(25)]
    for item in asked:
        player, bank = item.prompt["player"], item.prompt["bank"]
        result = ref.compare(player, bank)
        assert item.key["winner"] == ("player" if result > 0 else "bank")
        assert (item.family in ("compare.copy", "compare.zero")) == (result == 0)
        assert "winner" not in json.dumps(item.prompt)


def test_compare_grading_categories():
    drill = CompareDrill()
    for family in ("compare.copy", "compare.zero"):
        item = drill.generate(Rng(12), 1, family)
        assert drill.grade(item, "bank").correct
        wrong = drill.grade(item, "player")
        assert wrong.category is ErrorCategory.COPY_TO_BANK
        assert "bank wins" in wrong.explanation
    item = drill.generate(Rng(13), 1, "compare.same_points")
    right = item.key["winner"]
    wrong = drill.grade(item, "bank" if right == "player" else "player")
    assert wrong.category is ErrorCategory.HAND_COMPARISON and wrong.rule == "4.3"
    with pytest.raises(ValueError):
        drill.grade(item, "dealer")


# ------------------------------------------------------------------------------------------ house way

@pytest.mark.parametrize("way", ["nz", "foxwoods"])
def test_house_way_keys_match_the_reference_interpreter(way):
    drill = HouseWayDrill(Settings(paigow=PaiGowSettings(house_way=way)))
    reference_way = ref_way.load(way)
    assert drill.families() == [rule["id"] for rule in reference_way["rule"]]
    rng = Rng(21)
    for family in drill.families():
        for _ in range(8):
            item = drill.generate(rng, 1, family)
            (high, low), rule = ref_way.decide(reference_way, item.prompt["tiles"])
            assert rule == family == item.key["rule"]
            assert same_setting(item.key["high"], item.key["low"], high, low)
            hidden = json.dumps(item.prompt) + item.text
            assert item.key["rule"] not in hidden and item.key["title"] not in hidden
            assert drill.grade(item, {"high": item.key["high"], "low": item.key["low"]}).correct


def test_house_way_values_are_the_banks_against_the_reference_count():
    """The drill sets the BANK's tiles, so the values quoted are the bank's: each setting of its tiles
    against every player hand of the other 28 tiles set the house way, the bank taking copies and paying
    commission on its wins (checked against the pure-Python walk of the real tiles)."""
    drill = HouseWayDrill()
    reference_way = ref_way.load("nz")
    rng = Rng(31)
    found = {}
    for _ in range(40):
        item = drill.generate(rng, 1, "nz-wong-gong-nine")
        grade = drill.grade(item, (item.key["high"], item.key["low"]))
        found.setdefault("gives up" if grade.details["gives_up"] > 1e-9 else "best", (item, grade))
        if len(found) == 2:
            break
    assert set(found) == {"gives up", "best"}
    for kind, (item, grade) in found.items():
        counts = ref_way.bank_setting_counts(reference_way, item.prompt["tiles"])
        evs = [(w * 0.95 - l) / (w + l + p) for w, l, p in counts]
        settings = ref.settings(item.prompt["tiles"])
        house = next(ev for ev, s in zip(evs, settings)
                     if same_setting(s[0], s[1], item.key["high"], item.key["low"]))
        assert grade.details["house_way_ev"] == pytest.approx(house, abs=1e-9)
        assert grade.details["best_ev"] == pytest.approx(max(evs), abs=1e-9)
        assert (f"The house way's setting is the answer; it is worth {house * 100:+.1f}% to the bank"
                in grade.explanation)
        if kind == "gives up":
            assert "A dealer sets the house way even where another setting" in grade.explanation
            assert f"up to {max(evs) * 100:+.1f}% here" in grade.explanation
        else:
            assert "No setting of these tiles is worth more to the bank" in grade.explanation
        # A wrong setting is told what it is worth, and never that it, or any setting, is the best one: the
        # house way is the answer (a trainee read "the best setting here", his own, as the right answer).
        for other in other_legal_settings(item):
            wrong = drill.grade(item, other)
            assert not wrong.correct
            assert "Your setting would be worth" in wrong.explanation
            assert "best setting" not in wrong.explanation.lower() and "best setting" not in grade.explanation.lower()
            assert "The house way's setting is the answer" in wrong.explanation


def test_house_way_rules_that_follow_others_are_given_their_context():
    drill = HouseWayDrill()
    item = drill.generate(Rng(12), 1, "nz-best-low")
    grade = drill.grade(item, (item.key["high"], item.key["low"]))
    assert item.key["text"].startswith("When neither")
    # "Neither" is explained by the rules tried just before, named by their titles.
    titles = [rule.title for rule in paigow_engine.describe_house_way("nz").rules]
    at = titles.index(item.key["title"])
    assert "None of the earlier house-way rules applies" in grade.explanation
    for title in titles[at - 2:at]:
        assert title in grade.explanation
    assert item.key["title"] in grade.explanation


def test_house_way_feedback_names_the_rule():
    drill = HouseWayDrill()
    item = drill.generate(Rng(40), 1, "nz-split-teen-day")
    grade = drill.grade(item, (item.key["high"], item.key["low"]))
    rule = paigow_engine.describe_house_way("nz").rule("nz-split-teen-day")
    # The rule is cited by its title, which the words quote (the drill shell then adds no "(Rule ...)").
    assert grade.rule == rule.title and grade.rule in grade.explanation
    # The rule by its title and the way's own words for it, quoted; no internal id.
    assert f"The New Zealand house way, rule “{rule.title}”, says: “{rule.text}”" in grade.explanation
    assert "nz-split-teen-day" not in grade.explanation


def test_house_way_error_categories():
    drill = HouseWayDrill()
    rng = Rng(41)
    # Splitting a pair the house way keeps.
    kept = drill.generate(rng, 1, "nz-never-split")
    wrong = drill.grade(kept, other_legal_settings(kept)[0])
    assert wrong.category is ErrorCategory.SPLIT_A_KEPT_PAIR
    assert wrong.rule == paigow_engine.describe_house_way("nz").rule("nz-never-split").title
    # Keeping a pair the house way splits.
    split = drill.generate(rng, 1, "nz-split-teen-day")
    together = next(s for s in other_legal_settings(split)
                    if any("pair" in (ref.named_hand(*h) or "") for h in s))
    assert drill.grade(split, together).category is ErrorCategory.KEPT_A_SPLIT_PAIR
    # Missing the Wong, Gong or High Nine.
    named = drill.generate(rng, 1, "nz-wong-gong-nine-harmony")
    assert drill.grade(named, other_legal_settings(named)[0]).category is ErrorCategory.WONG_GONG_NINE
    # A plain hand set another way.
    while True:
        plain = drill.generate(rng, 1, "nz-best-low-harmony")
        if not any(ref.named_hand(*h) for s in ref.settings(plain.prompt["tiles"]) for h in s):
            break
    assert drill.grade(plain, other_legal_settings(plain)[0]).category is ErrorCategory.HOUSE_WAY_SETTING
    # The house way's hands, swapped so that the high hand ranks below the low.
    while True:
        item = drill.generate(rng, 1)
        if ref.compare(item.key["high"], item.key["low"]) > 0:
            break
    swapped = drill.grade(item, {"high": item.key["low"], "low": item.key["high"]})
    assert swapped.category is ErrorCategory.HIGH_BELOW_LOW and "ranks below" in swapped.explanation


def test_house_way_refuses_malformed_settings():
    drill = HouseWayDrill()
    item = drill.generate(Rng(42), 1)
    tiles = item.prompt["tiles"]
    with pytest.raises(ValueError, match="two tiles"):
        drill.grade(item, {"high": tiles[:3], "low": tiles[3:]})
    with pytest.raises(ValueError, match="four tiles shown"):
        drill.grade(item, {"high": tiles[:2], "low": [tiles[2], tiles[2]]})
    with pytest.raises(ValueError):
        drill.grade(item, "6-6 1-1")


# ------------------------------------------------------------------------------------------ expose and match

def test_expose_keys_match_the_reference():
    drill = ExposeDrill()
    for difficulty, boxes in ((1, 3), (2, 5), (3, 7)):
        for item in items(drill, 50 + difficulty, 60, difficulty):
            bank = (item.prompt["bank"]["high"], item.prompt["bank"]["low"])
            assert len(item.prompt["boxes"]) == boxes
            assert all(2 <= b["box"] <= 8 for b in item.prompt["boxes"])  # rule 11.1: no wagers on box 1
            for box, call, copy in zip(item.prompt["boxes"], item.key["calls"], item.key["copies"]):
                player = (box["high"], box["low"])
                assert ref.is_legal(player) and ref.is_legal(bank)
                assert call == ref.outcome(player, bank)
                assert copy == (ref.compare(player[0], bank[0]) == 0 or ref.compare(player[1], bank[1]) == 0)
            values = json.dumps(item.prompt)
            assert not any(f'"{word}"' in values for word in ("win", "lose", "push"))
            assert drill.grade(item, [c[0].upper() for c in item.key["calls"]]).correct


def flip(call):
    return {"win": "lose", "lose": "push", "push": "win"}[call]


def test_expose_grading_categories():
    drill = ExposeDrill()
    copy_item = drill.generate(Rng(60), 3, "expose.copy")
    calls = list(copy_item.key["calls"])
    at = copy_item.key["copies"].index(True)
    calls[at] = flip(calls[at])
    grade = drill.grade(copy_item, calls)
    assert grade.category is ErrorCategory.COPY_TO_BANK
    assert grade.details["wrong_boxes"] == [copy_item.prompt["boxes"][at]["box"]]
    plain = drill.generate(Rng(61), 3, "expose.plain")
    calls = list(plain.key["calls"])
    calls[0] = flip(calls[0])
    assert drill.grade(plain, calls).category is ErrorCategory.WRONG_OUTCOME
    with pytest.raises(ValueError, match="each of the 7 boxes"):
        drill.grade(plain, calls[:-1])
    with pytest.raises(ValueError, match="win, lose or push"):
        drill.grade(plain, ["draw"] * 7)


# ------------------------------------------------------------------------------------------ settlement

def reference_settlement(item, rules):
    wagers = [(w["amount"], w["outcome"]) for w in item.prompt["wagers"]]
    return ref.settle(wagers, item.prompt["co_banker_wager"], rules["commission_bp"], rules["rounding_unit"],
                      rules["rounding"].value)


@pytest.mark.parametrize("rounding, unit, direction", [("cents", 1, "player"), ("down", 100, "player"),
                                                       ("up", 500, "house")])
def test_settlement_keys_match_the_reference(rounding, unit, direction):
    chips = (1, 5, 25, 100) if unit == 100 else (5, 25, 100)
    settings = Settings(paigow=PaiGowSettings(commission_rounding=rounding, chip_values=chips,
                                              commission_percent=5.0))
    drill = SettleDrill(settings)
    rules = commission_rules(settings.paigow)
    assert (rules["rounding_unit"], rules["rounding"].value, rules["commission_bp"]) == (unit, direction, 500)
    rng = Rng(70)
    for family in drill.families():
        for _ in range(40):
            item = drill.generate(rng, 1 + rng.below(3), family)
            expected = reference_settlement(item, rules)
            assert item.key["paid"] == [paid for paid, _, _ in expected["results"]]
            if family == "settle.house":
                assert item.prompt["co_banker_box"] is None
                assert all(w["box"] != 1 for w in item.prompt["wagers"])
            else:
                assert item.key["to_float"] == expected["to_float"]
                assert item.key["co_banker"] == expected["co_banker_returned"]
                assert (expected["shortfall"] > 0) == (family == "settle.shortfall")
                assert all(w["box"] != item.prompt["co_banker_box"] for w in item.prompt["wagers"])
            assert {"paid", "to_float", "co_banker"}.isdisjoint(item.prompt)
            answer = {k: item.key[k] for k in ("paid", "to_float", "co_banker") if k in item.key}
            assert drill.grade(item, answer).correct


def answer_of(item):
    return {k: list(item.key[k]) if k == "paid" else item.key[k]
            for k in ("paid", "to_float", "co_banker") if k in item.key}


def table_with(drill, seed, family, outcome):
    rng = Rng(seed)
    while True:
        item = drill.generate(rng, 3, family)
        if any(w["outcome"] == outcome for w in item.prompt["wagers"]):
            return item


def index_of(item, outcome):
    return next(i for i, w in enumerate(item.prompt["wagers"]) if w["outcome"] == outcome)


def test_settlement_wager_errors():
    drill = SettleDrill()
    item = table_with(drill, 80, "settle.house", "push")
    answer = answer_of(item)
    answer["paid"][index_of(item, "push")] = 500
    assert drill.grade(item, answer).category is ErrorCategory.PAID_A_PUSH

    item = table_with(drill, 81, "settle.house", "win")
    at = index_of(item, "win")
    amount = item.prompt["wagers"][at]["amount"]
    answer = answer_of(item)
    answer["paid"][at] = amount  # forgot the commission
    grade = drill.grade(item, answer)
    assert grade.category is ErrorCategory.PAIGOW_COMMISSION and "commission" in grade.explanation
    answer["paid"][at] = item.key["paid"][at] - 1000  # ten dollars short: no rounding explains it
    assert drill.grade(item, answer).category is ErrorCategory.ARITHMETIC

    item = table_with(drill, 82, "settle.house", "lose")
    answer = answer_of(item)
    answer["paid"][index_of(item, "lose")] = item.prompt["wagers"][index_of(item, "lose")]["amount"]
    assert drill.grade(item, answer).category is ErrorCategory.WRONG_OUTCOME


def test_settlement_rounding_mistake_is_a_commission_error():
    settings = Settings(paigow=PaiGowSettings(commission_rounding="down", chip_values=(1, 5, 25)))
    drill = SettleDrill(settings)
    rng = Rng(83)
    while True:  # a win whose 5% is not a whole dollar, so the rounding matters
        item = drill.generate(rng, 3, "settle.house")
        odd = [i for i, w in enumerate(item.prompt["wagers"]) if w["outcome"] == "win" and w["amount"] % 2000]
        if odd:
            break
    at = odd[0]
    amount = item.prompt["wagers"][at]["amount"]
    answer = answer_of(item)
    answer["paid"][at] = amount - ref.commission(amount)  # exact cents instead of whole dollars
    assert answer["paid"][at] != item.key["paid"][at]
    assert drill.grade(item, answer).category is ErrorCategory.PAIGOW_COMMISSION


def test_co_banker_errors():
    drill = SettleDrill()
    rng = Rng(90)
    while True:
        item = drill.generate(rng, 3, "settle.co_banker")
        if item.key["co_banker_commission"]:
            break
    answer = answer_of(item)
    answer["to_float"], answer["co_banker"] = answer["to_float"] + 500, answer["co_banker"] - 500
    grade = drill.grade(item, answer)
    assert grade.category is ErrorCategory.CO_BANKER_SPLIT and grade.rule == "(j)-(k)"
    answer = answer_of(item)
    answer["co_banker"] += item.key["co_banker_commission"]
    assert drill.grade(item, answer).category is ErrorCategory.PAIGOW_COMMISSION

    short = drill.generate(rng, 3, "settle.shortfall")
    answer = answer_of(short)
    # The classic mistake: returning both wagers whole as if the losing wager area had covered the winners.
    answer["to_float"] = answer["co_banker"] = short.prompt["co_banker_wager"]
    grade = drill.grade(short, answer)
    assert grade.category is ErrorCategory.SHORTFALL and grade.rule == "(l)"
    assert "shortfall" in grade.explanation


def test_settlement_refuses_malformed_answers():
    drill = SettleDrill()
    item = drill.generate(Rng(95), 2, "settle.co_banker")
    answer = answer_of(item)
    with pytest.raises(ValueError, match="each of the 5 boxes"):
        drill.grade(item, {**answer, "paid": answer["paid"][:-1]})
    with pytest.raises(ValueError, match="float"):
        drill.grade(item, {"paid": answer["paid"], "co_banker": 0})
    with pytest.raises(ValueError, match="cents"):
        drill.grade(item, {**answer, "paid": [-1] + answer["paid"][1:]})


def test_the_two_tiles_of_a_mixed_kind_may_stand_for_each_other():
    drill = HouseWayDrill()
    item = drill.generate(Rng(43), 1, "nz-split-gee-joon")  # the Gee Joon tiles 1-2 and 2-4 end up apart
    swap = {"1-2": "2-4", "2-4": "1-2"}
    high = [swap.get(f, f) for f in item.key["high"]]
    low = [swap.get(f, f) for f in item.key["low"]]
    assert sorted(high) != sorted(item.key["high"])
    assert drill.grade(item, {"high": high, "low": low}).correct
