"""Records that survive faults (issue 13): an empty file with a full log, a damaged log, an export aimed at
the records themselves, names that are the same in another case, a read-only file, a full disk at start, a
newer file in rollback-journal mode, an import while the desk records."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from real_answers import play_for_real, regrader

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode
from dealerdrill.records import Records, RecordsNewerError, schema


def _snapshot_with_log(tmp_path, answers: int = 20):
    """A copy of a records file taken while its program runs: the main file and a log holding commits."""
    live = tmp_path / "live" / "records.sqlite3"
    records = Records(live)
    records._connection.execute("PRAGMA wal_autocheckpoint = 0")      # the answers stay in the log
    records.create_trainee("Aroha")
    play_for_real(records, "Aroha", Mode.PRACTICE, [True] * answers)
    copy = tmp_path / "copy" / "records.sqlite3"
    copy.parent.mkdir()
    shutil.copy(live, copy)
    shutil.copy(f"{live}-wal", f"{copy}-wal")
    records.close()
    return copy


def test_an_empty_file_whose_log_holds_answers_is_kept_with_its_log(tmp_path):
    copy = _snapshot_with_log(tmp_path)
    log_bytes = (copy.parent / "records.sqlite3-wal").read_bytes()
    copy.write_bytes(b"")                                   # the main file emptied, the log intact
    records, notices = Records.open_for_app(copy)
    try:
        assert records is not None and records.trainees() == []
        assert "is empty, but its log (records.sqlite3-wal) holds" in notices[0] and "kept, unchanged" in notices[0]
        [kept_log] = copy.parent.glob("records.sqlite3.corrupt-*-wal")
        assert kept_log.read_bytes() == log_bytes           # every committed answer is still in the copy
    finally:
        records.close()


def test_a_damaged_log_is_copied_aside_and_said_before_sqlite_drops_its_tail(tmp_path):
    copy = _snapshot_with_log(tmp_path, answers=40)
    log = copy.parent / "records.sqlite3-wal"
    damaged = bytearray(log.read_bytes())
    damaged[32 + 24 + 100] ^= 0xFF                         # one byte of the first frame's page
    log.write_bytes(bytes(damaged))
    records, notices = Records.open_for_app(copy)
    try:
        assert any("log of the records file (records.sqlite3-wal) is damaged after frame 1" in n for n in notices)
        [kept] = copy.parent.glob("records.sqlite3-wal.damaged-*")
        assert kept.read_bytes() == bytes(damaged)
    finally:
        if records is not None:
            records.close()


def test_a_healthy_log_and_a_torn_last_frame_say_nothing(tmp_path):
    copy = _snapshot_with_log(tmp_path)
    log = copy.parent / "records.sqlite3-wal"
    torn = log.read_bytes()
    log.write_bytes(torn[:-100] + bytes(100))               # the last frame half written, as after a crash
    records, notices = Records.open_for_app(copy)
    records.close()
    assert notices == [] and not list(copy.parent.glob("*.damaged-*"))


def test_an_export_onto_the_records_or_into_their_folder_is_refused(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    with Desk.open(data / "records.sqlite3") as desk:
        desk.set_first_pin("Mere", "246824", "246824")
        before = (data / "records.sqlite3").read_bytes()
        for target in (data / "records.sqlite3", data / "records.sqlite3-wal", data / "manager-pin.json",
                       data / "backup.csv", data / "sub" / "x.pdf"):
            with pytest.raises(ValueError, match="in the folder that holds the training records"):
                desk.export("json", target)
        assert (data / "records.sqlite3").read_bytes() == before
        assert desk.export("csv", tmp_path / "answers.csv")      # anywhere else is fine
    home = tmp_path / "home"
    done = subprocess.run([sys.executable, "-m", "dealerdrill", "export", "--format", "json", "--all", "--out",
                           str(home / "data" / "records.sqlite3"), "--manager", "Mere", "--pin-stdin"],
                          input="246824\n", capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DEALERDRILL_HOME": str(home)})
    assert done.returncode == 1


def test_names_the_same_in_another_case_are_one_name_everywhere(records, tmp_path, clock):
    records.create_trainee("Straße")
    for same in ("STRASSE", "strasse", "Stra\u00dfe", "STRA\u1e9ee".replace("\u1e9e", "SS")):
        with pytest.raises(ValueError, match="already exists"):
            records.create_trainee(same)
    assert records.trainee("STRASSE").name == "Straße"
    records.create_trainee("Ame\u0301lie")                      # a combining accent...
    with pytest.raises(ValueError, match="already exists"):
        records.create_trainee("Amélie")                         # ...and the accented letter
    with sqlite3.connect(records.path) as db:                   # the database refuses it whatever writes
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("INSERT INTO trainees (uuid, name, name_key, created_at) VALUES ('x', 'STRASSE', "
                       "'strasse', '2026-01-01T00:00:00.000000Z')")
        with pytest.raises(sqlite3.IntegrityError, match="key of their name"):
            db.execute("INSERT INTO trainees (uuid, name, created_at) VALUES ('y', 'Zed', "
                       "'2026-01-01T00:00:00.000000Z')")
    # An import from a workstation where the trainee is "STRASSE" lands on the same profile.
    with Records(tmp_path / "other.sqlite3", clock=clock) as other:
        other.create_trainee("STRASSE")
        play_for_real(other, "STRASSE", Mode.PRACTICE, [True, True])
        from dealerdrill.records import dump_records, import_records

        dump_records(other, tmp_path / "other.json")
    from dealerdrill.records import import_records

    result = import_records(records, tmp_path / "other.json", regrade=regrader())
    assert (result.trainees_added, result.answers_added) == (0, 2)
    assert {a.trainee for a in records.answers()} == {"Straße"}


def test_a_read_only_file_is_noticed_at_once_not_at_the_first_answer(tmp_path, monkeypatch):
    """The check does not rely on the operating system refusing a write (CI runs as root, whom nothing
    refuses): a file the account may not write is opened read-only, with the notice, before any answer."""
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(path) and mode == os.W_OK
                        else real_access(p, mode, **kw))
    records, notices = Records.open_for_app(path)
    try:
        assert records is not None and records.read_only
        assert "can only be read, not written" in notices[0]
    finally:
        records.close()


@pytest.fixture
def full_disk(tmp_path):
    """A 2 MB tmpfs holding a records file, then filled up to the last byte."""
    folder = tmp_path / "small-disk"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
                      capture_output=True).returncode != 0:
        pytest.skip("this machine cannot mount a tmpfs (not root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_a_full_disk_at_start_is_called_full_not_read_only(full_disk):
    path = full_disk / "records.sqlite3"
    with Records(path) as records:
        records.create_trainee("Aroha")
    filler = full_disk / "filler"
    with open(filler, "wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
        except OSError:
            pass
    records, notices = Records.open_for_app(path)
    try:
        assert "is full" in " ".join(notices) and "read-only" not in " ".join(notices)
        if records is not None:
            assert records.trainee("Aroha")                   # what is stored can still be looked at
    finally:
        if records is not None:
            records.close()


def test_a_newer_file_in_rollback_journal_mode_is_left_exactly_as_it_was(tmp_path):
    path = tmp_path / "records.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE answers (x)")
        db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(RecordsNewerError):
        Records(path)
    assert path.read_bytes() == before and not (tmp_path / "records.sqlite3-wal").exists()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_large_import_lets_the_desk_record_meanwhile(tmp_path, clock):
    """An import writes a chunk of sessions per transaction: a trainee answering meanwhile never waits long
    and no answer fails."""
    source = Records(tmp_path / "source.sqlite3", clock=clock)
    for n in range(12):
        source.create_trainee(f"Trainee {n}")
        for seed in range(4):
            play_for_real(source, f"Trainee {n}", Mode.PRACTICE, [True] * 60, seed=seed + 10 * n)
    from dealerdrill.records import dump_records, import_records

    dump_records(source, tmp_path / "room.json")
    source.close()
    target = tmp_path / "desk" / "records.sqlite3"
    with Records(target) as desk:
        desk.create_trainee("At the desk")
    waits, failures, done = [], [], threading.Event()

    def answering():
        with Records(target) as desk:
            session = desk.start_session("At the desk", "baccarat.table_of_play", Mode.PRACTICE)
            from real_answers import play_for_real as _  # noqa: F401  (the same real answers)

            from dealerdrill.drills import DrillSession, registry

            drill = registry()["baccarat.table_of_play"]()
            drilling = DrillSession(drill, Mode.PRACTICE, seed=99)
            while not done.is_set():
                item = drilling.next_item()
                drilling.submit(item.key, 1.0)
                start = time.perf_counter()
                try:
                    desk.record_answer(session, drilling.result.answered[-1])
                except Exception as error:       # what the trainee would be told
                    failures.append(error)
                waits.append(time.perf_counter() - start)

    thread = threading.Thread(target=answering)
    thread.start()
    with Records(target) as importing:
        result = import_records(importing, tmp_path / "room.json", regrade=regrader())
    done.set()
    thread.join()
    assert result.answers_added == 12 * 4 * 60 and failures == []
    assert waits and max(waits) < 3.0
