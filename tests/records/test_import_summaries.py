"""An import's chunks fill the summary tables (answer_facts, answer_hours) with two set-based statements, the
per-row trigger dropped for the chunk's insert and created again in the same transaction (issue 13's speed):
the tables hold exactly what the trigger would have made, the trigger is there afterwards as it was, a
changed trigger is left alone, and an import killed while the trigger is dropped leaves it in place and
only whole sessions."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from certified_desk import MANAGER, PIN, take_test, workstation

from dealerdrill.records import RecordsError, schema

TRIGGER_SQL = ("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
               (schema.ANSWER_SUMMARY_TRIGGER_NAME,))
# What the summaries must hold, computed from the answers alone (as schema version 3 first filled them).
FACTS_FROM_ANSWERS = ("SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, a.answered_at, "
                      "s.id FROM answers a JOIN sessions s ON s.id = a.session_id ORDER BY 1, 2, 3, 4")
FACTS = ("SELECT trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id FROM answer_facts "
         "ORDER BY 1, 2, 3, 4")
HOURS_FROM_ANSWERS = ("SELECT s.trainee_id, s.drill, s.mode, substr(a.answered_at, 1, 13), MIN(s.game), COUNT(*), "
                      "SUM(a.correct), MAX(a.answered_at) FROM answers a JOIN sessions s ON s.id = a.session_id "
                      "GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4")
HOURS = ("SELECT trainee_id, drill, mode, hour, game, answered, correct, last_at FROM answer_hours "
         "ORDER BY 1, 2, 3, 4")


def summaries_agree(records) -> bool:
    return (records.read(*TRIGGER_SQL) == [(schema.ANSWER_SUMMARY_TRIGGER,)]
            and records.read(FACTS) == records.read(FACTS_FROM_ANSWERS)
            and records.read(HOURS) == records.read(HOURS_FROM_ANSWERS))


@pytest.fixture
def two(tmp_path):
    """Workstation A with tests by Aroha and Hemi, exported signed; workstation B, trusting A's key, where Hemi
    took the same test in the same hour (so the import adds to hours B already counts)."""
    a, b = (workstation(tmp_path / name / "records.sqlite3") for name in "ab")
    take_test(a, "Aroha", [True, False] * 10)
    take_test(a, "Hemi", [True, True, False] * 5, seed=7)
    take_test(b, "Hemi", [False, True] * 10, seed=9)
    a.unlock_manager(PIN, MANAGER)
    path = a.export("json", tmp_path / "a.json")[0]
    b.unlock_manager(PIN, MANAGER)
    b.trust_manager_key(a.role.key.public.raw, MANAGER)
    yield a, b, path
    a.close()
    b.close()


def test_an_import_fills_the_summaries_as_the_trigger_would_and_keeps_the_trigger(two, monkeypatch):
    from dealerdrill.records import transfer

    _a, b, path = two
    monkeypatch.setattr(transfer, "CHUNK_ANSWERS", 1)           # each session its own chunk
    result = b.import_records(path)
    assert result.answers_added == 35 and result.signed_by_key is not None
    assert summaries_agree(b.records) and b.verify() == []
    take_test(b, "Hemi", [True] * 20, seed=11)                 # recorded one by one: the trigger feeds them again
    assert summaries_agree(b.records) and b.verify() == []


def test_records_whose_summary_trigger_was_changed_keep_it_as_it_is(two):
    _a, b, path = two
    changed = schema.ANSWER_SUMMARY_TRIGGER.replace("BEGIN", "BEGIN\n    SELECT 1;", 1)
    db = b.records._connection
    db.execute(f"DROP TRIGGER {schema.ANSWER_SUMMARY_TRIGGER_NAME}")
    db.execute(changed)
    b.import_records(path)
    assert b.records.read(*TRIGGER_SQL) == [(changed,)]
    # That trigger still fills the tables row by row, so they agree with the answers.
    assert b.records.read(FACTS) == b.records.read(FACTS_FROM_ANSWERS)


def test_a_bulk_insert_that_fails_leaves_the_trigger_and_no_rows(two):
    """The rows come in another order than their ids, so the chain function refuses the statement."""
    _a, b, _path = two
    records = b.records
    before = records.read("SELECT COUNT(*), (SELECT COUNT(*) FROM answer_facts) FROM answers")
    values = (":next_id + 1 - x.k", "'forged-' || x.k", "(SELECT MIN(id) FROM sessions)", "x.k + 1", "'family'",
              "'null'", "'null'", "'expected'", "'given'", "1", "NULL", "''", "1.0", "0",
              "'2026-01-01T00:00:00.000000Z'")
    with pytest.raises(RecordsError):
        with records.transaction() as db:
            records.insert_answers_selected(db, values, "FROM (SELECT 0 AS k UNION ALL SELECT 1) x ORDER BY x.k", {},
                                            summaries_per_statement=True)
    assert records.read("SELECT COUNT(*), (SELECT COUNT(*) FROM answer_facts) FROM answers") == before
    assert summaries_agree(records) and records.verify() == []


def test_a_summary_row_in_the_way_refuses_the_whole_chunk_and_the_records_go_on(two, monkeypatch):
    """The summary statements roll the chunk's whole transaction back on a conflict (INSERT OR ROLLBACK: no
    statement journal to write, issue 13's speed): an answer_facts row someone added by hand for the first
    answer the import would store refuses that chunk whole (its session, answers, summaries and ledger
    entries), the trigger stays, and the records take the next answer as before."""
    from dealerdrill.records import transfer

    _a, b, path = two
    monkeypatch.setattr(transfer, "CHUNK_ANSWERS", 1)
    records = b.records
    lines = [json.loads(line) for line in path.read_bytes().splitlines()]
    session = next(v["session"] for v in lines if "session" in v)
    first = next(v["answer"] for v in lines if "answer" in v)
    assert first["session"] == session["uuid"] and session["trainee"] not in b.trainee_names()
    next_trainee, next_answer = records.read("SELECT COALESCE(MAX(id), 0) + 1, "
                                             "(SELECT COALESCE(MAX(id), 0) + 1 FROM answers) FROM trainees")[0]
    records._connection.execute(
        "INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, "
        "session_id) VALUES (?, ?, ?, ?, ?, ?, 1, ?, 0)",
        (next_trainee, session["drill"], first["seconds"], next_answer, session["game"], session["mode"],
         first["answered_at"]))
    tables = ("SELECT (SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM answers), (SELECT COUNT(*) FROM "
              "answer_facts), (SELECT COUNT(*) FROM answer_hours), (SELECT COUNT(*) FROM ledger)")
    before = records.read(tables)
    with pytest.raises(ValueError, match="could not be merged .*answer_facts"):
        b.import_records(path)
    assert records.read(tables) == before
    assert records.read(*TRIGGER_SQL) == [(schema.ANSWER_SUMMARY_TRIGGER,)]
    assert not records._connection.in_transaction
    take_test(b, "Hemi", [True] * 20, seed=11)                 # recorded as before, the trigger feeding the tables
    assert records.read("SELECT COUNT(*) FROM answers")[0][0] == before[0][1] + 20


def test_the_trigger_is_dropped_only_inside_a_transaction(two):
    _a, b, _path = two
    records = b.records
    with pytest.raises(ValueError):
        records.insert_answers_selected(records._connection, ("1",) * 15, "", {}, summaries_per_statement=True)
    assert summaries_agree(records)


# ------------------------------------------------------------------------------------------ killed mid-import

CHILD = textwrap.dedent("""
    import sys, time
    from contextlib import contextmanager
    sys.path[:0] = [{tests!r}]
    from certified_desk import MANAGER, PIN
    from dealerdrill.desk import Desk
    from dealerdrill.records import store, transfer

    transfer.CHUNK_ANSWERS = 1             # each session its own chunk
    dropped = store._summary_trigger_dropped
    chunks = 0

    @contextmanager
    def held_while_dropped(db, wanted):
        global chunks
        with dropped(db, wanted) as fill:
            chunks += 1
            if chunks == 3:                 # the trigger dropped, two chunks committed, the third half-written
                print("dropped", flush=True)
                time.sleep(60)
            yield fill

    store._summary_trigger_dropped = held_while_dropped
    desk = Desk.open({records!r})
    desk.unlock_manager(PIN, MANAGER)
    desk.import_records({path!r})
    print("finished", flush=True)
""")


def test_an_import_killed_while_the_trigger_is_dropped_leaves_it_and_whole_sessions(two, tmp_path):
    a, b, path = two
    for seed, name in enumerate(("Kiri", "Mere", "Tama", "Wiremu")):
        take_test(a, name, [True, False, True, True] * 5, seed=20 + seed)
    a.unlock_manager(PIN, MANAGER)
    path = a.export("json", tmp_path / "six.json")[0]
    listed = {v["session"]["uuid"]: v["session"]["answers"] for v in map(json.loads, path.read_bytes().splitlines())
              if "session" in v}
    location = b.records.location
    before = set(b.records.read("SELECT uuid FROM sessions"))
    b.close()
    tests = str(Path(__file__).resolve().parent.parent)
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(tests=tests, records=location, path=str(path))],
                             stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "dropped"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL

    from dealerdrill.desk import Desk

    b = Desk.open(Path(location))
    try:
        records = b.records
        stored = dict(records.read("SELECT s.uuid, COUNT(a.id) FROM sessions s LEFT JOIN answers a "
                                   "ON a.session_id = s.id GROUP BY s.id"))
        imported = {uuid: count for uuid, count in stored.items() if (uuid,) not in before}
        assert len(imported) == 2                              # the two chunks committed before the kill
        assert all(listed[uuid] == count for uuid, count in imported.items())
        assert summaries_agree(records) and b.verify() == []
        b.unlock_manager(PIN, MANAGER)
        again = b.import_records(path)                          # the rest comes in; nothing twice
        assert again.sessions_added == len(listed) - 2 and again.answers_already_present == sum(imported.values())
        assert summaries_agree(records) and b.verify() == []
    finally:
        b.close()
