"""Records under faults (issue 7): damaged, read-only, locked and newer files at start-up, a full disk, an
export killed half-way, and import files that are broken, hostile or someone else's."""
from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pytest
import synthetic_records as synthetic

from dealerdrill.domain import Mode
from dealerdrill.exports import export
from dealerdrill.records import RecordFilter, Records, dump_records, import_records, schema
from dealerdrill.records.schema import RecordsFullError, RecordsReadOnlyError

DRILL = "baccarat.table_of_play"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _fill(records, answer_factory, trainee="Aroha", count=5) -> list[str]:
    if trainee not in [t.name for t in records.trainees()]:
        records.create_trainee(trainee)
    session = records.start_session(trainee, DRILL, "practice")
    return [records.record_answer(session, answer_factory(DRILL, f"banker{n % 8}.third{n % 10}", n % 2 == 0))
            for n in range(count)]


# ------------------------------------------------------------------------------------------ start-up

def test_a_damaged_file_is_kept_aside_with_its_log_and_a_fresh_file_is_started(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"not SQLite: a disk block of someone's holiday photos " * 200)
    Path(f"{path}-wal").write_bytes(b"half a log")
    Path(f"{path}-shm").write_bytes(b"an index")
    originals = {suffix: _digest(Path(f"{path}{suffix}")) for suffix in ("", "-wal", "-shm")}

    records, notices = Records.open_for_app(path)
    try:
        kept = sorted(tmp_path.glob("records.sqlite3.corrupt-*"))
        assert len(kept) == 3
        main = next(p for p in kept if not p.name.endswith(("-wal", "-shm")))
        assert main.name[len("records.sqlite3.corrupt-"):].replace("-", "").isdigit()   # YYYYmmdd-HHMMSS
        for suffix, digest in originals.items():
            assert _digest(Path(f"{main}{suffix}")) == digest                         # kept byte for byte
        [notice] = notices
        assert "damaged" in notice and str(main) in notice and "new, empty records file" in notice
        assert records is not None and not records.read_only
        records.create_trainee("After The Damage")
        assert [t.name for t in records.trainees()] == ["After The Damage"]
    finally:
        records.close()


def test_damage_inside_a_real_database_is_found_by_the_check_and_kept(tmp_path, answer_factory):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, count=400)
    pages = path.stat().st_size // 4096
    with open(path, "r+b") as handle:            # scribble over b-tree pages, keep the header
        for page in range(2, pages, 3):
            handle.seek(page * 4096 + 100)
            handle.write(b"\xff" * 600)
    damaged = _digest(path)

    records, notices = Records.open_for_app(path)
    try:
        [kept] = [p for p in tmp_path.glob("records.sqlite3.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]
        assert _digest(kept) == damaged and str(kept) in notices[0]
        assert records.answers() == [] and records.trainees() == []
    finally:
        records.close()
    # A second damaged file in the same second does not overwrite the first copy.
    path.write_bytes(b"garbage again" * 500)
    records, notices = Records.open_for_app(path)
    records.close()
    assert len([p for p in tmp_path.glob("records.sqlite3.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]) == 2


def test_a_file_from_a_newer_version_is_left_alone_and_explained(tmp_path):
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    before = _digest(path)
    records, notices = Records.open_for_app(path)
    assert records is None and "newer Dealer Drill" in notices[0] and "not changed" in notices[0]
    assert _digest(path) == before and not list(tmp_path.glob("*.corrupt-*"))


def test_a_locked_file_is_waited_for_then_explained(tmp_path, monkeypatch):
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")          # another program keeps the write lock
    try:
        started = time.monotonic()
        records, notices = Records.open_for_app(path, lock_wait_seconds=0.6)
        assert records is None and "in use by another program" in notices[0]
        assert time.monotonic() - started >= 0.6      # it did try again before giving up
        # Released while waiting: the same call then succeeds without a notice.
        threading.Timer(0.5, lambda: other.execute("ROLLBACK")).start()
        records, notices = Records.open_for_app(path, lock_wait_seconds=10)
        assert records is not None and notices == []
        records.create_trainee("Kiri")
        records.close()
    finally:
        other.close()
    assert not list(tmp_path.glob("*.corrupt-*"))


READ_ONLY_CHILD = textwrap.dedent("""
    import json, os, sys
    from dealerdrill.records import Records
    import dealerdrill.records.queries, dealerdrill.drills.base
    if os.geteuid() == 0:     # root may write anywhere: become "nobody" (after the imports, which need root's
        os.setgroups([])      # Python installation) so that the file's permissions apply
        os.setgid(65534)
        os.setuid(65534)
    records, notices = Records.open_for_app(sys.argv[1])
    out = {"read_only": records.read_only, "notices": notices,
           "answers": len(records.answers()), "trainees": [t.name for t in records.trainees()]}
    try:
        records.create_trainee("Sneaky Write")
    except Exception as error:
        out["refused"] = [type(error).__name__, str(error)]
    print(json.dumps(out))
""")


def test_a_read_only_file_and_folder_open_read_only_and_refuse_changes_plainly(answer_factory):
    # A folder the test's user cannot write: as root (CI) the child becomes "nobody", since root may write
    # anywhere, and the folder belongs to root; otherwise the folder and file are made read-only.
    folder = Path(tempfile.mkdtemp(prefix="dealerdrill-readonly-"))
    try:
        path = folder / "records.sqlite3"
        with Records(path) as records:
            ids = _fill(records, answer_factory, count=6)
        before = _digest(path)
        if os.geteuid() == 0:
            os.chmod(folder, 0o755)
        else:
            os.chmod(path, 0o444)
            os.chmod(folder, 0o555)
        done = subprocess.run([sys.executable, "-c", READ_ONLY_CHILD, str(path)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["read_only"] is True and out["answers"] == len(ids) and out["trainees"] == ["Aroha"]
        assert "can only be read" in out["notices"][0] and "NOT recorded" in out["notices"][0]
        assert out["refused"][0] == "RecordsReadOnlyError" and "read-only" in out["refused"][1]
        assert _digest(path) == before
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder, ignore_errors=True)


def test_records_opened_read_only_refuse_every_change(tmp_path, answer_factory):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, count=3)
    with Records(path, read_only=True) as records:
        assert len(records.answers()) == 3
        for change in (lambda: records.create_trainee("X"),
                       lambda: records.start_session("Aroha", DRILL, "practice"),
                       lambda: records.add_audit_entry("Mere", "pin_set")):
            with pytest.raises(RecordsReadOnlyError, match="open read-only"):
                change()
        assert records.clone().read_only


# ------------------------------------------------------------------------------------------ full disk

def test_a_full_disk_refuses_the_answer_plainly_keeps_the_others_and_recovers(records, answer_factory):
    stored = _fill(records, answer_factory, count=10)
    session = records.start_session("Aroha", DRILL, "timed")
    connection = records._connection
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")     # the disk is full from here on
    with pytest.raises(RecordsFullError, match="full, so the last change was NOT stored") as refused:
        for _ in range(500):
            stored.append(records.record_answer(session, answer_factory(DRILL, "banker1.third2", True)))
    assert "Everything stored before it is safe" in str(refused.value)
    assert [a.uuid for a in records.answers()] == stored            # every earlier answer, nothing half-written
    connection.execute("PRAGMA max_page_count = 1073741823")        # space freed
    stored.append(records.record_answer(session, answer_factory(DRILL, "banker1.third2", False)))
    assert [a.uuid for a in records.answers()] == stored
    assert [a.seq for a in records.answers() if a.session_uuid == session] == \
           list(range(1, len([a for a in records.answers() if a.session_uuid == session]) + 1))
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


FILE_SIZE_CHILD = textwrap.dedent("""
    import resource, signal, sys
    sys.path.insert(0, sys.argv[2])
    from conftest import make_answer
    from dealerdrill.records import Records, RecordsError
    records = Records(sys.argv[1], check=False)
    session = records.start_session("Aroha", "baccarat.table_of_play", "practice")
    # The operating system refuses to let any file grow past its current size: a full disk, as the
    # program sees one (EFBIG instead of ENOSPC; SIGXFSZ ignored so the write fails instead of killing us).
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limit = max(p.stat().st_size for p in __import__("pathlib").Path(sys.argv[1]).parent.iterdir())
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    stored = 0
    try:
        for n in range(100000):
            records.record_answer(session, make_answer("baccarat.table_of_play", "banker1.third2", True))
            stored += 1
    except RecordsError as error:
        print(stored, "|", error)
""")


def test_a_file_that_cannot_grow_gives_a_plain_error_and_loses_nothing_committed(tmp_path, answer_factory):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, count=4)
    done = subprocess.run([sys.executable, "-c", FILE_SIZE_CHILD, str(path), str(Path(__file__).parent)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    stored, message = done.stdout.split("|", 1)
    assert "the last change was" in message and "stored" in message and "safe" in message
    with Records(path) as records:
        assert len(records.answers()) == 4 + int(stored)
        assert records._connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        _fill(records, answer_factory, count=2)       # and the records go on once the disk has room
        assert len(records.answers()) == 6 + int(stored)


# ------------------------------------------------------------------------------------------ killed export

EXPORT_CHILD = textwrap.dedent("""
    import sys
    from dealerdrill.exports import export
    from dealerdrill.records import Records, RecordFilter
    records = Records(sys.argv[1], check=False)
    print("exporting", flush=True)
    export(records, sys.argv[2], sys.argv[3], RecordFilter())
    print("finished", flush=True)
""")


@pytest.mark.parametrize("format", ["json", "xlsx"])
def test_an_export_killed_half_way_leaves_the_old_file_and_the_records_intact(tmp_path, format):
    path = synthetic.generate(tmp_path / "records.sqlite3", synthetic.Plan(trainees=12, answers=40_000))
    target = tmp_path / f"cohort.{format}"
    target.write_bytes(b"last week's export")
    partial = target.with_name(f".{target.name}.part")
    with Records(path, check=False) as records:
        answers_before = records.read("SELECT COUNT(*) FROM answers")[0][0]
    scratch = tmp_path / "scratch"          # openpyxl's own temporary files, which a killed process leaves
    scratch.mkdir()
    child = subprocess.Popen([sys.executable, "-c", EXPORT_CHILD, str(path), format, str(target)],
                             stdout=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(scratch)})
    try:
        assert child.stdout.readline().strip() == "exporting"
        deadline = time.monotonic() + 100
        while not (partial.exists() and partial.stat().st_size > 0):     # writing has begun
            assert child.poll() is None and time.monotonic() < deadline, "the export ended before it was caught"
            time.sleep(0.002)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"last week's export"                  # never half a file under the name
    with Records(path) as records:                                         # quick_check passes
        assert records.read("SELECT COUNT(*) FROM answers")[0][0] == answers_before
        # The next export to the same name replaces the leftover temporary file and completes.
        written = export(records, format, target, RecordFilter(trainees=(synthetic.trainee_name(1),)))
    assert written == [target] and target.read_bytes() != b"last week's export" and not partial.exists()


# ------------------------------------------------------------------------------------------ import files

@pytest.fixture
def good_file(tmp_path, clock):
    """A real records file: one trainee, Hemi, and one practice session of two answers the engine can grade
    again, as another workstation would write it (earlier, on the tests' clock)."""
    from real_answers import play_for_real

    folder = tmp_path / "source"
    with Records(folder / "records.sqlite3", workstation="pit-2", clock=clock) as source:
        source.create_trainee("Hemi")
        play_for_real(source, "Hemi", Mode.PRACTICE, [True, False])
        path = dump_records(source, folder / "good.json")
    return path


def _edited(good_file, folder, edit) -> Path:
    """A copy of the good file with `edit(lines)` applied to its parsed lines (header first)."""
    from real_answers import read_lines, write_lines

    lines = read_lines(good_file)
    edit(lines)
    path = folder / "incoming.json"
    write_lines(path, lines)
    return path


def _answer(lines, n):
    return [line["answer"] for line in lines if "answer" in line][n]


def _session(lines):
    return next(line["session"] for line in lines if "session" in line)


def _trainee(lines):
    return next(line["trainee"] for line in lines if "trainee" in line)


def _state(records) -> tuple:
    db = records._connection
    return tuple(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                 for table in ("trainees", "sessions", "answers", "signoffs", "audit", "answer_facts"))


def _set(getter, key, value):
    return lambda lines: getter(lines).__setitem__(key, value)


BAD_EDITS = {
    "wrong version": (lambda lines: lines[0].__setitem__("version", 7), "version 7"),
    "version as text": (lambda lines: lines[0].__setitem__("version", "1"), "not a version number"),
    "version true": (lambda lines: lines[0].__setitem__("version", True), "not a version number"),
    "answer without seconds": (lambda lines: _answer(lines, 1).pop("seconds"), "has no 'seconds'"),
    "seconds as words": (_set(lambda ls: _answer(ls, 0), "seconds", "quick"), "'seconds'"),
    "negative seconds": (_set(lambda ls: _answer(ls, 0), "seconds", -3), "'seconds'"),
    "endless seconds": (_set(lambda ls: _answer(ls, 0), "seconds", 1e308), "'seconds'"),
    "huge item number": (_set(lambda ls: _answer(ls, 0), "seq", 10 ** 30), "'seq'"),
    "item number true": (_set(lambda ls: _answer(ls, 0), "seq", True), "'seq'"),
    "duplicate item numbers": (_set(lambda ls: _answer(ls, 1), "seq", 1), "not in the file whole"),
    "correct as text": (_set(lambda ls: _answer(ls, 0), "correct", "yes"), "'correct'"),
    "time as words": (_set(lambda ls: _answer(ls, 0), "answered_at", "yesterday"), "not a date and time"),
    "year 2200": (_set(lambda ls: _answer(ls, 0), "answered_at", "2200-01-01T00:00:00.000000Z"),
                  "not a time Dealer Drill could have recorded"),
    "finished before started": (_set(_session, "finished_at", "2001-01-01T00:00:00.000000Z"),
                                "finishes before it starts"),
    "unknown mode": (_set(_session, "mode", "cheat"), "'mode'"),
    "impossible target": (_set(_session, "target", '{"seconds": -5}'), "not a usable target"),
    "settings not an object": (_set(_session, "settings", "[1, 2]"), "'settings' is not a JSON object"),
    "name with terminal escapes": (lambda lines: (_trainee(lines).__setitem__("name", "Hemi\x1b[2J"),
                                                  _session(lines).__setitem__("trainee", "Hemi\x1b[2J")),
                                   "control characters"),
    "name far too long": (_set(_trainee, "name", "H" * 5000), "at most 60"),
    "huge answer text": (_set(lambda ls: _answer(ls, 0), "given", "x" * 100_000), "longer than 4096"),
    "session of an unlisted trainee": (_set(_session, "trainee", "Nobody"), "does not list"),
    "answer of another session": (_set(lambda ls: _answer(ls, 0), "session", "s-9"), "does not follow its session"),
    "an answer missing": (lambda lines: lines.remove(_answer_line(lines, 1)), "not in the file whole"),
    "one session listed twice": (lambda lines: lines.insert(-1, {"session": dict(_session(lines), answers=0)}),
                                 "repeats the session"),
    "cut short": (lambda lines: lines.pop(), "cut short"),
    "a nested JSON text field": (_set(lambda ls: _answer(ls, 0), "item", "[" * 100_000 + "]" * 100_000),
                                 "longer than 65536"),
}


def _answer_line(lines, n):
    return [line for line in lines if "answer" in line][n]


@pytest.mark.parametrize("case", sorted(BAD_EDITS))
def test_a_bad_import_file_gives_a_plain_message_and_changes_nothing(records, answer_factory, tmp_path, case,
                                                                     good_file):
    from real_answers import regrader

    _fill(records, answer_factory, count=3)
    edit, expected = BAD_EDITS[case]
    path = _edited(good_file, tmp_path, edit)
    before = _state(records)
    with pytest.raises(ValueError) as refused:
        import_records(records, path, regrade=regrader())
    assert expected in str(refused.value) and "Nothing was imported" in str(refused.value)
    assert len(str(refused.value)) < 600                       # a sentence, not a dump of the file
    assert _state(records) == before
    import_records(records, good_file, regrade=regrader())     # and a good file still goes in afterwards
    assert _state(records)[2] == before[2] + 2


WHOLE_FILES = {
    "truncated JSON": (lambda good: good.read_text()[:300], "is not JSON"),
    "empty file": (lambda good: "", "the file is empty"),
    "a JSON list": (lambda good: "[1, 2, 3]\n", "not a Dealer Drill records file"),
    "another program's JSON": (lambda good: '{"name": "my-app", "dependencies": {"left-pad": "1.0"}}\n',
                               "not a Dealer Drill records file"),
    "deeply nested": (lambda good: "[" * 100_000 + "]" * 100_000 + "\n", "nests deeper"),
    "a byte-order mark": (lambda good: "\ufeff" + good.read_text(), "byte-order mark"),
    "version 1 of the format": (lambda good: '{"format": "dealerdrill-records", "version": 1}\n', "version 1"),
}


@pytest.mark.parametrize("case", sorted(WHOLE_FILES))
def test_a_file_that_is_no_records_file_is_refused_in_plain_words(records, tmp_path, case, good_file):
    make, expected = WHOLE_FILES[case]
    path = tmp_path / "incoming.json"
    path.write_text(make(good_file), encoding="utf-8")
    before = _state(records)
    with pytest.raises(ValueError) as refused:
        import_records(records, path)
    assert expected in str(refused.value) and "Traceback" not in str(refused.value)
    assert _state(records) == before


def test_a_fifo_a_device_and_a_folder_are_refused_at_once(records, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(ValueError, match="is not a file"):
            import_records(records, path)          # returns at once: nothing is read from them


def test_other_kinds_of_file_are_named_for_what_they_are(records, answer_factory, tmp_path):
    _fill(records, answer_factory, count=2)
    csv_path = export(records, "csv", tmp_path / "ours.csv")[0]
    xlsx_path = export(records, "xlsx", tmp_path / "ours.xlsx")[0]
    pdf_path = export(records, "pdf", tmp_path / "ours.pdf", RecordFilter(trainees=("Aroha",)))[0]
    binary = tmp_path / "noise.json"
    binary.write_bytes(bytes(range(256)) * 50)
    before = _state(records)
    for path, words in ((csv_path, "a CSV export"), (xlsx_path, "a spreadsheet"), (pdf_path, "a PDF"),
                        (records.path, "a records database itself"), (binary, "is not (JSON|UTF-8 text)")):
        with pytest.raises(ValueError, match=words):
            import_records(records, path)
    assert _state(records) == before


def test_formula_like_names_import_as_plain_text_and_export_neutralised(records, tmp_path, good_file):
    from real_answers import regrader

    hostile = '=HYPERLINK("http://example.invalid","payroll")'
    path = _edited(good_file, tmp_path, lambda lines: (_trainee(lines).__setitem__("name", hostile),
                                                       _session(lines).__setitem__("trainee", hostile)))
    result = import_records(records, path, regrade=regrader())
    assert (result.trainees_added, result.answers_added) == (1, 2)
    assert records.trainee(hostile).name == hostile                 # stored exactly as given
    out = export(records, "csv", tmp_path / "out.csv")[0]
    with open(out, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["trainee"] for row in rows} == {"'" + hostile}


def test_imported_times_are_stored_in_the_one_form_that_sorts(records, tmp_path, good_file):
    from real_answers import regrader

    def move(lines):
        _session(lines)["started_at"] = "2026-03-01T23:00:00+13:00"
        _answer(lines, 0)["answered_at"] = "2026-03-01T23:01:00+13:00"

    import_records(records, _edited(good_file, tmp_path, move), regrade=regrader())
    first = records.answers()[0]
    assert first.answered_at.isoformat() == "2026-03-01T10:01:00+00:00"
    assert records.read("SELECT answered_at FROM answers ORDER BY answered_at")[0][0] == \
           "2026-03-01T10:01:00.000000Z"


# ------------------------------------------------------------------------------------------ summaries

def test_the_summary_tables_match_the_answers_exactly_in_any_time_zone(tmp_path, monkeypatch, clock,
                                                                       answer_factory):
    """answer_hours adds whole UTC hours; the part hours at a period's ends are counted one by one. In a
    half-hour time zone every local midnight falls mid-hour, so both paths are used."""
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    try:
        path = tmp_path / "records.sqlite3"
        with Records(path, clock=clock) as records:
            for day in range(4):
                for trainee in ("Aroha", "Hemi"):
                    _fill(records, answer_factory, trainee=trainee, count=7 + day)
                    clock.advance(minutes=50)
                clock.advance(hours=22, minutes=20)
            everything = records.answers(RecordFilter(include_archived=True))
            days = sorted({a.answered_at.astimezone().date() for a in everything})
            for first, last in ((days[0], days[0]), (days[1], days[2]), (days[1], None), (None, days[2])):
                wanted = [a for a in everything if (first is None or a.answered_at.astimezone().date() >= first)
                          and (last is None or a.answered_at.astimezone().date() <= last)]
                selection = RecordFilter(date_from=first, date_to=last)
                cohort = {(r.trainee, r.drill): (r.answered, r.correct) for r in records.cohort(selection)}
                expected = {}
                for a in wanted:
                    answered, correct = expected.get((a.trainee, a.drill), (0, 0))
                    expected[(a.trainee, a.drill)] = (answered + 1, correct + a.correct)
                assert cohort == expected, (first, last)
                roster = {e.trainee.name: e.answered for e in records.roster(selection)}
                assert roster == {name: sum(1 for a in wanted if a.trainee == name) for name in ("Aroha", "Hemi")}
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_summary_tables_follow_imports_and_upgrades(tmp_path, answer_factory, good_file):
    from real_answers import regrader

    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, count=9)
        import_records(records, good_file, regrade=regrader())
        db = records._connection
        assert db.execute("SELECT COUNT(*), SUM(correct) FROM answer_facts").fetchone() == \
               db.execute("SELECT COUNT(*), SUM(correct) FROM answers").fetchone()
        assert db.execute("SELECT SUM(answered), SUM(correct) FROM answer_hours").fetchone() == \
               db.execute("SELECT COUNT(*), SUM(correct) FROM answers").fetchone()
    # Back to version 2 (as an older Dealer Drill left it): the upgrade derives the tables from the answers.
    with sqlite3.connect(path) as db:
        later_triggers = ("ledger_is_permanent_update", "ledger_is_permanent_delete",
                          "manager_keys_are_permanent_update", "manager_keys_are_permanent_delete",
                          "sessions_keep_what_they_recorded", "trainees_keep_their_identity")
        triggers = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%target_changes%' "
            f"OR name IN ({', '.join('?' * len(later_triggers))})", later_triggers)]
        db.executescript("".join(f"DROP TRIGGER {name};" for name in triggers)
                         + "DROP TRIGGER sessions_keep_their_login; ALTER TABLE audit DROP COLUMN login;"
                         "ALTER TABLE sessions DROP COLUMN login;"
                         "DROP TRIGGER trainees_need_a_name_key; DROP TRIGGER trainees_keep_their_name_key;"
                         "DROP INDEX trainees_by_name_key; ALTER TABLE trainees DROP COLUMN name_key;"
                         "DROP TABLE ledger; DROP TABLE manager_keys; DROP TABLE target_changes;"
                         "ALTER TABLE targets DROP COLUMN level;"
                         "ALTER TABLE answers DROP COLUMN chain_hash; ALTER TABLE signoffs DROP COLUMN reason;"
                         "DROP TRIGGER answers_feed_answer_facts; DROP TABLE answer_facts; DROP TABLE answer_hours;"
                         "DROP INDEX sessions_by_trainee_drill; DROP INDEX sessions_by_mode;"
                         "DROP INDEX answers_by_session_scores;"
                         "PRAGMA user_version = 2;")
    with Records(path) as records:
        cohort = records.cohort()
        assert sum(r.answered for r in cohort) == 11 and {r.trainee for r in cohort} == {"Aroha", "Hemi"}
        assert records.verify() == []        # and the upgrade linked every row it found into the chains


def test_the_command_line_explains_a_damaged_file_and_leaves_it_where_it_is(tmp_path):
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    damaged = home / "data" / "records.sqlite3"
    damaged.write_bytes(b"\x00garbage" * 1000)
    done = subprocess.run([sys.executable, "-m", "dealerdrill", "export", "--format", "csv", "--all", "--out",
                           str(tmp_path / "x.csv")], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DEALERDRILL_HOME": str(home)})
    assert done.returncode == 1 and "damaged" in done.stderr and "Traceback" not in done.stderr
    assert damaged.read_bytes() == b"\x00garbage" * 1000 and not (tmp_path / "x.csv").exists()
