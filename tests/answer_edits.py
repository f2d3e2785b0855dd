"""Edits of an answer line's record, each named, that the import's checks must judge alike on every road: the
quick checks and the exact ones (tests/records/test_signed_records_files.py), and the C reader of answer lines
and Python (tests/records/test_answer_lines.py)."""
from __future__ import annotations

QUICK_EDITS = {
    "as written": lambda r: r,
    "whole seconds": lambda r: {**r, "seconds": 3},
    "zero seconds": lambda r: {**r, "seconds": 0},
    "a category": lambda r: {**r, "category": "baccarat_banker_draw"},
    "an empty category": lambda r: {**r, "category": ""},
    "a category of spaces": lambda r: {**r, "category": "  "},
    "no category key": lambda r: {k: v for k, v in r.items() if k != "category"},
    "no rule": lambda r: {**r, "rule": None},
    "a NUL in the answer given": lambda r: {**r, "given": "A\x00"},
    "a lone surrogate in the expected text": lambda r: {**r, "expected": "A\ud800"},
    "a control character in the family": lambda r: {**r, "family": "fam\x1b[2J"},
    "a time with an offset": lambda r: {**r, "answered_at": r["answered_at"].replace("Z", "+00:00")},
    "February 30": lambda r: {**r, "answered_at": "2026-02-30" + r["answered_at"][10:]},
    "hour 24": lambda r: {**r, "answered_at": r["answered_at"][:11] + "24" + r["answered_at"][13:]},
    "a time before the session": lambda r: {**r, "answered_at": "2001-01-01T00:00:00.000000Z"},
    "a time far ahead": lambda r: {**r, "answered_at": "2200-01-01T00:00:00.000000Z"},
    "item not JSON": lambda r: {**r, "item": "{not json"},
    "empty item": lambda r: {**r, "item": ""},
    "item with spaces around": lambda r: {**r, "item": " " + r["item"] + " "},
    "seconds true": lambda r: {**r, "seconds": True},
    "seconds NaN": lambda r: {**r, "seconds": float("nan")},
    "seq as float": lambda r: {**r, "seq": 1.0},
    "correct as 1": lambda r: {**r, "correct": 1},
    "uuid too long": lambda r: {**r, "uuid": "u" * 65},
    "an extra field": lambda r: {**r, "extra": 1},
    "a unicode family": lambda r: {**r, "family": "tiles.gee-joon·high"},
}
