"""Answer entries for the drill panels: they keep what the trainee typed, as typed, and leave the drill page its
keys.

An entry never rewrites an answer: a letter, a minus sign or a thirtieth digit stays in the field (the panel
then refuses the whole answer with a message saying why, and the trainee corrects it), instead of being
dropped so that "abc-5e3" would be read as 53. Only the keys the drill page itself uses (H for the hint, N for
the next item) go on to the page; a line edit would otherwise keep them and the hint would never come.
"""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from dealerdrill.domain import written_amount_problem

_COMMAND_MODIFIERS = Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier
PAGE_KEYS = {Qt.Key_H, Qt.Key_N}   # the drill page's own letters (dealerdrill.views.drill_view)
MAX_DIGITS = 9                     # no answer in any drill runs to more digits than this


def is_page_key(event) -> bool:
    """A key the drill page uses (a letter of its own), typed without a command modifier."""
    return event.key() in PAGE_KEYS and not event.modifiers() & _COMMAND_MODIFIERS


def whole_number_problem(text: str, what: str = "the answer") -> str | None:
    """Why `text` is not a whole number a trainee may give, in plain words, or None when it is one."""
    text = text.strip()
    if not text:
        return f"Type {what} first."
    if not re.fullmatch(r"\d+", text):
        return f"“{text}” is not a whole number: type {what} in digits only."
    if len(text) > MAX_DIGITS:
        return f"“{text}” has {len(text)} digits: no answer here has more than {MAX_DIGITS}."
    return None


def dollars_problem(text: str, what: str = "the amount") -> str | None:
    """Why `text` is not a dollar amount (such as 12, 12.50 or $1,250.50), or None when it is one (read as
    every answer box reads it: dealerdrill.domain.written_amount_problem)."""
    text = text.strip()
    if not text:
        return f"Type {what} first."
    problem = written_amount_problem(text)
    if problem:
        return f"{problem[0].upper()}{problem[1:]}."
    if len(text.partition(".")[2]) > 2:
        return f"“{text}” is not an amount in dollars and cents: at most 2 decimals, such as 23.75."
    if len(re.sub(r"\D", "", text.split(".")[0])) > MAX_DIGITS:
        return f"“{text}” is larger than any amount here (at most {MAX_DIGITS} digits of dollars)."
    return None


class NumberEntry(QLineEdit):
    """A line edit for a number or an amount: keeps everything typed except the page's own keys."""

    def __init__(self, accepted: str = "", parent=None):
        super().__init__(parent)
        self.accepted = accepted   # the characters a valid answer may hold besides digits (for the help text)

    def keyPressEvent(self, event) -> None:
        if is_page_key(event):
            event.ignore()  # the page's letter: Qt hands it to the parent, up to the drill page
            return
        super().keyPressEvent(event)
