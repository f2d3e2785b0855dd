"""Number entries for the drill panels that leave the page its keys.

A QLineEdit or QSpinBox accepts every printable key, even one its validator then throws away, so a letter
typed into a number field never reaches the drill page: H (the hint) would do nothing while the field has
the focus. These entries take only what a number can hold (digits and, for money, the decimal point) and
ignore every other printable key, so that Qt passes it on to the parent widgets and the page.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox

_COMMAND_MODIFIERS = Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier


def is_foreign_key(event, accepted: str) -> bool:
    """A printable key a number field has no use for (a letter, say): it belongs to the page."""
    text = event.text()
    if not text or not text.isprintable() or event.modifiers() & _COMMAND_MODIFIERS:
        return False  # editing keys, arrows, Enter and shortcuts stay with the field
    return not all(ch.isdigit() or ch in accepted for ch in text)


class NumberEntry(QLineEdit):
    """A line edit for a whole number (accepted="") or an amount of money (accepted=".$,")."""

    def __init__(self, accepted: str = "", parent=None):
        super().__init__(parent)
        self.accepted = accepted

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        if is_foreign_key(event, self.accepted):
            event.ignore()  # not ours: Qt hands it to the parent, up to the drill page
            return
        super().keyPressEvent(event)


class NumberSpinBox(QSpinBox):
    """A spin box whose letters go to the page (Up/Down and digits still set the value)."""

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        if is_foreign_key(event, ""):
            event.ignore()
            return
        super().keyPressEvent(event)
