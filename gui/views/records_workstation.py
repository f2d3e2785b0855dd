"""The Manager page's Workstation tab: when the manager role locks itself, the manager PIN (changed here, for the
same key), this workstation's manager key (its
fingerprint to read out, the key written to a file for another workstation), and the keys whose signed
sign-offs these records accept in imports (trusting another workstation's key, once, after comparing its
fingerprint with its manager), and, after a PIN reset, the confirmation of this workstation's earlier keys (each
signs nothing until the manager ticks it as one a manager made).

Each action is the desk's (set_idle_lock_minutes, change_pin, export_public_key, read_public_key_file,
trust_manager_key, earlier_keys_to_confirm, confirm_earlier_keys),
which checks the manager role; this tab shows what the desk says.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .records_profiles import PLAIN_ERRORS, button, label, plain_message
from .records_trainee import Cell, fill_table, make_table

KEY_FILES = "Manager key files (*.json);;All files (*)"
ORIGIN_WORDS = {"this workstation": "This workstation", "trusted": "Trusted (another workstation)"}


def _say(widget, text: str, role: str) -> None:
    widget.setText(text)
    widget.setProperty("role", role)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.setVisible(bool(text))


class WorkstationTab(QWidget):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.trust_confirmation: QMessageBox | None = None
        self._keys: list[str] = []           # fingerprints in the order of the keys table
        # The tab scrolls rather than make the Manager page (and the window) taller than a laptop's screen.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        body.setObjectName("workstationBody")
        scroll.setWidget(body)
        scroll.viewport().setAutoFillBackground(False)   # the tab's own white shows through, as on the others
        body.setAutoFillBackground(False)
        outer.addWidget(scroll)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(8)

        layout.addWidget(label("THE MANAGER ROLE LOCKS ITSELF", "section"))
        row = QHBoxLayout()
        row.addWidget(label("After"))
        self.idle_minutes_box = QSpinBox()
        self.idle_minutes_box.setObjectName("idleMinutes")
        self.idle_minutes_box.setAccessibleName("Idle minutes before the manager role locks itself")
        self.idle_minutes_box.setRange(1, 120)
        self.idle_minutes_box.setSuffix(" minutes")
        row.addWidget(self.idle_minutes_box)
        row.addWidget(label("without a key press or a click (and whenever the trainee changes)."))
        self.apply_idle_button = button("Appl&y")
        self.apply_idle_button.setObjectName("applyIdleMinutes")
        self.apply_idle_button.clicked.connect(self.apply_idle_minutes)
        self.idle_minutes_box.lineEdit().returnPressed.connect(self.apply_idle_minutes)
        row.addWidget(self.apply_idle_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.idle_message = label("", "muted", wrap=True)
        self.idle_message.setObjectName("idleMessage")
        self.idle_message.hide()
        layout.addWidget(self.idle_message)

        layout.addSpacing(6)
        layout.addWidget(label("THE MANAGER PIN", "section"))
        row = QHBoxLayout()
        self.new_pin_edit = QLineEdit()
        self.repeat_pin_edit = QLineEdit()
        for edit, name in ((self.new_pin_edit, "New PIN"), (self.repeat_pin_edit, "New PIN again")):
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setAccessibleName(name)
            edit.setMaxLength(12)
            edit.returnPressed.connect(self.change_pin)
        row.addWidget(label("New PIN"))
        row.addWidget(self.new_pin_edit)
        row.addWidget(label("again"))
        row.addWidget(self.repeat_pin_edit)
        self.change_pin_button = button("C&hange PIN")
        self.change_pin_button.setObjectName("changePin")
        self.change_pin_button.clicked.connect(self.change_pin)
        row.addWidget(self.change_pin_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(label("6 to 12 digits (8 or more is wise: someone who copies the PIN file can guess at it "
                               "offline). The key stays the same, so what was signed before stays valid.", "muted",
                               wrap=True))
        self.pin_message = label("", "muted", wrap=True)
        self.pin_message.setObjectName("pinMessage")
        self.pin_message.hide()
        layout.addWidget(self.pin_message)

        layout.addSpacing(6)
        layout.addWidget(label("THIS WORKSTATION'S MANAGER KEY", "section"))
        row = QHBoxLayout()
        self.fingerprint_label = label("", None)
        self.fingerprint_label.setObjectName("ownFingerprint")
        self.fingerprint_label.setAccessibleName("This workstation's key fingerprint")
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(max(mono.pointSizeF(), 10) * 1.3)
        mono.setBold(True)
        self.fingerprint_label.setFont(mono)
        # Selectable from the keyboard too (Tab reaches it), to copy into a message to whoever checks.
        self.fingerprint_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                       | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.fingerprint_label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        row.addWidget(self.fingerprint_label)
        self.copy_fingerprint_button = button("Co&py")
        self.copy_fingerprint_button.setToolTip("Copy the fingerprint to the clipboard")
        self.copy_fingerprint_button.clicked.connect(self.copy_fingerprint)
        self.export_key_button = button("E&xport my key…")
        self.export_key_button.setObjectName("exportKey")
        self.export_key_button.clicked.connect(self.choose_export_file)
        row.addSpacing(10)
        row.addWidget(self.copy_fingerprint_button)
        row.addWidget(self.export_key_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(label("Sign-offs, targets and scorecards made here are signed with this key and carry its "
                               "fingerprint: read it out to whoever checks a scorecard, or to another workstation's "
                               "manager before they trust your key file.", "muted", wrap=True))

        layout.addSpacing(6)
        layout.addWidget(label("KEYS WHOSE SIGNATURES THESE RECORDS ACCEPT", "section"))
        layout.addWidget(label("An import takes a sign-off, or a test under another pass mark, only when one of these "
                               "keys signed it. Trust another workstation's key once, after comparing its fingerprint "
                               "with its manager (in person or by phone, not by the same e-mail as the file).",
                               "muted", wrap=True))
        self.keys_table = make_table(["Fingerprint", "Manager", "Accepted as"], "managerKeysTable", stretch_column=2)
        layout.addWidget(self.keys_table)
        row = QHBoxLayout()
        self.trust_key_button = button("Tr&ust another workstation's key…", primary=True)
        self.trust_key_button.setObjectName("trustKey")
        self.trust_key_button.clicked.connect(self.choose_key_to_trust)
        row.addWidget(self.trust_key_button)
        self.confirm_keys_button = button("Con&firm earlier keys…")
        self.confirm_keys_button.setObjectName("confirmEarlierKeys")
        self.confirm_keys_button.setToolTip("After a PIN reset: tick the earlier keys of this workstation that your "
                                            "manager made, so that what they signed counts again")
        self.confirm_keys_button.clicked.connect(self.ask_to_confirm_earlier_keys)
        self.confirm_keys_button.hide()
        row.addWidget(self.confirm_keys_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.keys_message = label("", "muted", wrap=True)
        self.keys_message.setObjectName("keysMessage")
        self.keys_message.hide()
        layout.addWidget(self.keys_message)
        layout.addStretch(1)

    # --- reading ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        desk = self.desk
        self.idle_minutes_box.setValue(round(desk.role.idle_minutes()))
        key = desk.role.key
        self.fingerprint_label.setText(key.fingerprint if key is not None else "—")
        self.copy_fingerprint_button.setEnabled(key is not None)
        keys = desk.records.manager_keys() if desk.records is not None else {}
        # This workstation's key in use first, then its earlier ones (before a PIN reset), then trusted ones.
        order = {"this workstation": 0, "trusted": 1}
        listed = sorted(keys.items(), key=lambda kv: (kv[0] != (key.fingerprint if key else None),
                                                      order.get(kv[1][2], 2), kv[1][1].casefold()))
        self._keys = [fingerprint for fingerprint, _ in listed]
        waiting = {fp for fp, _, _ in desk.earlier_keys_to_confirm()}
        self.confirm_keys_button.setVisible(bool(waiting))
        rows = []
        for fingerprint, (_, manager, origin) in listed:
            words = ORIGIN_WORDS.get(origin, origin)
            if key is not None and fingerprint == key.fingerprint:
                rows.append([Cell(fingerprint, bold=True), manager, Cell(f"{words}: the key in use now")])
            else:
                rows.append([fingerprint, manager, words if origin != "this workstation" else
                             f"{words}: an earlier key (before a PIN reset)"
                             + (", not confirmed: signs nothing" if fingerprint in waiting else "")])
        # As tall as its rows (a handful of keys; more scroll in the table), so the buttons stay in view.
        fill_table(self.keys_table, rows, fit_rows=5, empty_text="No manager key yet.")

    def clear(self) -> None:
        """The role locked: nothing of the keys stays on screen."""
        self.keys_table.setRowCount(0)
        self._keys = []
        self.fingerprint_label.clear()
        self.new_pin_edit.clear()
        self.repeat_pin_edit.clear()
        for message in (self.idle_message, self.pin_message, self.keys_message):
            message.clear()
            message.hide()
        if self.trust_confirmation is not None:
            self.trust_confirmation.close()
        self.confirm_keys_button.hide()

    def key_rows(self) -> list[tuple[str, str, str]]:
        """(fingerprint, manager, accepted as) as shown."""
        table = self.keys_table
        if not self._keys:
            return []
        return [tuple(table.item(r, c).text() for c in range(3)) for r in range(table.rowCount())]

    # --- the idle lock ----------------------------------------------------------------------------------------
    def apply_idle_minutes(self) -> bool:
        minutes = self.idle_minutes_box.value()
        try:
            self.desk.set_idle_lock_minutes(minutes)
        except PLAIN_ERRORS as error:
            _say(self.idle_message, plain_message(error), "problem")
            return False
        _say(self.idle_message, f"The manager role now locks itself after {minutes} idle minute"
                                f"{'s' if minutes != 1 else ''}.", "done")
        return True

    # --- the PIN ---------------------------------------------------------------------------------------------------
    def change_pin(self) -> bool:
        pin, repeated = self.new_pin_edit.text(), self.repeat_pin_edit.text()
        self.new_pin_edit.clear()          # a PIN never stays on screen, typed right or wrong
        self.repeat_pin_edit.clear()
        try:
            self.desk.change_pin(pin, repeated)
        except PLAIN_ERRORS as error:
            _say(self.pin_message, plain_message(error), "problem")
            self.new_pin_edit.setFocus()
            return False
        _say(self.pin_message, "The manager PIN is changed: unlock with the new PIN from now on.", "done")
        return True

    # --- this workstation's key -------------------------------------------------------------------------------
    def copy_fingerprint(self) -> None:
        text = self.fingerprint_label.text()
        if text and text != "—":
            QGuiApplication.clipboard().setText(text)
            _say(self.keys_message, f"Copied the fingerprint {text}.", "muted")

    def choose_export_file(self) -> None:
        from dealerdrill import paths

        key = self.desk.role.key
        name = f"manager-key-{key.fingerprint[:9]}.json" if key is not None else "manager-key.json"
        path, _ = QFileDialog.getSaveFileName(self, "Export my manager key", str(paths.data_dir() / name), KEY_FILES)
        if path:
            self.export_key(path)

    def export_key(self, path: str | Path) -> bool:
        try:
            fingerprint = self.desk.export_public_key(path)
        except PLAIN_ERRORS as error:
            _say(self.keys_message, plain_message(error), "problem")
            return False
        _say(self.keys_message, f"Your key is written to {path} (fingerprint {fingerprint}). It holds no secret: give "
                                "it to the other workstation's manager, and read them the fingerprint yourself.",
             "done")
        return True

    # --- trusting another workstation's key --------------------------------------------------------------------
    def choose_key_to_trust(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Trust another workstation's manager key", "", KEY_FILES)
        if path:
            self.ask_to_trust(path)

    def ask_to_trust(self, path: str | Path) -> QMessageBox | None:
        """Read the key file and ask the manager to confirm its manager and fingerprint (not blocking)."""
        from dealerdrill.desk import Desk

        try:
            public_key, manager, fingerprint = Desk.read_public_key_file(path)
        except PLAIN_ERRORS as error:
            _say(self.keys_message, plain_message(error), "problem")
            return None
        known = self.desk.records.manager_keys().get(fingerprint)
        if known is not None:   # said before asking; the desk refuses a second trust anyway
            _say(self.keys_message, f"The key {fingerprint} ({known[1]}) is already accepted here.", "muted")
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Trust this manager key?",
                          f"Trust the manager key of {manager}?\n\nFingerprint: {fingerprint}", parent=self)
        box.setObjectName("trustKeyConfirmation")
        box.setInformativeText(f"Before you trust it, ask {manager} to read you the fingerprint on their Manager "
                               "page ▸ Workstation tab, and compare every group. From now on imports accept the "
                               "sign-offs and tests signed with this key; your trust is signed and in the audit log.")
        trust = box.addButton("Trust this key", QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)          # Enter does not trust: the manager chooses it on purpose
        box.setEscapeButton(cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(lambda clicked: self.trust(public_key, manager) if clicked is trust else
                                  _say(self.keys_message, "Nothing was trusted.", "muted"))
        box.finished.connect(lambda *_: setattr(self, "trust_confirmation", None))
        box.trust_button = trust
        self.trust_confirmation = box
        box.open()
        return box

    def trust(self, public_key: bytes, manager: str) -> bool:
        try:
            fingerprint = self.desk.trust_manager_key(public_key, manager)
        except PLAIN_ERRORS as error:
            _say(self.keys_message, plain_message(error), "problem")
            return False
        self.refresh()
        _say(self.keys_message, f"{manager}'s key {fingerprint} is trusted: imports now accept what it signed.",
             "done")
        return True

    # --- after a PIN reset: the earlier keys --------------------------------------------------------------------
    def ask_to_confirm_earlier_keys(self) -> QDialog | None:
        """A list of the earlier keys waiting, none ticked: the manager ticks those their manager made."""
        waiting = self.desk.earlier_keys_to_confirm()
        if not waiting:
            return None
        dialog = QDialog(self)
        dialog.setObjectName("confirmEarlierKeysDialog")
        dialog.setWindowTitle("Confirm earlier manager keys")
        layout = QVBoxLayout(dialog)
        layout.addWidget(label("The PIN was set anew. These keys of this workstation came before it; what they signed "
                               "(targets, sign-offs, settings) counts only once you confirm them. Tick only a key "
                               "your manager made (compare its fingerprint with an old scorecard or with them): one "
                               "you do not know was written into the records by someone else.", "muted", wrap=True))
        keys = QListWidget()
        keys.setObjectName("earlierKeys")
        for fingerprint, manager, added in waiting:
            item = QListWidgetItem(f"{fingerprint}   {manager}   added {added[:16].replace('T', ' ')}")
            item.setData(Qt.ItemDataRole.UserRole, fingerprint)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            keys.addItem(item)
        layout.addWidget(keys)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        confirm = buttons.addButton("Confirm the ticked keys", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(dialog.reject)

        def ticked() -> list[str]:
            return [keys.item(row).data(Qt.ItemDataRole.UserRole) for row in range(keys.count())
                    if keys.item(row).checkState() == Qt.CheckState.Checked]

        confirm.clicked.connect(lambda: self.confirm_earlier_keys(ticked()) and dialog.accept())
        layout.addWidget(buttons)
        dialog.keys_list, dialog.confirm_button = keys, confirm
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.resize(760, 320)
        dialog.open()
        return dialog

    def confirm_earlier_keys(self, fingerprints: list[str]) -> bool:
        try:
            self.desk.confirm_earlier_keys(fingerprints)
        except PLAIN_ERRORS as error:
            _say(self.keys_message, plain_message(error), "problem")
            return False
        self.refresh()
        _say(self.keys_message, f"Confirmed {len(fingerprints)} earlier key{'s' if len(fingerprints) != 1 else ''}: "
                                "what they signed counts again. Any key left unticked still signs nothing.", "done")
        return True


__all__ = ["WorkstationTab"]
