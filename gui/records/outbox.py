"""A desk's outbox for the training room: what the desk recorded while the server could not be reached.
Qt-free.

One SQLite file in the desk's data folder (room-outbox.sqlite3), WAL with synchronous=FULL like the
records file, so an entry is on the disk before the answer's `submit` returns and a killed desk loses
none. Entries are kept in the order they were made (a session's start, its answers, its finish) and sent
in that order, each carrying the UUIDs that make it idempotent on the server: an entry sent twice (the
desk was killed after the server committed it but before the entry was marked sent) adds nothing the
second time. A sent entry is deleted; one the server refuses (not a lost connection: a real refusal) is
kept with the server's words, never silently dropped.
"""
from __future__ import annotations

import json
import sqlite3
import threading
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

    def close(self) -> None:
        with self._guard:
            for connection in self._connections:
                try:
                    connection.close()
                except sqlite3.Error:
                    pass
            self._connections.clear()
        self._local = threading.local()
