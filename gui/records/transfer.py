"""Moving records between workstations: a records file out, and in without duplicates or forgeries. Qt-free.

The file is JSON Lines ("format": "dealerdrill-records", "version": 2): a header line, then one object per
line: the manager keys that signed anything in it, the trainees, and each session followed by all of its
answers (and its sign-off, if any), then an end line with the counts. Each line is small, so a file of
millions of answers is written and read a line at a time, never whole in memory.

An import is checked in two passes. The first reads the whole file and refuses it, changing nothing, if any
line is not what Dealer Drill writes (the message names the line). The second takes it session by session:
- a session is taken whole or not at all: all of its answers (items 1 to n, as the session says), never
  answers added to a session these records already hold, and never a change to one they hold finished;
- every answer is graded again by the engine from its stored item and answer (the `regrade` the desk
  passes in): the file's verdict is never taken on trust, and a session with one disagreement is refused;
- a test is kept only under the pass mark this workstation sets for the drill, unless a manager key this
  workstation trusts signed it off with its pass mark;
- a sign-off is taken only with a valid signature of such a key over the very answers imported;
- targets are set by each workstation's own manager and never imported.
What is refused is listed, with the reason, in the result. Sessions are written in chunks, each its own
transaction, so an import of millions of answers never holds up recording at the desk for long.
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Iterator

from . import chain
from .models import ImportResult, RecordFilter
from .schema import RecordsError
from .schema_v4 import append_entry, session_end_event, session_event, trainee_event
from .schema_v5 import name_key

FORMAT_NAME = "dealerdrill-records"
FORMAT_VERSION = 2
MAX_IMPORT_BYTES = 4 * 1024 ** 3        # a 2-million-answer export is about 1.2 GB
MAX_LINE_BYTES = 1024 ** 2              # the longest line Dealer Drill writes is an answer of some 70 KB
MAX_RECORDS = 20_000_000                # lines; far above a training room's years of records
CHUNK_ANSWERS = 2000                    # answers per transaction while importing
_LIMITS = {"uuid": 64, "drill": 100, "game": 40, "workstation": 100, "family": 300, "item": 65536,
           "answer": 65536, "expected": 4096, "given": 4096, "category": 100, "rule": 300, "note": 2000,
           "reason": 2000, "settings": 65536, "target": 4096, "name": 60, "manager": 60}
_OTHER_FILES = ((b"PK\x03\x04", "a spreadsheet (XLSX) or another zip file"), (b"%PDF", "a PDF (a scorecard?)"),
                (b"SQLite format 3", "a records database itself, not an export of one"),
                (b"\xef\xbb\xbfanswer_id,", "a CSV export"), (b"answer_id,", "a CSV export"),
                (b"\xef\xbb\xbfsession_id,", "a CSV export"), (b"session_id,", "a CSV export"))


class ExportCancelled(Exception):
    """The cancel check returned True; no file was left behind."""


# ------------------------------------------------------------------------------------------ export

def dump_records(records, path: str | Path, f: RecordFilter | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None) -> Path:
    """Write the sessions the filter selects (those with an answer in the period) whole, with their trainees,
    answers and sign-offs, as a records file. Streams from the database; written to a temporary file and
    renamed, so a cancelled, failed or killed export leaves nothing under the name."""
    from .queries import local_day_start, where_clause
    from .store import PORTABLE_ANSWER_COLUMNS, to_text

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

    def step(count: int) -> None:
        nonlocal done
        if cancel and cancel():
            raise ExportCancelled("export cancelled")
        done += count
        if progress:
            progress(done, total)

    def line(kind: str, value: dict) -> str:
        return json.dumps({kind: value}, ensure_ascii=False, separators=(",", ":")) + "\n"

    def write(handle) -> None:
        handle.write(json.dumps({"format": FORMAT_NAME, "version": FORMAT_VERSION, "exported_at": to_text(
            records.clock()), "workstation": records.workstation}, ensure_ascii=False) + "\n")
        signing = {statements[r[1]]["statement"].get("key") for r in session_rows
                   if r[11] is not None and "statement" in statements.get(r[1], {})}
        for fingerprint in sorted(k for k in signing if k in keys):
            public, manager, _ = keys[fingerprint]
            handle.write(line("key", {"fingerprint": fingerprint, "public_key": public.hex(), "manager": manager}))
        for t in trainees:
            handle.write(line("trainee", {"uuid": t.uuid, "name": t.name, "created_at": to_text(t.created_at)}))
        answers = 0
        for r in session_rows:
            handle.write(line("session", {"uuid": r[1], "trainee": r[2], "drill": r[3], "game": r[4], "mode": r[5],
                                          "settings": r[6], "target": r[7], "workstation": r[8], "started_at": r[9],
                                          "finished_at": r[10], "answers": r[15]}))
            for rows in records.stream(f"SELECT {', '.join(PORTABLE_ANSWER_COLUMNS)} FROM answers "
                                       f"WHERE session_id = ? ORDER BY seq", (r[0],)):
                for a in rows:
                    handle.write(line("answer", {"session": r[1], **dict(zip(PORTABLE_ANSWER_COLUMNS, a)),
                                                 "correct": bool(a[7]), "timed_out": bool(a[11])}))
                answers += len(rows)
                step(len(rows))
            if r[11] is not None:
                signed = statements.get(r[1], {})
                handle.write(line("signoff", {"session": r[1], "manager": r[11], "signed_at": r[12], "note": r[13],
                                              "reason": r[14], "statement": signed.get("statement"),
                                              "signature": signed.get("signature")}))
            step(1)
        handle.write(line("end", {"sessions": len(session_rows), "answers": answers}))

    if cancel and cancel():
        raise ExportCancelled("export cancelled")
    return write_atomically(path, write, newline="\n")


def write_atomically(path: str | Path, write, *, newline: str | None = None, binary: bool = False,
                     encoding: str = "utf-8") -> Path:
    """Call write(handle) on a temporary file next to `path`, then rename it into place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.part")
    try:
        if binary:
            with open(temporary, "wb") as handle:
                write(handle)
                handle.flush()
                os.fsync(handle.fileno())   # the data is on disk before the name points at it
        else:
            with open(temporary, "w", encoding=encoding, newline=newline) as handle:
                write(handle)
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


# ------------------------------------------------------------------------------------------ reading a file

class _Bad(ValueError):
    """One line of the file is unusable; the message says which and why."""


def _lines(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, object) for every line of a records file, checked at the boundary: a regular file, of a
    bounded size, UTF-8, each line a bounded JSON object of bounded depth."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist.") from None
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or error}).") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{path} is not a file (a device, a pipe or a folder): import takes the file written by "
                         f"`dealerdrill export --format json`. Nothing was imported.")
    if info.st_size > MAX_IMPORT_BYTES:
        raise ValueError(f"{path} is {info.st_size / 1024 ** 3:.1f} GB, larger than any records file Dealer Drill "
                         f"writes ({MAX_IMPORT_BYTES // 1024 ** 3} GB at most); nothing was imported.")
    try:
        handle = open(path, "rb")
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or error}).") from None
    with handle:
        start = handle.read(32)
        for signature, what in _OTHER_FILES:
            if start.startswith(signature):
                raise ValueError(f"{path} is {what}, not a Dealer Drill records file: import takes the JSON file "
                                 f"written by `dealerdrill export --format json`. Nothing was imported.")
        if start.startswith(b"\xef\xbb\xbf"):
            raise _Bad("line 1 starts with a byte-order mark, which Dealer Drill never writes")
        handle.seek(0)
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            if number > MAX_RECORDS:
                raise _Bad(f"the file holds more than {MAX_RECORDS:,} lines, more than any records file "
                           f"Dealer Drill writes")
            if len(raw) > MAX_LINE_BYTES:
                raise _Bad(f"line {number} is longer than {MAX_LINE_BYTES // 1024} KB")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise _Bad(f"line {number} is not UTF-8 text") from None
            if not text.strip():
                continue
            try:
                value = json.loads(text)
            except RecursionError:
                raise _Bad(f"line {number} nests deeper than any record Dealer Drill writes") from None
            except ValueError:
                raise _Bad(f"line {number} is not JSON") from None
            if number == 1 and not isinstance(value, dict):
                raise _Bad("it is not a Dealer Drill records file (its first line is no records-file header)")
            if number > 1 and (not isinstance(value, dict) or len(value) != 1):
                raise _Bad(f"line {number} is not a record of a records file")
            yield number, value


def _header(number: int, value: dict) -> None:
    if value.get("format") != FORMAT_NAME:
        raise ValueError("is not a Dealer Drill records file (export one with `dealerdrill export --format json`)")
    version = value.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"gives its version as {json.dumps(version)[:20]}, which is not a version number")
    if version == 1:
        raise ValueError("is a records file of version 1 (written before answers could be checked again by the "
                         "engine): export the records again with this version of Dealer Drill")
    if version != FORMAT_VERSION:
        raise ValueError(f"is a records file of version {version}; this Dealer Drill reads version {FORMAT_VERSION}. "
                         f"Update Dealer Drill here")


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


def _label(record, key, where, *, optional=False) -> str | None:
    """Short identifying text (ids, drills, names of managers): printable, one line."""
    value = _text(record, key, where, optional=optional, empty=False)
    if value is not None and not value.isprintable():
        raise _Bad(f"{where}: {key!r} contains control characters")
    return value


def _time(record, key, where, *, optional=False, now: datetime) -> str | None:
    from .store import from_text, to_text

    value = _text(record, key, where, optional=optional)
    if value is None:
        return None
    try:
        moment = from_text(value)
    except ValueError:
        raise _Bad(f"{where}: {key!r} is not a date and time ({value[:40]!r})") from None
    if moment is None or moment.tzinfo is None:
        raise _Bad(f"{where}: {key!r} is not a UTC date and time ({value[:40]!r})")
    if not datetime(2000, 1, 1, tzinfo=timezone.utc) <= moment <= now + timedelta(days=1):
        raise _Bad(f"{where}: {key!r} is {value[:40]}, not a time Dealer Drill could have recorded (from 2000 to "
                   f"today)")
    return to_text(moment)      # stored in the one fixed-width form that SQL compares correctly


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


@dataclass
class _Session:
    line: int
    values: dict
    answers: list = field(default_factory=list)
    signoff: dict | None = None


def _checked_records(path: Path, now: datetime) -> Iterator[tuple[str, object]]:
    """("key" | "trainee" | "session", checked values) in file order; _Bad names the first bad line. A session
    comes with all its answers and its sign-off."""
    from dealerdrill.domain import Target

    from .store import MODES, clean_name

    lines = _lines(path)
    first = next(lines, None)
    if first is None:
        raise _Bad("the file is empty")
    try:
        _header(*first)
    except ValueError as error:
        raise ValueError(f"{path} {error}. Nothing was imported.") from None
    trainees: dict[str, str] = {}
    sessions_seen: set[str] = set()
    current: _Session | None = None
    counts = {"sessions": 0, "answers": 0}
    ended = False

    def close(session: _Session | None):
        if session is None:
            return None
        declared = session.values["answers"]
        seqs = [a["seq"] for a in session.answers]
        if seqs != list(range(1, len(seqs) + 1)) or len(seqs) != declared:
            raise _Bad(f"session on line {session.line} lists {declared} answers, but items "
                       f"{_runs(seqs) or 'none'} follow it: it is not in the file whole")
        return session

    for number, value in lines:
        if ended:
            raise _Bad(f"line {number} follows the end line")
        (kind, record), = value.items()
        where = f"line {number} ({kind})"
        if not isinstance(record, dict):
            raise _Bad(f"{where} is not a record")
        if kind == "key":
            try:
                public = bytes.fromhex(_label(record, "public_key", where))
            except ValueError:
                raise _Bad(f"{where}: 'public_key' is not a key") from None
            if len(public) != 32:
                raise _Bad(f"{where}: 'public_key' is not an Ed25519 key")
            yield "key", {"public_key": public, "manager": _label(record, "manager", where)}
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
            trainees[name_key(name)] = name
            yield "trainee", {"uuid": _label(record, "uuid", where, optional=True), "name": name,
                              "created_at": _time(record, "created_at", where, now=now)}
        elif kind == "session":
            done = close(current)
            if done is not None:
                yield "session", done
            try:
                trainee = clean_name(_field(record, "trainee", where))
            except ValueError as error:
                raise _Bad(f"{where}: {error}") from None
            if name_key(trainee) not in trainees:
                raise _Bad(f"{where} names a trainee the file does not list ({trainee!r})")
            uuid = _label(record, "uuid", where)
            if uuid in sessions_seen:
                raise _Bad(f"{where} repeats the session {uuid} (one session belongs to one trainee, once)")
            sessions_seen.add(uuid)
            mode = _field(record, "mode", where)
            if mode not in MODES:
                raise _Bad(f"{where}: 'mode' must be one of {', '.join(MODES)}")
            target = _json_text(record, "target", where, must_be_object=True)
            try:
                Target.from_dict(json.loads(target))
            except (TypeError, ValueError) as error:
                raise _Bad(f"{where}: 'target' is not a usable target ({error})") from None
            started = _time(record, "started_at", where, now=now)
            finished = _time(record, "finished_at", where, optional=True, now=now)
            if finished is not None and finished < started:
                raise _Bad(f"{where} finishes before it starts")
            values = {"uuid": uuid, "trainee": trainees[name_key(trainee)], "drill": _label(record, "drill", where),
                      "game": _label(record, "game", where), "mode": mode,
                      "settings": _json_text(record, "settings", where, must_be_object=True), "target": target,
                      "workstation": _label(record, "workstation", where, optional=True) or "",
                      "started_at": started, "finished_at": finished,
                      "answers": _number(record, "answers", where, 0, 1_000_000, whole=True)}
            current = _Session(number, values)
            counts["sessions"] += 1
        elif kind == "answer":
            if current is None or _label(record, "session", where) != current.values["uuid"]:
                raise _Bad(f"{where} does not follow its session")
            if current.signoff is not None:
                raise _Bad(f"{where} comes after its session's sign-off")
            answered = _time(record, "answered_at", where, now=now)
            if answered < current.values["started_at"]:
                raise _Bad(f"{where} was given before its session started")
            current.answers.append({
                "uuid": _label(record, "uuid", where), "seq": _number(record, "seq", where, 1, 1_000_000, whole=True),
                "family": _label(record, "family", where), "item": _json_text(record, "item", where),
                "answer": _json_text(record, "answer", where), "expected": _text(record, "expected", where),
                "given": _text(record, "given", where), "correct": _flag(record, "correct", where),
                "category": _label(record, "category", where, optional=True),
                "rule": _text(record, "rule", where, optional=True) or "",
                "seconds": float(_number(record, "seconds", where, 0, 86_400)),
                "timed_out": _flag(record, "timed_out", where), "answered_at": answered})
            counts["answers"] += 1
        elif kind == "signoff":
            if current is None or _label(record, "session", where) != current.values["uuid"]:
                raise _Bad(f"{where} does not follow its session")
            current.signoff = {"manager": _label(record, "manager", where),
                               "signed_at": _time(record, "signed_at", where, now=now),
                               "note": _text(record, "note", where, optional=True) or "",
                               "reason": _text(record, "reason", where, optional=True) or "",
                               "statement": record.get("statement"), "signature": record.get("signature")}
        elif kind == "end":
            done = close(current)
            current = None
            if done is not None:
                yield "session", done
            if record != counts:
                raise _Bad(f"{where} counts {record}, but the file holds {counts}: lines are missing")
            ended = True
        else:
            raise _Bad(f"{where}: {kind!r} is not a kind of record Dealer Drill writes")
    if not ended:
        raise _Bad("the file ends without its end line: it was cut short")


def _runs(seqs: list[int]) -> str:
    return ", ".join(str(s) for s in seqs[:12]) + (", …" if len(seqs) > 12 else "")


# ------------------------------------------------------------------------------------------ import

Regrade = Callable[[str, str, str, str, bool], bool]   # (drill, settings, item, answer, timed_out) -> right?


def import_records(records, path: str | Path, imported_by: str = "workstation",
                   regrade: Regrade | None = None, signer=None) -> ImportResult:
    """Merge a records file into `records` (the rules are in the module's docstring). `regrade` grades an
    answer again (the desk passes the drills' engine grading); without it nothing can be checked, so every
    session is refused. ValueError with a plain message, and nothing changed, for a file that is not a
    complete, sane records file."""
    path = Path(path)
    now = records.clock()
    try:
        for _ in _checked_records(path, now):      # first pass: the whole file is sound, or nothing happens
            pass
    except _Bad as error:
        raise ValueError(f"{path} cannot be imported: {error}. Nothing was imported.") from None
    result = _Merge(records, imported_by, regrade, signer)
    try:
        for kind, values in _checked_records(path, now):
            result.take(kind, values)
        result.flush()
        with (records.transaction(as_manager=True) if getattr(records, "room", False) else records.transaction()) as db:
            records.audit(db, imported_by, "records_imported",
                          f"{path.name}: {result.answers_added} answers added, {result.present} already here, "
                          f"{len(result.refused)} refused", signer)
    except RecordsError as error:
        raise ValueError(f"{path} could not be merged ({error}); the sessions listed as added before this were "
                         f"stored whole, nothing else was.") from None
    return ImportResult(result.trainees_added, result.sessions_added, result.answers_added, result.present,
                        result.signoffs_added, tuple(result.refused))


class _Merge:
    """The second pass: decides each session and writes the accepted ones, a chunk per transaction."""

    def __init__(self, records, imported_by: str, regrade: Regrade | None, signer):
        self.records, self.imported_by, self.regrade, self.signer = records, imported_by, regrade, signer
        self.keys = {fp: key for fp, (key, _, _) in records.manager_keys().items()}
        self.file_keys: dict[str, str] = {}
        self.trainees: dict[str, dict] = {}
        self.pending: list[_Session] = []
        self.pending_answers = 0
        self.refused: list[str] = []
        self.trainees_added = self.sessions_added = self.answers_added = self.present = self.signoffs_added = 0

    def take(self, kind: str, values) -> None:
        if kind == "key":
            self.file_keys[chain.fingerprint_of(values["public_key"])] = values["manager"]
        elif kind == "trainee":
            self.trainees[name_key(values["name"])] = values
        else:
            self._session(values)

    def _refuse(self, session: _Session, why: str) -> None:
        v = session.values
        self.refused.append(f"session {v['uuid']} ({v['trainee']}, {v['drill']}, {v['mode']}, started "
                            f"{v['started_at'][:16].replace('T', ' ')}): {why}")

    def _session(self, session: _Session) -> None:
        v = session.values
        local = self.records.read("SELECT id, finished_at FROM sessions WHERE uuid = ?", (v["uuid"],))
        if local:
            here = [u for (u,) in self.records.read("SELECT uuid FROM answers WHERE session_id = ? ORDER BY seq",
                                                    (local[0][0],))]
            if here == [a["uuid"] for a in session.answers]:
                self.present += len(here)
                if local[0][1] is None and v["finished_at"] is not None:
                    self.pending.append(session)     # only its finish is new
                return
            self._refuse(session, "these records already hold this session with other answers; a session is never "
                                  "added to or changed by an import")
            return
        taken = self.records.read("SELECT 1 FROM answers WHERE uuid IN (%s) LIMIT 1" % ",".join(
            "?" * len(session.answers)), [a["uuid"] for a in session.answers]) if session.answers else []
        if taken:
            self._refuse(session, "some of its answers are already here in another session")
            return
        why = self._regrade_problem(session)
        if why is None:
            why = self._pass_mark_problem(session)
        if why is not None:
            self._refuse(session, why)
            return
        self.pending.append(session)
        self.pending_answers += len(session.answers)
        if self.pending_answers >= CHUNK_ANSWERS:
            self.flush()

    def _regrade_problem(self, session: _Session) -> str | None:
        if self.regrade is None:
            return "no grading engine was given to check its answers"
        v = session.values
        for a in session.answers:
            try:
                right = self.regrade(v["drill"], v["settings"], a["item"], a["answer"], bool(a["timed_out"]))
            except ValueError as error:
                return f"item {a['seq']} cannot be checked: {error}"
            if right != bool(a["correct"]):
                return (f"item {a['seq']} is marked {'right' if a['correct'] else 'wrong'} in the file, but the "
                        f"engine grades the stored answer {'right' if right else 'wrong'}")
        return None

    def _pass_mark_problem(self, session: _Session) -> str | None:
        v = session.values
        if v["mode"] != "test":
            return None
        from dealerdrill.domain import Target

        taken_under = Target.from_dict(json.loads(v["target"]))
        here = self.records.target(v["drill"])
        if (taken_under.test_items, taken_under.pass_mark) == (here.test_items, here.pass_mark):
            return None
        statement = self._valid_statement(session)
        if statement is not None and (statement.get("test_items"), statement.get("pass_mark")) == \
                (taken_under.test_items, taken_under.pass_mark):
            return None
        return (f"it is a test taken under a pass mark of {taken_under.pass_mark:.0%} of {taken_under.test_items} "
                f"items, and this workstation's is {here.pass_mark:.0%} of {here.test_items}; no manager this "
                f"workstation trusts signed it off with its pass mark")

    def _valid_statement(self, session: _Session) -> dict | None:
        """The sign-off's statement when a trusted key signed it over exactly these answers and this score."""
        so = session.signoff
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
        from .store import PORTABLE_ANSWER_COLUMNS, portable_answers_digest

        digest = portable_answers_digest([tuple(a[c] for c in PORTABLE_ANSWER_COLUMNS) for a in session.answers])
        said = (statement.get("session"), statement.get("answers_digest"), statement.get("items"),
                statement.get("correct"), statement.get("signed_by"), statement.get("signed_at"),
                statement.get("note"), statement.get("reason"))
        actual = (session.values["uuid"], digest, len(session.answers), sum(a["correct"] for a in session.answers),
                  so["manager"], so["signed_at"], so["note"], so["reason"])
        return statement if said == actual else None

    def _signoff_problem(self, session: _Session) -> str | None:
        if session.signoff is None:
            return None
        if self._valid_statement(session) is not None:
            return None
        key = (session.signoff.get("statement") or {}).get("key") if isinstance(session.signoff.get("statement"),
                                                                                 dict) else None
        if key and key not in self.keys:
            who = self.file_keys.get(key, "an unknown manager")
            return (f"its sign-off by {session.signoff['manager']} was not imported: it is signed with {who}'s key "
                    f"{key}, which this workstation does not trust (a manager can trust it on the Manager page)")
        return (f"its sign-off by {session.signoff['manager']} was not imported: it carries no valid signature over "
                f"these answers")

    def flush(self) -> None:
        if not self.pending:
            return
        from .store import new_uuid

        sessions, self.pending, self.pending_answers = self.pending, [], 0
        if getattr(self.records, "room", False):
            self._flush_to_room(sessions)
            return
        with self.records.transaction() as db:
            for session in sessions:
                v = session.values
                local = db.execute("SELECT id, finished_at FROM sessions WHERE uuid = ?", (v["uuid"],)).fetchone()
                if local is not None:                 # a session already here whole: it gets its finish
                    if local[1] is None and v["finished_at"] is not None:
                        db.execute("UPDATE sessions SET finished_at = ? WHERE id = ?", (v["finished_at"], local[0]))
                        append_entry(db, "session_end", v["uuid"], session_end_event(
                            v["uuid"], v["finished_at"], len(session.answers),
                            sum(a["correct"] for a in session.answers)))
                    continue
                trainee_id = self._trainee_id(db, v["trainee"], new_uuid)
                trainee_uuid = db.execute("SELECT uuid FROM trainees WHERE id = ?", (trainee_id,)).fetchone()[0]
                cursor = db.execute(
                    "INSERT INTO sessions (uuid, trainee_id, drill, game, mode, settings, target, workstation, "
                    "started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (v["uuid"], trainee_id, v["drill"], v["game"], v["mode"], v["settings"], v["target"],
                     v["workstation"], v["started_at"]))
                session_id = cursor.lastrowid
                append_entry(db, "session", v["uuid"], session_event(
                    v["uuid"], trainee_uuid, v["drill"], v["game"], v["mode"], v["settings"], v["target"],
                    v["workstation"], v["started_at"]))
                for a in session.answers:
                    self.records.insert_answer(db, (a["uuid"], session_id, a["seq"], a["family"], a["item"],
                                                    a["answer"], a["expected"], a["given"], a["correct"],
                                                    a["category"], a["rule"], a["seconds"], a["timed_out"],
                                                    a["answered_at"]))
                self.sessions_added += 1
                self.answers_added += len(session.answers)
                if v["finished_at"] is not None:
                    db.execute("UPDATE sessions SET finished_at = ? WHERE id = ?", (v["finished_at"], session_id))
                    append_entry(db, "session_end", v["uuid"], session_end_event(
                        v["uuid"], v["finished_at"], len(session.answers), sum(a["correct"] for a in session.answers)))
                why = self._signoff_problem(session)
                if why is not None:
                    self._refuse(session, why)
                elif session.signoff is not None and v["finished_at"] is not None:
                    so = session.signoff
                    db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note, reason) "
                               "VALUES (?, ?, ?, ?, ?)", (session_id, so["manager"], so["signed_at"], so["note"],
                                                          so["reason"]))
                    append_entry(db, "signoff", v["uuid"], {"statement": so["statement"],
                                                            "signature": so["signature"]})
                    self.signoffs_added += 1

    def _flush_to_room(self, sessions: list[_Session]) -> None:
        """flush() on the training room's server: the same decisions, written through the manager's server
        functions (room_schema.py), which link every row into the server's chains; one transaction per chunk."""
        from .store import new_uuid

        with self.records.transaction(as_manager=True) as db:
            for session in sessions:
                v = session.values
                local = db.execute("SELECT id, finished_at FROM sessions WHERE uuid = ?", (v["uuid"],)).fetchone()
                if local is not None:
                    if local[1] is None and v["finished_at"] is not None:
                        db.call("dd_finish_session", v["uuid"], v["finished_at"])
                    continue
                trainee_uuid = self._room_trainee(db, v["trainee"], new_uuid)
                session_id = db.call("dd_start_session", v["uuid"], trainee_uuid, v["drill"], v["game"], v["mode"],
                                     v["settings"], v["target"], v["workstation"], v["started_at"])[0]
                for a in session.answers:
                    db.call("dd_import_answer", session_id, a["uuid"], a["seq"], a["family"], a["item"], a["answer"],
                            a["expected"], a["given"], a["correct"], a["category"], a["rule"], a["seconds"],
                            a["timed_out"], a["answered_at"])
                self.sessions_added += 1
                self.answers_added += len(session.answers)
                if v["finished_at"] is not None:
                    db.call("dd_finish_session", v["uuid"], v["finished_at"])
                why = self._signoff_problem(session)
                if why is not None:
                    self._refuse(session, why)
                elif session.signoff is not None and v["finished_at"] is not None:
                    so = session.signoff
                    db.call("dd_import_signoff", v["uuid"], so["manager"], so["signed_at"], so["note"], so["reason"],
                            chain.event_content({"statement": so["statement"], "signature": so["signature"]}))
                    self.signoffs_added += 1

    def _room_trainee(self, db, name: str, new_uuid) -> str:
        row = db.execute("SELECT uuid FROM trainees WHERE name_key = ?", (name_key(name),)).fetchone()
        if row is not None:
            return row[0]
        listed = self.trainees.get(name_key(name), {})
        uuid = listed.get("uuid") or new_uuid()
        if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
            uuid = new_uuid()
        db.call("dd_import_trainee", uuid, name, name_key(name), listed.get("created_at") or self.records.now_text())
        self.trainees_added += 1
        return uuid

    def _trainee_id(self, db, name: str, new_uuid) -> int:
        row = db.execute("SELECT id FROM trainees WHERE name_key = ?", (name_key(name),)).fetchone()
        if row is not None:
            return row[0]
        listed = self.trainees.get(name_key(name), {})
        uuid = listed.get("uuid") or new_uuid()
        if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
            uuid = new_uuid()   # the same profile renamed elsewhere: keep both, never merge silently
        created = listed.get("created_at") or self.records.now_text()
        cursor = db.execute("INSERT INTO trainees (uuid, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                            (uuid, name, name_key(name), created))
        append_entry(db, "trainee", uuid, trainee_event(uuid, name, created))
        self.trainees_added += 1
        return cursor.lastrowid
