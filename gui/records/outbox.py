"""A desk's outbox for the training room: what the desk recorded while the server could not be reached.
Qt-free.

One SQLite file in the desk's data folder (room-outbox.sqlite3), WAL with synchronous=FULL like the
records file, so an entry is on the disk before the answer's `submit` returns and a killed desk loses
none. Entries are kept in the order they were made (a session's start, its answers, its finish) and sent
in that order, each carrying the UUIDs that make it idempotent on the server: an entry sent twice (the
desk was killed after the server committed it but before the entry was marked sent) adds nothing the
second time. A sent entry is deleted; one the server refuses (not a lost connection: a real refusal) is
kept with the server's words, never silently dropped.

The file also keeps the trainees as the server last listed them (names are no secret: the desk's login reads
them all), so that a desk started while its server is away still lists its trainees and records their practice.

The same file keeps the desk's stock of tests for when the server cannot be reached (room_schema, version 11):
the tests the server issued ahead for this desk's login (id, seed, when), and what a test is set up under (each
drill's target and answer-key settings as the server last gave them). A test taken offline marks its stocked test
taken and queues its start in one transaction, so a stocked test is never taken twice, nor taken and lost.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

OUTBOX_NAME = "room-outbox.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id        INTEGER PRIMARY KEY,
    kind      TEXT NOT NULL CHECK (kind IN ('session', 'answer', 'finish', 'audit')),
    payload   TEXT NOT NULL,
    made_at   TEXT NOT NULL,
    refused   TEXT
);
CREATE TABLE IF NOT EXISTS test_stock (
    id          TEXT PRIMARY KEY,
    seed        INTEGER NOT NULL,
    stocked_at  TEXT NOT NULL,
    taken_at    TEXT
);
CREATE TABLE IF NOT EXISTS trainees_seen (
    id           INTEGER NOT NULL,
    uuid         TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    archived_at  TEXT,
    archived_by  TEXT
);
CREATE TABLE IF NOT EXISTS test_terms (
    drill     TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    target    TEXT NOT NULL,
    settings  TEXT NOT NULL,
    read_at   TEXT NOT NULL
);
"""


class Outbox:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()       # one sqlite3 connection per thread (the desk's, the sender's)
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self._db().executescript(_SCHEMA)

    def _db(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(str(self.path), isolation_level=None, timeout=10, check_same_thread=False)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            self._local.connection = connection
            with self._guard:
                self._connections.append(connection)
        return connection

    def put(self, kind: str, payload: dict, made_at: str) -> int:
        """Keep one entry; committed and synced when this returns."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            cursor = db.execute("INSERT INTO outbox (kind, payload, made_at) VALUES (?, ?, ?)",
                                (kind, json.dumps(payload, sort_keys=True), made_at))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return int(cursor.lastrowid or 0)

    def first_waiting(self) -> tuple[int, str, dict] | None:
        row = self._db().execute("SELECT id, kind, payload FROM outbox WHERE refused IS NULL ORDER BY id "
                                 "LIMIT 1").fetchone()
        return (row[0], row[1], json.loads(row[2])) if row else None

    def sent(self, entry_id: int) -> None:
        self._db().execute("DELETE FROM outbox WHERE id = ?", (entry_id,))

    def refuse(self, entry_id: int, why: str) -> None:
        self._db().execute("UPDATE outbox SET refused = ? WHERE id = ?", (why[:2000], entry_id))

    def waiting(self, kind: str | None = None) -> int:
        if kind is None:
            return self._db().execute("SELECT COUNT(*) FROM outbox WHERE refused IS NULL").fetchone()[0]
        return self._db().execute("SELECT COUNT(*) FROM outbox WHERE refused IS NULL AND kind = ?",
                                  (kind,)).fetchone()[0]

    def refused(self) -> list[tuple[str, str]]:
        """(kind, the server's reason) of every entry the server refused, oldest first."""
        return self._db().execute("SELECT kind, refused FROM outbox WHERE refused IS NOT NULL ORDER BY id").fetchall()

    # ------------------------------------------------------------------------------------ the trainees last seen

    def keep_trainees(self, rows: list[tuple], include_archived: bool) -> None:
        """The server's trainee rows (id, uuid, name, created_at, archived_at, archived_by, name_key), as listed
        (with the archived ones, or without them: a trainee no longer listed then was archived, and goes)."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            listed = [str(row[1]) for row in rows]
            if include_archived:
                db.execute(f"DELETE FROM trainees_seen WHERE uuid NOT IN ({', '.join('?' * len(listed))})", listed)
            else:
                db.execute(f"DELETE FROM trainees_seen WHERE archived_at IS NULL AND uuid NOT IN "
                           f"({', '.join('?' * len(listed))})", listed)
            db.executemany("INSERT OR REPLACE INTO trainees_seen (id, uuid, name, created_at, archived_at, "
                           "archived_by, name_key) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def trainee_rows(self, include_archived: bool) -> list[tuple]:
        """The trainee rows last kept, (id, uuid, name, created_at, archived_at, archived_by), by name."""
        where = "" if include_archived else "WHERE archived_at IS NULL"
        return self._db().execute(f"SELECT id, uuid, name, created_at, archived_at, archived_by FROM trainees_seen "
                                  f"{where} ORDER BY name COLLATE NOCASE, id").fetchall()

    def trainee_row(self, key: str) -> tuple | None:
        """The trainee row last kept whose name_key is `key`, or None."""
        return self._db().execute("SELECT id, uuid, name, created_at, archived_at, archived_by FROM trainees_seen "
                                  "WHERE name_key = ?", (key,)).fetchone()

    # ------------------------------------------------------------------------------------ the stock of tests

    def keep_stock(self, stocked: list[tuple[str, int, str]], terms: list[tuple[str, str, str, str]],
                   read_at: str) -> None:
        """What the server gave on a top-up: `stocked`, (id, seed, stocked at) of every unused test it holds for this
        desk's login, and `terms`, (drill, game, target, settings) of every drill. A stocked test the server no
        longer lists was used (or is another login's) and goes; one this desk took stays taken."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            listed = [row[0] for row in stocked]
            db.execute(f"DELETE FROM test_stock WHERE id NOT IN ({', '.join('?' * len(listed))})", listed)
            db.executemany("INSERT OR IGNORE INTO test_stock (id, seed, stocked_at) VALUES (?, ?, ?)",
                           [(str(stock_id), int(seed), str(at)) for stock_id, seed, at in stocked])
            db.execute("DELETE FROM test_terms")
            db.executemany("INSERT INTO test_terms (drill, game, target, settings, read_at) VALUES (?, ?, ?, ?, ?)",
                           [(*row, read_at) for row in terms])
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def refused_stock(self) -> list[str]:
        """The stocked tests this desk took whose start the server refused: they will never start a test."""
        starts = [json.loads(payload) for (payload,) in self._db().execute(
            "SELECT payload FROM outbox WHERE kind = 'session' AND refused IS NOT NULL")]
        return [str(start["stock"]) for start in starts if start.get("stock")]

    def stock_left(self) -> int:
        """How many stocked tests this desk holds untaken."""
        return self._db().execute("SELECT COUNT(*) FROM test_stock WHERE taken_at IS NULL").fetchone()[0]

    def test_terms(self, drill: str) -> tuple[str, str, str] | None:
        """(game, target, settings) of `drill` as the server last gave them, or None."""
        return self._db().execute("SELECT game, target, settings FROM test_terms WHERE drill = ?",
                                  (drill,)).fetchone()

    def take_stocked_test(self, made_at: str,
                          start_of: Callable[[str, int, str], dict]) -> tuple[str, int, str] | None:
        """Take the oldest untaken stocked test, (id, seed, stocked at), and queue the test's start, `start_of`
        (id, seed, stocked at) as a 'session' entry, in one transaction; None (nothing changed) when none is left."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT id, seed, stocked_at FROM test_stock WHERE taken_at IS NULL "
                             "ORDER BY stocked_at, id LIMIT 1").fetchone()
            if row is None:
                db.execute("ROLLBACK")
                return None
            stock_id, seed, stocked_at = row
            payload = start_of(stock_id, int(seed), stocked_at)
            db.execute("UPDATE test_stock SET taken_at = ? WHERE id = ?", (made_at, stock_id))
            db.execute("INSERT INTO outbox (kind, payload, made_at) VALUES ('session', ?, ?)",
                       (json.dumps(payload, sort_keys=True), made_at))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return stock_id, int(seed), stocked_at

    def close(self) -> None:
        with self._guard:
            for connection in self._connections:
                try:
                    connection.close()
                except sqlite3.Error:
                    pass
            self._connections.clear()
        self._local = threading.local()
