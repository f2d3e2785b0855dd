"""Recording one answer at the desk, as the trainee waits for the feedback: the drill grades it, the desk
stores it with the scheduler memory in one synced transaction (issue 10). Beside it, in the same run, the
way it was stored before issue 10 (the answer, then the memory, in two synced transactions), for the ratio.
"""
from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from .harness import Result

ANSWERS = 200
RECORDING_BUDGET = 0.010     # seconds per answer; the trainee should never wait on the disk


def _per_answer(answer_one, count: int) -> tuple[float, float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        answer_one()
        times.append(time.perf_counter() - start)
    return statistics.median(times), sorted(times)[int(0.99 * len(times)) - 1]


def run(wanted):
    if wanted and not wanted & {"recording", "records"}:
        return []
    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode

    folder = Path(tempfile.mkdtemp(prefix="dealerdrill-bench-recording-"))
    desk = Desk.open(folder / "records.sqlite3")
    desk.add_trainee("Bench")
    desk.choose_trainee("Bench")
    session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=1)

    def one_transaction():
        item = session.next_item()
        session.submit(item.key, 1.0)

    records, drill_session = desk.records, session._drill_session
    two_session = records.start_session("Bench", "baccarat.table_of_play", Mode.PRACTICE)

    def two_transactions():      # the way answers were stored before: answer, then memory, each synced
        item = drill_session.next_item()
        drill_session.current = None
        answered = type(session.result.answered[0])(item, item.key, drill_session.drill.grade(item, item.key, 1.0))
        records.record_answer(two_session, answered)
        with records.transaction() as db:
            db.execute("INSERT INTO scheduler_memory (trainee_id, drill, memory, updated_at) SELECT trainee_id, "
                       "drill, ?, ? FROM sessions WHERE uuid = ? ON CONFLICT(trainee_id, drill) DO UPDATE SET "
                       "memory = excluded.memory", (json.dumps(drill_session.scheduler.snapshot()),
                                                    records.now_text(), two_session))

    one_transaction()
    median, p99 = _per_answer(one_transaction, ANSWERS)
    before, before_p99 = _per_answer(two_transactions, ANSWERS)
    desk.close()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return [Result("record an answer with its memory (median)", median, before, "< 10 ms", median < RECORDING_BUDGET,
                   f"one transaction now, two before issue 10 (the 'reference' column); p99 {p99 * 1000:.2f} ms "
                   f"vs {before_p99 * 1000:.2f} ms before; synchronous=FULL on this disk")]
