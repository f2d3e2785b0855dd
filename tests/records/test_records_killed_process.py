"""A trainee's program killed in the middle of a session: every answer committed before the kill is there."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from dealerdrill.records import Records, default_database_path

CHILD = textwrap.dedent("""
    import sys
    from dealerdrill.domain import Grade, Item
    from dealerdrill.domain import AnsweredItem
    from dealerdrill.domain import ErrorCategory
    from dealerdrill.records import Records

    records = Records()
    records.create_trainee("Killed Midway")
    session = records.start_session("Killed Midway", "baccarat.table_of_play", "timed", {})
    print("session", session, flush=True)
    number = 0
    while True:   # answer until killed
        number += 1
        right = number % 3 != 0
        item = Item("baccarat.table_of_play", f"banker{number % 8}.third{number % 10}", {"n": number}, "draw")
        grade = Grade(right, "draw", "draw" if right else "stand", "Table 2",
                      None if right else ErrorCategory.BANKER_DRAW, seconds=number / 10)
        answer_id = records.record_answer(session, AnsweredItem(item, "draw" if right else "stand", grade))
        print("committed", number, answer_id, flush=True)   # printed only after the commit returned
""")


def test_answers_committed_before_a_sigkill_are_all_kept(dealerdrill_home):
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "DEALERDRILL_HOME": str(dealerdrill_home)})
    try:
        session = child.stdout.readline().split()[1]
        committed = {}
        while len(committed) < 40:
            word, number, answer_id = child.stdout.readline().split()
            assert word == "committed"
            committed[answer_id] = int(number)
    finally:
        child.send_signal(signal.SIGKILL)   # no chance to close, finish or checkpoint anything
        child.wait()
    assert child.returncode == -signal.SIGKILL

    with Records(default_database_path()) as records:   # the same file, found through DEALERDRILL_HOME
        assert records._connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = {a.uuid: a for a in records.answers()}
        assert set(committed) <= set(stored)
        for answer_id, number in committed.items():
            answer = stored[answer_id]
            assert (answer.seq, answer.item["prompt"]["n"], answer.correct) == (number, number, number % 3 != 0)
        # Answers form one unbroken run 1..n (at most one more than we saw printed: committed, not yet printed).
        assert sorted(a.seq for a in stored.values()) == list(range(1, len(stored) + 1))
        assert len(stored) - len(committed) <= 1
        summary = records.session(session)
        assert summary.finished_at is None and summary.items == len(stored)
        assert [p.answered for p in records.skill_progress("Killed Midway")] == [len(stored)]
