"""The answers-chain and summary-table scans of `dealerdrill verify`, in C (core_c/records/dd_answer_scan.c).

Optional: built where SQLite's and libcrypto's headers are (setup.py); AVAILABLE says whether it was. Each
scan gives None where it cannot answer for a file (a value a sound file never holds, or the file could not
be read), and the caller then checks the same rows its own way: this is a faster road to the same result,
never a different check.
"""
from __future__ import annotations

import os

try:
    from ._answer_scan import ffi, lib
except ImportError:        # not built on this machine: verification takes its Python road
    ffi = lib = None

AVAILABLE = lib is not None
CHANGED, UNLINKED = 1, 2     # the kinds of chain problem a scan reports (dd_answer_scan.h)


def _text(chars) -> str:
    return ffi.string(chars).decode("ascii")


def scan_answers(path: str, first: int, end: int, previous: bytes,
                 problem_capacity: int) -> tuple[list[tuple[int, int]], dict] | None:
    """The answers with first <= id < end checked against the answers chain, `previous` being the stored
    hash before them: ([(answer id, CHANGED or UNLINKED), ...] in id order, at most problem_capacity of them;
    {(session id, UTC hour): [answers, right, milliseconds, id sum, right id sum, last answered_at]}), or
    None (see the module's docstring)."""
    if lib is None or len(previous) != 32:
        return None
    out = ffi.new("dd_scan_result *")
    try:
        if lib.dd_scan_answers(os.fsencode(path), first, end, previous, problem_capacity, out) != lib.DD_SCAN_OK:
            return None
        problems = [(out.problem_ids[k], out.problem_kinds[k]) for k in range(min(out.problem_count,
                                                                                  problem_capacity))]
        groups = {}
        for k in range(out.group_count):
            g = out.groups[k]
            groups[(g.session_id, _text(g.hour))] = [g.count, g.right, g.millis, g.id_sum, g.right_id_sum,
                                                      _text(g.last_at)]
        return problems, groups
    finally:
        lib.dd_scan_free(out)


def scan_facts(path: str, last_answer_id: int) -> dict | None:
    """The answer_facts rows of the answers up to last_answer_id, grouped by session and UTC hour:
    {(session id, hour): [rows, right, milliseconds, answer id sum, right answer id sum, last answered_at,
    least and greatest trainee id, drill, mode]}, or None."""
    if lib is None:
        return None
    out = ffi.new("dd_scan_result *")
    try:
        if lib.dd_scan_facts(os.fsencode(path), last_answer_id, out) != lib.DD_SCAN_OK:
            return None
        facts = {}
        for k in range(out.group_count):
            g = out.groups[k]
            facts[(g.session_id, _text(g.hour))] = [
                g.count, g.right, g.millis, g.id_sum, g.right_id_sum, _text(g.last_at), g.trainee_min,
                g.trainee_max, _text(g.drill_min), _text(g.drill_max), _text(g.mode_min), _text(g.mode_max)]
        return facts
    finally:
        lib.dd_scan_free(out)
