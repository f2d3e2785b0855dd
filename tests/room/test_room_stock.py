"""Issue 28, offline: a room's desk keeps a small stock of tests its server issued ahead for its login, and takes
one while the server cannot be reached. Through the program, on a real server stopped and started again: the test
starts from the stock, its answers wait in the outbox, the server takes it once it is back (as any desk's test, and
marked as taken from stock), the verdict is made again from the seed it kept, and it counts once a manager signs it
off. Without a stock no test starts offline, and the desk says why; a target changed meanwhile refuses the test."""
from __future__ import annotations

import json

import pytest
from room_helpers import Clock, owner_adds_manager

DRILL = "baccarat.table_of_play"
PIN = "24681357"


def _manager_desk(room, tmp_path, *, first: bool = True):
    """A desk where the room's manager unlocks the role, opened afresh (`first`: the room's owner adds the manager's
    key first). Its own clock: its entries need not interleave with the trainee's desk."""
    from dealerdrill.desk import Desk
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_b, clock=Clock(), workstation="manager", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "manager" / "room-outbox.sqlite3", manager_url=room.manager)
    desk = Desk(records, save_settings=False)
    if first:
        owner_adds_manager(room.owner, desk.role.pin_path)
    desk.unlock_manager(PIN, "Mere Smith", room.manager_password)
    return desk


def _session_row(room, session: str) -> list[tuple[str, ...]]:
    """(login, whether it came from stock, start) of the test `session` as the server holds it (none: [])."""
    out = room.psql(f"SELECT s.login, i.stock_id IS NOT NULL, s.started_at FROM dealerdrill.sessions s "
                    f"JOIN dealerdrill.test_issues i ON i.session_id = s.id WHERE s.uuid = '{session}'")
    assert out.returncode == 0, out.stderr
    return [tuple(field.strip() for field in line.split("|")) for line in out.stdout.splitlines()[2:-2] if line.strip()]


def test_a_desk_cut_off_from_its_server_takes_a_test_from_its_stock_and_it_is_judged_once_the_server_has_it(
        own_room, open_room, tmp_path):
    from drill_answers import right_answer

    from dealerdrill.desk import Desk, NeedsConfirmation
    from dealerdrill.domain import Mode, Target
    from dealerdrill.records.models import TAKEN_FROM_STOCK
    from dealerdrill.records.room_schema import TESTS_STOCKED_PER_DESK
    from dealerdrill.verdicts.judge import Judge
    from dealerdrill.views.signoff_review import verdict_facts, verdict_words

    with _manager_desk(own_room, tmp_path) as manager:
        manager.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=12, pass_mark=0.9))
        manager.add_trainee("Aroha")
    records = open_room(own_room.desk_a, "desk-a")
    with Desk(records, save_settings=False) as desk:
        desk.choose_trainee("Aroha")
        desk.top_up_test_stock()                           # as the program does at its start
        assert records.tests_in_stock() == TESTS_STOCKED_PER_DESK
        own_room.cluster.stop("immediate")
        try:
            session = desk.start_session(DRILL, Mode.TEST)
            assert session.target.test_items == 12 and session.recording_problem is None
            for _ in range(12):
                session.submit(right_answer(session.next_item()), 2.0)
            attempt = session.finish()
            assert attempt is not None and attempt.taken_offline == TAKEN_FROM_STOCK
            assert "wait in this desk's outbox" in (session.recording_problem or "")
            assert records.tests_in_stock() == TESTS_STOCKED_PER_DESK - 1
            assert records.status().answers_waiting == 12 and not records.status().online
        finally:
            own_room.cluster.start()
        assert records.send_waiting_now(timeout=30)
        assert records.status().refused == 0
        assert records.tests_in_stock() == TESTS_STOCKED_PER_DESK     # topped up once the server answered
    [(login, from_stock, started)] = _session_row(own_room, attempt.uuid)
    assert (login, from_stock) == ("desk_a", "t")
    assert started > attempt.started_at.strftime("%Y-%m-%dT%H:%M:%S")    # the server's clock, at receipt

    reader = open_room(own_room.desk_b, "reader")
    verdict = Judge(reader).verdict(attempt.uuid)
    assert verdict is not None and verdict.issued and not verdict.problems
    assert (verdict.items, verdict.correct, verdict.target.test_items) == (12, 12, 12)
    assert verdict.taken_offline.startswith(TAKEN_FROM_STOCK) and "desk login desk_a" in verdict.taken_offline
    assert not verdict.passed and "counts once a manager signs it off" in verdict.not_counted
    assert reader.verify() == []

    with _manager_desk(own_room, tmp_path, first=False) as manager:
        review = manager.review_test(attempt.uuid)
        assert verdict_words(review.summary)[0] == "Not counted yet: taken offline from the desk's stock"
        assert TAKEN_FROM_STOCK in verdict_facts(review.summary)
        with pytest.raises(NeedsConfirmation, match="taken offline from this desk's stock"):
            manager.sign_off(attempt.uuid)
        signed = manager.sign_off(attempt.uuid, reason="I watched the test at desk A", confirmed=True)
        assert signed.signed_by == "Mere Smith"
    counted = Judge(reader).verdict(attempt.uuid)
    assert counted is not None and counted.passed and counted.taken_offline == verdict.taken_offline


def test_offline_without_a_stock_no_test_starts_and_the_desk_says_why(own_room, open_room, monkeypatch):
    from drill_answers import right_answer

    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode
    from dealerdrill.records import room_store
    from dealerdrill.records.room_store import RecordsOfflineError

    monkeypatch.setattr(room_store, "TESTS_STOCKED_PER_DESK", 1)       # what the desk asks for
    records = open_room(own_room.desk_a, "desk-a")
    with Desk(records, save_settings=False) as desk:
        desk.add_trainee("Aroha")
        desk.choose_trainee("Aroha")
        own_room.cluster.stop("immediate")
        try:
            with pytest.raises(RecordsOfflineError, match="this desk has no stock yet.*no test can start"):
                desk.start_session(DRILL, Mode.TEST)
            assert desk.session is None and records.status().entries_waiting == 0
        finally:
            own_room.cluster.start()
        assert records.send_waiting_now(timeout=30)       # the server answers again: the stock is topped up
        assert records.tests_in_stock() == 1
        own_room.cluster.stop("immediate")
        try:
            session = desk.start_session(DRILL, Mode.TEST)                  # the one in stock
            session.submit(right_answer(session.next_item()), 2.0)
            desk.end_session()                                              # stopped early
            with pytest.raises(RecordsOfflineError, match="this desk's stock is used up: no test can start"):
                desk.start_session(DRILL, Mode.TEST)
            assert desk.session is None
            assert desk.start_session(DRILL, Mode.PRACTICE).mode is Mode.PRACTICE      # practice still starts
            desk.end_session()
        finally:
            own_room.cluster.start()
        assert records.send_waiting_now(timeout=30) and records.status().refused == 0
        assert records.tests_in_stock() == 1


def test_a_test_taken_offline_under_a_target_the_manager_changed_meanwhile_is_refused_and_kept(own_room, tmp_path,
                                                                                             clock):
    """The desk took a 12-item test from its stock offline and was closed; the manager set 20 items meanwhile. When
    the desk starts again its outbox brings the test: the server refuses it (it would be judged by 20), and the desk
    keeps the refusal with the server's words; its next top-up withdraws that stocked test, freeing its place."""
    from drill_answers import right_answer

    from dealerdrill.desk import Desk
    from dealerdrill.domain import Mode, Target
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_schema import TESTS_STOCKED_PER_DESK
    from dealerdrill.records.room_store import RoomRecords

    def desk_records():
        return RoomRecords(own_room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                           outbox_path=tmp_path / "desk-a" / "room-outbox.sqlite3", require_server=False)

    with _manager_desk(own_room, tmp_path) as manager:
        manager.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=12, pass_mark=0.9))
        manager.add_trainee("Aroha")
    desk = Desk(desk_records(), save_settings=False)
    desk.choose_trainee("Aroha")
    desk.top_up_test_stock()
    own_room.cluster.stop("immediate")
    try:
        session = desk.start_session(DRILL, Mode.TEST)
        for _ in range(3):
            session.submit(right_answer(session.next_item()), 2.0)
        desk.end_session()
    finally:
        desk.close()                  # before the server is back: the test waits in the outbox on the desk's disk
        own_room.cluster.start()
    with _manager_desk(own_room, tmp_path, first=False) as manager:
        manager.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.9))
    records = desk_records()
    try:
        assert records.send_waiting_now(timeout=30)
        refused = records.outbox.refused()
        assert refused and refused[0][0] == "session" and "not the manager's target in force" in refused[0][1]
        assert _session_row(own_room, session.session_id) == []
        # The refused stocked test is withdrawn at the next top-up, and no longer holds a place in the stock.
        [spent] = records.outbox.refused_stock()
        assert records.tests_in_stock() == TESTS_STOCKED_PER_DESK - 1
        assert records.stock_tests() == TESTS_STOCKED_PER_DESK
        withdrawn = own_room.psql("SELECT stock_id FROM dealerdrill.test_stock_withdrawn")
        assert withdrawn.returncode == 0 and spent in withdrawn.stdout
    finally:
        records.close()


def test_a_room_at_version_10_upgrades_to_the_stock_of_version_11(room, open_room):
    """`room setup` over a room at version 10 (made here by taking version 11's objects away again) holding an issued
    test: the room goes to 11, the earlier test is judged as before, and a desk's stock can be taken."""
    from dealerdrill.records import room_setup
    from dealerdrill.records.room_schema import TESTS_STOCKED_PER_DESK
    from dealerdrill.verdicts.judge import Judge

    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    earlier = desk.issue_test("Aroha", DRILL).session_uuid
    desk.finish_session(earlier)
    back = room.psql("SET search_path = dealerdrill; BEGIN; ALTER TABLE test_issues DROP COLUMN stock_id; "
                     "DROP TABLE test_stock_withdrawn, test_stock; UPDATE schema_version SET version = 10; COMMIT;")
    assert back.returncode == 0, back.stderr
    assert room_setup.setup(room.owner) == (10, room_setup.SCHEMA_VERSION) and room_setup.SCHEMA_VERSION == 11
    verdict = Judge(open_room(room.desk_b, "reader")).verdict(earlier)
    assert verdict is not None and verdict.issued and not verdict.problems and not verdict.taken_offline
    assert desk.stock_tests() == TESTS_STOCKED_PER_DESK
    assert json.loads(desk.outbox.test_terms(DRILL)[1])["test_items"] == verdict.target.test_items
    assert desk.verify() == []
