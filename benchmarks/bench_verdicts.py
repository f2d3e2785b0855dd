"""`dealerdrill verify` with every test judged again (issue 28): each test's items made again from its seed and
each stored answer graded again by the engine, over the 2 million-answer benchmark file.

The benchmark file (tests/synthetic_records.py) is made inside SQLite for speed, so its tests hold no item a
drill made: they cannot be graded again, and judging them would time a refusal. What is timed instead, in the
same run:
- the chains' check of the whole file (`Records.verify`, what verify did before tests were judged again);
- judging real tests: TESTS_PER_DRILL tests of every drill the benchmark file holds, issued by the records and
  answered right and wrong as a trainee would (tests/drill_answers.py), judged from scratch as verify judges
  them (by worker processes, one a core, their start included);
and verify's time over the file is their sum, with the file's test answers (every TEST_EVERY-th session) judged
at the measured rate. The "reference" column is the chains' check alone, the verify of before.

Then the same tests once a manager sealed their gradings (dealerdrill.verdicts.judge: the desk seals what its judge
graded while the role is held): a new judge takes each grading from the seal, and everything else of the verdict
(target, level, times, signatures, the seal's own signature and digest) is judged as before. verify's time over
the file with its tests' gradings sealed is the chains' check plus the file's test answers at that rate.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from .harness import Result

VERIFY_TARGET = 20.0          # seconds, issue 28: verify over 2 M answers, test answers graded again included
TESTS_PER_DRILL = 30        # 420 tests: enough for verify's worker processes (verdicts.judge.WORKERS_FROM)
CACHE = Path(tempfile.gettempdir()) / "dealerdrill-load-cache"


def _real_tests(records, drills: list[str]) -> tuple[list[str], int]:
    """TESTS_PER_DRILL issued tests of each drill, answered (every fourth answer wrong); (their ids, answers)."""
    from drill_answers import right_answer, wrong_answers  # tests/ is on the path (harness)

    from dealerdrill.domain import Mode
    from dealerdrill.drills import DrillSession, registry

    records.create_trainee("Bench Trainee")
    uuids, answers = [], 0
    for drill_id in drills:
        for _ in range(TESTS_PER_DRILL):
            issue = records.issue_test("Bench Trainee", drill_id)
            session = DrillSession(registry()[drill_id](), Mode.TEST, seed=issue.seed, difficulty=issue.level,
                                   target=issue.target,
                                   on_answer=lambda answered, u=issue.session_uuid: records.record_answer(u, answered))
            for number in range(issue.target.test_items):
                item = session.next_item()
                wrong = wrong_answers(item) if number % 4 == 3 else []
                session.submit(wrong[0] if wrong else right_answer(item), 2.0)
                answers += 1
            records.finish_session(issue.session_uuid)
            uuids.append(issue.session_uuid)
    return uuids, answers


def run(wanted):
    if wanted and not wanted & {"verdicts", "verify", "records"}:
        return []
    import synthetic_records as synthetic  # tests/ is on the path (harness)

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records
    from dealerdrill.verdicts import Judge

    with tempfile.TemporaryDirectory() as folder:
        records = Records(Path(folder) / "records.sqlite3", catalog=DRILL_CATALOG)
        uuids, answers = _real_tests(records, [drill for drill, _, _ in synthetic.DRILLS])
        start = time.perf_counter()
        judge = Judge(records)
        verdicts = judge.verdicts(uuids)
        judged = time.perf_counter() - start
        troubled = [uuid for uuid, verdict in verdicts.items() if verdict.problems]
        _seal(records, judge)
        # In this process, one core: worker processes' start (a fixed half second or so) would be counted once
        # per 420 tests and multiplied with the file's test answers, and over a whole file they would only share
        # the work out, so one core's rate is the file's at worst.
        from dealerdrill.verdicts import judge as judge_module

        workers_from, judge_module.WORKERS_FROM = judge_module.WORKERS_FROM, len(uuids) + 1
        try:
            start = time.perf_counter()
            from_seals = Judge(records).verdicts(uuids)
            judged_sealed = time.perf_counter() - start
        finally:
            judge_module.WORKERS_FROM = workers_from
        records.close()
    per_answer = judged / answers
    per_answer_sealed = judged_sealed / answers

    plan = synthetic.Plan()
    path = synthetic.cached(CACHE, plan)
    big = Records(path, check=False, catalog=DRILL_CATALOG)
    start = time.perf_counter()
    big.verify()
    chains = time.perf_counter() - start
    big.close()
    test_answers = plan.answers // synthetic.TEST_EVERY
    total = chains + per_answer * test_answers
    total_sealed = chains + per_answer_sealed * test_answers
    same = from_seals == verdicts
    return [
        Result("judge a test answer again (item + grade)", per_answer, per_answer, "",
               None if not troubled else False,
               f"{answers:,} answers of {len(uuids)} real tests of {len(synthetic.DRILLS)} drills judged in "
               f"{judged:.2f} s; {len(troubled)} with problems (must be 0)"),
        Result(f"verify {plan.answers:,} answers, tests judged again", total, chains, f"<= {VERIFY_TARGET:.0f} s",
               total <= VERIFY_TARGET and not troubled,
               f"chains {chains:.1f} s (verify before issue 28: the reference column) + {test_answers:,} test "
               f"answers x {per_answer * 1000:.2f} ms = {per_answer * test_answers:.1f} s"),
        Result("judge a test answer again, its grading sealed", per_answer_sealed, per_answer, "",
               None if same else False,
               f"the same {len(uuids)} tests once a manager sealed their gradings, in {judged_sealed:.2f} s on one "
               f"core; verdicts {'the same' if same else 'DIFFER'} (reference: made from scratch)"),
        Result(f"verify {plan.answers:,} answers, tests' gradings sealed", total_sealed, total,
               f"<= {VERIFY_TARGET:.0f} s", total_sealed <= VERIFY_TARGET and same and not troubled,
               f"chains {chains:.1f} s + {test_answers:,} test answers x {per_answer_sealed * 1000:.3f} ms = "
               f"{per_answer_sealed * test_answers:.1f} s (reference: every test made again from scratch)"),
    ]


def _seal(records, judge) -> None:
    """What a manager's unlock at the desk does with what its judge graded (Desk._seal_gradings)."""
    from dealerdrill.desk.manager_key import new_key
    from dealerdrill.records.models import GRADINGS_SEALED
    from dealerdrill.verdicts.judge import SEAL_SIZE, sealed_gradings_text

    key = new_key("24681357")
    records.add_manager_key(key.public.raw, "Bench Manager", "this workstation", key, "Bench Manager")
    gradings = judge.unsealed_gradings()
    digests = sorted(gradings)
    for start in range(0, len(digests), SEAL_SIZE):
        part = {digest: gradings[digest] for digest in digests[start:start + SEAL_SIZE]}
        records.add_audit_entry("Bench Manager", GRADINGS_SEALED, sealed_gradings_text(part), key)
