"""Every drill, over many seeded items at every level and under several table settings, graded with the right
answer, wrong answers of several kinds and a time-out: everything a trainee reads (the expected and given
answers, the explanation as the drill shell shows it, the hint) follows the wording rules of issue 12."""
from __future__ import annotations

from dataclasses import replace

import pytest
from drill_answers import right_answer, wrong_answers
from wording import shown_explanation, wording_problems

from dealerdrill.domain import Mode
from dealerdrill.drills import DrillSession
from dealerdrill.drills.base import registry
from dealerdrill.settings import BaccaratSettings, PaiGowSettings, RouletteSettings, Settings

ITEMS_PER_LEVEL = 8
TABLES = {
    "defaults": Settings(),
    "other tables": Settings(
        roulette=replace(RouletteSettings(), first_four=False),
        baccarat=replace(BaccaratSettings(), commission_collection="at payment", commission_rounding="up",
                         burn=False, big_table=True, cut_from_end=40, decks=6),
        paigow=replace(PaiGowSettings(), house_way="foxwoods", commission_rounding="down")),
}


def _items(drill, level: int):
    """Items of the level as tests and timed sessions draw them (no family, and the scheduler's)."""
    test = DrillSession(drill, Mode.TEST, seed=100 + level, difficulty=level)
    timed = DrillSession(drill, Mode.TIMED, seed=200 + level, difficulty=level)
    for _ in range(ITEMS_PER_LEVEL // 2):
        for session in (test, timed):
            item = session.next_item()
            yield item, session
            session.time_out(session.target.seconds + 1)


def _check(texts: dict[str, str], where: str) -> list[str]:
    return [f"{where} {name}: {problem}: {text!r}" for name, text in texts.items()
            for problem in wording_problems(text)]


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("drill_id", sorted(registry()))
def test_everything_a_trainee_reads_follows_the_wording_rules(drill_id, table):
    drill = registry()[drill_id](TABLES[table])
    problems = []
    graded = {"right": 0, "wrong": 0, "timed out": 0}
    for level in (1, 2, 3):
        for item, _session in _items(drill, level):
            where = f"{drill_id} level {level} {item.family}"
            problems += _check({"hint": item.hint, "question": item.text}, where)
            right = drill.grade(item, right_answer(item))
            assert right.correct, (where, right)
            graded["right"] += 1
            problems += _check({"expected": right.expected, "given": right.given,
                                "explanation": shown_explanation(right)}, where + " right")
            for answer in wrong_answers(item):
                wrong = drill.grade(item, answer)
                assert not wrong.correct and wrong.category is not None, (where, answer)
                assert wrong.explanation.strip() and wrong.given.strip()
                graded["wrong"] += 1
                problems += _check({"expected": wrong.expected, "given": wrong.given,
                                    "explanation": shown_explanation(wrong)}, where + " wrong")
        # The time-outs the sessions recorded, as the trainee reads them.
        for session in _sessions_of(drill, level):
            for answered in session.result.answered:
                grade = answered.grade
                assert grade.timed_out and grade.explanation.startswith("Time ran out")
                assert len(grade.explanation) > len("Time ran out before an answer was given.")
                graded["timed out"] += 1
                problems += _check({"expected": grade.expected, "given": grade.given,
                                    "explanation": shown_explanation(grade)}, f"{drill_id} timed out")
    assert graded["right"] and graded["wrong"] and graded["timed out"], graded
    assert not problems, "\n".join(problems[:25]) + f"\n({len(problems)} in all)"


def _sessions_of(drill, level):
    """The timed-out answers: a timed session of the level, every item left to run out."""
    session = DrillSession(drill, Mode.TIMED, seed=300 + level, difficulty=level)
    for _ in range(ITEMS_PER_LEVEL // 2):
        session.next_item()
        session.time_out(session.target.seconds + 1)
    yield session


@pytest.mark.parametrize("text, problem", [
    ("Rule 5.1: pays 17 to 1 (rule 5.1).", "cited twice"),
    ("Pay $945 (not $945).", "not itself"),
    ("Commission under rule 5.7(b) (see: wagers and payouts).", "see:"),
    ("The rule nz-never-split says so.", "internal ids"),
    ("(you said (no answer in time))", "brackets"),
    ("3 chips × 17 = $51.", "chips and dollars"),
    ("worth 1 points.", "plural"),
    ("At the big table 1 seated player have wagers on the Banker's hand.", "plural"),
    ("nobody has a wager on the Player's hand; 1 seated players bet on the Banker's hand.", "plural"),
])
def test_the_wording_checks_find_each_kind_of_problem(text, problem):
    assert any(problem in found for found in wording_problems(text)), wording_problems(text)


def test_the_wording_checks_pass_plain_feedback():
    assert wording_problems("Rule 5.1 odds: split 17 to 1; pay $1,012.50, not $1,012.00 (2.8% of the wager). "
                            "Rules 5.2-5.3: on 0 the zero wagers are paid; under rule 5.7(b) commission.") == []


def test_the_no_taker_situations_agree_with_their_count():
    # "At the big table 1 seated player have wagers" and "1 seated players bet": each count drawn, 0 to 3.
    from dealerdrill.core import Rng
    from dealerdrill.drills.irregularities import BaccaratIrregularitiesDrill

    drill = BaccaratIrregularitiesDrill()
    seen = set()
    for family in [f for f in drill.families() if "no_taker" in f]:
        for seed in range(40):
            item = drill.generate(Rng(seed), 3, family)
            assert wording_problems(item.text) == [], item.text
            seen.add(next(word for word in ("1 seated player ", "seated players") if word in item.text))
    assert seen == {"1 seated player ", "seated players"}
