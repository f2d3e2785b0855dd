"""The settings dialog: one page per table, its form built from the settings dataclasses' metadata."""
from __future__ import annotations

from dataclasses import fields

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
                               QLabel, QLineEdit, QSpinBox, QTabWidget, QVBoxLayout, QWidget)

from ..settings import TABLE_SETTINGS, TABLE_TITLES, Settings, SettingsError, build_table, default_of


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Table settings")
        self._settings = settings
        self._editors: dict[str, dict[str, QWidget]] = {}
        self.tabs = QTabWidget()
        for table, cls in TABLE_SETTINGS.items():
            page = QWidget()
            form = QFormLayout(page)
            self._editors[table] = {}
            for f in fields(cls):
                editor = self._editor_for(f, getattr(getattr(settings, table), f.name))
                editor.setToolTip(f.metadata["help"] or f.metadata["label"])
                self._editors[table][f.name] = editor
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
        layout.addWidget(self.tabs)
        layout.addWidget(self.problem_label)
        layout.addWidget(buttons)

    @staticmethod
    def _editor_for(f, value) -> QWidget:
        meta = f.metadata
        default = default_of(f)
        if isinstance(default, bool):
            editor = QCheckBox()
            editor.setChecked(bool(value))
        elif meta["choices"]:
            editor = QComboBox()
            for choice, label in meta["choices"]:
                editor.addItem(label, choice)
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif isinstance(default, tuple):
            editor = QLineEdit(", ".join(str(v) for v in value))
            editor.setPlaceholderText("values separated by commas, e.g. 1, 5, 25, 100")
        elif isinstance(default, int):
            editor = QSpinBox()
            editor.setRange(int(meta["low"]), int(meta["high"]))
            editor.setValue(int(value))
        else:
            editor = QDoubleSpinBox()
            editor.setDecimals(2)
            editor.setRange(float(meta["low"]), float(meta["high"]))
            editor.setSingleStep(0.5)
            editor.setValue(float(value))
        return editor

    @staticmethod
    def _value_of(editor: QWidget):
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QComboBox):
            return editor.currentData()
        if isinstance(editor, QLineEdit):
            values = []
            for part in editor.text().replace(";", ",").split(","):
                part = part.strip().lstrip("$")
                if part:
                    try:
                        values.append(int(part))
                    except ValueError:
                        raise SettingsError(f"chip values: {part!r} is not a whole number of dollars") from None
            return values
        return editor.value()

    def chosen_settings(self) -> Settings:
        """The settings as entered; raises SettingsError in plain words if any is unusable."""
        tables = {}
        for table, editors in self._editors.items():
            try:
                raw = {name: self._value_of(editor) for name, editor in editors.items()}
            except SettingsError as error:
                raise SettingsError(f"{TABLE_TITLES[table]}: {error}") from None
            tables[table] = build_table(table, raw)
        return Settings(**tables)

    def restore_defaults(self) -> None:
        defaults = Settings()
        for table, editors in self._editors.items():
            for f in fields(TABLE_SETTINGS[table]):
                replacement = self._editor_for(f, getattr(getattr(defaults, table), f.name))
                editor = editors[f.name]
                form: QFormLayout = editor.parentWidget().layout()
                form.replaceWidget(editor, replacement)
                editor.deleteLater()
                editors[f.name] = replacement
        self.problem_label.clear()

    def accept(self) -> None:
        try:
            self._settings = self.chosen_settings()
        except SettingsError as error:
            self.problem_label.setText(str(error))
            return
        super().accept()

    def result_settings(self) -> Settings:
        return self._settings
