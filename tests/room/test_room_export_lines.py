"""The answers' CSV lines the training room's server makes (server_answers.write_csv) are, byte for byte, the
lines csv.writer makes from the same answers' rows (server_answers.csv_batches, the slow reference), for text
that needs every kind of care; the sessions file the room's export writes is the file's; and the export's
progress counts what it writes."""
from __future__ import annotations

import io

import pytest

from dealerdrill.domain import AnsweredItem, Grade, Item

DRILL = "baccarat.table_of_play"
# Every quoting rule, formula starts, a semicolon (which quotes its whole row), letters outside ASCII, the
# characters XML forbids, JSON escapes, and seconds at the edges of how they are printed. Not a time of exactly
# half a millisecond (0.0005): the server rounds that to even, Python's round() away (a difference the server's
# lines had before these lines were made faster, and keep).
HOSTILE = ("plain", "comma, here", 'a "quote"', "line\nfeed", "carriage\rreturn", "semi;colon", "=1+1", "+x", "-y",
           "@z", "\ttab first", "\rCR first", "Tāne ẞ 🂡", "\x0b\ufffe", "", "'already quoted", " spaces ")
SECONDS = (0.0, 0.0004, 0.0006, 1.23456, 2.0, 12.3456789, 99999999999.999, 1e11, 1.5e15, 2.5e-7, 1234567.891,
           3.14159, 7.0004, 0.001, 10.0, 86400.25, 5.5555)


def _python_reference(records, f) -> bytes:
    """The answers file as the Python road writes it (server_answers.csv_batches through tabular's writer):
    the reference the server's lines are held to."""
    from dealerdrill.exports import server_answers, tabular

    reference = io.BytesIO()
    out = tabular._CsvFile(reference)
    out.write_rows([tabular.ANSWER_COLUMNS])
    for rows in server_answers.csv_batches(records, f):
        out.write_rows(rows)
    return reference.getvalue()


def test_the_servers_csv_lines_are_csv_writers_lines_for_hostile_text(room, open_room, tmp_path):
    from dealerdrill.exports import export
    from dealerdrill.records import RecordFilter

    records = open_room(room.desk_a)
    for trainee in ("Mere", "Aroha; Ngata", "=Tane"):
        records.create_trainee(trainee)
        session = records.start_session(trainee, DRILL, "practice", {})
        for index, (text, seconds) in enumerate(zip(HOSTILE, SECONDS)):
            item = Item(DRILL, f"-family,{index}", {"shown": text}, key="K",
                        text=text if index % 4 else "esc \\u00e9 \ud800 " + text, hint="h")
            grade = Grade(index % 3 == 0, expected=HOSTILE[-1 - index], given=text, explanation="because",
                          category=None, rule=text[::-1], seconds=seconds)
            records.record_answer(session, AnsweredItem(item, {"text": text, "n": index} if index % 2 else text,
                                                        grade))
        records.finish_session(session)
    answers, _ = export(records, "csv", tmp_path / "room.csv")

    reference = _python_reference(records, RecordFilter(trainees=tuple(t.name for t in records.trainees())))
    assert answers.read_bytes() == reference
    assert answers.read_bytes().count(b"'=Tane") == len(HOSTILE)


# Seconds whose text the server once wrote otherwise than Python's repr(round(x, 3)) (half a millisecond just
# above or below its binary value, which the server's floating-point x * 1000 lands exactly on), and the ways
# repr writes a number: plain digits, ".0" after a whole number, a negative zero, no exponent below 1e16.
# SQLite's round() agrees with Python's on the first ones, and not on the others (the file's export is not
# this test's business: those are compared with Python's own rows only).
ROUNDING = (0.0005, 2.675, 0.1 + 0.2, 1e-05, 123456.789, 0.0, -0.0005, -0.0001, 0.0015, 8796093022207.9995)
ROUNDING_UNLIKE_SQLITE = (1.0005, 0.0625, 1.2345, 4.0005, -0.0, 1e15 + 0.5)


def _seconds_texts(records, values) -> list[str]:
    """The text the server's export writes for each of these seconds."""
    from dealerdrill.exports.server_answers import _SECONDS_TEXT, _rounded_seconds

    rows = records.read(f"SELECT {_SECONDS_TEXT} FROM (SELECT x, {_rounded_seconds('x')} AS r "
                        f"FROM unnest(?::float8[]) WITH ORDINALITY AS u(x, n) ORDER BY n) AS rounded", (list(values),))
    return [text for (text,) in rows]


def test_the_servers_seconds_are_pythons_rounded_seconds_for_every_kind_of_double(room, open_room):
    import random
    import struct

    chance = random.Random(14)
    values = list(ROUNDING + ROUNDING_UNLIKE_SQLITE + SECONDS)
    for _ in range(20_000):
        values.append(chance.randint(0, 10 ** chance.randint(1, 15)) / 2000 * chance.choice((1, -1)))  # ties
        near_half = (chance.randint(0, 10 ** chance.randint(1, 12)) + 0.5) / 1000
        values.append(near_half * (1 + chance.choice((-1, 1)) * 2 ** -52))
        values.append(chance.uniform(0, 10 ** chance.randint(-6, 15)))
        bits = struct.unpack("<d", struct.pack("<Q", chance.getrandbits(63)))[0]
        if abs(bits) < 1e16:
            values.append(bits)
    texts = _seconds_texts(open_room(room.desk_a), values)
    wrong = [(value, text) for value, text in zip(values, texts) if text != repr(round(value, 3))]
    assert wrong == []
    # Beyond plain digits (and for infinities and NaN) the server leaves the answer to Python.
    assert _seconds_texts(open_room(room.desk_a), [1e16, 2.5e300, float("inf"), float("nan")]) == [None] * 4


def _hostile_records(records, trainees, seconds) -> None:
    for number, trainee in enumerate(trainees):
        records.create_trainee(trainee)
        session = records.start_session(trainee, DRILL, ("practice", "timed", "test", "practice")[number % 4], {})
        for index, text in enumerate(HOSTILE):
            item = Item(DRILL, f"-family,{index}", {"shown": text}, key="K",
                        text=text if index % 4 else "esc \\u00e9 \ud800 " + text, hint="h")
            grade = Grade(index % 3 == 0, expected=HOSTILE[-1 - index], given=text, explanation="because",
                          category=None if index % 2 else text, rule=text[::-1],
                          seconds=seconds[(index + number * len(HOSTILE)) % len(seconds)])
            records.record_answer(session, AnsweredItem(item, {"text": text, "n": index} if index % 2 else text,
                                                        grade))
        records.finish_session(session)


def _into_the_room(path, room) -> None:
    """The file's trainees, sessions and answers, row for row, into the room (as its owner, the room's own
    triggers and checks off: these are the same stored values, put there to be exported), and the room's
    summaries made from them as its migration makes them."""
    import sqlite3

    import psycopg

    from dealerdrill.records.room_schema import ROOM_SUMMARIES_FILL

    columns = {"trainees": "id, uuid, name, name_key, created_at, archived_at",
               "sessions": "id, uuid, trainee_id, drill, game, mode, settings, target, workstation, started_at, "
                           "finished_at",
               "answers": "id, uuid, session_id, seq, family, item, answer, expected, given, correct, category, "
                          "rule, seconds, timed_out, answered_at"}
    with sqlite3.connect(path) as file, psycopg.connect(room.owner) as server:
        server.execute("SET search_path = dealerdrill")
        server.execute("SET session_replication_role = replica")
        for table, names in columns.items():
            rows = file.execute(f"SELECT {names} FROM {table}").fetchall()
            marks = ", ".join(["%s"] * len(names.split(",")))
            server.cursor().executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
        server.execute("DELETE FROM session_totals; DELETE FROM pair_totals; DELETE FROM latest_answers")
        server.execute(ROOM_SUMMARIES_FILL)


def _file_and_room(room, open_room, tmp_path, clock, seconds):
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records

    path = tmp_path / "file" / "records.sqlite3"
    with Records(path, catalog=DRILL_CATALOG, clock=clock) as own:
        # More than 20 trainees: an export of them all reads the answers in time order (queries.streaming_order),
        # which is what the server reads as two ranges.
        _hostile_records(own, ("Mere", "Aroha; Ngata", "=Tane", "Ngata, Hemi",
                               *(f"Trainee {number:02d}" for number in range(20))), seconds)
    _into_the_room(path, room)
    return Records(path, catalog=DRILL_CATALOG, clock=clock), open_room(room.desk_a)


@pytest.mark.parametrize("split", [False, True], ids=["one range", "two ranges"])
def test_the_servers_csv_is_the_files_csv_byte_for_byte(room, open_room, tmp_path, clock, monkeypatch, split):
    """The same stored answers exported from a records file (SQLite formats them) and from the room (the server
    does, read as one range or as two at once): the same bytes, with and without filters."""
    from dealerdrill.exports import export, server_answers
    from dealerdrill.records import RecordFilter

    monkeypatch.setattr(server_answers, "_SPLIT_FROM", 1 if split else 10 ** 12)
    halves = []

    class SecondHalf(server_answers._SecondHalf):
        def copy_to(self, write, advance):
            halves.append(self)
            super().copy_to(write, advance)

    monkeypatch.setattr(server_answers, "_SecondHalf", SecondHalf)
    file, server = _file_and_room(room, open_room, tmp_path, clock, SECONDS + ROUNDING)
    with file:
        filters = (RecordFilter(), RecordFilter(trainees=("Ngata, Hemi", "=Tane")), RecordFilter(mode="practice"),
                   RecordFilter(game="baccarat", trainees=tuple(f"Trainee {n:02d}" for n in range(3, 20))))
        for number, f in enumerate(filters):
            expected = export(file, "csv", tmp_path / f"file{number}.csv", f)[0].read_bytes()
            exported = export(server, "csv", tmp_path / f"room{number}.csv", f)[0].read_bytes()
            assert exported == expected, f
            assert exported.count(b"\r\n") > (len(HOSTILE) if number else 24 * len(HOSTILE))
    # Read in two ranges (when asked) for the filters of more than 20 trainees (everyone, in practice).
    assert len(halves) == (2 if split else 0) and all(half.batches for half in halves)


@pytest.mark.parametrize("split", [False, True], ids=["one range", "two ranges"])
def test_the_servers_csv_rounds_seconds_as_python(room, open_room, tmp_path, clock, monkeypatch, split):
    """Seconds SQLite's round() gives otherwise (1.0005 as 1.001): the server's export is Python's own rows."""
    from dealerdrill.exports import export, server_answers
    from dealerdrill.records import RecordFilter

    monkeypatch.setattr(server_answers, "_SPLIT_FROM", 1 if split else 10 ** 12)
    file, server = _file_and_room(room, open_room, tmp_path, clock, ROUNDING_UNLIKE_SQLITE + ROUNDING)
    file.close()
    reference = _python_reference(server, RecordFilter())
    exported = export(server, "csv", tmp_path / "room.csv")[0].read_bytes()
    assert exported == reference
    assert b",1.0," in exported and b",-0.0," in exported and b",1000000000000000.5," in exported


def test_a_cancelled_export_read_in_two_ranges_stops_both_and_leaves_no_file(room, open_room, tmp_path, clock,
                                                                              monkeypatch):
    import threading

    from dealerdrill.exports import export, server_answers
    from dealerdrill.records.transfer import ExportCancelled

    monkeypatch.setattr(server_answers, "_SPLIT_FROM", 1)
    monkeypatch.setattr(server_answers, "_BATCH", 7)
    file, server = _file_and_room(room, open_room, tmp_path, clock, SECONDS)
    file.close()
    progress = []
    with pytest.raises(ExportCancelled):
        export(server, "csv", tmp_path / "out" / "room.csv", progress=lambda done, total: progress.append(done),
               cancel=lambda: len(progress) > 3)
    assert not list((tmp_path / "out").iterdir())
    readers = ("dealerdrill-export-reader", "dealerdrill-export-second-half")
    assert not [thread for thread in threading.enumerate() if thread.name.startswith(readers)]
    # The desk's connections were all handed back: the next export runs to the end.
    assert export(server, "csv", tmp_path / "out" / "room.csv")[0].read_bytes().count(b"\r\n") > 24 * len(HOSTILE)


def _sessions_of_every_length(records, seconds) -> None:
    """Sessions of no answer up to six (an even number has two middle seconds, whose mean is the median), in each
    mode, some left unfinished."""
    from room_helpers import make_answer

    for number, trainee in enumerate(("Mere", "Aroha; Ngata", "=Tane")):
        records.create_trainee(trainee)
        for answers in range(7):
            session = records.start_session(trainee, DRILL, ("practice", "timed", "test")[(number + answers) % 3], {})
            for index in range(answers):
                records.record_answer(session, make_answer(DRILL, f"family {index}", index % 2 == 0,
                                                           seconds[(number * 7 + answers + index * 5) % len(seconds)]))
            if answers % 3:
                records.finish_session(session)


def test_the_rooms_sessions_file_is_the_files_byte_for_byte(room, open_room, tmp_path, clock):
    """The sessions' counts, right answers and median seconds, which the server works out from the middle
    seconds of each session in one query, and a file from all of them: the same sessions file."""
    from datetime import date

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.exports import export
    from dealerdrill.records import RecordFilter, Records

    path = tmp_path / "file" / "records.sqlite3"
    with Records(path, catalog=DRILL_CATALOG, clock=clock) as own:
        _sessions_of_every_length(own, SECONDS + ROUNDING)
    _into_the_room(path, room)
    server = open_room(room.desk_a)
    with Records(path, catalog=DRILL_CATALOG, clock=clock) as file:
        day = date(2026, 3, 2)
        filters = (RecordFilter(), RecordFilter(trainees=("=Tane", "Mere")), RecordFilter(mode="test"),
                   RecordFilter(date_from=day, date_to=day), RecordFilter(date_from=date(2026, 3, 3)))
        for number, f in enumerate(filters):
            expected = export(file, "csv", tmp_path / f"file{number}.csv", f)[1].read_bytes()
            assert export(server, "csv", tmp_path / f"room{number}.csv", f)[1].read_bytes() == expected, f
            assert expected.count(b"\r\n") == 1 + len(file.sessions(f))
        assert len(file.sessions(RecordFilter())) == 21 and not file.sessions(filters[-1])


def test_the_rooms_export_progress_counts_what_it_writes(room, open_room, tmp_path, clock, monkeypatch):
    """The total the export announces first (the answers counted from the room's session totals when no period
    is chosen, else from the answers) is the number of answers and sessions written, read as one range or two."""
    import csv
    from datetime import date

    from dealerdrill.exports import export, server_answers
    from dealerdrill.records import RecordFilter

    file, server = _file_and_room(room, open_room, tmp_path, clock, SECONDS)
    file.close()
    day = date(2026, 3, 2)
    filters = (RecordFilter(), RecordFilter(trainees=("Ngata, Hemi", "=Tane")), RecordFilter(mode="practice"),
               RecordFilter(date_from=day, date_to=day), RecordFilter(date_from=date(2026, 3, 3)))
    for split in (10 ** 12, 1):
        monkeypatch.setattr(server_answers, "_SPLIT_FROM", split)
        for number, f in enumerate(filters):
            calls: list[tuple[int, int]] = []
            answers, sessions = export(server, "csv", tmp_path / f"room{split}-{number}.csv", f,
                                       progress=lambda done, total, calls=calls: calls.append((done, total)))
            written = sum(len(list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))) - 1
                          for path in (answers, sessions))
            assert {total for _, total in calls} == {written} and calls[-1][0] == written, (f, calls[-1])
            assert written > 0 or number == len(filters) - 1


# Stored values the server's line check and its three columns must get right: a unit separator (what the server
# joins the checked fields with) inside a field, alone or before a formula start; a comma as a field's only
# care; a time of only 16 or 18 characters, whose line takes the time as _LocalTimes.text does.
ODD_VALUES = (("given", "a\x1f=b"), ("given", "x\x1fy"), ("expected", "\x1f"), ("family", "fam,ily"),
              ("rule", "r\x1f,1"), ("answered_at", "2026-03-02T09:00"), ("answered_at", "2026-03-02T09:00:0"),
              ("category", "=sum\x1f"))


@pytest.mark.parametrize("split", [False, True], ids=["one range", "two ranges"])
def test_the_servers_csv_lines_are_pythons_for_separators_and_short_times(room, open_room, tmp_path, clock,
                                                                          monkeypatch, split):
    import re

    import psycopg

    from dealerdrill.exports import export, server_answers
    from dealerdrill.records import RecordFilter

    monkeypatch.setattr(server_answers, "_SPLIT_FROM", 1 if split else 10 ** 12)
    file, server = _file_and_room(room, open_room, tmp_path, clock, SECONDS)
    file.close()
    with psycopg.connect(room.owner) as owner:
        owner.execute("SET search_path = dealerdrill")
        owner.execute("SET session_replication_role = replica")      # recorded answers are otherwise final
        # Every answer plain first (the hostile ones are Python's, which would hide a line the server gets
        # wrong), then one odd value in each of some answers of trainees with plain names; the trainees named
        # "Ngata, Hemi" and "=Tane" keep their answers' lines in need of care at the name alone.
        owner.execute("""UPDATE answers SET given = 'g', expected = 'e', rule = 'r', category = NULL, family = 'f',
                         item = '{"text": "q"}', answer = '"a"', seconds = 1.5""")
        ids = [row[0] for row in owner.execute(
            "SELECT a.id FROM answers a JOIN sessions s ON a.session_id = s.id JOIN trainees t "
            "ON s.trainee_id = t.id WHERE t.name LIKE 'Trainee %' ORDER BY a.id").fetchall()]
        for number, (column, value) in enumerate(ODD_VALUES):
            owner.execute(f"UPDATE answers SET {column} = %s WHERE id = %s", (value, ids[number * 7 + 3]))
    reference = _python_reference(server, RecordFilter())
    exported = export(server, "csv", tmp_path / "room.csv")[0].read_bytes()
    assert exported == reference
    assert b",'=sum\xef\xbf\xbd," in exported and b',"fam,ily",' in exported and b",x\xef\xbf\xbdy," in exported
    # The short times: the local minute, then what follows the minute in the stored time.
    assert re.search(rb"\d-\d\d \d\d:\d\d,f,q,", exported) and re.search(rb"\d-\d\d \d\d:\d\d:0,f,q,", exported)
    assert b",'=Tane," in exported and b',"Ngata, Hemi",' in exported and b",g,e,1,,r,1.5,0\r\n" in exported
