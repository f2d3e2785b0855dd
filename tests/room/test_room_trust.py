"""Issue 28: the room server trusts a desk for nothing but the answer.

Each test is what a trainee who holds the desk's room login (and wants a pass) can do without the program:
connect with psycopg and call the server's functions with arguments of their own choosing. The server must
store its own times, refuse answers to tests it did not issue, out of order, past the test's items or after
its end, refuse the audit entries that steer the manager role, and refuse a manager key nobody accepted.
"""
from __future__ import annotations

import json
import uuid

DRILL = "baccarat.table_of_play"
LONG_AGO, FUTURE = "1900-01-01T00:00:00.000000Z", "2031-01-01T00:00:00.000000Z"


def _login(url: str):
    """A connection as an attacker makes it: the login's URL, psycopg, nothing of Dealer Drill's in between."""
    import psycopg

    from dealerdrill.records.room_connection import conninfo

    return psycopg.connect(conninfo(url), autocommit=True)


def _call(connection, function: str, *arguments):
    marks = ", ".join(["%s"] * len(arguments))
    return connection.execute(f"SELECT * FROM dealerdrill.{function}({marks})", list(arguments)).fetchone()


def _server_now(connection) -> str:
    """The server's clock, in the records' text form (what dd_now gives; desks may not call that)."""
    return connection.execute("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', "
                              "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')").fetchone()[0]


def _new_trainee(connection, name: str = "Aroha") -> str:
    from dealerdrill.records.schema_v5 import name_key

    trainee = str(uuid.uuid4())
    _call(connection, "dd_create_trainee", trainee, name, name_key(name), LONG_AGO)
    return trainee


# ------------------------------------------------------------------------------------------ 1. times


def test_a_desks_login_gives_no_time_the_server_stores(room, open_room):
    """A trainee created in 1900, a session started in 2031 and finished in 2020, an answer from 2031, an audit
    entry from 1900: the server stores its own clock for each, and the ledger says the same."""
    with _login(room.desk_a) as desk:
        before = _server_now(desk)
        trainee = _new_trainee(desk)
        session = str(uuid.uuid4())
        _call(desk, "dd_start_session", session, trainee, DRILL, "baccarat", "practice", "{}", "{}", "desk-a", FUTURE)
        arguments = [session, str(uuid.uuid4()), "f", "{}", '"A"', "the key", "A", 1, None, "", 2.0, 0, FUTURE,
                     '{"memory": 1}', LONG_AGO]
        _call(desk, "dd_record_answer", *arguments)
        _call(desk, "dd_audit", LONG_AGO, "workstation", "manager_locked", "")
        _call(desk, "dd_finish_session", session, "2020-01-01T00:00:00.000000Z")
        after = _server_now(desk)
        stored = desk.execute("SELECT 'created', created_at FROM dealerdrill.trainees "
                              "UNION ALL SELECT 'started', started_at FROM dealerdrill.sessions "
                              "UNION ALL SELECT 'finished', finished_at FROM dealerdrill.sessions "
                              "UNION ALL SELECT 'answered', answered_at FROM dealerdrill.answers "
                              "UNION ALL SELECT 'audit ' || action, at FROM dealerdrill.audit "
                              "UNION ALL SELECT 'memory', updated_at FROM dealerdrill.scheduler_memory").fetchall()
        ledger = [json.loads(content) for (content,) in desk.execute(
            "SELECT content FROM dealerdrill.ledger WHERE kind IN ('trainee', 'session_end', 'audit') ORDER BY seq")]
    assert sorted(what for what, _ in stored) == ["answered", "audit manager_locked", "audit trainee_created",
                                                  "created", "finished", "memory", "started"]
    assert all(before <= at <= after for _, at in stored), stored
    ledger_times = [entry.get("created_at") or entry.get("finished_at") or entry.get("at") for entry in ledger]
    assert len(ledger_times) == 4 and all(before <= at <= after for at in ledger_times), ledger
    assert open_room(room.desk_b).verify() == []
