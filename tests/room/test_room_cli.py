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
