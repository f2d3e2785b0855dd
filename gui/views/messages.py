"""Telling the person at the desk that something went wrong: a non-blocking box in plain words."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def show_error(parent: QWidget | None, text: str, details_path: str | None = None) -> QMessageBox:
    """A non-blocking error box in plain words (never a traceback)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Dealer Drill", text, QMessageBox.StandardButton.Ok, parent)
    if details_path:
        box.setInformativeText(f"The details were saved to {details_path}.")
    box.setObjectName("errorDialog")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
