"""The records database: opening it, its settings, and the schema migrations. Qt-free.

The schema version lives in `PRAGMA user_version`. MIGRATIONS[i] takes a database at version i to i + 1;
a new schema change is a new entry at the end (never an edit of an old one), so a database written by any
earlier release opens in a later one. tests/records/test_records_migrations.py builds a database at every
earlier version, fills it, and checks that upgrading keeps every row and ends at the fresh schema.

Connection settings, and why:
- journal_mode=WAL: readers (an export in a worker thread) never block the writer (the drill recording
  answers), and a commit is one append to the log.
- synchronous=FULL: with WAL, NORMAL already survives a killed *process*, but a power cut or OS crash can
  drop the last commits; FULL syncs the log at every commit. A trainee gives at most an answer every
  second or so, so one fsync per answer costs nothing noticeable, and "a committed answer is never lost"
  then holds for power cuts too.
- foreign_keys=ON (per connection in SQLite): no answer without its session, no session without its trainee.
- busy_timeout: a second connection (export, import) waits briefly for a write lock instead of failing.
"""
from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from . import schema_v4, schema_v5, schema_v6, schema_v7

BUSY_TIMEOUT_MS = 5000


class RecordsError(RuntimeError):
    """The records database cannot be used (corrupt, locked, from a newer version, unreadable);
    the message says what happened and what to do, in plain words."""


class RecordsDamagedError(RecordsError):
    """The file is not an SQLite database, or SQLite finds it damaged (quick_check, "malformed")."""


class RecordsLockedError(RecordsError):
    """Another program holds the file's lock longer than the busy timeout."""


class RecordsReadOnlyError(RecordsError):
    """The file (or its folder) cannot be written, or the records were opened read-only on purpose."""


class RecordsFullError(RecordsError):
    """The disk (or a size limit) refused to grow the file: the change was not stored."""


class RecordsNewerError(RecordsError):
    """The file was written by a newer Dealer Drill (a higher schema version)."""


_V1 = """
CREATE TABLE trainees (
    id          INTEGER PRIMARY KEY,
    uuid        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_at  TEXT NOT NULL
);
CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY,
    uuid         TEXT NOT NULL UNIQUE,
    trainee_id   INTEGER NOT NULL REFERENCES trainees(id),
    drill        TEXT NOT NULL,
    game         TEXT NOT NULL,
    mode         TEXT NOT NULL CHECK (mode IN ('practice', 'timed', 'test')),
    settings     TEXT NOT NULL DEFAULT '{}',
    target       TEXT NOT NULL DEFAULT '{}',
    workstation  TEXT NOT NULL DEFAULT '',
    started_at   TEXT NOT NULL,
    finished_at  TEXT
);
CREATE INDEX sessions_by_trainee ON sessions(trainee_id, started_at);
CREATE TABLE answers (
    id           INTEGER PRIMARY KEY,
    uuid         TEXT NOT NULL UNIQUE,
    session_id   INTEGER NOT NULL REFERENCES sessions(id),
    seq          INTEGER NOT NULL,
    family       TEXT NOT NULL,
    item         TEXT NOT NULL,
    answer       TEXT NOT NULL,
    expected     TEXT NOT NULL,
    given        TEXT NOT NULL,
    correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
    category     TEXT,
    rule         TEXT NOT NULL DEFAULT '',
    seconds      REAL NOT NULL,
    timed_out    INTEGER NOT NULL DEFAULT 0,
    answered_at  TEXT NOT NULL
);
CREATE INDEX answers_by_session ON answers(session_id, seq);
CREATE INDEX answers_by_time ON answers(answered_at);
-- A trainee's results are kept as given: nothing (no trainee, no program bug) changes or deletes them.
CREATE TRIGGER answers_are_permanent_update BEFORE UPDATE ON answers
BEGIN SELECT RAISE(ABORT, 'recorded answers cannot be changed'); END;
CREATE TRIGGER answers_are_permanent_delete BEFORE DELETE ON answers
BEGIN SELECT RAISE(ABORT, 'recorded answers cannot be deleted'); END;
CREATE TRIGGER sessions_are_permanent_delete BEFORE DELETE ON sessions
BEGIN SELECT RAISE(ABORT, 'recorded sessions cannot be deleted'); END;
-- A session may only be finished once; after that it is as permanent as its answers.
CREATE TRIGGER finished_sessions_are_permanent BEFORE UPDATE ON sessions
WHEN OLD.finished_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a finished session cannot be changed'); END;
"""

_V2 = """
ALTER TABLE trainees ADD COLUMN archived_at TEXT;
ALTER TABLE trainees ADD COLUMN archived_by TEXT;
CREATE TRIGGER trainees_are_permanent_delete BEFORE DELETE ON trainees
BEGIN SELECT RAISE(ABORT, 'trainees are archived, never deleted'); END;
CREATE TABLE targets (
    drill       TEXT PRIMARY KEY,
    seconds     REAL NOT NULL,
    accuracy    REAL NOT NULL,
    test_items  INTEGER NOT NULL,
    pass_mark   REAL NOT NULL,
    set_by      TEXT NOT NULL,
    set_at      TEXT NOT NULL
);
CREATE TABLE signoffs (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions(id),
    manager     TEXT NOT NULL,
    signed_at   TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER signoffs_are_permanent_update BEFORE UPDATE ON signoffs
BEGIN SELECT RAISE(ABORT, 'a sign-off cannot be changed'); END;
CREATE TRIGGER signoffs_are_permanent_delete BEFORE DELETE ON signoffs
BEGIN SELECT RAISE(ABORT, 'a sign-off cannot be deleted'); END;
CREATE TABLE scheduler_memory (
    trainee_id  INTEGER NOT NULL REFERENCES trainees(id),
    drill       TEXT NOT NULL,
    memory      TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (trainee_id, drill)
);
CREATE TABLE audit (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,
    actor   TEXT NOT NULL,
    action  TEXT NOT NULL,
    detail  TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER audit_is_permanent_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END;
CREATE TRIGGER audit_is_permanent_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log cannot be deleted'); END;
"""

_V3 = """
CREATE INDEX sessions_by_trainee_drill ON sessions(trainee_id, drill, started_at, id);
CREATE INDEX sessions_by_mode ON sessions(mode, started_at);
-- Session summaries (items, right answers, median time) read from this index alone, not the wide rows.
CREATE INDEX answers_by_session_scores ON answers(session_id, correct, seconds);
-- A narrow copy of the columns the manager's views count, one row per answer, kept in step by the
-- trigger below (answers are never changed or deleted, so inserting is the only step to follow).
-- Ordered by trainee, drill and time taken: counting a cohort reads this small table instead of the wide
-- answers, and a median is an OFFSET into one (trainee, drill) range rather than a sort.
CREATE TABLE answer_facts (
    trainee_id   INTEGER NOT NULL,
    drill        TEXT NOT NULL,
    seconds      REAL NOT NULL,
    answer_id    INTEGER NOT NULL,
    game         TEXT NOT NULL,
    mode         TEXT NOT NULL,
    correct      INTEGER NOT NULL,
    answered_at  TEXT NOT NULL,
    session_id   INTEGER NOT NULL,
    PRIMARY KEY (trainee_id, drill, seconds, answer_id)
) WITHOUT ROWID;
-- Counts per trainee, drill and mode for each UTC hour ('YYYY-MM-DDTHH'): a roster or cohort over any period
-- adds up whole hours here and counts only the answers of a part hour at the period's ends one by one.
CREATE TABLE answer_hours (
    trainee_id  INTEGER NOT NULL,
    drill       TEXT NOT NULL,
    mode        TEXT NOT NULL,
    hour        TEXT NOT NULL,
    game        TEXT NOT NULL,
    answered    INTEGER NOT NULL,
    correct     INTEGER NOT NULL,
    last_at     TEXT NOT NULL,
    PRIMARY KEY (trainee_id, drill, mode, hour)
) WITHOUT ROWID;
CREATE TRIGGER answers_feed_answer_facts AFTER INSERT ON answers
BEGIN
    INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
    SELECT s.trainee_id, s.drill, NEW.seconds, NEW.id, s.game, s.mode, NEW.correct, NEW.answered_at, s.id
    FROM sessions s WHERE s.id = NEW.session_id;
    INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
    SELECT s.trainee_id, s.drill, s.mode, substr(NEW.answered_at, 1, 13), s.game, 1, NEW.correct, NEW.answered_at
    FROM sessions s WHERE s.id = NEW.session_id
    ON CONFLICT (trainee_id, drill, mode, hour) DO UPDATE SET answered = answered + 1,
        correct = correct + excluded.correct, last_at = max(last_at, excluded.last_at);
END;
INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, a.answered_at, s.id
FROM answers a JOIN sessions s ON s.id = a.session_id;
INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), MIN(game), COUNT(*), SUM(correct), MAX(answered_at)
FROM answer_facts GROUP BY trainee_id, drill, mode, substr(answered_at, 1, 13);
"""

# Version 1: trainees, sessions and answers (recording). Version 2: management (archiving, targets,
# sign-offs, scheduler memory, audit log). Version 3: indexes and the answer_facts table for the manager's
# views on large records (issue 7: 200 trainees, 2 million answers). Version 4: the hash chains, the ledger
# and the manager keys (issue 11; gui/records/schema_v4.py). Version 5: trainees' names compared by one key
# (issue 13; gui/records/schema_v5.py). Version 6: who was logged in, for the training room's server
# (issue 14; gui/records/schema_v6.py). Version 7: a test's level in its target (issue 28;
# gui/records/schema_v7.py). A step is SQL, or SQL and a Python function run after it in the same
# transaction. The room's server has the same versions (gui/records/room_schema.py).
MIGRATIONS: tuple = (_V1, _V2, _V3, (schema_v4.SQL, schema_v4.link_existing_rows),
                     (schema_v5.SQL, schema_v5.key_existing_names), schema_v6.SQL, schema_v7.SQL)
SCHEMA_VERSION = len(MIGRATIONS)


# The trigger that keeps the summary tables in step, as the records store it (sqlite_master.sql), and what it
# does for each answer done for a range of answer ids at once. A bulk insert of answers (an import's chunk,
# Records.insert_answers_selected) drops the trigger for its one statement, fills the summaries with these two
# and creates the trigger again, all in its transaction: two statements per chunk instead of two per answer,
# and the facts written in their key's order. The rows are exactly the trigger's: an hour new to the table
# takes the game of its first answer (by id), the one whose insert would have made the row.
# OR ROLLBACK: a conflict ends the caller's whole transaction (the chunk), which is what the caller does on any
# error anyway. With the default (ABORT) SQLite must be able to undo just the statement, so it copies every
# page the statement changes that existed before it into a statement journal, a temporary file: for the
# summary tables, whose rows land all over their keys, that was most of the pages a chunk writes (issue 13:
# 2 M answers imported, 12.6 s -> 5.4 s for the answer_facts statements).
ANSWER_SUMMARY_TRIGGER_NAME = "answers_feed_answer_facts"
ANSWER_FACTS_OF_IDS = """
INSERT OR ROLLBACK INTO main.answer_facts
    (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, a.answered_at, s.id
FROM main.answers a JOIN main.sessions s ON s.id = a.session_id WHERE a.id BETWEEN :first AND :last
ORDER BY s.trainee_id, s.drill, a.seconds, a.id"""
ANSWER_HOURS_OF_IDS = """
INSERT OR ROLLBACK INTO main.answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
SELECT h.trainee_id, h.drill, h.mode, h.hour,
       (SELECT s.game FROM main.answers a JOIN main.sessions s ON s.id = a.session_id WHERE a.id = h.first_id),
       h.answered, h.correct, h.last_at
FROM (SELECT s.trainee_id, s.drill, s.mode, substr(a.answered_at, 1, 13) AS hour, min(a.id) AS first_id,
             count(*) AS answered, sum(a.correct) AS correct, max(a.answered_at) AS last_at
      FROM main.answers a JOIN main.sessions s ON s.id = a.session_id WHERE a.id BETWEEN :first AND :last
      GROUP BY s.trainee_id, s.drill, s.mode, substr(a.answered_at, 1, 13)) h
WHERE true
ON CONFLICT (trainee_id, drill, mode, hour) DO UPDATE SET answered = answered + excluded.answered,
    correct = correct + excluded.correct, last_at = max(last_at, excluded.last_at)"""


def connect(path: Path, *, read_only: bool = False, check: bool = True) -> sqlite3.Connection:
    """Open (creating if needed) and upgrade the database at `path`; a RecordsError subclass when it cannot
    be used. `read_only` opens an existing file without ever writing to it (no upgrade either); `check`
    runs PRAGMA quick_check (it reads the whole file: about a second per 600 MB, so clones skip it)."""
    path = Path(path)
    _check_header(path)
    if not read_only and path.exists() and not os.access(path, os.W_OK):
        raise RecordsReadOnlyError(f"The records file {path} is read-only; Dealer Drill must be able to write to "
                                   f"it to record answers.")
    try:
        if read_only:
            if not path.exists():
                raise RecordsError(f"There is no records file at {path}.")
            connection = _open_read_only(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: no implicit transactions; every write says BEGIN IMMEDIATE ... COMMIT
            # itself, so each answer is committed exactly when record_answer returns.
            connection = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                                         check_same_thread=True)
    except RecordsError:
        raise
    except (OSError, sqlite3.Error) as error:
        if isinstance(error, PermissionError):
            raise RecordsReadOnlyError(f"The records folder {path.parent} cannot be written ({error}).") from None
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            raise RecordsFullError(full_disk_at_start(path)) from None
        raise RecordsError(f"The records file {path} cannot be opened ({error}). Check that the folder "
                           f"exists and that you may write to it.") from None
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if read_only:
            connection.execute("PRAGMA query_only = ON")
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _newer(path, version)
            if version < SCHEMA_VERSION:
                raise RecordsReadOnlyError(f"The records file {path} is from an earlier Dealer Drill and cannot "
                                           f"be upgraded because it is read-only.")
        else:
            # The version first: a file from a newer Dealer Drill is left exactly as it is (not even its
            # journal mode is changed).
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _newer(path, version)
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise RecordsError(f"The records file {path} cannot use write-ahead logging (journal mode "
                                   f"{mode}); put the data folder on a local disk.")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            migrate(connection, path)
            # Find out now, not at the first answer, whether the file can be written: the write lock waits
            # for the busy timeout on a locked file, and writing the header (its own version, unchanged,
            # rolled back) fails at once on a file SQLite could only open read-only.
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            finally:
                connection.execute("ROLLBACK")
        if check:
            problem = connection.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise RecordsDamagedError(f"The records file {path} is damaged ({problem}).")
    except sqlite3.Error as error:
        connection.close()
        if disk_is_full(path.parent):          # SQLite says "disk I/O error" or "read-only" for this too
            raise RecordsFullError(full_disk_at_start(path)) from None
        raise _explain(error, path, in_transaction=False) from None
    except RecordsError:
        connection.close()
        raise
    return connection


SQLITE_HEADER = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    """A file that does not start like an SQLite database is refused before SQLite opens it: SQLite would
    otherwise treat its -wal file as an unusable log and may delete it, and the damaged file is to be kept
    whole, log included. So is an empty file whose log holds data (SQLite would start afresh and throw the
    log's committed answers away)."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError:
        return          # unreadable: connecting says why
    log = Path(f"{path}-wal")
    if not start and log.exists() and log.stat().st_size > 0:
        raise RecordsDamagedError(f"The records file {path} is empty, but its log ({log.name}) holds "
                                  f"{log.stat().st_size:,} bytes of recorded data.")
    if start and start != SQLITE_HEADER:
        raise RecordsDamagedError(f"The records file {path} is damaged or is not a Dealer Drill records file "
                                  f"(it does not start like an SQLite database).")


def _open_read_only(path: Path) -> sqlite3.Connection:
    """mode=ro: SQLite never writes. A WAL file still needs its -shm index, which SQLite cannot create in a
    folder it may not write to; when no -wal file holds anything (the last program closed cleanly), the file
    alone is the whole database and immutable=1 reads it without the index."""
    uri = path.resolve().as_uri()
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None,
                                 timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=True)
    try:
        connection.execute("PRAGMA user_version").fetchone()
        return connection
    except sqlite3.OperationalError:
        connection.close()
        log = Path(f"{path}-wal")
        if log.exists() and log.stat().st_size > 0:
            raise
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None,
                           timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=True)


def _newer(path, version: int) -> RecordsNewerError:
    return RecordsNewerError(f"{path} was written by a newer Dealer Drill (records version {version}; this one "
                             f"reads up to {SCHEMA_VERSION}). Update Dealer Drill on this workstation.")


def migrate(connection: sqlite3.Connection, path: Path | str = "the records file", upto: int | None = None) -> int:
    """Bring the database up to SCHEMA_VERSION (or `upto`) one step at a time (each step one transaction);
    returns the version it started from."""
    start = connection.execute("PRAGMA user_version").fetchone()[0]
    if start > SCHEMA_VERSION:
        raise _newer(path, start)
    for version in range(start, SCHEMA_VERSION if upto is None else upto):
        connection.execute("BEGIN IMMEDIATE")
        try:
            apply_step(connection, version)
            connection.execute(f"PRAGMA user_version = {version + 1}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    return start


def apply_step(connection: sqlite3.Connection, version: int) -> None:
    """Run MIGRATIONS[version] (its SQL, then its Python part if it has one) inside the caller's transaction."""
    step = MIGRATIONS[version]
    script, python_part = step if isinstance(step, tuple) else (step, None)
    for statement in _statements(script):
        connection.execute(statement)
    if python_part is not None:
        python_part(connection)


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (executescript would commit on its own, outside our
    transaction); sqlite3.complete_statement keeps trigger bodies together."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not buffer.strip():
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in a migration: {buffer.strip()[:60]}")
    return statements


def disk_is_full(folder: Path) -> bool:
    """Whether the disk holding `folder` has (next to) no room left: what a write error really meant."""
    import shutil

    try:
        return shutil.disk_usage(folder).free < 256 * 1024
    except OSError:
        return False


def full_disk_at_start(path: Path) -> str:
    return (f"The disk holding the records ({path.parent}) is full, so Dealer Drill cannot record answers. "
            f"Nothing stored is lost. Free some space on that disk, then start Dealer Drill again.")


def _explain(error: sqlite3.Error, path: Path, in_transaction: bool = True) -> RecordsError:
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return RecordsLockedError(f"The records file {path} is in use by another program that does not let go "
                                  f"of it. Close other copies of Dealer Drill and try again.")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return RecordsDamagedError(f"The records file {path} is damaged or is not a Dealer Drill records file "
                                   f"({error}).")
    if "readonly" in text or "read-only" in text:
        return RecordsReadOnlyError(f"The records file {path} is read-only; Dealer Drill must be able to write "
                                    f"to it to record answers.")
    if "full" in text and not in_transaction:
        return RecordsFullError(full_disk_at_start(path))
    if "full" in text:
        return RecordsFullError(f"The disk holding the records ({path.parent}) is full, so the last change was "
                                f"NOT stored. Everything stored before it is safe. Free some space on that disk, "
                                f"then carry on.")
    if "disk i/o" in text:
        return RecordsError(f"The disk holding the records ({path.parent}) reported an error, so the last change "
                            f"was not stored (the disk may be full or failing). Everything stored before it is "
                            f"safe. Check the disk, then carry on.")
    return RecordsError(f"The records file {path} cannot be used: {error}.")


def explain(error: sqlite3.Error, path: Path) -> RecordsError:
    """Public for the store: turn an sqlite3 error into a plain RecordsError."""
    return _explain(error, path)


ANSWER_SUMMARY_TRIGGER = next(statement for statement in _statements(_V3)
                              if statement.startswith(f"CREATE TRIGGER {ANSWER_SUMMARY_TRIGGER_NAME} ")).rstrip(";")
