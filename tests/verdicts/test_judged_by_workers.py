"""Verify over a whole file judges its tests in worker processes, one a core (issue 28's speed target): the verdicts
are the ones the judge makes in the caller's process, a forged test's problems included."""
from __future__ import annotations

from drill_answers import right_answer, wrong_answers
from manager_targets import set_target_as_manager

from dealerdrill.desk import Desk
from dealerdrill.domain import Grade, Mode, Target
from dealerdrill.domain.items import AnsweredItem
from dealerdrill.verdicts import Judge, judge as judge_module

PIN, MANAGER = "24681357", "Mere Smith"


def test_worker_processes_judge_every_test_as_the_callers_process_does(tmp_path, monkeypatch):
    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    for drill in ("baccarat.table_of_play", "roulette.payout"):
        set_target_as_manager(desk, drill, Target(test_items=4, pass_mark=0.75, level=2), PIN, MANAGER)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    for number in range(3):
        for drill in ("baccarat.table_of_play", "roulette.payout"):
            session = desk.start_session(drill, Mode.TEST)
            for answer in range(4):
                item = session.next_item()
                session.submit(right_answer(item) if (number + answer) % 3 else wrong_answers(item)[0], 2.0)
            session.finish()
    forged = desk.start_session("baccarat.table_of_play", Mode.TEST)    # every answer wrong, stored as right
    for _ in range(4):
        item = forged.next_item()
        desk.records.record_answer(forged.session_id, AnsweredItem(item, wrong_answers(item)[0],
                                                                   Grade(True, "", "", "")))
        forged._drill_session.current = None
    desk.records.finish_session(forged.session_id)
    uuids = [uuid for (uuid,) in desk.records.read("SELECT uuid FROM sessions WHERE mode = 'test'")]
    here = Judge(desk.records).verdicts(uuids)

    monkeypatch.setattr(judge_module, "WORKERS_FROM", 2)
    monkeypatch.setattr(judge_module, "BATCH", 2)
    judge = Judge(desk.records)
    pool = judge._workers(len(uuids))
    assert pool is not None                       # two cores or more here, as on the machines the suite runs on
    pool.shutdown()
    by_workers = judge.verdicts(uuids)
    assert by_workers == here and len(here) == 7
    assert len(judge.unsealed_gradings()) == 7          # the workers' gradings come back, for the manager to seal
    assert here[forged.session_id].problems and sum(not v.problems for v in here.values()) == 6
    assert [v.passed for v in here.values()].count(True) == sum(
        1 for v in here.values() if not v.problems and v.correct >= 3)
    desk.close()
