"""The records interface on the room's server: the same calls, the same numbers, the same chains."""
from __future__ import annotations

from room_helpers import make_answer

DRILL = "baccarat.table_of_play"


def test_a_desk_records_answers_on_the_server_and_they_verify(room, open_room):
    records = open_room(room.desk_a)
    records.create_trainee("Aroha")
    session = records.start_session("Aroha", DRILL, "practice", {"table": "nz"})
    for number in range(5):
        records.record_answer(session, make_answer(DRILL, f"p{number}", number % 2 == 0, 1.5 + number), {"m": 1})
    summary = records.finish_session(session)
    assert (summary.items, summary.correct, summary.finished_at is not None) == (5, 3, True)
    assert records.verify() == []
    assert records.load_scheduler_memory("Aroha", DRILL) == {"m": 1}
    [entry] = records.roster()
    assert entry.trainee.name == "Aroha" and entry.answered == 5
    [row] = records.cohort()
    assert (row.trainee, row.answered, row.correct) == ("Aroha", 5, 3)
    logins = room.psql("SELECT login FROM dealerdrill.sessions", user="desk_a").stdout
    assert "desk_a" in logins
