"""The CSV export's C road (core_c/records/dd_csv_answers.c, gui/exports/answers_csv.py) writes the very bytes
of the Python road: on awkward values, on values a user typed into the file with another program, on every
filter, across batches, with rows it leaves to the Python road in the middle of a batch, and in time zones
whose offset changes, or is not whole hours. A file it cannot read stops it cleanly, before it writes."""
from __future__ import annotations

import os
import sqlite3
import time
from datetime import date

import pytest

from dealerdrill.domain import Mode
from dealerdrill.exports import answers_csv, tabular
from dealerdrill.records import RecordFilter

needs_c_road = pytest.mark.skipif(not answers_csv.AVAILABLE and not os.environ.get("DEALERDRILL_REQUIRE_TOOLS"),
                                  reason="the CSV export's C road is not built here (no SQLite header)")

TEXTS = ["plain", "comma, here", 'quote "q" and ""', "line\nfeed", "cr\rhere", "crlf\r\nend", "semi;colon",
         "=1+2", "+plus", "-minus", "@at", "\tlead tab", "\rlead cr", "", None, "Tāne", "🎲 dice", "名前",
         "ctrl\x01x", "\ufffe", "\uffff", "U+FFFD \ufffd", "휴식 (Hangul from U+D000)", "'quoted'",
         "  spaces  ", "a\x00b", b"\x00\xffblob", 42, 2.5, "'=already'", "x" * 5000]
ITEMS = ['{"text": "Q?"}', '{"text": "with \\u00e9 escape"}', '{"text": 5}', '{"other": 1}', "not json",
         '{"text": "=SUM(A1)"}', '{"text": "a;b"}', "[1, 2]", None, '{"text": "tab\\there"}',
         '{"text": "bell\\u0007"}', '{"text": "x", "text": "y"}', '{"text": "line\\nfeed, \\"quoted\\""}',
         '{"text": null}', '{"text": "\\ud800 lone"}', 7, '{"text": "Ngā 🂡"}', '{"text": "a"} x', '{"text": "a",}',
         '{"text" "a"}', "{'text': 'a'}", '{"text": 01}', '{"text": "a"}}', "[1,]", '{"text": "a\\x"}',
         '{"text": "\\/slash \\\\ back"}', '{"text": 1e5}', '{"text": -0.5E+3}', "[" * 100 + "]" * 100,
         "[" * 900 + "]" * 900, '{"text": "raw\ttab"}', '{"a": {"text": "inner"}}', ' \r\n{"text": "spaces"} \t',
         '{"text": "\x7f del"}', '"just a string"', "true", '{"text": true}', "{}", '{"": 1, "text": "k"}',
         '{"te\\"xt": 1, "text": "after"}', '{"text": "-1", "text": 2}', '{"text": "\\b\\f"}', "", " ", "{",
         '{"text": "x"}\x00', '{"text": "\\u0041"}', '{"text": "=\\"quoted\\", then; more"}', "nul",
         '{"n": -0, "text": "z", "m": [1.0e-2, {"k": null}]}', '{"text": "\\t=tab"}', "[" * 3000 + "]" * 3000,
         '{"text": ' + "[" * 3000 + "]" * 3000 + "}"]
ANSWERS = ['"A"', '{"b": 1, "a": 2}', '"\\u00e9"', "garbage {", None, "5", '"=cmd"', '{"x": "a;b"}', 3,
           '{"k": "\\ufffe"}', '["-1", ",", "\\""]', "[1,]", "01", "-", "1.", "1e", "tru", "null", ' "x" ',
           '{"a": "tab\tinside"}', "[" * 70 + "]" * 70, '"\\/"', "{\"a\" : [ true , false ] }", "", "-0.0E-0"]
NUMBERS = [1, 0, -5, 2 ** 62, -(2 ** 63), None, "7", 1.5, 10 ** 18, "=2", 0.1 + 0.2]
SECONDS = [2.0, 0.1, 1e-05, 0.0001, 1e16, 9999999999999998.0, 123456789.123, -0.0, 2.5e-7, None, 1e300,
           3, 0.30000000000000004, 86399.9995, 1234567.0, 5e-324, -12.345, 1.0005, 0.0625, 2.675, 4.0005,
           "1.5 s", b"\x01"]
TIMES = ["2026-03-02T09:00:03.000000Z", "garbage", None, "2026-03-02 09:00:00", "2026-03-02T09:00:00Z", 12345,
         "2026-03-02T25:00:00.000000Z", "2026-02-31T10:59:59.999999Z", "2026-03-02T09:61:00.000000Z", "",
         "2026-03-02T09:00:03.000000Z;", 2461000.5]

# answers column -> the values the rows take in turn
EDITS = {"given": TEXTS, "expected": TEXTS[5:] + TEXTS[:5], "rule": TEXTS[11:] + TEXTS[:11],
         "family": TEXTS[17:] + TEXTS[:17], "category": TEXTS[23:] + TEXTS[:23], "uuid": TEXTS[3:] + TEXTS[:3],
         "item": ITEMS, "answer": ANSWERS, "seq": NUMBERS, "correct": NUMBERS[3:] + NUMBERS[:3],
         "timed_out": NUMBERS[6:] + NUMBERS[:6], "seconds": SECONDS, "answered_at": TIMES}
ROWS = 96
AWKWARD_NAME = '=Wiremu; "Te", Ao'


def _play(records, answer_factory, trainee: str, drill: str, mode: Mode, count: int, correct_every: int = 2):
    session = records.start_session(trainee, drill, mode, {"table": "nz"})
    for k in range(count):
        answered = answer_factory(drill, f"family{k % 3}", k % correct_every == 0, seconds=1.0 + k / 7,
                                  answer={"pick": f"p{k}"}, text=f"Question {k}, part {k % 4}")
        records.record_answer(session, answered)
    records.finish_session(session)
    return session


@pytest.fixture
def answers_of_three_trainees(records, answer_factory, clock):
    for name in ("Aroha Ngata", "Ben Smith", "Chen Li"):
        records.create_trainee(name)
    for _ in range(3):
        _play(records, answer_factory, "Aroha Ngata", "baccarat.table_of_play", Mode.PRACTICE, 9)
        _play(records, answer_factory, "Ben Smith", "baccarat.table_of_play", Mode.TEST, 8)
        _play(records, answer_factory, "Chen Li", "baccarat.table_of_play", Mode.TIMED, 7, correct_every=3)
        clock.advance(days=1)
    return records


def _edit(path, statements) -> int:
    """Change the file as a user with another program could (the triggers that forbid it dropped); a value
    the table's constraints refuse (a NULL where NOT NULL, a uuid twice) is left out. Returns the changes."""
    changes = 0
    with sqlite3.connect(path) as db:
        for trigger in ("answers_are_permanent_update", "finished_sessions_are_permanent"):
            db.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        for sql, parameters in statements:
            try:
                changes += db.execute(sql, parameters).rowcount
            except sqlite3.IntegrityError:
                pass
    db.close()
    return changes


@pytest.fixture
def awkward(records, answer_factory):
    """ROWS answers whose every column has been given, in turn, the awkward values above."""
    records.create_trainee(AWKWARD_NAME)
    for _ in range(ROWS // 8):
        _play(records, answer_factory, AWKWARD_NAME, "baccarat.table_of_play", Mode.PRACTICE, 8)
    ids = [row[0] for row in records.read("SELECT id FROM answers ORDER BY id")]
    statements = [(f"UPDATE answers SET {column} = ? WHERE id = ?", (values[k % len(values)], answer_id))
                  for column, values in EDITS.items() for k, answer_id in enumerate(ids)]
    statements.append(("UPDATE answers SET item = CAST(x'7b2274657874223a202263c3a92d6ec3a97622207d' AS BLOB) "
                       "WHERE id = ?", (ids[5],)))
    assert _edit(records.path, statements) > len(statements) * 3 // 4
    return records


class _Roads:
    """Exports by both roads, and what the C road left to the Python road."""

    def __init__(self, monkeypatch, tmp_path):
        self.monkeypatch, self.tmp_path = monkeypatch, tmp_path
        self.declined: list[int] = []
        self.c_road_ran = False
        real = answers_csv.write_answers

        def spying(path, sql, parameters, kinds, write, write_declined, advance):
            def declined(answer_id):
                self.declined.append(answer_id)
                write_declined(answer_id)

            self.c_road_ran = real(path, sql, parameters, kinds, write, declined, advance)
            return self.c_road_ran

        monkeypatch.setattr(answers_csv, "write_answers", spying)

    def export(self, records, f: RecordFilter, road: str) -> tuple[bytes, bytes, list]:
        self.monkeypatch.setattr(answers_csv, "AVAILABLE", road == "c")
        ticks = []
        answers, sessions = tabular.export_csv(records, self.tmp_path / f"{road}.csv", f,
                                               progress=lambda done, total: ticks.append((done, total)))
        return answers.read_bytes(), sessions.read_bytes(), ticks[-1:]

    def compare(self, records, f: RecordFilter | None = None) -> bytes:
        f = f or RecordFilter()
        self.declined.clear()
        by_c = self.export(records, f, "c")
        assert self.c_road_ran
        by_python = self.export(records, f, "python")
        assert by_c == by_python
        return by_c[0]


@pytest.fixture
def roads(monkeypatch, tmp_path):
    return _Roads(monkeypatch, tmp_path)


def test_the_c_road_is_built_where_the_tools_are_required():
    if os.environ.get("DEALERDRILL_REQUIRE_TOOLS"):
        assert answers_csv.AVAILABLE


@needs_c_road
def test_sound_answers_are_all_written_by_c_and_byte_for_byte_as_by_python(answers_of_three_trainees, roads):
    answers = roads.compare(answers_of_three_trainees)
    assert roads.declined == []
    assert answers.count(b"\r\n") == 1 + 3 * (9 + 8 + 7)
    assert b'"Question 0, part 0"' in answers


@needs_c_road
def test_awkward_and_edited_values_come_out_as_the_python_road_writes_them(awkward, roads):
    answers = roads.compare(awkward)
    # The C road wrote most rows and left the ones it must not guess to Python, in the middle of its batches.
    assert 0 < len(roads.declined) < ROWS
    ids = [row[0] for row in awkward.read("SELECT id FROM answers ORDER BY id")]
    assert set(roads.declined) < set(ids) and ids[0] not in roads.declined
    assert answers.startswith(b"\xef\xbb\xbfanswer_id,")
    assert b"'=Wiremu; \"\"Te\"\", Ao" in answers


@needs_c_road
@pytest.mark.parametrize("rows_per_batch", [1, 2, 7])
def test_batches_of_any_size_join_into_the_same_file(awkward, roads, monkeypatch, rows_per_batch):
    monkeypatch.setattr(answers_csv, "BATCH_ROWS", rows_per_batch)
    roads.compare(awkward)


@needs_c_road
@pytest.mark.parametrize("selection", [
    RecordFilter(trainees=("Ben Smith",)), RecordFilter(trainees=("aroha ngata", "Chen Li")),
    RecordFilter(trainees=tuple(f"Nobody {k}" for k in range(25)) + ("Chen Li",)), RecordFilter(trainees=()),
    RecordFilter(mode=Mode.TEST), RecordFilter(game="baccarat"), RecordFilter(drill="baccarat.table_of_play"),
    RecordFilter(date_from=date(2026, 3, 3)), RecordFilter(date_to=date(2026, 3, 3)),
    RecordFilter(date_from=date(2026, 3, 3), date_to=date(2026, 3, 3), mode=Mode.TIMED),
    RecordFilter(game="roulette")])
def test_every_filter_selects_the_same_rows_on_both_roads(answers_of_three_trainees, roads, selection):
    roads.compare(answers_of_three_trainees, selection)


@needs_c_road
@pytest.mark.parametrize("zone", ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kolkata",
                                  "UTC"])
def test_local_times_match_sqlite_across_changes_of_offset(records, answer_factory, roads, zone, monkeypatch):
    """The C road asks SQLite once per UTC hour; hours in which the offset changes, and zones whose offset is
    not whole hours (Lord Howe moves by 30 minutes, St John's is 3:30 behind), must still come out as
    SQLite's datetime(x, 'localtime') of every row."""
    records.create_trainee("Wiremu")
    _play(records, answer_factory, "Wiremu", "baccarat.table_of_play", Mode.PRACTICE, 120)
    ids = [row[0] for row in records.read("SELECT id FROM answers ORDER BY id")]
    windows = [("2026-03-28", 23), ("2026-04-04", 14), ("2026-10-03", 15), ("2026-10-25", 0), ("2026-11-01", 5)]
    times = []
    for k, answer_id in enumerate(ids):
        day, hour = windows[k % len(windows)]
        minutes = 13 * (k // len(windows))
        times.append((f"{day}T{hour + minutes // 60:02d}:{minutes % 60:02d}:{(7 * k) % 60:02d}.{k:06d}Z",
                      answer_id))
    moved = _edit(records.path, [("UPDATE answers SET answered_at = ? WHERE id = ?", pair) for pair in times])
    assert moved == len(ids)
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        answers = roads.compare(records)
        expected = {row[0] for row in records.read("SELECT datetime(answered_at, 'localtime') FROM answers "
                                                   "WHERE datetime(answered_at) IS NOT NULL")}
    finally:
        monkeypatch.undo()
        time.tzset()
    assert roads.declined == []
    assert len(expected) > 100 and all(f",{moment},".encode() in answers for moment in expected)


@needs_c_road
def test_a_records_file_the_c_road_cannot_read_stops_it_before_it_writes(tmp_path):
    written, declined, advanced = [], [], []

    def run(path, sql="SELECT id, 'a', 'b' FROM answers", kinds="tt", parameters=()):
        return answers_csv.write_answers(str(path), sql, list(parameters), kinds,
                                         lambda data: written.append(bytes(data)), declined.append, advanced.append)

    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"SQLite format 3\x00" + os.urandom(3000))
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    sound = tmp_path / "sound.sqlite3"
    with sqlite3.connect(sound) as db:
        db.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, t TEXT)")
        db.execute("INSERT INTO answers (t) VALUES ('x')")
    db.close()
    assert not run(tmp_path / "missing.sqlite3")
    assert not run(garbage)
    assert not run(tmp_path)                                           # a folder
    assert not run(empty)                                              # no answers table
    assert not run(sound, sql="DELETE FROM answers")                   # not a read
    assert not run(sound, sql="SELECT id, t, t FROM answers; DELETE FROM answers")
    assert not run(sound, kinds="t")                                   # a column too many
    assert not run(sound, kinds="tx")                                  # not a kind
    assert not run(sound, sql="SELECT id, t, ? FROM answers")          # a parameter not given
    assert not run(sound, sql="SELECT id, t, ? FROM answers", parameters=[5])    # not text
    assert written == declined == advanced == []
    assert run(sound, sql="SELECT id, t, ? FROM answers", parameters=["p;q"])
    assert b"".join(written) == b'"x","p;q"\r\n' and advanced == [1]
    assert sqlite3.connect(sound).execute("SELECT count(*) FROM answers").fetchone() == (1,)


@needs_c_road
def test_an_export_of_a_file_the_c_road_cannot_open_takes_the_python_road(answers_of_three_trainees, roads,
                                                                           monkeypatch):
    monkeypatch.setattr(tabular, "_c_answers_query", lambda records, f: ("SELECT nothing FROM nowhere", [], "tt"))
    answers, _, _ = roads.export(answers_of_three_trainees, RecordFilter(), "c")
    assert not roads.c_road_ran
    assert answers == roads.export(answers_of_three_trainees, RecordFilter(), "python")[0]


# Stored doubles where SQLite's round(x, 3) and Python's differ (SQLite's is not exact), or ties exactly.
ROUNDING = [1.0005, 0.0625, 1.2345, 4.0005, -0.0, 1e15 + 0.5, 2.675, 0.0005, 1.0015, 0.1 + 0.2, 123456.7895,
            -1.0005, 0.9995, 8.0625, 3, 0.000499]


@needs_c_road
def test_seconds_are_rounded_as_python_rounds_them_on_both_roads(records, answer_factory, roads):
    """The CSV shows round(x, 3) as Python gives it (and the training room's server does), not SQLite's round(),
    which is off by a millisecond for values stored just below a tie, such as 1.0005."""
    import csv
    import io

    records.create_trainee("Aroha")
    _play(records, answer_factory, "Aroha", "baccarat.table_of_play", Mode.PRACTICE, len(ROUNDING))
    ids = [row[0] for row in records.read("SELECT id FROM answers ORDER BY id")]
    assert _edit(records.path, [("UPDATE answers SET seconds = ? WHERE id = ?", pair)
                                for pair in zip(ROUNDING, ids)]) == len(ROUNDING)
    answers = roads.compare(records)
    assert roads.declined == [ids[ROUNDING.index(1e15 + 0.5)]]       # from 1e15 the C road leaves it to Python
    rows = list(csv.reader(io.StringIO(answers.decode("utf-8-sig"), newline="")))
    column = rows[0].index("seconds")
    stored = [x for (x,) in records.read("SELECT seconds FROM answers ORDER BY id")]   # SQLite keeps no -0.0
    assert [row[column] for row in rows[1:]] == [repr(round(float(x), 3)) for x in stored]
    assert [row[column] for row in rows[1:4]] == ["1.0", "0.062", "1.234"]      # SQLite's round(): 1.001, 0.063


def _random_json_like(rng) -> str:
    """A text that is JSON, or JSON with one mutation (a character dropped, doubled or swapped for another of
    JSON's own), built from the pieces where readers differ: escapes, numbers' forms, nesting, duplicate and
    empty keys, whitespace, non-ASCII."""
    strings = ['"Q?"', '"a\\"b"', '"\\u00e9"', '"\\/"', '"Tāne 🎲"', '"x\\\\"', '""', '"\\ud83c\\udfb2"',
               '"=1+2"', '"a,b;c"', '"\\n"']
    numbers = ["0", "-0", "1.5", "-2e3", "1E+2", "0.000001", "12345678901234567890", "1e400", "-0.0"]

    def value(depth: int) -> str:
        kind = rng.randrange(6 if depth < 4 else 3)
        if kind == 0:
            return rng.choice(strings)
        if kind == 1:
            return rng.choice(numbers)
        if kind == 2:
            return rng.choice(["true", "false", "null"])
        if kind == 3:
            return "[" + ", ".join(value(depth + 1) for _ in range(rng.randrange(3))) + "]"
        keys = ['"text"', '"family"', '""', '"te\\"xt"', '"text"']
        pairs = [f"{rng.choice(keys)}{rng.choice([':', ' : ', ':'])}{value(depth + 1)}"
                 for _ in range(rng.randrange(4))]
        return "{" + rng.choice([",", ", "]).join(pairs) + "}"

    text = value(0) if rng.random() < 0.3 else "{" + f'"text": {value(1)}' + "}"
    if rng.random() < 0.4 and text:
        at = rng.randrange(len(text))
        mutation = rng.randrange(3)
        if mutation == 0:
            text = text[:at] + text[at + 1:]
        elif mutation == 1:
            text = text[:at] + text[at] + text[at:]
        else:
            text = text[:at] + rng.choice('{}[]",:\\ 0e.-tn\x01\t') + text[at + 1:]
    return rng.choice(["", " ", "\n "]) + text if rng.random() < 0.1 else text


@needs_c_road
def test_random_items_and_answers_come_out_as_the_python_road_writes_them(records, answer_factory, roads):
    """The C road's own JSON reader against SQLite's and Python's (the Python road): 600 items and answers
    drawn from a seeded grammar of JSON and near-JSON, byte for byte the same file by both roads."""
    import random

    rng = random.Random(20261201)
    records.create_trainee("Aroha Ngata")
    for _ in range(600 // 8):
        _play(records, answer_factory, "Aroha Ngata", "baccarat.table_of_play", Mode.PRACTICE, 8)
    ids = [row[0] for row in records.read("SELECT id FROM answers ORDER BY id")]
    statements = [("UPDATE answers SET item = ?, answer = ? WHERE id = ?",
                   (_random_json_like(rng), _random_json_like(rng), answer_id)) for answer_id in ids]
    assert _edit(records.path, statements) == len(ids)
    roads.compare(records)
    # Both kinds were met: rows the C road wrote itself and rows it left to Python.
    assert 0 < len(roads.declined) < len(ids)
