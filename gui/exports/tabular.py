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
import io
import json
from datetime import datetime
from pathlib import Path
from typing import Callable

from dealerdrill.records.merge import ExportCancelled, write_atomically
from dealerdrill.records.models import AnswerRecord, RecordFilter, SessionSummary

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


def _rows(records, f: RecordFilter):
    return [answer_row(a) for a in records.answers(f)], [session_row(s) for s in records.sessions(f)]


def sessions_csv_path(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(f"{path.stem}-sessions{path.suffix or '.csv'}")


def _csv_text(value) -> object:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    return neutralise(value)


def export_csv(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
               cancel: Cancel | None = None) -> list[Path]:
    """Write the answers to `path` and the session summaries next to it; returns both paths."""
    f = f or RecordFilter()
    answers, sessions = _rows(records, f)
    ticker = _Ticker(len(answers) + len(sessions), progress, cancel)
    written = []
    for target, columns, rows in ((Path(path), ANSWER_COLUMNS, answers),
                                  (sessions_csv_path(path), SESSION_COLUMNS, sessions)):
        buffer = io.StringIO(newline="")
        writer = csv.writer(buffer, dialect="excel")  # comma, double quotes, CRLF: what Excel expects
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_csv_text(v) for v in row])
            ticker.tick()
        ticker.check()
        written.append(write_atomically(target, lambda handle: handle.write(buffer.getvalue()),
                                        newline="", encoding="utf-8-sig"))
    return written


def export_xlsx(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
                cancel: Cancel | None = None) -> list[Path]:
    """One workbook, sheets "Answers" and "Sessions"; returns [path]."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.utils import get_column_letter

    f = f or RecordFilter()
    answers, sessions = _rows(records, f)
    ticker = _Ticker(len(answers) + len(sessions), progress, cancel)
    workbook = Workbook()
    workbook.remove(workbook.active)
    for title, columns, rows in (("Answers", ANSWER_COLUMNS, answers), ("Sessions", SESSION_COLUMNS, sessions)):
        sheet = workbook.create_sheet(title)
        sheet.append(list(columns))
        for line, row in enumerate(rows, start=2):
            for column, value in enumerate(row, start=1):
                cell = sheet.cell(row=line, column=column)
                if isinstance(value, str):
                    value = ILLEGAL_CHARACTERS_RE.sub("", value)
                    cell.value = value
                    # openpyxl reads "=..." as a formula; force text, and mark it as Excel's quote-prefixed
                    # text so that editing the cell later does not turn it into a formula either.
                    cell.data_type = "s"
                    if is_formula_like(value):
                        cell.quotePrefix = True
                else:
                    cell.value = value
                    if isinstance(value, datetime):
                        cell.number_format = "yyyy-mm-dd hh:mm:ss"
            ticker.tick()
        sheet.freeze_panes = "A2"
        sheet.auto_filter.ref = sheet.dimensions
        for column, name in enumerate(columns, start=1):
            sheet.column_dimensions[get_column_letter(column)].width = max(10, min(40, len(name) + 4))
    ticker.check()
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
