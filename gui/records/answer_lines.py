"""The answer lines of a records file being imported, read in C (core_c/records/dd_answer_lines.c). Qt-free.

Built with the engine (bindings/_answer_lines_build.py); AVAILABLE says whether it was. The C reader takes
answer lines exactly as Dealer Drill writes them, under the import's quick checks, and stops at the first
line it does not take; the import (transfer.py) reads that line in Python, which accepts it or names what is
wrong. So this is a faster road to the same rows, never a different check: it may take less than the Python
checks take, never more, and gives the values the json module gives (tests/records/test_answer_lines.py holds
it to that).
"""
from __future__ import annotations

from dataclasses import dataclass

try:
    from ._answer_lines import ffi, lib
except ImportError:          # not built on this machine: every line is read in Python
    ffi = lib = None

AVAILABLE = lib is not None
TIME_LENGTH = 27             # a stored time, YYYY-MM-DDTHH:MM:SS.ffffffZ
FIELDS = 12                  # per line: uuid, family, item, answer, expected, given, correct, category, rule,
#                              seconds, timed_out, answered_at (dd_answer_lines.h)


@dataclass(frozen=True)
class Run:
    """Answer lines taken one after another: how many, the bytes they take in the file (newlines included),
    how many are marked right, their fields (FIELDS a line, in order, all text: correct and timed_out "1"
    or "0", category "" for null, seconds the number's text), and whether the input ended before the next
    line could be seen whole."""
    lines: int
    consumed: int
    correct: int
    fields: list[str]
    needs_more: bool


class AnswerLineReader:
    """One reader per import: its output buffer holds the fields of the lines of one call (`capacity` bytes,
    more than the input of one call plus a separator per field)."""

    def __init__(self, capacity: int, max_line: int):
        if lib is None:
            raise RuntimeError("the C reader of answer lines is not built here")
        self.capacity = capacity
        self.out = ffi.new("unsigned char[]", capacity)
        self.run = ffi.new("dd_answer_run *")
        self.run.max_line = max_line
        # What the struct points at, kept referenced while it does: the input block, and the session's uuid
        # and times (the same for all the runs of a session).
        self.data: bytes | None = None
        self.data_pointer = ffi.NULL
        self.session: tuple | None = None
        self.session_buffers: tuple = ()

    def _point_at(self, data: bytes, session: str, started: str, latest: str) -> None:
        if not len(started) == len(latest) == TIME_LENGTH:     # the reader compares that many bytes of each
            raise ValueError(f"times in the stored form have {TIME_LENGTH} characters: {started!r}, {latest!r}")
        if data is not self.data:
            self.data, self.data_pointer = data, ffi.from_buffer("unsigned char[]", data)
        if self.session != (session, started, latest):
            self.session = (session, started, latest)
            self.session_buffers = tuple(ffi.from_buffer("unsigned char[]", value) for value in
                                         (session.encode("utf-8"), started.encode("ascii"), latest.encode("ascii")))
            run = self.run
            run.session, run.started, run.latest = self.session_buffers
            run.session_length = len(self.session_buffers[0])

    def take(self, data: bytes, start: int, session: str, started: str, latest: str, next_seq: int) -> Run:
        """The answer lines of `session` at data[start:], numbered from next_seq, answered from `started` to
        `latest` (stored times); at most as many as fit in the output buffer."""
        self._point_at(data, session, started, latest)
        run = self.run
        run.next_seq = next_seq
        status = lib.dd_answer_lines(self.data_pointer + start, len(data) - start, self.out, self.capacity, run)
        if run.lines == 0:
            return Run(0, 0, 0, [], status == lib.DD_LINES_NEED_MORE)
        fields = ffi.buffer(self.out, run.written)[:].decode("utf-8").split("\x00")
        fields.pop()                                   # after the last field's separator
        if len(fields) != FIELDS * run.lines:
            raise RuntimeError(f"the C reader of answer lines gave {len(fields)} fields for {run.lines} lines")
        return Run(run.lines, run.consumed, run.correct, fields, status == lib.DD_LINES_NEED_MORE)
