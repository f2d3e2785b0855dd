"""The training room's records: the Records interface over a PostgreSQL server. Qt-free.

    records = RoomRecords("postgresql://desk-03@records.casino.local/dealerdrill", catalog=DRILL_CATALOG,
                          outbox_path=data_dir() / OUTBOX_NAME)

Everything Records offers works the same here: the queries (queries.py) and verification (verify.py) run
their SQL through the PostgreSQL dialect; every change is one call of a server function (room_schema.py),
so the desk's login needs no right to write any table. A signed entry (a sign-off, a target, a manager key,
a checkpoint, a signed audit entry) is made in one transaction that first takes the chains' lock on the
server and reads their heads, exactly as the SQLite records compute it in-process.

A desk keeps working when the server goes away. While the server cannot be reached, or while older entries
still wait in the outbox (outbox.py), a session's start, its answers and its finish go to the outbox, each
committed to the desk's disk before the call returns; a sender thread delivers them, in order, as soon as
the server answers again, and the server ignores any it already has (their UUIDs). `status()` says how
many wait. Meanwhile the few things a desk must read to carry on (the trainee, the drill's target) come
from what it last read from the server.

A test is issued by the server. For when it cannot be reached, the desk keeps a small stock of tests the server
issued ahead for its login (`stock_tests`, whenever the server answers: room_schema version 11), with each drill's
target and answer-key settings as the server gave them; offline, `issue_test` takes one, and its start goes into the
outbox like any entry. The server takes it as it takes any desk's test, once, and marks it taken from stock.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from dealerdrill.domain import AnsweredItem, Target

from . import chain, room_connection
from .dialect import POSTGRES
from .models import ISSUE_KEY, TAKEN_FROM_STOCK, SessionSummary, TestIssue, Trainee
from .outbox import OUTBOX_NAME, Outbox
from .room_connection import conninfo, public_url
from .room_schema import ROOM_SCHEMA_VERSION, ROOM_SUMMARY_CHECKS, SERVER_TRIGGERS, TESTS_STOCKED_PER_DESK
from .schema import RecordsError, RecordsNewerError, RecordsReadOnlyError
from .schema_v4 import audit_event, target_event
from .schema_v5 import name_key
from .store import (
    Records,
    UnknownTraineeError,
    clean_name,
    from_text,
    mode_value,
    new_uuid,
    signed_statement,
    signoff_statement,
    trainee_of_row,
    utc_now,
)

SEND_INTERVAL_SECONDS = 1.0       # how often the sender tries the server while entries wait
POOL_TIMEOUT_SECONDS = 3.0


class RecordsOfflineError(RecordsError):
    """The training room's server cannot be reached now (answers still go to the outbox)."""


class RecordsBusyError(RecordsError):
    """The server is there but did not finish within the statement time limit (a long lock, such as an upgrade
    of the room's schema, or an overloaded server): what was sent was rolled back, so an answer or a finish can
    wait in the outbox and be sent again, once."""


class ManagerLoginRefused(RecordsError):
    """The training room server did not open the manager's login with the password typed (or would have opened it
    without one); the message says which."""


class ManagerLoginClosed(RecordsError):
    """A manager's change was asked of a desk whose manager's login is not open (the role is locked)."""


class _ManagerLogin:
    """The manager's connection pool while the role is unlocked (None while it is locked), shared with clones."""

    def __init__(self):
        self.pool = None


class RoomStatus:
    """What a desk shows about its room: connected or not, and how many entries wait in its outbox."""

    def __init__(self, online: bool, answers_waiting: int, entries_waiting: int, refused: int, server: str):
        self.online, self.answers_waiting, self.entries_waiting = online, answers_waiting, entries_waiting
        self.refused, self.server = refused, server

    @property
    def text(self) -> str:
        if self.online and not self.entries_waiting:
            return f"training room: {self.server}"
        waiting = f"{self.answers_waiting} answer{'s' if self.answers_waiting != 1 else ''} waiting"
        return f"offline — {waiting}" if not self.online else f"sending — {waiting}"


def _numeric_loader():
    """Loads PostgreSQL numeric (what SUM of bigints gives) as int when whole, float otherwise, like SQLite."""
    from psycopg.adapt import Loader

    class WholeOrFloat(Loader):
        def load(self, data):
            text = bytes(data).decode()
            return float(text) if any(c in text for c in ".eEN") else int(text)

    return WholeOrFloat


class _Transaction:
    """One server transaction, as `Records.transaction()` yields it: execute() takes the records' SQL
    (with ? placeholders), call() runs a server function."""

    def __init__(self, connection):
        self.connection = connection

    def execute(self, sql: str, parameters=()):
        return self.connection.execute(POSTGRES.translate(sql), list(parameters))

    def call(self, function: str, *arguments):
        marks = ", ".join(["%s"] * len(arguments))
        return self.connection.execute(f"SELECT * FROM {function}({marks})", list(arguments)).fetchone()

    def call_many(self, function: str, types: tuple[str, ...], rows: list[tuple], *,
                  returning: bool = False) -> list[tuple]:
        """call() once for each row (its arguments, cast to `types`), in order, sent together (psycopg's
        executemany runs in pipeline mode: a round trip for the batch, not one a call); with `returning`, the
        first row each call gave."""
        if not rows:
            return []
        marks = ", ".join(f"%s::{kind}" for kind in types)
        with self.connection.cursor() as cursor:
            cursor.executemany(f"SELECT * FROM {function}({marks})", rows, returning=returning)
            if not returning:
                return []
            results = []
            while True:
                results.append(cursor.fetchone())
                if not cursor.nextset():
                    return results


def _errors():
    import psycopg
    import psycopg_pool

    return psycopg, psycopg_pool


def _signed_link(heads, kind: str, ref: str, content: str, signer) -> tuple[bytes, bytes]:
    """The ledger entry's hash after the chains' heads (dd_chain_heads), and `signer`'s signature over it."""
    link = chain.ledger_link(bytes(heads[0]), kind, ref, content, heads[1], bytes(heads[2]))
    return link, signer.sign(link)


def signed_audit(db: _Transaction, at: str, actor: str, action: str, detail: str, signer) -> None:
    """An audit entry signed by `signer`, in the transaction `db` (a manager's login, or the room's owner)."""
    heads = db.call("dd_chain_heads")
    audit_id = heads[3]
    content = chain.event_content(audit_event(audit_id, at, actor, action, detail))
    link, signature = _signed_link(heads, "audit", str(audit_id), content, signer)
    db.call("dd_signed_audit", audit_id, at, actor, action, detail, content, link, signer.fingerprint, signature)


def add_manager_key(db: _Transaction, public_key: bytes, manager: str, origin: str, signer, actor: str,
                    added_at: str) -> str:
    """Accept signatures of `public_key` (`manager`'s) in the room, in the transaction `db`: signed by `signer`, a
    key the room accepts ('trusted'), or by the key itself when the room's owner adds it ('this workstation', at
    `dealerdrill room setup --manager`); the server refuses anything else. Returns the key's fingerprint."""
    fingerprint = chain.fingerprint_of(public_key)
    heads = db.call("dd_chain_heads")
    content = chain.event_content({"fingerprint": fingerprint, "public_key": public_key.hex(),
                                   "manager": manager, "origin": origin, "added_at": added_at})
    link, signature = _signed_link(heads, "key", fingerprint, content, signer)
    db.call("dd_add_manager_key", fingerprint, public_key, manager, origin, added_at, content, link,
            signer.fingerprint, signature)
    signed_audit(db, added_at, actor, "manager_key_added" if origin == "this workstation" else "manager_key_trusted",
                 f"{manager}: {fingerprint}", signer)
    return fingerprint


class RoomRecords(Records):
    dialect = POSTGRES
    extra_triggers = SERVER_TRIGGERS
    summary_checks = ROOM_SUMMARY_CHECKS
    room = True

    def __init__(self, url: str, *, clock: Callable | None = None, workstation: str | None = None,
                 read_only: bool = False, check: bool = True, catalog=None, outbox_path: str | Path | None = None,
                 pool=None, require_server: bool = True, pool_size: int = 4, manager_url: str | None = None):
        import socket

        from dealerdrill.domain.catalog import BareCatalog

        _, psycopg_pool = _errors()
        self.url = url
        self.catalog = catalog if catalog is not None else BareCatalog()
        self.clock = clock or utc_now
        self.workstation = workstation if workstation is not None else socket.gethostname()
        self.read_only = read_only
        self.checked_at_open = True
        self._recorded_drills = None
        self.reuse_latest_facts = False
        self.latest_facts = (None, None)
        self._trainee_cache: dict[str, tuple] = {}
        self._trainees_cache: dict[bool, list[Trainee]] = {}
        self._target_cache: dict[str, Target] = {}
        self._memory_cache: dict[tuple[str, str], dict] = {}
        self._local_sessions: dict[str, dict] = {}
        self._answers_given: dict[str, int] = {}     # answers sent or queued to sessions not in _local_sessions
        self._order = threading.Lock()          # keeps the outbox's order against answers sent straight away
        self._stock_due = False                 # the stock of tests wants topping up once the server answers
        self._closed = threading.Event()
        self._wake = threading.Event()
        self._online = True
        if outbox_path is None:
            from dealerdrill import paths

            outbox_path = paths.data_dir() / OUTBOX_NAME
        self.path = Path(outbox_path)           # the desk's own file for the room (the PIN file lives beside it)
        self._owns_pool = pool is None
        if pool is None:
            numeric = _numeric_loader()

            def configure(connection):
                connection.adapters.register_loader("numeric", numeric)

            pool = psycopg_pool.ConnectionPool(conninfo(url), min_size=1, max_size=pool_size, open=False,
                                               kwargs={"autocommit": True}, configure=configure,
                                               timeout=POOL_TIMEOUT_SECONDS, name="dealerdrill-room",
                                               reconnect_timeout=0)
            pool.open(wait=False)
        self._pool = pool
        # A desk's login may not sign off or set targets; a manager unlocking the role at that desk writes
        # through their own login (manager_url), so the server's log and the login columns name them. That login
        # is open only while the role is: opened with the password the manager types (open_manager_login), never
        # one found in the desk's account, and closed when the role locks. Shared with clone()s, so a worker
        # thread's records lose it at the same moment.
        self.manager_url = manager_url
        self._manager_login = _ManagerLogin()
        self.outbox = None if read_only else Outbox(self.path)
        # Entries wait in the outbox (from before a restart too): new ones join the queue behind them.
        self._waiting = self.outbox is not None and self.outbox.waiting() > 0
        try:
            self._check_version()
        except RecordsOfflineError:
            if require_server:
                self._close_pool()
                raise
            self._online = False
        self._sender = None
        if self.outbox is not None:
            self._sender = threading.Thread(target=self._send_loop, name="dealerdrill-outbox", daemon=True)
            self._sender.start()

    # ------------------------------------------------------------------------------------ plumbing

    @property
    def location(self) -> str:
        return self.url

    def describe_location(self) -> str:
        return f"the training room server {public_url(self.url)}"

    def _check_version(self) -> None:
        rows = self._read_now("SELECT version FROM schema_version", ())
        version = rows[0][0] if rows else 0
        if version > ROOM_SCHEMA_VERSION:
            raise RecordsNewerError(f"The training room's records are at version {version}, newer than this Dealer "
                                    f"Drill reads ({ROOM_SCHEMA_VERSION}). Update Dealer Drill on this desk.")
        if version < ROOM_SCHEMA_VERSION:
            raise RecordsError(f"The training room's records are at version {version}; this Dealer Drill needs "
                               f"{ROOM_SCHEMA_VERSION}. Whoever owns the database runs `dealerdrill room setup --url "
                               f"URL` with this Dealer Drill first.")

    def _close_pool(self) -> None:
        if self._owns_pool:
            self.close_manager_login()
            self._pool.close(timeout=2)

    # ------------------------------------------------------------------------------------ the manager's login

    @property
    def manager_login_needed(self) -> bool:
        """A manager's own login is set for this desk (manager_url): unlocking the role opens it, with the
        manager's room password typed then."""
        return bool(self.manager_url)

    @property
    def manager_login_open(self) -> bool:
        return self._manager_login.pool is not None

    def open_manager_login(self, password: str) -> None:
        """Open the manager's login (manager_url) with `password` as typed, for as long as the role is unlocked
        (close_manager_login). Only that password is sent: not the URL's, the keyring's or one in libpq's files
        in the desk's account. ManagerLoginRefused when the server refuses it, or lets it in without asking for
        the password (which would then guard nothing); RecordsOfflineError when the server cannot be reached."""
        psycopg, psycopg_pool = _errors()
        if not self.manager_url:
            raise RecordsError("No manager's login is set for this desk's training room.")
        if not isinstance(password, str) or not password:
            raise ManagerLoginRefused("Type the manager's room password (the password of the manager's own login "
                                      "to the training room server) as well as the PIN.")
        self.close_manager_login()
        info = conninfo(self.manager_url, application="dealerdrill manager", password=password)
        login = public_url(self.manager_url)
        try:
            probe = psycopg.connect(info, autocommit=True)
        except psycopg.OperationalError as error:
            try:
                self._read_now("SELECT 1", ())     # the server is there: it refused this login
            except RecordsOfflineError:
                raise RecordsOfflineError(f"The training room server ({public_url(self.url)}) cannot be reached "
                                          f"now, so the manager's login cannot be opened.") from None
            line = (str(error).strip().splitlines() or [""])[0]
            words = (line.rpartition("FATAL:") if "FATAL:" in line else line.rpartition("failed: "))[2].strip()
            raise ManagerLoginRefused(f"The training room server refused the manager's login {login}"
                                      + (f" ({words})" if words else "") + ": check the room password. The "
                                      "manager role stays locked.") from None
        try:
            asked = probe.pgconn.used_password
        finally:
            probe.close()
        if not asked:
            raise ManagerLoginRefused(
                f"The training room server let the manager's login {login} in without asking for its password, "
                "so the password typed here would guard nothing: whoever holds this desk's account could sign "
                "off as the manager. The server's pg_hba.conf must ask manager logins for their password "
                "(scram-sha-256; README: a training room). The manager role stays locked.")
        numeric = _numeric_loader()

        def configure(connection):
            connection.adapters.register_loader("numeric", numeric)

        self._manager_login.pool = psycopg_pool.ConnectionPool(
            info, min_size=0, max_size=2, open=True, kwargs={"autocommit": True}, configure=configure,
            timeout=POOL_TIMEOUT_SECONDS, name="dealerdrill-manager", reconnect_timeout=0)

    def close_manager_login(self) -> None:
        """Close the manager's login and drop the password it was opened with (the role locked)."""
        pool, self._manager_login.pool = self._manager_login.pool, None
        if pool is not None:
            pool.close(timeout=2)

    def close(self) -> None:
        self._closed.set()
        self._wake.set()
        if self._sender is not None:
            self._sender.join(timeout=10)
        if self.outbox is not None:
            self.outbox.close()
        self._close_pool()

    def clone(self) -> RoomRecords:
        """For a worker thread: the same server through the same pool (psycopg's pool is thread-safe), no
        sender of its own (the desk's sends the outbox)."""
        twin = RoomRecords.__new__(RoomRecords)
        twin.__dict__.update(self.__dict__)
        twin._owns_pool = False
        twin.outbox = None
        twin._sender = None
        twin._closed = threading.Event()
        twin._order = self._order
        twin.read_only = self.read_only
        return twin

    def _plain(self, error) -> RecordsError:
        psycopg, psycopg_pool = _errors()
        if isinstance(error, (psycopg.OperationalError, psycopg_pool.PoolTimeout, psycopg.InterfaceError)) \
                and not isinstance(error, psycopg.errors.QueryCanceled):
            self._online = False
            self._wake.set()
            first = (str(error).strip().splitlines() or [""])[0]
            return RecordsOfflineError(f"The training room server ({public_url(self.url)}) cannot be reached now"
                                       + (f" ({first})" if first else "") + ".")
        if isinstance(error, psycopg.errors.QueryCanceled):
            limit = room_connection.STATEMENT_TIMEOUT_MS / 1000
            return RecordsBusyError(f"The training room server ({public_url(self.url)}) did not answer within "
                                    f"{limit:g} s: it is busy, or something holds the records.")
        if isinstance(error, psycopg.errors.InsufficientPrivilege):
            return RecordsError(f"The training room server refused this to your login: {error.diag.message_primary}.")
        message = getattr(getattr(error, "diag", None), "message_primary", None) or str(error)
        return RecordsError(f"The training room's server refused: {message}.")

    def _read_now(self, sql: str, parameters) -> list[tuple]:
        psycopg, psycopg_pool = _errors()
        try:
            with self._pool.connection() as connection:
                return connection.execute(POSTGRES.translate(sql), list(parameters)).fetchall()
        except (psycopg.Error, psycopg_pool.PoolTimeout) as error:
            raise self._plain(error) from None

    def read(self, sql: str, parameters=()) -> list[tuple]:
        if not self._online:
            raise RecordsOfflineError(f"The training room server ({public_url(self.url)}) cannot be reached now; "
                                      f"answers wait in this desk's outbox.")
        return self._read_now(sql, parameters)

    def stream(self, sql: str, parameters=(), batch: int = 5000) -> Iterator[list[tuple]]:
        """Rows a batch at a time through a server-side cursor (millions of rows never sit in memory)."""
        psycopg, psycopg_pool = _errors()
        try:
            with self._pool.connection() as connection:
                with connection.transaction():
                    with connection.cursor(name=f"dd_stream_{id(self)}_{time.monotonic_ns()}") as cursor:
                        cursor.itersize = batch
                        cursor.execute(POSTGRES.translate(sql), list(parameters))
                        while rows := cursor.fetchmany(batch):
                            yield rows
        except (psycopg.Error, psycopg_pool.PoolTimeout) as error:
            raise self._plain(error) from None

    @property
    def connections(self) -> int:
        """How many server connections this desk's records may hold at once (reads in threads of their own,
        such as a large export's, each take one)."""
        return self._pool.max_size

    def add_sql_function(self, name: str, arguments: int, function: Callable) -> None:
        raise RecordsError("SQL functions written in Python run only in a desk's own records file.")

    @contextmanager
    def scratch(self, name: str, tables: str, cache_kib: int = 32768) -> Iterator[sqlite3.Connection]:
        """As Records.scratch, but on a private SQLite connection of its own, for nothing can be attached to
        the server: an empty temporary database with the scratch database attached to it as `name` (so the
        same SQL names its tables), thrown away when the block ends. What an import must know of the room's
        own records it asks the server (transfer._RoomLookups)."""
        from .store import scratch_error

        if not name.isidentifier():
            raise ValueError(f"{name!r} is not a name for a scratch database")
        try:
            db = sqlite3.connect("", isolation_level=None)
        except sqlite3.Error as error:
            raise scratch_error(error) from None
        try:
            db.execute("PRAGMA temp_store = FILE")            # never hold a whole import in memory
            db.execute(f"ATTACH DATABASE '' AS {name}")
            db.execute(f"PRAGMA {name}.journal_mode = OFF")
            db.execute(f"PRAGMA {name}.synchronous = OFF")
            db.execute(f"PRAGMA {name}.cache_size = -{int(cache_kib)}")
            db.executescript(tables)
            yield db
        except sqlite3.Error as error:
            raise scratch_error(error) from None
        finally:
            db.close()

    @contextmanager
    def larger_cache(self, kib: int) -> Iterator[None]:
        """Nothing to do: the server keeps its own cache (Records.larger_cache is for a file's connection)."""
        yield

    @contextmanager
    def checkpoints_on_a_thread(self) -> Iterator[Callable[[], None]]:
        """Nothing to do: the server writes its own log (Records.checkpoints_on_a_thread is for a file)."""
        yield lambda: None

    @contextmanager
    def transaction(self, *, as_manager: bool = False) -> Iterator[_Transaction]:
        """One server transaction; `as_manager`: through the manager's own login when one is set for this desk
        (ManagerLoginClosed unless the role opened it), else through the records' own login."""
        if self.read_only:
            raise RecordsReadOnlyError("These training room records were opened to be read only.")
        psycopg, psycopg_pool = _errors()
        pool = self._pool
        if as_manager and self.manager_url:
            pool = self._manager_login.pool
            if pool is None:
                raise ManagerLoginClosed("The manager's login to the training room is open only while the manager "
                                         "role is unlocked with the room password: unlock the role again.")
        try:
            with pool.connection() as connection:
                with connection.transaction():
                    yield _Transaction(connection)
        except (psycopg.Error, psycopg_pool.PoolTimeout) as error:
            raise self._plain(error) from None

    def _call(self, function: str, *arguments):
        with self.transaction() as db:
            return db.call(function, *arguments)

    def _change_token(self):
        return tuple(self.read("SELECT (SELECT coalesce(max(seq), 0) FROM ledger), "
                               "(SELECT coalesce(max(id), 0) FROM answers)")[0])

    def change_token(self):
        """Differs whenever anything was stored in the room since it was last read (the manager's page
        polls it to refresh while trainees answer); None while the server cannot be reached."""
        try:
            return self._change_token()
        except RecordsOfflineError:
            return None

    # ------------------------------------------------------------------------------------ the outbox

    def status(self) -> RoomStatus:
        outbox = self.outbox
        return RoomStatus(self._online, outbox.waiting("answer") if outbox else 0, outbox.waiting() if outbox else 0,
                          len(outbox.refused()) if outbox else 0, public_url(self.url))

    def _queue(self, kind: str, payload: dict) -> None:
        if self.outbox is None:
            raise RecordsOfflineError("The training room server cannot be reached, and these records have no outbox.")
        self.outbox.put(kind, payload, self.now_text())
        self._waiting = True
        self._wake.set()

    def _send_or_queue(self, kind: str, payload: dict, send: Callable[[dict], object]):
        """Send now when the server is there and nothing older waits; else keep it in the outbox. Either way
        it is committed (to the server or to the desk's disk) when this returns."""
        with self._order:
            if self._online and self.outbox is not None and not self._waiting:
                try:
                    return send(payload)
                except (RecordsOfflineError, RecordsBusyError):
                    pass
            self._queue(kind, payload)
            return None

    def _send_loop(self) -> None:
        while not self._closed.is_set():
            self._wake.wait(SEND_INTERVAL_SECONDS)
            self._wake.clear()
            if self._closed.is_set():
                return
            if self._online and not self._waiting:
                continue           # nothing kept back: nothing to send, no need to ask the outbox
            try:
                self._send_waiting()
            except Exception:       # the next round tries again; nothing is lost from the outbox
                self._online = False

    def _send_waiting(self) -> None:
        outbox = self.outbox
        if outbox is None:
            return
        if not self._online:
            try:
                self._read_now("SELECT 1", ())
            except RecordsOfflineError:
                return
        while not self._closed.is_set():
            with self._order:
                entry = outbox.first_waiting()
                if entry is None:
                    self._online, self._waiting = True, False
                    break
                entry_id, kind, payload = entry
                try:
                    self._SENDERS[kind](self, payload)
                except (RecordsOfflineError, RecordsBusyError):
                    return                  # sent again next round, in order
                except RecordsError as refusal:
                    outbox.refuse(entry_id, str(refusal))
                    continue
                outbox.sent(entry_id)
        if self._stock_due and not self._closed.is_set():
            try:
                self.stock_tests()
            except RecordsError:
                pass                        # tried again the next time the outbox is sent

    def send_waiting_now(self, timeout: float = 30.0) -> bool:
        """Try to send the outbox now (tests and the command line); True when nothing waits any more."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._send_waiting()
            if self.outbox is None or self.outbox.waiting() == 0:
                return True
            time.sleep(0.2)
        return False

    def _send_session(self, p: dict):
        if "stock" in p:           # a test taken offline from this desk's stock
            return self._call("dd_start_stocked_test", p["uuid"], p["stock"], p["trainee_uuid"], p["drill"],
                              p["workstation"], p["target"], p["settings"], p["started_at"])
        return self._call("dd_start_session", p["uuid"], p["trainee_uuid"], p["drill"], p["game"], p["mode"],
                          p["settings"], p["target"], p["workstation"], p["started_at"])

    def _send_answer(self, p: dict):
        # An answer an older Dealer Drill put in the outbox has no "seq": the server takes it as the next (practice
        # and timed sessions only).
        return self._call("dd_record_answer", p["session"], p["uuid"], p["family"], p["item"], p["answer"],
                          p["expected"], p["given"], p["correct"], p["category"], p["rule"], p["seconds"],
                          p["timed_out"], p["answered_at"], p["memory"], p["memory_at"], p.get("seq"))

    def _send_finish(self, p: dict):
        return self._call("dd_finish_session", p["uuid"], p["finished_at"])

    def _send_audit(self, p: dict):
        return self._call("dd_audit", p["at"], p["actor"], p["action"], p["detail"])

    _SENDERS = {"session": _send_session, "answer": _send_answer, "finish": _send_finish, "audit": _send_audit}

    # ------------------------------------------------------------------------------------ what a desk reads

    def _trainee_row(self, name) -> tuple | None:
        key = name_key(" ".join(str(name.name if isinstance(name, Trainee) else name).split()))
        try:
            row = super()._trainee_row(name)
        except RecordsOfflineError:
            kept = self._trainee_cache.get(key)
            if kept is None and self.outbox is not None:     # a desk started while its server was away
                kept = self.outbox.trainee_row(key)
            return kept
        if row is not None:
            self._trainee_cache[key] = row
        return row

    def trainees(self, include_archived: bool = False) -> list[Trainee]:
        """As Records.trainees; while the server cannot be reached, the list last read from it (in this run, or
        kept in the outbox's file by an earlier one)."""
        where = "" if include_archived else "WHERE archived_at IS NULL"
        try:
            rows = self.read(f"SELECT id, uuid, name, created_at, archived_at, archived_by FROM trainees {where} "
                             f"ORDER BY {self.dialect.nocase('name')}, id")
        except RecordsOfflineError:
            if include_archived in self._trainees_cache or self.outbox is None:
                return list(self._trainees_cache.get(include_archived, []))
            return [trainee_of_row(tuple(row)) for row in self.outbox.trainee_rows(include_archived)]
        found = [trainee_of_row(tuple(row)) for row in rows]
        self._trainees_cache[include_archived] = found
        if self.outbox is not None:
            self.outbox.keep_trainees([(*row, name_key(row[2])) for row in rows], include_archived)
        return found

    def target(self, drill_id: str) -> Target:
        try:
            target = super().target(drill_id)
        except RecordsOfflineError:
            return self._target_cache.get(drill_id) or self.catalog.default_target(drill_id)
        self._target_cache[drill_id] = target
        return target

    def target_for_test(self, drill_id: str) -> Target:
        """The manager's target from the server, or the one last read from it in this run; never the drill's
        default, which would let a desk cut off from the server on purpose take a test under a softer target
        and send it, target and all, once it is back."""
        try:
            target = super().target(drill_id)
        except RecordsOfflineError:
            if drill_id in self._target_cache:
                return self._target_cache[drill_id]
            raise RecordsOfflineError(f"The training room server ({public_url(self.url)}) cannot be reached now, "
                                      f"and a test is judged by the target the manager set there: no test can "
                                      f"start until the server answers again (practice can).") from None
        self._target_cache[drill_id] = target
        return target

    def drill_infos(self):
        try:
            return super().drill_infos()
        except RecordsOfflineError:
            return dict(self._recorded_drills[1]) if self._recorded_drills else self.catalog.drills()

    def load_scheduler_memory(self, trainee: str, drill_id: str) -> dict | None:
        try:
            return super().load_scheduler_memory(trainee, drill_id)
        except RecordsOfflineError:
            return self._memory_cache.get((name_key(trainee), drill_id))

    def session_answers_digest(self, session_uuid: str) -> str:
        from .store import PORTABLE_ANSWER_COLUMNS, portable_answers_digest

        return portable_answers_digest(self.read(
            f"SELECT {', '.join('a.' + c for c in PORTABLE_ANSWER_COLUMNS)} FROM answers a JOIN sessions s ON "
            f"s.id = a.session_id WHERE s.uuid = ? ORDER BY a.seq", (session_uuid,)))

    # ------------------------------------------------------------------------------------ the audit log

    def audit(self, db, actor: str, action: str, detail: str = "", signer=None) -> None:
        at = self.now_text()
        if signer is None:
            db.call("dd_audit", at, actor, action, detail)
            return
        signed_audit(db, at, actor, action, detail, signer)

    def add_audit_entry(self, actor: str, action: str, detail: str = "", signer=None) -> None:
        if signer is None and self.outbox is not None:
            # A refused PIN or a lock at a desk without its server is still logged, once it is back.
            payload = {"at": self.now_text(), "actor": actor, "action": action, "detail": detail}
            self._send_or_queue("audit", payload, self._send_audit)
            return
        with self.transaction(as_manager=signer is not None) as db:
            self.audit(db, actor, action, detail, signer)

    # ------------------------------------------------------------------------------------ trainees

    def create_trainee(self, name: str) -> Trainee:
        name = clean_name(name)
        existing = self._trainee_row(name)
        if existing is not None:
            archived = " (archived; a manager can restore it)" if existing[4] else ""
            raise ValueError(f"A trainee called {existing[2]!r} already exists{archived}.")
        self._call("dd_create_trainee", new_uuid(), name, name_key(name), self.now_text())
        return self.trainee(name)

    def archive_trainee(self, name: str, by: str, signer=None) -> Trainee:
        trainee = self.trainee(name)
        if trainee.archived:
            raise ValueError(f"{trainee.name} is already archived.")
        with self.transaction(as_manager=True) as db:
            db.call("dd_set_archived", trainee.uuid, self.now_text(), by)
            self.audit(db, by, "trainee_archived", trainee.name, signer)
        return self.trainee(name)

    def restore_trainee(self, name: str, by: str, signer=None) -> Trainee:
        trainee = self.trainee(name)
        if not trainee.archived:
            raise ValueError(f"{trainee.name} is not archived.")
        with self.transaction(as_manager=True) as db:
            db.call("dd_set_archived", trainee.uuid, None, None)
            self.audit(db, by, "trainee_restored", trainee.name, signer)
        return self.trainee(name)

    # ------------------------------------------------------------------------------------ sessions

    def start_session(self, trainee: str, drill_id: str, mode, settings_snapshot: dict | None = None, *,
                      target: Target | None = None) -> str:
        row = self._trainee_row(trainee)
        if row is None:
            raise UnknownTraineeError(trainee)
        if row[4]:
            raise PermissionError(f"{row[2]} is archived; a manager must restore the profile first.")
        mode = mode_value(mode)
        info = self.drill_info(drill_id)
        target = target or self.target(drill_id)
        payload = {"uuid": new_uuid(), "trainee_uuid": row[1], "drill": drill_id, "game": info.game, "mode": mode,
                   "settings": json.dumps(settings_snapshot or {}, sort_keys=True, default=str),
                   "target": json.dumps(target.to_dict(), sort_keys=True), "workstation": self.workstation,
                   "started_at": self.now_text()}
        self._send_or_queue("session", payload, self._send_session)
        self._local_sessions[payload["uuid"]] = {**payload, "trainee": row[2], "target_value": target,
                                                 "answers": [], "finished_at": None}
        return payload["uuid"]

    def issue_test(self, trainee: str, drill_id: str, *, distrusted: frozenset[str] = frozenset(),
                   answer_key_defaults: dict | None = None) -> TestIssue:
        """As Records.issue_test, by the server (dd_issue_test): its random seed, its clock, the target in force
        and the latest signed answer-key settings over the defaults `room setup` wrote (the server's, not
        `answer_key_defaults`). RecordsOfflineError while the server cannot be reached."""
        row = self._trainee_row(trainee)
        if row is None:
            raise UnknownTraineeError(trainee)
        if row[4]:
            raise PermissionError(f"{row[2]} is archived; a manager must restore the profile first.")
        session_id = new_uuid()
        try:
            settings_text, target_text, started, seed = self._call("dd_issue_test", session_id, row[1], drill_id,
                                                                   self.workstation)
        except RecordsOfflineError as error:
            return self._issue_from_stock(row, drill_id, str(error))
        target = Target.from_dict(json.loads(target_text))
        settings = json.loads(settings_text)
        self._local_sessions[session_id] = {"uuid": session_id, "trainee_uuid": row[1], "drill": drill_id,
                                            "game": self.drill_info(drill_id).game, "mode": "test",
                                            "settings": settings_text, "target": target_text,
                                            "workstation": self.workstation, "started_at": started,
                                            "trainee": row[2], "target_value": target, "answers": [],
                                            "finished_at": None}
        # The server keeps the seed (version 10): the items' keys come one at a time (item_key); an older server's
        # seed, where it gives one, is used as given.
        return TestIssue(session_id, drill_id, int(seed) if seed is not None else None, target, settings,
                         from_text(started))

    def stock_tests(self) -> int:
        """Top up this desk's stock of tests for when the server cannot be reached (dd_stock_tests: issued ahead by
        the server for this desk's login, up to TESTS_STOCKED_PER_DESK unused), and keep, with it, each drill's target
        and answer-key settings as a test would be issued now (dd_test_terms). A stocked test this desk took whose start
        the server refused is withdrawn, so it no longer holds a place. Returns how many the desk holds untaken.
        RecordsOfflineError while the server cannot be reached (the sender tries again once it answers)."""
        if self.outbox is None:
            return 0
        try:
            with self.transaction() as db:
                stocked = db.execute("SELECT * FROM dd_stock_tests(?, ?::text[])",
                                     (TESTS_STOCKED_PER_DESK, self.outbox.refused_stock())).fetchall()
                terms = db.execute("SELECT * FROM dd_test_terms()").fetchall()
        except RecordsError:
            self._stock_due = True
            raise
        self.outbox.keep_stock(stocked, terms, self.now_text())
        self._stock_due = False
        return self.outbox.stock_left()

    def tests_in_stock(self) -> int:
        """How many tests this desk can still take while the server cannot be reached."""
        return self.outbox.stock_left() if self.outbox is not None else 0

    def _issue_from_stock(self, row: tuple, drill_id: str, why: str) -> TestIssue:
        """A test while the server cannot be reached (`why`): the oldest stocked test the server issued ahead for this
        desk's login (its seed), set up under the target and answer-key settings the server last gave with the stock;
        its start goes into the outbox, with the stocked test's id, in the transaction that takes it. The server
        refuses it on arrival unless it is this login's, unused, and those are still the ones in force."""
        self._stock_due = True          # topped up as soon as the server answers again
        cannot = (f"{why} Offline, a test is taken from the stock of tests the server issued ahead for this desk "
                  f"(up to {TESTS_STOCKED_PER_DESK}, topped up whenever the server answers)")
        terms = self.outbox.test_terms(drill_id) if self.outbox is not None else None
        if terms is None:
            raise RecordsOfflineError(f"{cannot}, and this desk has no stock yet, nor the manager's target for "
                                      f"{drill_id}: no test can start until the server answers again (practice "
                                      f"can).")
        game, target_text, settings_text = terms
        session_id, started = new_uuid(), self.now_text()

        def start_of(stock_id: str, seed: int, stocked_at: str) -> dict:
            return {"uuid": session_id, "stock": stock_id, "trainee_uuid": row[1], "drill": drill_id, "game": game,
                    "mode": "test", "settings": settings_text, "target": target_text,
                    "workstation": self.workstation, "started_at": started}

        if self.outbox is None:
            raise RecordsOfflineError(f"{cannot}: these records have no outbox, so no test can start.")
        with self._order:
            taken = self.outbox.take_stocked_test(started, start_of)
            if taken is not None:
                self._waiting = True
        if taken is None:
            raise RecordsOfflineError(f"{cannot}, and this desk's stock is used up: no test can start until the "
                                      f"server answers again (practice can).")
        self._wake.set()
        stock_id, seed, stocked_at = taken
        target = Target.from_dict(json.loads(target_text))
        settings = {**json.loads(settings_text),
                    ISSUE_KEY: {"seed_sha256": hashlib.sha256(str(seed).encode("ascii")).hexdigest(),
                                "stock": {"id": stock_id, "stocked_at": stocked_at}}}
        self._local_sessions[session_id] = {"uuid": session_id, "trainee_uuid": row[1], "drill": drill_id,
                                            "game": game, "mode": "test",
                                            "settings": json.dumps(settings, sort_keys=True), "target": target_text,
                                            "workstation": self.workstation, "started_at": started,
                                            "trainee": row[2], "target_value": target, "answers": [],
                                            "finished_at": None, "stock": stock_id}
        return TestIssue(session_id, drill_id, seed, target, settings, from_text(started))

    def item_key(self, session_id: str, number: int) -> int:
        """The key of item `number` of a test the server issued, as it falls due (dd_item_key; the outbox is sent
        first, since the server gives item n+1 only once it holds n answers). RecordsOfflineError while the server
        cannot be reached: the test waits for it, its answers kept."""
        if self.status().answers_waiting and not self.send_waiting_now(timeout=10):
            raise RecordsOfflineError(
                f"The next item of this test comes from the training room server ({public_url(self.url)}), which "
                "cannot be reached now; your answers so far are kept. Try again once it answers.")
        try:
            text = self._read_now("SELECT dd_item_key(?, ?)", (session_id, number))[0][0]   # tried even if seen away
        except RecordsOfflineError as error:
            raise RecordsOfflineError(
                f"{error} The next item of this test comes from the server; your answers so far are kept. Try "
                f"again once it answers.") from None
        return int(text[:16], 16)

    def test_seed(self, session_id: str) -> int:
        """The seed of a test the server issued, once it has ended (dd_test_seed): its items follow from it."""
        return int(self.read("SELECT dd_test_seed(?)", (session_id,))[0][0])   # read-only records may ask too

    def record_answer(self, session_id: str, answered: AnsweredItem, scheduler_memory: dict | None = None) -> str:
        item, grade = answered.item, answered.grade
        local = self._local_sessions.get(session_id)
        if local is None:       # a session this desk did not start in this run: ask the server
            found = self.read("SELECT s.drill, s.finished_at, "
                              "(SELECT count(*) FROM answers a WHERE a.session_id = s.id) "
                              "FROM sessions s WHERE s.uuid = ?", (session_id,))
            if not found:
                raise LookupError(f"There is no session {session_id!r} in the records.")
            drill, finished, stored = found[0]
            given = self._answers_given.setdefault(session_id, int(stored))
        else:
            drill, finished, given = local["drill"], local["finished_at"], len(local["answers"])
        if finished:
            raise ValueError("That session is finished; start a new one to record more answers.")
        if item.drill != drill:
            raise ValueError(f"The answer is for the drill {item.drill!r}, the session is for {drill!r}.")
        category = getattr(grade.category, "value", grade.category)
        now = self.now_text()
        answer_uuid = new_uuid()
        # "seq": which answer of the session this is; the server stores it only as the next (none lost between).
        payload = {"session": session_id, "uuid": answer_uuid, "seq": given + 1, "family": item.family,
                   "item": item.to_record(),
                   "answer": json.dumps(answered.answer, sort_keys=True, default=str), "expected": grade.expected,
                   "given": grade.given, "correct": int(bool(grade.correct)), "category": category,
                   "rule": grade.rule or "", "seconds": float(grade.seconds), "timed_out": int(bool(grade.timed_out)),
                   "answered_at": now,
                   "memory": json.dumps(scheduler_memory, sort_keys=True) if scheduler_memory is not None else None,
                   "memory_at": now}
        self._send_or_queue("answer", payload, self._send_answer)
        if local is None:
            self._answers_given[session_id] = given + 1
        else:
            local["answers"].append((payload["correct"], payload["seconds"]))
            if scheduler_memory is not None:
                self._memory_cache[(name_key(local["trainee"]), drill)] = scheduler_memory
        return answer_uuid

    def finish_session(self, session_id: str) -> SessionSummary:
        local = self._local_sessions.get(session_id)
        finished = self.now_text()
        self._send_or_queue("finish", {"uuid": session_id, "finished_at": finished}, self._send_finish)
        if local is not None:
            local["finished_at"] = local["finished_at"] or finished
            if self._waiting:          # the server holds only part of it yet: this desk's own account
                return self._local_summary(local)
        try:
            return self.session(session_id)
        except (RecordsOfflineError, LookupError):
            if local is None:
                raise
            return self._local_summary(local)

    def _local_summary(self, local: dict) -> SessionSummary:
        """A session's summary from what this desk recorded (the server has it once the outbox is sent)."""
        from statistics import median

        from .store import from_text

        answers = local["answers"]
        return SessionSummary(local["uuid"], local["trainee"], local["drill"], local["game"], local["mode"],
                              from_text(local["started_at"]), from_text(local["finished_at"]), len(answers),
                              sum(c for c, _ in answers), float(median(s for _, s in answers)) if answers else 0.0,
                              local["target_value"], json.loads(local["settings"]), local["workstation"],
                              taken_offline=TAKEN_FROM_STOCK if local.get("stock") else "")

    def sign_off(self, attempt_id: str, signed_by: str, signer, note: str = "", reason: str = "") -> SessionSummary:
        attempt = self.session(attempt_id)
        if attempt.finished_at is None:
            raise ValueError("The session is not finished yet.")
        if attempt.signed_by is not None:
            raise ValueError(f"This session was already signed off by {attempt.signed_by}.")
        signed_at = self.now_text()
        with self.transaction(as_manager=True) as db:
            heads = db.call("dd_chain_heads")
            statement = signoff_statement(db, attempt, signed_by, signed_at, note.strip(), reason.strip(),
                                          signer.fingerprint)
            content = chain.event_content(signed_statement(statement, signer))
            link, signature = _signed_link(heads, "signoff", attempt_id, content, signer)
            db.call("dd_sign_off", attempt_id, signed_by, signed_at, note.strip(), reason.strip(), content, link,
                    signer.fingerprint, signature)
            self.audit(db, signed_by, "test_signed_off" if attempt.mode == "test" else "session_signed_off",
                       f"{attempt.trainee}: {attempt.drill} {attempt.correct}/{attempt.items} ({attempt_id})"
                       + (f"; reason: {reason.strip()}" if reason.strip() else ""), signer)
        return self.session(attempt_id)

    def set_target(self, drill_id: str, target: Target, set_by: str, signer) -> None:
        if not isinstance(target, Target):
            raise TypeError("set_target takes a dealerdrill.domain.Target")
        set_at = self.now_text()
        with self.transaction(as_manager=True) as db:
            heads = db.call("dd_chain_heads")
            change_id = heads[4]
            event = target_event(change_id, drill_id, target.seconds, target.accuracy, target.test_items,
                                 target.pass_mark, set_by, set_at, target.level)
            content = chain.event_content(signed_statement({"kind": "dealerdrill-target", **event,
                                                            "key": signer.fingerprint}, signer))
            link, signature = _signed_link(heads, "target", str(change_id), content, signer)
            db.call("dd_set_target", change_id, drill_id, target.seconds, target.accuracy, target.test_items,
                    target.pass_mark, set_by, set_at, content, link, signer.fingerprint, signature, target.level)
            self.audit(db, set_by, "target_set", f"{drill_id}: {json.dumps(target.to_dict())}", signer)
        self._target_cache[drill_id] = target

    def add_manager_key(self, public_key: bytes, manager: str, origin: str, signer, actor: str) -> str:
        with self.transaction(as_manager=True) as db:
            return add_manager_key(db, public_key, manager, origin, signer, actor, self.now_text())

    def checkpoint(self, signer, actor: str) -> None:
        with self.transaction(as_manager=True) as db:
            heads = db.call("dd_chain_heads")
            content = chain.event_content({"at": self.now_text(), "by": actor})
            link, signature = _signed_link(heads, "checkpoint", actor, content, signer)
            db.call("dd_checkpoint", content, link, signer.fingerprint, signature)

    @staticmethod
    def insert_answer(db, values: tuple) -> int:
        """An imported answer (the ANSWER_COLUMNS after id), linked into the chain by the server."""
        return db.call("dd_import_answer", values[1], values[0], *values[2:])[0]
