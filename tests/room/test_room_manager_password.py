"""A manager's room password never lives in a desk's account (issue 28, design point 3): at a room's desk the
manager types it with the PIN, it opens the manager's own login for that unlock only, and the login closes when
the role locks. On a real PostgreSQL server whose manager logins authenticate with their password (scram-sha-256,
tests/room/conftest.py); the desks' logins are the desks' own."""
from __future__ import annotations

import time

import pytest
from room_helpers import owner_adds_manager

from dealerdrill.desk import Desk, ManagerRoleRequired
from dealerdrill.domain import Mode, Target

PIN, MANAGER = "24681357", "Mere Smith"
DRILL = "baccarat.table_of_play"


def _desk(room, tmp_path, clock, manager_url=None, **options) -> Desk:
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3",
                          manager_url=room.manager if manager_url is None else manager_url)
    return Desk(records, save_settings=False, **options)


def _audit(room) -> list[tuple[str, str]]:
    """(action, login) of each audit entry on the server, as the desk_b login reads them."""
    out = room.psql("SELECT action || '|' || login FROM dealerdrill.audit ORDER BY id", user="desk_b").stdout
    return [tuple(line.strip().split("|")) for line in out.splitlines()[2:-2]]


def _manager_connections(room, wait: float = 5.0) -> int:
    """The server's open connections of the manager's login to this room (a closed one leaves within `wait` s)."""
    deadline = time.monotonic() + wait
    while True:
        out = room.psql(f"SELECT count(*) FROM pg_stat_activity WHERE usename = 'manager_mere' "
                        f"AND datname = '{room.database}'").stdout
        count = int(out.split()[2])
        if count == 0 or time.monotonic() > deadline:
            return count
        time.sleep(0.1)


def _passed_test(desk, items: int = 2):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session(DRILL, Mode.TEST)
    for _ in range(items):
        item = session.next_item()
        session.submit(item.key, 2.0)
    return desk.end_session()


def test_the_room_password_typed_at_unlock_opens_the_managers_own_login_for_targets_and_sign_offs(
        room, tmp_path, clock):
    with _desk(room, tmp_path, clock) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        assert desk.unlock_needs_room_password()
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        desk.set_target(DRILL, Target(test_items=2))
        desk.lock_manager()
        attempt = _passed_test(desk)
        assert attempt.passed
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        assert desk.sign_off(attempt.uuid).signed_by == MANAGER
        assert desk.verify() == []
    logins = dict(reversed(_audit(room)))          # each action's first login
    assert logins["manager_unlocked"] == logins["target_set"] == logins["test_signed_off"] == "manager_mere"
    assert logins["trainee_created"] == "desk_a"


def test_a_wrong_room_password_leaves_the_role_locked_and_records_nothing(room, tmp_path, clock):
    from dealerdrill.records.room_store import ManagerLoginRefused

    with _desk(room, tmp_path, clock) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        before = _audit(room)
        with pytest.raises(ManagerLoginRefused, match="refused the manager's login .*check the room password"):
            desk.unlock_manager(PIN, MANAGER, "not mere's password")
        with pytest.raises(PermissionError, match="type the manager's room password"):
            desk.unlock_manager(PIN, MANAGER)                  # none typed: nothing tried
        with pytest.raises(PermissionError, match="type the manager's room password"):
            desk.unlock_manager(PIN, MANAGER, "")
        assert not desk.unlocked and not desk.records.manager_login_open
        assert _audit(room) == before and _manager_connections(room) == 0
        with pytest.raises(ManagerRoleRequired):
            desk.set_target(DRILL, Target(test_items=2))
        assert desk.role.retry_after() == 0                  # the PIN was right: no wrong PIN counted
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        assert desk.unlocked


def test_after_the_role_locks_the_managers_login_is_closed_and_a_managers_change_is_refused(qtbot, room, tmp_path,
                                                                                            clock):
    """Locked by the manager, by the idle time, by the window's close: each time the login is closed on the server
    and the records refuse a manager's change even with the manager's key in hand (as it was before the lock)."""
    from dealerdrill.app import MainWindow
    from dealerdrill.records.room_store import ManagerLoginClosed

    idle = [0.0]
    with _desk(room, tmp_path, clock, idle_clock=lambda: idle[0]) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        key = desk.role.key
        desk.set_target(DRILL, Target(test_items=2))
        assert desk.records.manager_login_open and _manager_connections(room, wait=0) >= 1
        desk.lock_manager()
        assert not desk.records.manager_login_open and _manager_connections(room) == 0
        with pytest.raises(ManagerLoginClosed, match="unlock the role again"):
            desk.records.set_target(DRILL, Target(test_items=9), MANAGER, key)
        with pytest.raises(ManagerLoginClosed):
            desk.records.clone().checkpoint(key, MANAGER)      # a worker thread's records lose it too
        assert desk.records.target(DRILL).test_items == 2

        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        worker = desk.records.clone()
        idle[0] += 60 * 60                                     # an hour away from the desk
        assert desk.lock_if_idle() and not desk.records.manager_login_open
        with pytest.raises(ManagerLoginClosed):
            worker.set_target(DRILL, Target(test_items=9), MANAGER, key)
        assert _manager_connections(room) == 0

        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        window = MainWindow(desk=desk)
        qtbot.addWidget(window)
        window.close()
        assert not desk.unlocked and not desk.records.manager_login_open and _manager_connections(room) == 0
    actions = [action for action, _ in _audit(room)]
    assert actions.count("manager_locked") == 3 and "target_set" in actions


def test_a_manager_password_found_in_the_desks_account_is_not_used(room, tmp_path, clock, monkeypatch):
    """The desk's account holds the manager's password where libpq looks (PGPASSFILE, PGPASSWORD): the desk uses
    none of it. Nothing typed: nothing opens; a wrong one typed: refused (libpq's files are no fallback); no
    manager's change goes through the desk's records without the unlock."""
    from dealerdrill.records import RecordsError

    passfile = tmp_path / "desk-account" / ".pgpass"
    passfile.parent.mkdir()
    passfile.write_text(f"*:*:*:manager_mere:{room.manager_password}\n")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    monkeypatch.setenv("PGPASSWORD", room.manager_password)
    with _desk(room, tmp_path, clock) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        key = desk.role.key_file().unlock(PIN)
        before = _audit(room)
        with pytest.raises(PermissionError, match="type the manager's room password"):
            desk.unlock_manager(PIN, MANAGER)
        with pytest.raises(RecordsError, match="open only while the manager role is unlocked"):
            desk.records.set_target(DRILL, Target(test_items=9), MANAGER, key)
        with pytest.raises(RecordsError, match="open only while the manager role is unlocked"):
            desk.records.add_audit_entry(MANAGER, "manager_unlocked", f"key {key.fingerprint}", key)
        with pytest.raises(RecordsError, match="check the room password"):
            desk.unlock_manager(PIN, MANAGER, "a guess")
        assert not desk.unlocked and _audit(room) == before and _manager_connections(room) == 0


def test_a_server_that_lets_the_managers_login_in_without_its_password_is_refused(room, tmp_path, clock):
    """A manager's login the server trusts without a password (here the room's owner, trusted over the socket)
    would make the typed password guard nothing: the unlock is refused, saying what the server must ask."""
    from dealerdrill.records.room_store import ManagerLoginRefused

    with _desk(room, tmp_path, clock, manager_url=room.owner) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        before = _audit(room)
        with pytest.raises(ManagerLoginRefused, match="without asking for its password.*scram-sha-256"):
            desk.unlock_manager(PIN, MANAGER, "anything at all")
        assert not desk.unlocked and _audit(room) == before


def test_the_command_line_reads_the_room_password_after_the_pin(room, tmp_path, monkeypatch):
    """`dealerdrill export ... --manager NAME --pin-stdin` at a room's desk: the room password is the second line
    of standard input; without it the command is refused and nothing is recorded. At a terminal it is asked for,
    without echo, after the PIN."""
    import subprocess
    import sys
    from argparse import Namespace

    from dealerdrill import paths
    from dealerdrill.cli import Refused, unlock_from_command_line
    from dealerdrill.desk.room_choice import MANAGER_URL_VARIABLE, URL_VARIABLE

    monkeypatch.setenv(URL_VARIABLE, room.desk_a)
    monkeypatch.setenv(MANAGER_URL_VARIABLE, room.manager)
    owner_adds_manager(room.owner, paths.data_dir() / "manager-pin.json", MANAGER, PIN)
    command = [sys.executable, "-m", "dealerdrill", "export", "--format", "csv", "--all", "--manager", MANAGER,
               "--pin-stdin", "--out"]
    before = _audit(room)
    alone = subprocess.run([*command, str(tmp_path / "alone.csv")], input=f"{PIN}\n", capture_output=True,
                           text=True)
    assert alone.returncode == 1 and "room password on the second line" in alone.stderr, alone.stderr
    wrong = subprocess.run([*command, str(tmp_path / "wrong.csv")], input=f"{PIN}\nnot it\n", capture_output=True,
                           text=True)
    assert wrong.returncode == 1 and "check the room password" in wrong.stderr, wrong.stderr
    assert _audit(room) == before and not (tmp_path / "alone.csv").exists() and not (tmp_path / "wrong.csv").exists()
    done = subprocess.run([*command, str(tmp_path / "done.csv")], input=f"{PIN}\n{room.manager_password}\n",
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert ("manager_unlocked", "manager_mere") in _audit(room)

    asked = []

    def terminal(prompt: str) -> str:
        asked.append(prompt)
        return {"Manager PIN: ": PIN, "Manager's room password: ": room.manager_password}[prompt]

    with Desk.open() as desk:
        arguments = Namespace(manager=MANAGER, pin_stdin=False)
        unlock_from_command_line(desk, arguments, ask_secret=terminal, interactive=True)
        assert desk.unlocked and asked == ["Manager PIN: ", "Manager's room password: "]
        desk.lock_manager()
        with pytest.raises(Refused, match="second line"):
            unlock_from_command_line(desk, Namespace(manager=MANAGER, pin_stdin=True),
                                     read_line=iter([f"{PIN}\n", ""]).__next__)
        assert not desk.unlocked


def test_the_unlock_dialog_asks_for_the_room_password_only_at_a_rooms_desk(qtbot, room, tmp_path, clock):
    """The window's unlock dialog: a Room password field at a room's desk with a manager's login, which unlocks
    with the PIN and is emptied once used; none at a desk on its own records file."""
    from PySide6.QtCore import Qt

    from dealerdrill.app import MainWindow
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records

    desk = _desk(room, tmp_path, clock)
    owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
    window = MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    dialog = window.records_ui.unlock_manager()
    field = dialog.room_password_edit
    assert field.isVisibleTo(dialog) and field.echoMode() == field.EchoMode.Password
    assert dialog.grab().save(str(tmp_path / "room-unlock.png"))
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClicks(field, "not it")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert not desk.unlocked and "check the room password" in dialog.problem_label.text() and field.text() == ""
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClicks(field, room.manager_password)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert desk.unlocked and desk.records.manager_login_open and field.text() == ""
    window.close()
    assert not desk.records.manager_login_open
    desk.close()

    records = Records(tmp_path / "file" / "records.sqlite3", catalog=DRILL_CATALOG, clock=clock)
    with Desk(records, save_settings=False) as file_desk:
        file_desk.set_first_pin(MANAGER, PIN, PIN)
        file_desk.lock_manager()
        file_window = MainWindow(desk=file_desk)
        qtbot.addWidget(file_window)
        file_window.show()
        file_dialog = file_window.records_ui.unlock_manager()
        assert not file_dialog.room_password_edit.isVisibleTo(file_dialog)
        assert file_dialog.grab().save(str(tmp_path / "file-unlock.png"))
        qtbot.keyClicks(file_dialog.name_edit, MANAGER)
        qtbot.keyClicks(file_dialog.pin_edit, PIN)
        qtbot.keyClick(file_dialog.pin_edit, Qt.Key.Key_Return)
        assert file_desk.unlocked
        file_window.close()


def test_a_room_desk_seals_the_gradings_its_judge_made_and_another_desk_takes_them(room, open_room, tmp_path, clock,
                                                                                 monkeypatch):
    """The seal of gradings (dealerdrill.verdicts.judge) in a room: written through the manager's login at the
    lock, read by any desk's judge, which then makes none of the test's items again."""
    from dealerdrill.verdicts.judge import Judge

    with _desk(room, tmp_path, clock) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        desk.set_target(DRILL, Target(test_items=2))
        desk.lock_manager()
        attempt = _passed_test(desk)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)       # the desk's judge graded the test at its end
        desk.lock_manager()
    assert ("gradings_sealed", "manager_mere") in _audit(room)
    made: list[str] = []
    original = Judge._grade_made
    monkeypatch.setattr(Judge, "_grade_made", lambda self, *rest: made.append(rest[0]) or original(self, *rest))
    verdict = Judge(open_room(room.desk_b)).verdict(attempt.uuid)
    assert verdict is not None and verdict.passed and not verdict.problems and made == []
