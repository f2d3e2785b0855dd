"""`dealerdrill room ...` against a real server: set up once, again (an upgrade that changes nothing), logins."""
from __future__ import annotations

import subprocess
import sys


def _dealerdrill(*arguments, stdin: str = ""):
    return subprocess.run([sys.executable, "-m", "dealerdrill", *arguments], input=stdin, capture_output=True,
                          text=True)


def test_room_setup_then_logins_for_a_desk_and_a_manager(postgres):
    url = postgres.create_database("cli_room")
    first = _dealerdrill("room", "setup", "--url", url)
    assert first.returncode == 0, first.stderr
    from dealerdrill.records.room_schema import ROOM_SCHEMA_VERSION

    assert f"set up: records version {ROOM_SCHEMA_VERSION}" in first.stdout
    again = _dealerdrill("room", "setup", "--url", url)
    assert again.returncode == 0 and "checked" in again.stdout
    added = _dealerdrill("room", "add-desk", "desk_cli", "--url", url, "--password-stdin", stdin="s3cret-pass\n")
    assert added.returncode == 0 and "desk_cli" in added.stdout and "s3cret" not in added.stdout
    member = postgres.psql("SELECT 'desk:' || pg_has_role('desk_cli', 'dealerdrill_desk', 'MEMBER') || "
                           "' manager:' || pg_has_role('desk_cli', 'dealerdrill_manager', 'MEMBER') || "
                           "' password:' || (rolpassword LIKE 'SCRAM-SHA-256$%') FROM pg_authid "
                           "WHERE rolname = 'desk_cli'").stdout
    assert "desk:true manager:false password:true" in member
    twice = _dealerdrill("room", "add-desk", "desk_cli", "--url", url)
    assert twice.returncode == 1 and "already a role" in twice.stderr
    bad = _dealerdrill("room", "add-manager", "Robert'); DROP TABLE x;--", "--url", url)
    assert bad.returncode == 1 and "not a usable login name" in bad.stderr
    nowhere = _dealerdrill("room", "setup", "--url", "mysql://owner@server/db")
    assert nowhere.returncode == 1 and "not a PostgreSQL URL" in nowhere.stderr


def test_the_owner_adds_a_managers_key_at_room_setup_and_the_manager_unlocks_with_it(postgres, tmp_path):
    """The manager types a new PIN at `room setup --manager`: a PIN file is written, its key joins the room signed
    by itself (only the owner may add such a key), and a desk with that file unlocks the role."""
    from dealerdrill.desk import Desk
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import room_setup
    from dealerdrill.records.room_store import RoomRecords

    url = postgres.create_database("keys_room")
    assert _dealerdrill("room", "setup", "--url", url).returncode == 0
    room_setup.add_login(url, "keys_desk", "desk")
    room_setup.add_login(url, "keys_manager", "manager", "keys manager password")
    pin_file = tmp_path / "desk" / "manager-pin.json"
    arguments = ("room", "setup", "--url", url, "--manager", "Mere  Smith", "--pin-file", str(pin_file), "--pin-stdin")
    added = _dealerdrill(*arguments, stdin="24681357\n")
    assert added.returncode == 0, added.stderr
    assert "Mere Smith's manager key" in added.stdout and "joined the room" in added.stdout and pin_file.exists()
    wrong = _dealerdrill(*arguments, stdin="11112222\n")
    assert wrong.returncode == 1 and "that PIN is not the one of" in wrong.stderr
    again = _dealerdrill(*arguments, stdin="24681357\n")
    assert again.returncode == 1 and "already one of the room's manager keys" in again.stderr
    alone = _dealerdrill("room", "setup", "--url", url, "--manager", "Mere Smith")
    assert alone.returncode == 1 and "--pin-file" in alone.stderr
    records = RoomRecords(postgres.url("keys_desk", "keys_room"), catalog=DRILL_CATALOG,
                          outbox_path=pin_file.parent / "room-outbox.sqlite3",
                          manager_url=postgres.url("keys_manager", "keys_room"))
    with Desk(records, save_settings=False) as desk:
        [(manager, origin)] = [(m, o) for _, m, o in desk.records.manager_keys().values()]
        assert (manager, origin) == ("Mere Smith", "this workstation")
        desk.unlock_manager("24681357", "Mere Smith", "keys manager password")
        assert desk.unlocked and desk.verify() == []
