"""The Progress page: one trainee's progress, read from the records (every number is a records query).

Shows the trainee's path in each game (records_path.py: Learn → Practise → Timed → Test over all the records, read
by the desk, each step leading to its next lesson or drill), then, for the chosen period: answers, streaks and last
practice; per skill (drill) accuracy and median time against the targets with the recent trend and a verdict in
words; the scorecard's charts; the baccarat table of play (Banker total x Player's third card); roulette accuracy by
wager kind; pai gow accuracy by house-way rule; errors by category; the latest sessions with test results and
sign-offs.

Read-only: nobody changes a recorded answer here. Keys: Tab moves between the period, Refresh, the path's steps and
the tables (the page scrolls to the focused one); Enter on a step goes there; F5 refreshes.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.domain.catalog import GAME_NAMES, title_told_apart, titles_shared_by_games

from .records_charts import ChartView, breakdown_chart, heatmap_chart, skills_chart
from .records_path import PATH_RULES, PathView
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

PERIODS: tuple[tuple[str, int | None], ...] = (("All time", None), ("Last 7 days", 7), ("Last 30 days", 30),
                                               ("Last 90 days", 90))
GAME_TITLES = GAME_NAMES
MODE_TITLES = {"practice": "Practice", "timed": "Timed", "test": "Test"}


# --- shared table helpers (the Manager page uses them too) ------------------------------------------------------

def drill_namer(records) -> Callable[[str], str]:
    """How a table that lists several games' drills names one: its title, with the game when another game has
    a drill of that title ("Baccarat: Find the error"), as the scorecards print them."""
    shared = titles_shared_by_games(records.drill_infos().values())
    return lambda drill_id: title_told_apart(records.drill_info(drill_id), shared)


class Cell:
    """A table cell: text, and optionally a background (readiness colour), a tooltip and sort data."""

    def __init__(self, text, background: str | None = None, tooltip: str = "", align_right: bool = False,
                 bold: bool = False):
        self.text = str(text)
        self.background = background
        self.tooltip = tooltip
        self.align_right = align_right
        self.bold = bold


class _StretchedButNeverCut(QObject):
    """The stretched column takes the room the other columns leave, but never less than its contents need: with
    less room it is sized to its contents and the table scrolls sideways. A stretched column of names (a drill,
    a trainee) otherwise shrank to a few pixels in a window narrower than a full laptop screen, cutting every
    name while the columns of figures kept their width."""

    def __init__(self, table: QTableWidget, column: int):
        super().__init__(table)
        self._table = table
        self._column = column
        table.viewport().installEventFilter(self)

    def fit(self) -> None:
        table, column = self._table, self._column
        header = table.horizontalHeader()
        if column >= header.count():
            return
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != column)
        needed = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        room = table.viewport().width() - others
        mode = QHeaderView.ResizeMode.Stretch if room >= needed else QHeaderView.ResizeMode.ResizeToContents
        if header.sectionResizeMode(column) != mode:
            header.setSectionResizeMode(column, mode)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False


def make_table(headers: list[str], name: str, stretch_column: int = 0, *, names_whole: bool = True) -> QTableWidget:
    """A read-only table, one row selected at a time, its columns as wide as their contents and one stretched.
    `names_whole`: the stretched column is never cut below its contents' width (set False for a column of long
    texts, which may be cut, their whole text in the tooltip)."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch_column, QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setDefaultSectionSize(28)
    if names_whole:
        table.stretch_guard = _StretchedButNeverCut(table, stretch_column)
    return table


def fill_table(table: QTableWidget, rows: list[list], fit_rows: int | None = 12, empty_text: str = "") -> None:
    """Replace the table's rows. Cells are plain values or Cell. With fit_rows, the table is as tall as its
    rows (up to that many), so a page of several tables scrolls as one."""
    table.setRowCount(0)
    if not rows and empty_text:
        table.setRowCount(1)
        item = QTableWidgetItem(empty_text)
        item.setForeground(QBrush(QColor("#5b6675")))
        table.setItem(0, 0, item)
        table.setSpan(0, 0, 1, table.columnCount())
    else:
        table.clearSpans()
        table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = value if isinstance(value, Cell) else Cell("" if value is None else value)
            item = QTableWidgetItem(cell.text)
            if cell.background:
                item.setBackground(QBrush(QColor(cell.background)))
            if cell.tooltip:
                item.setToolTip(cell.tooltip)
            if cell.align_right:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if cell.bold:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            table.setItem(r, c, item)
    guard = getattr(table, "stretch_guard", None)
    if guard is not None:
        guard.fit()   # new contents may need more than the room the column had
    if fit_rows is not None:
        shown = max(1, min(table.rowCount(), fit_rows))
        table.setFixedHeight(table.horizontalHeader().height() + 28 * shown + 6)


def table_texts(table: QTableWidget) -> list[list[str]]:
    """Every cell's text, row by row (for tests and for reading back)."""
    return [[table.item(r, c).text() if table.item(r, c) else "" for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def seconds(value: float) -> str:
    return f"{value:.1f} s"


def local_time(moment) -> str:
    return moment.astimezone().strftime("%d %b %Y %H:%M") if moment else "—"


def verdict_cell(accuracy_met: bool, speed_met: bool, answered: int, needed: int = 1) -> Cell:
    if not answered:
        return Cell("No answers yet", NONE_BACKGROUND)
    if answered < needed:
        return Cell(f"Too few answers ({answered} of {needed})", NONE_BACKGROUND,
                    f"Targets are judged over at least {needed} answers (a test's length).")
    if accuracy_met and speed_met:
        return Cell("✓ Targets met", MET_BACKGROUND, bold=True)
    if accuracy_met:
        return Cell("Too slow", PARTLY_BACKGROUND, "Accuracy is on target; the median time is over the speed target.")
    if speed_met:
        return Cell("Accuracy short", PARTLY_BACKGROUND, "Fast enough, but below the accuracy target.")
    return Cell("✗ Below targets", SHORT_BACKGROUND, "Below the accuracy target and over the speed target.")


def trend_text(change: float | None) -> str:
    from dealerdrill.records.queries import TREND_WINDOW

    if change is None:
        return f"— (after {2 * TREND_WINDOW} answers)"
    points = round(100 * change)
    if points > 0:
        return f"▲ +{points} points"
    if points < 0:
        return f"▼ −{-points} points"
    return "► steady"


def session_result_text(s) -> Cell:
    """A session's test result (SessionSummary.test_result): a test ended before its n items reads
    "Stopped after k of n" and is never a pass."""
    result = s.test_result
    if result is None:
        return Cell("—")
    text = result[0].upper() + result[1:]
    if s.passed:
        return Cell(text, MET_BACKGROUND, bold=True)
    if s.stopped_early:
        return Cell(text, SHORT_BACKGROUND, f"Ended before all {s.target.test_items} items: scored {s.correct} "
                                            f"of {s.target.test_items}, not passed.")
    if s.finished_at is None:
        return Cell(text, NONE_BACKGROUND, "Never ended: still running, or the program was closed during it.")
    return Cell(text, SHORT_BACKGROUND)


def session_score_cells(s) -> list[Cell]:
    """Right answers and the share, counted over a test's full length (SessionSummary.scored_over). A session
    left before its first answer has no share to show: "0 of 0 · 0%" read as a session of wrong answers."""
    if not s.scored_over:
        return [Cell("no answers", align_right=True), Cell("—", align_right=True)]
    return [Cell(f"{s.correct} of {s.scored_over}", align_right=True), Cell(percent(s.score), align_right=True)]


def card() -> QFrame:
    frame = QFrame()
    frame.setProperty("card", True)
    return frame


def period_filter(days: int | None, today: date | None = None):
    from dealerdrill.records import RecordFilter

    if days is None:
        return RecordFilter()
    today = today or date.today()
    return RecordFilter(date_from=today - timedelta(days=days - 1))


class ScrollPage(QWidget):
    """A page whose content scrolls as one (Tab to a table scrolls it into view)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        style_page(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.content = QWidget()
        self.content.setObjectName("pageContent")
        self.content.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.body = QVBoxLayout(self.content)
        self.body.setContentsMargins(24, 18, 24, 18)
        self.body.setSpacing(10)
        self.scroll.setWidget(self.content)
        outer.addWidget(self.scroll)


class ProgressPage(ScrollPage):
    """A trainee's progress. `show_trainee(name)` picks whose (the current trainee by default)."""

    lesson_requested = Signal(str)        # the path's step to a lesson: show it on the Learn page
    drill_requested = Signal(str, str)    # the path's step to a drill, in a mode: choose it on the Drills page

    def __init__(self, signals, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = signals.desk
        self.trainee: str | None = None
        body = self.body

        top = QHBoxLayout()
        self.title_label = label("Progress", "heading")
        self.title_label.setObjectName("progressTitle")
        top.addWidget(self.title_label)
        top.addStretch(1)
        top.addWidget(label("Period", "muted"))
        self.period_box = QComboBox()
        self.period_box.setAccessibleName("Period")
        for text, days in PERIODS:
            self.period_box.addItem(text, days)
        self.period_box.currentIndexChanged.connect(lambda _: self.refresh())
        top.addWidget(self.period_box)
        self.refresh_button = button("Refresh (F5)")
        self.refresh_button.clicked.connect(self.refresh)
        top.addWidget(self.refresh_button)
        body.addLayout(top)
        self.note_label = label("", "muted", wrap=True)
        self.note_label.setObjectName("progressNote")
        body.addWidget(self.note_label)

        self.details = QWidget()
        details = QVBoxLayout(self.details)
        details.setContentsMargins(0, 0, 0, 0)
        details.setSpacing(10)
        body.addWidget(self.details)
        body.addStretch(1)

        self.path_heading = label("", "section")
        self.path_heading.setObjectName("pathHeading")
        details.addWidget(self.path_heading)
        self.path_note = label(PATH_RULES, "muted", wrap=True)
        self.path_note.setObjectName("pathNote")
        details.addWidget(self.path_note)
        self.path_problem = label("", "problem", wrap=True)
        self.path_problem.setObjectName("pathProblem")
        self.path_problem.hide()
        details.addWidget(self.path_problem)
        self.path_view = PathView()
        self.path_view.lesson_requested.connect(self.lesson_requested)
        self.path_view.drill_requested.connect(self.drill_requested)
        details.addWidget(self.path_view)
        details.addSpacing(6)

        stats = QHBoxLayout()
        stats.setSpacing(12)
        self.stat_labels: dict[str, tuple] = {}
        for key, title in (("answers", "ANSWERS"), ("accuracy", "ACCURACY"), ("run", "RIGHT IN A ROW"),
                           ("days", "DAYS IN A ROW"), ("last", "LAST PRACTISED")):
            box = card()
            inner = QVBoxLayout(box)
            inner.setContentsMargins(14, 10, 14, 10)
            inner.addWidget(label(title, "section"))
            value = label("", "stat")
            value.setObjectName(f"stat-{key}")
            note = label("", "muted")
            inner.addWidget(value)
            inner.addWidget(note)
            self.stat_labels[key] = (value, note)
            stats.addWidget(box, 1)
        details.addLayout(stats)

        details.addWidget(label("SKILLS: ACCURACY AND SPEED AGAINST TARGETS", "section"))
        self.skills_table = make_table(["Drill", "Game", "Answers", "Accuracy", "Target", "Median time",
                                        "Speed target", "Trend (latest 20 vs 20 before)", "Verdict"],
                                       "skillsTable")
        details.addWidget(self.skills_table)
        self.skills_chart = ChartView("No answers in this period yet.", 260)
        details.addWidget(self.skills_chart)

        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(6)
        grid.addWidget(label("BACCARAT TABLE OF PLAY (BANKER TOTAL × PLAYER'S THIRD CARD)", "section"), 0, 0)
        grid.addWidget(label("ERRORS BY CATEGORY", "section"), 0, 1)
        self.heatmap_chart = ChartView("No table-of-play answers yet (Baccarat drills).", 300)
        grid.addWidget(self.heatmap_chart, 1, 0)
        self.errors_table = make_table(["Category", "Wrong answers"], "errorsTable")
        grid.addWidget(self.errors_table, 1, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(label("ROULETTE: ACCURACY BY WAGER KIND", "section"), 2, 0)
        grid.addWidget(label("PAI GOW: ACCURACY BY HOUSE-WAY RULE", "section"), 2, 1)
        self.wager_table = make_table(["Wager kind", "Answers", "Accuracy", "Median time"], "wagerTable")
        self.houseway_table = make_table(["House-way rule", "Answers", "Accuracy", "Median time"],
                                         "housewayTable")
        grid.addWidget(self.wager_table, 3, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.houseway_table, 3, 1, Qt.AlignmentFlag.AlignTop)
        self.wager_chart = ChartView("No roulette payout answers yet.", 200)
        self.houseway_chart = ChartView("No house-way answers yet.", 200)
        grid.addWidget(self.wager_chart, 4, 0)
        grid.addWidget(self.houseway_chart, 4, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        details.addLayout(grid)

        details.addWidget(label("RECENT SESSIONS", "section"))
        self.sessions_table = make_table(["Started", "Drill", "Mode", "Score", "Accuracy", "Median time",
                                          "Test result", "Signed off"], "sessionsTable", stretch_column=1)
        details.addWidget(self.sessions_table)

        self.setFocusProxy(self.period_box)
        QShortcut(QKeySequence("F5"), self, self.refresh, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        signals.trainee_changed.connect(lambda name: self.show_trainee(name))
        signals.manager_changed.connect(self._manager_changed)
        signals.records_changed.connect(self._refresh_if_visible)

    def _manager_changed(self, manager) -> None:
        # Another trainee's progress is the manager's to see: once the role locks, the page is the desk's trainee's.
        if manager is None and self.trainee != self.desk.trainee:
            self.show_trainee(self.desk.trainee)

    def _refresh_if_visible(self) -> None:
        if self.isVisible():
            self.refresh()

    def show_trainee(self, name: str | None) -> None:
        self.trainee = name
        self._refresh_if_visible()

    def filter(self):
        return period_filter(self.period_box.currentData())

    def refresh(self) -> None:
        name = self.trainee
        records = self.desk.records
        if name is None or records is None:
            self.title_label.setText("Progress")
            self.note_label.setText("Choose a trainee (Trainee ▸ Choose trainee…, Ctrl+U) to see progress and "
                                    "the path through each game's lessons, drills and tests. Guest practice is not "
                                    "recorded, so a guest has no path." if records is not None else
                                    "The records cannot be opened on this workstation.")
            self.details.hide()
            return
        try:
            self._fill(records, name)
        except PLAIN_ERRORS as error:
            self.note_label.setText(plain_message(error))
            self.details.hide()

    def _fill(self, records, name: str) -> None:
        f = self.filter()
        skills = records.skill_progress(name, f)
        streaks = records.streaks(name, f)
        own = name == self.desk.trainee
        self.title_label.setText(f"Progress — {name}")
        self.note_label.setText(
            f"{self.period_box.currentText()}. Accuracy counts timeouts as wrong; times are medians per answer. "
            + ("" if own else "Viewed by the manager."))
        self.details.show()
        self._fill_path(name, own)
        answered = sum(s.answered for s in skills)
        correct = sum(s.correct for s in skills)
        self._stat("answers", str(answered), f"in {len(skills)} drill{'s' if len(skills) != 1 else ''}")
        self._stat("accuracy", percent(correct / answered) if answered else "—", f"{correct} right")
        self._stat("run", str(streaks.current_correct), f"best {streaks.best_correct}")
        self._stat("days", str(streaks.current_days), f"best {streaks.best_days}")
        self._stat("last", streaks.last_practised.strftime("%d %b %Y") if streaks.last_practised else "—",
                   "")

        rows = []
        for s in skills:
            rows.append([Cell(s.title, bold=True), GAME_TITLES.get(s.game, s.game),
                         Cell(s.answered, align_right=True),
                         Cell(percent(s.accuracy), MET_BACKGROUND if s.accuracy_met else SHORT_BACKGROUND,
                              align_right=True),
                         Cell(percent(s.target.accuracy), align_right=True),
                         Cell(seconds(s.median_seconds), MET_BACKGROUND if s.speed_met else SHORT_BACKGROUND,
                              align_right=True),
                         Cell(f"{s.target.seconds:g} s", align_right=True),
                         trend_text(s.recent_change), verdict_cell(s.accuracy_met, s.speed_met, s.answered,
                                                                   s.target.answers_for_a_verdict)])
        fill_table(self.skills_table, rows, fit_rows=20, empty_text="No answers in this period yet.")
        skills_chart(self.skills_chart, skills)

        heatmap_chart(self.heatmap_chart, records.heatmap(name, f))
        categories = records.error_categories(name, f)
        fill_table(self.errors_table, [[c.label[0].upper() + c.label[1:], Cell(c.answered, align_right=True)]
                                       for c in categories], empty_text="No wrong answers.")
        wagers = records.roulette_by_wager_kind(name, f)
        fill_table(self.wager_table, self._breakdown_rows(wagers), fit_rows=20,
                   empty_text="No roulette payout answers yet.")
        breakdown_chart(self.wager_chart, wagers, "Roulette: accuracy by wager kind (%)",
                        "No roulette payout answers yet.")
        rules = records.paigow_by_house_way_rule(name, f)
        fill_table(self.houseway_table, self._breakdown_rows(rules), fit_rows=20,
                   empty_text="No house-way answers yet.")
        breakdown_chart(self.houseway_chart, rules, "Pai gow: accuracy by house-way rule (%)",
                        "No house-way answers yet.")

        recent = self.desk.recent_sessions(name, limit=15)      # each test's result made again, never read
        drill_name = drill_namer(records)
        rows = []
        for s in recent:
            rows.append([local_time(s.started_at), drill_name(s.drill),
                         MODE_TITLES.get(s.mode, s.mode), *session_score_cells(s),
                         Cell(seconds(s.median_seconds) if s.items else "—", align_right=True),
                         session_result_text(s),
                         f"{s.signed_by}, {local_time(s.signed_at)}" if s.signed_by else "—"])
        fill_table(self.sessions_table, rows, fit_rows=15, empty_text="No sessions yet.")

    def _fill_path(self, name: str, own: bool) -> None:
        self.path_heading.setText("YOUR PATH: LEARN → PRACTISE → TIMED → TEST (ALL TIME)" if own else
                                  f"THE PATH OF {name.upper()}: LEARN → PRACTISE → TIMED → TEST (ALL TIME)")
        try:
            path = self.desk.trainee_path(name)
        except PLAIN_ERRORS as error:
            self.path_problem.setText(f"The path cannot be shown: {plain_message(error)}")
            self.path_problem.show()
            self.path_view.hide()
            return
        self.path_problem.hide()
        if path is None:
            self.path_view.hide()
            return
        self.path_view.show_path(path, clickable=own)
        self.path_view.show()

    @staticmethod
    def _breakdown_rows(rows) -> list[list]:
        return [[r.label, Cell(r.answered, align_right=True), Cell(percent(r.accuracy), align_right=True),
                 Cell(seconds(r.median_seconds), align_right=True)] for r in rows]

    def _stat(self, key: str, value: str, note: str) -> None:
        value_label, note_label = self.stat_labels[key]
        value_label.setText(value)
        note_label.setText(note)
