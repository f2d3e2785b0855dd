"""Malformed answers are refused, never rewritten: every drill's grade() raises ValueError with a plain message
for input that is not an answer ("abc-5e3" is not 53, rank "99" is not 9, "1,2" is not 12), and a session keeps
the item on screen so the trainee can correct it."""
from __future__ import annotations

import pytest
from drill_answers import right_answer

from dealerdrill.core import Rng
from dealerdrill.domain import Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.base import registry

NOT_NUMBERS = ["abc-5e3", "1,2", "12-5", "5e3", "", " ", "$", "twelve", None, True, 12.5, [12], {"x": 1}]


def malformed(item) -> list:
    """Answers that are not answers to this item, in the shapes a broken panel or a hand-edited file sends."""
    prompt, drill = item.prompt, item.drill
    right = right_answer(item)
    if drill == "roulette.payout":
        position = prompt["bets"][0]["position"]
        bad = [{"payments": "abc"}, {"payments": [["abc-5e3", 5]]}, {"payments": [[[5, 9], 10]]},
               {"payments": [[position]]}]
        bad += [{"payments": [[position, amount]], "total": 1} for amount in NOT_NUMBERS[:9] + [-5, True]]
        if prompt["ask"] != "total":
            bad.append(100)
        if prompt["ask"] in ("both", "total"):
            bad += [{"payments": right["payments"], "total": t} for t in ("abc-5e3", "1,2", -1, None)]
        return bad
    if drill in ("roulette.completes", "roulette.payout_keys"):
        return NOT_NUMBERS + [-5, "-5", "1,23,4"]
    if drill == "roulette.winners":
        return ["abc", 5, None, [["abc"]], [[99]], [[1, 36]], {"marked": "all"}]
    if drill == "baccarat.table_of_play":
        return ["xyz", "ds", "dsxq", 5, None, {"player": "maybe", "banker": "draw", "winner": "tie"},
                {"player": "draw"}]
    if drill == "baccarat.commission":
        return NOT_NUMBERS[:-3] + ["12.505", "-1", "1,2.5", "$1,2"]
    if drill == "baccarat.settle":
        count = len(right)
        return [right[:-1], right + ["take"], "take", None] + [
            [value] + right[1:] for value in ("abc-5e3", "1,2", "12.505", "-5", "maybe", None, True)]
    if drill in ("baccarat.shoe", "baccarat.procedure"):
        options = prompt.get("options") or []
        bad = ["1", None, True, 2.0, "abc", [1]]
        return bad + ([0, len(options) + 1, 99, -1] if options else [-1, 100])
    if drill == "paigow.tiles":
        if prompt["kind"] == "tile":
            return [{**right, "name": "Nonsense"}, {**right, "rank": 99}, {**right, "rank": 0},
                    {**right, "rank": "9"}, {**right, "points": 10}, {**right, "points": -1},
                    {**right, "rank": True}, {"name": right["name"]}, "Teen"]
        return ["Nonsense pair", None, 5, {"name": "pair of nothing"}]
    if drill == "paigow.compare":
        return ["maybe", "", 1, None, "the player"]
    if drill == "paigow.house_way":
        tiles = prompt["tiles"]
        single = next((t for t in tiles if tiles.count(t) == 1), "7-7")   # "7-7" is no tile at all
        return ["abc", None, {"high": tiles[:1], "low": tiles[1:]}, {"high": tiles[:2]},
                {"high": ["6-6", "6-6"], "low": ["1-1", "1-1"]} if sorted(tiles) != ["1-1", "1-1", "6-6", "6-6"]
                else {"high": ["2-2", "2-2"], "low": ["1-1", "1-1"]},
                {"high": [single, single], "low": [t for t in tiles if t != single][:2]},   # one tile twice
                {"high": ["7-7", tiles[1]], "low": tiles[2:]}]
    if drill == "paigow.expose":
        return [right[:-1], right + ["win"], ["maybe"] + right[1:], [None] + right[1:], "win", None]
    if drill == "paigow.settle":
        bad = [{"paid": right["paid"][:-1]}, {"paid": ["abc-5e3"] + right["paid"][1:]},
               {"paid": [-100] + right["paid"][1:]}, {"paid": [12.5] + right["paid"][1:]},
               {"paid": [True] + right["paid"][1:]}, None, "0"]
        if "to_float" in right:
            bad += [{"paid": right["paid"], "co_banker": right["co_banker"]},
                    {**right, "to_float": "abc"}, {**right, "co_banker": -1}]
        return bad
    if drill.endswith(".find_error"):
        lines = prompt["lines"]
        amount_line = next(line["id"] for line in lines if "amount" in line["accepts"])
        word_line = next(line for line in lines if "order" not in line["accepts"])
        wrong_word = next(w for w in ("clear", "take", "push", "draw", "stand") if w not in word_line["accepts"])
        bad = ["abc", 5, True, ["L1"], {"marks": "abc"}, {"marks": {"Z9": "clear"}},
               {"marks": {word_line["id"]: wrong_word}}]
        bad += [{"marks": {amount_line: value}} for value in NOT_NUMBERS[:9] + [-5, "-5", "12.505", "1,23,4"]]
        if prompt["money"] == "dollars":
            bad.append({"marks": {amount_line: "12.50"}})
        order = next((line for line in lines if "order" in line["accepts"]), None)
        if order:
            boxes = right_answer(item)["marks"].get("O") or item.key["right"]["O"]
            bad += [{"marks": {"O": value}} for value in
                    ("abc", 5, None, [True] * len(boxes), boxes[:-1], boxes[:-1] + boxes[:1], boxes + [9],
                     ["1"] + boxes[1:])]
        return bad
    if drill.endswith(".irregularities"):
        count = len(prompt["options"])
        return ["1", None, True, 2.0, "abc", [1], 0, count + 1, -1, 99]
    if drill.endswith(".chips"):
        if prompt["kind"] == "colour_in":
            bad = [None, 5, "abc", {"colour_chips": right["colour_chips"]}, {"change": right["change"]}]
            bad += [{**right, "colour_chips": value} for value in NOT_NUMBERS[:12] + [-5]]
            bad += [{**right, "change": value} for value in ("abc-5e3", "1,2", -1, None, True, 2.5)]
            return bad
        counts = right["counts"]
        bad = [None, "abc", 5, {"counts": counts[:-1]}, {"counts": counts + [0]}, {"counts": "abc"}]
        bad += [{"counts": [value] + counts[1:]} for value in NOT_NUMBERS[:12] + [-5, "-5"]]
        return bad
    if drill == "paigow.delivery":
        bad = [None, "abc", 5, [right.get("chung")], {}]
        bad += [{**right, "chung": value} for value in NOT_NUMBERS[:12] + [0, 9, -1, "12"]]
        bad += [{**right, "first": value} for value in ("abc", 9, None, True, 1.5)]
        if "order" in right:
            order = right["order"]
            bad += [{**right, "order": value} for value in
                    ("abc", "1a2b3c4d5e6f7g8h", order[:-1], order[:-1] + order[:1], order + [1], [9] + order[1:],
                     [True] + order[1:], None, 12345678)]
        return bad
    raise LookupError(drill)


@pytest.mark.parametrize("drill_id", sorted(registry()))
def test_malformed_answers_are_refused_in_plain_words(drill_id):
    drill = registry()[drill_id]()
    refused = 0
    for level in (1, 2, 3):
        rng = Rng(40 + level)
        for _ in range(6):
            item = drill.generate(rng, level)
            for answer in malformed(item):
                with pytest.raises(ValueError) as error:
                    drill.grade(item, answer)
                message = str(error.value)
                # Plain words: a sentence about the answer, not an internal error.
                assert message.strip() and len(message) < 300, (answer, message)
                assert not any(word in message for word in ("Traceback", "Error", "cdata", "NoneType")), message
                refused += 1
    assert refused > 50


@pytest.mark.parametrize("drill_id", sorted(registry()))
def test_a_session_keeps_the_item_after_a_malformed_answer(drill_id):
    drill = registry()[drill_id]()
    session = DrillSession(drill, Mode.TEST, seed=3, difficulty=2)
    item = session.next_item()
    with pytest.raises(ValueError):
        session.submit(malformed(item)[0], 1.0)
    assert session.current is item and session.result.count == 0
    assert session.submit(right_answer(item), 1.0).correct and session.result.count == 1
