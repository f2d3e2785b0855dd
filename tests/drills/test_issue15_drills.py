"""The drills of issue 15 (Qt-free): every answer key against the pure-Python references on a large seeded
sample; every kind of mistake the find-the-error drills plant is found by a right answer and missed by a wrong
one; the family the scheduler asks for is the one planted; stored answers graded again after a JSON round
trip; every family can be asked; determinism."""
import json
from math import gcd

import pytest
from reference import baccarat as ref_baccarat, paigow as ref_paigow, procedure as ref, roulette as ref_roulette

from dealerdrill.core import Rng
from dealerdrill.core.irregularity import Action
from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.baccarat_find_error import BaccaratFindErrorDrill
from dealerdrill.drills.base import registry
from dealerdrill.drills.chip_payments import (
    HOUSE_LARGEST_CHIP,
    BaccaratChipsDrill,
    PaiGowChipsDrill,
    RouletteChipsDrill,
)
from dealerdrill.drills.irregularities import (
    ACTION_WORDS,
    BaccaratIrregularitiesDrill,
    PaiGowIrregularitiesDrill,
    RouletteIrregularitiesDrill,
)
from dealerdrill.drills.paigow_delivery import DeliveryDrill
from dealerdrill.drills.paigow_find_error import PaiGowFindErrorDrill
from dealerdrill.drills.regrade import regrade
from dealerdrill.drills.roulette_find_error import RouletteFindErrorDrill
from dealerdrill.drills.targets import DEFAULT_TARGETS

FIND_ERROR = (RouletteFindErrorDrill, BaccaratFindErrorDrill, PaiGowFindErrorDrill)
IRREGULARITIES = (RouletteIrregularitiesDrill, BaccaratIrregularitiesDrill, PaiGowIrregularitiesDrill)
CHIPS = (RouletteChipsDrill, BaccaratChipsDrill, PaiGowChipsDrill)
NEW_DRILLS = FIND_ERROR + IRREGULARITIES + CHIPS + (DeliveryDrill,)
SAMPLE = 150     # items per drill and difficulty checked against the references


def sample(drill, seed: int, count: int = SAMPLE):
    rng = Rng(seed)
    for index in range(count):
        yield drill.generate(rng, 1 + index % 3, None)


def right_answer(drill, item):
    """The right answer as a trainee's panel would send it, built from the key."""
    if drill.id.endswith("find_error"):
        return {"marks": {line: item.key["right"][line] for line in item.key["mistakes"]}}
    if drill.id.endswith("irregularities"):
        return item.key["choice"]
    if drill.id.endswith("chips"):
        if item.prompt["kind"] == "colour_in":
            return {"colour_chips": item.key["colour_chips"], "change": item.key["change"]}
        return {"counts": item.key["breakdown"]}
    return {field: item.key[field] for field in item.prompt["asks"]}


def round_trip(value):
    return json.loads(json.dumps(value))


# ------------------------------------------------------------------------------------------ registry

def test_every_new_drill_is_registered_with_its_game_title_and_target():
    drills = registry()
    for drill in NEW_DRILLS:
        assert drills[drill.id] is drill
        assert drill.game == drill.id.split(".")[0] and drill.title and drill.description
        assert drill.id in DEFAULT_TARGETS


@pytest.mark.parametrize("drill_class", NEW_DRILLS, ids=lambda d: d.id)
def test_generation_repeats_for_a_seed_and_every_family_can_be_asked(drill_class):
    drill = drill_class()
    first = [(i.prompt, i.key, i.family, i.text) for i in sample(drill, 77, 9)]
    again = [(i.prompt, i.key, i.family, i.text) for i in sample(drill, 77, 9)]
    assert first == again
    rng = Rng(5)
    for family in drill.families():
        for difficulty in (1, 2, 3):
            assert drill.generate(rng, difficulty, family).family == family
    with pytest.raises(ValueError, match="not a family"):
        drill.generate(rng, 1, "no.such.family")


@pytest.mark.parametrize("drill_class", NEW_DRILLS, ids=lambda d: d.id)
def test_the_right_answer_after_a_json_round_trip_is_graded_right_and_regraded_alike(drill_class):
    drill = drill_class()
    session = DrillSession(drill, Mode.PRACTICE, seed=11)
    for _ in range(12):
        item = session.next_item()
        answer = round_trip(right_answer(drill, item))
        assert drill.grade(item, answer).correct
        again = regrade(drill.id, "{}", item.to_record(), answer, False)
        assert again.correct and again.expected == drill.describe_key(item)
        session.submit(answer, 1.0)


# ------------------------------------------------------------------------------------------ find the error

def _shown_treatment(shown: str, money: str):
    words = {"cleared": "clear", "left on the layout": "left", "taken": "take", "pushed": "push", "stood": "stand",
             "lose, taken": "take", "push, left": "push"}
    if shown in words:
        return words[shown]
    if shown.startswith("drew"):
        return "draw"
    amount = shown.rsplit("paid $", 1)[1].replace(",", "")
    return int(amount) if money == "dollars" else round(float(amount) * 100)


def _mistaken_lines(item, right):
    shown = {line["id"]: line["shown"] for line in item.prompt["lines"]}
    out = set()
    for line, value in right.items():
        if line == "O":
            given = [int(part.split()[1]) for part in shown["O"].split(", ")]
        else:
            given = _shown_treatment(shown[line], item.prompt["money"])
        if given != value:
            out.add(line)
    return out


def _roulette_reference(item):
    prompt, right = item.prompt, {}
    by_line: dict = {}
    for bet in prompt["bets"]:
        by_line.setdefault(bet["line"], []).append(bet)
    for line, bets in by_line.items():
        where = [tuple(b["position"]) if isinstance(b["position"], list) else b["position"] for b in bets]
        total = sum(ref_roulette.settle(list(zip(where, [b["stake"] for b in bets])), prompt["number"],
                                        prompt["first_four"]))
        right[line] = total if total else "clear"
    return right


def _baccarat_reference(item, tie_odds=8, bp=500, in_box=True):
    prompt = item.prompt
    player = [ref_baccarat.card_value(rank) for rank, _ in prompt["player"]]
    banker = [ref_baccarat.card_value(rank) for rank, _ in prompt["banker"]]
    p2, b2 = ref_baccarat.points(player[:2]), ref_baccarat.points(banker[:2])
    natural = p2 >= 8 or b2 >= 8
    right = {"P": "draw" if not natural and ref_baccarat.player_draws(p2) else "stand",
             "B": "draw" if not natural and ref_baccarat.banker_draws(b2, player[2] if len(player) == 3 else None)
             else "stand"}
    p, b = ref_baccarat.points(player), ref_baccarat.points(banker)
    winner = "player" if p > b else "banker" if b > p else "tie"
    for wager in prompt["wagers"]:
        side, amount = wager["side"], wager["amount"]
        if winner == "tie" and side != "tie":
            value = "push"
        elif side != winner:
            value = "take"
        elif side == "tie":
            value = amount * tie_odds
        elif side == "banker" and not in_box:
            value = amount - ref_paigow.commission(amount, bp)
        else:
            value = amount
        right[wager["line"]] = value
    return right


def _paigow_reference(item, bp=500):
    prompt = item.prompt
    bank = (tuple(prompt["bank"]["high"]), tuple(prompt["bank"]["low"]))
    amounts = {w["box"]: w["amount"] for w in prompt["wagers"]}
    right = {}
    for box in prompt["boxes"]:
        outcome = ref_paigow.outcome((tuple(box["high"]), tuple(box["low"])), bank)
        amount = amounts[box["box"]]
        right[box["line"]] = {"lose": "take", "push": "push"}.get(outcome) or amount - ref_paigow.commission(amount, bp)
    order = ref.settling_order(prompt["banker_box"])
    present = set(amounts)
    right["O"] = [b for b in order if b in present]
    return right


REFERENCES = {RouletteFindErrorDrill: _roulette_reference, BaccaratFindErrorDrill: _baccarat_reference,
              PaiGowFindErrorDrill: _paigow_reference}


@pytest.mark.parametrize("drill_class", FIND_ERROR, ids=lambda d: d.id)
def test_find_the_error_keys_match_the_reference_settlement(drill_class):
    drill = drill_class()
    kinds_seen = set()
    for item in sample(drill, 2024, 2 * SAMPLE):
        right = REFERENCES[drill_class](item)
        assert item.key["right"] == right
        # The mistakes are exactly the lines the dealer settled otherwise than the reference does.
        assert set(item.key["mistakes"]) == _mistaken_lines(item, right)
        assert len({m["kind"] for m in item.key["mistakes"].values()}) <= 3
        kinds_seen |= {m["kind"] for m in item.key["mistakes"].values()}
        family_kind = item.family.rsplit(".", 1)[1]
        if family_kind == "none":
            assert item.key["mistakes"] == {}
        else:
            assert family_kind in {m["kind"] for m in item.key["mistakes"].values()}
    assert kinds_seen == {f.rsplit(".", 1)[1] for f in drill.families()} - {"none"}


def _other_correction(line, value):
    """A correction of the line's kind that is not the right one."""
    if isinstance(value, list):
        return list(reversed(value)) if len(value) > 1 else [value[0] % 8 + 1]
    if isinstance(value, int):
        return value + 5
    if "amount" in line["accepts"]:
        return 5
    return next(word for word in line["accepts"] if word != value)


@pytest.mark.parametrize("drill_class", FIND_ERROR, ids=lambda d: d.id)
def test_every_kind_of_mistake_is_found_by_a_right_answer_and_missed_by_a_wrong_one(drill_class):
    drill = drill_class()
    rng = Rng(99)
    for family in drill.families():
        kind = family.rsplit(".", 1)[1]
        for difficulty in (1, 2, 3):
            item = drill.generate(rng, difficulty, family)
            right = right_answer(drill, item)
            assert drill.grade(item, round_trip(right)).correct
            lines = {line["id"]: line for line in item.prompt["lines"]}
            if kind == "none":
                assert drill.grade(item, "none").correct and drill.grade(item, {}).correct
                some = next(iter(lines))
                wrong = drill.grade(item, {"marks": {some: item.key["right"][some]}})
                assert not wrong.correct and wrong.category is ErrorCategory.FALSE_ALARM
                continue
            category = {k: v.category for k, v in __import__(drill.__module__, fromlist=["KINDS"]).KINDS.items()}[kind]
            planted = [line for line, m in item.key["mistakes"].items() if m["kind"] == kind]
            for line in planted:
                # Missed: every other mistake marked right, this one left alone.
                missed = {"marks": {k: v for k, v in right["marks"].items() if k != line}}
                grade = drill.grade(item, round_trip(missed))
                assert not grade.correct and grade.category is category and line in grade.details["missed"]
                # Found but corrected wrongly.
                wrong_value = _other_correction(lines[line], item.key["right"][line])
                miscorrected = {"marks": {**right["marks"], line: wrong_value}}
                grade = drill.grade(item, round_trip(miscorrected))
                assert not grade.correct and grade.category is category and line in grade.details["miscorrected"]
            # "None" misses them all; a right line marked as a mistake is a false alarm.
            assert not drill.grade(item, "none").correct
            settled_right = [line for line in lines if line not in item.key["mistakes"]]
            if settled_right:
                extra = {"marks": {**right["marks"], settled_right[0]: item.key["right"][settled_right[0]]}}
                grade = drill.grade(item, round_trip(extra))
                assert not grade.correct and grade.category is ErrorCategory.FALSE_ALARM


@pytest.mark.parametrize("drill_class", FIND_ERROR, ids=lambda d: d.id)
def test_the_mix_follows_the_trainees_weak_families(drill_class):
    """A kind of mistake let stand comes back sooner, and the item brought back plants that kind."""
    drill = drill_class()
    families = drill.families()
    weak = families[1]
    memory = {"clock": 10, "families": {f: {"family": f, "box": 3, "due": 40, "seen": 3, "correct": 3}
                                        for f in families}}
    memory["families"][weak] = {"family": weak, "box": 0, "due": 10, "seen": 3, "correct": 0, "lapses": 3}
    session = DrillSession(drill, Mode.PRACTICE, seed=3, difficulty=2, scheduler_memory=memory)
    item = session.next_item()
    assert item.family == weak and item.origin["family"] == weak
    assert weak.rsplit(".", 1)[1] in {m["kind"] for m in item.key["mistakes"].values()}


def test_malformed_find_error_answers_are_refused_in_plain_words():
    drill = RouletteFindErrorDrill()
    item = drill.generate(Rng(1), 1, "roulette.find.loser_paid")
    with pytest.raises(ValueError, match="no line"):
        drill.grade(item, {"marks": {"Z9": "clear"}})
    with pytest.raises(ValueError, match="not a correction"):
        drill.grade(item, {"marks": {"L1": "push"}})
    with pytest.raises(ValueError, match="whole dollars"):
        drill.grade(item, {"marks": {"L1": "12.50"}})
    with pytest.raises(ValueError):
        drill.grade(item, ["L1"])


# ------------------------------------------------------------------------------------------ irregularities

@pytest.mark.parametrize("drill_class", IRREGULARITIES, ids=lambda d: d.id)
def test_irregularity_rulings_match_the_reference_reading_of_the_rules(drill_class):
    drill = drill_class()
    seen = set()
    for item in sample(drill, 31, 2 * SAMPLE):
        scenario = drill.SCENARIOS[item.family][0]
        expected = ref.RULINGS[scenario.name](**item.key["facts"])
        assert (item.key["action"], item.key["rule"]) == expected
        options = item.prompt["options"]
        assert options[item.key["choice"] - 1] == ACTION_WORDS[Action[expected[0]]]
        assert len(set(options)) == len(options) >= 2
        seen.add(expected[0])
    every = {a for _, (scenario, _, _) in drill.SCENARIOS.items() for a in
             __import__("dealerdrill.core.irregularity", fromlist=["actions"]).actions(scenario)}
    # Every action a family can lead to comes up; only distractor actions (never ruled) may be missing.
    assert seen <= {a.name for a in every} and len(seen) >= len(drill.SCENARIOS) // 2 + 1


@pytest.mark.parametrize("drill_class", IRREGULARITIES, ids=lambda d: d.id)
def test_a_wrong_choice_is_graded_wrong_with_the_drills_category(drill_class):
    drill = drill_class()
    rng = Rng(8)
    for family in drill.families():
        item = drill.generate(rng, 1, family)
        assert drill.grade(item, item.key["choice"]).correct
        wrong = item.key["choice"] % len(item.prompt["options"]) + 1
        grade = drill.grade(item, wrong)
        assert not grade.correct and grade.category is drill.SCENARIOS[family][1] and grade.rule == item.key["rule"]
    with pytest.raises(ValueError, match="by its number"):
        drill.grade(item, 0)


# ------------------------------------------------------------------------------------------ chips

def _fewest(amount, values, cap):
    allowed = [v for v in values if cap is None or v <= cap]
    unit = 0
    for v in allowed:
        unit = gcd(unit, v)
    return ref.fewest_chips(amount // unit, [v // unit for v in allowed]) if amount % unit == 0 else None


def _house_cap(values, unit):
    allowed = [v for v in values if v <= HOUSE_LARGEST_CHIP * unit]
    return max(allowed) if allowed else min(values)


@pytest.mark.parametrize("drill_class", CHIPS, ids=lambda d: d.id)
def test_chip_payments_match_the_reference_amounts_and_fewest_chips(drill_class):
    drill = drill_class()
    for item in sample(drill, 4, 2 * SAMPLE):
        prompt, key = item.prompt, item.key
        if prompt["kind"] == "colour_in":
            assert (key["colour_chips"], key["change"]) == ref.colour_in(prompt["cash"], prompt["colour_value"])
            continue
        values, cap = prompt["chips"], prompt["cap"]
        unit = 1 if prompt["money"] == "dollars" else 100
        if item.family.endswith("house"):
            assert cap == _house_cap(values, unit)
        else:
            assert cap is None
        amount = key["amount"]
        if item.family == "roulette.chips.colour_out":
            assert amount == key["colour_chips"] * key["colour_value"]
        elif drill_class is RouletteChipsDrill:
            where = tuple(key["position"]) if isinstance(key["position"], list) else key["position"]
            assert amount == ref_roulette.settle([(where, key["stake"])], key["number"])[0]
        elif drill_class is BaccaratChipsDrill:
            # Default table: Tie 8 to 1, commission marked in the box (the winner is paid in full).
            assert amount == key["wager"] * (8 if key["side"] == "tie" else 1)
            assert key["commission"] == (ref_paigow.commission(key["wager"]) if key["side"] == "banker" else 0)
        else:
            assert amount == key["wager"] - ref_paigow.commission(key["wager"])
        breakdown = key["breakdown"]
        assert ref.breakdown_verdict(amount, values, breakdown, cap) == "right"
        assert sum(breakdown) == _fewest(amount, values, cap)


def test_chip_breakdowns_are_judged_by_the_engine_with_the_right_category():
    drill = RouletteChipsDrill()
    item = drill.generate(Rng(6), 1, "roulette.chips.pay.house")
    values, cap, amount = item.prompt["chips"], item.prompt["cap"], item.key["amount"]
    assert amount > 2 * cap
    fewest = drill.generate(Rng(6), 1, "roulette.chips.pay.fewest")
    # Paying a house-breakdown item in bigger chips breaks the house's cap.
    big = [0] * len(values)
    rest = amount
    for i, v in enumerate(values):
        big[i], rest = divmod(rest, v)
    big_grade = drill.grade(item, {"counts": big})
    if any(c and v > cap for c, v in zip(big, values)):
        assert not big_grade.correct and big_grade.category is ErrorCategory.CHIP_BREAKDOWN
    # All in the smallest chip: the right sum in too many chips.
    smallest = [0] * (len(values) - 1) + [fewest.key["amount"] // values[-1]]
    grade = drill.grade(fewest, {"counts": smallest})
    assert grade.correct is (sum(smallest) == sum(fewest.key["breakdown"]))
    if not grade.correct:
        assert grade.category is ErrorCategory.CHIP_BREAKDOWN
    # The stake added to the winnings.
    stake = fewest.key["stake"]
    with_stake = [0] * (len(values) - 1) + [(fewest.key["amount"] + stake) // values[-1]]
    if (fewest.key["amount"] + stake) % values[-1] == 0:
        assert drill.grade(fewest, {"counts": with_stake}).category is ErrorCategory.STAKE_INCLUDED
    with pytest.raises(ValueError, match="each of the"):
        drill.grade(fewest, {"counts": [1]})


def _in_chips(total: int, values: list[int]) -> list[int]:
    counts = []
    for value in values:
        count, total = divmod(total, value)
        counts.append(count)
    assert total == 0
    return counts


def test_a_tie_paid_at_other_odds_is_named_only_for_odds_a_table_could_pay():
    drill = BaccaratChipsDrill()
    item = drill.generate(Rng(3), 2, "baccarat.chips.tie.fewest")
    wager, values = item.key["wager"], item.prompt["chips"]
    # Even money (paid as a Player or Banker win). (9 to 1 at an 8-to-1 table reads as the stake added.)
    grade = drill.grade(item, {"counts": _in_chips(wager, values)})
    assert not grade.correct and grade.category is ErrorCategory.TIE_PAYOUT, grade.explanation
    # 125 times the wager is no Tie odds anywhere: not called "the wrong odds".
    grade = drill.grade(item, {"counts": _in_chips(wager * 125, values)})
    assert not grade.correct and grade.category is not ErrorCategory.TIE_PAYOUT
    assert "125 to 1" not in grade.explanation


def test_colour_in_wrong_is_a_colour_chip_mistake():
    drill = RouletteChipsDrill()
    item = drill.generate(Rng(2), 3, "roulette.chips.colour_in")
    grade = drill.grade(item, {"colour_chips": item.key["colour_chips"] + 1, "change": item.key["change"]})
    assert not grade.correct and grade.category is ErrorCategory.COLOUR_CHIP_VALUE


# ------------------------------------------------------------------------------------------ delivery

def test_delivery_keys_match_the_reference_count_and_chung():
    drill = DeliveryDrill()
    families_reached = set()
    for item in sample(drill, 12, 3 * SAMPLE):
        prompt, key = item.prompt, item.key
        box, rule = ref.chung(prompt["banker_box"])
        assert (key["chung"], key["chung_rule"]) == (box, rule)
        first, order = ref.delivery(prompt["dice"], box)
        assert (key["first"], key["order"]) == (first, order)
        assert all(1 <= d <= 6 for d in prompt["dice"]) and len(prompt["dice"]) == 3
        families_reached.add(item.family)
    assert families_reached == set(drill.families())


def test_a_wrong_delivery_is_graded_wrong():
    drill = DeliveryDrill()
    item = drill.generate(Rng(3), 2, "paigow.delivery.house.count3")
    answer = right_answer(drill, item)
    for field in ("chung", "first"):
        grade = drill.grade(item, {**answer, field: answer[field] % 8 + 1})
        assert not grade.correct and grade.category is ErrorCategory.DELIVERY and grade.details["wrong"] == [field]
    grade = drill.grade(item, {**answer, "order": list(reversed(answer["order"]))})
    assert not grade.correct and grade.details["wrong"] == ["order"]
    with pytest.raises(ValueError, match="box number"):
        drill.grade(item, {**answer, "first": 9})


def test_the_records_catalogue_and_the_family_breakdowns_know_the_new_drills():
    """The Progress page and the scorecards read drills and families through the drills' catalogue."""
    from dealerdrill.drills.catalog import DRILL_CATALOG

    drills = DRILL_CATALOG.drills()
    for drill in NEW_DRILLS:
        info = drills[drill.id]
        assert (info.game, info.title) == (drill.game, drill.title)
        assert DRILL_CATALOG.default_target(drill.id) == DEFAULT_TARGETS[drill.id]
        for family in drill().families():
            # No new family is mistaken for a Table 2 cell or a house-way rule; only the roulette complete
            # mistakes count with the completes.
            assert DRILL_CATALOG.table_of_play_cell(drill.game, family) is None
            assert DRILL_CATALOG.house_way_rule(drill.game, family) is None
            kind = DRILL_CATALOG.wager_kind(drill.game, family)
            assert kind is None or (kind == "complete" and family == "roulette.find.complete")
