"""The records database: settings of every connection, migrations from every earlier version, and clear
errors for files it cannot use."""
from __future__ import annotations

import sqlite3

import pytest

from dealerdrill.records import Records, RecordsError, schema


def _schema_of(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return sorted(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master "
                                 "WHERE name NOT LIKE 'sqlite_%'").fetchall())


def _build_at(path, version: int) -> None:
    """A database as a release with `version` schema steps left it (0 = an empty file)."""
    db = sqlite3.connect(path, isolation_level=None)
    for step in range(version):
        schema.apply_step(db, step)
        db.execute(f"PRAGMA user_version = {step + 1}")
    if version >= 1:  # what version 1 could hold: a trainee, a session and an answer
        if version >= 5:   # from version 5 a trainee needs the key of their name
            db.execute("INSERT INTO trainees (uuid, name, name_key, created_at) VALUES ('t-1', 'Hemi', 'hemi', "
                       "'2025-01-05T08:00:00.000000Z')")
        else:
            db.execute("INSERT INTO trainees (uuid, name, created_at) VALUES ('t-1', 'Hemi', "
                       "'2025-01-05T08:00:00.000000Z')")
        db.execute("INSERT INTO sessions (uuid, trainee_id, drill, game, mode, started_at, finished_at) VALUES "
                   "('s-1', 1, 'baccarat.table_of_play', 'baccarat', 'test', '2025-01-05T08:01:00.000000Z', "
                   "'2025-01-05T08:09:00.000000Z')")
        db.execute("INSERT INTO answers (uuid, session_id, seq, family, item, answer, expected, given, correct, "
                   "category, seconds, answered_at) VALUES ('a-1', 1, 1, 'banker6.third7', '{}', '\"draw\"', "
                   "'draw', 'draw', 1, NULL, 3.5, '2025-01-05T08:02:00.000000Z')")
    if version >= 2:
        signed_at = "2025-01-06T10:00:00.000000Z"
        db.execute("INSERT INTO signoffs (session_id, manager, signed_at) VALUES (1, 'Mere', ?)", (signed_at,))
        db.execute("INSERT INTO audit (at, actor, action) VALUES (?, 'Mere', 'test_signed_off')", (signed_at,))
    db.close()


def test_a_new_database_uses_wal_full_sync_foreign_keys_and_the_latest_schema(records):
    db = records._connection
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION == len(schema.MIGRATIONS)
    with pytest.raises(sqlite3.IntegrityError):  # foreign keys really are enforced
        db.execute("INSERT INTO sessions (uuid, trainee_id, drill, game, mode, started_at) "
                   "VALUES ('x', 999, 'd', 'g', 'practice', 'now')")


@pytest.mark.parametrize("version", range(schema.SCHEMA_VERSION))
def test_every_earlier_version_upgrades_to_the_current_schema_keeping_its_records(tmp_path, version):
    old, fresh = tmp_path / "old.sqlite3", tmp_path / "fresh.sqlite3"
    _build_at(old, version)
    Records(fresh).close()
    with Records(old) as upgraded:
        assert upgraded._connection.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
        if version >= 1:
            [hemi] = upgraded.trainees()
            assert hemi.name == "Hemi" and not hemi.archived
            [answer] = upgraded.answers()
            assert (answer.uuid, answer.trainee, answer.family, answer.answer, answer.correct, answer.seconds) == \
                   ("a-1", "Hemi", "banker6.third7", "draw", True, 3.5)
            [attempt] = upgraded.test_attempts()
            assert attempt.signed_by == ("Mere" if version >= 2 else None)
            # The version-1 rule still holds after the upgrade: answers are permanent.
            with pytest.raises(sqlite3.IntegrityError, match="cannot be deleted"):
                upgraded._connection.execute("DELETE FROM answers")
    assert _schema_of(old) == _schema_of(fresh)


def test_a_failing_migration_step_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "r.sqlite3"
    _build_at(path, 1)
    broken_step = "CREATE TABLE half_done (x INTEGER);\nALTER TABLE no_such_table ADD COLUMN y TEXT;\n"
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS[:1], broken_step))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    with pytest.raises(RecordsError):
        Records(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half_done" not in tables and "answers" in tables


def test_a_database_from_a_newer_version_is_refused_with_a_plain_message(tmp_path):
    path = tmp_path / "r.sqlite3"
    Records(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 5}")
    with pytest.raises(RecordsError, match="newer Dealer Drill"):
        Records(path)


def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"this is not SQLite at all" * 100)
    with pytest.raises(RecordsError, match="damaged or is not a Dealer Drill records file"):
        Records(path)


def test_a_database_locked_by_another_program_gives_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 100)  # fail fast instead of waiting 5 s
    path = tmp_path / "records.sqlite3"
    records = Records(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(RecordsError, match="in use by another program"):
            records.create_trainee("Kiri")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert records.create_trainee("Kiri").name == "Kiri"  # usable again once the lock is gone
    records.close()


@pytest.mark.parametrize("version", [2, 3])
def test_history_linked_by_the_upgrade_verifies_before_and_after_new_entries(tmp_path, version):
    """The version-4 upgrade links a file's earlier rows (a sign-off among them) as unsigned history: the
    ledger's first entries, which verify accepts as such, also once entries recorded with the chains follow."""
    old = tmp_path / "old.sqlite3"
    _build_at(old, version)
    with Records(old) as upgraded:
        assert upgraded.verify() == []
        upgraded.create_trainee("Kiri")
        assert upgraded.verify() == []
