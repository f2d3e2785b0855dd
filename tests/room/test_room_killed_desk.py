"""kill -9 of a desk, online and offline: every answer `record_answer` returned for is on the server, or in the
outbox and on the server once the desk starts again."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

DESK_PROGRAM = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[3])
    from room_helpers import make_answer
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(sys.argv[1], catalog=DRILL_CATALOG, outbox_path=sys.argv[2], workstation="killed")
    if not records.trainees():
        records.create_trainee("Aroha")
    records.trainee("Aroha")
    print("ready", flush=True)
    sys.stdin.readline()                       # the test stops the server first, or not
    session = records.start_session("Aroha", "baccarat.table_of_play", "practice", {})
    number = 0
    while True:
        number += 1
        answer = records.record_answer(session, make_answer("baccarat.table_of_play", f"f{number}", True))
        print(answer, flush=True)              # returned: committed to the server or to the outbox
""")


def _server_answers(room) -> set[str]:
    out = room.psql("SELECT uuid FROM dealerdrill.answers", user="desk_a")
    return {line.strip() for line in out.stdout.splitlines()[2:-2] if line.strip()}


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_a_killed_desk_loses_no_answer_it_had_recorded(own_room, open_room, tmp_path, offline):
    tests_folder = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outbox = tmp_path / "killed" / "room-outbox.sqlite3"      # where open_room(..., "killed") finds it again
    desk = subprocess.Popen([sys.executable, "-c", DESK_PROGRAM, own_room.desk_a, str(outbox), tests_folder],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert desk.stdout.readline().strip() == "ready"
        if offline:
            own_room.cluster.stop("immediate")
        desk.stdin.write("go\n")
        desk.stdin.flush()
        recorded = [desk.stdout.readline().strip() for _ in range(25)]
    finally:
        desk.send_signal(signal.SIGKILL)
        desk.wait()
    assert len(set(recorded)) == 25
    if offline:
        own_room.cluster.start()
        assert not set(recorded) & _server_answers(own_room)    # they were all in the outbox
    restarted = open_room(own_room.desk_a, "killed")
    assert restarted.send_waiting_now(timeout=30)
    stored = _server_answers(own_room)
    assert set(recorded) <= stored                      # each returned answer is there, once (uuids are unique)
    assert restarted.verify() == []
