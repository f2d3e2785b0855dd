"""Moving records between workstations: a JSON records file out, and merged in without duplicates. Qt-free.

The file ("format": "dealerdrill-records", "version": 1) holds the selected trainees, their sessions,
answers and sign-offs, each with its UUID; answers keep their stored item and answer JSON text exactly.
Importing adds what the local records lack and skips what they have (by UUID), so importing the same
file twice, or files that overlap, never duplicates an answer. Trainees are matched by name (a person has
the same name on every workstation; their profile UUIDs differ when created separately). An unfinished
session that the file shows finished gets its finish time. Local archiving and targets are not touched.
"""
from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Callable

from .models import ImportResult, RecordFilter
from .queries import where_clause
from .schema import RecordsError

FORMAT_NAME = "dealerdrill-records"
FORMAT_VERSION = 1
_CHUNK = 2000


class ExportCancelled(Exception):
    """The cancel check returned True; no file was left behind."""


def dump_records(records, path: str | Path, f: RecordFilter | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None) -> Path:
    """Write the records the filter selects (answers in the period and their sessions) as a JSON
    records file. The answers stream from the database to the file, one compact object per line, so
    millions of answers never sit in memory. Written to a temporary file and renamed, so a cancelled,
    failed or killed export leaves nothing under the name."""
    from .queries import ANSWERS_FROM, count_answers, local_day_start, streaming_order
    from .store import to_text

    f = f or RecordFilter()
    stream_where, stream_parameters, order = streaming_order(records, f)
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
    # Sessions with at least one selected answer (found through the session index, not by reading answers).
    session_rows = records.read(
        "SELECT s.uuid, t.name, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, s.started_at, "
        "s.finished_at, so.manager, so.signed_at, so.note FROM sessions s JOIN trainees t ON s.trainee_id = t.id "
        "LEFT JOIN signoffs so ON so.session_id = s.id" + session_where
        + (" AND " if session_where else " WHERE ")
        + "EXISTS (SELECT 1 FROM answers a WHERE a.session_id = s.id" + (f" AND {answer_time}" if answer_time else "")
        + ") ORDER BY s.started_at, s.id", session_parameters + time_parameters)
    names = {r[1].casefold() for r in session_rows}
    trainees = [t for t in records.trainees(include_archived=True) if t.name.casefold() in names]
    total = count_answers(records, f) + len(session_rows)
    done = 0

    def step(count: int) -> None:
        nonlocal done
        if cancel and cancel():
            raise ExportCancelled("export cancelled")
        done += count
        if progress:
            progress(done, total)

    def line(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def write(handle) -> None:
        head = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "exported_at": to_text(records.clock()),
                "workstation": records.workstation}
        handle.write("{\n" + "".join(f"{line(k)}: {line(v)},\n" for k, v in head.items()))
        handle.write('"trainees": [\n' + ",\n".join(
            line({"uuid": t.uuid, "name": t.name, "created_at": to_text(t.created_at)}) for t in trainees) + "\n],\n")
        handle.write('"sessions": [\n' + ",\n".join(
            line({"uuid": r[0], "trainee": r[1], "drill": r[2], "game": r[3], "mode": r[4], "settings": r[5],
                  "target": r[6], "workstation": r[7], "started_at": r[8], "finished_at": r[9]})
            for r in session_rows) + "\n],\n")
        handle.write('"signoffs": [\n' + ",\n".join(
            line({"session": r[0], "manager": r[10], "signed_at": r[11], "note": r[12]})
            for r in session_rows if r[10] is not None) + "\n],\n")
        step(len(session_rows))
        handle.write('"answers": [\n')
        first = True
        for rows in records.stream(
                "SELECT a.uuid, s.uuid, a.seq, a.family, a.item, a.answer, a.expected, a.given, a.correct, "
                "a.category, a.rule, a.seconds, a.timed_out, a.answered_at" + ANSWERS_FROM + stream_where
                + order, stream_parameters, _CHUNK):
            handle.write(("" if first else ",\n") + ",\n".join(line(
                {"uuid": r[0], "session": r[1], "seq": r[2], "family": r[3], "item": r[4], "answer": r[5],
                 "expected": r[6], "given": r[7], "correct": bool(r[8]), "category": r[9], "rule": r[10],
                 "seconds": r[11], "timed_out": bool(r[12]), "answered_at": r[13]}) for r in rows))
            first = False
            step(len(rows))
        handle.write("\n]\n}\n")
        if cancel and cancel():
            raise ExportCancelled("export cancelled")

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


MAX_IMPORT_BYTES = 2 * 1024 ** 3       # a 2-million-answer export is about 1 GB
_LIMITS = {"uuid": 64, "drill": 100, "game": 40, "workstation": 100, "family": 300, "item": 65536,
           "answer": 65536, "expected": 4096, "given": 4096, "category": 100, "rule": 300, "note": 2000,
           "settings": 65536, "target": 4096}
_OTHER_FILES = ((b"PK\x03\x04", "a spreadsheet (XLSX) or another zip file"), (b"%PDF", "a PDF (a scorecard?)"),
                (b"SQLite format 3", "a records database itself, not an export of one"),
                (b"\xef\xbb\xbfanswer_id,", "a CSV export"), (b"answer_id,", "a CSV export"),
                (b"\xef\xbb\xbfsession_id,", "a CSV export"), (b"session_id,", "a CSV export"))


class _Bad(ValueError):
    """One field of the file is unusable; the message says which and why."""


def _field(record: dict, key: str, where: str, *, optional: bool = False):
    if not isinstance(record, dict):
        raise _Bad(f"{where} is not a record")
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
    if not empty and not value.strip():
        raise _Bad(f"{where}: {key!r} is empty")
    return value


def _label(record, key, where, *, optional=False) -> str | None:
    """Short identifying text (ids, drills, names of managers): printable, one line."""
    value = _text(record, key, where, optional=optional, empty=False)
    if value is not None and not value.isprintable():
        raise _Bad(f"{where}: {key!r} contains control characters")
    return value


def _time(record, key, where, *, optional=False) -> str | None:
    from .store import from_text, to_text

    value = _text(record, key, where, optional=optional)
    if value is None:
        return None
    try:
        moment = from_text(value)
    except ValueError:
        raise _Bad(f"{where}: {key!r} is not a date and time ({value[:40]!r})") from None
    if moment is None or moment.tzinfo is None or not 1990 <= moment.year <= 2200:
        raise _Bad(f"{where}: {key!r} is not a UTC date and time between 1990 and 2200 ({value[:40]!r})")
    return to_text(moment)      # stored in the one fixed-width form that SQL compares correctly


def _json_text(record, key, where, *, must_be_object=False) -> str:
    value = _text(record, key, where, optional=True)
    if value is None or value == "":
        return "{}" if must_be_object else "null"
    try:
        parsed = json.loads(value)
    except ValueError:
        raise _Bad(f"{where}: {key!r} is not JSON text") from None
    if must_be_object and not isinstance(parsed, dict):
        raise _Bad(f"{where}: {key!r} is not a JSON object")
    return value


def _flag(record, key, where, *, optional=False) -> int:
    value = _field(record, key, where, optional=optional)
    if value is None:
        return 0
    if value not in (True, False, 0, 1) or isinstance(value, float):
        raise _Bad(f"{where}: {key!r} must be true or false")
    return int(value)


def _check_document(document: dict):
    """Every record of the file checked and put in the form stored; _Bad names the first bad field."""
    from dealerdrill.domain import Target

    from .store import MODES, clean_name

    def listed(key):
        value = document.get(key, [])
        if not isinstance(value, list):
            raise _Bad(f"{key!r} is not a list")
        return value

    trainees = []
    for number, t in enumerate(listed("trainees"), start=1):
        where = f"trainee {number}"
        try:
            name = clean_name(_field(t, "name", where))
        except ValueError as error:
            raise _Bad(f"{where}: {error}") from None
        trainees.append({"uuid": _label(t, "uuid", where, optional=True), "name": name,
                         "created_at": _time(t, "created_at", where)})
    names = {t["name"].casefold() for t in trainees}
    sessions = []
    for number, x in enumerate(listed("sessions"), start=1):
        where = f"session {number}"
        try:
            trainee = clean_name(_field(x, "trainee", where))
        except ValueError as error:
            raise _Bad(f"{where}: {error}") from None
        if trainee.casefold() not in names:
            raise _Bad(f"{where} names a trainee the file does not list ({trainee!r})")
        mode = _field(x, "mode", where)
        if mode not in MODES:
            raise _Bad(f"{where}: 'mode' must be one of {', '.join(MODES)}")
        target = _json_text(x, "target", where, must_be_object=True)
        try:
            Target.from_dict(json.loads(target))
        except (TypeError, ValueError) as error:
            raise _Bad(f"{where}: 'target' is not a usable target ({error})") from None
        sessions.append({"uuid": _label(x, "uuid", where), "trainee": trainee, "drill": _label(x, "drill", where),
                         "game": _label(x, "game", where), "mode": mode,
                         "settings": _json_text(x, "settings", where, must_be_object=True), "target": target,
                         "workstation": _label(x, "workstation", where, optional=True) or "",
                         "started_at": _time(x, "started_at", where),
                         "finished_at": _time(x, "finished_at", where, optional=True)})
    session_ids = {x["uuid"] for x in sessions}
    answers = []
    for number, a in enumerate(listed("answers"), start=1):
        where = f"answer {number}"
        session = _label(a, "session", where)
        if session not in session_ids:
            raise _Bad(f"{where} belongs to a session the file does not list")
        seq = _field(a, "seq", where)
        if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= 1_000_000:
            raise _Bad(f"{where}: 'seq' must be a whole number from 1 to 1000000")
        seconds = _field(a, "seconds", where)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= 86_400:
            raise _Bad(f"{where}: 'seconds' must be a number of seconds from 0 to 86400")
        answers.append({"uuid": _label(a, "uuid", where), "session": session, "seq": seq,
                        "family": _label(a, "family", where), "item": _json_text(a, "item", where),
                        "answer": _json_text(a, "answer", where), "expected": _text(a, "expected", where),
                        "given": _text(a, "given", where), "correct": _flag(a, "correct", where),
                        "category": _label(a, "category", where, optional=True),
                        "rule": _text(a, "rule", where, optional=True) or "", "seconds": float(seconds),
                        "timed_out": _flag(a, "timed_out", where, optional=True),
                        "answered_at": _time(a, "answered_at", where)})
    signoffs = []
    for number, so in enumerate(listed("signoffs"), start=1):
        where = f"sign-off {number}"
        session = _label(so, "session", where)
        if session not in session_ids:
            raise _Bad(f"{where} is for a session the file does not list")
        signoffs.append({"session": session, "manager": _label(so, "manager", where),
                         "signed_at": _time(so, "signed_at", where),
                         "note": _text(so, "note", where, optional=True) or ""})
    return trainees, sessions, answers, signoffs


def _read_document(path: Path) -> dict:
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise ValueError(f"{path} is {size / 1024 ** 3:.1f} GB, larger than any records file Dealer Drill "
                             f"writes ({MAX_IMPORT_BYTES // 1024 ** 3} GB at most); nothing was imported.")
        with open(path, "rb") as handle:
            start = handle.read(32)
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist.") from None
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or error}).") from None
    for signature, what in _OTHER_FILES:
        if start.startswith(signature):
            raise ValueError(f"{path} is {what}, not a Dealer Drill records file: import takes the JSON file "
                             f"written by `dealerdrill export --format json`. Nothing was imported.")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"{path} is not a Dealer Drill records file ({type(error).__name__}: "
                         f"{str(error)[:120]}). Nothing was imported.") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise ValueError(f"{path} is not a Dealer Drill records file (export one with "
                         f"`dealerdrill export --format json`). Nothing was imported.")
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"{path} is a records file of version {str(document.get('version'))[:20]}; this Dealer "
                         f"Drill reads version {FORMAT_VERSION}. Update Dealer Drill here. Nothing was imported.")
    return document


def import_records(records, path: str | Path, imported_by: str = "workstation") -> ImportResult:
    """Merge a JSON records file into `records` in one transaction (all or nothing). Every field is
    checked before anything is written: ValueError with a plain message naming the first bad record,
    and nothing changed, for a file that is not a complete, sane records file."""
    path = Path(path)
    document = _read_document(path)
    try:
        trainees, sessions, answers, signoffs = _check_document(document)
    except _Bad as error:
        raise ValueError(f"{path} cannot be imported: {error}. Nothing was imported.") from None
    from .store import new_uuid

    trainees_added = sessions_added = answers_added = present = signoffs_added = 0
    try:
        with records.transaction() as db:
            trainee_ids: dict[str, int] = {}
            for t in trainees:
                name = t["name"]
                if name.casefold() in trainee_ids:
                    continue
                row = db.execute("SELECT id FROM trainees WHERE name = ?", (name,)).fetchone()
                if row is None:
                    uuid = t["uuid"] or new_uuid()
                    if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
                        uuid = new_uuid()   # the same profile renamed elsewhere: keep both, never merge silently
                    cursor = db.execute("INSERT INTO trainees (uuid, name, created_at) VALUES (?, ?, ?)",
                                        (uuid, name, t["created_at"]))
                    trainees_added += 1
                    trainee_ids[name.casefold()] = cursor.lastrowid
                else:
                    trainee_ids[name.casefold()] = row[0]
            session_ids: dict[str, int] = {}
            for x in sessions:
                trainee_id = trainee_ids[x["trainee"].casefold()]
                row = db.execute("SELECT id, finished_at FROM sessions WHERE uuid = ?", (x["uuid"],)).fetchone()
                if row is None:
                    cursor = db.execute(
                        "INSERT INTO sessions (uuid, trainee_id, drill, game, mode, settings, target, workstation, "
                        "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (x["uuid"], trainee_id, x["drill"], x["game"], x["mode"], x["settings"], x["target"],
                         x["workstation"], x["started_at"], x["finished_at"]))
                    session_ids[x["uuid"]] = cursor.lastrowid
                    sessions_added += 1
                else:
                    session_ids[x["uuid"]] = row[0]
                    if row[1] is None and x["finished_at"]:
                        db.execute("UPDATE sessions SET finished_at = ? WHERE id = ?", (x["finished_at"], row[0]))
            for a in answers:
                if db.execute("SELECT 1 FROM answers WHERE uuid = ?", (a["uuid"],)).fetchone():
                    present += 1
                    continue
                db.execute(
                    "INSERT INTO answers (uuid, session_id, seq, family, item, answer, expected, given, "
                    "correct, category, rule, seconds, timed_out, answered_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (a["uuid"], session_ids[a["session"]], a["seq"], a["family"], a["item"], a["answer"],
                     a["expected"], a["given"], a["correct"], a["category"], a["rule"], a["seconds"],
                     a["timed_out"], a["answered_at"]))
                answers_added += 1
            for so in signoffs:
                session_id = session_ids[so["session"]]
                if db.execute("SELECT 1 FROM signoffs WHERE session_id = ?", (session_id,)).fetchone():
                    continue
                db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note) VALUES (?, ?, ?, ?)",
                           (session_id, so["manager"], so["signed_at"], so["note"]))
                signoffs_added += 1
            workstation = str(document.get("workstation", "?"))[:100]
            records.audit(db, imported_by, "records_imported",
                           f"{path.name} from {workstation!r}: {answers_added} answers added, {present} already here")
    except RecordsError as error:
        raise ValueError(f"{path} could not be merged, and nothing was imported: {error}") from None
    return ImportResult(trainees_added, sessions_added, answers_added, present, signoffs_added)
