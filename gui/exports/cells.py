"""Making text safe for spreadsheets. Qt-free.

A cell whose text begins with = + - @ (or a tab or carriage return, which some programs strip first) is
read as a formula by Excel and LibreOffice: a trainee named "=HYPERLINK(...)" would run in a manager's
spreadsheet. CSV cells like that get a leading apostrophe, which both programs show as plain text; XLSX
cells keep their exact text but are stored as text with Excel's "quote prefix" (see tabular.py).
"""
from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(text: str) -> bool:
    return isinstance(text, str) and text.startswith(FORMULA_STARTS)


def neutralise(value):
    """The value for a CSV cell: text that could start a formula gets a leading apostrophe."""
    if is_formula_like(value):
        return "'" + value
    return value


# --- characters no export can hold ------------------------------------------------------------------------------
# XML 1.0 (the text of an XLSX sheet) forbids the C0 controls other than tab, line feed and carriage return,
# the surrogates (a lone one is not even text: it cannot be written as UTF-8) and U+FFFE, U+FFFF. One such
# character makes a whole workbook unreadable, and a lone surrogate stops a CSV or PDF export. Every export
# writes U+FFFD, the replacement character, in their place, so the cell still shows that something was there.
XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT = "\ufffd"
_FORBIDDEN_CONTROL_BYTES = bytes(code for code in range(32) if code not in (9, 10, 13))


def printable(text: str) -> str:
    """The text with every character XML 1.0 cannot hold replaced by U+FFFD."""
    return XML_FORBIDDEN.sub(REPLACEMENT, text)


def utf8_for_export(text: str) -> bytes:
    """`text` as UTF-8 with every character XML 1.0 cannot hold replaced by U+FFFD. Quick for the usual text:
    the encoded bytes are searched for the only bytes such a character can start with (a control byte;
    0xED, which begins the surrogates and some Hangul; 0xEF 0xBF, which begins U+FFFE and U+FFFF) and only
    text that has one is looked at character by character. ASCII text (which Python knows without looking) has
    neither multi-byte start: only its control bytes are looked for (the search for the two bytes 0xEF 0xBF was
    the slowest of these, 0.5 s of a CSV export's 400 MB)."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data.translate(None, _FORBIDDEN_CONTROL_BYTES)) == len(data) and (
            text.isascii() or (b"\xed" not in data and b"\xef\xbf" not in data)):
        return data
    return printable(text).encode("utf-8")
