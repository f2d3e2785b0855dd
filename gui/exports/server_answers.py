"""The answers of a CSV or XLSX export read from the training room's PostgreSQL server. Qt-free.

tabular.py has SQLite format every answer value (its printf, json_extract, localtime and Python functions
registered on the connection). A server cannot call back into Python, and knows nothing of the desk's time
zone, so here the server does what it can in SQL (the text values, an item's question from its JSON, the
apostrophe before text that could start a formula) and Python the rest, once per value: the local time of
each answer (the UTC offset looked up once per minute, local seconds being UTC seconds in every zone since
1972) and the rare question or answer text the server left to Python. The rows come out exactly as
tabular.py's: the same columns, the same texts.
"""
from __future__ import annotations

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
        self.minute_texts: dict[str, str] = {}

    def minute(self, text: str) -> datetime:
        key = text[:16]
        local = self.minutes.get(key)
        if local is None:
            moment = datetime.strptime(key, "%Y-%m-%dT%H:%M").replace(tzinfo=UTC)
            local = self.minutes[key] = moment.astimezone().replace(tzinfo=None)
        return local

    def text(self, stored: str) -> str:
        """'YYYY-MM-DD HH:MM:SS', as tabular.py's CSV shows times."""
        return self.minute_text(stored[:16]) + stored[16:19]

    def minute_text(self, key: str) -> str:
        """The local 'YYYY-MM-DD HH:MM' of a stored time's first 16 characters, worked out once a minute."""
        text = self.minute_texts.get(key)
        if text is None:
            text = self.minute_texts[key] = f"{self.minute(key):%Y-%m-%d %H:%M}"
        return text

    def excel(self, stored: str) -> str:
        """Excel serial days of the local time, whole seconds, as tabular.py writes them in XLSX."""
        seconds = (self.minute(stored) - _EXCEL_EPOCH) // timedelta(seconds=1) + int(stored[17:19])
        days, rest = divmod(seconds, 86400)
        return f"{days}" + f"{rest / 86400:.15f}"[1:]


def _batches(records, f: RecordFilter, batch: int = 5000):
    where, parameters, order = streaming_order(records, f)
    return records.stream(f"SELECT {', '.join(_COLUMNS)}{ANSWERS_FROM}{where}{order}", parameters, batch)


def _csv_field(sql: str) -> str:
    """A text value as Python's csv module (dialect "excel") writes it: quoted when it holds a comma, a quote,
    CR or LF, its quotes doubled."""
    return (f"CASE WHEN strpos({sql}, ',') > 0 OR strpos({sql}, '\"') > 0 OR strpos({sql}, chr(13)) > 0 "
            f"OR strpos({sql}, chr(10)) > 0 THEN '\"' || replace({sql}, '\"', '\"\"') || '\"' ELSE {sql} END")


# Seconds as Python writes round(x, 3): to the millisecond, in floating point (the server's decimal
# numbers cost ten times as much), as the shortest exact text (extra_float_digits = 1), with Python's ".0"
# after a whole number.
_MILLIS = "(round(a.seconds * 1000) / 1000)"
_SECONDS = f"CASE WHEN {_MILLIS} = trunc({_MILLIS}) THEN {_MILLIS}::bigint::text || '.0' ELSE {_MILLIS}::text END"


def write_csv(records, f: RecordFilter, handle, advance) -> None:
    """The answers' CSV lines written to `handle` (after the header), as tabular.export_csv writes them with
    csv.writer, the server making each line but its time. An answer whose question or answer text the server
    leaves to Python (csv_batches) is written from its fields instead; advance(n) after each batch.

    Three levels, each value computed once (OFFSET 0 keeps the server from folding a level into the next,
    which would copy every expression into each of its uses): the answers' values with the item's "text" read
    once, then the apostrophe before formula-like text, then the quoting and the line."""
    import csv

    writer = csv.writer(handle, dialect="excel")
    where, parameters, order = streaming_order(records, f)
    values = ("a.uuid", "s.uuid", "t.name", "s.game", "s.drill", "s.mode", "a.seq::text", "a.answered_at",
              "a.family", "NULL", "a.answer", "a.given", "a.expected", "a.correct::text",
              "coalesce(a.category, '')", "a.rule", _SECONDS, "a.timed_out::text")
    texts = {0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 14, 15}
    inner = (f"SELECT a.id AS answer_id, {', '.join(f'{v} AS v{i}' for i, v in enumerate(values))}, "
             f"strpos(a.item, '\\u') = 0 AS item_plain, "
             f"CASE WHEN strpos(a.item, '\\u') = 0 THEN a.item::json -> 'text' END AS text_json, "
             f"strpos(a.answer, '\\u') = 0 AS answer_plain{ANSWERS_FROM}{where}{order} OFFSET 0")
    # The item's "text" is taken out of its JSON once: each -> or ->> on json reads the whole item again.
    question = ("CASE WHEN NOT item_plain THEN NULL WHEN text_json IS NULL THEN '' "
                "WHEN json_typeof(text_json) = 'string' THEN text_json #>> '{}' END")
    with_question = (f"SELECT answer_id, answer_plain, {question} AS question, "
                     + ", ".join(f"v{i}" for i in range(len(values)) if i != 9)
                     + f" FROM ({inner}) AS answer_values OFFSET 0")
    middle = ("SELECT answer_id, question IS NOT NULL AND answer_plain AS plain, "
              + ", ".join((_neutralised("question" if i == 9 else f"v{i}") if i in texts else f"v{i}") + f" AS v{i}"
                          for i in range(len(values)))
              + f" FROM ({with_question}) AS answer_questions OFFSET 0")
    fields = [_csv_field(f"v{i}") if i in texts else f"v{i}" for i in range(len(values))]
    comma = " || ',' || "
    outer = (f"SELECT v7, CASE WHEN plain THEN {comma.join(fields[:7])} || ',' END, "
             f"CASE WHEN plain THEN ',' || {comma.join(fields[8:])} || chr(13) || chr(10) END, answer_id "
             f"FROM ({middle}) AS neutralised_values")
    times = _LocalTimes()
    minute_texts = times.minute_texts
    # The server makes the next batch while this one is written (read_ahead.py).
    for rows in read_ahead(lambda: records.stream(outer, parameters, 20_000)):
        lines: list[str] = []
        for stored, head, tail, answer_id in rows:
            if head is None:
                if lines:
                    handle.write("".join(lines))
                    lines = []
                for batch in csv_batches(records, RecordFilter(), answer_id=answer_id):
                    writer.writerows(batch)
                continue
            # The dictionary first: a call per answer cost as much as the rest of the loop.
            minute = minute_texts.get(stored[:16]) or times.minute_text(stored[:16])
            lines.append(head + minute + stored[16:19] + tail)
        handle.write("".join(lines))
        advance(len(rows))


def csv_batches(records, f: RecordFilter, answer_id: int | None = None):
    """Lists of CSV rows (ANSWER_COLUMNS), as tabular.export_csv writes them."""
    from .tabular import _answer_text, _question_text

    times = _LocalTimes()
    batches = _batches(records, f) if answer_id is None else [records.read(
        f"SELECT {', '.join(_COLUMNS)}{ANSWERS_FROM} WHERE a.id = ?", (answer_id,))]
    for rows in batches:
        out = []
        for row in rows:
            row = list(row)
            if row[_QUESTION_AT] is None:
                row[_QUESTION_AT] = neutralise(_question_text(row[-2]))
            if row[_ANSWER_AT] is None:
                row[_ANSWER_AT] = neutralise(_answer_text(row[-1]))
            row[_TIME_AT] = times.text(row[_TIME_AT])
            row[_SECONDS_AT] = round(row[_SECONDS_AT], 3)
            out.append(row[:-2])
        yield out


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
