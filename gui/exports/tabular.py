"""CSV and XLSX exports: one row per answer, and one row per session summary. Qt-free.

CSV: two files, PATH (answers) and PATH with "-sessions" before the suffix; UTF-8 with a byte-order mark
(without it Excel reads UTF-8 as the local code page and mangles names like "Tāne"), comma separated,
CRLF line ends, every text field quoted when needed (the csv module; a semicolon counts too, for Excel in
locales that separate with one), dates as local "YYYY-MM-DD HH:MM:SS"
text that both Excel and LibreOffice recognise. XLSX: one workbook with the sheets "Answers" and
"Sessions", real dates and numbers, a frozen header row and filters, written here as a stream of
SpreadsheetML into a zip (_Workbook): a spreadsheet library took a quarter of an hour for two million
answers.

Both stream the answers straight from one SQL query (see "the answers in SQL" below): an export of two
million answers takes well under a minute and memory stays flat. Where it is built, the CSV export's answers
take a faster road to the same bytes (answers_csv.py: C formats the rows, and hands back to this module's
Python road each row it is not sure of), while the session summaries are made on another connection.

Formula injection, and the characters XML 1.0 forbids (replaced by U+FFFD in every export): see cells.py.
Every export is written to a temporary file and renamed at the end, so a cancelled or failed export leaves no
half file.
"""
from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import sqlite3
import zipfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import IO

from dealerdrill.records.models import RecordFilter, SessionSummary
from dealerdrill.records.queries import ANSWERS_FROM, count_answers, count_sessions, streaming_order, where_clause
from dealerdrill.records.schema import explain
from dealerdrill.records.store import json_or_text
from dealerdrill.records.transfer import ExportCancelled, hold_part, part_file, remove_stale_parts, write_atomically

from .cells import FORMULA_STARTS, is_formula_like, printable, utf8_for_export

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]

ANSWER_COLUMNS = ("answer_id", "session_id", "trainee", "game", "drill", "mode", "item_number", "answered_at",
                  "family", "question", "answer", "given", "expected", "correct", "error_category", "rule",
                  "seconds", "timed_out")
# items: the answers given; accuracy: correct over the answers given, except for a test, where it is over the
# test's full length (test_items), so a test stopped after 1 right of 30 has accuracy 1/30; test_result says
# "passed", "not passed", "stopped after k of n" or "unfinished after k of n" (empty for other sessions).
SESSION_COLUMNS = ("session_id", "trainee", "game", "drill", "mode", "started_at", "finished_at", "items",
                   "correct", "accuracy", "median_seconds", "target_seconds", "target_accuracy", "test_items",
                   "pass_mark", "passed", "test_result", "signed_off_by", "signed_off_at", "workstation",
                   "signoff_note", "signoff_reason", "settings")


def local_time(moment: datetime | None) -> datetime | None:
    """A stored (UTC) time as a naive local datetime: spreadsheets have no time zones."""
    return moment.astimezone().replace(tzinfo=None, microsecond=0) if moment else None


def session_row(s: SessionSummary) -> list:
    passed = "" if s.passed is None else ("yes" if s.passed else "no")
    return [s.uuid, s.trainee, s.game, s.drill, s.mode, local_time(s.started_at), local_time(s.finished_at),
            s.items, s.correct, round(s.score, 4), round(s.median_seconds, 3), s.target.seconds,
            s.target.accuracy, s.target.test_items, s.target.pass_mark, passed, s.test_result or "",
            s.signed_by or "", local_time(s.signed_at), s.workstation, s.signoff_note, s.signoff_reason,
            settings_in_force(s)]


def settings_in_force(s: SessionSummary) -> str:
    """The answer-key settings the session was taken under, in words (its own game's table)."""
    from dealerdrill.settings import answer_key_summary

    values = s.settings.get(s.game) if isinstance(s.settings, dict) else None
    return answer_key_summary(s.game, values) if isinstance(values, dict) else ""


def _sessions(records, f: RecordFilter) -> list[list]:
    return [session_row(s) for s in records.sessions(f)]


def sessions_csv_path(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(f"{path.stem}-sessions{path.suffix or '.csv'}")


# ------------------------------------------------------------------------------------------ the answers in SQL
#
# Two million answers must not become two million Python objects (that alone took minutes): SQLite reads,
# converts and formats every answer value, the CSV export hands SQLite's rows straight to csv.writer and the
# XLSX export receives each row as finished SpreadsheetML text. Python only steps in for the rare values
# SQLite cannot reproduce exactly (the functions registered below), so both exports show the same text as
# AnswerRecord would: the question is the item's "text", the answer the stored JSON with sorted keys and
# letters unescaped (the store writes it with json.dumps(sort_keys=True), so valid JSON without \u escapes
# is passed on as stored).

_TEXT, _NUMBER, _MOMENT = "text", "number", "moment"


_QUESTION_SQL = ("CASE WHEN instr(a.item, '\\u') = 0 AND json_valid(a.item) THEN "
                 "CASE coalesce(json_type(a.item, '$.text'), 'absent') WHEN 'absent' THEN '' "
                 "WHEN 'text' THEN json_extract(a.item, '$.text') ELSE dd_question_text(a.item) END "
                 "ELSE dd_question_text(a.item) END")
_ANSWER_SQL = ("CASE WHEN instr(a.answer, '\\u') = 0 AND json_valid(a.answer) THEN a.answer "
               "ELSE dd_answer_text(a.answer) END")

# Seconds to the millisecond as Python's round(x, 3) gives them (the training room's server and the C road
# round the same way): SQLite's own round() is not exact (1.0005, stored a little below the tie, comes out as
# 1.001). A value stored as text keeps SQLite's reading of it.
_SECONDS_SQL = ("CASE WHEN typeof(a.seconds) IN ('real', 'integer') THEN dd_milliseconds(a.seconds) "
                "ELSE round(a.seconds, 3) END")

# (column, SQL expression, kind) in ANSWER_COLUMNS order.
_ANSWER_VALUES = (
    ("answer_id", "a.uuid", _TEXT), ("session_id", "s.uuid", _TEXT), ("trainee", "t.name", _TEXT),
    ("game", "s.game", _TEXT), ("drill", "s.drill", _TEXT), ("mode", "s.mode", _TEXT),
    ("item_number", "a.seq", _NUMBER), ("answered_at", "a.answered_at", _MOMENT), ("family", "a.family", _TEXT),
    ("question", _QUESTION_SQL, _TEXT), ("answer", _ANSWER_SQL, _TEXT), ("given", "a.given", _TEXT),
    ("expected", "a.expected", _TEXT), ("correct", "a.correct", _NUMBER),
    ("error_category", "coalesce(a.category, '')", _TEXT), ("rule", "a.rule", _TEXT),
    ("seconds", _SECONDS_SQL, _NUMBER), ("timed_out", "a.timed_out", _NUMBER),
)
assert tuple(column for column, _, _ in _ANSWER_VALUES) == ANSWER_COLUMNS

# Code points that make a cell a formula (see cells.FORMULA_STARTS): = + - @ tab CR.
_FORMULA_CODES = "(61, 43, 45, 64, 9, 13)"


# These return text to SQLite, which cannot take a lone surrogate (a JSON "\ud800" escape decodes to one), so
# what XML 1.0 forbids is replaced here already.
def _question_text(item_text):
    item = json_or_text(item_text)
    return printable(str(item.get("text", ""))) if isinstance(item, dict) else ""


def _answer_text(answer_text):
    return printable(json.dumps(json_or_text(answer_text), ensure_ascii=False, sort_keys=True))


def _milliseconds(seconds: float) -> float:
    return round(float(seconds), 3)


def _add_answer_functions(records) -> None:
    """The Python functions _ANSWER_VALUES' SQL calls, on the records' connection."""
    records.add_sql_function("dd_question_text", 1, _question_text)
    records.add_sql_function("dd_answer_text", 1, _answer_text)
    records.add_sql_function("dd_milliseconds", 1, _milliseconds)


def _answers_query(records, f: RecordFilter, outer: list[str], answer_id: int | None = None) -> tuple[str, list]:
    """SELECT <outer expressions over c0..c17> from the selected answers, oldest first (or from the one answer
    `answer_id`). The inner query computes each value once (LIMIT -1 OFFSET 0 keeps SQLite from copying the
    expressions into the outer ones, where they would be evaluated again for every use) and streams in index
    order, without a sort."""
    where, parameters, order = streaming_order(records, f) if answer_id is None else (" WHERE a.id = ?",
                                                                                         [answer_id], "")
    inner = ", ".join(f"{sql} AS c{index}" for index, (_, sql, _) in enumerate(_ANSWER_VALUES))
    _add_answer_functions(records)
    return (f"SELECT {', '.join(outer)} FROM (SELECT {inner}{ANSWERS_FROM}{where}{order} LIMIT -1 OFFSET 0)",
            parameters)


def _csv_answer_columns() -> list[str]:
    """Per column: text that could start a formula gets its apostrophe (cells.neutralise), times become local
    "YYYY-MM-DD HH:MM:SS" text (SQLite's localtime is the C library's, as datetime.astimezone's is), numbers
    stay numbers (csv.writer prints them as Python would)."""
    columns = []
    for index, (_, _, kind) in enumerate(_ANSWER_VALUES):
        value = f"c{index}"
        if kind == _TEXT:
            columns.append(f"CASE WHEN unicode({value}) IN {_FORMULA_CODES} THEN '''' || {value} ELSE {value} END")
        elif kind == _MOMENT:
            columns.append(f"datetime({value}, 'localtime')")
        else:
            columns.append(value)
    return columns


def _csv_answer_batches(records, f: RecordFilter):
    """The answers' CSV rows a batch at a time, formatted by SQLite (or, on the training room's server, by
    server_answers.py the same way)."""
    if records.dialect.name == "postgresql":
        return iter(())          # written line by line by server_answers.write_csv
    return records.stream(*_answers_query(records, f, _csv_answer_columns()))


def _c_answers_query(records, f: RecordFilter) -> tuple[str, list, str]:
    """The query and kinds of the C road (answers_csv.py): the answer id, then the values of the Python road's
    inner query, but the stored time, item and answer as they are: the C road makes the times local as
    SQLite would and reads the question and the answer from their JSON as that query's SQL does (a JSON
    that query hands to Python, the C road hands back to the Python road, with its row)."""
    where, parameters, order = streaming_order(records, f)
    columns, kinds = ["a.id"], ""
    for column, sql, kind in _ANSWER_VALUES:
        if column in ("question", "answer"):
            columns.append(f"a.{'item' if column == 'question' else 'answer'}")
            kinds += column[0]
        elif column == "seconds":
            columns.append("a.seconds")
            kinds += "s"
        else:
            columns.append(sql)
            kinds += {_TEXT: "t", _MOMENT: "u", _NUMBER: "n"}[kind]
    return f"SELECT {', '.join(columns)}{ANSWERS_FROM}{where}{order}", parameters, kinds


def _c_road_open(records) -> bool:
    """Whether the C road (answers_csv.py) is built and can read this records file itself."""
    from . import answers_csv

    return answers_csv.AVAILABLE and Path(records.path).is_file()


def _sessions_csv(rows: list[list]) -> bytes:
    """The whole sessions file (byte-order mark, header and these sessions' rows)."""
    data = io.BytesIO()
    out = _CsvFile(data)
    out.write_rows([SESSION_COLUMNS])
    out.write_rows(_csv_texts(rows))
    return data.getvalue()


def _sessions_in_background(records, f: RecordFilter) -> Future[tuple[int, bytes]]:
    """How many sessions, and the sessions file's bytes (_sessions_csv), made in a thread of its own on a
    connection of its own (the room's records take one from their pool for each read): the file is made while
    the answers are, not after them."""
    def work() -> tuple[int, bytes]:
        if records.dialect.name == "postgresql":
            rows = _sessions(records, f)
        else:
            clone = records.clone()
            try:
                rows = _sessions(clone, f)
            finally:
                clone.close()
        return len(rows), _sessions_csv(rows)

    pool = ThreadPoolExecutor(1, thread_name_prefix="dealerdrill-csv-sessions")
    try:
        return pool.submit(work)
    finally:
        pool.shutdown(wait=False)        # the work goes on; a cancelled export does not wait for it


def _write_answers_in_c(records, f: RecordFilter, out: _CsvFile, advance: Callable[[int], None]) -> bool:
    """The answers' lines by the C road; False, with nothing written, where it cannot start (see
    answers_csv.write_answers): the caller takes the Python road."""
    from . import answers_csv

    path = Path(records.path)
    sql, parameters, kinds = _c_answers_query(records, f)
    columns = _csv_answer_columns()

    def write_declined(answer_id: int) -> None:
        out.write_rows(records.read(*_answers_query(records, f, columns, answer_id)))

    try:
        return answers_csv.write_answers(str(path), sql, parameters, kinds, out.handle.write, write_declined,
                                         advance)
    except answers_csv.CsvAnswersError as error:
        raise explain(sqlite3.DatabaseError(str(error)), path) from None


def _csv_texts(rows: list[list]) -> list[list]:
    """The rows' values as the CSV writes them: nothing for None, "YYYY-MM-DD HH:MM:SS" for a time, text with
    its apostrophe where it could start a formula (cells.neutralise), numbers as they are. One comprehension
    rather than a function called for each value: the calls were most of the sessions file's time (1.8 M
    values for 80 000 sessions, a second of Python's beside the room's answers)."""
    return [["" if value is None else
             ("'" + value if value.startswith(FORMULA_STARTS) else value) if isinstance(value, str) else
             value.strftime("%Y-%m-%d %H:%M:%S") if isinstance(value, datetime) else value
             for value in row] for row in rows]


def _replace_all(temporaries: list[tuple[Path, Path]]) -> list[Path]:
    """Rename every finished temporary file into place (all written and synced first)."""
    for temporary, target in temporaries:
        os.replace(temporary, target)
    return [target for _, target in temporaries]


def _temporary(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return part_file(path)


class _CsvFile:
    """A CSV file written a batch of rows at a time: each batch is formatted by the csv module in memory and
    written as UTF-8 with every character XML 1.0 forbids replaced (cells.utf8_for_export: a lone surrogate
    could not be written at all). Fields are quoted when they hold a comma, a quote or a line break (the csv
    module) and also when they hold a semicolon, the separator Excel expects in the many locales whose
    decimal mark is a comma: a row with such a field is written with every text field quoted. Without
    `byte_order_mark` it writes a part of a file, to be copied after the file's beginning."""

    def __init__(self, handle, byte_order_mark: bool = True):
        self.handle = handle
        self.buffer = io.StringIO()
        self.minimal = csv.writer(self.buffer, dialect="excel")   # comma, double quotes, CRLF: what Excel expects
        self.quoted = csv.writer(self.buffer, dialect="excel", quoting=csv.QUOTE_NONNUMERIC)
        if byte_order_mark:
            handle.write(b"\xef\xbb\xbf")   # the byte-order mark Excel needs to read UTF-8

    def write_rows(self, rows) -> None:
        self.minimal.writerows(rows)
        if ";" in self.buffer.getvalue():   # rare: write the batch again, row by row
            self.buffer.seek(0)
            self.buffer.truncate()
            for row in rows:
                semicolon = any(isinstance(value, str) and ";" in value for value in row)
                (self.quoted if semicolon else self.minimal).writerow(row)
        self.handle.write(utf8_for_export(self.buffer.getvalue()))
        self.buffer.seek(0)
        self.buffer.truncate()

    def write_lines(self, text: str, numbers: frozenset[int] = frozenset()) -> None:
        """CSV lines made elsewhere (by the training room's server), written the same way: a batch with a
        semicolon in it is read back into rows and written again by the rule above, the fields at `numbers`
        read back as the numbers they were written from (the rule quotes text, never numbers)."""
        if ";" in text:
            rows = list(csv.reader(io.StringIO(text, newline="")))
            if numbers:
                rows = [[_number(value) if index in numbers else value for index, value in enumerate(row)]
                        for row in rows]
            self.write_rows(rows)
            return
        self.handle.write(utf8_for_export(text))

    def finish(self) -> None:
        self.handle.flush()
        os.fsync(self.handle.fileno())


def _number(text: str):
    """A number as csv.writer wrote it (an int, or a float's repr), back as that number."""
    try:
        return int(text)
    except ValueError:
        return float(text)


_ANSWER_NUMBERS = frozenset(index for index, (_, _, kind) in enumerate(_ANSWER_VALUES) if kind == _NUMBER)


class _CsvLines:
    """What server_answers.write_csv writes its answers' lines to, in front of a _CsvFile: lines of text, by
    the _CsvFile's rules, and the finished bytes of lines written beforehand into a part (`part`)."""

    def __init__(self, out: _CsvFile):
        self.out = out

    def write(self, text: str) -> None:
        self.out.write_lines(text, _ANSWER_NUMBERS)

    def part(self, handle: IO[bytes]) -> _CsvLines:
        """Lines written the same way into `handle`, a binary file, whose bytes write_finished copies here."""
        return _CsvLines(_CsvFile(handle, byte_order_mark=False))

    def write_finished(self, data: bytes) -> None:
        self.out.handle.write(data)


def export_csv(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
               cancel: Cancel | None = None) -> list[Path]:
    """Write the answers to `path` and the session summaries next to it; returns both paths. The answers
    stream from the database to the file (millions of rows never sit in memory); both files are written
    under temporary names (locked while written, see transfer.remove_stale_parts) and renamed only when both
    are complete."""
    f = f or RecordFilter()
    room = records.dialect.name == "postgresql"
    in_c = not room and _c_road_open(records)
    # The session summaries and their file (a quarter of a large export's time) are made meanwhile where the
    # answers leave Python's thread free: the C road writes them, the training room's server makes their lines.
    # Left until after the answers, the file alone took the room's export three seconds.
    pending = _sessions_in_background(records, f) if in_c or room else None
    sessions = [] if pending else _sessions(records, f)
    counted = count_sessions(records, f) if pending else len(sessions)
    answers_counted = count_answers(records, f)
    ticker = _Ticker(answers_counted + counted, progress, cancel)
    targets = [Path(path), sessions_csv_path(path)]
    targets[0].parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(targets[0].parent)
    temporaries = [(_temporary(target), target) for target in targets]
    try:
        with open(temporaries[0][0], "wb") as handle:
            hold_part(handle)
            out = _CsvFile(handle)
            out.write_rows([ANSWER_COLUMNS])
            if records.dialect.name == "postgresql":    # the training room's server: server_answers.py
                from .server_answers import write_csv

                write_csv(records, f, _CsvLines(out), ticker.advance)
            elif not (in_c and _write_answers_in_c(records, f, out, ticker.advance)):
                for rows in _csv_answer_batches(records, f):
                    out.write_rows(rows)
                    ticker.advance(len(rows))
            ticker.check()
            out.finish()
        # The totals become what was written: a desk may have recorded an answer or a session since they were
        # counted.
        ticker.total += ticker.done - answers_counted
        if pending:
            sessions_written, sessions_file = pending.result()
            ticker.total += sessions_written - counted
        else:
            sessions_written, sessions_file = len(sessions), _sessions_csv(sessions)
        with open(temporaries[1][0], "wb") as handle:
            hold_part(handle)
            handle.write(sessions_file)
            ticker.advance(sessions_written)
            ticker.check()
            handle.flush()
            os.fsync(handle.fileno())
        return _replace_all(temporaries)
    except BaseException:
        for temporary, _ in temporaries:
            temporary.unlink(missing_ok=True)
        raise


# ------------------------------------------------------------------------------------------ XLSX

EXCEL_MAX_ROWS = 1_048_576      # per sheet, header included: more answers go on "Answers 2", "Answers 3", ...
# A sheet also ends once its XML reaches this size, so that no part of the zip needs Zip64 (which the
# Python zipfile module would need to know in advance, and which older spreadsheet programs refuse).
SHEET_XML_LIMIT = 1 << 30
_EXCEL_EPOCH = datetime(1899, 12, 30)
# Style indexes in styles.xml's cellXfs.
_PLAIN, _QUOTED, _DATE, _HEADER = 0, 1, 2, 3
# The characters XML 1.0 forbids are replaced as each batch is written (cells.utf8_for_export).

_MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def _column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# The XLSX answers: SQLite gives each answer's own values as text (numbers and times as it prints them, times as
# Excel serial days of the local time) and its session's row id; the session's five cells (session id,
# trainee, game, drill, mode) are made once per session in Python. Answer cells carry no "r" reference (it is
# optional in SpreadsheetML: a cell without one is the next column; Excel, LibreOffice and openpyxl read it
# so), which lets one %-template make a whole row; rows keep their numbers.
_SESSION_COLUMNS_IN_ANSWERS = ("session_id", "trainee", "game", "drill", "mode")
_XLSX_ANSWER_COLUMNS = tuple(column for column in ANSWER_COLUMNS if column not in _SESSION_COLUMNS_IN_ANSWERS)


def _xlsx_answer_columns() -> list[str]:
    values = {column: (sql, kind) for column, sql, kind in _ANSWER_VALUES}
    columns = []
    for column in _XLSX_ANSWER_COLUMNS:
        if column == "item_number":
            columns.append("CAST(s.id AS TEXT)")     # in the place of the session's cells
        sql, kind = values[column]
        if kind == _TEXT:
            columns.append(f"coalesce({sql}, '')")
        elif kind == _MOMENT:
            # unixepoch(..., 'localtime') counts whole seconds of the local wall clock (the fraction dropped,
            # as in the CSV); 25569 is 1970-01-01 as an Excel serial day. Written as whole days and 15
            # decimals of the day: SQLite prints a real with 15 significant digits, which would put a time
            # up to 4 microseconds off, enough for a program that truncates to show the second before.
            seconds = f"unixepoch({sql}, 'localtime')"
            columns.append(f"CASE WHEN {seconds} >= 0 THEN ({seconds} / 86400 + 25569) || "
                           f"substr(printf('%.15f', ({seconds} % 86400) / 86400.0), 2) "
                           f"ELSE CAST({seconds} / 86400.0 + 25569 AS TEXT) END")
        else:
            columns.append(f"CAST({sql} AS TEXT)")
    return columns


def _xlsx_answer_template() -> str:
    """The %-template of an answer row: (row number, answer id, the session's cells, the answer's other values)."""
    kinds = {column: kind for column, _, kind in _ANSWER_VALUES}
    cells = []
    for column in ANSWER_COLUMNS:
        if column == _SESSION_COLUMNS_IN_ANSWERS[0]:
            cells.append("%s")
        elif column in _SESSION_COLUMNS_IN_ANSWERS:
            continue
        elif kinds[column] == _TEXT:
            cells.append(_PLAIN_TEXT_CELL % "%s")
        elif kinds[column] == _MOMENT:
            cells.append(f'<c s="{_DATE}"><v>%s</v></c>')
        else:
            cells.append("<c><v>%s</v></c>")
    return '<row r="%d">' + "".join(cells) + "</row>"


# Text cells: always xml:space="preserve" (Excel trims leading and trailing spaces without it, and marking
# every cell is cheaper than looking for them); an empty one becomes an empty cell afterwards.
_PLAIN_TEXT_CELL = '<c t="inlineStr"><is><t xml:space="preserve">%s</t></is></c>'
_EMPTY_TEXT_CELL = _PLAIN_TEXT_CELL % ""
# A value that needs more than the plain template: it holds & < > (to escape) or starts with a formula
# character or a control character (quote-prefix style). Searched in all of a batch's values at once,
# joined with a unit separator, which is itself a control character and so never a value's own.
_SEPARATOR = "\x1f"
_FORMULA_AFTER_SEPARATOR = re.compile("\x1f[=+\\-@\x00-\x1e]")  # (\x1f\x1f is just an empty value)


def _xlsx_text_cell(text: str) -> str:
    """A text cell without reference, for any text."""
    if not text:
        return "<c/>"
    style = f' s="{_QUOTED}"' if is_formula_like(text) or text[:1] < " " else ""
    return f'<c t="inlineStr"{style}><is><t xml:space="preserve">{_xml_escape(text)}</t></is></c>'


class _AnswerRows:
    """Turns SQLite's answer rows into <row> texts."""

    def __init__(self, records, f: RecordFilter):
        self.template = _xlsx_answer_template()
        kinds = {column: kind for column, _, kind in _ANSWER_VALUES}
        self.kinds = [kinds[column] for column in _XLSX_ANSWER_COLUMNS]
        self.kinds.insert(1, "session")
        # The sessions the answers can belong to, read at once (a few per trainee and day), cells made on use.
        everywhen = RecordFilter(None, None, f.game, f.drill, f.mode, f.trainees, f.include_archived)
        where, parameters = where_clause(records, everywhen, None, "s.started_at")
        self.session_values = {str(r[0]): r[1:] for r in records.read(
            "SELECT s.id, s.uuid, t.name, s.game, s.drill, s.mode FROM sessions s JOIN trainees t "
            "ON s.trainee_id = t.id" + where, parameters)}
        self.sessions: dict[str, str] = {}

    def session_cells(self, session_id: str) -> str:
        cells = self.sessions.get(session_id)
        if cells is None:
            cells = self.sessions[session_id] = "".join(_xlsx_text_cell(value or "")
                                                        for value in self.session_values[session_id])
        return cells

    def texts(self, rows, first: int) -> str:
        """The rows numbered from `first`, as one text."""
        joined = _SEPARATOR + _SEPARATOR.join([value for row in rows for value in row])
        if "&" in joined or "<" in joined or ">" in joined or _FORMULA_AFTER_SEPARATOR.search(joined):
            return "".join(self._careful(number, row) for number, row in enumerate(rows, start=first))
        template, session_cells = self.template, self.session_cells
        text = "".join([template % ((number, row[0], session_cells(row[1])) + row[2:])
                        for number, row in enumerate(rows, start=first)])
        return text.replace(_EMPTY_TEXT_CELL, "<c/>")

    def _careful(self, number: int, row) -> str:
        cells = [self.session_cells(value) if kind == "session" else
                 _xlsx_text_cell(value) if kind == _TEXT else
                 f'<c s="{_DATE}"><v>{value}</v></c>' if kind == _MOMENT else f"<c><v>{value}</v></c>"
                 for value, kind in zip(row, self.kinds)]
        return f'<row r="{number}">' + "".join(cells) + "</row>"


def _xlsx_cell(value) -> str:
    """A cell (without reference) of a row made in Python: the sessions sheet and the headers."""
    if value is None or value == "":
        return "<c/>"
    if isinstance(value, str):
        return _xlsx_text_cell(value)
    if isinstance(value, datetime):
        return f'<c s="{_DATE}"><v>{(value - _EXCEL_EPOCH).total_seconds() / 86400!r}</v></c>'
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return f"<c><v>{value!r}</v></c>"
    return _xlsx_text_cell(str(value))


def _xlsx_row(number: int, values, style: int = _PLAIN) -> str:
    cells = "".join([_xlsx_cell(value) for value in values])
    if style != _PLAIN:
        cells = cells.replace("<c ", f'<c s="{style}" ')
    return f'<row r="{number}">{cells}</row>'


def _xlsx_rows(rows, first: int) -> str:
    return "".join([_xlsx_row(number, row) for number, row in enumerate(rows, start=first)])


_STYLES = (_XML_HEAD + f'<styleSheet xmlns="{_MAIN_NS}">'
           '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd h:mm:ss"/></numFmts>'
           '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
           '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
           '<fills count="2"><fill><patternFill patternType="none"/></fill>'
           '<fill><patternFill patternType="gray125"/></fill></fills>'
           '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
           '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
           '<cellXfs count="4">'
           '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
           '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>'
           '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
           '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
           '</cellXfs>'
           '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
           '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium9" '
           'defaultPivotStyle="PivotStyleLight16"/></styleSheet>')


class _Workbook:
    """An XLSX file written as a stream: a zip of SpreadsheetML parts, each sheet's rows written as they come.
    Sheets hold inline strings (no shared-string table to keep in memory) and one styles part with the
    quote-prefix style for text that would read as a formula."""

    def __init__(self, handle):
        self.archive = zipfile.ZipFile(handle, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1)
        self.sheets: list[tuple[str, str]] = []          # (title, filter range)
        self.stream: IO[bytes] | None = None

    def start_sheet(self, title: str, columns) -> None:
        self.sheets.append((title, ""))
        self.columns = len(columns)
        self.rows = 1
        self.stream = self.archive.open(f"xl/worksheets/sheet{len(self.sheets)}.xml", "w")
        widths = "".join(f'<col min="{i}" max="{i}" width="{max(10, min(40, len(name) + 4))}" customWidth="1"/>'
                         for i, name in enumerate(columns, start=1))
        self.stream.write((
            _XML_HEAD + f'<worksheet xmlns="{_MAIN_NS}" xmlns:r="{_REL_NS}">'
            '<sheetViews><sheetView workbookViewId="0"' + (' tabSelected="1"' if len(self.sheets) == 1 else "")
            + '><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
            f'<sheetFormatPr defaultRowHeight="15"/><cols>{widths}</cols><sheetData>'
            + _xlsx_row(1, columns, _HEADER)).encode())
        self.written = 0

    def _open_stream(self) -> IO[bytes]:
        if self.stream is None:
            raise RuntimeError("no sheet is being written (start_sheet first)")
        return self.stream

    def write(self, text: str) -> None:
        data = utf8_for_export(text)
        self._open_stream().write(data)
        self.written += len(data)

    def finish_sheet(self) -> None:
        ref = f"A1:{_column_letter(self.columns - 1)}{self.rows}"
        self.sheets[-1] = (self.sheets[-1][0], ref)
        stream = self._open_stream()
        stream.write(f'</sheetData><autoFilter ref="{ref}"/></worksheet>'.encode())
        stream.close()
        self.stream = None

    def close(self) -> None:
        """Write the workbook, its relationships, the styles and the content types, then the zip directory."""
        sheets = "".join(f'<sheet name="{_xml_escape(title)}" sheetId="{i}" r:id="rId{i}"/>'
                         for i, (title, _) in enumerate(self.sheets, start=1))
        names = "".join(
            f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
            f"{_xml_escape(self._quoted(title))}!{self._absolute(ref)}</definedName>"
            for i, (title, ref) in enumerate(self.sheets))
        parts = {
            "xl/workbook.xml": _XML_HEAD + f'<workbook xmlns="{_MAIN_NS}" xmlns:r="{_REL_NS}">'
            f'<bookViews><workbookView activeTab="0"/></bookViews><sheets>{sheets}</sheets>'
            f'<definedNames>{names}</definedNames></workbook>',
            "xl/_rels/workbook.xml.rels": _XML_HEAD + '<Relationships xmlns="http://schemas.openxmlformats.org/'
            'package/2006/relationships">' + "".join(
                f'<Relationship Id="rId{i}" Type="{_REL_NS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                for i in range(1, len(self.sheets) + 1))
            + f'<Relationship Id="rId{len(self.sheets) + 1}" Type="{_REL_NS}/styles" Target="styles.xml"/>'
            '</Relationships>',
            "xl/styles.xml": _STYLES,
            "docProps/app.xml": _XML_HEAD + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/'
            '2006/extended-properties"><Application>Dealer Drill</Application></Properties>',
            "_rels/.rels": _XML_HEAD + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            f'relationships"><Relationship Id="rId1" Type="{_REL_NS}/officeDocument" Target="xl/workbook.xml"/>'
            f'<Relationship Id="rId2" Type="{_REL_NS}/extended-properties" Target="docProps/app.xml"/>'
            '</Relationships>',
            "[Content_Types].xml": _XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sheet.main+xml"/>' + "".join(
                f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-'
                'officedocument.spreadsheetml.worksheet+xml"/>' for i in range(1, len(self.sheets) + 1))
            + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.styles+xml"/><Override PartName="/docProps/app.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
        }
        for name, text in parts.items():
            self.archive.writestr(name, text.encode())
        self.archive.close()

    def abandon(self) -> None:
        """Stop after a failure or a cancel: the caller removes the temporary file."""
        # Each step on its own: closing the sheet fails too on a full disk, and the archive must still be
        # closed now, or the zip module tries again when it is collected and prints a traceback.
        try:
            if self.stream is not None:
                self.stream.close()
        except Exception:
            pass
        try:
            self.archive.close()
        except Exception:
            pass

    def part(self, title: str) -> int:
        """How many sheets of `title` ("Answers", "Answers 2", ...) there are so far."""
        return sum(1 for name, _ in self.sheets if name == title or name.startswith(title + " "))

    @staticmethod
    def _quoted(title: str) -> str:
        return "'" + title.replace("'", "''") + "'"

    @staticmethod
    def _absolute(ref: str) -> str:
        first, last = ref.split(":")
        return ":".join("$" + "".join(c for c in part if c.isalpha()) + "$" + "".join(c for c in part if c.isdigit())
                        for part in (first, last))


def export_xlsx(records, path: str | Path, f: RecordFilter | None = None, progress: Progress | None = None,
                cancel: Cancel | None = None) -> list[Path]:
    """One workbook, sheets "Answers" (continued on "Answers 2"... past Excel's row limit) and "Sessions";
    returns [path]. The answers stream from SQLite into the zip, so memory stays flat."""
    f = f or RecordFilter()
    sessions = _sessions(records, f)
    ticker = _Ticker(count_answers(records, f) + len(sessions), progress, cancel)
    if records.dialect.name == "postgresql":      # the training room's server: server_answers.py
        from .server_answers import xlsx_batches

        batches = xlsx_batches(records, f)
    else:
        where, parameters, order = streaming_order(records, f)
        _add_answer_functions(records)
        batches = records.stream(f"SELECT {', '.join(_xlsx_answer_columns())}{ANSWERS_FROM}{where}{order}",
                                 parameters)

    def put(book: _Workbook, title: str, columns, rows, texts) -> None:
        """Rows onto the sheet `title`, continued on "title 2"... at Excel's row limit; texts(part, first row
        number) makes their XML, a thousand rows at a time."""
        position = 0
        while position < len(rows):
            if book.rows == EXCEL_MAX_ROWS or book.written >= SHEET_XML_LIMIT:
                book.finish_sheet()
                book.start_sheet(f"{title} {book.part(title) + 1}", columns)
            take = min(len(rows) - position, EXCEL_MAX_ROWS - book.rows, 1000)
            book.write(texts(rows[position:position + take], book.rows + 1))
            book.rows += take
            position += take

    def write(handle) -> None:
        book = _Workbook(handle)
        try:
            book.start_sheet("Answers", ANSWER_COLUMNS)
            answers = _AnswerRows(records, f)
            for rows in batches:
                put(book, "Answers", ANSWER_COLUMNS, rows, answers.texts)
                ticker.advance(len(rows))
            book.finish_sheet()
            book.start_sheet("Sessions", SESSION_COLUMNS)
            for start in range(0, len(sessions), 5000):
                chunk = sessions[start:start + 5000]
                put(book, "Sessions", SESSION_COLUMNS, chunk, _xlsx_rows)
                ticker.advance(len(chunk))
            book.finish_sheet()
            ticker.check()
            book.close()
        except BaseException:
            book.abandon()
            raise

    return [write_atomically(path, write, binary=True)]


class _Ticker:
    """Calls progress(done, total) as batches are written and raises ExportCancelled when cancel() says so."""

    def __init__(self, total: int, progress: Progress | None, cancel: Cancel | None):
        self.total, self.done = total, 0
        self.progress, self.cancel = progress, cancel
        if progress:
            progress(0, total)

    def advance(self, count: int) -> None:
        self.check()
        self.done += count
        if self.progress:
            self.progress(self.done, self.total)

    def check(self) -> None:
        if self.cancel and self.cancel():
            raise ExportCancelled("export cancelled")
