"""Signing off a session that is not a passed test: a dialog that says what is unusual about it (the desk's
sentence, Desk.why_confirm) and will not go on without the manager's reason, which is recorded and signed with
the sign-off.

The dialog only collects the confirmation; `sign(note, reason)` (the Manager page's call to the desk, which
checks the role and the reason again) does the signing, and a refusal is shown here in plain words.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QVBoxLayout, QWidget

from .records_profiles import PLAIN_ERRORS, WRONG, label, plain_message

REASON_LIMIT = 2000   # what a records file carries for a reason


class SignOffConfirmation(QDialog):
    def __init__(self, what: str, unusual: str, note: str, sign: Callable[[str, str], object],
                 parent: QWidget | None = None):
        """`what`: the session in a few words (trainee, drill, score); `unusual`: why it needs confirming."""
        super().__init__(parent)
        self._sign = sign
        self.setObjectName("signOffConfirmation")
        self.setWindowTitle("Sign off a session that is not a passed test?")
        self.setMinimumWidth(480)
        layout = QVBoxLayout(self)
        layout.addWidget(label(what, "section", wrap=True))
        self.unusual_label = label(unusual, wrap=True)
        self.unusual_label.setObjectName("signOffUnusual")
        self.unusual_label.setStyleSheet("background: #fff4d6; color: #8a5a00; border: 1px solid #f0d58c; "
                                         "border-radius: 6px; padding: 6px 10px;")
        layout.addWidget(self.unusual_label)
        layout.addWidget(label("Signing it off anyway needs your reason. The reason is recorded and signed with the "
                               "sign-off, and printed beside it wherever the sign-off is shown.", wrap=True))
        form = QFormLayout()
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("signOffReason")
        self.reason_edit.setAccessibleName("Reason for signing it off")
        self.reason_edit.setPlaceholderText("Required, e.g. finished on paper after a fire alarm")
        self.reason_edit.setMaxLength(REASON_LIMIT)
        self.note_edit = QLineEdit(note)
        self.note_edit.setAccessibleName("Sign-off note")
        self.note_edit.setPlaceholderText("Optional")
        form.addRow("&Reason", self.reason_edit)
        form.addRow("&Note", self.note_edit)
        layout.addLayout(form)
        self.problem_label = label("", wrap=True)
        self.problem_label.setObjectName("signOffProblem")
        self.problem_label.setStyleSheet(f"color: {WRONG};")
        self.problem_label.hide()
        layout.addWidget(self.problem_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.sign_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.sign_button.setText("Sign off anyway")
        self.sign_button.setEnabled(False)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.reason_edit.textChanged.connect(self._reason_changed)
        self.reason_edit.setFocus()

    def _reason_changed(self, text: str) -> None:
        self.sign_button.setEnabled(bool(text.strip()))

    def submit(self) -> None:
        try:
            self._sign(self.note_edit.text(), self.reason_edit.text())
        except PLAIN_ERRORS as error:
            self.problem_label.setText(plain_message(error))
            self.problem_label.show()
            return
        self.accept()


__all__ = ["SignOffConfirmation"]
