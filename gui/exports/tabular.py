"""CSV and XLSX exports: one row per answer, and one row per session summary. Qt-free.

CSV: two files, PATH (answers) and PATH with "-sessions" before the suffix; UTF-8 with a byte-order mark
(without it Excel reads UTF-8 as the local code page and mangles names like "Tāne"), comma separated,
CRLF line ends, every text field quoted when needed (the csv module), dates as local "YYYY-MM-DD HH:MM:SS"
text that both Excel and LibreOffice recognise. XLSX: one workbook with the sheets "Answers" and
"Sessions", real dates and numbers, a frozen header row and filters.

Formula injection: see cells.py. Every export is written to a temporary file and renamed at the end, so a
cancelled or failed export leaves no half file.
"""
from __future__ import annotations

import csv
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Callable

from dealerdrill.records.merge import ExportCancelled, write_atomically
from dealerdrill.records.models import AnswerRecord, RecordFilter, SessionSummary
from dealerdrill.records.queries import count_answers, iter_answer_records

from .cells import is_formula_like, neutralise

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]

ANSWER_COLUMNS = ("answer_id", "session_id", "trainee", "game", "drill", "mode", "item_number", "answered_at",
                  "family", "question", "answer", "given", "expected", "correct", "error_category", "rule",
                  "seconds", "timed_out")
SESSION_COLUMNS = ("session_id", "trainee", "game", "drill", "mode", "started_at", "finished_at", "items",
                   "correct", "accuracy", "median_seconds", "target_seconds", "target_accuracy", "test_items",
                   "pass_mark", "passed", "signed_off_by", "signed_off_at", "workstation")


def local_time(moment: datetime | None) -> datetime | None:
    """A stored (UTC) time as a naive local datetime: spreadsheets have no time zones."""
    return moment.astimezone().replace(tzinfo=None, microsecond=0) if moment else None


def answer_row(a: AnswerRecord) -> list:
    return [a.uuid, a.session_uuid, a.trainee, a.game, a.drill, a.mode, a.seq, local_time(a.answered_at),
            a.family, a.question, json.dumps(a.answer, ensure_ascii=False, sort_keys=True), a.given, a.expected,
            int(a.correct), a.category or "", a.rule, round(a.seconds, 3), int(a.timed_out)]


def session_row(s: SessionSummary) -> list:
    passed = "" if s.passed is None else ("yes" if s.passed else "no")
    return [s.uuid, s.trainee, s.game, s.drill, s.mode, local_time(s.started_at), local_time(s.finished_at),
            s.items, s.correct, round(s.accuracy, 4), round(s.median_seconds, 3), s.target.seconds,
            s.target.accuracy, s.target.test_items, s.target.pass_mark, passed, s.signed_by or "",
            local_time(s.signed_at), s.workstation]


def _sessions(records, f: RecordFilter) -> list[list]:
    return [session_row(s) for s in records.sessions(f)]


def sessions_csv_path(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(f"{path.stem}-sessions{path.suffix or '.csv'}")


def _csv_text(value) -> object:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    return neutralise(value)


def _replace_all(temporaries: list[tuple[Path, Path]]) -> list[Path]:
    """Rename every finished temporary file into place (all written and synced first)."""
    for temporary, target in temporaries:
        os.replace(temporary, target)
    return [target for _, target in temporaries]


def _temporary(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return path.with_name(f".{path.name}.part")


def export_csv(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
               cancel: Cancel | None = None) -> list[Path]:
    """Write the answers to `path` and the session summaries next to it; returns both paths. The answers
    stream from the database to the file (millions of rows never sit in memory); both files are written
    under temporary names and renamed only when both are complete."""
    f = f or RecordFilter()
    sessions = _sessions(records, f)
    ticker = _Ticker(count_answers(records, f) + len(sessions), progress, cancel)
    targets = [Path(path), sessions_csv_path(path)]
    temporaries = [(_temporary(target), target) for target in targets]
    try:
        for (temporary, _), columns, rows in ((temporaries[0], ANSWER_COLUMNS, None),
                                              (temporaries[1], SESSION_COLUMNS, sessions)):
            with open(temporary, "w", encoding="utf-8-sig", newline="") as handle:
                writer = csv.writer(handle, dialect="excel")  # comma, double quotes, CRLF: what Excel expects
                writer.writerow(columns)
                source = rows if rows is not None else (answer_row(a) for a in iter_answer_records(records, f))
                for row in source:
                    writer.writerow([_csv_text(v) for v in row])
                    ticker.tick()
                ticker.check()
                handle.flush()
                os.fsync(handle.fileno())
        return _replace_all(temporaries)
    except BaseException:
        for temporary, _ in temporaries:
            temporary.unlink(missing_ok=True)
        raise


EXCEL_MAX_ROWS = 1_048_576      # per sheet, header included: more answers go on "Answers 2", "Answers 3", ...


def export_xlsx(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
                cancel: Cancel | None = None) -> list[Path]:
    """One workbook, sheets "Answers" (continued on "Answers 2"... past Excel's row limit) and "Sessions";
    returns [path]. Written in openpyxl's write-only mode, row by row, so memory stays flat."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.utils import get_column_letter

    f = f or RecordFilter()
    sessions = _sessions(records, f)
    ticker = _Ticker(count_answers(records, f) + len(sessions), progress, cancel)
    workbook = Workbook(write_only=True)

    def new_sheet(title, columns):
        sheet = workbook.create_sheet(title)
        for column, name in enumerate(columns, start=1):
            sheet.column_dimensions[get_column_letter(column)].width = max(10, min(40, len(name) + 4))
        sheet.freeze_panes = "A2"
        sheet.append(list(columns))
        return sheet

    def cells(sheet, row):
        out = []
        for value in row:
            if isinstance(value, str):
                if ILLEGAL_CHARACTERS_RE.search(value):
                    value = ILLEGAL_CHARACTERS_RE.sub("", value)
                if is_formula_like(value):
                    # openpyxl would write "=..." as a formula: a text cell with Excel's quote prefix keeps the
                    # exact text and stays text when the cell is edited later.
                    cell = WriteOnlyCell(sheet, value=value)
                    cell.data_type = "s"
                    cell.quotePrefix = True
                    value = cell
            out.append(value)
        return out

    def finish(sheet, columns, lines):
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{max(1, lines)}"

    try:
        for title, columns, rows in (("Answers", ANSWER_COLUMNS, None), ("Sessions", SESSION_COLUMNS, sessions)):
            source = rows if rows is not None else (answer_row(a) for a in iter_answer_records(records, f))
            part, sheet, lines = 1, new_sheet(title, columns), 1
            for row in source:
                if lines == EXCEL_MAX_ROWS:
                    finish(sheet, columns, lines)
                    part += 1
                    sheet, lines = new_sheet(f"{title} {part}", columns), 1
                sheet.append(cells(sheet, row))
                lines += 1
                ticker.tick()
            finish(sheet, columns, lines)
        ticker.check()
    except BaseException:
        for sheet in workbook.worksheets:   # write-only sheets keep a temporary file open until closed
            try:
                sheet.close()
            except Exception:
                pass
        raise
    return [write_atomically(path, workbook.save, binary=True)]


class _Ticker:
    """Calls progress(done, total) now and then and raises ExportCancelled when cancel() says so."""

    def __init__(self, total: int, progress: Progress | None, cancel: Cancel | None, every: int = 200):
        self.total, self.done, self.every = total, 0, every
        self.progress, self.cancel = progress, cancel
        if progress:
            progress(0, total)

    def tick(self) -> None:
        self.done += 1
        if self.done % self.every == 0 or self.done == self.total:
            self.check()
            if self.progress:
                self.progress(self.done, self.total)

    def check(self) -> None:
        if self.cancel and self.cancel():
            raise ExportCancelled("export cancelled")
