"""Records: trainees, sessions and every answer, in one SQLite file per workstation. Qt-free.

Storage only: who may do what is decided by the application layer (dealerdrill.desk), which is the only
caller of the writing methods in the program. Typical use (all ids are stable UUID strings, the same on
every workstation after a merge):

    records = Records(path, catalog=DRILL_CATALOG)        # the drills' catalogue: titles, default targets
    records.create_trainee("Aroha")
    sid = records.start_session("Aroha", "baccarat.table_of_play", Mode.TIMED, settings.to_dict())
    records.record_answer(sid, answered, scheduler_memory)  # the answer and the trainee's scheduler memory,
    ...                                                     # committed together in one transaction
    records.finish_session(sid)
    records.sign_off(attempt_uuid, "Mere Smith", note)     # the desk has checked the manager role first

Read-only views of the data are in gui/records/queries.py and reachable as methods here
(skill_progress, heatmap, roster, ...). A Records object belongs to the thread that made it (SQLite's
rule); a worker thread (an export) uses `records.clone()`, which opens its own connection to the same file:
with WAL the worker reads a consistent snapshot while the UI keeps recording.

Nothing here deletes or changes a recorded answer; the database refuses it too (triggers in schema.py).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import secrets
import socket
import sqlite3
import uuid as uuid_module
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from time import monotonic as _monotonic, sleep as _sleep
from typing import Any, overload

from dealerdrill.domain import AnsweredItem, Target
from dealerdrill.domain.catalog import (
    BareCatalog,
    DrillCatalog,
    DrillInfo,
    title_from_id,
)

from . import chain, queries, wal_check
from .chain import Signer
from .dialect import SQLITE, Dialect
from .models import (
    ISSUE_KEY,
    SETTINGS_IN_FORCE,
    AuditEntry,
    RecordFilter,
    SessionSummary,
    TargetInfo,
    TestIssue,
    Trainee,
)
from .schema import (
    ANSWER_FACTS_OF_IDS,
    ANSWER_HOURS_OF_IDS,
    ANSWER_SUMMARY_TRIGGER,
    ANSWER_SUMMARY_TRIGGER_NAME,
    RecordsDamagedError,
    RecordsError,
    RecordsFullError,
    RecordsLockedError,
    RecordsNewerError,
    RecordsReadOnlyError,
    connect,
    explain,
)
from .schema_v4 import (
    append_entry,
    audit_event,
    session_end_event,
    session_event,
    target_event,
    trainee_event,
)
from .schema_v5 import name_key

DATABASE_NAME = "records.sqlite3"
MAX_NAME_LENGTH = 60
MODES = ("practice", "timed", "test")


def default_database_path() -> Path:
    from dealerdrill import paths

    return paths.data_dir() / DATABASE_NAME


def set_aside_damaged(path: Path, moment: datetime | None = None) -> list[Path]:
    """Rename a damaged records file and its -wal/-shm companions to PATH.corrupt-YYYYmmdd-HHMMSS
    (-wal/-shm), so that SQLite can still open the copy with its log; returns the new paths, the main
    file first. Nothing is deleted; a second damaged file in the same second gets a -2, -3... suffix."""
    path = Path(path)
    stamp = (moment or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while any(Path(f"{base}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        number += 1
        base = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    kept = []
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.replace(source, f"{base}{suffix}")
            kept.append(Path(f"{base}{suffix}"))
    return kept


def utc_now() -> datetime:
    return datetime.now(UTC)


def to_text(moment: datetime) -> str:
    """Fixed-width UTC text, so that text order is time order in SQL."""
    if moment.tzinfo is None:
        raise ValueError("record times must be timezone-aware")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@overload
def from_text(text: str) -> datetime: ...
@overload
def from_text(text: None) -> None: ...
def from_text(text: str | None) -> datetime | None:
    """The time a record's text holds; None for a column left empty (a session not finished)."""
    if not text:
        return None
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def new_uuid() -> str:
    return str(uuid_module.uuid4())


def clean_name(name: str) -> str:
    """A trainee's name as stored: trimmed, inner spaces collapsed; ValueError if empty or unprintable."""
    if not isinstance(name, str):
        raise ValueError("a trainee's name is text")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("a trainee needs a name")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(f"a trainee's name has at most {MAX_NAME_LENGTH} characters")
    # The zero-width joiners (U+200C, U+200D) are part of how Persian and other scripts, and emoji sequences,
    # are written; every other unprintable character is refused, and so is a name that is only joiners.
    visible = cleaned.replace("\u200c", "").replace("\u200d", "")
    if not visible.isprintable():
        raise ValueError("a trainee's name cannot contain control characters")
    if not visible.strip():
        raise ValueError("a trainee needs a name")
    return cleaned


def mode_value(mode) -> str:
    value = getattr(mode, "value", mode)
    if value not in MODES:
        raise ValueError(f"{mode!r} is not a drill mode (practice, timed or test)")
    return value


class UnknownTraineeError(LookupError):
    def __init__(self, name):
        super().__init__(f"There is no trainee called {name!r} on this workstation.")


FULL_CHECK_AT_START_LIMIT = 64 * 2**20  # bytes: larger files are checked in the background after start


class Records:
    dialect: Dialect = SQLITE          # where this backend's SQL differs (dialect.py)
    extra_triggers: tuple[str, ...] = ()   # triggers this backend has beyond the file's (verification asks)
    # summaries this backend keeps beyond the file's, as (where, what, query of the differing rows' keys)
    summary_checks: tuple[tuple[str, str, str], ...] = ()

    def __init__(self, path: str | Path | None = None, *, clock: Callable[[], datetime] | None = None,
                 workstation: str | None = None, read_only: bool = False, check: bool = True,
                 catalog: DrillCatalog | None = None):
        """Open (create, upgrade) the records at `path` (default data_dir()/records.sqlite3). `catalog`
        names the drills and reads their family strings (default: BareCatalog, which knows no drill).
        `clock` returns aware datetimes (tests set it).
        `read_only` opens an existing file without writing (every change is then refused with
        RecordsReadOnlyError); `check` runs SQLite's quick_check on the whole file first.
        Raises a RecordsError subclass when the file cannot be used; the app uses open_for_app instead."""
        self.path = Path(path) if path is not None else default_database_path()
        self.catalog: DrillCatalog = catalog if catalog is not None else BareCatalog()
        self.clock = clock or utc_now
        self.workstation = workstation if workstation is not None else socket.gethostname()
        self.read_only = read_only
        self._connection = connect(self.path, read_only=read_only, check=check)
        self.checked_at_open = check  # False: the whole-file check is still to be done (see verify_file)
        self._recorded_drills: tuple[tuple, dict[str, DrillInfo]] | None = None
        # A worker that asks the same question of one trainee's answers several times in a row (a scorecard's
        # figures) sets this; queries then hand out the latest reading again instead of reading it anew.
        self.reuse_latest_facts = False
        self.latest_facts: tuple = (None, None)
        self._answer_link: _AnswerLink | None = None   # insert_answers_selected's chain function, once made

    @classmethod
    def open_for_app(cls, path: str | Path | None = None, *, clock: Callable[[], datetime] | None = None,
                     workstation: str | None = None, catalog: DrillCatalog | None = None,
                     lock_wait_seconds: float = 10.0,
                     full_check_limit: int = FULL_CHECK_AT_START_LIMIT) -> tuple[Records | None, list[str]]:
        """The records for the program's start-up: never raises. Returns (records or None, notices), the
        notices being plain sentences to show the person at the desk (empty when all is well).

        - damaged file: it is moved aside (records.sqlite3.corrupt-YYYYmmdd-HHMMSS, with its -wal/-shm),
          never deleted; a new, empty records file is started; the notice says where the copy is.
        - read-only file or folder: the records open read-only (progress can be seen, nothing is recorded;
          every change raises RecordsReadOnlyError); the notice says so.
        - locked by another program: tried again for about lock_wait_seconds, then (None, [why]).
        - from a newer Dealer Drill, or unusable for another reason: (None, [why]); the file is untouched.

        A file larger than `full_check_limit` bytes is not read whole here (that would hold up the window for
        seconds on a big workstation): `records.checked_at_open` is then False and the caller runs
        `Records.verify_file` in the background, then `replace_damaged` if it finds damage.
        """
        path = Path(path) if path is not None else None
        try:
            target = path if path is not None else default_database_path()
        except OSError as error:
            return None, [f"The training records folder cannot be made ({error}), so answers are not "
                          f"recorded now."]
        options: dict[str, Any] = {"clock": clock, "workstation": workstation, "catalog": catalog}
        try:
            large = target.exists() and target.stat().st_size > full_check_limit
        except OSError:
            large = False
        notices: list[str] = []
        damaged_log = wal_check.damaged_frames(target)
        if damaged_log is not None:
            try:
                kept = wal_check.keep_copy(target)
                notices.append(f"The log of the records file ({target.name}-wal) is damaged after {damaged_log}: "
                               f"SQLite will not read the answers written after that point. A copy of the log, "
                               f"with everything it held, was kept as {kept}; give it to whoever looks after "
                               f"the workstation's backups.")
            except OSError as error:
                notices.append(f"The log of the records file ({target.name}-wal) is damaged after {damaged_log}, "
                               f"and it could not be copied aside ({error}): the answers written after that "
                               f"point may be lost.")
        deadline = _monotonic() + lock_wait_seconds
        while True:
            try:
                return cls(target, check=not large, **options), notices
            except RecordsLockedError as error:
                if _monotonic() >= deadline:
                    return None, [f"{error} Answers are not recorded until Dealer Drill is restarted."]
                _sleep(0.5)
            except RecordsDamagedError as error:
                records, more = cls._start_afresh(target, error, options)
                return records, notices + more
            except RecordsFullError as error:
                try:
                    records = cls(target, read_only=True, check=False, **options)
                except RecordsError:
                    return None, notices + [str(error)]
                return records, notices + [f"{error} Meanwhile progress can be looked at, but answers are NOT "
                                           f"recorded."]
            except RecordsNewerError as error:
                return None, [f"{error} Answers are not recorded meanwhile; the file was not changed."]
            except RecordsError as error:
                if not target.exists():
                    return None, [f"{error} Answers are not recorded now."]
                try:
                    records = cls(target, read_only=True, check=False, **options)
                except RecordsDamagedError as damaged:
                    return cls._start_afresh(target, damaged, options)
                except RecordsError:
                    return None, [f"{error} Answers are not recorded now."]
                return records, [f"The training records at {target} can only be read, not written (the file or "
                                 f"its folder is read-only). Progress can be looked at, but answers are NOT "
                                 f"recorded until the file and its folder can be written again."]
            except Exception as error:   # start-up must go on whatever happened; say what it was
                return None, [f"The training records cannot be opened ({type(error).__name__}: {error}), so "
                              f"answers are not recorded now."]

    @staticmethod
    def verify_file(path: str | Path) -> str | None:
        """Read the whole file on a connection of its own (safe on a worker thread) and return a plain
        description of the damage, or None when it is sound or cannot be checked now."""
        try:
            connection = connect(Path(path), read_only=True, check=True)
        except RecordsDamagedError as error:
            return str(error)
        except RecordsError:
            return None
        connection.close()
        return None

    @classmethod
    def replace_damaged(cls, records: Records) -> tuple[Records | None, list[str]]:
        """Close `records`, keep its damaged file aside and start a new one (as open_for_app does at start)."""
        target = records.path
        options = {"clock": records.clock, "workstation": records.workstation, "catalog": records.catalog}
        records.close()
        return cls._start_afresh(target, RecordsDamagedError(f"The records file {target} is damaged."), options)

    @classmethod
    def _start_afresh(cls, target: Path, error: RecordsError, options: dict) -> tuple[Records | None, list[str]]:
        try:
            kept = set_aside_damaged(target)
        except OSError as move_error:
            return None, [f"{error} It could not be moved aside ({move_error}), so answers are not recorded "
                          f"now. Copy it somewhere safe, delete it, and start Dealer Drill again."]
        notice = (f"{error} It was kept, unchanged, as {kept[0]}"
                  + (f" (with {', '.join(p.name for p in kept[1:])})" if kept[1:] else "")
                  + ", and a new, empty records file was started. Earlier answers are in that copy: give it "
                    "to whoever looks after the workstation's backups.")
        try:
            return cls(target, **options), [notice]
        except RecordsError as again:
            return None, [notice, f"The new records file cannot be started either: {again}"]

    # ------------------------------------------------------------------------------------ plumbing

    @property
    def location(self) -> str:
        """Where the records are, as open_records takes it again (a worker process opens its own): the path."""
        return str(self.path)

    def describe_location(self) -> str:
        """Where the records are, in words for a person (messages, `dealerdrill verify`)."""
        return str(self.path)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def clone(self) -> Records:
        """A new Records on the same file, for use in another thread (exports, imports)."""
        return Records(self.path, clock=self.clock, workstation=self.workstation, read_only=self.read_only,
                       check=False, catalog=self.catalog)

    @contextmanager
    def scratch(self, name: str, tables: str, cache_kib: int = 32768) -> Iterator[sqlite3.Connection]:
        """A private scratch database attached to this connection as `name` for the block (an import's checked
        rows), with the tables `tables` (SQL) creates, and detached (deleted) afterwards. SQLite holds it (the
        empty file name) in memory up to its page cache, `cache_kib`, then in a temporary file it deletes as
        soon as it has opened it (Unix; on Windows when it closes it): no other program can open it by name,
        and a large one sits on disk, not in memory. It is written without a journal or syncs: it lives for
        one import and is thrown away whatever happens."""
        if not name.isidentifier():
            raise ValueError(f"{name!r} is not a name for a scratch database")
        db = self._connection
        try:
            if db.execute("PRAGMA temp_store").fetchone()[0] == 2:
                db.execute("PRAGMA temp_store = FILE")    # never hold a whole import in memory
            db.execute(f"ATTACH DATABASE '' AS {name}")
        except sqlite3.Error as error:
            raise explain(error, self.path) from None
        try:
            db.execute(f"PRAGMA {name}.journal_mode = OFF")
            db.execute(f"PRAGMA {name}.synchronous = OFF")
            db.execute(f"PRAGMA {name}.cache_size = -{int(cache_kib)}")
            db.executescript(tables)
            yield db
        except sqlite3.Error as error:     # the records' own errors come as RecordsError: this is the scratch
            raise scratch_error(error) from None
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
            db.execute(f"DETACH DATABASE {name}")

    @contextmanager
    def larger_cache(self, kib: int) -> Iterator[None]:
        """This connection's page cache at least `kib` KiB for the block (bulk work: an import's inserts keep
        the indexes they touch in memory), as it was afterwards."""
        before = self._connection.execute("PRAGMA main.cache_size").fetchone()[0]
        wanted = -int(kib)
        larger = before >= 0 or before > wanted    # a positive size counts pages: not compared, just replaced
        if larger:
            self._connection.execute(f"PRAGMA main.cache_size = {wanted}")
        try:
            yield
        finally:
            if larger:
                self._connection.execute(f"PRAGMA main.cache_size = {before}")

    @contextmanager
    def checkpoints_on_a_thread(self) -> Iterator[Callable[[], None]]:
        """For bulk work committed in many transactions (an import's chunks): the log (WAL) is copied into the
        records file by a thread on a connection of its own, each time the caller says a transaction was
        committed (it calls the function yielded), instead of by this connection at the end of each commit,
        which then waited for those writes and the file's sync before the next transaction could start. Each
        commit still syncs the log before it returns (synchronous=FULL), so what is committed is as safe as
        before; the copy is SQLite's own checkpoint, crash-safe like any other, and PASSIVE: it never waits
        for, or holds up, a writer or a reader (a desk recording meanwhile). The log starts again from its
        beginning only when a transaction begins after it was copied whole, so once it holds more than
        _LogCopier.FRAMES_BEFORE_WAITING pages the function waits for the copy: the log stays that small.
        When the block ends the thread makes a last copy and this connection checkpoints at its commits
        again."""
        db = self._connection
        try:
            copier = _LogCopier(self.path)
        except sqlite3.Error:
            yield lambda: None            # nothing gained, nothing lost: this connection checkpoints as before
            return
        before = db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        db.execute("PRAGMA wal_autocheckpoint = 0")
        try:
            yield copier.committed
        finally:
            copier.close()
            db.execute(f"PRAGMA wal_autocheckpoint = {int(before)}")

    @contextmanager
    def transaction(self, *, as_manager: bool = False) -> Iterator[Any]:
        """One transaction, committed (and synced: synchronous=FULL) before the block's caller returns; it
        yields the sqlite3 connection. (`as_manager` is for the room's server, where a manager's own login
        may write what a desk's may not; a file has one writer.)"""
        if self.read_only:
            raise RecordsReadOnlyError(f"The records at {self.path} are open read-only: nothing can be changed "
                                       f"or recorded until the file and its folder can be written again.")
        try:
            self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise explain(error, self.path) from None
        try:
            yield self._connection
            self._connection.execute("COMMIT")
        except BaseException as error:
            try:
                self._connection.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(error, sqlite3.IntegrityError):
                raise RecordsError(f"The records refused a change: {error}.") from None
            if isinstance(error, sqlite3.Error):
                raise explain(error, self.path) from None
            raise

    def stream(self, sql: str, parameters=(), batch: int = 5000) -> Iterator[list[tuple]]:
        """The rows of a read-only query a batch (a list of tuples) at a time, so that millions of rows never
        sit in memory at once (errors in plain words)."""
        try:
            cursor = self._connection.execute(sql, parameters)
            while rows := cursor.fetchmany(batch):
                yield rows
        except sqlite3.Error as error:
            raise explain(error, self.path) from None

    def add_sql_function(self, name: str, arguments: int, function: Callable) -> None:
        """Make a deterministic Python function callable from this connection's SQL (exports format the
        rare values SQLite cannot reproduce exactly with these)."""
        self._connection.create_function(name, arguments, function, deterministic=True)

    def read(self, sql: str, parameters=()) -> list[tuple]:
        """The rows of a read-only query (errors in plain words)."""
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise explain(error, self.path) from None

    def now_text(self) -> str:
        """The clock's time as stored."""
        return to_text(self.clock())

    def audit(self, db: Any, actor: str, action: str, detail: str = "",
              signer: Signer | None = None) -> None:
        """Add an audit entry, and its ledger entry, inside the transaction `db` (from transaction())."""
        at = self.now_text()
        cursor = db.execute("INSERT INTO audit (at, actor, action, detail) VALUES (?, ?, ?, ?)",
                            (at, actor, action, detail))
        audit_id = cursor.lastrowid
        append_entry(db, "audit", str(audit_id), audit_event(audit_id, at, actor, action, detail), signer=signer)

    # ------------------------------------------------------------------------------------ trainees

    def create_trainee(self, name: str) -> Trainee:
        """A new trainee profile (anyone may add one). ValueError if the name is taken or unusable."""
        name = clean_name(name)
        existing = self._trainee_row(name)
        if existing is not None:
            archived = " (archived; a manager can restore it)" if existing[4] else ""
            raise ValueError(f"A trainee called {existing[2]!r} already exists{archived}.")
        uuid, created = new_uuid(), self.now_text()
        with self.transaction() as db:
            db.execute("INSERT INTO trainees (uuid, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                       (uuid, name, name_key(name), created))
            append_entry(db, "trainee", uuid, trainee_event(uuid, name, created))
            self.audit(db, "workstation", "trainee_created", name)
        return self.trainee(name)

    def trainees(self, include_archived: bool = False) -> list[Trainee]:
        """Trainees by name (case-insensitive order); archived ones only when asked for."""
        where = "" if include_archived else "WHERE archived_at IS NULL"
        rows = self.read(f"SELECT id, uuid, name, created_at, archived_at, archived_by FROM trainees {where} "
                          f"ORDER BY {self.dialect.nocase('name')}, id")
        return [trainee_of_row(row) for row in rows]

    def trainee(self, name: str) -> Trainee:
        row = self._trainee_row(name)
        if row is None:
            raise UnknownTraineeError(name)
        return trainee_of_row(row)

    def _trainee_row(self, name) -> tuple | None:
        name = name.name if isinstance(name, Trainee) else name
        rows = self.read("SELECT id, uuid, name, created_at, archived_at, archived_by FROM trainees "
                         "WHERE name_key = ?", (name_key(" ".join(str(name).split())),))
        return rows[0] if rows else None

    def _trainee_id(self, name) -> int:
        row = self._trainee_row(name)
        if row is None:
            raise UnknownTraineeError(name)
        return row[0]

    def archive_trainee(self, name: str, by: str, signer: Signer | None = None) -> Trainee:
        """Hide a trainee from the roster and the name list (the desk lets only a manager, `by`, do it).
        Their history stays (and shows with include_archived); restore_trainee brings them back."""
        trainee = self.trainee(name)
        if trainee.archived:
            raise ValueError(f"{trainee.name} is already archived.")
        with self.transaction() as db:
            db.execute("UPDATE trainees SET archived_at = ?, archived_by = ? WHERE uuid = ?",
                       (self.now_text(), by, trainee.uuid))
            self.audit(db, by, "trainee_archived", trainee.name, signer)
        return self.trainee(name)

    def restore_trainee(self, name: str, by: str, signer: Signer | None = None) -> Trainee:
        """Undo archive_trainee (a manager, `by`)."""
        trainee = self.trainee(name)
        if not trainee.archived:
            raise ValueError(f"{trainee.name} is not archived.")
        with self.transaction() as db:
            db.execute("UPDATE trainees SET archived_at = NULL, archived_by = NULL WHERE uuid = ?",
                       (trainee.uuid,))
            self.audit(db, by, "trainee_restored", trainee.name, signer)
        return self.trainee(name)

    # ------------------------------------------------------------------------------------ audit

    def add_audit_entry(self, actor: str, action: str, detail: str = "", signer: Signer | None = None) -> None:
        """One audit entry in a transaction of its own (the desk's role changes, refused unlocks...); signed by
        the manager's key when a signer is given."""
        with self.transaction() as db:
            self.audit(db, actor, action, detail, signer)

    def audit_since(self, actions: tuple[str, ...], after_action: tuple[str, ...] = (), *,
                    after_id: int = 0) -> list[AuditEntry]:
        """The entries of `actions` logged after the latest of `after_action` (all of them when there is
        none), oldest first, or after the entry whose id is `after_id` (one latest_signed_audit_entry found):
        e.g. the refused unlocks since the last successful one."""
        since = after_id
        if after_action:
            marks = self.read(f"SELECT MAX(id) FROM audit WHERE action IN ({', '.join('?' * len(after_action))})",
                              after_action)
            since = marks[0][0] or 0
        rows = self.read(f"SELECT at, actor, action, detail FROM audit WHERE id > ? AND action IN "
                         f"({', '.join('?' * len(actions))}) ORDER BY id", (since, *actions))
        return [AuditEntry(from_text(at), actor, action, detail) for at, actor, action, detail in rows]

    def history_before_the_chains(self) -> bool:
        """The ledger begins with the entries the version-4 upgrade linked for rows of a file from before the
        chains (schema_v4.link_existing_rows): history no manager's key ever signed."""
        return bool(self.read("SELECT 1 FROM ledger WHERE seq = (SELECT MIN(seq) FROM ledger) "
                              "AND content LIKE '%\"recorded_before_the_chain\":true%'"))

    def latest_audit_action(self, actions: tuple[str, ...]) -> str | None:
        """The most recent of these audit actions, or None when none was ever logged."""
        rows = self.read(f"SELECT action FROM audit WHERE action IN ({', '.join('?' * len(actions))}) "
                         f"ORDER BY id DESC LIMIT 1", actions)
        return rows[0][0] if rows else None

    def latest_signed_audit(self, action: str, distrusted: frozenset[str] = frozenset(), *,
                            own_keys_only: bool = True) -> AuditEntry | None:
        """The entry latest_signed_audit_entry finds, without its id."""
        entry = self.latest_signed_audit_entry(action, distrusted, own_keys_only=own_keys_only)
        return entry[1] if entry is not None else None

    def latest_signed_audit_entry(self, action: str, distrusted: frozenset[str] = frozenset(), *,
                                  own_keys_only: bool = True) -> tuple[int, AuditEntry] | None:
        """(its id, the entry): the latest audit entry of `action` whose ledger entry carries a valid signature
        of this workstation's own manager key (of any key these records accept, without `own_keys_only`) over
        exactly that entry (settings a manager put in force, the unlock that ends a lock-out): an entry written
        behind the program's back, or edited since, is passed over, and so is one signed with a key in
        `distrusted` (the desk's: keys its PIN file does not explain)."""
        keys = {fp: key for fp, (key, _, origin) in self.manager_keys().items()
                if (origin == "this workstation" or not own_keys_only) and fp not in distrusted}
        if not keys:
            return None
        # Only entries that name such a key are looked at: unsigned copies (the program writes some, anyone
        # can add more) would otherwise push the manager's out of the 20 read. One naming a key with a
        # signature that does not match is named by verify.
        rows = self.read("SELECT a.id, a.at, a.actor, a.action, a.detail, l.seq, l.kind, l.ref, l.content, "
                         "l.answers_last_id, l.answers_head, l.chain_hash, l.signed_by_key, l.signature "
                         "FROM audit a JOIN ledger l ON l.kind = 'audit' AND l.ref = CAST(a.id AS TEXT) "
                         f"WHERE a.action = ? AND l.signed_by_key IN ({', '.join('?' * len(keys))}) "
                         "ORDER BY a.id DESC LIMIT 20", (action, *keys))
        for audit_id, at, actor, act, detail, seq, kind, ref, content, last_id, head, stored, key, signature in rows:
            previous = self.read("SELECT chain_hash FROM ledger WHERE seq = ?", (seq - 1,))
            link = chain.ledger_link(bytes(previous[0][0]) if previous else chain.NO_HASH, kind, ref, content,
                                     last_id, bytes(head))
            if (link != bytes(stored) or key not in keys or signature is None
                    or not chain.signature_is_valid(keys[key], bytes(signature), link)
                    or audit_event(audit_id, at, actor, act, detail) != json.loads(content)):
                continue
            return audit_id, AuditEntry(from_text(at), actor, act, detail)
        return None

    def audit_log(self, limit: int = 200) -> list[AuditEntry]:
        """The latest audit entries, newest first."""
        rows = self.read("SELECT at, actor, action, detail FROM audit ORDER BY id DESC LIMIT ?", (limit,))
        return [AuditEntry(from_text(at), actor, action, detail) for at, actor, action, detail in rows]

    # ------------------------------------------------------------------------------------ sessions

    def start_session(self, trainee: str, drill_id: str, mode, settings_snapshot: dict | None = None, *,
                      target: Target | None = None) -> str:
        """Open a session; returns its id (a UUID string). The target in force (records' or default) and
        the settings are stored with it. The program starts a test only with issue_test: a test stored here
        is not one the records issued, and its verdict (dealerdrill.verdicts) is never a pass."""
        if isinstance(settings_snapshot, dict) and ISSUE_KEY in settings_snapshot:
            # A caller's issue would be a seed of its choosing, whose items and right answers it knows ahead.
            raise ValueError("A test's issue (its seed, target and answer-key settings) is made by the records "
                             "alone (issue_test), never given by whoever starts a session.")
        row = self._trainee_row(trainee)
        if row is None:
            raise UnknownTraineeError(trainee)
        if row[4]:
            raise PermissionError(f"{row[2]} is archived; a manager must restore the profile first.")
        mode = mode_value(mode)
        info = self.drill_info(drill_id)
        return self._insert_session(row, drill_id, info.game, mode, settings_snapshot or {},
                                    target or self.target(drill_id))

    def _insert_session(self, trainee_row: tuple, drill_id: str, game: str, mode: str, settings: dict,
                        target: Target) -> str:
        settings_text = json.dumps(settings, sort_keys=True, default=str)
        target_text = json.dumps(target.to_dict(), sort_keys=True)
        session_id, started = new_uuid(), self.now_text()
        with self.transaction() as db:
            db.execute("INSERT INTO sessions (uuid, trainee_id, drill, game, mode, settings, target, workstation, "
                       "started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (session_id, trainee_row[0], drill_id, game, mode, settings_text, target_text,
                        self.workstation, started))
            append_entry(db, "session", session_id, session_event(session_id, trainee_row[1], drill_id, game, mode,
                                                                  settings_text, target_text, self.workstation,
                                                                  started))
        return session_id

    def issue_test(self, trainee: str, drill_id: str, *, distrusted: frozenset[str] = frozenset(),
                   answer_key_defaults: dict | None = None) -> TestIssue:
        """Start a test for `trainee` on `drill_id` as the records issue it: a seed of the records' own (the
        operating system's random numbers), the start time from the records' clock, the manager's target in
        force for the drill (its level included) and the answer-key settings of the manager's latest signed
        change (`distrusted`: keys whose signatures the desk does not take, see latest_signed_audit), over the
        program's defaults for what the change does not name (`answer_key_defaults`, by table: every setting is
        then stored with the test). The caller chooses none of these; the session is stored with them before
        this returns."""
        row = self._trainee_row(trainee)
        if row is None:
            raise UnknownTraineeError(trainee)
        if row[4]:
            raise PermissionError(f"{row[2]} is archived; a manager must restore the profile first.")
        info = self.drill_info(drill_id)
        change = self.read("SELECT id, seconds, accuracy, test_items, pass_mark, level FROM target_changes "
                           "WHERE drill = ? ORDER BY id DESC LIMIT 1", (drill_id,))
        target = target_of_row(*change[0][1:]) if change else self.catalog.default_target(drill_id)
        entry = self.latest_signed_audit_entry(SETTINGS_IN_FORCE, distrusted)
        signed = answer_keys_of(entry[1].detail) if entry is not None else {}
        answer_keys = {table: {**values, **signed.get(table, {})}
                       for table, values in (answer_key_defaults or {}).items()}
        answer_keys.update({table: values for table, values in signed.items() if table not in answer_keys})
        seed = secrets.randbits(63)
        settings = {**answer_keys, "difficulty": target.level,
                    ISSUE_KEY: {"seed": seed, "target_change": change[0][0] if change else None,
                                "settings_entry": entry[0] if entry is not None else None}}
        session_id = self._insert_session(row, drill_id, info.game, "test", settings, target)
        started = self.read("SELECT started_at FROM sessions WHERE uuid = ?", (session_id,))[0][0]
        return TestIssue(session_id, drill_id, seed, target, settings, from_text(started))

    def record_answer(self, session_id: str, answered: AnsweredItem, scheduler_memory: dict | None = None) -> str:
        """Store one graded answer and, when given, the trainee's scheduler memory for the drill after it
        (Scheduler.snapshot()), both in ONE transaction committed before returning: a crash leaves either
        both or neither. Returns the answer's UUID."""
        item, grade = answered.item, answered.grade
        session = self.read("SELECT id, drill, finished_at FROM sessions WHERE uuid = ?", (session_id,))
        if not session:
            raise LookupError(f"There is no session {session_id!r} in the records.")
        internal_id, drill, finished = session[0]
        memory_text = json.dumps(scheduler_memory, sort_keys=True) if scheduler_memory is not None else None
        if finished:
            raise ValueError("That session is finished; start a new one to record more answers.")
        if item.drill != drill:
            raise ValueError(f"The answer is for the drill {item.drill!r}, the session is for {drill!r}.")
        category = getattr(grade.category, "value", grade.category)
        answer_id = new_uuid()
        with self.transaction() as db:
            seq = db.execute("SELECT COUNT(*) FROM answers WHERE session_id = ?", (internal_id,)).fetchone()[0] + 1
            self.insert_answer(db, (answer_id, internal_id, seq, item.family, item.to_record(),
                                    json.dumps(answered.answer, sort_keys=True, default=str), grade.expected,
                                    grade.given, int(bool(grade.correct)), category, grade.rule or "",
                                    float(grade.seconds), int(bool(grade.timed_out)), self.now_text()))
            if memory_text is not None:
                db.execute("INSERT INTO scheduler_memory (trainee_id, drill, memory, updated_at) "
                           "SELECT trainee_id, drill, ?, ? FROM sessions WHERE id = ? "
                           "ON CONFLICT(trainee_id, drill) DO UPDATE SET memory = excluded.memory, "
                           "updated_at = excluded.updated_at", (memory_text, self.now_text(), internal_id))
        return answer_id

    @staticmethod
    def insert_answer(db: sqlite3.Connection, values: tuple) -> int:
        """Insert one answer row (the ANSWER_COLUMNS after id, in order) linked into the answers chain, inside
        the caller's transaction; returns its id. The one place a single answer row is written (its bulk
        sibling, insert_answers_selected, writes many from a SELECT and links them the same way)."""
        last = db.execute("SELECT id, chain_hash FROM answers ORDER BY id DESC LIMIT 1").fetchone()
        answer_id = (last[0] if last else 0) + 1
        content = db.execute(f"SELECT {_BOUND_ANSWER_CONTENT}", (answer_id, *values)).fetchone()[0]
        chain_hash = chain.link(last[1] if last else chain.NO_HASH, content)
        cursor = db.execute("INSERT INTO answers (id, uuid, session_id, seq, family, item, answer, expected, given, "
                            "correct, category, rule, seconds, timed_out, answered_at, chain_hash) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (answer_id, *values, chain_hash))
        if cursor.rowcount != 1:
            # A trigger that is not the program's skipped the row (RAISE(IGNORE)): nothing is committed.
            raise RecordsError("The answer was not stored: the records file skipped it without an error (a trigger "
                               "someone added to it; `dealerdrill verify` names it). Nothing of this answer was kept.")
        return answer_id

    def insert_answers_selected(self, db: sqlite3.Connection, values: tuple[str, ...], source: str,
                                parameters: dict, *, summaries_per_statement: bool = False) -> int:
        """Insert the answer rows a SELECT gives, linked into the answers chain, inside the caller's
        transaction; returns how many. The bulk sibling of insert_answer: an import stores a chunk's answers
        with this one statement from its scratch rows instead of three statements per answer.
        `values` are SQL expressions for the ANSWER_COLUMNS in order, the id first, and `source` the rest of
        the SELECT ("FROM ... WHERE ... ORDER BY ..."); both may use the named `parameters` and `:next_id`,
        the id the next answer must have. The ids must run on from there one by one in the order the rows
        come. Each row's chain hash is made by a function registered on this connection, from the previous
        row's hash and the row's content as chain.answer_content_sql formats it from the same values: the
        expression insert_answer and the verifier use, so the three can never read a value differently. The
        function refuses a row whose id is not the next one (SQLite handing rows over in another order than
        their ids would otherwise link the chain wrongly): the statement fails and nothing is stored.
        `summaries_per_statement`: answer_facts and answer_hours are filled for all the rows by two statements
        after the insert, the per-row trigger dropped for it and created again (_summary_trigger_dropped).
        A constraint the rows break rolls back the caller's whole transaction (OR ROLLBACK, as
        schema.ANSWER_FACTS_OF_IDS says why), and the error is raised as usual."""
        if db is not self._connection:
            raise ValueError("insert_answers_selected writes through this Records' own connection")
        last = db.execute("SELECT id, chain_hash FROM answers ORDER BY id DESC LIMIT 1").fetchone()
        if self._answer_link is None:
            self._answer_link = _AnswerLink()
            # Not deterministic: the function keeps the chain's head from row to row.
            db.create_function("dealerdrill_link_answer", 2, self._answer_link)
        link = self._answer_link
        link.start((last[0] if last else 0) + 1, bytes(last[1]) if last and last[1] is not None else chain.NO_HASH)
        columns = ", ".join(chain.ANSWER_COLUMNS)
        first_id = link.next_id
        with _summary_trigger_dropped(db, summaries_per_statement) as fill_summaries:
            cursor = db.execute(f"INSERT OR ROLLBACK INTO main.answers ({columns}, chain_hash) "
                                f"SELECT {', '.join(values)}, "
                                f"dealerdrill_link_answer({values[0]}, {chain.answer_content_sql(values)}) {source}",
                                {**parameters, "next_id": first_id})
            if fill_summaries and link.linked:
                ids = {"first": first_id, "last": first_id + link.linked - 1}
                db.execute(ANSWER_FACTS_OF_IDS, ids)
                db.execute(ANSWER_HOURS_OF_IDS, ids)
        if cursor.rowcount != link.linked:
            raise RecordsError(f"The records refused a change: {cursor.rowcount} answers stored, {link.linked} "
                               f"linked into the chain.")
        return link.linked

    def finish_session(self, session_id: str) -> SessionSummary:
        """Close the session (once) and return its summary. A session never finished (the program was
        closed or killed) keeps its answers and counts everywhere; it just has no finish time."""
        if not self.read("SELECT 1 FROM sessions WHERE uuid = ?", (session_id,)):
            raise LookupError(f"There is no session {session_id!r} in the records.")
        finished = self.now_text()
        with self.transaction() as db:
            changed = db.execute("UPDATE sessions SET finished_at = ? WHERE uuid = ? AND finished_at IS NULL",
                                 (finished, session_id)).rowcount
            if changed:
                items, correct = db.execute("SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM answers a JOIN "
                                            "sessions s ON s.id = a.session_id WHERE s.uuid = ?",
                                            (session_id,)).fetchone()
                append_entry(db, "session_end", session_id, session_end_event(session_id, finished, items, correct))
        return self.session(session_id)

    def session(self, session_id: str) -> SessionSummary:
        found = queries.session_summaries(self, RecordFilter(include_archived=True), uuids=(session_id,))
        if not found:
            raise LookupError(f"There is no session {session_id!r} in the records.")
        return found[0]

    def sign_off(self, attempt_id: str, signed_by: str, signer: Signer, note: str = "",
                 reason: str = "") -> SessionSummary:
        """Sign a finished session off, once, with the manager's key: the desk checks that `signed_by` holds
        the role (and asks for `reason` when the session is not a passed test). The signed statement names
        the session, its score and a digest of its answers, so it can be checked on any workstation."""
        attempt = self.session(attempt_id)
        if attempt.finished_at is None:
            raise ValueError("The session is not finished yet.")
        if attempt.signed_by is not None:
            raise ValueError(f"This session was already signed off by {attempt.signed_by}.")
        signed_at = self.now_text()
        with self.transaction() as db:
            statement = signoff_statement(db, attempt, signed_by, signed_at, note.strip(), reason.strip(),
                                          signer.fingerprint)
            db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note, reason) "
                       "SELECT id, ?, ?, ?, ? FROM sessions WHERE uuid = ?",
                       (signed_by, signed_at, note.strip(), reason.strip(), attempt_id))
            append_entry(db, "signoff", attempt_id, signed_statement(statement, signer), signer=signer)
            self.audit(db, signed_by, "test_signed_off" if attempt.mode == "test" else "session_signed_off",
                       f"{attempt.trainee}: {attempt.drill} {attempt.correct}/{attempt.items} ({attempt_id})"
                       + (f"; reason: {reason.strip()}" if reason.strip() else ""), signer)
        return self.session(attempt_id)

    # ------------------------------------------------------------------------------------ targets

    def target(self, drill_id: str) -> Target:
        """The target in force for a drill: the manager's, else the drill's default. Read from the signed
        target changes, which no one can edit or delete, not from the table of the targets in force their
        trigger keeps: that table has no trigger of its own, and a pass mark lowered there for one test and
        put back left nothing for verify to find."""
        rows = self.read("SELECT seconds, accuracy, test_items, pass_mark, level FROM target_changes WHERE drill = ? "
                          "ORDER BY id DESC LIMIT 1", (drill_id,))
        if rows:
            return target_of_row(*rows[0])
        return self.catalog.default_target(drill_id)

    def target_for_test(self, drill_id: str) -> Target:
        """The target a test starting now is judged by: the one in force. A backend that cannot read it now
        raises instead of taking the drill's default (a training room's server out of reach)."""
        return self.target(drill_id)

    def targets(self) -> dict[str, TargetInfo]:
        """Every known drill's target in force, with who set it (None = default)."""
        rows = {r[0]: r for r in self.read("SELECT drill, seconds, accuracy, test_items, pass_mark, level, set_by, "
                                            "set_at FROM target_changes WHERE id IN (SELECT MAX(id) FROM "
                                            "target_changes GROUP BY drill)")}
        result = {}
        for drill in sorted(set(self.drill_infos()) | set(rows)):
            if drill in rows:
                _, seconds, accuracy, test_items, pass_mark, level, set_by, set_at = rows[drill]
                result[drill] = TargetInfo(drill, target_of_row(seconds, accuracy, test_items, pass_mark, level),
                                           set_by, from_text(set_at))
            else:
                result[drill] = TargetInfo(drill, self.catalog.default_target(drill), None, None)
        return result

    def set_target(self, drill_id: str, target: Target, set_by: str, signer: Signer) -> None:
        """The speed target, accuracy, test length and pass mark for a drill, set by a manager (`set_by`;
        the desk checks the role) and signed with their key. Sessions already started keep the target they
        started with."""
        if not isinstance(target, Target):
            raise TypeError("set_target takes a dealerdrill.domain.Target")
        set_at = self.now_text()
        with self.transaction() as db:
            cursor = db.execute("INSERT INTO target_changes (drill, seconds, accuracy, test_items, pass_mark, set_by, "
                                "set_at, level) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                (drill_id, target.seconds, target.accuracy, target.test_items, target.pass_mark,
                                 set_by, set_at, target.level))
            event = target_event(cursor.lastrowid, drill_id, target.seconds, target.accuracy, target.test_items,
                                 target.pass_mark, set_by, set_at, target.level)
            append_entry(db, "target", str(cursor.lastrowid),
                         signed_statement({"kind": "dealerdrill-target", **event, "key": signer.fingerprint}, signer),
                         signer=signer)
            self.audit(db, set_by, "target_set", f"{drill_id}: {json.dumps(target.to_dict())}", signer)

    # ------------------------------------------------------------------------------------ manager keys

    def manager_keys(self) -> dict[str, tuple[bytes, str, str]]:
        """fingerprint -> (public key, manager, origin) of every key whose signatures this file accepts: those
        whose ledger entry is signed as the program signs it (chain.accepted_keys), so that a key written into
        the table behind the program's back, however its entry was linked, is never taken as a manager's."""
        return chain.accepted_keys(
            self.read("SELECT fingerprint, public_key, manager, origin FROM manager_keys"),
            self.read("SELECT ref, chain_hash, signed_by_key, signature FROM ledger WHERE kind = 'key' ORDER BY seq"))

    def add_manager_key(self, public_key: bytes, manager: str, origin: str, signer: Signer, actor: str) -> str:
        """Accept signatures of this key from now on: the workstation's own manager key ('this workstation',
        signed by itself) or another workstation's ('trusted', signed by this workstation's manager)."""
        fingerprint = chain.fingerprint_of(public_key)
        added_at = self.now_text()
        with self.transaction() as db:
            db.execute("INSERT INTO manager_keys (fingerprint, public_key, manager, origin, added_at) "
                       "VALUES (?, ?, ?, ?, ?)", (fingerprint, public_key, manager, origin, added_at))
            append_entry(db, "key", fingerprint, {"fingerprint": fingerprint, "public_key": public_key.hex(),
                                                  "manager": manager, "origin": origin, "added_at": added_at},
                         signer=signer)
            self.audit(db, actor, "manager_key_added" if origin == "this workstation" else "manager_key_trusted",
                       f"{manager}: {fingerprint}", signer)
        return fingerprint

    def session_answers_digest(self, session_uuid: str) -> str:
        """The digest a sign-off of this session signs (portable_answers_digest of its answers now)."""
        try:
            return portable_answers_digest(_session_answer_rows(self._connection, session_uuid))
        except sqlite3.Error as error:
            raise explain(error, self.path) from None

    def checkpoint(self, signer: Signer, actor: str) -> None:
        """A signed ledger entry over everything stored so far: edits made behind it show as tampering."""
        with self.transaction() as db:
            append_entry(db, "checkpoint", actor, {"at": self.now_text(), "by": actor}, signer=signer)

    def verify(self, progress: Callable[[int, int], None] | None = None) -> list[chain.Problem]:
        """Check the whole file (chains, signatures, triggers, summary tables); [] when sound."""
        from .verify import verify_records

        return verify_records(self, progress)

    # ------------------------------------------------------------------------------------ scheduler memory

    def load_scheduler_memory(self, trainee: str, drill_id: str) -> dict | None:
        """The dict last saved from Scheduler.snapshot() for this trainee and drill, or None."""
        rows = self.read("SELECT memory FROM scheduler_memory WHERE trainee_id = ? AND drill = ?",
                          (self._trainee_id(trainee), drill_id))
        return json.loads(rows[0][0]) if rows else None

    # ------------------------------------------------------------------------------------ drills

    def drill_infos(self) -> dict[str, DrillInfo]:
        """Every drill known here: the catalogue's drills and every drill that has records (a drill from a
        newer version, imported from elsewhere, still shows)."""
        # Asked for once per row by the views, so remembered until the file changes (data_version moves
        # when another connection commits, total_changes when this one does).
        version = self._change_token()
        if self._recorded_drills is None or self._recorded_drills[0] != version:
            infos = self.catalog.drills()
            for drill, game in self.read("SELECT DISTINCT drill, game FROM sessions"):
                infos.setdefault(drill, DrillInfo(drill, game, title_from_id(drill)))
            self._recorded_drills = (version, dict(sorted(infos.items())))
        return dict(self._recorded_drills[1])

    def _change_token(self):
        """A value that differs whenever anything was stored since it was last read."""
        return self.read("PRAGMA data_version")[0][0], self._connection.total_changes

    def drill_info(self, drill_id: str) -> DrillInfo:
        return self.drill_infos().get(drill_id) or DrillInfo(drill_id, drill_id.split(".", 1)[0],
                                                            title_from_id(drill_id))

    # ------------------------------------------------------------------------------------ queries

    def answers(self, filter: RecordFilter | None = None):
        """Every answer selected by the filter, oldest first (list of AnswerRecord)."""
        return queries.answer_records(self, filter or RecordFilter())

    def sessions(self, filter: RecordFilter | None = None):
        """Session summaries selected by the filter (started in the period), oldest first."""
        return queries.session_summaries(self, filter or RecordFilter())

    def recent_sessions(self, trainee: str, limit: int = 10):
        """A trainee's latest sessions, newest first."""
        return queries.session_summaries(self, RecordFilter(trainees=(trainee,), include_archived=True),
                                         newest_first=True, limit=limit)

    def session_summaries(self, filter: RecordFilter | None = None):
        """Every session in the filter (any mode, results and sign-offs), oldest first."""
        return queries.session_summaries(self, filter or RecordFilter())

    def test_attempts(self, filter: RecordFilter | None = None):
        """Test-mode sessions (results and sign-offs), oldest first."""
        base = filter or RecordFilter()
        if base.mode and mode_value(base.mode) != "test":
            return []
        return queries.session_summaries(self, dataclasses.replace(base, mode="test"))

    def skill_progress(self, trainee: str, filter: RecordFilter | None = None):
        return queries.skill_progress(self, trainee, filter or RecordFilter())

    def heatmap(self, trainee: str | None = None, filter: RecordFilter | None = None):
        return queries.table_of_play_heatmap(self, trainee, filter or RecordFilter())

    def roulette_by_wager_kind(self, trainee: str | None = None, filter: RecordFilter | None = None):
        return queries.by_wager_kind(self, trainee, filter or RecordFilter())

    def paigow_by_house_way_rule(self, trainee: str | None = None, filter: RecordFilter | None = None):
        return queries.by_house_way_rule(self, trainee, filter or RecordFilter())

    def error_categories(self, trainee: str | None = None, filter: RecordFilter | None = None):
        return queries.by_error_category(self, trainee, filter or RecordFilter())

    def streaks(self, trainee: str, filter: RecordFilter | None = None):
        return queries.streaks(self, trainee, filter or RecordFilter())

    def roster(self, filter: RecordFilter | None = None):
        return queries.roster(self, filter or RecordFilter())

    def cohort(self, filter: RecordFilter | None = None):
        return queries.cohort(self, filter or RecordFilter())


def trainee_of_row(row: tuple) -> Trainee:
    _, uuid, name, created, archived_at, archived_by = row
    return Trainee(uuid, name, from_text(created), from_text(archived_at), archived_by)


def target_of_row(seconds, accuracy, test_items, pass_mark, level=None) -> Target:
    """A target change's row as a Target; a change made before targets named a level (NULL) has the default."""
    return Target(seconds, accuracy, test_items, pass_mark, **({"level": level} if level is not None else {}))


def answer_keys_of(detail: str) -> dict[str, Any]:
    """The answer-key settings (table -> values) a signed SETTINGS_IN_FORCE entry holds; {} when unreadable."""
    try:
        keys = json.loads(detail).get("answer_keys", {})
    except (ValueError, AttributeError):
        return {}
    return {table: dict(values) for table, values in keys.items() if isinstance(values, dict)} \
        if isinstance(keys, dict) else {}


def json_or_text(text: str) -> Any:
    """The stored JSON's value, or the text itself where it is not JSON Python can read (nested too deeply for
    Python's parser too: a file edited by hand may hold anything)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return text


_sha256 = hashlib.sha256


@contextmanager
def _summary_trigger_dropped(db: sqlite3.Connection, wanted: bool) -> Iterator[bool]:
    """For a bulk insert of answers: the summary trigger dropped for the block and created again, as the very
    text the records hold, when it ends, however it ends; all inside the caller's transaction, so no other
    connection ever sees the records without it, and a killed process leaves it as it was (the rollback
    undoes the drop). Yields whether the block is to fill the summaries itself: only when the trigger is the
    one this version creates (ANSWER_SUMMARY_TRIGGER). Records whose trigger is missing or was changed keep
    it as it is, working or not, for verification to report."""
    if not wanted:
        yield False
        return
    if not db.in_transaction:
        raise ValueError("the summary trigger is dropped for a bulk insert only inside its transaction")
    row = db.execute("SELECT sql FROM main.sqlite_master WHERE type = 'trigger' AND name = ?",
                     (ANSWER_SUMMARY_TRIGGER_NAME,)).fetchone()
    if row is None or row[0] != ANSWER_SUMMARY_TRIGGER:
        yield False
        return
    db.execute(f"DROP TRIGGER main.{ANSWER_SUMMARY_TRIGGER_NAME}")
    try:
        yield True
    finally:
        if db.in_transaction:        # else a failure rolled the transaction back, and the drop with it
            db.execute(row[0])


class _LogCopier:
    """The thread of Records.checkpoints_on_a_thread: a copy of the log into the records file after each
    commit it is told of (copies asked for while one runs make one more), on its own connection."""

    # Pages of 4 KiB: a log of some 128 MB. The log starts again from its beginning only when a copy has ended
    # before the next transaction begins, so each wait costs a copy's time (its sync, mostly); at 64 MB an
    # import of 2 M answers waited 107 times, 5.3 s in all.
    FRAMES_BEFORE_WAITING = 32768

    def __init__(self, path: Path):
        import threading

        self.connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None,
                                          check_same_thread=False)
        self.connection.execute("PRAGMA synchronous = FULL")
        self.changed = threading.Condition()
        self.asked = self.copying = self.stopping = False
        self.frames = 0                       # pages in the log after the last copy
        self.thread = threading.Thread(target=self._copy, name="records log copier", daemon=True)
        self.thread.start()

    def committed(self) -> None:
        with self.changed:
            self.asked = True
            self.changed.notify_all()
            if self.frames > self.FRAMES_BEFORE_WAITING:
                while self.asked or self.copying:
                    self.changed.wait()

    def close(self) -> None:
        with self.changed:
            self.asked = self.stopping = True     # a last copy, then the thread ends
            self.changed.notify_all()
        self.thread.join()
        self.connection.close()

    def _copy(self) -> None:
        while True:
            with self.changed:
                while not self.asked:
                    self.changed.wait()
                self.asked, self.copying = False, True
            try:
                frames = self.connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]
            except sqlite3.Error:
                frames = None                 # the next copy takes what this one could not
            with self.changed:
                self.copying = False
                if frames is not None:
                    self.frames = frames
                self.changed.notify_all()
                if self.stopping and not self.asked:
                    return


class _AnswerLink:
    """The answers chain's SQL function for insert_answers_selected: link(id, content) -> the row's chain hash,
    SHA-256 of the previous row's hash and the row's content, for rows handed over in id order."""

    def __init__(self) -> None:
        self.start(1, chain.NO_HASH)

    def start(self, next_id: int, head: bytes) -> None:
        self.next_id, self.head, self.linked = next_id, head, 0

    def __call__(self, answer_id: int, content: bytes) -> bytes:
        # Called once per answer stored: chain.link spelled out (SHA-256 of the previous hash and the content),
        # the attribute look-ups kept to the few needed.
        if answer_id != self.next_id:
            raise ValueError(f"answer row {answer_id} came when row {self.next_id} was due")
        self.head = head = _sha256(self.head + content).digest()
        self.next_id = answer_id + 1
        self.linked += 1
        return head


PORTABLE_ANSWER_COLUMNS = tuple(c for c in chain.ANSWER_COLUMNS if c not in ("id", "session_id"))
# The canonical content of an answer about to be stored, formatted by SQLite from the bound values exactly as
# the verifier formats the stored row (bound values keep their types: text, integer, real).
_BOUND_ANSWER_CONTENT = chain.answer_content_sql(tuple("?" for _ in chain.ANSWER_COLUMNS))


def scratch_error(error: Exception) -> RecordsError:
    """A scratch database (Records.scratch) that could not be written, named as such."""
    import tempfile

    return RecordsError(f"The scratch database for this work (a temporary file in {tempfile.gettempdir()}) could "
                        f"not be written: {error}.")


def portable_answers_digest(rows) -> str:
    """SHA-256 over a session's answers as they travel between workstations (PORTABLE_ANSWER_COLUMNS, no
    local row ids), in their order."""
    digest = chain.NO_HASH
    for row in rows:
        digest = chain.link(digest, chain.answer_content(row))
    return digest.hex()


def _session_answer_rows(db, session_uuid: str) -> list[tuple]:
    return db.execute(f"SELECT {', '.join('a.' + c for c in PORTABLE_ANSWER_COLUMNS)} FROM answers a "
                      "JOIN sessions s ON s.id = a.session_id WHERE s.uuid = ? ORDER BY a.seq",
                      (session_uuid,)).fetchall()


def signoff_statement(db, attempt: SessionSummary, signed_by: str, signed_at: str, note: str, reason: str,
                      key: str) -> dict:
    """What a manager's signature on a sign-off says, in a form any workstation can check."""
    return {"kind": "dealerdrill-signoff", "session": attempt.uuid, "trainee": attempt.trainee,
            "drill": attempt.drill, "mode": attempt.mode, "items": attempt.items, "correct": attempt.correct,
            "test_items": attempt.target.test_items, "pass_mark": attempt.target.pass_mark,
            "passed": attempt.passed,
            "answers_digest": portable_answers_digest(_session_answer_rows(db, attempt.uuid)),
            "signed_by": signed_by, "signed_at": signed_at, "note": note, "reason": reason, "key": key}


def signoff_is_of_another_session(statement: dict, session_uuid: str, trainee: str, drill: str,
                                  mode: str) -> str | None:
    """What a signed sign-off names that the session it is attached to is not (its id, trainee, drill, mode),
    in words, or None. The answers digest ties a statement to its answers, not to whose they are: a session
    given another trainee's name keeps its answers, and so would keep the sign-off."""
    if statement.get("session") != session_uuid:
        return f"it signs another session ({statement.get('session')})"
    named = statement.get("trainee")
    if not isinstance(named, str) or name_key(named) != name_key(trainee):
        return f"it signs a test of {named}'s, not of {trainee}'s"
    if (statement.get("drill"), statement.get("mode")) != (drill, mode):
        return (f"it signs a {statement.get('mode')} session of {statement.get('drill')}, not a {mode} session of "
                f"{drill}")
    return None


def signed_statement(statement: dict, signer: Signer) -> dict:
    return {"statement": statement, "signature": signer.sign(chain.event_content(statement).encode()).hex()}
