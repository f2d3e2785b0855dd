"""A manager's seal over the gradings a judge made (issue 28's verify speed): a judge holding a seal signed by a key
it accepts takes a finished test's grading from it instead of making the items again; a seal nobody's key signs, one
of a key it does not accept, or one over answers that changed since, is not taken."""
from __future__ import annotations

import json

from drill_answers import right_answer, wrong_answers
from manager_targets import set_target_as_manager
from relinked_records import Rewrite

from dealerdrill.desk import Desk
from dealerdrill.desk.manager_key import new_key
from dealerdrill.domain import Mode, Target
from dealerdrill.records.models import GRADINGS_SEALED
from dealerdrill.verdicts import Judge, judge as judge_module

PIN, MANAGER, DRILL = "24681357", "Mere Smith", "roulette.payout"


def _desk_with_tests(tmp_path, right: tuple[int, ...] = (4, 1)) -> tuple[Desk, list[str]]:
    """A desk whose trainee took a test of 4 items per entry of `right`, that many answered right."""
    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    set_target_as_manager(desk, DRILL, Target(test_items=4, pass_mark=0.75, level=2), PIN, MANAGER)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    uuids = []
    for count in right:
        session = desk.start_session(DRILL, Mode.TEST)
        for number in range(4):
            item = session.next_item()
            session.submit(right_answer(item) if number < count else wrong_answers(item)[0], 2.0)
        session.finish()
        uuids.append(session.session_id)
    return desk, uuids


def _no_items_made(monkeypatch) -> list[str]:
    """Making a test's items again records the call (and makes them, so a verdict still comes out)."""
    made: list[str] = []
    original = Judge._grade_made

    def counting(self, drill_id, *rest):
        made.append(drill_id)
        return original(self, drill_id, *rest)

    monkeypatch.setattr(Judge, "_grade_made", counting)
    return made


def _seals(desk: Desk) -> list[tuple[dict, str | None]]:
    return [(json.loads(detail)["gradings"], key) for detail, key in desk.records.read(
        "SELECT a.detail, l.signed_by_key FROM audit a JOIN ledger l ON l.kind = 'audit' AND l.ref = CAST(a.id AS "
        "TEXT) WHERE a.action = ?", (GRADINGS_SEALED,))]


def test_the_manager_seals_the_gradings_at_unlock_and_a_new_judge_makes_no_item_again(tmp_path, monkeypatch):
    desk, uuids = _desk_with_tests(tmp_path)
    before = Judge(desk.records).verdicts(uuids)
    assert [before[uuid].correct for uuid in uuids] == [4, 1] and not any(v.problems for v in before.values())
    assert _seals(desk) == []                        # the tests ended with the role locked: nothing signed yet

    desk.unlock_manager(PIN, MANAGER)                # the desk's judge graded both tests as they ended
    seals = _seals(desk)
    assert len(seals) == 1 and len(seals[0][0]) == 2 and seals[0][1] == desk.role.key.fingerprint
    desk.lock_manager()
    assert len(_seals(desk)) == 1                    # nothing new graded since: no second seal

    made = _no_items_made(monkeypatch)
    after = Judge(desk.records).verdicts(uuids)
    assert after == before and made == []
    assert desk.test_problems() == []
    desk.close()


def test_a_seal_over_answers_that_changed_since_is_not_taken(tmp_path, monkeypatch):
    desk, uuids = _desk_with_tests(tmp_path)
    desk.unlock_manager(PIN, MANAGER)
    desk.lock_manager()
    passed = uuids[0]
    desk.close()
    # The passed test's first answer made a timed-out one (wrong), its stored grade with it, and the chains linked
    # anew: the seal's digest is no longer the test's.
    with Rewrite(tmp_path / "records.sqlite3") as db:
        db.execute("UPDATE answers SET timed_out = 1, correct = 0 WHERE seq = 1 AND session_id = "
                   "(SELECT id FROM sessions WHERE uuid = ?)", (passed,))
    desk = Desk.open(tmp_path / "records.sqlite3")
    made = _no_items_made(monkeypatch)
    verdict = Judge(desk.records).verdict(passed)
    assert made == [DRILL] and verdict.correct == 3 and not verdict.passed
    desk.close()


def test_a_seal_no_accepted_key_signed_is_not_taken(tmp_path, monkeypatch):
    desk, uuids = _desk_with_tests(tmp_path)
    failed = uuids[1]
    # What a trainee who knows the format can write: a seal calling the failed test's answers all right, unsigned,
    # and the same signed by a key of their own (self-made, so its signature holds, but not one the records took).
    session = desk.records.read("SELECT id, drill, settings FROM sessions WHERE uuid = ?", (failed,))[0]
    answers = desk.records.read("SELECT seq, item, answer, correct, timed_out, answered_at FROM answers "
                                "WHERE session_id = ? ORDER BY seq", (session[0],))
    issue_seed = json.loads(session[2])["test_issue"]["seed"]
    digest = judge_module.grading_digest(DRILL, session[2], issue_seed, 2, answers)
    forged = judge_module.sealed_gradings_text({digest: (4, ())})
    desk.records.add_audit_entry("Aroha", GRADINGS_SEALED, forged)
    desk.records.add_audit_entry("Aroha", GRADINGS_SEALED, forged, new_key("13572468"))

    made = _no_items_made(monkeypatch)
    verdict = Judge(desk.records).verdict(failed)
    assert made == [DRILL] and verdict.correct == 1 and not verdict.passed
    # The manager's own seal is taken by a judge that accepts the key, and not by one that distrusts it (a desk's
    # judge: a key its PIN file does not explain).
    desk.unlock_manager(PIN, MANAGER)
    desk.lock_manager()
    made.clear()
    assert Judge(desk.records).verdict(failed).correct == 1 and made == []
    distrusting = Judge(desk.records, distrusted=frozenset({desk.role.key_file().public.fingerprint}))
    distrusting.verdict(failed)
    assert made == [DRILL]
    desk.close()


def test_the_idle_lock_seals_what_was_graded_while_the_role_was_held(tmp_path):
    desk, _ = _desk_with_tests(tmp_path, right=(4,))
    desk.unlock_manager(PIN, MANAGER)
    assert len(_seals(desk)) == 1
    session = desk.start_session(DRILL, Mode.TEST)      # a test taken while the manager is at the desk
    for _ in range(4):
        item = session.next_item()
        session.submit(right_answer(item), 2.0)
    session.finish()
    idle_now = desk.role._idle_clock() + 3600 * 24
    desk.role._idle_clock = lambda: idle_now
    assert desk.lock_if_idle()
    seals = _seals(desk)
    assert len(seals) == 2 and len(seals[1][0]) == 1 and seals[1][1] is not None
    assert not desk.unlocked
    desk.close()


def test_a_drill_class_of_the_callers_own_under_a_drills_id_grades_nothing(tmp_path):
    """A caller's own drill class, given the id of one of the program's drills, that calls every answer right: the
    desk's judge grades the test with the program's drill, so the test fails, its sign-off is refused, and the manager
    unlocking and locking at that desk seals the engine's grading, never the class's."""
    from dataclasses import replace

    from dealerdrill.drills import registry

    desk, _ = _desk_with_tests(tmp_path, right=())
    real = registry()[DRILL]

    class CallsEveryAnswerRight(real):                # type: ignore[misc, valid-type]
        def grade(self, item, answer, seconds=0.0):
            return replace(super().grade(item, answer, seconds), correct=True)

    session = desk.start_session(CallsEveryAnswerRight, Mode.TEST)
    for _ in range(4):
        item = session.next_item()
        session.submit(wrong_answers(item)[0], 2.0)
    session.finish()
    verdict = desk.judge.verdict(session.session_id)
    assert verdict.correct == 0 and not verdict.passed and verdict.problems
    desk.unlock_manager(PIN, MANAGER)
    try:
        desk.sign_off(session.session_id)
    except ValueError as refused:
        assert "cannot be signed off" in str(refused)
    else:
        raise AssertionError("a test graded by a drill class of the caller's own was signed off")
    desk.lock_manager()
    assert not Judge(desk.records).verdict(session.session_id).passed      # a new judge takes the seal: still failed
    assert desk.test_problems()
    desk.close()


def test_a_test_whose_stored_item_is_not_text_is_named_not_a_traceback(tmp_path):
    """An answer's item written as a BLOB (SQLite stores what it is given) and the chains linked anew: the test is
    judged (its item cannot be read) and the desk's check names it, instead of stopping the judge with a TypeError."""
    desk, uuids = _desk_with_tests(tmp_path, right=(4,))
    desk.close()
    with Rewrite(tmp_path / "records.sqlite3") as db:
        db.execute("UPDATE answers SET item = CAST(item AS BLOB) WHERE seq = 2")
    desk = Desk.open(tmp_path / "records.sqlite3")
    verdict = desk.judge.verdict(uuids[0])
    assert not verdict.passed and any("item 2 cannot be read" in problem for problem in verdict.problems)
    assert any(uuids[0] in problem.where for problem in desk.test_problems())
    desk.close()
