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
from pathlib import Path
from typing import Callable

from .models import ImportResult, RecordFilter
from .queries import _where
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
    records file. Written to a temporary file and renamed, so a cancelled or failed export leaves nothing."""
    from .store import to_text

    f = f or RecordFilter()
    where, parameters = _where(records, f, None, "a.answered_at")
    answer_rows = records._read(
        "SELECT a.uuid, s.uuid, a.seq, a.family, a.item, a.answer, a.expected, a.given, a.correct, a.category, "
        "a.rule, a.seconds, a.timed_out, a.answered_at FROM answers a JOIN sessions s ON a.session_id = s.id "
        "JOIN trainees t ON s.trainee_id = t.id" + where + " ORDER BY a.answered_at, s.id, a.seq", parameters)
    session_where, session_parameters = _where(records, RecordFilter(None, None, f.game, f.drill, f.mode,
                                                                     f.trainees, f.include_archived),
                                               None, "s.started_at")
    wanted_sessions = {row[1] for row in answer_rows}
    session_rows = [r for r in records._read(
        "SELECT s.uuid, t.name, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, s.started_at, "
        "s.finished_at, so.manager, so.signed_at, so.note FROM sessions s JOIN trainees t ON s.trainee_id = t.id "
        "LEFT JOIN signoffs so ON so.session_id = s.id" + session_where + " ORDER BY s.started_at, s.id",
        session_parameters) if r[0] in wanted_sessions]
    names = {r[1].casefold() for r in session_rows}
    trainees = [t for t in records.trainees(include_archived=True) if t.name.casefold() in names]
    total = len(answer_rows) + len(session_rows)
    done = 0

    def step(count: int) -> None:
        nonlocal done
        if cancel and cancel():
            raise ExportCancelled("export cancelled")
        done += count
        if progress:
            progress(done, total)

    document = {
        "format": FORMAT_NAME, "version": FORMAT_VERSION, "exported_at": to_text(records.clock()),
        "workstation": records.workstation,
        "trainees": [{"uuid": t.uuid, "name": t.name, "created_at": to_text(t.created_at)} for t in trainees],
        "sessions": [], "answers": [], "signoffs": [],
    }
    for r in session_rows:
        document["sessions"].append({"uuid": r[0], "trainee": r[1], "drill": r[2], "game": r[3], "mode": r[4],
                                     "settings": r[5], "target": r[6], "workstation": r[7], "started_at": r[8],
                                     "finished_at": r[9]})
        if r[10] is not None:
            document["signoffs"].append({"session": r[0], "manager": r[10], "signed_at": r[11], "note": r[12]})
    step(len(session_rows))
    for start in range(0, len(answer_rows), _CHUNK):
        for r in answer_rows[start:start + _CHUNK]:
            document["answers"].append({"uuid": r[0], "session": r[1], "seq": r[2], "family": r[3], "item": r[4],
                                        "answer": r[5], "expected": r[6], "given": r[7], "correct": bool(r[8]),
                                        "category": r[9], "rule": r[10], "seconds": r[11],
                                        "timed_out": bool(r[12]), "answered_at": r[13]})
        step(len(answer_rows[start:start + _CHUNK]))
    if cancel and cancel():
        raise ExportCancelled("export cancelled")
    return write_atomically(path, lambda handle: json.dump(document, handle, ensure_ascii=False, indent=1),
                            newline="\n")


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
        else:
            with open(temporary, "w", encoding=encoding, newline=newline) as handle:
                write(handle)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def import_records(records, path: str | Path) -> ImportResult:
    """Merge a JSON records file into `records` in one transaction (all or nothing)."""
    path = Path(path)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path} is not a Dealer Drill records file ({error}).") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise ValueError(f"{path} is not a Dealer Drill records file (export one with "
                         f"`dealerdrill export --format json`).")
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"{path} is a records file of version {document.get('version')!r}; this Dealer Drill "
                         f"reads version {FORMAT_VERSION}. Update Dealer Drill here.")
    from .store import clean_name, new_uuid

    trainees_added = sessions_added = answers_added = present = signoffs_added = 0
    try:
        with records._write() as db:
            trainee_ids: dict[str, int] = {}
            for t in document.get("trainees", []):
                name = clean_name(t["name"])
                row = db.execute("SELECT id FROM trainees WHERE name = ?", (name,)).fetchone()
                if row is None:
                    uuid = t.get("uuid") or new_uuid()
                    if db.execute("SELECT 1 FROM trainees WHERE uuid = ?", (uuid,)).fetchone():
                        uuid = new_uuid()   # the same profile renamed elsewhere: keep both, never merge silently
                    cursor = db.execute("INSERT INTO trainees (uuid, name, created_at) VALUES (?, ?, ?)",
                                        (uuid, name, t["created_at"]))
                    trainees_added += 1
                    trainee_ids[name.casefold()] = cursor.lastrowid
                else:
                    trainee_ids[name.casefold()] = row[0]
            session_ids: dict[str, int] = {}
            for s in document.get("sessions", []):
                trainee_id = trainee_ids.get(clean_name(s["trainee"]).casefold())
                if trainee_id is None:
                    raise ValueError(f"the session {s['uuid']} names a trainee the file does not list")
                row = db.execute("SELECT id, finished_at FROM sessions WHERE uuid = ?", (s["uuid"],)).fetchone()
                if row is None:
                    cursor = db.execute(
                        "INSERT INTO sessions (uuid, trainee_id, drill, game, mode, settings, target, workstation, "
                        "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (s["uuid"], trainee_id, s["drill"], s["game"], s["mode"], s.get("settings") or "{}",
                         s.get("target") or "{}", s.get("workstation", ""), s["started_at"], s.get("finished_at")))
                    session_ids[s["uuid"]] = cursor.lastrowid
                    sessions_added += 1
                else:
                    session_ids[s["uuid"]] = row[0]
                    if row[1] is None and s.get("finished_at"):
                        db.execute("UPDATE sessions SET finished_at = ? WHERE id = ?", (s["finished_at"], row[0]))
            for a in document.get("answers", []):
                session_id = session_ids.get(a["session"])
                if session_id is None:
                    raise ValueError(f"the answer {a['uuid']} belongs to a session the file does not list")
                if db.execute("SELECT 1 FROM answers WHERE uuid = ?", (a["uuid"],)).fetchone():
                    present += 1
                    continue
                db.execute(
                    "INSERT INTO answers (uuid, session_id, seq, family, item, answer, expected, given, "
                    "correct, category, rule, seconds, timed_out, answered_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (a["uuid"], session_id, int(a["seq"]), a["family"], a["item"], a["answer"], a["expected"],
                     a["given"], int(bool(a["correct"])), a.get("category"), a.get("rule") or "",
                     float(a["seconds"]), int(bool(a.get("timed_out"))), a["answered_at"]))
                answers_added += 1
            for so in document.get("signoffs", []):
                session_id = session_ids[so["session"]]
                if db.execute("SELECT 1 FROM signoffs WHERE session_id = ?", (session_id,)).fetchone():
                    continue
                db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note) VALUES (?, ?, ?, ?)",
                           (session_id, so["manager"], so["signed_at"], so.get("note") or ""))
                signoffs_added += 1
            records._audit(db, "workstation", "records_imported",
                           f"{path.name} from {document.get('workstation', '?')}: {answers_added} answers added, "
                           f"{present} already here")
    except (KeyError, TypeError) as error:
        raise ValueError(f"{path} is not a complete records file (missing or wrong {error}).") from None
    except RecordsError as error:
        raise ValueError(f"{path} could not be merged: {error}") from None
    return ImportResult(trainees_added, sessions_added, answers_added, present, signoffs_added)
