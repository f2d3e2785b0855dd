"""The answers of a CSV or XLSX export read from the training room's PostgreSQL server. Qt-free.

tabular.py has SQLite format every answer value (its printf, json_extract, localtime and Python functions
registered on the connection). A server cannot call back into Python, and knows nothing of the desk's time
zone, so here the server does what it can in SQL (the text values, an item's question from its JSON, the
apostrophe before text that could start a formula, the seconds as Python rounds and prints them) and Python
the rest: the local time of each answer (the UTC offset looked up once per minute, local seconds being UTC
seconds in every zone since 1972) and the rare answer the server leaves to Python whole. The rows come out
exactly as tabular.py's: the same columns, the same texts.

Measured on two million answers (issue 14): the server's work is most of the time (about 25 s of one core),
Python's about 9 s beside it. Reading through COPY instead of a cursor saved the server nothing and cost
Python 7 s more (psycopg hands COPY over a row at a time in Python, a cursor's batch in C), so a cursor it is;
a large export is read as two time ranges on two connections, which lets the server use two cores. The whole
export, its sessions file included, took about 28 CPU s of the server's processes and 14 s of Python's.
Measured and left (CPU of 2 M answers): the session's part of each line made once per session (a memoized
LATERAL join) cost the server 1 s more than it saved; psycopg handing over bytes instead of text saved Python
0.4 s of 4.4; one regular expression for _csv_field's four strpos cost the server 1.3 s more.
"""
from __future__ import annotations

import io
import tempfile
import threading
from datetime import UTC, datetime, timedelta

from dealerdrill.records.models import RecordFilter
from dealerdrill.records.queries import ANSWERS_FROM, streaming_order

from .cells import neutralise
from .read_ahead import read_ahead

# The question: the item's "text" when the server can read it plainly; NULL (Python decides) otherwise.
_QUESTION = ("CASE WHEN strpos(a.item, '\\u') > 0 THEN NULL WHEN a.item::json -> 'text' IS NULL THEN '' "
             "WHEN json_typeof(a.item::json -> 'text') = 'string' THEN a.item::json ->> 'text' ELSE NULL END")
_ANSWER = "CASE WHEN strpos(a.answer, '\\u') > 0 THEN NULL ELSE a.answer END"
_FORMULA_CODES = "(61, 43, 45, 64, 9, 13)"


def _neutralised(sql: str) -> str:
    return f"CASE WHEN ascii({sql}) IN {_FORMULA_CODES} THEN '''' || {sql} ELSE {sql} END"


# ANSWER_COLUMNS order (tabular.py), then the raw item and answer where Python must decide.
_COLUMNS = (
    _neutralised("a.uuid"), _neutralised("s.uuid"), _neutralised("t.name"), _neutralised("s.game"),
    _neutralised("s.drill"), _neutralised("s.mode"), "a.seq", "a.answered_at", _neutralised("a.family"),
    _neutralised(_QUESTION), _neutralised(_ANSWER), _neutralised("a.given"), _neutralised("a.expected"),
    "a.correct", _neutralised("coalesce(a.category, '')"), _neutralised("a.rule"), "a.seconds", "a.timed_out",
    f"CASE WHEN ({_QUESTION}) IS NULL THEN a.item END", f"CASE WHEN ({_ANSWER}) IS NULL THEN a.answer END",
)
_QUESTION_AT, _ANSWER_AT, _TIME_AT, _SECONDS_AT = 9, 10, 7, 16
_EXCEL_EPOCH = datetime(1899, 12, 30)


class _LocalTimes:
    """A stored UTC time ("2026-03-02T09:00:05.123456Z") as the desk's local wall-clock time."""

    def __init__(self):
        self.minutes: dict[str, datetime] = {}
        self.minute_texts = _MinuteTexts(self)

    def minute(self, text: str) -> datetime:
        key = text[:16]
        local = self.minutes.get(key)
        if local is None:
            # fromisoformat, not strptime: an export meets a new minute every few answers, and strptime
            # (Python code) cost more than all the rest of the local times.
            moment = datetime.fromisoformat(key).replace(tzinfo=UTC)
            local = self.minutes[key] = moment.astimezone().replace(tzinfo=None)
        return local

    def text(self, stored: str) -> str:
        """'YYYY-MM-DD HH:MM:SS', as tabular.py's CSV shows times."""
        return self.minute_text(stored[:16]) + stored[16:19]

    def minute_text(self, key: str) -> str:
        """The local 'YYYY-MM-DD HH:MM' of a stored time's first 16 characters, worked out once a minute."""
        return self.minute_texts[key]

    def excel(self, stored: str) -> str:
        """Excel serial days of the local time, whole seconds, as tabular.py writes them in XLSX."""
        seconds = (self.minute(stored) - _EXCEL_EPOCH) // timedelta(seconds=1) + int(stored[17:19])
        days, rest = divmod(seconds, 86400)
        return f"{days}" + f"{rest / 86400:.15f}"[1:]


class _MinuteTexts(dict):
    """Local minute texts by the stored time's first 16 characters, each worked out on its first look-up: a
    plain look-up (minute_texts[key]) per answer, Python code only for a new minute."""

    def __init__(self, times: _LocalTimes):
        super().__init__()
        self.times = times

    def __missing__(self, key: str) -> str:
        text = self[key] = f"{self.times.minute(key):%Y-%m-%d %H:%M}"
        return text


def _batches(records, f: RecordFilter, batch: int = 5000):
    where, parameters, order = streaming_order(records, f)
    return records.stream(f"SELECT {', '.join(_COLUMNS)}{ANSWERS_FROM}{where}{order}", parameters, batch)


# --- seconds as Python writes round(x, 3) ---------------------------------------------------------------------
# Python rounds the exact binary value to the nearest millisecond (half to even only on an exact tie) and prints
# the nearest double to that as its shortest exact text. x * 1000 in floating point is itself rounded, so when
# it lands exactly on a half the true product may lie either side (0.0005 is a little more than a half
# millisecond, 1.0005 a little less): then the product's rounding error, worked out exactly by Dekker's
# splitting (134217729 = 2^27 + 1), says which way. At 2^43 s and beyond a double's spacing exceeds a millisecond
# and round(x, 3) is x itself. The millisecond count n is below 2^53, so n / 1000 is the nearest double, as
# Python's. -(-floor(t) - 1) is floor(t) + 1 keeping the sign of a negative zero, as Python does.
def _rounded_seconds(x: str) -> str:
    t = f"({x} * 1000)"
    split = f"(134217729 * {x} - (134217729 * {x} - {x}))"
    error = f"(({split} * 1000 - {t}) + ({x} - {split}) * 1000)"
    millis = (f"CASE WHEN {t} - floor({t}) = 0.5::float8 THEN CASE WHEN {error} > 0 THEN -(-floor({t}) - 1) "
              f"WHEN {error} < 0 THEN floor({t}) ELSE round({t}) END ELSE round({t}) END")
    return f"CASE WHEN abs({x}) >= 8796093022208::float8 THEN {x} ELSE ({millis}) / 1000 END"


# The rounded seconds `r` as repr() writes them (the session's extra_float_digits = 1 gives the shortest exact
# digits): "0.0" and "-0.0", a whole number with ".0", in plain digits below 1e16. NULL for what the server
# would write otherwise (1e16 and more, infinities, NaN): Python writes that answer.
_SECONDS_TEXT = ("CASE WHEN r = 0 THEN CASE WHEN r::text = '-0' THEN '-0.0' ELSE '0.0' END "
                 "WHEN r <> trunc(r) AND abs(r) < 1e15::float8 THEN r::text "
                 "WHEN r = trunc(r) AND abs(r) < 1e16::float8 THEN r::bigint::text || '.0' "
                 "WHEN abs(r) < 1e16::float8 THEN r::text::numeric::text END")

# Each line's fields but its time (7), question (9), answer (10) and numbers (6, 13, 16, 17) are one text the
# server looks at once, joined by the unit separator (U+001F) rather than a comma: one regular expression then
# finds both a comma of their own and a formula start (first, or after a separator); without either, or a quote,
# CR or LF, none needs quoting or an apostrophe. (A separator inside a field only makes the check stricter: a
# formula character after it sends the answer to Python.) Joined by a comma, the fields' own commas could only be
# told by counting them (in EXPLAIN ANALYZE of the query alone, 2 s of one backend's 22 for 2 M answers; over a
# whole export the server's CPU moved less than its noise, about 1 s); one
# regular expression had already cost half what a strpos for each character did. (concat_ws leaves out a NULL,
# here as in the line itself: none of these columns can hold one, category is coalesced.)
# The question and answer, which often hold commas and quotes, are quoted field by field.
_CHECKED = (0, 1, 2, 3, 4, 5, 8, 11, 12, 14, 15)
_PLAIN_LINE = "checked !~ '[\",\\r\\n]|(^|\\x1f)[-=+@\\t]'"


def csv_lines_query(where: str, order: str) -> str:
    """SELECT (head, minute, rest) for each selected answer, oldest first: `head` the line up to its time (its
    comma included), `minute` the stored time's first 16 characters, `rest` the stored time's next three
    (":SS") followed by the rest of the line (CRLF included), so the line is head + local minute + rest, as
    _LocalTimes.text makes the time from the stored one. (Three columns, not the time's key sliced out of one
    text in Python: the slices and their copies were a third of Python's time for each line.) For an answer
    the server leaves to Python (text that needs quoting or an apostrophe outside the question and answer, a
    question or answer escaped in JSON, seconds beyond plain digits), head and minute are NULL and rest the
    answer's row id.

    Levels (OFFSET 0 keeps the server from folding one into the next, which would copy every expression into
    each of its uses): the answers' values; the question, the seconds' text and the checked text; whether the
    line is plain, and the question and answer with their apostrophe; the line."""
    values = ("a.uuid", "s.uuid", "t.name", "s.game", "s.drill", "s.mode", "a.seq::text", "a.answered_at",
              "a.family", None, "a.answer", "a.given", "a.expected", "a.correct::text",
              "coalesce(a.category, '')", "a.rule", None, "a.timed_out::text")
    stored = [f"v{i}" for i, v in enumerate(values) if v is not None]
    inner = (f"SELECT a.id AS answer_id, {', '.join(f'{v} AS v{i}' for i, v in enumerate(values) if v)}, "
             f"{_rounded_seconds('a.seconds')} AS r, strpos(a.item, '\\u') = 0 AS item_plain, "
             f"CASE WHEN strpos(a.item, '\\u') = 0 THEN a.item::json -> 'text' END AS text_json, "
             f"strpos(a.answer, '\\u') = 0 AS answer_plain{ANSWERS_FROM}{where}{order} OFFSET 0")
    # The item's "text" is taken out of its JSON once: each -> or ->> on json reads the whole item again.
    question = ("CASE WHEN NOT item_plain THEN NULL WHEN text_json IS NULL THEN '' "
                "WHEN json_typeof(text_json) = 'string' THEN text_json #>> '{}' END")
    with_question = (f"SELECT answer_id, {', '.join(stored)}, {question} AS v9, {_SECONDS_TEXT} AS v16, "
                     f"answer_plain, concat_ws(chr(31), {', '.join(f'v{i}' for i in _CHECKED)}) AS checked "
                     f"FROM ({inner}) AS answer_values OFFSET 0")
    every = [f"v{i}" for i in range(len(values))]
    plain = (f"SELECT answer_id, {', '.join(every)}, v9 IS NOT NULL AND answer_plain AND v16 IS NOT NULL "
             f"AND {_PLAIN_LINE} AS plain, {_neutralised('v9')} AS question, {_neutralised('v10')} AS answer "
             f"FROM ({with_question}) AS answer_texts OFFSET 0")
    # The empty last field gives the head its comma; E'\\r\\n' is one concatenation where chr(13) || chr(10) was two.
    head = f"concat_ws(',', {', '.join(every[:7])}, '')"
    rest = (f"concat_ws(',', substr(v7, 17, 3), v8, {_csv_field('question')}, {_csv_field('answer')}, "
            f"{', '.join(every[11:])}) || E'\\r\\n'")
    return (f"SELECT CASE WHEN plain THEN {head} END, CASE WHEN plain THEN left(v7, 16) END, "
            f"CASE WHEN plain THEN {rest} ELSE answer_id::text END FROM ({plain}) AS line_values")


def _csv_field(sql: str) -> str:
    """A text value as Python's csv module (dialect "excel") writes it: quoted when it holds a comma, a quote,
    CR or LF, its quotes doubled."""
    return (f"CASE WHEN strpos({sql}, ',') > 0 OR strpos({sql}, '\"') > 0 OR strpos({sql}, chr(13)) > 0 "
            f"OR strpos({sql}, chr(10)) > 0 THEN '\"' || replace({sql}, '\"', '\"\"') || '\"' ELSE {sql} END")


class _Lines:
    """The CSV text of batches of (head, minute, rest) rows of csv_lines_query: the local minute put in each
    plain line; the answers left to Python read again, a batch's together, and written by csv.writer."""

    def __init__(self, records):
        import csv

        self.records = records
        self.times = _LocalTimes()
        self.buffer = io.StringIO()
        self.writer = csv.writer(self.buffer, dialect="excel")

    def text(self, rows) -> str:
        # A dictionary look-up per answer, not a call: a call per answer cost as much as the rest of the loop.
        minute_texts = self.times.minute_texts
        try:
            return "".join([head + minute_texts[minute] + rest for head, minute, rest in rows])
        except (TypeError, ValueError):
            # A head of None (its minute None too): the batch has an answer left to Python. The batch is done
            # again row by row, where a time that is truly unreadable still raises.
            return self._with_python_rows(rows)

    def _with_python_rows(self, rows) -> str:
        lines: list[str] = []
        left: list[tuple[int, int]] = []
        for head, minute, rest in rows:
            if head is None:
                left.append((len(lines), int(rest)))
                lines.append("")
            else:
                lines.append(head + self.times.minute_text(minute) + rest)
        written = {}
        for answer_id, row in _python_rows(self.records, [answer_id for _, answer_id in left]):
            self.writer.writerow(row)
            written[answer_id] = self.buffer.getvalue()
            self.buffer.seek(0)
            self.buffer.truncate()
        for place, answer_id in left:
            lines[place] = written[answer_id]
        return "".join(lines)


def _split_point(records) -> str | None:
    """A stored time halfway between the first and the last answer's, or None when there are too few answers
    to be worth two connections. Any text splits the answers' time order in two; halfway in time is about
    halfway in answers for a room in steady use, and costs two index look-ups where counting to the middle
    answer read half the index (seconds for millions of answers, near the server's limit for a statement)."""
    # The planner's estimate when it says "many"; counted when it says few or nothing (never analysed, or not
    # since the answers came), which is quick for the few answers it takes.
    estimate = records.read("SELECT reltuples FROM pg_class WHERE oid = 'answers'::regclass")[0][0]
    if estimate < _SPLIT_FROM and records.read("SELECT count(*) FROM answers")[0][0] < _SPLIT_FROM:
        return None
    first, last = records.read("SELECT min(answered_at), max(answered_at) FROM answers")[0]
    try:
        earliest, latest = datetime.fromisoformat(first), datetime.fromisoformat(last)
        middle = earliest + (latest - earliest) / 2
    except (TypeError, ValueError):          # no answers, or times not in the stored form
        return None
    return middle.strftime("%Y-%m-%dT%H:%M:%S.%fZ") if first < last else None


_SPLIT_FROM = 100_000
_BATCH = 20_000


def _and(where: str, clause: str) -> str:
    return f"{where} AND {clause}" if where else f" WHERE {clause}"


def write_csv(records, f: RecordFilter, out, advance) -> None:
    """The answers' CSV lines written to `out` (after the header), as tabular.export_csv writes them with
    csv.writer: the server makes each line but its local time (csv_lines_query); an answer the server leaves
    to Python is written from its fields, as csv_batches writes it. advance(n) after each batch. `out` is
    tabular._CsvLines: write(text) takes lines, part(binary file) a writer of lines into another file, and
    write_finished(bytes) what such a part holds.

    A large selection in time order is read as two halves at once, on two connections (the server then works
    on two cores): the first half written as it comes, the second made into a temporary file meanwhile, its
    finished bytes copied after the first."""
    where, parameters, order = streaming_order(records, f)
    # Each half holds a connection while it reads, and another for the answers it leaves to Python.
    halves = order == " ORDER BY a.answered_at, a.id" and records.connections >= 4
    split = _split_point(records) if halves else None
    if split is None:
        _write_range(records, csv_lines_query(where, order), parameters, out.write, advance)
        return
    first = csv_lines_query(_and(where, "a.answered_at < ?"), order)
    second = csv_lines_query(_and(where, "a.answered_at >= ?"), order)
    with _SecondHalf(records, second, [*parameters, split], out) as later:
        _write_range(records, first, [*parameters, split], out.write, advance)
        later.copy_to(out.write_finished, advance)


def _write_range(records, query: str, parameters: list, write, advance) -> None:
    lines = _Lines(records)
    # The server makes the next batch while this one is written (read_ahead.py).
    for rows in read_ahead(lambda: records.stream(query, parameters, _BATCH)):
        write(lines.text(rows))
        advance(len(rows))


class _SecondHalf:
    """The second half's lines, made in a thread of their own into a temporary file while the first half is
    written, then copied after it. The file holds them finished (as `out` writes them, by out.part), so the
    copy is of bytes, neither decoded nor looked at again. Stopped (its reading left off) when the export
    stops first."""

    def __init__(self, records, query: str, parameters: list, out):
        self.records, self.query, self.parameters = records, query, parameters
        self.file = tempfile.TemporaryFile(prefix="dealerdrill-export-")
        self.out = out.part(self.file)
        self.batches: list[tuple[int, int]] = []        # (bytes, rows) of each batch in the file
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._make, name="dealerdrill-export-second-half", daemon=True)

    def __enter__(self) -> _SecondHalf:
        self.thread.start()
        return self

    def _make(self) -> None:
        try:
            lines = _Lines(self.records)
            written = 0
            # Read ahead as the first half is: the server makes the next batch while this one is written.
            for rows in read_ahead(lambda: self.records.stream(self.query, self.parameters, _BATCH)):
                if self.stop.is_set():
                    return
                self.out.write(lines.text(rows))
                end = self.file.tell()
                self.batches.append((end - written, len(rows)))
                written = end
        except BaseException as error:          # raised in the export's own thread (copy_to)
            self.error = error

    def copy_to(self, write_finished, advance) -> None:
        self.thread.join()
        if self.error is not None:
            raise self.error
        self.file.seek(0)
        for size, count in self.batches:
            write_finished(self.file.read(size))
            advance(count)

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()
        self.file.close()


def _python_rows(records, answer_ids: list[int]):
    """(answer id, CSV row) of these answers, as csv_batches makes them."""
    from .tabular import _answer_text, _question_text

    times = _LocalTimes()
    rows = records.read(f"SELECT a.id, {', '.join(_COLUMNS)}{ANSWERS_FROM} WHERE a.id = ANY(?)", (answer_ids,))
    for answer_id, *row in rows:
        yield answer_id, _python_row(row, times, _question_text, _answer_text)


def _python_row(row: list, times, question_text, answer_text) -> list:
    if row[_QUESTION_AT] is None:
        row[_QUESTION_AT] = neutralise(question_text(row[-2]))
    if row[_ANSWER_AT] is None:
        row[_ANSWER_AT] = neutralise(answer_text(row[-1]))
    row[_TIME_AT] = times.text(row[_TIME_AT])
    row[_SECONDS_AT] = round(row[_SECONDS_AT], 3)
    return row[:-2]


def csv_batches(records, f: RecordFilter):
    """Lists of CSV rows (ANSWER_COLUMNS), as tabular.export_csv writes them: the reference the server's
    lines are tested against."""
    from .tabular import _answer_text, _question_text

    times = _LocalTimes()
    for rows in _batches(records, f):
        yield [_python_row(list(row), times, _question_text, _answer_text) for row in rows]


def xlsx_batches(records, f: RecordFilter):
    """Rows of text for tabular._AnswerRows: the answer id, the session's row id, then the answer's other
    values of _XLSX_ANSWER_COLUMNS (times as Excel serial days), unneutralised (the cells mark formulas)."""
    from .tabular import _answer_text, _question_text

    where, parameters, order = streaming_order(records, f)
    columns = ("a.uuid", "s.id::text", "a.seq::text", "a.answered_at", "a.family", _QUESTION, _ANSWER, "a.given",
               "a.expected", "a.correct::text", "coalesce(a.category, '')", "a.rule", "a.seconds", "a.timed_out::text",
               f"CASE WHEN ({_QUESTION}) IS NULL THEN a.item END", f"CASE WHEN ({_ANSWER}) IS NULL THEN a.answer END")
    times = _LocalTimes()
    for rows in records.stream(f"SELECT {', '.join(columns)}{ANSWERS_FROM}{where}{order}", parameters, 5000):
        out = []
        for row in rows:
            row = list(row)
            if row[5] is None:
                row[5] = _question_text(row[-2])
            if row[6] is None:
                row[6] = _answer_text(row[-1])
            row[3] = times.excel(row[3])
            row[12] = repr(round(row[12], 3))
            out.append(tuple(row[:-2]))
        yield out
