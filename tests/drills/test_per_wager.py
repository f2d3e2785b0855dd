"""Per-wager statistics count each wager of an item on its own: a layout of several wagers counts once per
wager, under each wager's own kind, not once under the kind the item was drawn for."""
from __future__ import annotations

from collections import Counter

from drill_answers import right_answer

from dealerdrill.core import Rng, roulette
from dealerdrill.domain import Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.roulette_drills import PayoutDrill


def test_a_layout_counts_each_of_its_wagers_under_its_own_kind():
    drill = PayoutDrill()
    session = DrillSession(drill, Mode.TEST, seed=4, difficulty=3)
    expected = Counter()
    expected_right = Counter()
    for index in range(4):
        item = session.next_item()
        answer = right_answer(item)
        wrong_position = None
        if index % 2:   # every other item: the first winner paid one chip too much
            first = answer["payments"][0]
            wrong_position = first[0]
            answer["payments"][0] = [first[0], first[1] + item.prompt["colour_value"]]
        grade = session.submit(answer, 2.0)
        assert len(grade.details["wagers"]) == len(item.prompt["bets"])
        for bet in item.prompt["bets"]:
            kind = roulette.classify(tuple(bet["position"]) if isinstance(bet["position"], list)
                                     else bet["position"], item.prompt["first_four"]).kind.name.lower()
            expected[kind] += 1
            expected_right[kind] += bet["position"] != wrong_position
    counted = session.result.wagers_by_kind()
    assert {kind: total for kind, (_, total) in counted.items()} == dict(expected)
    assert {kind: right for kind, (right, _) in counted.items()} == dict(expected_right)
    # More wagers than items: each wager counted on its own.
    assert sum(total for _, total in counted.values()) > session.result.count


def test_a_settled_table_counts_every_wager_and_box():
    from dealerdrill.drills.baccarat_drills import SettleTableDrill
    from dealerdrill.drills.paigow_drills import ExposeDrill, SettleDrill

    for drill in (SettleTableDrill(), SettleDrill(), ExposeDrill()):
        item = drill.generate(Rng(9), 2)
        grade = drill.grade(item, right_answer(item))
        wagers = grade.details["wagers"]
        count = len(item.prompt.get("wagers") or item.prompt.get("boxes"))
        assert len(wagers) == count and all(w["correct"] and w["category"] is None for w in wagers)


def test_the_catalogue_counts_a_stored_answers_wagers_on_their_own():
    """What the records need to count wagers: the engine grades the stored answer again (from its origin and
    the session's settings) and hands back each wager's kind and verdict."""
    import json

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.settings import Settings

    settings_text = json.dumps(Settings().to_dict())
    session = DrillSession(PayoutDrill(), Mode.TEST, seed=8, difficulty=2)
    item = session.next_item()
    answer = right_answer(item)
    answer["payments"] = answer["payments"][1:]          # the first winner left unpaid
    grade = session.submit(answer, 2.0)
    stored = DRILL_CATALOG.wager_results(item.drill, settings_text, item.to_record(), json.dumps(answer), False)
    assert stored == [(w["kind"], w["correct"]) for w in grade.details["wagers"]]
    assert len(stored) == len(item.prompt["bets"]) and sum(not right for _, right in stored) == 1
    assert DRILL_CATALOG.wager_results(item.drill, settings_text, item.to_record(), "null", True) == []
    assert DRILL_CATALOG.wager_results("baccarat.commission", settings_text, "{}", "1", False) == []


def test_find_the_error_grades_every_wager_line_on_its_own():
    """A found-the-error table counts each wager line under its own kind: right when its mistake was
    corrected (or a right line left alone), wrong when a mistake is let stand or a right line is marked."""
    from dealerdrill.drills.baccarat_find_error import BaccaratFindErrorDrill
    from dealerdrill.drills.paigow_find_error import PaiGowFindErrorDrill
    from dealerdrill.drills.roulette_find_error import RouletteFindErrorDrill

    for drill, family in ((RouletteFindErrorDrill(), "roulette.find.wrong_odds"),
                          (BaccaratFindErrorDrill(), "baccarat.find.commission"),
                          (PaiGowFindErrorDrill(), "paigow.find.wrong_winner")):
        item = drill.generate(Rng(12), 3, family)
        wager_lines = {line["id"] for line in item.prompt["lines"] if line["id"] not in ("P", "B", "O")}
        grade = drill.grade(item, right_answer(item))
        assert {w["line"] for w in grade.details["wagers"]} == wager_lines
        assert all(w["correct"] and w["category"] is None for w in grade.details["wagers"])
        let_stand = next(line for line in item.key["mistakes"] if line in wager_lines)
        answer = right_answer(item)
        del answer["marks"][let_stand]
        wrong = {w["line"]: w for w in drill.grade(item, answer).details["wagers"] if not w["correct"]}
        assert list(wrong) == [let_stand] and wrong[let_stand]["category"] is not None
