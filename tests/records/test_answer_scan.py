"""The C scan behind `dealerdrill verify` (dealerdrill.records.answer_scan, issue 11's speed target) says
exactly what the Python check says, on sound files with awkward values and on tampered ones; where it meets
a value a sound file never holds it declines and verification takes the Python road to the same answer."""
from __future__ import annotations

import os
import sqlite3

import pytest

from dealerdrill.domain import AnsweredItem, ErrorCategory, Grade, Item
from dealerdrill.records import Records, answer_scan, verify

# Times a desk may record. 87.90715186484735 is one whose 15-digit text SQLite and the C library write
# differently (…8474 and …8473): the scan must hash it again with SQLite's text and accept it.
TIMES = [2.0, 0.1 + 0.2, 87.90715186484735, 1e-7, 123456.789, 3.0, 59.999999999999, 0.0005, 86399.9995]
TEXTS = ["A", "l'as de pique", "Ngā mihi", "名前", "🂡 ace", "a;b,\"c\"", "x\x1fy", "tab\there", "''", ""]

needs_scan = pytest.mark.skipif(not answer_scan.AVAILABLE and not os.environ.get("DEALERDRILL_REQUIRE_TOOLS"),
                                reason="the C scan is not built on this machine (no SQLite/libcrypto headers)")


def test_the_scan_is_built_where_the_tools_are_required():
    """CI installs SQLite's and libcrypto's headers: there the scan must exist, or verify would be slow."""
    if os.environ.get("DEALERDRILL_REQUIRE_TOOLS"):
        assert answer_scan.AVAILABLE


def _answer(number: int, seconds: float) -> AnsweredItem:
    text = TEXTS[number % len(TEXTS)]
    item = Item("baccarat.table_of_play", f"fam{number % 3}", {"shown": text, "n": number}, key="K", text=text,
                hint="h")
    right = number % 4 != 0
    grade = Grade(right, expected=TEXTS[(number + 3) % len(TEXTS)], given=text, explanation="because",
                  category=None if right else list(ErrorCategory)[number % len(ErrorCategory)],
                  rule=f"rule {text}", seconds=seconds)
    return AnsweredItem(item, text, grade)


@pytest.fixture
def awkward_file(tmp_path):
    """A sound records file whose answers hold every awkward value a desk can record."""
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        for trainee in ("Aroha", "Sione"):
            records.create_trainee(trainee)
        number = 0
        for round_ in range(3):
            for trainee in ("Aroha", "Sione"):
                session = records.start_session(trainee, "baccarat.table_of_play", "practice", {})
                for seconds in TIMES:
                    records.record_answer(session, _answer(number, seconds))
                    number += 1
                if round_ < 2:
                    records.finish_session(session)
        assert records.verify() == []
    return path


def _tamper(path, *statements):
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement)


def _replace(path, answer_id: int, column: str, value_sql: str):
    """Rewrite one column of one answer behind the program's back (INSERT OR REPLACE passes the trigger)."""
    with sqlite3.connect(path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(answers)")]
        chosen = ", ".join(value_sql if c == column else c for c in columns)
        db.execute(f"INSERT OR REPLACE INTO answers ({', '.join(columns)}) SELECT {chosen} FROM answers "
                   f"WHERE id = {answer_id}")


def _both_ways(path):
    """(the C scan's answer, the Python check's answer) for all the answers, and for answer_facts."""
    with Records(path, check=False) as records:
        last = records.read("SELECT MAX(id) FROM answers")[0][0]
        python = verify._answer_range(records.stream, records.read, 1, last + 1)
        scanned = verify._scanned_range(records.location, 1, last + 1)
        facts_python = verify._facts_by_hour(records)
        facts_scanned = answer_scan.scan_facts(records.location, last)
    return scanned, python, facts_scanned, facts_python


def _whole_check(path, monkeypatch, with_scan: bool) -> list[str]:
    monkeypatch.setattr(answer_scan, "AVAILABLE", with_scan)
    with Records(path, check=False) as records:
        return [str(p) for p in verify.verify_records(records)]


@needs_scan
def test_on_a_sound_file_with_awkward_values_the_scan_says_what_python_says(awkward_file):
    scanned, python, facts_scanned, facts_python = _both_ways(awkward_file)
    assert scanned == python
    assert python[0] == [] and len(python[1]) >= 6
    assert facts_scanned == facts_python


@needs_scan
@pytest.mark.parametrize("column, value_sql, problem", [
    ("seconds", "seconds + 0.001", "was changed after it was recorded"),
    ("given", "'B'", "was changed after it was recorded"),
    ("category", "'it''s wrong'", "was changed after it was recorded"),
    ("category", "NULL", "was changed after it was recorded"),
    ("correct", "1 - correct", "was changed after it was recorded"),
    ("answered_at", "'2031-01-01T00:00:00.000000Z'", "was changed after it was recorded"),
    ("chain_hash", "NULL", "is not linked into the answers chain"),
    ("chain_hash", "zeroblob(32)", "was changed after it was recorded"),
])
def test_a_tampered_answer_is_found_the_same_way_by_both(awkward_file, column, value_sql, problem):
    _replace(awkward_file, 5, column, value_sql)      # a wrong answer: it has a category
    scanned, python, _, _ = _both_ways(awkward_file)
    assert scanned == python
    assert any(problem in what and "row 5," in where for where, what in python[0])


@needs_scan
@pytest.mark.parametrize("column, value_sql", [
    ("given", "'nul' || char(0) || 'inside'"),      # printf stops at a NUL: only SQL knows what it hashes
    ("item", "x'00ff'"),                             # a blob where text belongs
    ("session_id", "'one'"),                         # text where a number belongs
    ("seconds", "-1.5"),                             # a time no desk records
    ("seconds", "1e13"),                             # beyond where round() is the simple sum in SQLite
    ("answered_at", "'2025-01-06T08:00:15.000000Z\u00e9'"),
    ("chain_hash", "'not a hash'"),
])
def test_a_value_no_sound_file_holds_sends_the_check_down_the_python_road(awkward_file, monkeypatch, column,
                                                                           value_sql):
    _replace(awkward_file, 5, column, value_sql)
    with Records(awkward_file, check=False) as records:
        last = records.read("SELECT MAX(id) FROM answers")[0][0]
        assert verify._scanned_range(records.location, 1, last + 1) is None
    with_scan = _whole_check(awkward_file, monkeypatch, True)
    assert with_scan == _whole_check(awkward_file, monkeypatch, False)
    assert any("row 5" in p for p in with_scan)


@needs_scan
def test_the_summary_tables_tampered_are_found_the_same_way_by_both(awkward_file, monkeypatch):
    _tamper(awkward_file, "UPDATE answer_facts SET correct = 1 - correct WHERE answer_id = 3",
            "UPDATE answer_facts SET drill = 'roulette.payouts' WHERE answer_id = 12",
            "UPDATE answer_hours SET answered = answered + 1 WHERE (trainee_id, drill, mode, hour) IN "
            "(SELECT trainee_id, drill, mode, hour FROM answer_hours LIMIT 1)")
    _, _, facts_scanned, facts_python = _both_ways(awkward_file)
    assert facts_scanned == facts_python
    with_scan = _whole_check(awkward_file, monkeypatch, True)
    assert with_scan == _whole_check(awkward_file, monkeypatch, False)
    assert sum("answer_facts" in p for p in with_scan) == 2 and any("answer_hours" in p for p in with_scan)


@needs_scan
def test_in_parts_on_threads_the_whole_check_finds_what_it_finds_in_one(awkward_file, monkeypatch):
    """Above PARALLEL_FROM answers the scan runs in parts on threads; a problem in the second part shows."""
    _replace(awkward_file, 50, "given", "'changed'")
    monkeypatch.setattr(verify, "PARALLEL_FROM", 1)
    in_parts = _whole_check(awkward_file, monkeypatch, True)
    monkeypatch.setattr(verify, "PARALLEL_FROM", 10 ** 9)
    assert in_parts == _whole_check(awkward_file, monkeypatch, True) == _whole_check(awkward_file, monkeypatch,
                                                                                     False)
    assert any("(row 50," in p and "was changed" in p for p in in_parts)
    assert not any("(row 4" in p or "(row 1," in p for p in in_parts)       # the first part's rows are sound


@needs_scan
def test_a_file_the_scan_cannot_read_gives_no_answer_rather_than_a_crash(tmp_path):
    not_sqlite = tmp_path / "records.sqlite3"
    not_sqlite.write_bytes(b"SQLite format 3\x00" + os.urandom(4096))
    assert answer_scan.scan_answers(str(not_sqlite), 1, 10, bytes(32), 10) is None
    assert answer_scan.scan_facts(str(not_sqlite), 10) is None
    assert answer_scan.scan_answers(str(tmp_path / "missing.sqlite3"), 1, 10, bytes(32), 10) is None
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    assert answer_scan.scan_facts(str(empty), 10) is None       # no answer_facts table
    assert answer_scan.scan_answers(str(empty), 1, 10, b"short", 10) is None
