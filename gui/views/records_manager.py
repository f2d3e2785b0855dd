"""The Manager page (only while the manager role is unlocked): roster with readiness per game, cohort
comparison, targets and pass marks, test results with sign-off, archiving, exports and imports, and the
pai gow house ways (load a house-way file, read a way's rules, choose the table's way, forget a file), and
the workstation (when the role locks itself, the manager key's fingerprint, the keys imports accept).

Filters at the top (trainee, date range, game, drill, mode, archived trainees) narrow every tab and the
exports. Exports and imports run on a worker thread (`RecordsJob`, with `records.clone()` opened in that
thread); the page shows their progress and reacts to the result, and the worker never touches a widget.

Every change and every manager's reading goes through the desk (dealerdrill.desk), which checks the
manager role, so a locked role is refused there whatever this page shows. House ways are settings: the
desk loads, forgets and chooses them.
Keys: Ctrl+Page Up/Down or Ctrl+Tab switch tabs; Tab walks the filters, tables and buttons; F5 refreshes.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QRadioButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.desk import ManagerRoleRequired, Permission
from dealerdrill.drills.levels import LEVEL_NAMES, level_name

from .. import settings as app_settings
from .records_profiles import (
    MET_BACKGROUND,
    NONE_BACKGROUND,
    PARTLY_BACKGROUND,
    PLAIN_ERRORS,
    SHORT_BACKGROUND,
    button,
    label,
    plain_message,
    style_page,
)
from .records_trainee import (
    GAME_TITLES,
    MODE_TITLES,
    Cell,
    card,
    drill_namer,
    fill_table,
    local_time,
    make_table,
    percent,
    seconds,
    session_result_text,
)

EXPORT_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("pdf", "PDF scorecards (one page set per trainee, charts, sign-off lines)", "PDF files (*.pdf)"),
    ("csv", "CSV tables (every answer, and every session in a second file)", "CSV files (*.csv)"),
    ("xlsx", "Excel workbook (answers and sessions sheets)", "Excel workbooks (*.xlsx)"),
    ("json", "Records file for another workstation (JSON, to import there)", "Records files (*.json)"),
)
PROGRESS_DELAY_MS = 300   # a quick export finishes before a progress bar would only flicker
HOUSE_WAY_FILES = "House-way files (*.toml);;All files (*)"
HOUSE_WAYS_TAB = 5
WORKSTATION_TAB = 6


class RecordsJob(QThread):
    """Runs `work(records, progress, cancel)` on its own thread with its own Records (source.clone()
    opened in that thread, as SQLite wants). Results come back as signals, handled on the UI thread."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, source, work: Callable, parent=None):
        super().__init__(parent)
        self._source = source
        self._work = work
        self._stop = threading.Event()
        self.worker_thread_id: int | None = None

    def cancel(self) -> None:
        self._stop.set()

    def run(self) -> None:
        from dealerdrill.records import ExportCancelled

        self.worker_thread_id = threading.get_ident()
        records = None
        try:
            records = self._source.clone()
            result = self._work(records, self.progressed.emit, self._stop.is_set)
        except ExportCancelled:
            self.cancelled.emit()
        except Exception as error:  # reported in plain words on the UI thread
            self.failed.emit(plain_message(error))
        else:
            self.succeeded.emit(result)
        finally:
            if records is not None:
                records.close()


def _format_guide() -> str:
    """Where the house-way file format is described, for a manager writing a file."""
    from importlib import resources

    try:
        return str(resources.files("dealerdrill.resources") / "house_ways" / "FORMAT.md")
    except (ModuleNotFoundError, TypeError):   # resources not installed as files: name the guide only
        return "FORMAT.md (with the shipped house ways)"


def _tab_page() -> tuple[QWidget, QVBoxLayout]:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(14, 12, 14, 12)
    layout.setSpacing(8)
    return page, layout


def _message(role: str = "muted") -> QLabel:
    widget = label("", role, wrap=True)
    widget.hide()
    return widget


def _say(widget, text: str, role: str) -> None:
    widget.setText(text)
    widget.setProperty("role", role)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.setVisible(bool(text))


class ManagerPage(QWidget):
    show_progress_of = Signal(str)     # a trainee's name: open their Progress page
    export_finished = Signal(object)   # list of paths written
    import_finished = Signal(object)   # ImportResult

    def __init__(self, signals, parent: QWidget | None = None):
        super().__init__(parent)
        style_page(self)
        self.desk = signals.desk
        self.manager = None
        self.job: RecordsJob | None = None
        self._roster = []
        self._attempts = []
        self._targets = {}
        self._ways: list[str] = []          # house-way ids in the order of the ways table
        self.test_review = None            # the review of a test open from the tests tab (signoff_review)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 18, 24, 14)
        outer.setSpacing(10)
        top = QHBoxLayout()
        self.title_label = label("Manager", "heading")
        top.addWidget(self.title_label)
        top.addStretch(1)
        self.who_label = label("", "muted")
        self.who_label.setObjectName("managerWho")
        top.addWidget(self.who_label)
        outer.addLayout(top)
        outer.addWidget(self._build_filters())
        self.locked_label = label("The manager role is locked. Unlock it with the PIN (Trainee ▸ Unlock manager "
                                  "role…, Ctrl+L).", "problem", wrap=True)
        self.locked_label.setObjectName("lockedLabel")
        outer.addWidget(self.locked_label)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("managerTabs")
        self.tabs.addTab(self._build_roster(), "&Roster")
        self.tabs.addTab(self._build_cohort(), "&Cohort")
        self.tabs.addTab(self._build_targets(), "T&argets")
        self.tabs.addTab(self._build_tests(), "Te&sts and sign-off")
        self.tabs.addTab(self._build_exports(), "&Export and import")
        self.tabs.addTab(self._build_house_ways(), "House &ways")
        from .records_workstation import WorkstationTab

        self.workstation_tab = WorkstationTab(self.desk)
        self.tabs.addTab(self.workstation_tab, "Wor&kstation and keys")
        self.tabs.addTab(self._build_room_server(), "Trainin&g room")
        self.tabs.currentChanged.connect(lambda _: self.refresh())
        outer.addWidget(self.tabs, 1)
        self.setFocusProxy(self.trainee_box)
        QShortcut(QKeySequence("F5"), self, self.refresh, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        signals.records_changed.connect(self._refresh_if_visible)
        signals.settings_changed.connect(self._refresh_if_visible)
        self.set_manager(None)

    # --- filters -----------------------------------------------------------------------------------------------
    def _build_filters(self) -> QWidget:
        box = card()
        grid = QGridLayout(box)
        grid.setContentsMargins(14, 10, 14, 10)
        grid.setHorizontalSpacing(10)
        self.trainee_box = QComboBox()
        self.trainee_box.setAccessibleName("Trainee filter")
        self.trainee_box.setMinimumWidth(160)
        self.from_check = QCheckBox("&From")
        self.from_date = QDateEdit(QDate.currentDate().addDays(-29))
        self.to_check = QCheckBox("&To")
        self.to_date = QDateEdit(QDate.currentDate())
        for edit in (self.from_date, self.to_date):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("d MMM yyyy")
            edit.setEnabled(False)
        self.from_check.toggled.connect(self.from_date.setEnabled)
        self.to_check.toggled.connect(self.to_date.setEnabled)
        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game filter")
        self.game_box.addItem("All games", None)
        for game, title in GAME_TITLES.items():
            self.game_box.addItem(title, game)
        self.drill_box = QComboBox()
        self.drill_box.setAccessibleName("Drill filter")
        self.drill_box.setMinimumWidth(200)
        self.mode_box = QComboBox()
        self.mode_box.setAccessibleName("Mode filter")
        self.mode_box.addItem("All modes", None)
        for mode, title in MODE_TITLES.items():
            self.mode_box.addItem(title, mode)
        self.archived_check = QCheckBox("Include &archived trainees")
        self.reset_button = button("Reset filters")
        self.reset_button.clicked.connect(self.reset_filters)
        for column, (text, widget) in enumerate((("Trainee", self.trainee_box), ("Game", self.game_box),
                                                 ("Drill", self.drill_box), ("Mode", self.mode_box))):
            grid.addWidget(label(text.upper(), "section"), 0, column)
            grid.addWidget(widget, 1, column)
        # The period, the archived switch and Reset go on a second row, so the page fits a laptop's width.
        dates = QHBoxLayout()
        for widget in (self.from_check, self.from_date, self.to_check, self.to_date):
            dates.addWidget(widget)
        dates.addSpacing(16)
        dates.addWidget(self.archived_check)
        dates.addStretch(1)
        dates.addWidget(self.reset_button)
        grid.addWidget(label("PERIOD (LOCAL DAYS, BOTH INCLUDED)", "section"), 2, 0, 1, 4)
        grid.addLayout(dates, 3, 0, 1, 4)
        grid.setColumnStretch(4, 1)
        self.game_box.currentIndexChanged.connect(lambda _: (self._fill_drill_box(), self.refresh()))
        for widget in (self.trainee_box, self.drill_box, self.mode_box):
            widget.currentIndexChanged.connect(lambda _: self.refresh())
        for widget in (self.from_check, self.to_check, self.archived_check):
            widget.toggled.connect(lambda _: self.refresh())
        for widget in (self.from_date, self.to_date):
            widget.dateChanged.connect(lambda _: self.refresh())
        self._filling = False
        return box

    def _fill_trainee_box(self) -> None:
        records = self.desk.records
        current = self.trainee_box.currentData()
        self._filling = True
        self.trainee_box.clear()
        self.trainee_box.addItem("All trainees", None)
        for trainee in records.trainees(include_archived=True):
            self.trainee_box.addItem(trainee.name + (" (archived)" if trainee.archived else ""), trainee.name)
        index = self.trainee_box.findData(current)
        self.trainee_box.setCurrentIndex(max(0, index))
        self._filling = False

    def _fill_drill_box(self) -> None:
        records = self.desk.records
        if records is None:
            return
        current = self.drill_box.currentData()
        game = self.game_box.currentData()
        self._filling = True
        self.drill_box.clear()
        self.drill_box.addItem("All drills", None)
        for info in records.drill_infos().values():
            if game is None or info.game == game:
                self.drill_box.addItem(f"{GAME_TITLES.get(info.game, info.game)}: {info.title}", info.id)
        self.drill_box.setCurrentIndex(max(0, self.drill_box.findData(current)))
        self._filling = False

    def reset_filters(self) -> None:
        self._filling = True
        for box in (self.trainee_box, self.game_box, self.drill_box, self.mode_box):
            box.setCurrentIndex(0)
        for check in (self.from_check, self.to_check, self.archived_check):
            check.setChecked(False)
        self._filling = False
        self.refresh()

    def record_filter(self):
        """The filters as a RecordFilter (also used by the exports)."""
        from dealerdrill.records import RecordFilter

        name = self.trainee_box.currentData()
        date_from = self.from_date.date().toPython() if self.from_check.isChecked() else None
        date_to = self.to_date.date().toPython() if self.to_check.isChecked() else None
        if date_from and date_to and date_from > date_to:
            raise ValueError("The period starts after it ends; change the From or To date.")
        return RecordFilter(date_from, date_to, self.game_box.currentData(), self.drill_box.currentData(),
                            self.mode_box.currentData(), (name,) if name else None, self.archived_check.isChecked())

    # --- manager role ------------------------------------------------------------------------------------------
    def set_manager(self, manager) -> None:
        self.manager = manager
        unlocked = manager is not None
        self.locked_label.setVisible(not unlocked)
        self.tabs.setEnabled(unlocked)
        self.who_label.setText(f"Unlocked for {manager.name} since {local_time(manager.unlocked_at)}"
                               if unlocked else "Locked")
        if unlocked:
            self._refresh_if_visible()
        else:
            for table in (self.roster_table, self.detail_table, self.cohort_table, self.targets_table,
                          self.tests_table, self.ways_table, self.rules_table):
                table.setRowCount(0)
            self._ways = []
            self.rules_title.clear()
            self.way_notes.clear()
            self.workstation_tab.clear()
            self.import_refused.clear()
            self.import_refused.hide()
            if self.test_review is not None:        # nothing a manager reads stays open once locked
                self.test_review.close_for_lock()

    def _refresh_if_visible(self) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        if getattr(self, "_filling", False) or self.manager is None or self.desk.records is None:
            return
        if not self.desk.unlocked:
            self.set_manager(None)
            return
        try:
            if self.trainee_box.count() == 0 or self._trainee_list_stale():
                self._fill_trainee_box()
            if self.drill_box.count() == 0:
                self._fill_drill_box()
            f = self.record_filter()
            _say(self.filter_problem, "", "muted")
            page = self.tabs.currentIndex()
            if page == 0:
                self._fill_roster(f)
            elif page == 1:
                self._fill_cohort(f)
            elif page == 2:
                self._fill_targets()
            elif page == 3:
                self._fill_tests(f)
            elif page == HOUSE_WAYS_TAB:
                self._fill_house_ways()
                self._show_dice_count()
            elif page == WORKSTATION_TAB:
                self.workstation_tab.refresh()
        except PLAIN_ERRORS as error:
            _say(self.filter_problem, plain_message(error), "problem")

    def _trainee_list_stale(self) -> bool:
        names = [t.name for t in self.desk.records.trainees(include_archived=True)]
        return names != [self.trainee_box.itemData(i) for i in range(1, self.trainee_box.count())]

    # --- roster ------------------------------------------------------------------------------------------------
    def _build_roster(self) -> QWidget:
        page, layout = _tab_page()
        self.filter_problem = _message()
        layout.addWidget(self.filter_problem)
        layout.addWidget(label("Ready for the floor in a game = every drill of the game meets its accuracy and "
                               "speed targets over the latest answers, with a test passed. Select a trainee "
                               "for the drill by drill detail.", "muted", wrap=True))
        self.roster_table = make_table(["Trainee", "Status", "Last active", "Answers", *GAME_TITLES.values()],
                                       "rosterTable")
        self.roster_table.itemSelectionChanged.connect(self._roster_selection_changed)
        self.roster_table.itemActivated.connect(lambda _: self.open_progress())
        layout.addWidget(self.roster_table)
        row = QHBoxLayout()
        self.progress_button = button("Show progress")
        self.progress_button.clicked.connect(self.open_progress)
        # No "…": it archives at once, asking nothing more (Restore undoes it).
        self.archive_button = button("Archive trainee")
        self.archive_button.clicked.connect(self.archive_selected)
        self.restore_button = button("Restore trainee")
        self.restore_button.clicked.connect(self.restore_selected)
        for widget in (self.progress_button, self.archive_button, self.restore_button):
            row.addWidget(widget)
        row.addStretch(1)
        layout.addLayout(row)
        self.roster_message = _message()
        self.roster_message.setObjectName("rosterMessage")
        layout.addWidget(self.roster_message)
        layout.addWidget(label("DRILL BY DRILL", "section"))
        self.detail_table = make_table(["Drill", "Game", "Answers counted", "Accuracy / target",
                                        "Median time / target", "Test passed", "Signed off", "Ready"],
                                       "readinessTable")
        layout.addWidget(self.detail_table, 1)
        return page

    def _fill_roster(self, f) -> None:
        self._roster = self.desk.roster(f)
        rows = []
        for entry in self._roster:
            trainee = entry.trainee
            status = (Cell(f"Archived {local_time(trainee.archived_at)} by {trainee.archived_by}", NONE_BACKGROUND)
                      if trainee.archived else Cell("Active"))
            row = [Cell(trainee.name, bold=True), status, local_time(entry.last_active),
                   Cell(entry.answered, align_right=True)]
            for game in GAME_TITLES:
                readiness = entry.games.get(game)
                row.append(self._game_cell(readiness))
            rows.append(row)
        selected = self.selected_trainee()
        fill_table(self.roster_table, rows, fit_rows=10, empty_text="No trainees match the filters.")
        names = [e.trainee.name for e in self._roster]
        if names:
            self.roster_table.selectRow(names.index(selected) if selected in names else 0)
        self._roster_selection_changed()

    @staticmethod
    def _game_cell(readiness) -> Cell:
        if readiness is None or not readiness.drills:
            return Cell("—", NONE_BACKGROUND, "No drills of this game in the filter.")
        total = len(readiness.drills)
        missing = [d.title for d in readiness.drills if not d.ready]
        tooltip = "Not yet: " + ", ".join(missing) if missing else "Every drill meets its targets."
        if readiness.ready:
            return Cell("✓ Ready", MET_BACKGROUND, tooltip, bold=True)
        if readiness.drills_ready:
            return Cell(f"{readiness.drills_ready} of {total} drills ready", PARTLY_BACKGROUND, tooltip)
        return Cell(f"✗ Not ready (0 of {total})", SHORT_BACKGROUND, tooltip)

    def selected_trainee(self) -> str | None:
        row = self.roster_table.currentRow()
        if 0 <= row < len(self._roster) and self.roster_table.item(row, 0) is not None:
            return self._roster[row].trainee.name
        return None

    def select_trainee(self, name: str) -> None:
        names = [e.trainee.name for e in self._roster]
        self.roster_table.selectRow(names.index(name))

    def _roster_selection_changed(self) -> None:
        row = self.roster_table.currentRow()
        entry = self._roster[row] if 0 <= row < len(self._roster) else None
        for widget in (self.progress_button, self.archive_button, self.restore_button):
            widget.setEnabled(entry is not None)
        if entry is not None:
            self.archive_button.setEnabled(not entry.trainee.archived)
            self.restore_button.setEnabled(entry.trainee.archived)
        rows = []
        for game, readiness in (entry.games.items() if entry else ()):
            for d in readiness.drills:
                if d.answered:
                    accuracy = Cell(f"{percent(d.accuracy)} / {percent(d.target.accuracy)}",
                                    MET_BACKGROUND if d.accuracy_met else SHORT_BACKGROUND)
                    speed = Cell(f"{seconds(d.median_seconds)} / {d.target.seconds:g} s",
                                 MET_BACKGROUND if d.speed_met else SHORT_BACKGROUND)
                else:
                    accuracy = Cell(f"no answers / {percent(d.target.accuracy)}", NONE_BACKGROUND)
                    speed = Cell(f"no answers / {d.target.seconds:g} s", NONE_BACKGROUND)
                rows.append([d.title, GAME_TITLES.get(game, game), Cell(d.answered, align_right=True),
                             accuracy, speed,
                             Cell("Yes", MET_BACKGROUND) if d.test_passed else Cell("No", SHORT_BACKGROUND),
                             "Yes" if d.test_signed_off else "No",
                             Cell("✓ Ready", MET_BACKGROUND, bold=True) if d.ready else Cell("Not yet",
                                                                                           SHORT_BACKGROUND)])
        fill_table(self.detail_table, rows, fit_rows=None,
                   empty_text="Select a trainee above." if entry is None else "No drills match the filters.")

    def open_progress(self) -> None:
        name = self.selected_trainee()
        if name:
            self.show_progress_of.emit(name)

    def archive_selected(self) -> None:
        name = self.selected_trainee()
        if name is None:
            return
        try:
            self.desk.archive_trainee(name)
        except PLAIN_ERRORS as error:
            _say(self.roster_message, plain_message(error), "problem")
            return
        self.archived_check.setChecked(True)   # keep the archived trainee in view, with their history
        _say(self.roster_message, f"{name} is archived: hidden from the name list and the roster, with every "
                                  "record kept. Restore brings the profile back.", "done")

    def restore_selected(self) -> None:
        name = self.selected_trainee()
        if name is None:
            return
        try:
            self.desk.restore_trainee(name)
        except PLAIN_ERRORS as error:
            _say(self.roster_message, plain_message(error), "problem")
            return
        _say(self.roster_message, f"{name} is active again.", "done")

    # --- cohort ------------------------------------------------------------------------------------------------
    def _build_cohort(self) -> QWidget:
        page, layout = _tab_page()
        layout.addWidget(label("Each trainee on each drill answered in the period: accuracy · median time. Green: "
                               "both targets met; amber: one; red: neither.", "muted", wrap=True))
        self.cohort_table = make_table(["Trainee"], "cohortTable")
        # Every column as wide as its contents: a stretched name column got only what the drills' columns
        # left over, and a trainee's name was cut off ("Aroha Ngata-…") with room to spare on the page.
        self.cohort_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.cohort_table, 1)
        return page

    def _fill_cohort(self, f) -> None:
        rows = self.desk.cohort(f)
        drills = sorted({r.drill for r in rows})
        drill_name = drill_namer(self.desk.records)
        titles = [drill_name(d) for d in drills]
        table = self.cohort_table
        table.setColumnCount(1 + len(drills))
        table.setHorizontalHeaderLabels(["Trainee", *titles])
        by_trainee: dict[str, dict] = {}
        for r in rows:
            by_trainee.setdefault(r.trainee, {})[r.drill] = r
        out = []
        for name, cells in by_trainee.items():
            line = [Cell(name, bold=True)]
            for drill in drills:
                r = cells.get(drill)
                if r is None:
                    line.append(Cell("—", NONE_BACKGROUND, "No answers in the period."))
                    continue
                met = r.accuracy_met + r.speed_met
                colour = (SHORT_BACKGROUND, PARTLY_BACKGROUND, MET_BACKGROUND)[met]
                line.append(Cell(f"{percent(r.accuracy)} · {seconds(r.median_seconds)}", colour,
                                 f"{r.answered} answers; accuracy {percent(r.accuracy)} (target "
                                 f"{percent(r.target.accuracy)}); median {seconds(r.median_seconds)} (target "
                                 f"{r.target.seconds:g} s)"))
            out.append(line)
        fill_table(table, out, fit_rows=None, empty_text="No answers match the filters.")

    # --- targets -----------------------------------------------------------------------------------------------
    TARGET_COLUMNS = ("Drill", "Game", "Speed target (s)", "Accuracy target (%)", "Test items", "Pass mark (%)",
                      "Test level", "Set by")
    LEVEL_COLUMN = 6

    def _build_targets(self) -> QWidget:
        page, layout = _tab_page()
        layout.addWidget(label("Edit a value (F2 or type), then Save. Speed target 1-3600 s per item; accuracy and "
                               "pass mark 0-100 %; a test has 1-500 items, at the level named (Basic, Standard or "
                               "Advanced: a test at another level is not that test). Sessions already started keep "
                               "their targets.", "muted", wrap=True))
        self.targets_table = make_table(list(self.TARGET_COLUMNS), "targetsTable")
        self.targets_table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.targets_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        layout.addWidget(self.targets_table, 1)
        self.targets_message = _message()
        self.targets_message.setObjectName("targetsMessage")
        layout.addWidget(self.targets_message)
        row = QHBoxLayout()
        row.addStretch(1)
        self.revert_button = button("Revert")
        self.revert_button.clicked.connect(self._fill_targets)
        self.save_targets_button = button("Save targets", primary=True)
        self.save_targets_button.clicked.connect(self.save_targets)
        row.addWidget(self.revert_button)
        row.addWidget(self.save_targets_button)
        layout.addLayout(row)
        return page

    def _fill_targets(self) -> None:
        self._targets = self.desk.records.targets()
        rows = []
        for drill, info in self._targets.items():
            t = info.target
            rows.append([self.desk.records.drill_info(drill).title,
                         GAME_TITLES.get(self.desk.records.drill_info(drill).game, ""),
                         f"{t.seconds:g}", f"{100 * t.accuracy:g}", str(t.test_items), f"{100 * t.pass_mark:g}",
                         LEVEL_NAMES[t.level],
                         f"{info.set_by}, {local_time(info.set_at)}" if info.set_by else "Default"])
        fill_table(self.targets_table, rows, fit_rows=None)
        for r in range(self.targets_table.rowCount()):
            for c in (0, 1, 7):
                item = self.targets_table.item(r, c)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)

    def target_rows(self) -> list[str]:
        return list(self._targets)

    def set_target_text(self, drill_id: str, column: int, text: str) -> None:
        """Type into a targets cell (what the editor does; tests use it too)."""
        self.targets_table.item(self.target_rows().index(drill_id), column).setText(text)

    def save_targets(self) -> bool:
        """Check every row first; only when all are valid store the changed ones. False (and a plain
        message, nothing stored) when a value is wrong."""
        from dealerdrill.domain import Target

        changed = {}
        drill_name = drill_namer(self.desk.records)   # the row's game too: three drills are "Find the error"
        for row, drill in enumerate(self.target_rows()):
            title = drill_name(drill)
            texts = [self.targets_table.item(row, c).text().strip().rstrip("%s").strip() for c in (2, 3, 4, 5)]
            level_text = self.targets_table.item(row, self.LEVEL_COLUMN).text().strip()
            try:
                speed, accuracy, items, mark = (float(texts[0]), float(texts[1]), texts[2], float(texts[3]))
                if not items.isdigit():
                    raise ValueError("the number of test items is a whole number")
                level = level_of_text(level_text)
                target = Target(speed, accuracy / 100, int(items), mark / 100, level)
            except ValueError as error:
                text = str(error)
                if text.startswith("could not convert"):
                    text = "each value must be a number"
                _say(self.targets_message, f"{title}: {text}. Nothing was saved.", "problem")
                return False
            if target != self._targets[drill].target:
                changed[drill] = target
        try:
            for drill, target in changed.items():
                self.desk.set_target(drill, target)
        except PLAIN_ERRORS as error:
            _say(self.targets_message, plain_message(error), "problem")
            return False
        self._fill_targets()
        warnings = [w for w in (self.desk.situations_warning(drill, target) for drill, target in changed.items()) if w]
        saved = f"Saved {len(changed)} target{'s' if len(changed) != 1 else ''}." if changed else \
            "No target was changed."
        _say(self.targets_message, saved + "".join(f" Note: {w}" for w in warnings), "done")
        return True

    # --- tests and sign-off --------------------------------------------------------------------------------------
    TESTS_INTRO = ("Test attempts in the period, each judged again from its seed by the engine. Open one (Review "
                   "and sign off…, Enter or a double click) to go through its items as the trainee saw them and sign "
                   "it off there; the records keep who signed and when.")
    EVERY_SESSION_INTRO = ("Every finished session in the period. A practice or timed session, like a test not "
                           "passed, signs off from its review only with your reason, which the scorecards print.")

    NOTE_COLUMN, REASON_COLUMN, NOTE_WIDTH = 9, 10, 160

    def _build_tests(self) -> QWidget:
        page, layout = _tab_page()
        top = QHBoxLayout()
        self.tests_intro = label(self.TESTS_INTRO, "muted", wrap=True)
        top.addWidget(self.tests_intro, 1)
        self.every_mode_toggle = QCheckBox("&Practice and timed sessions too")
        self.every_mode_toggle.setObjectName("everyModeToggle")
        self.every_mode_toggle.setToolTip("List every finished session, not only tests: a practice or timed "
                                          "session signs off only with a reason, which the scorecards print.")
        self.every_mode_toggle.toggled.connect(lambda _: self.refresh())
        top.addWidget(self.every_mode_toggle)
        layout.addLayout(top)
        self.tests_table = make_table(["Taken", "Trainee", "Drill", "Level", "Score", "Pass mark", "Result",
                                       "Signed off by", "Signed", "Note", "Reason (not a pass)"], "testsTable",
                                      stretch_column=self.REASON_COLUMN)
        # The drill is named whole; the free texts (a note, a reason) take the room that is left, their whole
        # text in the tooltip. A stretched drill column got only what a note left it ("Payout k…").
        header = self.tests_table.horizontalHeader()
        header.setSectionResizeMode(self.NOTE_COLUMN, QHeaderView.ResizeMode.Interactive)
        self.tests_table.setColumnWidth(self.NOTE_COLUMN, self.NOTE_WIDTH)
        self.tests_table.itemActivated.connect(lambda _: self.review_selected())   # Enter or a double click
        layout.addWidget(self.tests_table, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        # Sign-off is made from the review only: a manager signs what they have gone through.
        self.review_button = button("Re&view and sign off…", primary=True)
        self.review_button.setObjectName("reviewTest")
        self.review_button.setToolTip("Open the selected test: each item drawn as the trainee saw it, the answer "
                                      "given, the right one, the rule and the time; sign it off from there.")
        self.review_button.clicked.connect(self.review_selected)
        row.addWidget(self.review_button)
        layout.addLayout(row)
        self.tests_message = _message()
        self.tests_message.setObjectName("testsMessage")
        layout.addWidget(self.tests_message)
        return page

    def _fill_tests(self, f) -> None:
        records = self.desk.records
        every_mode = self.every_mode_toggle.isChecked()
        self._attempts = list(reversed(self.desk.sessions_to_sign(f, every_mode=every_mode)))   # newest first
        reasons = self.desk.signoff_reasons()
        drill_name = drill_namer(records)
        rows = []
        for t in self._attempts:
            rows.append([local_time(t.started_at), Cell(t.trainee, bold=True), drill_name(t.drill),
                         self._level_cell(t), self._score_cell(t),
                         f"{percent(t.target.pass_mark)} of {t.target.test_items}" if t.mode == "test" else
                         Cell(f"{str(t.mode).capitalize()} session", tooltip="Not a test: no pass mark"),
                         self._result_cell(t),
                         Cell(t.signed_by, MET_BACKGROUND) if t.signed_by else Cell("Not signed off"),
                         local_time(t.signed_at) if t.signed_by else "—", Cell(t.signoff_note, tooltip=t.signoff_note),
                         Cell(reasons.get(t.uuid, ""), PARTLY_BACKGROUND if t.uuid in reasons else None,
                              reasons.get(t.uuid, ""))])
        fill_table(self.tests_table, rows, fit_rows=None,
                   empty_text="No finished sessions match the filters." if every_mode else
                   "No test attempts match the filters.")
        self.tests_intro.setText(self.EVERY_SESSION_INTRO if every_mode else self.TESTS_INTRO)
        self.review_button.setEnabled(bool(self._attempts))
        if self._attempts:
            self.tests_table.selectRow(0)

    @staticmethod
    def _level_cell(t) -> Cell:
        if t.not_counted:
            return Cell(level_name(t.settings), SHORT_BACKGROUND, f"Not a test of its target: {t.not_counted}.")
        return Cell(level_name(t.settings), tooltip="The level the session was taken at" if t.mode != "test" else
                    "The level the records issued this test at (its target's)")

    @staticmethod
    def _score_cell(t) -> Cell:
        text = f"{t.correct} of {t.scored_over} ({percent(t.score)})"
        if t.judged:
            return Cell(text, tooltip="Right answers as the engine grades the stored answers again", align_right=True)
        return Cell(text, align_right=True)

    @staticmethod
    def _result_cell(t) -> Cell:
        """The verdict made again; a test whose records disagree with it reads "Not trusted", with why."""
        if t.mode == "test" and t.problems:
            return Cell("✗ Not trusted", SHORT_BACKGROUND, "The records disagree with the verdict made again: "
                        + "; ".join(t.problems) + ". It cannot be signed off.", bold=True)
        return session_result_text(t)

    def select_attempt(self, attempt_id: str) -> None:
        self.tests_table.selectRow([t.uuid for t in self._attempts].index(attempt_id))

    def review_selected(self):
        """Open the selected session's review (SignOffReview), where it is signed off; None when none is
        selected or the desk refuses (said in plain words)."""
        row = self.tests_table.currentRow()
        if not 0 <= row < len(self._attempts):
            _say(self.tests_message, "Select a session first." if self.every_mode_toggle.isChecked() else
                 "Select a test attempt first.", "problem")
            return None
        return self.open_review(self._attempts[row].uuid)

    def open_review(self, attempt_id: str):
        from .signoff_review import SignOffReview

        if self.test_review is not None:
            self.test_review.close()
        try:
            review = self.desk.review_test(attempt_id)
        except PLAIN_ERRORS as error:
            _say(self.tests_message, plain_message(error), "problem")
            return None
        dialog = SignOffReview(self.desk, review, drill_namer(self.desk.records)(review.summary.drill), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.signed.connect(self._signed)
        dialog.finished.connect(lambda *_: self._review_closed(dialog))
        self.test_review = dialog
        _say(self.tests_message, "", "muted")
        dialog.open()
        return dialog

    def _review_closed(self, dialog) -> None:
        if self.test_review is dialog:
            self.test_review = None

    def _signed(self, signed) -> None:
        self.refresh()
        if signed.uuid in [t.uuid for t in self._attempts]:
            self.select_attempt(signed.uuid)
        _say(self.tests_message, f"Signed off: {signed.trainee}, {drill_namer(self.desk.records)(signed.drill)}"
                                 f", by {signed.signed_by} at {local_time(signed.signed_at)}.", "done")

    # --- export and import ---------------------------------------------------------------------------------------
    def _build_exports(self) -> QWidget:
        page, layout = _tab_page()
        layout.addWidget(label("EXPORT THE RECORDS SELECTED BY THE FILTERS", "section"))
        self.format_group = QButtonGroup(self)
        self.format_buttons: dict[str, QRadioButton] = {}
        for format_id, text, _ in EXPORT_FORMATS:
            radio = QRadioButton(text)
            radio.setProperty("format", format_id)
            self.format_group.addButton(radio)
            self.format_buttons[format_id] = radio
            layout.addWidget(radio)
        self.format_buttons["pdf"].setChecked(True)
        # Scorecards are handed around: they name no profile id and no machine unless the manager asks here.
        self.ids_box = QCheckBox("Print profile ids and this workstation's name on the scorecards")
        self.ids_box.setToolTip("Left off unless needed: to match a scorecard with the records, or another "
                                "workstation's. The command line's --with-ids does the same.")
        for radio in self.format_buttons.values():
            radio.toggled.connect(self._ids_box_applies)
        self._ids_box_applies()
        row = QHBoxLayout()
        self.export_button = button("Export…", primary=True)
        self.export_button.clicked.connect(self.choose_export_file)
        row.addWidget(self.export_button)
        row.addSpacing(12)
        row.addWidget(self.ids_box)   # beside the button: the page keeps its height on a small screen
        row.addStretch(1)
        layout.addLayout(row)
        self.progress_row = QWidget()
        progress = QHBoxLayout(self.progress_row)
        progress.setContentsMargins(0, 0, 0, 0)
        self.progress_label = label("", "muted")
        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("exportProgress")
        self.progress_bar.setRange(0, 0)
        self.cancel_button = button("Cancel")
        self.cancel_button.clicked.connect(self.cancel_job)
        progress.addWidget(self.progress_label)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.cancel_button)
        self.progress_row.hide()
        layout.addWidget(self.progress_row)
        self.export_message = _message()
        self.export_message.setObjectName("exportMessage")
        layout.addWidget(self.export_message)
        layout.addSpacing(14)
        layout.addWidget(label("IMPORT ANOTHER WORKSTATION'S RECORDS", "section"))
        layout.addWidget(label("Merge a records file exported on another workstation (JSON). Answers already here "
                               "are skipped, so importing twice adds nothing.", "muted", wrap=True))
        row = QHBoxLayout()
        self.import_button = button("Import records file…")
        self.import_button.clicked.connect(self.choose_import_file)
        row.addWidget(self.import_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.import_message = _message()
        self.import_message.setObjectName("importMessage")
        layout.addWidget(self.import_message)
        # What the last import did not take, a line each with the reason; it scrolls when the list is long.
        self.import_refused = QPlainTextEdit()
        self.import_refused.setObjectName("importRefused")
        self.import_refused.setAccessibleName("Not imported, and why")
        self.import_refused.setReadOnly(True)
        self.import_refused.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.import_refused.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                    | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.import_refused.setTabChangesFocus(True)
        self.import_refused.setMaximumHeight(124)   # about six lines; more scroll
        self.import_refused.hide()
        layout.addWidget(self.import_refused)
        layout.addStretch(1)
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.timeout.connect(self._show_progress_row)
        return page

    def _build_room_server(self) -> QWidget:
        """The training room's setting (issue 14) on a tab of its own: beside the export panel it made the
        Manager page, and so the window, taller than a laptop's screen."""
        from .room_server import RoomServerBox

        page, layout = _tab_page()
        self.room_server_box = RoomServerBox(self.desk)
        layout.addWidget(self.room_server_box)
        layout.addStretch(1)
        return page

    def chosen_format(self) -> str:
        return self.format_group.checkedButton().property("format")

    def _ids_box_applies(self) -> None:
        """The ids box is about scorecards: usable with the PDF format only."""
        self.ids_box.setEnabled(self.chosen_format() == "pdf")

    @staticmethod
    def export_folder() -> Path:
        """Where the Export dialog opens: the user's documents folder (platformdirs), where people look for
        what they saved, not the program's data folder; the home folder if there is no documents folder."""
        import platformdirs

        documents = Path(platformdirs.user_documents_dir())
        return documents if documents.is_dir() else Path.home()

    def choose_export_file(self) -> None:
        format_id = self.chosen_format()
        pattern = next(p for f, _, p in EXPORT_FORMATS if f == format_id)
        suggested = str(self.export_folder() / f"dealerdrill-records-{date.today().isoformat()}.{format_id}")
        path, _ = QFileDialog.getSaveFileName(self, "Export records", suggested, pattern)
        if path:
            self.start_export(format_id, path)

    def choose_import_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import records", "", "Records files (*.json)")
        if path:
            self.start_import(path)

    def start_export(self, format_id: str, path: str | Path) -> RecordsJob | None:
        try:
            f = self.record_filter()
        except PLAIN_ERRORS as error:
            _say(self.export_message, plain_message(error), "problem")
            return None

        try:
            job = self.desk.export_job(format_id, path, f)
        except PLAIN_ERRORS as error:
            _say(self.export_message, plain_message(error), "problem")
            return None
        with_ids = format_id == "pdf" and self.ids_box.isChecked()

        def work(records, progress=None, cancel=None):
            # On the worker thread: the scorecards' choice about ids is made there, for this export only.
            from dealerdrill.exports.scorecard import with_identifiers

            with with_identifiers(with_ids):
                return job(records, progress, cancel)

        return self._start_job(work, f"Exporting {format_id.upper()}…",
                               lambda written: self._export_done(written, format_id))

    def start_import(self, path: str | Path) -> RecordsJob | None:
        try:
            work = self.desk.import_job(path)
        except PLAIN_ERRORS as error:
            _say(self.import_message, plain_message(error), "problem")
            return None
        return self._start_job(work, "Importing…", self._import_done, self.import_message)

    def _start_job(self, work, text: str, on_done, message=None) -> RecordsJob | None:
        """`message`: where the job's outcome is said (the export's message unless given)."""
        message = message or self.export_message
        if self.job is not None:
            _say(message, "Wait for the running export or import to finish (or cancel it).", "problem")
            return None
        job = RecordsJob(self.desk.records, work, self)
        queued = Qt.ConnectionType.QueuedConnection   # emitted on the worker thread, handled on this one
        job.progressed.connect(self._job_progress, queued)
        job.succeeded.connect(on_done, queued)
        job.failed.connect(lambda text: _say(message, text, "problem"), queued)
        job.cancelled.connect(lambda: _say(message, "Cancelled; no file was written.", "muted"), queued)
        job.finished.connect(self._job_over, queued)
        self.job = job
        self.progress_label.setText(text)
        self.progress_bar.setRange(0, 0)
        for widget in (self.export_button, self.import_button):
            widget.setEnabled(False)
        _say(message, "", "muted")
        self.import_refused.clear()
        self.import_refused.hide()
        self._progress_timer.start(PROGRESS_DELAY_MS)
        job.start()
        return job

    def _show_progress_row(self) -> None:
        if self.job is not None:
            self.progress_row.show()
            self.cancel_button.setFocus()

    def _job_progress(self, done: int, total: int) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(min(done, max(total, 1)))

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _job_over(self) -> None:
        job, self.job = self.job, None
        self._progress_timer.stop()
        self.progress_row.hide()
        for widget in (self.export_button, self.import_button):
            widget.setEnabled(True)
        if job is not None:
            job.deleteLater()

    def _export_done(self, written, format_id: str = "") -> None:
        text, role = "Written: " + ", ".join(str(p) for p in written) + ".", "done"
        if format_id == "json" and written:
            seal = self.desk.records_file_seal(written[0])   # signed, or why not: the manager must know
            text += f" The records file is {seal}."
            role = "done" if seal.signed else "problem"
        _say(self.export_message, text, role)
        self.export_finished.emit(written)

    def _import_done(self, result) -> None:
        refused = list(result.refused)
        text = (f"Imported: {result.answers_added} answers, {result.sessions_added} sessions, "
                f"{result.trainees_added} new trainees, {result.signoffs_added} sign-offs; "
                f"{result.answers_already_present} answers were already here.")
        if result.grading:
            text += f" {result.grading[0].upper()}{result.grading[1:]}."
        if refused:
            text += (f" Not imported: {len(refused)} item{'s' if len(refused) != 1 else ''}, each listed below with "
                     "the reason.")
        _say(self.import_message, text, "problem" if refused else "done")
        self.import_refused.setPlainText("\n".join(f"• {line}" for line in refused))
        self.import_refused.setVisible(bool(refused))
        self.desk.records_changed()
        self.import_finished.emit(result)

    def refused_lines(self) -> list[str]:
        """The lines of the not-imported list, as shown (without their bullets)."""
        if self.import_refused.isHidden():
            return []
        return [line.removeprefix("• ") for line in self.import_refused.toPlainText().splitlines()]


    # --- house ways ----------------------------------------------------------------------------------------------
    def _build_house_ways(self) -> QWidget:
        page, layout = _tab_page()
        layout.addWidget(label("The house ways the Pai Gow table and the house-way drill can use. A house-way file "
                               f"of your own (TOML, written as {_format_guide()} describes) is checked against "
                               "every hand before it is offered, and is loaded again at each start.",
                               "muted", wrap=True))
        self.ways_table = make_table(["Name", "Id", "Source", "File", "Pai Gow table"], "houseWaysTable",
                                     stretch_column=2)
        self.ways_table.itemSelectionChanged.connect(self._way_selection_changed)
        layout.addWidget(self.ways_table)
        row = QHBoxLayout()
        self.load_way_button = button("&Load a house-way file…", primary=True)
        self.load_way_button.setObjectName("loadHouseWay")
        self.load_way_button.clicked.connect(self.choose_house_way_file)
        self.use_way_button = button("&Use at this table")
        self.use_way_button.setObjectName("useHouseWay")
        self.use_way_button.setToolTip("Make the selected way the Pai Gow table's house way (the house-way drill "
                                       "uses it from its next session)")
        self.use_way_button.clicked.connect(self.use_selected_house_way)
        self.forget_way_button = button("&Forget")
        self.forget_way_button.setObjectName("forgetHouseWay")
        self.forget_way_button.setToolTip("Stop offering the selected loaded way (the file itself is not touched)")
        self.forget_way_button.clicked.connect(self.forget_selected_house_way)
        for widget in (self.load_way_button, self.use_way_button, self.forget_way_button):
            row.addWidget(widget)
        row.addStretch(1)
        # A house reading the rule pages leave open: where the dice total is counted from (the dice rules are
        # missing). Signed like every answer-key setting; the dice-and-delivery drill grades by it. On the
        # buttons' row: a row of its own made the Manager page too tall for a laptop's window.
        dice_label = QLabel("&Dice counted from:")
        self.dice_count_box = QComboBox()
        self.dice_count_box.setObjectName("diceCountFrom")
        for value, words in app_settings.DICE_COUNT_CHOICES:
            self.dice_count_box.addItem(words, value)
        dice_label.setBuddy(self.dice_count_box)
        self.dice_count_box.setToolTip("The house's reading of the pai gow dice count (the dice rules are not among "
                                       "the rule pages): the Pai Gow table and the dice-and-delivery drill use it")
        self.use_dice_count_button = button("Use this readi&ng")
        self.use_dice_count_button.setObjectName("useDiceCount")
        self.use_dice_count_button.clicked.connect(self.use_chosen_dice_count)
        for widget in (dice_label, self.dice_count_box, self.use_dice_count_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.ways_message = _message()
        self.ways_message.setObjectName("houseWaysMessage")
        layout.addWidget(self.ways_message)
        self.rules_title = label("", "section")
        layout.addWidget(self.rules_title)
        self.way_notes = label("", "muted", wrap=True)
        self.way_notes.setObjectName("houseWayNotes")
        layout.addWidget(self.way_notes)
        # What trainees will be told: each rule's id, title and text, in the order the rules are tried.
        self.rules_table = make_table(["Rule", "Title", "What the trainee reads"], "houseWayRules", stretch_column=2,
                                      names_whole=False)
        self.rules_table.setWordWrap(True)
        self.rules_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.rules_table, 1)
        return page

    def _table_way(self) -> str:
        return self.desk.settings.paigow.house_way

    def _fill_house_ways(self, select: str | None = None) -> None:
        from dealerdrill.core import paigow

        select = select or self.selected_house_way() or self._table_way()
        loaded = {way.id: way for way in app_settings.loaded_house_ways()}
        in_use = self._table_way()
        self._ways, rows = [], []
        for way_id, _ in app_settings.house_way_choices():
            way = paigow.describe_house_way(way_id)
            self._ways.append(way_id)
            rows.append([Cell(way.name, bold=True), way_id, way.source,
                         loaded[way_id].path if way_id in loaded else "Shipped with the program",
                         Cell("In use", MET_BACKGROUND) if way_id == in_use else ""])
        fill_table(self.ways_table, rows, fit_rows=None)
        self.ways_table.setMaximumHeight(self.ways_table.horizontalHeader().height() + 4
                                         + sum(self.ways_table.rowHeight(r) for r in range(len(rows))))
        self.select_house_way(select if select in self._ways else self._ways[0])

    def selected_house_way(self) -> str | None:
        row = self.ways_table.currentRow()
        return self._ways[row] if 0 <= row < len(self._ways) else None

    def select_house_way(self, way_id: str) -> None:
        self.ways_table.selectRow(self._ways.index(way_id))
        self._way_selection_changed()

    def _way_selection_changed(self) -> None:
        from dealerdrill.core import paigow

        way_id = self.selected_house_way()
        loaded = {way.id for way in app_settings.loaded_house_ways()}
        self.forget_way_button.setEnabled(way_id in loaded)
        self.use_way_button.setEnabled(way_id is not None and way_id != self._table_way())
        if way_id is None:
            self.rules_table.setRowCount(0)
            self.rules_title.clear()
            self.way_notes.clear()
            return
        way = paigow.describe_house_way(way_id)
        self.rules_title.setText(f"RULES OF THE {way.name.upper()} HOUSE WAY, IN THE ORDER THEY ARE TRIED")
        notes = " ".join(way.notes.split())
        self.way_notes.setText(notes)
        self.way_notes.setVisible(bool(notes))
        fill_table(self.rules_table, [[Cell(rule.id, bold=True), rule.title, " ".join(rule.text.split())]
                                      for rule in way.rules], fit_rows=None)

    def house_way_rows(self) -> list[tuple[str, str, str]]:
        """The rules shown (id, title, text), as a trainee will be told them."""
        return [tuple(self.rules_table.item(r, c).text() for c in range(3)) for r in range(self.rules_table.rowCount())]

    def choose_house_way_file(self) -> None:
        if not self.desk.may(Permission.MANAGE_HOUSE_WAYS):
            _say(self.ways_message, str(ManagerRoleRequired(Permission.MANAGE_HOUSE_WAYS)), "problem")
            return
        path, _ = QFileDialog.getOpenFileName(self, "Load a house-way file", "", HOUSE_WAY_FILES)
        if path:
            self.load_house_way_file(path)

    def load_house_way_file(self, path: str | Path) -> bool:
        """Have the desk check the file with the engine and offer its way; a refused file is explained in
        plain words and changes nothing. True when the way is on offer."""
        replaced = {way.id: way.path for way in app_settings.loaded_house_ways()}
        try:
            loaded = self.desk.load_house_way(path)
        except ManagerRoleRequired as error:
            _say(self.ways_message, plain_message(error), "problem")
            return False
        except PLAIN_ERRORS as error:
            _say(self.ways_message, f"This house-way file cannot be used, so nothing was changed.\n"
                                    f"{plain_message(error)}", "problem")
            return False
        note = self.desk.house_way_note
        self._fill_house_ways(select=loaded.id)
        rules = len(self.house_way_rows())
        words = f"Loaded the {loaded.name} house way ({loaded.id}, {rules} rules) from {loaded.path}"
        if replaced.get(loaded.id) not in (None, loaded.path):
            words += f"; it replaces the way of that id loaded from {replaced[loaded.id]}"
        words += (". It is in use at the Pai Gow table." if loaded.id == self._table_way()
                  else ". Choose Use at this table to deal with it.")
        _say(self.ways_message, words + (f" {note}" if note else ""), "done")
        self.load_way_button.setFocus()
        return True

    def use_selected_house_way(self) -> bool:
        """Make the selected way the Pai Gow table's house way (saved with the settings)."""
        way_id = self.selected_house_way()
        if way_id is None:
            return False
        try:
            self.desk.use_house_way(way_id)
        except PLAIN_ERRORS as error:
            _say(self.ways_message, plain_message(error), "problem")
            return False
        self._fill_house_ways(select=way_id)
        name = self.ways_table.item(self._ways.index(way_id), 0).text()
        _say(self.ways_message, f"The Pai Gow table now uses the {name} house way; the house-way drill uses it "
                                "from its next session.", "done")
        return True

    def use_chosen_dice_count(self) -> bool:
        """Make the chosen reading of the dice count the house's (saved and signed with the settings)."""
        reading = self.dice_count_box.currentData()
        try:
            self.desk.use_dice_count(reading)
        except PLAIN_ERRORS as error:
            _say(self.ways_message, plain_message(error), "problem")
            self._show_dice_count()
            return False
        _say(self.ways_message, f"The house's dice count is now: {self.dice_count_box.currentText()}. The Pai Gow "
                                "table uses it from its next deal, the dice-and-delivery drill from its next "
                                "session.", "done")
        return True

    def _show_dice_count(self) -> None:
        self.dice_count_box.setCurrentIndex(max(0, self.dice_count_box.findData(
            self.desk.settings.paigow.dice_count_from)))

    def forget_selected_house_way(self) -> bool:
        """Stop offering the selected loaded way; the table falls back to New Zealand if it used it."""
        way_id = self.selected_house_way()
        if way_id is None:
            return False
        try:
            forgotten = self.desk.forget_house_way(way_id)
        except PLAIN_ERRORS as error:
            _say(self.ways_message, plain_message(error).rstrip(".") + ".", "problem")
            return False
        note = self.desk.house_way_note
        self._fill_house_ways(select=self._table_way() or app_settings.DEFAULT_HOUSE_WAY)
        _say(self.ways_message, f"The {forgotten.name} house way is no longer offered (the file {forgotten.path} "
                                f"was not touched).{f' {note}' if note else ''}", "done")
        return True


__all__ = ["EXPORT_FORMATS", "ManagerPage", "RecordsJob"]


def level_of_text(text: str) -> int:
    """A test level typed in the targets table: its name (Basic, Standard, Advanced, any case) or 1-3."""
    names = {name.lower(): level for level, name in LEVEL_NAMES.items()}
    cleaned = text.strip().lower()
    if cleaned in names:
        return names[cleaned]
    if cleaned in {"1", "2", "3"}:
        return int(cleaned)
    raise ValueError("the test level is Basic, Standard or Advanced")
