"""The answers' lines of the CSV export written in C (core_c/records/dd_csv_answers.c). Qt-free.

Optional: built where SQLite's header is (setup.py); AVAILABLE says whether it was. The C code steps a query
tabular.py builds and writes the bytes the Python road would write for its rows; a row it is not sure to
write exactly so comes back as its answer id, for the Python road to write, and the C code then carries on
with the same statement. So this is a faster road to the same file, never a different one.
"""
from __future__ import annotations

import os
from collections.abc import Callable

try:
    from ._csv_answers import ffi, lib
except ImportError:        # not built on this machine: the CSV export takes its Python road
    ffi = lib = None

AVAILABLE = lib is not None
BATCH_ROWS = 20000         # rows per call: the progress ticker and the cancel button see each batch


class CsvAnswersError(Exception):
    """The records file could not be read part way through (the message is SQLite's)."""


def write_answers(path: str, sql: str, parameters: list[str], kinds: str, write: Callable[[memoryview], object],
                  write_declined: Callable[[int], None], advance: Callable[[int], None]) -> bool:
    """Write the CSV lines of `sql`'s rows (an answer id, then one field per letter of `kinds`; see
    dd_csv_answers.h) with write(bytes); write_declined(answer id) writes a row the C code leaves to Python,
    in its place; advance(rows) after every batch. False, with nothing written, when the C road cannot start
    (not built, a parameter that is not text, a file or query it cannot open): the caller writes every row
    its own way. Raises CsvAnswersError when the file fails part way."""
    if lib is None or not all(isinstance(value, str) for value in parameters):
        return False
    texts = [ffi.new("char[]", value.encode("utf-8", "surrogatepass")) for value in parameters]
    batch = ffi.new("dd_csv_batch *")
    writer = lib.dd_csv_answers_open(os.fsencode(path), sql.encode("utf-8"), ffi.new("char *[]", texts) if texts
                                     else ffi.NULL, len(texts), kinds.encode("ascii"), batch)
    if writer == ffi.NULL:
        return False
    try:
        while True:
            status = lib.dd_csv_answers_next(writer, BATCH_ROWS, batch)
            if status == lib.DD_CSV_ERROR:
                raise CsvAnswersError(ffi.string(batch.message).decode("utf-8", "replace"))
            if batch.length:
                write(ffi.buffer(batch.data, batch.length))
            rows = batch.rows
            if status == lib.DD_CSV_DECLINED:
                write_declined(batch.declined_id)
                rows += 1
            if rows:
                advance(rows)
            if status == lib.DD_CSV_DONE:
                return True
    finally:
        lib.dd_csv_answers_close(writer)
