"""Baccarat drills (Qt-free): answer keys against the pure-Python reference, grading categories, timeouts,
determinism, no key in the prompt, every family generated."""
import json
from dataclasses import replace

import pytest
from reference import baccarat as ref

from dealerdrill.core import Rng
from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.baccarat_drills import (
    HARD_BANKER_TOTALS,
    CommissionDrill,
    ProcedureDrill,
    SettleTableDrill,
    ShoeProcedureDrill,
    TableOfPlayDrill,
    banker_row_sentence,
    parse_money,
)
from dealerdrill.drills.base import _REGISTRY
from dealerdrill.drills.targets import DEFAULT_TARGETS
from dealerdrill.settings import BaccaratSettings, Settings

ALL_DRILLS = (TableOfPlayDrill, CommissionDrill, SettleTableDrill, ShoeProcedureDrill, ProcedureDrill)


def settings(**baccarat) -> Settings:
    return Settings(baccarat=replace(BaccaratSettings(), **baccarat))


# ---- reference answers (written from the rules, independent of the engine) ---------------------------------

def ref_table_of_play(prompt) -> dict:
    (p1, _), (p2, _) = prompt["player"]
    (b1, _), (b2, _) = prompt["banker"]
    ahead = [rank for rank, _ in prompt["next_cards"]]
    coup = ref.play_ranks([p1, b1, p2, b2, *ahead])
    return {"player": "draw" if len(coup.player) == 3 else "stand",
            "banker": "draw" if len(coup.banker) == 3 else "stand", "winner": coup.winner}


def ref_commission(amount_cents: int, percent: float, unit: int, up: bool) -> int:
    exact = amount_cents * round(percent * 100) / 10000      # percent in hundredths, exact for these inputs
    whole_units, part = divmod(exact, unit)
    units = whole_units + (1 if up and part else 0)
    return int(units * unit)


def ref_settle_row(side, amount, winner, tie_odds, commission) -> object:
    """'take', 'push' or the amount paid (commission taken at payment)."""
    if winner == "tie":
        return amount * tie_odds if side == "tie" else "push"
    if side != winner:
        return "take"
    return amount - commission if side == "banker" else amount


def answer_for(item):
    """The right answer in the form each drill's panel sends."""
    if item.drill == TableOfPlayDrill.id:
        return {k: item.key[k] for k in ("player", "banker", "winner")}
    if item.drill == CommissionDrill.id:
        return f"{item.key['owed'] / 100:.2f}"
    if item.drill == SettleTableDrill.id:
        return [{"lose": "take", "push": "push"}.get(r["result"], f"{r['pay'] / 100:.2f}") for r in item.key["rows"]]
    return item.key


# ---- registration, targets, families, determinism -----------------------------------------------------------

def test_every_drill_is_registered_with_a_target_and_baccarat_game():
    for cls in ALL_DRILLS:
        assert _REGISTRY[cls.id] is cls
        assert cls.game == "baccarat" and cls.title and cls.description
        assert cls.id in DEFAULT_TARGETS


@pytest.mark.parametrize("cls", ALL_DRILLS)
def test_every_family_can_be_generated_and_graded_right(cls):
    drill = cls()
    rng = Rng(11)
    for family in drill.families():
        item = drill.generate(rng, 1, family)
        assert item.family == family
        assert item.drill == cls.id
        grade = drill.grade(item, answer_for(item))
        assert grade.correct and grade.category is None, (family, grade)


@pytest.mark.parametrize("cls", ALL_DRILLS)
def test_generation_is_deterministic_for_a_seed(cls):
    def run(seed):
        rng = Rng(seed)
        return [(i.family, i.prompt, i.key) for i in (cls().generate(rng, 1 + n % 2) for n in range(15))]

    assert run(5) == run(5)
    assert run(5) != run(6)


@pytest.mark.parametrize("cls", ALL_DRILLS)
def test_the_key_is_never_in_the_prompt_or_text(cls):
    drill = cls()
    rng = Rng(3)
    right_positions = set()
    for n in range(40):
        item = drill.generate(rng, 1 + n % 2)
        shown = json.dumps(item.prompt) + item.text + item.hint
        assert not {"key", "answer", "winner_key"} & set(item.prompt)
        if item.prompt.get("options"):
            # Multiple choice: the right option moves around, so its place gives nothing away.
            right_positions.add(item.key)
        else:
            assert drill.describe_key(item) not in shown, (item.prompt, drill.describe_key(item))
        if cls is TableOfPlayDrill:
            assert not {"winner", "natural", "totals"} & set(item.prompt)
    if right_positions:
        assert len(right_positions) >= 3


def test_unknown_family_is_refused():
    for cls in ALL_DRILLS:
        with pytest.raises(ValueError):
            cls().generate(Rng(1), 1, "no.such.family")


# ---- table of play ----------------------------------------------------------------------------------------

def test_table_of_play_keys_match_the_reference_for_a_large_sample():
    drill = TableOfPlayDrill()
    rng = Rng(2024)
    families = drill.families()
    for n in range(1500):
        family = families[n % len(families)] if n % 3 else None
        item = drill.generate(rng, 1, family)
        assert {k: item.key[k] for k in ("player", "banker", "winner")} == ref_table_of_play(item.prompt)


def test_requested_cells_are_the_cells_dealt():
    drill = TableOfPlayDrill()
    rng = Rng(8)
    for b in range(8):
        for t in range(10):
            item = drill.generate(rng, 1, f"banker{b}.third{t}")
            (p1, _), (p2, _) = item.prompt["player"]
            (b1, _), (b2, _) = item.prompt["banker"]
            assert ref.points([ref.card_value(b1), ref.card_value(b2)]) == b
            assert ref.player_draws(ref.points([ref.card_value(p1), ref.card_value(p2)]))
            assert ref.card_value(item.prompt["next_cards"][0][0]) == t


def test_hard_mode_concentrates_on_banker_three_to_six():
    drill = TableOfPlayDrill()
    rng = Rng(9)
    for _ in range(60):
        item = drill.generate(rng, 3)
        b = int(item.family.split(".")[0][len("banker"):])
        assert b in HARD_BANKER_TOTALS and ".third" in item.family
        assert item.key["player"] == "draw"


def test_cards_come_from_a_real_shoe():
    drill = TableOfPlayDrill(settings(decks=4))
    item = drill.generate(Rng(4), 1)
    assert item.prompt["decks"] == 4
    assert 0 < item.prompt["cards_left"] < 4 * 52
    cards = item.prompt["player"] + item.prompt["banker"] + item.prompt["next_cards"]
    assert all(1 <= rank <= 13 and 0 <= suit <= 3 for rank, suit in cards)


def _find(drill, rng, want, attempts=400, **kwargs):
    for _ in range(attempts):
        item = drill.generate(rng, **kwargs)
        if want(item):
            return item
    raise AssertionError("no such item generated")


def _flip(word):
    return "stand" if word == "draw" else "draw"


def test_table_of_play_wrong_answers_get_the_right_category():
    drill = TableOfPlayDrill()
    rng = Rng(12)
    plain = drill.generate(rng, 1, "banker6.third7")
    right = {k: plain.key[k] for k in ("player", "banker", "winner")}
    assert drill.grade(plain, {**right, "player": _flip(right["player"])}).category is ErrorCategory.PLAYER_DRAW
    wrong_banker = drill.grade(plain, {**right, "banker": _flip(right["banker"])})
    assert wrong_banker.category is ErrorCategory.BANKER_DRAW
    assert "Table 2: Banker 6 draws only when the Player's third card is 6 or 7" in wrong_banker.explanation
    assert wrong_banker.rule == "Table 2"
    other = next(w for w in ("player", "banker", "tie") if w != right["winner"])
    assert drill.grade(plain, {**right, "winner": other}).category is ErrorCategory.WRONG_WINNER

    natural = drill.generate(rng, 1, "natural.banker9")
    nat = {k: natural.key[k] for k in ("player", "banker", "winner")}
    assert nat["player"] == nat["banker"] == "stand"
    for hand in ("player", "banker"):
        assert drill.grade(natural, {**nat, hand: "draw"}).category is ErrorCategory.NATURAL_MISSED

    stood = drill.generate(rng, 1, "player7.banker5")
    grade = drill.grade(stood, {**{k: stood.key[k] for k in ("player", "banker", "winner")}, "banker": "stand"})
    assert grade.category is ErrorCategory.BANKER_DRAW and grade.rule == "9.5"
    assert "rule 9.5" in grade.explanation


def test_table_of_play_accepts_letters_and_refuses_nonsense():
    drill = TableOfPlayDrill()
    item = drill.generate(Rng(1), 1, "banker3.third8")
    letters = "".join(item.key[k][0] for k in ("player", "banker")) + item.key["winner"][0]
    assert drill.grade(item, letters.upper()).correct
    for bad in ("DD", "xyz", 42, {"player": "draw"}, None):
        with pytest.raises(ValueError):
            drill.grade(item, bad)


def test_banker_rows_are_spelled_from_the_engine():
    # Compared with the reference's rows, phrased independently here.
    for b in range(8):
        drawing = [t for t in range(10) if ref.banker_draws(b, t)]
        sentence = banker_row_sentence(b)
        assert sentence.startswith(f"Table 2: Banker {b} ")
        if len(drawing) == 10:
            assert "draws whatever" in sentence
        elif not drawing:
            assert "stands whatever" in sentence
    assert banker_row_sentence(3).endswith("unless the Player's third card is 8")
    assert banker_row_sentence(4).endswith("only when the Player's third card is 2 to 7")


# ---- commission -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rounding,up", [("cents", False), ("up", True), ("down", False)])
def test_commission_keys_match_the_reference(rounding, up):
    drill = CommissionDrill(settings(commission_rounding=rounding, chip_values=(1, 5, 25)))
    unit = 1 if rounding == "cents" else 100
    rng = Rng(77)
    for n in range(300):
        item = drill.generate(rng, 1 + n % 3)
        wins = [c["amount"] for c in item.prompt["coups"] if c["side"] == c["winner"] == "banker"]
        assert wins and item.key["banker_wins"] == wins
        assert item.key["owed"] == ref_commission(sum(wins), 5.0, unit, up)


def test_commission_wrong_answers_get_the_right_category():
    drill = CommissionDrill(settings(commission_rounding="up", chip_values=(1, 5)))
    rng = Rng(21)
    box = _find(drill, rng, lambda i: len(i.key["banker_wins"]) >= 2 and
                any(c["side"] == "banker" and c["winner"] != "banker" for c in i.prompt["coups"]) and
                sum(i.key["banker_wins"]) % 2000, family="box.medium")
    wins = box.key["banker_wins"]
    assert drill.grade(box, "0").category is ErrorCategory.FORGOT_COMMISSION
    one_left_out = ref_commission(sum(wins[1:]), 5.0, 100, True)
    assert drill.grade(box, one_left_out / 100).category is ErrorCategory.FORGOT_COMMISSION
    exact = sum(wins) * 5 // 100
    assert drill.grade(box, f"{exact / 100:.2f}").category is ErrorCategory.COMMISSION_AMOUNT
    all_banker = sum(c["amount"] for c in box.prompt["coups"] if c["side"] == "banker")
    assert drill.grade(box, ref_commission(all_banker, 5.0, 100, True) / 100).category \
        is ErrorCategory.COMMISSION_AMOUNT
    # A number unrelated to the working is no arithmetic slip; a zero too many is.
    assert drill.grade(box, "9999").category is ErrorCategory.OTHER
    assert drill.grade(box, box.key["owed"] * 10 / 100).category is ErrorCategory.ARITHMETIC

    single = drill.generate(rng, 1, "single.large")
    # $10 too much is one digit wrong: a slip in the arithmetic.
    assert drill.grade(single, (single.key["owed"] + 1000) / 100).category is ErrorCategory.ARITHMETIC
    grade = drill.grade(single, single.key["owed"] / 100)
    assert grade.correct and "5%" in grade.explanation


def test_money_parsing():
    assert parse_money("12.50") == 1250 and parse_money("$1,000") == 100000 and parse_money(3) == 300
    for bad in ("abc", "1.234", -1, True, None, "nan"):
        with pytest.raises(ValueError):
            parse_money(bad)


# ---- settle the table ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("tie_odds,collection,rounding", [(8, "at payment", "cents"), (9, "at payment", "up"),
                                                          (8, "commission box", "cents")])
def test_settle_keys_match_the_reference(tie_odds, collection, rounding):
    drill = SettleTableDrill(settings(tie_odds=tie_odds, commission_collection=collection,
                                      commission_rounding=rounding, chip_values=(1, 5)))
    rng = Rng(tie_odds * 7 + len(collection))
    families = drill.families()
    for n in range(200):
        item = drill.generate(rng, 1 + n % 3, families[n % len(families)])
        p = item.prompt
        coup = ref.play_ranks(_interleave(p["player"], p["banker"]))
        assert coup.winner == p["winner"]
        for wager, row in zip(p["wagers"], item.key["rows"]):
            commission = (ref_commission(wager["amount"], 5.0, 1 if rounding == "cents" else 100, rounding == "up")
                          if collection == "at payment" else 0)
            expected = ref_settle_row(wager["side"], wager["amount"], p["winner"], tie_odds, commission)
            got = {"lose": "take", "push": "push"}.get(row["result"], row["pay"])
            assert got == expected, (wager, row)


def _interleave(player, banker):
    """Ranks in dealing order: Player, Banker, Player, Banker, then the third cards (Player's first)."""
    player, banker = [rank for rank, _ in player], [rank for rank, _ in banker]
    order = [player[0], banker[0], player[1], banker[1]]
    return order + player[2:] + banker[2:]


def test_settle_wrong_answers_get_the_right_category():
    drill = SettleTableDrill(settings(commission_collection="at payment"))
    rng = Rng(31)
    tie = drill.generate(rng, 1, "tie.full")
    right = answer_for(tie)
    sides = [i for i, w in enumerate(tie.prompt["wagers"]) if w["side"] != "tie"]
    ties = [i for i, w in enumerate(tie.prompt["wagers"]) if w["side"] == "tie"]
    assert drill.grade(tie, right).correct
    assert drill.grade(tie, _with(right, sides[0], "take")).category is ErrorCategory.TIE_PUSH
    nine_to_one = tie.prompt["wagers"][ties[0]]["amount"] * 9 / 100
    assert drill.grade(tie, _with(right, ties[0], nine_to_one)).category is ErrorCategory.TIE_PAYOUT

    banker = drill.generate(rng, 1, "banker.sides")
    right = answer_for(banker)
    winners = [i for i, w in enumerate(banker.prompt["wagers"]) if w["side"] == "banker"]
    losers = [i for i, w in enumerate(banker.prompt["wagers"]) if w["side"] == "player"]
    if winners:
        amount = banker.prompt["wagers"][winners[0]]["amount"] / 100
        assert drill.grade(banker, _with(right, winners[0], amount)).category is ErrorCategory.FORGOT_COMMISSION
        assert drill.grade(banker, _with(right, winners[0], amount * 0.9)).category is ErrorCategory.COMMISSION_AMOUNT
        assert drill.grade(banker, _with(right, winners[0], "take")).category is ErrorCategory.PAID_WRONG_SIDE
    if losers:
        amount = banker.prompt["wagers"][losers[0]]["amount"] / 100
        assert drill.grade(banker, _with(right, losers[0], amount)).category is ErrorCategory.PAID_WRONG_SIDE

    player = _find(drill, rng, lambda i: any(w["side"] == "player" for w in i.prompt["wagers"]),
                   family="player.sides")
    right = answer_for(player)
    first = next(i for i, w in enumerate(player.prompt["wagers"]) if w["side"] == "player")
    grade = drill.grade(player, _with(right, first, player.prompt["wagers"][first]["amount"] / 100 + 1))
    assert grade.category is ErrorCategory.ARITHMETIC and grade.details["wrong_wagers"] == [first + 1]
    with pytest.raises(ValueError):
        drill.grade(player, right[:-1])
    with pytest.raises(ValueError):
        drill.grade(player, ["maybe"] * len(right))


def _with(answer, index, value):
    changed = list(answer)
    changed[index] = value
    return changed


# ---- shoe procedure ----------------------------------------------------------------------------------------

def test_shoe_keys_follow_the_burn_and_rules_9_8_9_9():
    drill = ShoeProcedureDrill(settings(decks=6))
    rng = Rng(5)
    expected_state = {"cut.not-yet": "Deal the next coup as usual",
                      "cut.during": "Announce \"last coup\" and deal one more coup",
                      "cut.first": "Deal no more cards until the shoe is replaced or reshuffled",
                      "last-coup": "Deal no more cards until the shoe is replaced or reshuffled"}
    for n in range(120):
        family = drill.families()[n % 5]
        item = drill.generate(rng, 1, family)
        if family == "burn":
            value = ref.card_value(item.prompt["exposed"][0])
            assert item.key == (10 if value == 0 else value)
        elif item.prompt["kind"] == "more":
            # How many coups follow: one after the coup the cutting card came out in, none after the last.
            assert item.key == (1 if family == "cut.during" else 0)
        else:
            assert item.prompt["options"][item.key - 1] == expected_state[family]


def test_shoe_wrong_answers_are_shoe_procedure_errors():
    drill = ShoeProcedureDrill()
    rng = Rng(6)
    burn = drill.generate(rng, 1, "burn")
    assert drill.grade(burn, burn.key + 1).category is ErrorCategory.SHOE_PROCEDURE
    during = drill.generate(rng, 1, "cut.during")
    wrong = 1 if during.key != 1 else 2
    grade = drill.grade(during, wrong)
    assert grade.category is ErrorCategory.SHOE_PROCEDURE and "9.8" in grade.rule
    with pytest.raises(ValueError):
        drill.grade(during, 9)


# ---- big-table procedure -----------------------------------------------------------------------------------

def test_who_acts_follows_the_highest_accepting_wager_on_that_hand():
    drill = ProcedureDrill()
    rng = Rng(40)
    dealer_seen = seat_seen = 0
    for n in range(300):
        item = drill.generate(rng, 1, "who.banker" if n % 2 else "who.player")
        p = item.prompt
        bettors = [w for w in p["wagers"] if w["side"] == p["role"] and w["seat"] not in p["declined"]]
        answer = p["options"][item.key - 1]
        if bettors:
            best = max(bettors, key=lambda w: w["amount"])
            assert answer == f"Seat {best['seat']}"
            seat_seen += 1
        else:
            assert "dealer" in answer
            dealer_seen += 1
    assert dealer_seen > 20 and seat_seen > 100


def test_procedure_questions_grade_and_cite_their_rule():
    drill = ProcedureDrill()
    rng = Rng(41)
    item = drill.generate(rng, 1, "both-at-once")
    right = drill.grade(item, item.key)
    assert right.correct and right.rule == "8.15"
    wrong = drill.grade(item, item.key % len(item.prompt["options"]) + 1)
    assert wrong.category is ErrorCategory.PROCEDURE and "8.15" in wrong.explanation
    who = drill.generate(rng, 1, "who.banker")
    assert drill.grade(who, who.key % len(who.prompt["options"]) + 1).category is ErrorCategory.PROCEDURE
    for bad in (0, "1", None, len(item.prompt["options"]) + 1):
        with pytest.raises(ValueError):
            drill.grade(item, bad)


# ---- sessions and timeouts --------------------------------------------------------------------------------

@pytest.mark.parametrize("cls", ALL_DRILLS)
def test_a_timed_out_item_is_a_timeout_with_the_key_in_words(cls):
    session = DrillSession(cls(), Mode.TIMED, seed=2)
    item = session.next_item()
    grade = session.time_out(session.time_limit + 1)
    assert grade.category is ErrorCategory.TIMEOUT and not grade.correct
    assert grade.expected == cls().describe_key(item)


@pytest.mark.parametrize("cls", ALL_DRILLS)
def test_a_practice_session_runs_on_the_scheduler(cls):
    session = DrillSession(cls(), Mode.PRACTICE, seed=3)
    for _ in range(12):
        item = session.next_item()
        assert session.submit(answer_for(item), seconds=1.0).correct
    assert session.result.accuracy == 1.0
