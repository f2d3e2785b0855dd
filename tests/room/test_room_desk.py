"""A desk and a manager in the room: the same Desk calls as on a workstation's own file, each person on their
own login, the manager's sign-off signed and checked; a desk's SQLite records brought into the room by the
usual import; `dealerdrill verify` and `import` against the server."""
from __future__ import annotations

import subprocess
import sys

import pytest
from manager_targets import set_target_as_manager
from room_helpers import owner_adds_manager

from dealerdrill.desk import Desk, ManagerRoleRequired
from dealerdrill.domain import Mode, Target
from dealerdrill.records import RecordsError

PIN, MANAGER = "24681357", "Mere Smith"
DRILL = "baccarat.table_of_play"


def _answer_one(desk, right: bool) -> None:
    session = desk.session
    item = session.next_item()
    wrong = {"player": "draw" if item.key["player"] == "stand" else "stand", "banker": "stand", "winner": "tie"}
    session.submit(item.key if right else wrong, 2.0)


@pytest.fixture
def room_desk(room, tmp_path, clock):
    """A desk on desk_a's login whose manager unlocks with their own login (manager_mere)."""
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3", manager_url=room.manager)
    with Desk(records, save_settings=False) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)      # the room's manager, locked
        yield desk


def test_a_test_taken_at_a_desk_is_signed_off_by_the_manager_on_their_own_login(room, room_desk):
    desk = room_desk
    set_target_as_manager(desk, DRILL, Target(test_items=3), PIN, MANAGER, room.manager_password)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    desk.start_session(DRILL, Mode.TEST)
    for _ in range(3):
        _answer_one(desk, True)
    attempt = desk.end_session()
    assert attempt.passed and desk.room_status().online
    with pytest.raises(ManagerRoleRequired):
        desk.sign_off(attempt.uuid)
    desk.unlock_manager(PIN, MANAGER, room.manager_password)
    signed = desk.sign_off(attempt.uuid, "watched on table 4")
    assert signed.signed_by == MANAGER
    assert desk.verify() == []
    logins = room.psql("SELECT action, login FROM dealerdrill.audit ORDER BY id", user="desk_b").stdout
    assert "trainee_created   | desk_a" in logins and "test_signed_off   | manager_mere" in logins


def test_without_a_manager_login_the_server_refuses_a_desks_login_the_managers_work(room, tmp_path, clock):
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, catalog=DRILL_CATALOG, outbox_path=tmp_path / "o.sqlite3")
    with Desk(records, save_settings=False) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        with pytest.raises(RecordsError, match="refused this to your login"):
            desk.unlock_manager(PIN, MANAGER)           # its first act is a signed entry: manager only
        audit = room.psql("SELECT action FROM dealerdrill.audit", user="desk_a").stdout
        assert "manager_key_added" in audit and "manager_unlocked" not in audit


def test_a_manager_pin_is_not_set_at_a_desk_of_a_room(room, tmp_path, clock):
    """A key made at a desk would be the desk's word for itself: the desk says where a room's PIN is set, and
    writes no PIN file."""
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, catalog=DRILL_CATALOG, outbox_path=tmp_path / "o.sqlite3",
                          manager_url=room.manager)
    with Desk(records, save_settings=False) as desk:
        with pytest.raises(PermissionError, match="dealerdrill room setup --url URL --manager NAME --pin-file"):
            desk.set_first_pin(MANAGER, PIN, PIN)
        assert not desk.pin_is_set() and not desk.unlocked
        assert room.psql("SELECT count(*) FROM dealerdrill.manager_keys", user="desk_a").stdout.split()[2] == "0"


def test_the_manager_page_hears_of_answers_given_at_another_desk(room, room_desk, tmp_path, clock):
    from dealerdrill.desk import DeskEvent
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    manager_desk = room_desk
    heard = []
    manager_desk.subscribe(heard.append)
    manager_desk.poll_room()
    other = RoomRecords(room.desk_b, clock=clock, catalog=DRILL_CATALOG, outbox_path=tmp_path / "b.sqlite3")
    with Desk(other, save_settings=False) as trainee_desk:
        trainee_desk.add_trainee("Hemi")
        assert manager_desk.poll_room()              # a new trainee is news too
        heard.clear()
        assert not manager_desk.poll_room()
        trainee_desk.choose_trainee("Hemi")
        trainee_desk.start_session(DRILL, Mode.PRACTICE)
        _answer_one(trainee_desk, True)
        assert manager_desk.poll_room() and heard == [DeskEvent.RECORDS]
        assert not manager_desk.poll_room()          # nothing new since


def test_a_desks_own_records_file_is_brought_into_the_room_with_the_rules_of_any_import(room, room_desk, tmp_path,
                                                                                       clock):
    from real_answers import play_for_real

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records, dump_records

    with Records(tmp_path / "old" / "records.sqlite3", catalog=DRILL_CATALOG, clock=clock) as old:
        old.create_trainee("Tane")
        play_for_real(old, "Tane", Mode.PRACTICE, [True, False, True])
        play_for_real(old, "Tane", Mode.TEST, [True] * 5, seed=9)
        exported = dump_records(old, tmp_path / "tane.json")
    desk = room_desk
    desk.unlock_manager(PIN, MANAGER, room.manager_password)
    result = desk.import_records(exported)
    assert (result.trainees_added, result.sessions_added, result.answers_added) == (1, 2, 8)
    assert desk.import_records(exported).answers_already_present == 8      # a second import adds nothing
    sessions = desk.records.sessions()
    assert sorted((s.mode, s.items, s.correct) for s in sessions) == [("practice", 3, 2), ("test", 5, 5)]
    assert desk.verify() == []


def test_dealerdrill_verify_checks_the_servers_records(room, room_desk):
    room_desk.add_trainee("Aroha")
    command = [sys.executable, "-m", "dealerdrill", "verify", "--records", room.desk_b]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "is sound" in result.stdout and "training room server" in result.stdout
    room.psql("ALTER TABLE dealerdrill.audit DISABLE TRIGGER audit_is_permanent_update")
    room.psql("UPDATE dealerdrill.audit SET detail = 'someone else'")
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 1 and "audit_is_permanent_update" in result.stderr


def test_a_scorecard_exported_from_the_server_is_sealed_after_its_answers_are_checked(room, room_desk, tmp_path):
    """The scorecard's answers are checked against the server's answers chain before the manager's key seals
    it (transfer.answers_chain_problem, on PostgreSQL), and the sealed PDF checks out."""
    from dealerdrill.exports.scorecard_signature import check_scorecard

    desk = room_desk
    set_target_as_manager(desk, DRILL, Target(test_items=3), PIN, MANAGER, room.manager_password)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    desk.start_session(DRILL, Mode.TEST)
    for right in (True, False, True):
        _answer_one(desk, right)
    desk.end_session()
    desk.unlock_manager(PIN, MANAGER, room.manager_password)
    [pdf] = desk.export("pdf", tmp_path / "out" / "aroha.pdf")
    check = check_scorecard(pdf)
    assert check.genuine, check.message
    [records_file] = desk.export("json", tmp_path / "out" / "aroha.json")
    seal = desk.records_file_seal(records_file)
    assert seal.signed, str(seal)


def test_exports_from_the_server_match_the_same_records_exported_from_a_file(room, room_desk, tmp_path, clock):
    """The same answers, recorded once on a file and once (imported) in the room, export to the same CSV and
    the same XLSX answer cells."""
    import zipfile

    from real_answers import play_for_real

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records, dump_records

    with Records(tmp_path / "file" / "records.sqlite3", catalog=DRILL_CATALOG, clock=clock) as own:
        own.create_trainee("=Tane")                       # a name that would run as a formula
        play_for_real(own, "=Tane", Mode.PRACTICE, [True, False, True, True])
        own.create_trainee('Ana "Bee", Jr')               # one that needs quoting in CSV
        play_for_real(own, 'Ana "Bee", Jr', Mode.TEST, [False, True], seed=11)
        exported = dump_records(own, tmp_path / "tane.json")
        from dealerdrill.exports import export

        file_csv = export(own, "csv", tmp_path / "file.csv")[0].read_text(encoding="utf-8-sig")
        file_xlsx = export(own, "xlsx", tmp_path / "file.xlsx")[0]
    desk = room_desk
    desk.unlock_manager(PIN, MANAGER, room.manager_password)
    desk.import_records(exported)
    room_csv = desk.export("csv", tmp_path / "out" / "room.csv")[0].read_text(encoding="utf-8-sig")
    assert room_csv == file_csv and "'=Tane" in room_csv
    room_xlsx = desk.export("xlsx", tmp_path / "out" / "room.xlsx")[0]

    def answers_sheet(path):
        with zipfile.ZipFile(path) as book:
            return book.read("xl/worksheets/sheet1.xml")

    assert answers_sheet(room_xlsx) == answers_sheet(file_xlsx)


def test_the_roster_and_cohort_read_from_the_server_are_the_files(room, room_desk, tmp_path, clock):
    from real_answers import play_for_real

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records, dump_records

    with Records(tmp_path / "file" / "records.sqlite3", catalog=DRILL_CATALOG, clock=clock) as own:
        for name, seed in (("Aroha", 3), ("Hemi", 4)):
            own.create_trainee(name)
            play_for_real(own, name, Mode.PRACTICE, [True, False] * 12 + [True], seed=seed)
            play_for_real(own, name, Mode.TEST, [True] * 20, seed=seed + 10)
        play_for_real(own, "Hemi", Mode.TIMED, [False, True, True], seed=5)
        exported = dump_records(own, tmp_path / "both.json")
        file_roster, file_cohort = own.roster(), own.cohort()
    desk = room_desk
    desk.unlock_manager(PIN, MANAGER, room.manager_password)
    desk.import_records(exported)
    room_roster = desk.roster()
    assert [(e.trainee.name, e.answered, e.games) for e in room_roster] == \
           [(e.trainee.name, e.answered, e.games) for e in file_roster]
    assert desk.cohort() == file_cohort


def test_the_trainees_path_is_read_from_the_server_on_the_desks_login(room, room_desk):
    from path_history import check, drill_session

    desk = room_desk
    set_target_as_manager(desk, DRILL, Target(seconds=8, test_items=3, pass_mark=0.6, level=1), PIN, MANAGER,
                          room.manager_password)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    check(desk, "baccarat.points", [True, True, False])
    drill_session(desk, Mode.PRACTICE, [True, True, True])
    drill_session(desk, Mode.TIMED, [True, True, True], seed=5)
    drill_session(desk, Mode.TEST, [True, True, False])
    baccarat = desk.trainee_path().game("baccarat")
    assert (baccarat.lessons_done, baccarat.drills_practised, baccarat.timed_met, baccarat.tests_passed) == (1, 1, 1, 1)
    assert baccarat.drills[0].practice_answers == 3                  # the check's answers are the lesson's
