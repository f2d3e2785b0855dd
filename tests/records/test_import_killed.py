"""`dealerdrill import` killed with SIGKILL midway (issue 28): the README said imports were all or nothing, and a
killed import of 120,000 answers left 10,000 of them. An import is written a chunk of whole sessions per
transaction (so that a large one never holds the records, and a training room's chains, for minutes), so a kill
leaves whole sessions only: each with all of its answers, its finish and its sign-off, the file sound, no audit
entry of the import; importing the same file again adds the rest and nothing twice. README.md and
docs/guarantees.md say exactly that; this test holds them to it through the command line."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from certified_desk import MANAGER, PIN, take_test, workstation
from quick_pin_kdf import CHILD_PRELUDE

from dealerdrill.desk import Desk

SESSIONS = 40
# `dealerdrill import`, its chunks made small so that the import takes many transactions.
CHILD = CHILD_PRELUDE + ("from dealerdrill.records import transfer; transfer.CHUNK_ANSWERS = 20; "
                         "from dealerdrill.__main__ import main; sys.exit(main(sys.argv[1:]))")


def imported_sessions(path, before: set[str]) -> dict[str, int]:
    """uuid -> answers stored, of the sessions not there before the import (read as any other program would)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT s.uuid, COUNT(a.id) FROM sessions s LEFT JOIN answers a ON a.session_id = s.id "
                          "GROUP BY s.id").fetchall()
    return {uuid: count for uuid, count in rows if uuid not in before}


@pytest.mark.slow
def test_an_import_killed_midway_leaves_whole_sessions_only_and_a_sound_file(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    a = workstation(there / "data" / "records.sqlite3")
    try:
        for number in range(SESSIONS):
            take_test(a, f"Trainee {number % 7}", [True, True, False, True] * 5, seed=100 + number)
        a.unlock_manager(PIN, MANAGER)
        [path] = a.export("json", tmp_path / "there.json")
    finally:
        a.close()
    listed = {v["session"]["uuid"]: v["session"]["answers"] for v in map(json.loads, path.read_bytes().splitlines())
              if "session" in v}
    assert len(listed) == SESSIONS
    records = here / "data" / "records.sqlite3"
    with workstation(records) as b:                  # does not trust `there`'s key: every answer graded again
        before = {uuid for (uuid,) in b.records.read("SELECT uuid FROM sessions")}

    child = subprocess.Popen([sys.executable, "-c", CHILD, "import", str(path), "--manager", MANAGER, "--pin-stdin"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "DEALERDRILL_HOME": str(here)})
    try:
        child.stdin.write(f"{PIN}\n")
        child.stdin.close()
        deadline = time.monotonic() + 60
        while not imported_sessions(records, before) and time.monotonic() < deadline:
            time.sleep(0.005)                            # as soon as the first chunk is committed...
    finally:
        child.send_signal(signal.SIGKILL)                 # ...killed, most likely in the middle of the next one
        child.wait()
    assert child.returncode == -signal.SIGKILL, child.stderr.read()

    left = imported_sessions(records, before)
    assert 0 < len(left) < SESSIONS                      # killed midway
    assert all(listed[uuid] == count for uuid, count in left.items())    # each session whole, never a part
    with sqlite3.connect(f"file:{records}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        unfinished = db.execute("SELECT COUNT(*) FROM sessions WHERE finished_at IS NULL").fetchone()[0]
        assert unfinished == 0                                            # each with its finish
        actions = [action for (action,) in db.execute("SELECT action FROM audit")]
        assert "records_imported" not in actions                          # no entry of an import that never ended
    with Desk.open(records) as b:
        assert b.verify() == []
        b.unlock_manager(PIN, MANAGER)
        again = b.import_records(path)                   # the rest comes in, nothing twice
        assert again.sessions_added == SESSIONS - len(left)
        assert again.answers_already_present == sum(left.values())
        assert imported_sessions(records, before) == listed and b.verify() == []
