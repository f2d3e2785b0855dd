"""Issue 28: the room server trusts a desk for nothing but the answer.

Each test is what a trainee who holds the desk's room login (and wants a pass) can do without the program:
connect with psycopg and call the server's functions with arguments of their own choosing. The server must
store its own times, refuse answers to tests it did not issue, out of order, past the test's items or after
its end, start a test from a desk's offline stock only once and only for that desk's login, refuse the audit
entries that steer the manager role, and refuse a manager key nobody accepted.
"""
from __future__ import annotations

import json
import uuid

import pytest

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


# ------------------------------------------------------------------------------------------ 2. answers


def _answer(connection, session: str, seq: int | None, *, correct: int = 1, item: str = '{"shown": "f"}',
            given: str = '"A"'):
    """dd_record_answer with the desk's own words for everything; seq None: the call of an older desk."""
    arguments = [session, str(uuid.uuid4()), "f", item, given, "the key", "A", correct, None, "rule 1", 2.0, 0,
                 FUTURE, None, None]
    return _call(connection, "dd_record_answer", *arguments, *([] if seq is None else [seq]))


def _refused(connection, words: str, function, *arguments) -> None:
    import psycopg

    with pytest.raises(psycopg.Error, match=words):
        function(connection, *arguments)


def _answers(connection, session: str) -> list[int]:
    return [seq for (seq,) in connection.execute(
        "SELECT a.seq FROM dealerdrill.answers a JOIN dealerdrill.sessions s ON s.id = a.session_id "
        "WHERE s.uuid = %s ORDER BY a.seq", (session,))]


def test_a_test_the_server_did_not_issue_takes_no_answer_from_a_desk(room):
    """A test in the desk's name that the server never issued (one a desk started before the server issued tests,
    written here by the owner, as no login can now): the desk's login adds nothing to it."""
    with _login(room.desk_a) as desk:
        _new_trainee(desk)
    session = str(uuid.uuid4())
    made = room.psql("INSERT INTO dealerdrill.sessions (id, uuid, trainee_id, drill, game, mode, target, started_at, "
                     f"login) SELECT 1, '{session}', id, '{DRILL}', 'baccarat', 'test', "
                     "'{\"pass_mark\": 0, \"test_items\": 1}', '2026-03-02T09:00:00.000000Z', 'desk_a' "
                     "FROM dealerdrill.trainees")
    assert made.returncode == 0, made.stderr
    with _login(room.desk_a) as desk:
        _refused(desk, "a test the training room server did not issue", _answer, session, 1)
        _refused(desk, "a test the training room server did not issue", _answer, session, None)
        assert _answers(desk, session) == []


def test_a_desk_answers_an_issued_test_in_order_up_to_its_items_and_not_after_its_end(room):
    with _login(room.desk_a) as desk:
        trainee = _new_trainee(desk)
        session = str(uuid.uuid4())
        _, target, _, _ = _call(desk, "dd_issue_test", session, trainee, DRILL, "desk-a")
        items = json.loads(target)["test_items"]
        _answer(desk, session, 1)
        _refused(desk, "out of order: the session holds 1 answers, so the next is 2", _answer, session, 3)
        _refused(desk, "out of order", _answer, session, 1)         # answer 1 again, as a new answer
        _refused(desk, "names its number in the test", _answer, session, None)
        for seq in range(2, items + 1):
            _answer(desk, session, seq)
        _refused(desk, f"has {items} items, all answered", _answer, session, items + 1)
        assert _answers(desk, session) == list(range(1, items + 1))
        assert _call(desk, "dd_finish_session", session, FUTURE) == (True,)
        _refused(desk, "that session is finished", _answer, session, items + 1)
        assert len(_answers(desk, session)) == items


def test_a_desk_gets_each_item_of_its_test_as_it_falls_due_and_never_the_seed_while_it_runs(room, open_room):
    """The attacker's seed look-ahead: with the test's seed a desk makes every item, and its right answer, before
    the first (it read the seed from the session's settings). The server keeps the seed: no login may read it,
    the settings hold only its SHA-256, item n+1's key comes only once n answers are in (and only to the login
    that started the test), and the seed itself only once the test has ended."""
    import hashlib

    import psycopg

    from dealerdrill.drills.session import item_key

    with _login(room.desk_a) as desk, _login(room.desk_b) as other:
        trainee = _new_trainee(desk)
        session = str(uuid.uuid4())
        settings, target, _, seed = _call(desk, "dd_issue_test", session, trainee, DRILL, "desk-a")
        issue = json.loads(settings)["test_issue"]
        assert seed is None and "seed" not in issue and len(issue["seed_sha256"]) == 64
        for connection in (desk, other):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute("SELECT seed FROM dealerdrill.test_secrets").fetchall()
        _refused(desk, "still running", _call, "dd_test_seed", session)
        first = _call(desk, "dd_item_key", session, 1)[0]
        _refused(desk, "item 2 of the test .* is not due: 0 answered", _call, "dd_item_key", session, 2)
        _refused(other, "another login's, and still running", _call, "dd_item_key", session, 1)
        _answer(desk, session, 1)
        second = _call(desk, "dd_item_key", session, 2)[0]
        _refused(desk, "item 3 .* is not due: 1 answered", _call, "dd_item_key", session, 3)
        items = json.loads(target)["test_items"]
        _refused(desk, f"has items 1 to {items}", _call, "dd_item_key", session, items + 1)
        # Not by a placeholder answer and a rollback: a key is given only in a transaction that wrote nothing.
        import psycopg as pg

        from dealerdrill.records.room_connection import conninfo

        with pg.connect(conninfo(room.desk_a)) as walker:          # one transaction, rolled back at the end
            _answer(walker, session, 2, correct=0)
            with pytest.raises(pg.errors.InsufficientPrivilege, match="written nothing"):
                _call(walker, "dd_item_key", session, 3)
            walker.rollback()
        assert _answers(desk, session) == [1]
        assert _call(desk, "dd_finish_session", session, FUTURE) == (True,)
        [revealed] = _call(other, "dd_test_seed", session)
        assert hashlib.sha256(str(revealed).encode()).hexdigest() == issue["seed_sha256"]
        assert (int(first[:16], 16), int(second[:16], 16)) == (item_key(revealed, 1), item_key(revealed, 2))
        assert _call(other, "dd_item_key", session, items)[0]         # the test over: any item, to judge it


def test_a_test_taken_at_a_room_desk_is_judged_from_the_seed_the_server_kept(room, open_room, tmp_path, clock):
    """Taken through the program (items by key from the server), judged by another desk once it has ended: every
    item is the one the kept seed gives, the pass as taken."""
    from drill_answers import right_answer

    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords
    from dealerdrill.verdicts.judge import Judge

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3")
    with Desk(records, save_settings=False) as trainee_desk:
        trainee_desk.add_trainee("Aroha")
        trainee_desk.choose_trainee("Aroha")
        session = trainee_desk.start_session(DRILL, Mode.TEST)
        for _ in range(session.target.test_items):
            session.submit(right_answer(session.next_item()), 2.0)
        attempt = session.finish()
    assert attempt.passed
    verdict = Judge(open_room(room.desk_b)).verdict(attempt.uuid)
    assert verdict is not None and verdict.issued and verdict.passed and not verdict.problems


def test_a_stocked_test_starts_once_only_from_the_login_it_was_stocked_for_and_takes_answers_as_any_test(room):
    """A desk's stock for when it is offline, as a trainee with the desk's login can use it with psycopg: the server
    stocks no more than its limit, no login reads another's stocked seeds, and a test taken from stock starts once,
    only from a stocked test of this login, under the target in force; then it takes answers as any issued test
    (in order, up to its items, none after its end), at the server's clock, and says it was taken from stock. A
    stocked test its desk withdraws (one whose start the server refused) starts none."""
    import hashlib

    import psycopg

    from dealerdrill.records.room_schema import TESTS_STOCKED_PER_DESK

    with _login(room.desk_a) as desk, _login(room.desk_b) as other:
        trainee = _new_trainee(desk)
        stock = desk.execute("SELECT * FROM dealerdrill.dd_stock_tests(50, '{}')").fetchall()
        assert len(stock) == TESTS_STOCKED_PER_DESK and len({seed for _, seed, _ in stock}) == len(stock)
        assert desk.execute("SELECT * FROM dealerdrill.dd_stock_tests(50, '{}')").fetchall() == stock  # no more
        for connection in (desk, other):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                connection.execute("SELECT seed FROM dealerdrill.test_stock").fetchall()
        terms = {drill: rest for drill, *rest in desk.execute("SELECT * FROM dealerdrill.dd_test_terms()")}
        _, target, settings = terms[DRILL]
        (first, seed, stocked_at), (second, _, _) = stock[:2]

        def start(connection, session, stock_id, target=target):
            return _call(connection, "dd_start_stocked_test", session, stock_id, trainee, DRILL, "desk-a", target,
                         settings, LONG_AGO)

        session = str(uuid.uuid4())
        before = _server_now(desk)
        [made] = start(desk, session, first)
        assert start(desk, session, first) == (made,)                  # the outbox sent again: stored once
        _refused(desk, "was used already", start, str(uuid.uuid4()), first)
        _refused(other, "issued for the desk login desk_a, not desk_b", start, str(uuid.uuid4()), second)
        _refused(desk, "the server stocked no test", start, str(uuid.uuid4()), str(uuid.uuid4()))
        softer = json.dumps({**json.loads(target), "test_items": 1, "pass_mark": 0.0})
        _refused(desk, "not the manager's target in force", start, str(uuid.uuid4()), second, softer)
        stored, started = desk.execute("SELECT settings, started_at FROM dealerdrill.sessions WHERE uuid = %s",
                                       (session,)).fetchone()
        issue = json.loads(stored)["test_issue"]
        assert before <= started <= _server_now(desk)                  # the server's clock, not the desk's 1900
        assert issue["seed_sha256"] == hashlib.sha256(str(seed).encode()).hexdigest() and "seed" not in issue
        assert issue["stock"] == {"id": first, "login": "desk_a", "stocked_at": stocked_at,
                                  "desk_clock_started_at": LONG_AGO}
        items = json.loads(target)["test_items"]
        _answer(desk, session, 1)
        _refused(desk, "out of order", _answer, session, 3)
        _refused(other, "was started by desk_a, not by desk_b", _answer, session, 2)
        for seq in range(2, items + 1):
            _answer(desk, session, seq)
        _refused(desk, f"has {items} items, all answered", _answer, session, items + 1)
        assert _call(desk, "dd_finish_session", session, FUTURE) == (True,)
        _refused(desk, "that session is finished", _answer, session, items + 1)
        assert _answers(desk, session) == list(range(1, items + 1))
        assert _call(other, "dd_test_seed", session) == (seed,)          # judged from the seed the server stocked
        again = desk.execute("SELECT * FROM dealerdrill.dd_stock_tests(50, '{}')").fetchall()
        assert first not in [stock_id for stock_id, _, _ in again] and len(again) == TESTS_STOCKED_PER_DESK
        # A stocked test the desk says it will never bring is withdrawn (only by its own login): it starts no test.
        third = stock[2][0]
        other.execute("SELECT * FROM dealerdrill.dd_stock_tests(0, %s)", ([third],)).fetchall()
        _refused(desk, "was used already", start, str(uuid.uuid4()), first)
        withdrawn = desk.execute("SELECT * FROM dealerdrill.dd_stock_tests(50, %s)", ([third, first],)).fetchall()
        assert third not in [stock_id for stock_id, _, _ in withdrawn] and len(withdrawn) == TESTS_STOCKED_PER_DESK
        _refused(desk, "was withdrawn by its desk", start, str(uuid.uuid4()), third)


def test_a_practice_answer_comes_in_order_too(room):
    with _login(room.desk_a) as desk:
        trainee = _new_trainee(desk)
        session = str(uuid.uuid4())
        _call(desk, "dd_start_session", session, trainee, DRILL, "baccarat", "practice", "{}", "{}", "desk-a", FUTURE)
        _answer(desk, session, 1)
        _refused(desk, "out of order", _answer, session, 5)
        _answer(desk, session, None)             # an older desk's outbox names no number: the next one
        _answer(desk, session, 3)
        assert _answers(desk, session) == [1, 2, 3]


def test_the_desks_outbox_sends_each_answer_with_its_number(own_room, open_room):
    """Answers kept in the outbox while the server is down carry their number in the test (the server takes each
    only as the next) and arrive as the desk asked them."""
    records = open_room(own_room.desk_a)
    records.create_trainee("Aroha")
    from room_helpers import make_answer

    session = records.issue_test("Aroha", DRILL).session_uuid
    records.record_answer(session, make_answer(DRILL, "first", True))
    own_room.cluster.stop("fast")
    try:
        for number in range(3):
            records.record_answer(session, make_answer(DRILL, f"offline{number}", False))
        assert records.status().answers_waiting == 3
    finally:
        own_room.cluster.start()
    assert records.send_waiting_now(timeout=30)
    assert [seq for (seq,) in records.read("SELECT a.seq FROM answers a JOIN sessions s ON s.id = a.session_id "
                                           "WHERE s.uuid = ? ORDER BY a.id", (session,))] == [1, 2, 3, 4]


def test_a_forged_correct_flag_on_a_room_test_is_named_by_the_verdict(room, open_room, tmp_path, clock):
    """The desk's login sends every answer of an issued test wrong and marked right: the stored grades say a pass,
    the verdict (each answer graded again by the engine) says none is right and names the disagreement."""
    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords
    from dealerdrill.verdicts.judge import Judge

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3")
    with Desk(records, save_settings=False) as trainee_desk, _login(room.desk_a) as desk:
        trainee_desk.add_trainee("Aroha")
        trainee_desk.choose_trainee("Aroha")
        session = trainee_desk.start_session(DRILL, Mode.TEST)          # issued by the server
        items = session.target.test_items
        for seq in range(1, items + 1):
            item = session.next_item()
            wrong = dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")
            _answer(desk, session.session_id, seq, correct=1, item=item.to_record(),
                    given=json.dumps(wrong, sort_keys=True, default=str))
            session._drill_session.current = None          # the next item, as if this one had been answered
        _call(desk, "dd_finish_session", session.session_id, FUTURE)
    reader = open_room(room.desk_b)
    stored = reader.session(session.session_id)
    assert (stored.items, stored.correct) == (items, items)         # what the stored grades alone would say
    verdict = Judge(reader).verdict(session.session_id)
    assert verdict is not None and verdict.issued
    assert (verdict.items, verdict.correct, verdict.passed) == (items, 0, False)
    assert any(f"stored grades say {items} right" in p and ", 0 are" in p for p in verdict.problems)


# ------------------------------------------------------------------------------------------ 3. the manager role


@pytest.mark.parametrize(("action", "detail"), [
    ("manager_unlocked", "key 0000"),            # lifts the wrong-PIN lock-out
    ("pin_set", "manager-pin.json"),             # so does a new PIN...
    ("pin_reset", "manager-pin.json"),           # ...and a reset one
    ("idle_lock_set", "1e9"),                    # the role would never lock itself
])
def test_a_desks_login_cannot_write_what_the_manager_roles_lock_out_and_idle_lock_read(room, open_room, tmp_path,
                                                                                       action, detail):
    from datetime import UTC, datetime

    from dealerdrill.desk.roles import DEFAULT_IDLE_MINUTES, FREE_TRIES, ManagerRole

    with _login(room.desk_a) as desk:
        for _ in range(FREE_TRIES):            # wrong PINs: the desk's to log, and they lock the role out
            _call(desk, "dd_audit", LONG_AGO, "Mere Smith", "unlock_refused", "wrong PIN")
        _refused(desk, f"lock-out and idle lock are read from {action} entries", _call, "dd_audit", LONG_AGO,
                 "Mere Smith", action, detail)
    records = open_room(room.desk_b)
    role = ManagerRole(tmp_path / "manager-pin.json", lambda: records, lambda: datetime.now(UTC))
    assert role.retry_after() > 0 and role.idle_minutes() == DEFAULT_IDLE_MINUTES
    assert [entry.action for entry in records.audit_since((action,), ())] == []
    assert records.verify() == []


def test_a_room_desk_without_the_pin_file_starts_and_logs_no_reset(room, tmp_path, clock):
    """A desk where no manager unlocks (no PIN file) after a manager changed their PIN at another: in a room no
    deleted file is a PIN reset (its owner adds each manager's key), and its server takes no unsigned reset, which
    would lift the lock-out; the desk starts all the same."""
    from room_helpers import owner_adds_manager

    from dealerdrill.desk import Desk
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    def desk_at(folder: str, **options) -> Desk:
        return Desk(RoomRecords(room.desk_a, clock=clock, catalog=DRILL_CATALOG,
                                outbox_path=tmp_path / folder / "room-outbox.sqlite3", **options), save_settings=False)

    with desk_at("manager", manager_url=room.manager) as manager_desk:
        owner_adds_manager(room.owner, manager_desk.role.pin_path)
        manager_desk.unlock_manager("24681357", "Mere Smith", room.manager_password)
        manager_desk.role.change_pin("13572468", "13572468")          # a signed pin_changed
    with desk_at("trainee") as desk:
        assert not desk.pin_is_set() and desk.key_notice is None
        actions = [entry.action for entry in desk.records.audit_since(("pin_changed", "pin_reset"), ())]
    assert actions == ["pin_changed"]


# ------------------------------------------------------------------------------------------ 4. manager keys


def _add_key(url: str, key, manager: str, origin: str, signer):
    """dd_add_manager_key as its caller computes it (the chains' heads, the entry, its signature), on `url`'s
    login: what anyone holding that login and a key of their own can run."""
    from datetime import UTC, datetime

    from dealerdrill.records.room_store import _Transaction, add_manager_key
    from dealerdrill.records.store import to_text

    with _login(url) as connection, connection.transaction():
        return add_manager_key(_Transaction(connection), key.public.raw, manager, origin, signer, manager,
                               to_text(datetime.now(UTC)))


def _keys(room) -> list[str]:
    out = room.psql("SELECT manager || ' ' || origin FROM dealerdrill.manager_keys ORDER BY added_at", user="desk_a")
    return [line.strip() for line in out.stdout.splitlines()[2:-2]]


def test_a_key_made_with_the_trainees_own_pin_does_not_join_the_room_under_the_managers_name(room, open_room,
                                                                                             tmp_path):
    """A trainee holding the manager's room login (or a desk's) makes a key with a PIN of their own and adds it,
    signed by itself, under the manager's name: refused. The room's owner adds the manager's own key; a key
    signed by it as one its manager trusts joins; one it signs as the manager's own does not."""
    import psycopg
    from room_helpers import owner_adds_manager

    from dealerdrill.desk import manager_key

    forged = manager_key.new_key("97531864")
    for login in (room.manager_login, room.desk_a):
        with pytest.raises(psycopg.Error, match="only signed by a key the room already accepts|permission denied"):
            _add_key(login, forged, "Mere Smith", "this workstation", forged)
    with pytest.raises(psycopg.Error, match="only signed by a key the room already accepts"):
        _add_key(room.manager_login, forged, "Mere Smith", "trusted", forged)      # a key never vouches for itself
    assert _keys(room) == []
    mere = owner_adds_manager(room.owner, tmp_path / "mere" / "manager-pin.json")
    with pytest.raises(psycopg.Error, match="one that key's manager trusts"):
        _add_key(room.manager_login, forged, "Mere Smith", "this workstation", mere)
    with pytest.raises(psycopg.Error, match="permission denied"):
        _add_key(room.desk_a, forged, "Ana Other", "trusted", mere)
    _add_key(room.manager_login, forged, "Ana Other", "trusted", mere)              # Mere trusts Ana's key
    assert _keys(room) == ["Mere Smith this workstation", "Ana Other trusted"]
    records = open_room(room.desk_b)
    assert sorted(m for _, m, _ in records.manager_keys().values()) == ["Ana Other", "Mere Smith"]
    assert records.verify() == []
