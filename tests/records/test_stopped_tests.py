"""A test ended before its n items: stored as it was, shown as "stopped after k of n", scored over n and never
passed, in the summaries the views read and in the XLSX sessions sheet."""
from __future__ import annotations

import pytest

from dealerdrill.domain import Mode, Target
from dealerdrill.exports import SESSION_COLUMNS, export
from dealerdrill.records import RecordFilter

THIRTY = Target(seconds=20.0, accuracy=0.9, test_items=30, pass_mark=0.8)


def a_test(records, answer_factory, rights: list[bool], finish: bool = True, target: Target = THIRTY) -> str:
    session = records.start_session("Aroha", "roulette.payout_keys", Mode.TEST, {}, target=target)
    for right in rights:
        records.record_answer(session, answer_factory("roulette.payout_keys", "roulette.keys.split", right))
    if finish:
        records.finish_session(session)
    return session


@pytest.fixture
def aroha(records):
    records.create_trainee("Aroha")
    return records


def test_stopped_after_one_right_answer_of_thirty(aroha, answer_factory):
    stopped = aroha.session(a_test(aroha, answer_factory, [True]))
    assert (stopped.items, stopped.correct, stopped.accuracy) == (1, 1, 1.0)   # what was answered, as it was
    assert stopped.stopped_early and stopped.passed is False
    assert stopped.scored_over == 30 and stopped.score == pytest.approx(1 / 30)
    assert stopped.test_result == "stopped after 1 of 30"


def test_a_test_never_ended_is_unfinished_not_stopped(aroha, answer_factory):
    open_test = aroha.session(a_test(aroha, answer_factory, [True, True], finish=False))
    assert not open_test.stopped_early and open_test.passed is False
    assert open_test.test_result == "unfinished after 2 of 30" and open_test.score == pytest.approx(2 / 30)


def test_a_whole_test_is_passed_or_not_by_its_pass_mark(aroha, answer_factory):
    five = Target(test_items=5, pass_mark=0.8)
    passed = aroha.session(a_test(aroha, answer_factory, [True, True, True, True, False], target=five))
    failed = aroha.session(a_test(aroha, answer_factory, [True, True, True, False, False], target=five))
    assert (passed.test_result, passed.score, passed.stopped_early) == ("passed", 0.8, False)
    assert (failed.test_result, failed.score, failed.stopped_early) == ("not passed", 0.6, False)


def test_practice_is_scored_over_the_answers_given(aroha, answer_factory):
    session = aroha.start_session("Aroha", "roulette.payout_keys", Mode.PRACTICE, {})
    for right in (True, False, True):
        aroha.record_answer(session, answer_factory("roulette.payout_keys", "roulette.keys.split", right))
    aroha.finish_session(session)
    practice = aroha.session(session)
    assert practice.test_result is None and not practice.stopped_early
    assert practice.scored_over == 3 and practice.score == pytest.approx(2 / 3) == practice.accuracy


def test_the_xlsx_sessions_sheet_says_stopped_and_scores_over_n(aroha, answer_factory, tmp_path):
    from openpyxl import load_workbook

    a_test(aroha, answer_factory, [True])
    [path] = export(aroha, "xlsx", tmp_path / "aroha.xlsx", RecordFilter())
    header, row = list(load_workbook(path)["Sessions"].iter_rows(values_only=True))
    assert list(header) == list(SESSION_COLUMNS)
    cells = dict(zip(header, row))
    assert (cells["items"], cells["correct"], cells["test_items"]) == (1, 1, 30)
    assert cells["accuracy"] == pytest.approx(1 / 30, abs=1e-4)
    assert (cells["passed"], cells["test_result"]) == ("no", "stopped after 1 of 30")
