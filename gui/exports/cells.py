"""Making text safe for spreadsheets. Qt-free.

A cell whose text begins with = + - @ (or a tab or carriage return, which some programs strip first) is
read as a formula by Excel and LibreOffice: a trainee named "=HYPERLINK(...)" would run in a manager's
spreadsheet. CSV cells like that get a leading apostrophe, which both programs show as plain text; XLSX
cells keep their exact text but are stored as text with Excel's "quote prefix" (see tabular.py).
"""
from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(text: str) -> bool:
    return isinstance(text, str) and text.startswith(FORMULA_STARTS)


def neutralise(value):
    """The value for a CSV cell: text that could start a formula gets a leading apostrophe."""
    if is_formula_like(value):
        return "'" + value
    return value
