"""The settings dialog: one page per table, its form built from the settings dataclasses' metadata.

Numbers are typed into plain line edits and checked by `settings.check_value`, never clamped by a spin box:
a value out of range is shown in red at once, and OK refuses it with a message that names the table and the
setting, switching to that table's page. Nothing is changed until every value is usable.

The house-way box lists the ways on offer when the dialog opens (the shipped ones and any file a manager
loaded). Values the program keeps itself (the list of loaded house-way files) have no editor and pass
through unchanged. With the manager role locked (`locked`), the settings that decide answers are shown but
cannot be edited (the desk would refuse them anyway); the presentation settings stay open to everyone.
"""
from __future__ import annotations

import re
from dataclasses import fields

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..settings import (
    TABLE_SETTINGS,
    TABLE_TITLES,
    Settings,
    SettingsError,
    build_table,
    check_value,
    choices_of,
    default_of,
    is_typed,
)

_WHOLE = re.compile(r"[+-]?\d+")
_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d*)?")  # 1,000 or 1,000.5: thousands separators
INVALID_STYLE = "QLineEdit { border: 2px solid #b00020; background: #fde8ea; }"


def _limit(number) -> str:
    return f"{number:,}" if isinstance(number, int) else f"{number:g}"


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None, *, locked: bool = False):
        from dealerdrill.desk import PRESENTATION_ONLY

        super().__init__(parent)
        self.setWindowTitle("Table settings")
        self._settings = settings
        self._editors: dict[str, dict[str, QWidget]] = {}
        self._fields = {table: {f.name: f for f in fields(cls)} for table, cls in TABLE_SETTINGS.items()}
        self.tabs = QTabWidget()
        for table, cls in TABLE_SETTINGS.items():
            page = QWidget()
            form = QFormLayout(page)
            self._editors[table] = {}
            for f in fields(cls):
                if not is_typed(f):
                    continue
                editor = self._editor_for(f)
                self._show_value(editor, f, getattr(getattr(settings, table), f.name))
                editor.setToolTip(self._tip(f))
                editor.setAccessibleName(f"{TABLE_TITLES[table]}: {f.metadata['label']}")
                if isinstance(editor, QLineEdit):
                    editor.textChanged.connect(lambda _text, t=table, ff=f, e=editor: self._check_live(t, ff, e))
                self._editors[table][f.name] = editor
                if locked and f.name not in PRESENTATION_ONLY:
                    editor.setEnabled(False)
                form.addRow(f.metadata["label"], editor)
            self.tabs.addTab(page, TABLE_TITLES[table])
        self.problem_label = QLabel()
        self.problem_label.setStyleSheet("color: #b00020; font-weight: bold")
        self.problem_label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        self.locked_note = QLabel("These settings decide the drills' answers, so only a training manager can "
                                  "change them (Trainee ▸ Unlock manager role…). The animation speeds are yours "
                                  "to set.")
        self.locked_note.setObjectName("settingsLockedNote")
        self.locked_note.setWordWrap(True)
        self.locked_note.setVisible(locked)
        layout.addWidget(self.locked_note)
        layout.addWidget(self.tabs)
        layout.addWidget(self.problem_label)
        layout.addWidget(buttons)

    # --- editors ------------------------------------------------------------------------------------------
    @staticmethod
    def _tip(f) -> str:
        meta = f.metadata
        tip = meta["help"] or meta["label"]
        if meta["low"] is not None and meta["high"] is not None and not meta["choices"]:
            tip += f"\nFrom {_limit(meta['low'])} to {_limit(meta['high'])}."
        return tip

    @staticmethod
    def _editor_for(f) -> QWidget:
        meta = f.metadata
        default = default_of(f)
        if isinstance(default, bool):
            return QCheckBox()
        if meta["choices"]:
            editor = QComboBox()
            for choice, label in choices_of(f):
                editor.addItem(label, choice)
            return editor
        editor = QLineEdit()
        if isinstance(default, tuple):
            editor.setPlaceholderText("values separated by commas, e.g. 1, 5, 25, 100")
        else:
            editor.setPlaceholderText(f"{_limit(meta['low'])} to {_limit(meta['high'])}")
        return editor

    @staticmethod
    def _show_value(editor: QWidget, f, value) -> None:
        if isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif isinstance(value, tuple):
            editor.setText(", ".join(str(v) for v in value))
        else:
            editor.setText(f"{value:g}" if isinstance(value, float) else str(value))

    @staticmethod
    def _number_from(text: str, label: str):
        """The number typed, as int or float; SettingsError in plain words when it is not a number."""
        typed = text.strip().lstrip("$").rstrip("%").strip()
        if _GROUPED.fullmatch(typed):
            typed = typed.replace(",", "")
        if not typed:
            raise SettingsError(f"{label}: type a number")
        if _WHOLE.fullmatch(typed):
            return int(typed)
        try:
            value = float(typed)
        except ValueError:
            raise SettingsError(f"{label}: {text.strip()!r} is not a number") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise SettingsError(f"{label}: {text.strip()!r} is not a number")
        return value

    def _value_of(self, editor: QWidget, f):
        """The editor's value checked against the field's limits (SettingsError naming the setting)."""
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QComboBox):
            return check_value(f, editor.currentData())
        label = f.metadata["label"]
        if isinstance(default_of(f), tuple):
            values = []
            for part in editor.text().replace(";", ",").split(","):
                part = part.strip().lstrip("$")
                if part:
                    if not _WHOLE.fullmatch(part):
                        raise SettingsError(f"{label}: {part!r} is not a whole number of dollars")
                    values.append(int(part))
            return check_value(f, values)
        return check_value(f, self._number_from(editor.text(), label))

    def _check_live(self, table: str, f, editor: QLineEdit) -> None:
        """Show a value that would be refused in red while it is typed, with the reason as its tooltip."""
        try:
            self._value_of(editor, f)
        except SettingsError as error:
            editor.setStyleSheet(INVALID_STYLE)
            editor.setToolTip(f"{TABLE_TITLES[table]}: {error}")
            return
        editor.setStyleSheet("")
        editor.setToolTip(self._tip(f))

    # --- the result ---------------------------------------------------------------------------------------
    def chosen_settings(self) -> Settings:
        """The settings as entered; raises SettingsError, naming the table, if any is unusable."""
        return Settings(**{table: self._table_values(table) for table in self._editors})

    def _table_values(self, table: str, as_it_was: str | None = None):
        """The table's settings as typed; `as_it_was` names a field to take as it was before the dialog."""
        current = getattr(self._settings, table)
        raw = {f.name: getattr(current, f.name) for f in fields(current) if not is_typed(f)}
        for name, editor in self._editors[table].items():
            if name == as_it_was:
                continue
            try:
                raw[name] = self._value_of(editor, self._fields[table][name])
            except SettingsError as error:
                raise SettingsError(f"{TABLE_TITLES[table]}: {error}") from None
        return build_table(table, raw)  # its messages already name the table

    def restore_defaults(self) -> None:
        defaults = Settings()
        for table, editors in self._editors.items():
            for name, editor in editors.items():
                self._show_value(editor, self._fields[table][name], getattr(getattr(defaults, table), name))
        self.problem_label.clear()

    def accept(self) -> None:
        for index, table in enumerate(self._editors):
            try:
                self._table_values(table)
            except SettingsError as error:
                self.problem_label.setText(str(error))
                self.tabs.setCurrentIndex(index)
                self._focus_faulty(table)
                return
        try:
            self._settings = self.chosen_settings()
        except SettingsError as error:  # not reached: every table was checked above
            self.problem_label.setText(str(error))
            return
        self.problem_label.clear()
        super().accept()

    def _focus_faulty(self, table: str) -> None:
        """Put the cursor in the first field of `table` whose value is refused on its own, if any."""
        editors = self._editors[table]
        faulty = None
        for name, editor in editors.items():
            try:
                self._value_of(editor, self._fields[table][name])
            except SettingsError:
                faulty = editor
                break
        if faulty is None:
            # Each value is fine on its own but the table refuses them together (a commission rate the engine
            # cannot charge): the field that, as it was, lets the table through is the one to correct. The
            # cursor used to stay wherever it was, often in another field.
            for name, editor in editors.items():
                try:
                    self._table_values(table, as_it_was=name)
                except SettingsError:
                    continue
                faulty = editor
                break
        if faulty is not None:
            faulty.setFocus()
            if isinstance(faulty, QLineEdit):
                faulty.selectAll()

    def result_settings(self) -> Settings:
        return self._settings
