"""Moving records between workstations: a records file out, and in without duplicates or forgeries. Qt-free.

The file is JSON Lines ("format": "dealerdrill-records", "version": 3): a header line, then one object per
line: the manager keys that signed anything in it, the trainees, and each session followed by all of its
answers (and its sign-off, if any), then an end line with the counts and the file's seal. Each line is small,
so a file of millions of answers is written and read a line at a time, never whole in memory.

The seal. The end line holds the SHA-256 of every byte of the file before it (`lines_sha256`) and, when a
manager exported it (the desk hands the unlocked manager key in as `signer`), the key's fingerprint and an
Ed25519 signature over a statement naming the format, the version, the workstation, the export time, the
counts and that digest (`file_statement`). Before signing, the export checks every answer it writes against
the answers chain (its stored hash is the link from the hash of the answer stored before it and its own
content) and the ledger's record of that chain; if anything fails, the file is still written, unsigned, and
its end line says why. `records_file_seal` reads that back for the desk and the command line to show.

An import reads the file once. Each line is checked at the boundary (a regular file, of bounded size, line
length and number of records, UTF-8 without lone surrogates, JSON of bounded depth) and against what Dealer
Drill writes; a file with one bad line is refused whole, changing nothing, in a sentence naming the line.
Answer lines exactly as Dealer Drill writes them are read a run at a time by a C reader (answer_lines.py) that
takes only what these checks take, with the same values; every other line is read here.
Each line is hashed as read, and its checked values are written to a private scratch database
(Records.scratch). The merge then takes the rows from there, never from the file again: a file changed while
it is imported cannot slip an unchecked line in, and the digest the seal is checked against is the digest of
exactly the bytes that were checked. Session by session:
- a session is taken whole or not at all: all of its answers (items 1 to n, as the session says), never
  answers added to a session these records already hold, and never a change to one they hold finished;
- grades: when the end line carries a valid signature of a manager key these records accept (their own
  workstation's and the ones its manager trusts: records.manager_keys()) over exactly the lines read, the
  answers' grades are taken as the signing workstation recorded them. Otherwise every answer is graded again
  by the engine from its stored item and answer (the `regrade` the desk passes in): the file's verdict is not
  taken on trust, and a session with one disagreement is refused. `ImportResult.grading` says which;
- a test is kept only under the pass mark this workstation sets for the drill, unless a manager key this
  workstation trusts signed it off with its pass mark, and (given the answer keys in force here) only under
  this workstation's answer-key settings for the drill's game, unless such a key signed it off;
- a sign-off is taken only with a valid signature of such a key over the very answers imported;
- targets are set by each workstation's own manager and never imported.
What is refused is listed, with the reason, in the result. Sessions are written in chunks, each its own
transaction, so an import of millions of answers never holds up recording at the desk for long. So an import is
not all or nothing: one killed midway leaves the chunks committed before, whole sessions only, and no audit entry
of the import; importing the file again adds the rest (README.md and docs/guarantees.md say so). A chunk's
rows of the summary tables are written by two statements for the whole chunk, the per-row trigger dropped
for its insert and created again in the same transaction (Records.insert_answers_selected), and the log is
copied into the records file by a thread while the next chunk is written (Records.checkpoints_on_a_thread).
Files of version 2 (written before the seal) are read too, and always graded again.

Into a training room (RoomRecords) the same pass and the same decisions: the scratch database is a private
SQLite connection of its own (nothing can be attached to the server), the questions the merge asks of the
records' own tables in SQL across the two databases are asked of the server a page of sessions at a time
with the scratch rows' UUIDs as arrays (_RoomLookups), and each chunk goes through the manager's server
functions in one transaction that takes the chains' lock first (_Merge._flush_to_room).
"""
from __future__ import annotations

import hashlib
import importlib
import json
import json.scanner
import operator
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from itertools import repeat
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Literal, cast, overload

from . import answer_lines, chain
from .models import ISSUE_KEY, ImportResult, RecordFilter
from .schema import RecordsError
from .schema_v4 import INSERT_LEDGER_ROW, ledger_row, session_end_event, session_event, trainee_event
from .schema_v5 import name_key
from .store import PORTABLE_ANSWER_COLUMNS, portable_answers_digest, signoff_is_of_another_session, to_text

FORMAT_NAME = "dealerdrill-records"
FORMAT_VERSION = 3                      # 3: the end line carries the file's digest and seal
READABLE_VERSIONS = (2, 3)
FILE_STATEMENT_KIND = "dealerdrill-records-file"
MAX_IMPORT_BYTES = 4 * 1024 ** 3        # a 2-million-answer export is about 1.2 GB
MAX_LINE_BYTES = 1024 ** 2              # the longest line Dealer Drill writes is an answer of some 70 KB
MAX_RECORDS = 20_000_000                # lines; far above a training room's years of records
MAX_TRAINEES = 100_000                  # trainee lines (they are kept in memory while a file is read)
MAX_KEYS = 1_000                        # manager-key lines
CHUNK_ANSWERS = 10_000                  # answers per transaction while importing (some 0.2 s of writing)
IMPORT_CACHE_KIB = 65536                # the records' page cache while importing: the answers' indexes stay in it
MAX_REFUSED_LISTED = 1000               # refusals listed one by one in the result; the rest are counted
_LIMITS = {"uuid": 64, "drill": 100, "game": 40, "workstation": 100, "family": 300, "item": 65536,
           "answer": 65536, "expected": 4096, "given": 4096, "category": 100, "rule": 300, "note": 2000,
           "reason": 2000, "settings": 65536, "target": 4096, "name": 60, "manager": 60}
_OTHER_FILES = ((b"PK\x03\x04", "a spreadsheet (XLSX) or another zip file"), (b"%PDF", "a PDF (a scorecard?)"),
                (b"SQLite format 3", "a records database itself, not an export of one"),
                (b"\xef\xbb\xbfanswer_id,", "a CSV export"), (b"answer_id,", "a CSV export"),
                (b"\xef\xbb\xbfsession_id,", "a CSV export"), (b"session_id,", "a CSV export"))
_END_FIELDS = frozenset(("sessions", "answers", "lines_sha256", "key", "signature", "unsigned"))


class ExportCancelled(Exception):
    """The cancel check returned True; no file was left behind."""


def file_statement(header: dict, sessions: int, answers: int, lines_sha256: str, key: str) -> dict:
    """What the signature on a records file says: this format and version, written by this workstation at
    this time, holding these counts, its lines before the end line having this SHA-256, signed with this key.
    Its own kind, so no other signed statement (a sign-off, a target) can pass for one."""
    return {"kind": FILE_STATEMENT_KIND, "format": header.get("format"), "version": header.get("version"),
            "workstation": header.get("workstation"), "exported_at": header.get("exported_at"),
            "sessions": sessions, "answers": answers, "lines_sha256": lines_sha256, "key": key}


# ------------------------------------------------------------------------------------------ export

class _ChainCheck:
    """Before a file is signed: every answer written is still the answer the chain linked (its stored hash is
    the link from the stored hash of the answer before it, by id, and its content as ANSWER_CONTENT_SQL
    formats it), and the ledger's record of the answers chain agrees with the answers. The first failure is
    kept, in words, as the reason the file goes out unsigned."""

    def __init__(self, records):
        self.problem: str | None = None
        # Extra columns of the export's answer query, after the portable ones; the answer's content as the
        # records' own database formats it (SQLite's or PostgreSQL's text of its values).
        self.columns = (f"id, chain_hash, {records.dialect.answer_content_sql()}, (SELECT p.chain_hash FROM "
                        f"answers p WHERE p.id < answers.id ORDER BY p.id DESC LIMIT 1)")
        row = records.read("SELECT l.seq, l.kind, l.answers_last_id FROM ledger l LEFT JOIN answers a "
                           "ON a.id = l.answers_last_id WHERE l.answers_last_id > 0 "
                           "AND (a.id IS NULL OR a.chain_hash IS NULL OR a.chain_hash <> l.answers_head) "
                           "ORDER BY l.seq LIMIT 1")
        if row:
            seq, kind, last_id = row[0]
            self.problem = (f"the answers chain no longer agrees with ledger entry {seq} ({kind}), which recorded "
                            f"it up to answer row {last_id}: answers were rewritten behind the program's back")

    def answer(self, trainee: str, drill: str, uuid: str, seq: int, stored, content: bytes, previous) -> None:
        if self.problem is not None:
            return
        if stored is None or chain.link(bytes(previous) if previous is not None else chain.NO_HASH,
                                        content) != bytes(stored):
            self.problem = _not_in_chain(uuid, trainee, drill, seq)


def _not_in_chain(uuid: str, trainee: str, drill: str, seq: int) -> str:
    return (f"answer {uuid} ({trainee}, {drill}, item {seq}) does not match the answers chain: it, or the answer "
            f"stored before it, was changed after it was recorded")


def answers_chain_problem(records, names: list[str]) -> str | None:
    """Before the answers of these trainees are vouched for with a manager's key (a sealed scorecard): the
    first of them that no longer matches the answers chain, or a ledger that no longer agrees with that chain,
    in words (the reason the export goes out unsealed); None when all check out."""
    check = _ChainCheck(records)
    if check.problem is not None:
        return check.problem
    keys = [name_key(name) for name in names]
    scanned = _scanned_chain_problem(records, set(keys))
    if scanned is not _NOT_SCANNED:
        return scanned
    for start in range(0, len(keys), 500):
        chunk = keys[start:start + 500]
        sessions = {session_id: (name, drill) for session_id, name, drill in records.read(
            f"SELECT s.id, t.name, s.drill FROM sessions s JOIN trainees t ON s.trainee_id = t.id "
            f"WHERE t.name_key IN ({', '.join('?' * len(chunk))})", chunk)}
        for first in range(0, len(sessions), 500):
            ids = sorted(sessions)[first:first + 500]
            for rows in records.stream(f"SELECT session_id, uuid, seq, {check.columns} FROM answers "
                                       f"WHERE session_id IN ({', '.join('?' * len(ids))}) ORDER BY id", ids):
                for session_id, uuid, seq, _id, stored, content, previous in rows:
                    check.answer(*sessions[session_id], uuid, seq, stored, content, previous)
                if check.problem is not None:
                    return check.problem
    return check.problem


_NOT_SCANNED = object()
_SCAN_PROBLEMS = 1000


def _scanned_chain_problem(records, keys: set[str]):
    """answers_chain_problem's answer from the C scan of the whole answers chain (answer_scan, as verify takes
    it; about 28 s of Python for 2 M answers, which a cohort's sealed scorecard would otherwise add), where
    the scan can answer: a records file (not a room's server), with the scanner built, and fewer broken links
    than it lists. The rows it names are narrowed to these trainees' answers, the first by id in the Python
    road's words; _NOT_SCANNED where the Python road must check."""
    from . import answer_scan

    if not answer_scan.AVAILABLE or getattr(records, "room", False):
        return _NOT_SCANNED
    last = records.read("SELECT MAX(id) FROM answers")[0][0]
    if last is None:
        return None
    scanned = answer_scan.scan_answers(str(records.path), 1, last + 1, chain.NO_HASH, _SCAN_PROBLEMS)
    if scanned is None or len(scanned[0]) >= _SCAN_PROBLEMS:
        return _NOT_SCANNED
    broken = [answer_id for answer_id, _kind in scanned[0]]
    for start in range(0, len(broken), 500):
        ids = broken[start:start + 500]
        for uuid, seq, name, drill, key in records.read(
                f"SELECT a.uuid, a.seq, t.name, s.drill, t.name_key FROM answers a JOIN sessions s ON "
                f"s.id = a.session_id JOIN trainees t ON t.id = s.trainee_id WHERE a.id IN "
                f"({', '.join('?' * len(ids))}) ORDER BY a.id", ids):
            if key in keys:
                return _not_in_chain(uuid, name, drill, seq)
    return None


def dump_records(records, path: str | Path, f: RecordFilter | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None, signer=None) -> Path:
    """Write the sessions the filter selects (those with an answer in the period) whole, with their trainees,
    answers and sign-offs, as a records file, sealed with `signer` (the unlocked manager key) when given and
    every answer written checks out against the chains (see the module's docstring; records_file_seal says
    afterwards how it went). Streams from the database; written to a temporary file and renamed, so a
    cancelled, failed or killed export leaves nothing under the name."""
    from .queries import local_day_start, where_clause

    f = f or RecordFilter()
    time_clauses, time_parameters = [], []
    if f.date_from is not None:
        time_clauses.append("a.answered_at >= ?")
        time_parameters.append(to_text(local_day_start(f.date_from)))
    if f.date_to is not None:
        time_clauses.append("a.answered_at < ?")
        time_parameters.append(to_text(local_day_start(f.date_to + timedelta(days=1))))
    answer_time = " AND ".join(time_clauses)
    session_where, session_parameters = where_clause(records, RecordFilter(None, None, f.game, f.drill, f.mode,
                                                                           f.trainees, f.include_archived),
                                                     None, "s.started_at")
    session_rows = records.read(
        "SELECT s.id, s.uuid, t.name, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, s.started_at, "
        "s.finished_at, so.manager, so.signed_at, so.note, so.reason, "
        "(SELECT COUNT(*) FROM answers a WHERE a.session_id = s.id) "
        "FROM sessions s JOIN trainees t ON s.trainee_id = t.id LEFT JOIN signoffs so ON so.session_id = s.id"
        + session_where + (" AND " if session_where else " WHERE ")
        + "EXISTS (SELECT 1 FROM answers a WHERE a.session_id = s.id" + (f" AND {answer_time}" if answer_time else "")
        + ") ORDER BY s.started_at, s.id", session_parameters + time_parameters)
    names = {name_key(r[2]) for r in session_rows}
    trainees = [t for t in records.trainees(include_archived=True) if name_key(t.name) in names]
    statements = {ref: json.loads(content) for ref, content in records.read(
        "SELECT ref, content FROM ledger WHERE kind = 'signoff'")}
    keys = records.manager_keys()
    total = sum(r[15] for r in session_rows) + len(session_rows)
    done = 0
    check = _ChainCheck(records) if signer is not None else None
    columns = ", ".join(PORTABLE_ANSWER_COLUMNS) + (f", {check.columns}" if check is not None else "")
    portable = len(PORTABLE_ANSWER_COLUMNS)

    def step(count: int) -> None:
        nonlocal done
        if cancel and cancel():
            raise ExportCancelled("export cancelled")
        done += count
        if progress:
            progress(done, total)

    def line(kind: str, value: dict) -> bytes:
        return (json.dumps({kind: value}, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")

    def write(handle) -> None:
        digest = hashlib.sha256()

        def put(data: bytes) -> None:
            handle.write(data)
            digest.update(data)

        header = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "exported_at": to_text(records.clock()),
                  "workstation": records.workstation}
        put((json.dumps(header, ensure_ascii=False) + "\n").encode("utf-8"))
        signing = {statements[r[1]]["statement"].get("key") for r in session_rows
                   if r[11] is not None and "statement" in statements.get(r[1], {})}
        for fingerprint in sorted(k for k in signing if k in keys):
            public, manager, _ = keys[fingerprint]
            put(line("key", {"fingerprint": fingerprint, "public_key": public.hex(), "manager": manager}))
        for t in trainees:
            put(line("trainee", {"uuid": t.uuid, "name": t.name, "created_at": to_text(t.created_at)}))
        answers = 0
        for r in session_rows:
            put(line("session", {"uuid": r[1], "trainee": r[2], "drill": r[3], "game": r[4], "mode": r[5],
                                 "settings": r[6], "target": r[7], "workstation": r[8], "started_at": r[9],
                                 "finished_at": r[10], "answers": r[15]}))
            for rows in records.stream(f"SELECT {columns} FROM answers WHERE session_id = ? ORDER BY seq", (r[0],)):
                for a in rows:
                    if check is not None:
                        check.answer(r[2], r[3], a[0], a[1], a[portable + 1], a[portable + 2], a[portable + 3])
                    put(line("answer", {"session": r[1], **dict(zip(PORTABLE_ANSWER_COLUMNS, a)),
                                        "correct": bool(a[7]), "timed_out": bool(a[11])}))
                answers += len(rows)
                step(len(rows))
            if r[11] is not None:
                signed = statements.get(r[1], {})
                put(line("signoff", {"session": r[1], "manager": r[11], "signed_at": r[12], "note": r[13],
                                     "reason": r[14], "statement": signed.get("statement"),
                                     "signature": signed.get("signature")}))
            step(1)
        end = {"sessions": len(session_rows), "answers": answers, "lines_sha256": digest.hexdigest()}
        problem = "it was exported without a manager's key" if check is None else check.problem
        if problem is None:
            statement = file_statement(header, len(session_rows), answers, digest.hexdigest(), signer.fingerprint)
            end["key"] = signer.fingerprint
            end["signature"] = signer.sign(chain.event_content(statement).encode("utf-8")).hex()
        else:
            end["unsigned"] = problem
        handle.write(line("end", end))

    if cancel and cancel():
        raise ExportCancelled("export cancelled")
    return write_atomically(path, write, binary=True)


@dataclass(frozen=True)
class RecordsSeal:
    """What a records file's end line says about its seal (read back after an export; not checked: checking
    takes the whole file and this workstation's trusted keys, which an import does)."""
    signed_by_key: str | None     # the fingerprint of the key that signed it; None: not signed
    manager: str | None           # whose key that is, when these records know it
    unsigned_reason: str          # why it was not signed ("" when it was)

    @property
    def signed(self) -> bool:
        return self.signed_by_key is not None

    def __str__(self) -> str:
        if self.signed:
            owner = f"{self.manager}'s" if self.manager else "the manager's"
            return (f"signed with {owner} key {self.signed_by_key}: a workstation that trusts this key takes its "
                    f"grades as recorded here")
        return (f"NOT signed ({self.unsigned_reason}): a workstation that imports it grades every answer again "
                f"by the engine")


def records_file_seal(path: str | Path, keys: dict | None = None) -> RecordsSeal:
    """The seal a records file's end line claims (`keys`, records.manager_keys(), names the manager)."""
    with open(path, "rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, size - 64 * 1024))
        tail = handle.read().splitlines()
    try:
        end = json.loads(next(line for line in reversed(tail) if line.strip()))["end"]
    except (StopIteration, ValueError, KeyError, TypeError):
        return RecordsSeal(None, None, "it has no end line")
    if not isinstance(end, dict):
        return RecordsSeal(None, None, "it has no end line")
    if isinstance(end.get("key"), str) and isinstance(end.get("signature"), str):
        known = (keys or {}).get(end["key"])
        return RecordsSeal(end["key"], known[1] if known else None, "")
    reason = end.get("unsigned")
    return RecordsSeal(None, None, _plain_reason(reason) or "it is of a version written before files were signed")


def _plain_reason(text) -> str:
    """A reason the file gives for itself, shown only if it is one short printable line."""
    return text if isinstance(text, str) and 0 < len(text) <= 400 and text.isprintable() else ""


def write_atomically(path: str | Path, write, *, newline: str | None = None, binary: bool = False,
                     encoding: str = "utf-8") -> Path:
    """Call write(handle) on a temporary file next to `path`, then rename it into place. The temporary
    file is locked while it is written; the hidden parts that killed exports left in that folder, which no
    writer holds any more, are removed first (remove_stale_parts)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(path.parent)
    temporary = part_file(path)
    try:
        handle: IO
        with (open(temporary, "wb") if binary
              else open(temporary, "w", encoding=encoding, newline=newline)) as handle:
            hold_part(handle)
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())   # the data is on disk before the name points at it
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


# A killed export leaves its hidden part behind (as large as the export had grown). Each writer holds an
# exclusive lock on its part while it writes, which the system releases when the writer dies; so a part
# nobody holds, a few seconds old (a new part is locked just after it is made), is left over and goes.
STALE_PART_SECONDS = 5.0
fcntl: ModuleType | None
try:
    fcntl = importlib.import_module("fcntl")
except ImportError:          # Windows: no advisory locks, so only parts a day old count as left over
    fcntl = None


def part_file(path: Path) -> Path:
    """The hidden temporary name an export of `path` is written under."""
    return path.with_name(f".{path.name}.part")


def hold_part(handle) -> None:
    """Lock a part being written (released when it is closed, or when this process dies)."""
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def remove_stale_parts(folder: Path) -> list[Path]:
    """Remove the hidden parts (".NAME.part") in `folder` that no writer holds; returns those removed.
    Never raises: a part that cannot be looked at or removed is left."""
    removed: list[Path] = []
    try:
        candidates = [entry for entry in os.scandir(folder)
                      if entry.name.startswith(".") and entry.name.endswith(".part") and entry.is_file()]
    except OSError:
        return removed
    oldest = datetime.now().timestamp() - (STALE_PART_SECONDS if fcntl is not None else 86400)
    for entry in candidates:
        try:
            if entry.stat().st_mtime > oldest:
                continue
            with open(entry.path, "rb") as part:
                if fcntl is not None:
                    try:
                        fcntl.flock(part.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        continue        # an export is writing it now
                os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


# ------------------------------------------------------------------------------------------ reading a file

class _Bad(ValueError):
    """One line of the file is unusable; the message says which and why."""


def _open(path: Path):
    """The file opened for reading, if it is a regular file of a bounded size. Checked on the open file (a
    name swapped for a pipe or a device after a check of the name cannot block or feed the import), opened
    without blocking so that a pipe under the name returns at once."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist.") from None
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or error}).") from None
    not_a_file = ValueError(f"{path} is not a file (a device, a pipe or a folder): import takes the file written "
                            f"by `dealerdrill export --format json`. Nothing was imported.")
    if not stat.S_ISREG(info.st_mode):
        raise not_a_file
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or error}).") from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        raise not_a_file
    if info.st_size > MAX_IMPORT_BYTES:
        os.close(descriptor)
        raise ValueError(f"{path} is {info.st_size / 1024 ** 3:.1f} GB, larger than any records file Dealer Drill "
                         f"writes ({MAX_IMPORT_BYTES // 1024 ** 3} GB at most); nothing was imported.")
    return os.fdopen(descriptor, "rb", buffering=1024 * 1024)


class _Lines:
    """The lines of a records file, checked at the boundary: a regular file, of a bounded size, UTF-8, each
    line a bounded JSON object of bounded depth. Read a block at a time; `line` gives the next line as
    (line number, its bytes, its object), a blank line with None for its object (its bytes still count in
    the file's digest), and None at the end; `answers` takes the run of answer lines that follow, where the
    C reader takes them (answer_lines.py), with the same limits on lines and bytes."""

    BLOCK = 1024 * 1024

    def __init__(self, path: Path):
        self.handle = _open(path)
        try:
            start = self.handle.read(32)
            for signature, what in _OTHER_FILES:
                if start.startswith(signature):
                    raise ValueError(f"{path} is {what}, not a Dealer Drill records file: import takes the JSON file "
                                     f"written by `dealerdrill export --format json`. Nothing was imported.")
            if start.startswith(b"\xef\xbb\xbf"):
                raise _Bad("line 1 starts with a byte-order mark, which Dealer Drill never writes")
        except BaseException:
            self.handle.close()
            raise
        self.data, self.pos, self.ended = start, 0, False    # bytes read, where the next line starts
        self.number = self.read = 0
        self.fast: Any = None                  # the C reader, made on the first run of answers

    def close(self) -> None:
        self.handle.close()

    def _more(self) -> bool:
        """Another block after what is left unread; False at the end of the file."""
        if self.ended:
            return False
        block = self.handle.read(self.BLOCK)
        if not block:
            self.ended = True
            return False
        self.data = self.data[self.pos:] + block
        self.pos = 0
        return True

    def _count(self, lines: int, size: int, longest: int) -> None:
        self.number += lines
        self.read += size
        number = self.number
        if number > MAX_RECORDS or longest > MAX_LINE_BYTES or self.read > MAX_IMPORT_BYTES:  # one test for three
            if number > MAX_RECORDS:
                raise _Bad(f"the file holds more than {MAX_RECORDS:,} records (lines), more than any records "
                           f"file Dealer Drill writes")
            if longest > MAX_LINE_BYTES:
                raise _Bad(f"line {number} is longer than {MAX_LINE_BYTES // 1024} KB")
            raise _Bad(f"the file grew past {MAX_IMPORT_BYTES // 1024 ** 3} GB while it was read")

    def line(self) -> tuple[int, bytes, dict | None] | None:
        # As readline(MAX_LINE_BYTES + 1) reads: up to and with the newline, at most that many bytes.
        while True:
            data, pos = self.data, self.pos
            newline = data.find(b"\n", pos, pos + MAX_LINE_BYTES + 1)
            if newline >= 0:
                raw = data[pos:newline + 1]
                break
            if len(data) - pos > MAX_LINE_BYTES:
                raw = data[pos:pos + MAX_LINE_BYTES + 1]
                break
            if not self._more():
                if pos >= len(data):
                    return None
                raw = data[pos:]
                break
        self.pos += len(raw)
        self._count(1, len(raw), len(raw))
        number = self.number
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _Bad(f"line {number} is not UTF-8 text") from None
        if text.isspace():
            return number, raw, None
        try:
            # _parse_line, spelled out here for the lines the C reader leaves: the scanner when the line is the
            # value and then the line's end, else json.loads (which accepts it or raises).
            try:
                value, end = _scan(text, 0)
            except (StopIteration, ValueError):
                value, end = json.loads(text), len(text)
            if end != len(text) and not text[end:].isspace():
                value = json.loads(text)
        except RecursionError:
            raise _Bad(f"line {number} nests deeper than any record Dealer Drill writes") from None
        except ValueError:
            raise _Bad(f"line {number} is not JSON") from None
        if number == 1 and not isinstance(value, dict):
            raise _Bad("it is not a Dealer Drill records file (its first line is no records-file header)")
        if number > 1 and (type(value) is not dict or len(value) != 1):
            raise _Bad(f"line {number} is not a record of a records file")
        return number, raw, value

    def answers(self, session: str, started: str, latest: str, next_seq: int) -> tuple[Any, memoryview] | None:
        """The answer lines of the open session that come next, as the C reader takes them (answer_lines.Run),
        and their bytes, for the digest; None when it takes none (or is not built here)."""
        if not answer_lines.AVAILABLE or not (self.data.startswith(b'{"answer"', self.pos)
                                               or len(self.data) - self.pos < 16):
            return None                        # at a line of another kind: no call needed to see that
        if self.fast is None:
            self.fast = answer_lines.AnswerLineReader(self.BLOCK + MAX_LINE_BYTES + 64 * 1024, MAX_LINE_BYTES)
        while True:
            run = self.fast.take(self.data, self.pos, session, started, latest, next_seq)
            if run.lines:
                break
            if not (run.needs_more and self._more()):
                return None
        if self.number + run.lines > MAX_RECORDS or self.read + run.consumed > MAX_IMPORT_BYTES:
            return None                        # a limit is reached within the run: Python reads on, line by line,
            #                                    so the message names the limit reached first, as it would
        taken = memoryview(self.data)[self.pos:self.pos + run.consumed]
        self.pos += run.consumed
        self._count(run.lines, run.consumed, 0)      # each line taken is at most MAX_LINE_BYTES
        return run, taken


def _header(value: dict) -> int:
    if value.get("format") != FORMAT_NAME:
        raise ValueError("is not a Dealer Drill records file (export one with `dealerdrill export --format json`)")
    version = value.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"gives its version as {json.dumps(version)[:20]}, which is not a version number")
    if version == 1:
        raise ValueError("is a records file of version 1 (written before answers could be checked again by the "
                         "engine): export the records again with this version of Dealer Drill")
    if version not in READABLE_VERSIONS:
        raise ValueError(f"is a records file of version {version}; this Dealer Drill reads versions "
                         f"{READABLE_VERSIONS[0]} to {READABLE_VERSIONS[-1]}. Update Dealer Drill here")
    return version


# The exact checks, one field at a time, each failure in words naming the line and the field. Lines as
# Dealer Drill writes them take the quick checks further down instead; anything those do not accept comes
# here, so the messages (and what is accepted) are these functions'.

def _field(record: dict, key: str, where: str, *, optional: bool = False):
    if key not in record or record[key] is None:
        if optional:
            return None
        raise _Bad(f"{where} has no {key!r}")
    return record[key]


def _text(record, key, where, *, optional=False, empty=True) -> str | None:
    value = _field(record, key, where, optional=optional)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _Bad(f"{where}: {key!r} must be text")
    if len(value) > _LIMITS.get(key, 300):
        raise _Bad(f"{where}: {key!r} is longer than {_LIMITS.get(key, 300)} characters")
    if "\x00" in value:
        raise _Bad(f"{where}: {key!r} contains a NUL character")
    try:
        value.encode("utf-8")            # a lone surrogate (JSON can spell one) is not text
    except UnicodeEncodeError:
        raise _Bad(f"{where}: {key!r} contains a lone surrogate (not text)") from None
    if not empty and not value.strip():
        raise _Bad(f"{where}: {key!r} is empty")
    return value


@overload
def _label(record, key, where, *, optional: Literal[False] = False) -> str: ...
@overload
def _label(record, key, where, *, optional: bool) -> str | None: ...
def _label(record, key, where, *, optional=False) -> str | None:
    """Short identifying text (ids, drills, names of managers): printable, one line."""
    value = _text(record, key, where, optional=optional, empty=False)
    if value is not None and not value.isprintable():
        raise _Bad(f"{where}: {key!r} contains control characters")
    return value


@overload
def _time(record, key, where, *, optional: Literal[False] = False, now: datetime) -> str: ...
@overload
def _time(record, key, where, *, optional: bool, now: datetime) -> str | None: ...
def _time(record, key, where, *, optional=False, now: datetime) -> str | None:
    from .store import from_text

    value = _text(record, key, where, optional=optional)
    if value is None:
        return None
    # A time in the stored form (as Dealer Drill writes every time) is its own stored text: it is a valid
    # calendar day and clock time, and within the range exactly when its text is (the form is fixed-width, so
    # text order is time order), so it is taken without parsing and formatting it again. Anything else is
    # read below, which accepts it in another form or says what is wrong.
    if len(value) == 27 and _STORED_TIME.fullmatch(value) and _EARLIEST_TIME <= value <= _latest_time(now):
        try:
            date.fromisoformat(value[:10])
        except ValueError:
            pass
        else:
            return value
    try:
        moment = from_text(value)
    except ValueError:
        raise _Bad(f"{where}: {key!r} is not a date and time ({value[:40]!r})") from None
    if moment is None or moment.tzinfo is None:
        raise _Bad(f"{where}: {key!r} is not a UTC date and time ({value[:40]!r})")
    if not datetime(2000, 1, 1, tzinfo=UTC) <= moment <= now + timedelta(days=1):
        raise _Bad(f"{where}: {key!r} is {value[:40]}, not a time Dealer Drill could have recorded (from 2000 to "
                   f"today)")
    return to_text(moment)      # stored in the one fixed-width form that SQL compares correctly


_EARLIEST_TIME = "2000-01-01T00:00:00.000000Z"
_LATEST_TIMES: dict[datetime, str] = {}


def _latest_time(now: datetime) -> str:
    """The latest time _time accepts for `now` (a day after it), in the stored form; kept for the last `now`."""
    latest = _LATEST_TIMES.get(now)
    if latest is None:
        _LATEST_TIMES.clear()
        latest = _LATEST_TIMES[now] = to_text(now + timedelta(days=1))
    return latest


def _json_text(record, key, where, *, must_be_object=False) -> str:
    value = _text(record, key, where, optional=True)
    if value is None or value == "":
        return "{}" if must_be_object else "null"
    try:
        parsed = json.loads(value)
    except RecursionError:
        raise _Bad(f"{where}: {key!r} nests deeper than anything Dealer Drill writes") from None
    except ValueError:
        raise _Bad(f"{where}: {key!r} is not JSON text") from None
    if must_be_object and not isinstance(parsed, dict):
        raise _Bad(f"{where}: {key!r} is not a JSON object")
    return value


def _flag(record, key, where) -> int:
    value = _field(record, key, where)
    if not isinstance(value, bool):
        raise _Bad(f"{where}: {key!r} must be true or false")
    return int(value)


def _number(record, key, where, low, high, whole=False):
    value = _field(record, key, where)
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)) or not low <= value <= high:
        kind = "a whole number" if whole else "a number"
        raise _Bad(f"{where}: {key!r} must be {kind} from {low} to {high}")
    return value


def _exact_answer(record, where: str, now: datetime, started_at: str) -> tuple:
    """An answer line's values in PORTABLE_ANSWER_COLUMNS order, by the exact checks."""
    answered = _time(record, "answered_at", where, now=now)
    if answered < started_at:
        raise _Bad(f"{where} was given before its session started")
    return (_label(record, "uuid", where), _number(record, "seq", where, 1, 1_000_000, whole=True),
            _label(record, "family", where), _json_text(record, "item", where), _json_text(record, "answer", where),
            _text(record, "expected", where), _text(record, "given", where), _flag(record, "correct", where),
            _label(record, "category", where, optional=True), _text(record, "rule", where, optional=True) or "",
            float(_number(record, "seconds", where, 0, 86_400)), _flag(record, "timed_out", where), answered)


# The quick checks: an answer line exactly as Dealer Drill writes it (every field present, of its type and
# within its limits, the time in the stored form) is accepted here in one expression, with no call per
# field; any line they do not accept is checked again by the exact checks above, which accept it or say what
# is wrong. So they may only ever accept less than the exact checks, and give the same values (a test holds
# them to that). Why they are enough:
# - a NUL or a lone surrogate can only reach a string through a \u escape (the line is strict UTF-8, and
#   JSON forbids raw control characters in strings), so those are looked for only when the line has one;
# - isprintable() is false for NUL, surrogates and every control character, which covers the labels;
# - a time in the stored form (one regular expression) is compared as text: the form is fixed-width, so
#   text order is time order; its calendar day is checked once per day seen.
# On the signed path too, every line takes these checks (issue 13 asked whether a signed file could skip
# them). The seal is known only when the whole file is read (its digest covers every line) and the merge
# starts only after that, so a bad seal can never let a line's grades through. But the checks are not about
# the grades: they keep out of the records the values these records cannot hold safely (other types, text
# too long, NUL or lone surrogates, items and answers that are not JSON, times out of range), whoever signed
# the file; a trusted key vouches for what its workstation recorded, not that the file keeps this version's
# rules, and the scratch rows are the only copy the merge reads. Checking them afterwards, in the merge,
# would cost the same per answer.
_ANSWER_FIELDS = len(("session",) + PORTABLE_ANSWER_COLUMNS)
_answer_values = operator.itemgetter(*PORTABLE_ANSWER_COLUMNS)
_STORED_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\.[0-9]{6}Z")
# The json module's own C scanner, without json.loads' wrapper around it (which costs as much again on an
# answer's small JSON texts); it accepts exactly what json.loads does, less any whitespace around the value.
_scan: Callable[[str, int], tuple[Any, int]] = json.scanner.make_scanner(cast(Any, json.JSONDecoder()))


# Answers repeat (the same call, the same key pressed): those already found to be JSON are not read again.
_JSON_SEEN: set[str] = set()


def _seen(text: str) -> bool:
    if len(text) <= 256:
        _remember(_JSON_SEEN, text)
    return True


def _remember(seen: set[str], text: str) -> None:
    if len(seen) >= 4096:                  # a file of ever new texts must not fill the memory
        seen.clear()
    seen.add(text)


def _is_json(text: str) -> bool:
    try:
        return _scan(text, 0)[1] == len(text)
    except (StopIteration, ValueError, RecursionError):
        return False


def _parse_line(text: str):
    """A line's JSON value, read by the scanner when the line is as Dealer Drill writes it (the value, then the
    line's end), else by json.loads (which then accepts the line, or raises its error)."""
    try:
        value, end = _scan(text, 0)
    except (StopIteration, ValueError):
        return json.loads(text)
    if end == len(text) or text[end:].isspace():
        return value
    return json.loads(text)


def _quick_answer(record: dict, escapes: bool, session: str, started: str, latest: str, days: set,
                  n: int = 0, session_n: int = 0) -> tuple | None:
    """(n, session_n, the answer's values in PORTABLE_ANSWER_COLUMNS order), or None."""
    if len(record) != _ANSWER_FIELDS or record.get("session") != session:
        return None
    try:                                  # all fields present, and (by the count) no other
        uuid, seq, family, item, answer, expected, given, correct, category, rule, seconds, timed_out, at = \
            _answer_values(record)
    except KeyError:
        return None
    if not (type(uuid) is str and 0 < len(uuid) <= 64 and uuid.isprintable() and not uuid.isspace()
            and type(seq) is int and 0 < seq <= 1_000_000
            and type(family) is str and 0 < len(family) <= 300 and family.isprintable() and not family.isspace()
            and type(item) is str and 0 < len(item) <= 65536 and type(answer) is str and 0 < len(answer) <= 65536
            and type(expected) is str and len(expected) <= 4096 and type(given) is str and len(given) <= 4096
            and (correct is True or correct is False) and (timed_out is True or timed_out is False)
            and (category is None or (type(category) is str and 0 < len(category) <= 100
                                      and category.isprintable() and not category.isspace()))
            and type(rule) is str and len(rule) <= 300
            and (type(seconds) is float or type(seconds) is int) and 0 <= seconds <= 86_400
            and type(at) is str and len(at) == 27 and started <= at <= latest and _STORED_TIME.fullmatch(at)):
        return None
    if escapes:
        for text in (item, answer, expected, given, rule):
            if "\x00" in text or not text.isascii() and not _encodable(text):
                return None
    day = at[:10]
    if day not in days:
        try:
            date.fromisoformat(day)
        except ValueError:
            return None
        days.add(day)
    if not ((answer in _JSON_SEEN or _is_json(answer) and _seen(answer)) and _is_json(item)):
        return None
    return (n, session_n, uuid, seq, family, item, answer, expected, given, int(correct), category, rule,
            float(seconds), int(timed_out), at)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _runs(seqs: list[int], more: bool = False) -> str:
    return ", ".join(str(s) for s in seqs[:12]) + (", …" if len(seqs) > 12 or more else "")


# ------------------------------------------------------------------------------------------ the one pass

# Why one pass into a scratch database: reading the file twice (check, then merge) parsed every line twice
# and let a file changed between the passes put unchecked lines into the records (a digest checked at the end
# comes too late: chunks are committed by then). The scratch rows are the checked values themselves, read back
# by the merge with plain SQL. It is an attached database rather than TEMP tables: detaching it frees a
# gigabyte at once, where dropping a TEMP table of that size walks every page.
# The scratch database an import reads the file into. Sessions and answers keep the file's order (n); a
# session's answers are the rows first_answer .. first_answer + answers - 1, each naming its session's n. The
# columns have the types of the records' own, so a value reads back from here exactly as it will read back
# from the records. `chunk` lists, while a chunk is written, its new sessions: their row in the records and
# where their answers' ids start (counted from the next answer id).
_SCRATCH = "import_scratch"
# (Its pages are SQLite's default size: 64 KB pages saved a few per cent of the pass but took the peak memory
# of a 2 M-answer import from 147 MB to 513 MB.)
_SCRATCH_TABLES = f"""
CREATE TABLE {_SCRATCH}.sessions (
    n INTEGER PRIMARY KEY, line INTEGER NOT NULL, uuid TEXT NOT NULL UNIQUE, trainee TEXT NOT NULL,
    drill TEXT NOT NULL, game TEXT NOT NULL, mode TEXT NOT NULL, settings TEXT NOT NULL, target TEXT NOT NULL,
    workstation TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT, answers INTEGER NOT NULL,
    first_answer INTEGER NOT NULL, correct INTEGER NOT NULL, signoff TEXT
);
CREATE TABLE {_SCRATCH}.answers (
    n INTEGER PRIMARY KEY, session INTEGER NOT NULL, uuid TEXT NOT NULL, seq INTEGER NOT NULL,
    family TEXT NOT NULL, item TEXT NOT NULL, answer TEXT NOT NULL, expected TEXT NOT NULL, given TEXT NOT NULL,
    correct INTEGER NOT NULL, category TEXT,
    rule TEXT NOT NULL, seconds REAL NOT NULL, timed_out INTEGER NOT NULL, answered_at TEXT NOT NULL
);
CREATE TABLE {_SCRATCH}.chunk (session INTEGER PRIMARY KEY, session_id INTEGER NOT NULL, id_offset INTEGER NOT NULL);
"""
_SESSION_COLUMNS = ("n", "line", "uuid", "trainee", "drill", "game", "mode", "settings", "target", "workstation",
                    "started_at", "finished_at", "answers", "first_answer", "correct", "signoff")
_STAGE_ANSWERS = (f"INSERT INTO {_SCRATCH}.answers (n, session, {', '.join(PORTABLE_ANSWER_COLUMNS)}) "
                  f"VALUES ({', '.join('?' * (len(PORTABLE_ANSWER_COLUMNS) + 2))})")
_STAGE_BATCH = 2000


class _Open:
    """The session being read: its values, and what its answers have shown so far."""
    __slots__ = ("n", "line", "values", "uuid", "started_at", "first_answer", "count", "correct", "seqs",
                 "in_order", "signoff")

    def __init__(self, n: int, line: int, values: dict, first_answer: int):
        self.n, self.line, self.values, self.first_answer = n, line, values, first_answer
        self.uuid, self.started_at = values["uuid"], values["started_at"]
        self.count = self.correct = 0
        self.seqs: list[int] = []          # the first 13 item numbers, for the message if they are wrong
        self.in_order = True
        self.signoff: dict | None = None


class _Pass:
    """The one pass over the file: every line checked and hashed, and its values written to the scratch
    database. _Bad names the first bad line."""

    def __init__(self, path: Path, now: datetime, db):
        self.path, self.now, self.db = path, now, db
        self.version = 0
        self.header: dict = {}
        self.end: dict = {}
        self.digest = hashlib.sha256()
        self.file_keys: dict[str, str] = {}        # fingerprint -> manager, as the file names them
        self.trainees: dict[str, dict] = {}        # name key -> the trainee line's values
        self.sessions = self.answers = 0
        # Session texts already found usable (the same target and settings come again and again): a text found
        # usable once is usable every time, so it is not read again.
        self.seen_targets: set[str] = set()
        self.seen_settings: set[str] = set()

    def run(self) -> _Pass:
        latest = to_text(self.now + timedelta(days=1))
        lines = _Lines(self.path)
        try:
            self._read(lines, latest)
        finally:
            lines.close()
        return self

    def _read(self, lines: _Lines, latest: str) -> None:
        from .store import MODES, clean_name

        db, now, update = self.db, self.now, self.digest.update
        days: set[str] = set()
        while True:
            first = lines.line()
            if first is None:
                raise _Bad("the file is empty")
            _number, raw, value = first
            update(raw)
            if value is not None:
                break
        try:
            self.version = _header(value)
        except ValueError as error:
            raise ValueError(f"{self.path} {error}. Nothing was imported.") from None
        self.header = value
        trainees = self.trainees
        current: _Open | None = None
        quick_ok, session_uuid, started_at = False, "", ""   # the quick checks' view of the session being read
        quick_n = 0
        batch: list[tuple] = []
        ended = False
        db.execute("BEGIN")
        while True:
            if quick_ok and current is not None and current.in_order:
                taken = lines.answers(session_uuid, started_at, latest, current.count + 1)
                if taken is not None:          # most answer lines: taken by the C reader, a run at a time
                    run, data = taken
                    update(data)
                    self._stage_run(run, current, batch)
                    if len(batch) >= _STAGE_BATCH:
                        db.executemany(_STAGE_ANSWERS, batch)
                        batch.clear()
                    continue
            line = lines.line()
            if line is None:
                break
            number, raw, value = line
            if value is None:
                if not ended:
                    update(raw)
                continue
            if ended:
                raise _Bad(f"line {number} follows the end line")
            record = value.get("answer")
            if record is not None:                  # nine lines in ten: kept short
                update(raw)
                self.answers += 1
                row = None
                if quick_ok and type(record) is dict:
                    row = _quick_answer(record, b"\\u" in raw, session_uuid, started_at, latest, days,
                                        self.answers, quick_n)
                if row is None:
                    where = f"line {number} (answer)"
                    if not isinstance(record, dict):
                        raise _Bad(f"{where} is not a record")
                    if current is None or _label(record, "session", where) != current.uuid:
                        raise _Bad(f"{where} does not follow its session")
                    if current.signoff is not None:
                        raise _Bad(f"{where} comes after its session's sign-off")
                    row = (self.answers, current.n, *_exact_answer(record, where, now, current.started_at))
                if current is None:    # never: the quick checks run only while a session is open
                    raise _Bad(f"line {number} (answer) does not follow its session")
                current.count += 1
                current.correct += row[9]
                if row[3] != current.count:
                    current.in_order = False
                if current.count <= 13:
                    current.seqs.append(row[3])
                batch.append(row)
                if len(batch) >= _STAGE_BATCH:
                    db.executemany(_STAGE_ANSWERS, batch)
                    batch.clear()
                continue
            (kind, record), = value.items()
            where = f"line {number} ({kind})"
            if not isinstance(record, dict):
                raise _Bad(f"{where} is not a record")
            if kind == "end":
                self._close(current)
                current, quick_ok = None, False
                self._end(record, where)
                ended = True
                continue
            update(raw)
            if kind == "key":
                try:
                    public = bytes.fromhex(_label(record, "public_key", where))
                except ValueError:
                    raise _Bad(f"{where}: 'public_key' is not a key") from None
                if len(public) != 32:
                    raise _Bad(f"{where}: 'public_key' is not an Ed25519 key")
                if len(self.file_keys) >= MAX_KEYS:
                    raise _Bad(f"{where}: the file lists more than {MAX_KEYS:,} manager keys")
                self.file_keys[chain.fingerprint_of(public)] = _label(record, "manager", where)
            elif kind == "trainee":
                if current is not None:
                    raise _Bad(f"{where} comes after the sessions")
                try:
                    name = clean_name(_field(record, "name", where))
                except ValueError as error:
                    raise _Bad(f"{where}: {error}") from None
                if name_key(name) in trainees:
                    raise _Bad(f"{where} names the trainee {name!r} a second time (names are the same whatever "
                               f"their case)")
                if len(trainees) >= MAX_TRAINEES:
                    raise _Bad(f"{where}: the file lists more than {MAX_TRAINEES:,} trainees")
                trainees[name_key(name)] = {"uuid": _label(record, "uuid", where, optional=True), "name": name,
                                            "created_at": _time(record, "created_at", where, now=now)}
            elif kind == "session":
                self._close(current)
                current = self._session(record, where, number, MODES, clean_name)
                quick_ok, session_uuid, started_at, quick_n = True, current.uuid, current.started_at, current.n
            elif kind == "signoff":
                if current is None or _label(record, "session", where) != current.uuid:
                    raise _Bad(f"{where} does not follow its session")
                quick_ok = False                  # an answer after its sign-off: the exact checks say so
                current.signoff = {"manager": _label(record, "manager", where),
                                   "signed_at": _time(record, "signed_at", where, now=now),
                                   "note": _text(record, "note", where, optional=True) or "",
                                   "reason": _text(record, "reason", where, optional=True) or "",
                                   "statement": record.get("statement"), "signature": record.get("signature")}
            else:
                raise _Bad(f"{where}: {kind!r} is not a kind of record Dealer Drill writes")
        if not ended:
            raise _Bad("the file ends without its end line: it was cut short")
        if batch:
            db.executemany(_STAGE_ANSWERS, batch)
        db.execute("COMMIT")

    def _stage_run(self, run: answer_lines.Run, current: _Open, batch: list[tuple]) -> None:
        """Rows for the scratch database from a run of answer lines the C reader took: the same values, of the
        same types, as _quick_answer gives for those lines (the reader checked what it checks)."""
        k, f, step = run.lines, run.fields, answer_lines.FIELDS
        first, before = self.answers + 1, current.count
        self.answers += k
        current.count += k
        current.correct += run.correct
        if before < 13:                       # the item numbers run on from the count: the reader checked that
            current.seqs.extend(range(before + 1, min(current.count, 13) + 1))
        batch.extend(zip(range(first, first + k), repeat(current.n, k), f[0::step], range(before + 1, before + k + 1),
                         f[1::step], f[2::step], f[3::step], f[4::step], f[5::step], map(int, f[6::step]),
                         [category or None for category in f[7::step]], f[8::step], map(float, f[9::step]),
                         map(int, f[10::step]), f[11::step]))

    def _session(self, record: dict, where: str, number: int, modes, clean_name) -> _Open:
        from dealerdrill.domain import Target

        now = self.now
        try:
            trainee = clean_name(_field(record, "trainee", where))
        except ValueError as error:
            raise _Bad(f"{where}: {error}") from None
        if name_key(trainee) not in self.trainees:
            raise _Bad(f"{where} names a trainee the file does not list ({trainee!r})")
        uuid = _label(record, "uuid", where)
        if self.db.execute(f"SELECT 1 FROM {_SCRATCH}.sessions WHERE uuid = ?", (uuid,)).fetchone():
            raise _Bad(f"{where} repeats the session {uuid} (one session belongs to one trainee, once)")
        mode = _field(record, "mode", where)
        if mode not in modes:
            raise _Bad(f"{where}: 'mode' must be one of {', '.join(modes)}")
        target = record.get("target")
        if type(target) is not str or target not in self.seen_targets:   # most sessions repeat a few targets
            target = _json_text(record, "target", where, must_be_object=True)
            try:
                Target.from_dict(json.loads(target))
            except (TypeError, ValueError) as error:
                raise _Bad(f"{where}: 'target' is not a usable target ({error})") from None
            _remember(self.seen_targets, target)
        started = _time(record, "started_at", where, now=now)
        finished = _time(record, "finished_at", where, optional=True, now=now)
        if finished is not None and finished < started:
            raise _Bad(f"{where} finishes before it starts")
        values = {"uuid": uuid, "trainee": self.trainees[name_key(trainee)]["name"],
                  "drill": _label(record, "drill", where), "game": _label(record, "game", where), "mode": mode,
                  "settings": _issue_set_apart(self._settings(record, where)) if mode == "test" else
                  self._settings(record, where), "target": target,
                  "workstation": _label(record, "workstation", where, optional=True) or "",
                  "started_at": started, "finished_at": finished,
                  "answers": _number(record, "answers", where, 0, 1_000_000, whole=True)}
        self.sessions += 1
        return _Open(self.sessions, number, values, self.answers + 1)

    def _settings(self, record: dict, where: str) -> str:
        settings = record.get("settings")
        if type(settings) is not str or settings not in self.seen_settings:
            settings = _json_text(record, "settings", where, must_be_object=True)
            _remember(self.seen_settings, settings)
        return settings

    def _close(self, session: _Open | None) -> None:
        """A session's answers are all read: it is in the file whole, or the file is refused."""
        if session is None:
            return
        v = session.values
        if not session.in_order or session.count != v["answers"]:
            raise _Bad(f"session on line {session.line} lists {v['answers']} answers, but items "
                       f"{_runs(session.seqs, session.count > 13) or 'none'} follow it: it is not in the file whole")
        self.db.execute(f"INSERT INTO {_SCRATCH}.sessions ({', '.join(_SESSION_COLUMNS)}) "
                        f"VALUES ({', '.join('?' * len(_SESSION_COLUMNS))})",
                        (session.n, session.line, v["uuid"], v["trainee"], v["drill"], v["game"], v["mode"],
                         v["settings"], v["target"], v["workstation"], v["started_at"], v["finished_at"],
                         session.count, session.first_answer, session.correct,
                         None if session.signoff is None else json.dumps(session.signoff, ensure_ascii=False)))

    def _end(self, record: dict, where: str) -> None:
        counts = {"sessions": self.sessions, "answers": self.answers}
        if self.version == 2:
            if record != counts:
                raise _Bad(f"{where} counts {record}, but the file holds {counts}: lines are missing")
        else:
            said = {key: record.get(key) for key in counts}
            if said != counts:
                raise _Bad(f"{where} counts {said}, but the file holds {counts}: lines are missing")
            if not record.keys() <= _END_FIELDS:
                raise _Bad(f"{where} holds fields Dealer Drill does not write "
                           f"({', '.join(sorted(record.keys() - _END_FIELDS))[:80]})")
        self.end = record


# ------------------------------------------------------------------------------------------ the seal

@dataclass(frozen=True)
class _Seal:
    """How the file's grades are taken: from a trusted manager's signature (key and manager set), or graded
    again by the engine, for the reason given."""
    key: str | None
    manager: str | None
    why_not: str = ""


def _seal(facts: _Pass, keys: dict) -> _Seal:
    """The file's seal checked against these records' manager keys and the lines actually read."""
    if facts.version < 3:
        return _Seal(None, None, "the file is of version 2, written before records files were signed")
    end = facts.end
    fingerprint, signature, digest = end.get("key"), end.get("signature"), end.get("lines_sha256")
    if fingerprint is None and signature is None:
        reason = _plain_reason(end.get("unsigned"))
        return _Seal(None, None, f"the file is not signed{': ' + reason if reason else ''}")
    if not (isinstance(fingerprint, str) and isinstance(signature, str) and isinstance(digest, str)):
        return _Seal(None, None, "the file's seal cannot be read")
    if digest != facts.digest.hexdigest():
        return _Seal(None, None, "the file was changed after it was written (its lines do not match the digest "
                                 "on its end line)")
    known = keys.get(fingerprint)
    if known is None:
        who = facts.file_keys.get(fingerprint)
        owner = f"{who}'s" if who else "an unknown manager's"
        return _Seal(None, None, f"the file is signed with {owner} key {fingerprint[:60]}, which this workstation "
                                 f"does not trust")
    statement = file_statement(facts.header, facts.sessions, facts.answers, digest, fingerprint)
    try:
        valid = chain.signature_is_valid(known[0], bytes.fromhex(signature),
                                         chain.event_content(statement).encode("utf-8"))
    except ValueError:
        valid = False
    if not valid:
        return _Seal(None, None, f"the file's signature is not valid for its lines and key {fingerprint} (it was "
                                 f"changed after it was signed)")
    return _Seal(fingerprint, known[1])


# ------------------------------------------------------------------------------------------ import

Regrade = Callable[[str, str, str, str, bool], bool]   # (drill, settings, item, answer, timed_out) -> right?


# What another workstation's records say they issued (a test's seed, its target change) is their word, not these
# records': an imported test keeps it under ISSUED_ELSEWHERE, so it counts here only as a manager's signature vouches
# for it (dealerdrill.verdicts), never as a test these records issued (a trainee's own workstation could issue any).
ISSUED_ELSEWHERE = "test_issue_elsewhere"


def _issue_set_apart(settings_text: str) -> str:
    try:
        settings = json.loads(settings_text)
    except ValueError:
        return settings_text
    if not isinstance(settings, dict) or ISSUE_KEY not in settings:
        return settings_text
    settings[ISSUED_ELSEWHERE] = settings.pop(ISSUE_KEY)
    return json.dumps(settings, ensure_ascii=False, sort_keys=True)


def import_records(records, path: str | Path, imported_by: str = "workstation", regrade: Regrade | None = None,
                   signer=None, distrusted: frozenset[str] = frozenset(),
                   answer_keys: dict[str, dict] | None = None,
                   default_answer_keys: dict[str, dict] | None = None) -> ImportResult:
    """Merge a records file into `records` (the rules are in the module's docstring). `regrade` grades an
    answer again (the desk passes the drills' engine grading); a file not sealed by a trusted manager needs
    it, or every session is refused. `distrusted`: fingerprints of keys the records accept that are not to be
    trusted here all the same (the desk's: keys its PIN file does not explain). `answer_keys`: the answer-key
    settings in force here, by table (the desk's), and `default_answer_keys` what a session's snapshot that
    lacks one is graded under; a test taken under others is refused unless a trusted manager signed it off.
    ValueError with a plain message, and nothing changed, for a file that is not a complete, sane records
    file."""
    path = Path(path)
    now = records.clock()
    keys = {fp: key for fp, key in records.manager_keys().items() if fp not in distrusted}
    try:
        with records.scratch(_SCRATCH, _SCRATCH_TABLES) as db, records.larger_cache(IMPORT_CACHE_KIB):
            try:
                facts = _Pass(path, now, db).run()
            except _Bad as error:
                raise ValueError(f"{path} cannot be imported: {error}. Nothing was imported.") from None
            with records.checkpoints_on_a_thread() as committed:
                merge = _Merge(records, imported_by, regrade, facts, _seal(facts, keys), db, committed, keys,
                               answer_keys, default_answer_keys)
                merge.run()
            with (records.transaction(as_manager=True) if getattr(records, "room", False)
                  else records.transaction()) as db:
                records.audit(db, imported_by, "records_imported",
                              f"{path.name}: {merge.answers_added} answers added, {merge.present} already here, "
                              f"{merge.refused_count} refused; {merge.grading()}", signer)
    except RecordsError as error:
        raise ValueError(f"{path} could not be merged ({error}); the sessions listed as added before this were "
                         f"stored whole, nothing else was.") from None
    return ImportResult(merge.trainees_added, merge.sessions_added, merge.answers_added, merge.present,
                        merge.signoffs_added, merge.refusals(), merge.grading(), merge.answers_regraded,
                        merge.seal.manager, merge.seal.key)


@dataclass
class _Staged:
    """A session read from the scratch database."""
    n: int
    line: int
    uuid: str
    trainee: str
    drill: str
    game: str
    mode: str
    settings: str
    target: str
    workstation: str
    started_at: str
    finished_at: str | None
    answers: int
    first_answer: int
    correct: int
    signoff_text: str | None
    local: tuple | None = None           # (id, finished_at) of the session already here
    digest: str | None = field(default=None, repr=False)

    @property
    def last_answer(self) -> int:
        return self.first_answer + self.answers - 1

    @property
    def signoff(self) -> dict | None:
        return None if self.signoff_text is None else json.loads(self.signoff_text)


# The answers of a chunk's new sessions, from the scratch rows into the records with one statement
# (Records.insert_answers_selected; one statement per session costs a third more). CROSS JOIN keeps the
# scratch answers the outer loop, read in their order, which is the order of the ids.
_INSERT_VALUES = (":next_id + c.id_offset + i.seq - 1", "i.uuid", "c.session_id", "i.seq", "i.family", "i.item",
                  "i.answer", "i.expected", "i.given", "i.correct", "i.category", "i.rule", "i.seconds",
                  "i.timed_out", "i.answered_at")
_INSERT_SOURCE = (f"FROM {_SCRATCH}.answers i CROSS JOIN {_SCRATCH}.chunk c ON c.session = i.session "
                  f"WHERE i.n BETWEEN :first AND :last ORDER BY i.n")
_TAKEN = (f"SELECT 1 FROM {_SCRATCH}.answers i WHERE i.n BETWEEN ? AND ? "
          f"AND EXISTS (SELECT 1 FROM main.answers a WHERE a.uuid = i.uuid) LIMIT 1")
_TAKEN_IN = (f"SELECT DISTINCT i.session FROM {_SCRATCH}.answers i WHERE i.n BETWEEN ? AND ? "
             f"AND EXISTS (SELECT 1 FROM main.answers a WHERE a.uuid = i.uuid)")
_REPEATED_IN = f"SELECT 1 FROM {_SCRATCH}.answers WHERE n BETWEEN ? AND ? GROUP BY uuid HAVING COUNT(*) > 1 LIMIT 1"
_PAGE = 1000


class _LedgerTail:
    """append_entry for the many entries of a chunk's transaction: the last entry's chain hash kept from one
    entry to the next (nothing else adds entries in this transaction) instead of read back for each, and the
    entries written together by `write`, in their order, before the transaction commits."""

    def __init__(self, db):
        self.db = db
        last = db.execute("SELECT chain_hash FROM ledger ORDER BY seq DESC LIMIT 1").fetchone()
        self.hash: bytes = last[0] if last else chain.NO_HASH
        self.rows: list[tuple] = []

    def append(self, kind: str, ref: str, event: dict, answers: tuple[int, bytes]) -> None:
        row = ledger_row(kind, ref, event, answers, self.hash)
        self.rows.append(row)
        self.hash = row[5]

    def write(self) -> None:
        self.db.executemany(INSERT_LEDGER_ROW, self.rows)
        self.rows.clear()


class _AnswerStoredAlready(Exception):
    """A chunk's answers insert met an answer id these records hold: the transaction is rolled back."""


def _answers_head(db) -> tuple[int, bytes]:
    """The answers chain's head as append_entry reads it for itself: the last answer's id and chain hash."""
    last = db.execute("SELECT id, chain_hash FROM answers ORDER BY id DESC LIMIT 1").fetchone()
    return (last[0], last[1]) if last else (0, chain.NO_HASH)


class _Merge:
    """Decides each session from the scratch rows and writes the accepted ones, a chunk per transaction."""

    def __init__(self, records, imported_by: str, regrade: Regrade | None, facts: _Pass, seal: _Seal, scratch,
                 committed: Callable[[], None] = lambda: None, keys: dict | None = None,
                 answer_keys: dict[str, dict] | None = None, default_answer_keys: dict[str, dict] | None = None):
        self.records, self.imported_by, self.regrade, self.facts, self.seal = records, imported_by, regrade, facts, seal
        self.scratch = scratch
        self.committed = committed            # told of each chunk's commit (Records.checkpoints_on_a_thread)
        # A file's records hold the scratch database attached (the checks join the two in SQL); the room's
        # server cannot see it, so what the merge must know of the room's records is asked of the server.
        self.room = _RoomLookups(records, scratch, seal.key is None) if getattr(records, "room", False) else None
        self.keys = {fp: key for fp, (key, _, _) in (records.manager_keys() if keys is None else keys).items()}
        self.answer_keys, self.default_answer_keys = answer_keys, default_answer_keys or {}
        self.targets: dict = {}
        self.here: dict[int, tuple[int, str | None]] = {}    # (id, finished_at) of the page's sessions held here
        self.trainee_rows: dict[str, tuple[int, str]] = {}
        # Archived profiles get no new sessions, from an import as from a desk (the room's server refuses them
        # too): read once, so that each of their sessions is refused by name and the rest goes on.
        self.archived = {key for (key,) in records.read("SELECT name_key FROM trainees WHERE archived_at IS NOT NULL")}
        self.refused: list[str] = []
        self.refused_count = 0
        self.trainees_added = self.sessions_added = self.answers_added = self.present = self.signoffs_added = 0
        self.answers_regraded = 0

    def grading(self) -> str:
        if self.seal.key is not None:
            return (f"grades taken from a file signed by {self.seal.manager} ({self.seal.key}), as that workstation "
                    f"recorded them: {self.answers_added} answers, none graded again")
        return f"graded again by the engine: {self.answers_regraded} answers ({self.seal.why_not})"

    def run(self) -> None:
        pending: list[tuple[_Staged, bool]] = []     # (session, only its finish is new)
        pending_answers, after = 0, 0
        columns = ", ".join(_SESSION_COLUMNS)
        while True:
            rows = self._read_scratch(f"SELECT {columns} FROM {_SCRATCH}.sessions WHERE n > ? ORDER BY n LIMIT 500",
                                      (after,))
            if not rows:
                break
            page = [_Staged(*row) for row in rows]
            if self.room is not None:
                self.room.page(page)
            else:                     # the page's sessions these records hold already, asked once for the page
                self.here = {n: (session_id, finished) for n, session_id, finished in self.records.read(
                    f"SELECT i.n, s.id, s.finished_at FROM {_SCRATCH}.sessions i JOIN main.sessions s "
                    f"ON s.uuid = i.uuid WHERE i.n BETWEEN ? AND ?", (page[0].n, page[-1].n))}
            for session in page:
                after = session.n
                decided = self._decide(session)
                if decided is None:
                    continue
                pending.append((session, decided))
                pending_answers += 0 if decided else session.answers
                if pending_answers >= CHUNK_ANSWERS:
                    self._flush(pending)
                    self.committed()
                    pending, pending_answers = [], 0
        self._flush(pending)
        self.committed()

    def _read_scratch(self, sql: str, parameters) -> list[tuple]:
        """Rows of the scratch database: through the records' connection, where it is attached."""
        if self.room is None:
            return self.records.read(sql, parameters)
        return self.scratch.execute(sql, parameters).fetchall()

    def _answers(self, session: _Staged, columns: str) -> Iterator[tuple]:
        """A session's scratch rows, a page at a time (a session may hold a million answers; no cursor is left
        open between pages)."""
        first = session.first_answer
        while first <= session.last_answer:
            rows = self._read_scratch(f"SELECT n, {columns} FROM {_SCRATCH}.answers WHERE n BETWEEN ? AND ? "
                                      f"ORDER BY n", (first, min(first + _PAGE - 1, session.last_answer)))
            for row in rows:
                yield row[1:]
            first += _PAGE

    def _refuse(self, s: _Staged, why: str) -> None:
        self.refused_count += 1
        if len(self.refused) < MAX_REFUSED_LISTED:      # a file of a million refusals must not fill the memory
            self.refused.append(f"session {s.uuid} ({s.trainee}, {s.drill}, {s.mode}, started "
                                f"{s.started_at[:16].replace('T', ' ')}): {why}")

    def refusals(self) -> tuple[str, ...]:
        more = self.refused_count - len(self.refused)
        return tuple(self.refused) + ((f"... and {more:,} more sessions or sign-offs were not imported (the first "
                                       f"{len(self.refused):,} are listed above)",) if more else ())

    def _decide(self, s: _Staged) -> bool | None:
        """True: only the finish of a session already here is new; False: a new session to store; None: nothing
        to store (already here, or refused with the reason)."""
        room = self.room
        local: Any = self.here.get(s.n) if room is None else room.local.get(s.uuid)
        if local:
            if room is None:
                s.local = local
                here = self.records.read("SELECT COUNT(*) FROM main.answers WHERE session_id = ?",
                                         (s.local[0],))[0][0]
                same = self.records.read(
                    f"SELECT COUNT(*) FROM {_SCRATCH}.answers i JOIN main.answers a ON a.uuid = i.uuid "
                    f"WHERE i.n BETWEEN ? AND ? AND a.session_id = ? AND a.seq = i.seq",
                    (s.first_answer, s.last_answer, s.local[0]))[0][0]
            else:
                s.local, here, same = local[:2], local[2], room.same.get(s.n, 0)
            if here == same == s.answers:
                self.present += s.answers
                return True if s.local[1] is None and s.finished_at is not None else None
            self._refuse(s, "these records already hold this session with other answers; a session is never "
                            "added to or changed by an import")
            return None
        if name_key(s.trainee) in self.archived:
            self._refuse(s, f"{s.trainee}'s profile is archived here; a manager restores it (Restore trainee… on "
                            "the Manager page), then imports the file again to add the session")
            return None
        if self.seal.key is None:
            if s.answers and (self.records.read(_TAKEN, (s.first_answer, s.last_answer)) if room is None
                              else s.n in room.taken):
                self._refuse(s, "some of its answers are already here in another session")
                return None
            why = self._regrade_problem(s)
        else:
            why = None
        if why is None:
            why = self._pass_mark_problem(s) or self._settings_problem(s)
        if why is not None:
            self._refuse(s, why)
            return None
        return False

    def _regrade_problem(self, s: _Staged) -> str | None:
        if self.regrade is None:
            return "no grading engine was given to check its answers"
        for seq, item, answer, correct, timed_out in self._answers(s, "seq, item, answer, correct, timed_out"):
            self.answers_regraded += 1
            try:
                right = self.regrade(s.drill, s.settings, item, answer, bool(timed_out))
            except ValueError as error:
                return f"item {seq} cannot be checked: {error}"
            if right != bool(correct):
                return (f"item {seq} is marked {'right' if correct else 'wrong'} in the file, but the "
                        f"engine grades the stored answer {'right' if right else 'wrong'}")
        return None

    def _target_here(self, drill: str):
        if drill not in self.targets:
            if len(self.targets) >= 1000:       # drills are few; a file naming millions is not kept in memory
                self.targets.clear()
            self.targets[drill] = self.records.target(drill)
        return self.targets[drill]

    def _pass_mark_problem(self, s: _Staged) -> str | None:
        if s.mode != "test":
            return None
        from dealerdrill.domain import Target

        taken_under = Target.from_dict(json.loads(s.target))
        here = self._target_here(s.drill)
        if (taken_under.test_items, taken_under.pass_mark, taken_under.level) == \
                (here.test_items, here.pass_mark, here.level):
            return None
        statement = self._valid_statement(s)
        if statement is not None and (statement.get("test_items"), statement.get("pass_mark")) == \
                (taken_under.test_items, taken_under.pass_mark):
            return None
        levels = "" if taken_under.level == here.level else f" at level {taken_under.level}"
        here_level = "" if taken_under.level == here.level else f" at level {here.level}"
        return (f"it is a test taken under a pass mark of {taken_under.pass_mark:.0%} of {taken_under.test_items} "
                f"items{levels}, and this workstation's is {here.pass_mark:.0%} of {here.test_items}{here_level}; no "
                f"manager this workstation trusts signed it off with its pass mark")

    def _settings_problem(self, s: _Staged) -> str | None:
        """A test is graded under the settings it was taken under (its stored snapshot): it keeps its result
        here only under this workstation's answer-key settings for the drill's game, as under its pass mark
        (a test taken at 0% commission has every commission answer right at $0), unless a manager this
        workstation trusts signed it off."""
        if s.mode != "test" or self.answer_keys is None:
            return None
        game = self.records.drill_info(s.drill).game
        here = self.answer_keys.get(game)
        if not here:
            return None
        from .queries import stored_settings

        taken = (stored_settings(s.settings) or {}).get(game)
        taken = taken if isinstance(taken, dict) else {}
        defaults = self.default_answer_keys.get(game, {})     # what the grading takes for a setting not stored
        differing = [name for name, value in here.items() if taken.get(name, defaults.get(name)) != value]
        if not differing or self._valid_statement(s) is not None:
            return None
        return (f"it is a test taken under other {game} settings than this workstation's ({', '.join(differing[:4])}"
                f"{', …' if len(differing) > 4 else ''}); no manager this workstation trusts signed it off")

    def _valid_statement(self, s: _Staged) -> dict | None:
        """The sign-off's statement when a trusted key signed it over exactly these answers and this score."""
        so = s.signoff
        if so is None:
            return None
        statement, signature = so.get("statement"), so.get("signature")
        if not isinstance(statement, dict) or not isinstance(signature, str):
            return None
        key = self.keys.get(statement.get("key"))
        try:
            if key is None or not chain.signature_is_valid(key, bytes.fromhex(signature),
                                                           chain.event_content(statement).encode()):
                return None
        except ValueError:
            return None
        if s.digest is None:
            s.digest = portable_answers_digest(self._answers(s, ", ".join(PORTABLE_ANSWER_COLUMNS)))
        said = (statement.get("session"), statement.get("answers_digest"), statement.get("items"),
                statement.get("correct"), statement.get("signed_by"), statement.get("signed_at"),
                statement.get("note"), statement.get("reason"))
        actual = (s.uuid, s.digest, s.answers, s.correct, so["manager"], so["signed_at"], so["note"], so["reason"])
        if said != actual or signoff_is_of_another_session(statement, s.uuid, s.trainee, s.drill, s.mode):
            return None
        return statement

    def _signoff_problem(self, s: _Staged, so: dict) -> str | None:
        if self._valid_statement(s) is not None:
            return None
        statement = so.get("statement")
        key = statement.get("key") if isinstance(statement, dict) else None
        other = signoff_is_of_another_session(statement, s.uuid, s.trainee, s.drill, s.mode) \
            if isinstance(statement, dict) else None
        if other:
            return f"its sign-off by {so['manager']} was not imported: {other}"
        if key and key not in self.keys:
            who = self.facts.file_keys.get(key, "an unknown manager")
            return (f"its sign-off by {so['manager']} was not imported: it is signed with {who}'s key "
                    f"{key}, which this workstation does not trust (a manager can trust it on the Manager page)")
        return f"its sign-off by {so['manager']} was not imported: it carries no valid signature over these answers"

    def _flush(self, pending: list[tuple[_Staged, bool]]) -> None:
        """One transaction: the chunk's sessions, then all of their answers in one statement, then their
        finishes and sign-offs (so each ledger entry records the answers chain as it stands after them).
        Tried first without looking for its answers among those stored already: the answers' unique index
        refuses one that is, and the insert then rolls the transaction back (OR ROLLBACK), so the chunk is
        written again, each session checked (_write_chunk with `checked`). Files Dealer Drill writes hold no
        answer twice, so that second try is for hostile or overlapping files only. (The rollback undoes the
        records' changes; what the try changed in this object, and the scratch chunk rows, are put back or
        cleared here and in _write_chunk.)"""
        if not pending:
            return
        if self.room is not None:
            self._flush_to_room(pending)
            return
        before = dict(self.trainee_rows), self.trainees_added       # what a rolled-back try must not keep
        try:
            self._write_chunk(pending, checked=False)
        except _AnswerStoredAlready:
            self.trainee_rows, self.trainees_added = before
            self._write_chunk(pending, checked=True)

    def _write_chunk(self, pending: list[tuple[_Staged, bool]], checked: bool) -> None:
        records = self.records
        new = [s for s, only_finish in pending if not only_finish and s.answers]
        with records.transaction() as db:
            taken: set[int] = set()
            one_by_one = False
            if checked and new:
                # Checked here, inside the transaction, against what the records hold now (the chunks
                # before). Answer ids repeated within the chunk (no file Dealer Drill writes has them) are
                # checked one session at a time against the sessions stored before it in this chunk.
                span = (new[0].first_answer, new[-1].last_answer)
                taken = {n for (n,) in db.execute(_TAKEN_IN, span).fetchall()}
                one_by_one = db.execute(_REPEATED_IN, span).fetchone() is not None
            # The scratch database keeps no journal, so a rolled-back first try leaves its chunk rows there:
            # they go here, whichever try this is.
            db.execute(f"DELETE FROM {_SCRATCH}.chunk")
            # The answers chain's head as each ledger entry records it: read here once, and again after each
            # statement that stores answers (nothing else in this transaction stores any), instead of by
            # append_entry for every entry; the value is the same.
            head = _answers_head(db)
            ledger = _LedgerTail(db)
            # Sessions get the ids SQLite would give them (one more than the last: sessions are never deleted),
            # so that the chunk's are written by one statement.
            next_session = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM main.sessions").fetchone()[0]
            sessions: list[tuple] = []
            chunk: list[tuple] = []

            def write_sessions() -> None:
                db.executemany("INSERT INTO sessions (id, uuid, trainee_id, drill, game, mode, settings, target, "
                               "workstation, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               sessions)
                db.executemany(f"INSERT INTO {_SCRATCH}.chunk (session, session_id, id_offset) VALUES (?, ?, ?)",
                               chunk)
                sessions.clear()
                chunk.clear()

            stored: list[tuple[_Staged, int]] = []
            offset = 0
            for s, only_finish in pending:
                if only_finish:                 # a session already here whole: it gets its finish
                    if s.local is not None and s.finished_at is not None and db.execute(
                            "UPDATE sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                            (s.finished_at, s.local[0])).rowcount:
                        # Counted from the answers here, as a finish at the desk counts them: the file's own
                        # verdicts on them were never graded (its answers were not taken).
                        items, right = db.execute("SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM main.answers "
                                                  "WHERE session_id = ?", (s.local[0],)).fetchone()
                        ledger.append("session_end", s.uuid, session_end_event(s.uuid, s.finished_at, items, right),
                                      head)
                    continue
                if s.n in taken or (one_by_one and s.answers
                                    and db.execute(_TAKEN, (s.first_answer, s.last_answer)).fetchone()):
                    self._refuse(s, "some of its answers are already here in another session")
                    continue
                trainee_id, trainee_uuid = self._trainee(db, s.trainee, head, ledger)
                # Stored finished at once (a session's finish may be set once, and nothing here adds to it).
                session_id, next_session = next_session, next_session + 1
                sessions.append((session_id, s.uuid, trainee_id, s.drill, s.game, s.mode, s.settings, s.target,
                                 s.workstation, s.started_at, s.finished_at))
                ledger.append("session", s.uuid, session_event(s.uuid, trainee_uuid, s.drill, s.game, s.mode,
                                                               s.settings, s.target, s.workstation, s.started_at),
                              head)
                if s.answers:
                    chunk.append((s.n, session_id, 0 if one_by_one else offset))
                    offset += s.answers
                    if one_by_one:
                        write_sessions()
                        records.insert_answers_selected(db, _INSERT_VALUES, _INSERT_SOURCE,
                                                        {"first": s.first_answer, "last": s.last_answer},
                                                        summaries_per_statement=True)
                        head = _answers_head(db)
                stored.append((s, session_id))
            write_sessions()
            if offset and not one_by_one:
                try:
                    records.insert_answers_selected(db, _INSERT_VALUES, _INSERT_SOURCE,
                                                    {"first": new[0].first_answer, "last": new[-1].last_answer},
                                                    summaries_per_statement=True)
                except sqlite3.IntegrityError as error:
                    # The transaction is rolled back already (OR ROLLBACK); _flush writes the chunk again.
                    if not checked and "answers.uuid" in str(error):
                        raise _AnswerStoredAlready from None
                    raise
                head = _answers_head(db)
            for s, session_id in stored:
                self.sessions_added += 1
                self.answers_added += s.answers
                if s.finished_at is not None:
                    ledger.append("session_end", s.uuid, session_end_event(s.uuid, s.finished_at, s.answers,
                                                                           s.correct), head)
                so = s.signoff
                if so is None:
                    continue
                why = self._signoff_problem(s, so)
                if why is not None:
                    self._refuse(s, why)
                elif s.finished_at is not None:
                    db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note, reason) "
                               "VALUES (?, ?, ?, ?, ?)", (session_id, so["manager"], so["signed_at"], so["note"],
                                                          so["reason"]))
                    ledger.append("signoff", s.uuid, {"statement": so["statement"], "signature": so["signature"]},
                                  head)
                    self.signoffs_added += 1
            ledger.write()

    def _trainee(self, db, name: str, head: tuple[int, bytes], ledger: _LedgerTail) -> tuple[int, str]:
        """The trainee's (row id, uuid), added (with its ledger entry, recording the answers chain's `head`) if
        these records do not hold one of that name."""
        from .store import new_uuid

        key = name_key(name)
        known = self.trainee_rows.get(key)
        if known is not None:
            return known
        row = db.execute("SELECT id, uuid FROM trainees WHERE name_key = ?", (key,)).fetchone()
        if row is None:
            listed = self.facts.trainees.get(key, {})
            uuid = listed.get("uuid") or new_uuid()
            if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
                uuid = new_uuid()   # the same profile renamed elsewhere: keep both, never merge silently
            created = listed.get("created_at") or self.records.now_text()
            cursor = db.execute("INSERT INTO trainees (uuid, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                                (uuid, name, key, created))
            ledger.append("trainee", uuid, trainee_event(uuid, name, created), head)
            self.trainees_added += 1
            row = (cursor.lastrowid, uuid)
        self.trainee_rows[key] = (row[0], row[1])
        return self.trainee_rows[key]

    # -------------------------------------------------------------------------------------- into the room

    def _flush_to_room(self, pending: list[tuple[_Staged, bool]]) -> None:
        """_flush on the training room's server: the same decisions, written through the manager's server
        functions (room_schema.py), which link every row into the server's chains, in one transaction per
        chunk. The chains' lock is taken first and held to the commit, so what is checked here (against the
        server, by lists of UUIDs) stays true while the chunk is written. The calls of a kind are sent
        together (the answers a batch at a time), not one round trip each."""
        records, scratch = self.records, self.scratch
        with records.transaction(as_manager=True) as db:
            db.call("dd_chain_heads")           # the chains' lock, to the commit
            ask = _asking(db)
            new = [s for s, only_finish in pending if not only_finish]
            arrived = {uuid for (uuid,) in ask("SELECT uuid FROM sessions WHERE uuid = ANY(?::text[])",
                                               ([s.uuid for s in new],))} if new else set()
            with_answers = [s for s in new if s.answers]
            one_by_one = bool(with_answers) and scratch.execute(
                _REPEATED_IN, (with_answers[0].first_answer, with_answers[-1].last_answer)).fetchone() is not None
            # Answer ids repeated within the chunk (no file Dealer Drill writes has them): each session is
            # checked against what the server holds with the sessions stored before it in this transaction.
            groups = [[s] for s in new] if one_by_one else [new]
            stored: list[tuple[_Staged, int]] = []
            for group in groups:
                spanned = [s for s in group if s.answers]
                taken = _room_taken(ask, scratch, spanned[0].first_answer, spanned[-1].last_answer) \
                    if spanned else set()
                starting: list[_Staged] = []
                for s in group:
                    if s.uuid in arrived:
                        self._refuse(s, "these records came to hold a session of this id while the file was "
                                        "imported; nothing of it was imported (import the file again to check it "
                                        "against what is here now)")
                    elif s.n in taken:
                        self._refuse(s, "some of its answers are already here in another session")
                    else:
                        starting.append(s)
                rows = [(s.uuid, self._room_trainee(db, s.trainee), s.drill, s.game, s.mode, s.settings, s.target,
                         s.workstation, s.started_at) for s in starting]
                ids = db.call_many("dd_start_session", _START_TYPES, rows, returning=True)
                started = list(zip(starting, (row[0] for row in ids)))
                self._room_answers(db, started)
                stored.extend(started)
            finishes = [(s.uuid, s.finished_at) for s, only_finish in pending if only_finish]
            finishes += [(s.uuid, s.finished_at) for s, _ in stored if s.finished_at is not None]
            db.call_many("dd_finish_session", ("text", "text"), finishes)
            signoffs = []
            for s, _ in stored:
                self.sessions_added += 1
                self.answers_added += s.answers
                so = s.signoff
                if so is None:
                    continue
                why = self._signoff_problem(s, so)
                if why is not None:
                    self._refuse(s, why)
                elif s.finished_at is not None:
                    signoffs.append((s.uuid, so["manager"], so["signed_at"], so["note"], so["reason"],
                                     chain.event_content({"statement": so["statement"],
                                                          "signature": so["signature"]})))
                    self.signoffs_added += 1
            db.call_many("dd_import_signoff", ("text",) * 6, signoffs)

    def _room_answers(self, db, started: list[tuple[_Staged, int]]) -> None:
        """The started sessions' answers, from their scratch rows, a batch of calls at a time; the server
        stores nothing under an answer id it already holds (it returns no id), which refuses the chunk."""
        columns = ", ".join(PORTABLE_ANSWER_COLUMNS)
        for s, session_id in started:
            first = s.first_answer
            while first <= s.last_answer:
                last = min(first + _ROOM_BATCH - 1, s.last_answer)
                rows = self.scratch.execute(f"SELECT ?, {columns} FROM {_SCRATCH}.answers WHERE n BETWEEN ? AND ? "
                                            f"ORDER BY n", (session_id, first, last)).fetchall()
                ids = db.call_many("dd_import_answer", _ANSWER_TYPES, rows, returning=True)
                if any(row is None or row[0] is None for row in ids):
                    raise RecordsError(f"The records refused a change: the session {s.uuid} repeats an answer id "
                                       f"(the server already holds one of its answers)")
                first = last + 1

    def _room_trainee(self, db, name: str) -> str:
        """_trainee on the server: the trainee's UUID, added (through the server's function) if not there."""
        from .store import new_uuid

        key = name_key(name)
        known = self.trainee_rows.get(key)
        if known is not None:
            return known[1]
        row = db.execute("SELECT uuid FROM trainees WHERE name_key = ?", (key,)).fetchone()
        if row is None:
            listed = self.facts.trainees.get(key, {})
            uuid = listed.get("uuid") or new_uuid()
            if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
                uuid = new_uuid()   # the same profile renamed elsewhere: keep both, never merge silently
            db.call("dd_import_trainee", uuid, name, key, listed.get("created_at") or self.records.now_text())
            self.trainees_added += 1
            row = (uuid,)
        self.trainee_rows[key] = (0, row[0])
        return row[0]


# The room: the cross-database checks above, asked of the server with the scratch rows' UUIDs as arrays, some
# thousands at a time (never one round trip per answer).
_ROOM_BATCH = 5000
_START_TYPES = ("text",) * 9
_ANSWER_TYPES = ("bigint", "text", "integer", "text", "text", "text", "text", "text", "integer", "text", "text",
                 "double precision", "integer", "text")
assert len(_ANSWER_TYPES) == len(PORTABLE_ANSWER_COLUMNS) + 1
_ROOM_SESSIONS = ("SELECT s.uuid, s.id, s.finished_at, (SELECT count(*) FROM answers a WHERE a.session_id = s.id) "
                  "FROM sessions s WHERE s.uuid = ANY(?::text[])")
# Per staged session: its answers the server holds in the same session as the same item (`same`, for a
# session already there), and its answers the server holds at all (some of them taken).
_ROOM_ANSWERS_HERE = ("SELECT i.session, count(*) FILTER (WHERE a.session_id = i.local AND a.seq = i.seq), count(*) "
                      "FROM unnest(?::text[], ?::integer[], ?::bigint[], ?::bigint[]) AS i(uuid, seq, session, local) "
                      "JOIN answers a ON a.uuid = i.uuid GROUP BY i.session")
_ROOM_TAKEN = ("SELECT DISTINCT i.session FROM unnest(?::text[], ?::bigint[]) AS i(uuid, session) "
               "WHERE EXISTS (SELECT 1 FROM answers a WHERE a.uuid = i.uuid)")


def _asking(db) -> Callable[[str, tuple], list[tuple]]:
    """Reads inside a room transaction, in the shape of Records.read."""
    return lambda sql, parameters: db.execute(sql, parameters).fetchall()


def _room_taken(ask, scratch, first: int, last: int) -> set[int]:
    """The staged sessions (n) among the scratch answers first..last with an answer id the server holds."""
    taken: set[int] = set()
    while first <= last:
        end = min(first + _ROOM_BATCH - 1, last)
        rows = scratch.execute(f"SELECT uuid, session FROM {_SCRATCH}.answers WHERE n BETWEEN ? AND ? ORDER BY n",
                               (first, end)).fetchall()
        if rows:
            uuids, sessions = (list(column) for column in zip(*rows))
            taken.update(n for (n,) in ask(_ROOM_TAKEN, (uuids, sessions)))
        first = end + 1
    return taken


class _RoomLookups:
    """What _decide asks of the records' own tables, for a page of staged sessions at once, from the room's
    server: which sessions it holds (id, finish, how many answers), how many of their staged answers it holds
    as the same items of them, and (when the file's grades are to be checked by the engine, which a taken
    answer spares) which new sessions have an answer it holds already."""

    def __init__(self, records, scratch, want_taken: bool):
        self.records, self.scratch, self.want_taken = records, scratch, want_taken
        self.local: dict[str, tuple] = {}         # uuid -> (id, finished_at, answers held)
        self.same: dict[int, int] = {}
        self.taken: set[int] = set()

    def page(self, sessions: list[_Staged]) -> None:
        rows = self.records.read(_ROOM_SESSIONS, ([s.uuid for s in sessions],))
        self.local = {uuid: (session_id, finished, count) for uuid, session_id, finished, count in rows}
        self.same, self.taken = {}, set()
        held = {s.n: self.local[s.uuid][0] for s in sessions if s.uuid in self.local}
        spanned = [s for s in sessions if s.answers and (s.n in held or self.want_taken)]
        if not spanned:
            return
        first, last = spanned[0].first_answer, spanned[-1].last_answer
        while first <= last:
            end = min(first + _ROOM_BATCH - 1, last)
            staged = self.scratch.execute(f"SELECT uuid, seq, session FROM {_SCRATCH}.answers WHERE n BETWEEN ? "
                                          f"AND ? ORDER BY n", (first, end)).fetchall()
            if staged:
                uuids, seqs, numbers = (list(column) for column in zip(*staged))
                locals_ = [held.get(n) for n in numbers]
                for n, same, present in self.records.read(_ROOM_ANSWERS_HERE, (uuids, seqs, numbers, locals_)):
                    self.same[n] = self.same.get(n, 0) + same      # a session's answers span batches
                    if present and n not in held:
                        self.taken.add(n)
            first = end + 1
