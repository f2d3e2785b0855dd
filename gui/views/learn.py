"""The Learn page: for each game a short course, in order, from the first look at the table to its drills.

On the left the courses (one per game, its lessons numbered); on the right the lesson chosen: what it teaches, the
rules and charts it cites, its words and pictures (drawn with the program's own wheel, layout, cards, tiles and
tables), its worked examples (every figure in them the engine's, dealerdrill.lessons), and at its end the check
(learn_check.LessonCheck: a few items of the matching drill, recorded as practice) and the way to the drill.

A cited rule or chart is a link (and a button at the top of the lesson, for the keyboard): it emits
`rule_requested(game, rule id)` or `chart_requested(chart id)`, which the window connects to the rule book and the
charts. The lesson's own words and tables already teach what the rule says.

Keys: Up/Down choose a lesson; Tab goes on through the lesson's rules, its check and its buttons; Page Up/Page Down
scroll the lesson; Alt+N / Alt+P the next / previous lesson.
"""
from __future__ import annotations

import html
import time
from collections.abc import Callable
from urllib.parse import quote, unquote

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerdrill import lessons as lesson_data
from dealerdrill.domain.catalog import GAME_NAMES

from .learn_check import LessonCheck
from .learn_figures import MAX_FIGURE_WIDTH, make_figure

INK = "#1f2a37"
MUTED = "#5b6675"
ACCENT = "#0b6a3a"
RIGHT = "#1e7b34"
WRONG = "#b3261e"
AMBER = "#8a5a00"
READING_WIDTH = 1000            # the lesson's column: longer lines are hard to read on a wide screen
LIST_WIDTH = 330
CELL_COLOURS = {"D": "#dcefe3", "S": "#eef1f5", "N": "#e3ecf8"}   # Table 2's draw / stand / natural cells

CHART_TITLES = {
    "baccarat.third_card": "Table 2 chart", "roulette.payouts": "Roulette payouts", "baccarat.payouts":
    "Baccarat payouts", "paigow.payouts": "Pai gow payouts", "paigow.tile_ranks": "Tile ranking chart",
    "paigow.house_way": "House-way chart",
}

STYLE = f"""
*[learnPage="true"] {{ background: #f3f5f7; }}
*[learnPage="true"] QLabel {{ color: {INK}; }}
*[learnPage="true"] QLabel[role="muted"] {{ color: {MUTED}; }}
*[learnPage="true"] QLabel[role="heading"] {{ font-size: 22px; font-weight: 600; }}
*[learnPage="true"] QLabel[role="summary"] {{ font-size: 15px; color: {MUTED}; }}
*[learnPage="true"] QLabel[role="section"] {{ color: {MUTED}; font-size: 11px; font-weight: 600; letter-spacing: 1px; }}
*[learnPage="true"] QLabel[role="body"] {{ font-size: 15px; }}
*[learnPage="true"] QLabel[role="caption"] {{ color: {MUTED}; font-size: 13px; }}
*[learnPage="true"] QLabel[role="question"] {{ font-size: 16px; font-weight: 600; }}
*[learnPage="true"] QLabel[role="exampleTitle"] {{ font-size: 16px; font-weight: 600; }}
*[learnPage="true"] QFrame[card="true"] {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; }}
*[learnPage="true"] QFrame[card="true"] QLabel {{ background: transparent; border: none; }}
*[learnPage="true"] QFrame#lessonNote {{ background: #fff8e6; border: 1px solid #f0d58c; border-left: 5px solid {AMBER};
                                         border-radius: 6px; }}
*[learnPage="true"] QFrame#lessonNote QLabel {{ background: transparent; }}
*[learnPage="true"] QWidget#lessonColumn {{ background: transparent; }}
*[learnPage="true"] QTreeWidget {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; padding: 6px;
                                   font-size: 14px; outline: 0; }}
*[learnPage="true"] QTreeWidget::item {{ padding: 5px 4px; }}
*[learnPage="true"] QTreeWidget::item:selected {{ background: #dcefe3; color: {INK}; }}
*[learnPage="true"] QTreeWidget:focus {{ border: 2px solid {ACCENT}; }}
*[learnPage="true"] QPushButton {{ padding: 6px 14px; border: 1px solid #b8c0c8; border-radius: 6px;
                                   background: #ffffff; color: {INK}; }}
*[learnPage="true"] QPushButton:focus {{ border: 2px solid {ACCENT}; }}
*[learnPage="true"] QPushButton[primary="true"] {{ background: {ACCENT}; color: #ffffff; border-color: {ACCENT};
                                                   font-weight: 600; }}
*[learnPage="true"] QPushButton[primary="true"]:focus {{ border: 2px solid #06351d; }}
*[learnPage="true"] QPushButton[cite="true"] {{ padding: 3px 10px; border-radius: 11px; background: #e6efe9;
                                                color: {ACCENT}; border: 1px solid #c5dccd; }}
*[learnPage="true"] QPushButton[cite="true"]:focus {{ border: 2px solid {ACCENT}; }}
*[learnPage="true"] QFrame#checkFeedback[verdict="right"] {{ background: #edf7ef; border: 1px solid #b9dcc1;
                                                             border-left: 5px solid {RIGHT}; border-radius: 6px; }}
*[learnPage="true"] QFrame#checkFeedback[verdict="wrong"] {{ background: #fcefee; border: 1px solid #efc4c0;
                                                             border-left: 5px solid {WRONG}; border-radius: 6px; }}
*[learnPage="true"] QFrame#checkFeedback QLabel {{ background: transparent; font-size: 14px; }}
*[learnPage="true"] QLabel#checkVerdict[verdict="right"] {{ color: {RIGHT}; font-size: 16px; font-weight: 700; }}
*[learnPage="true"] QLabel#checkVerdict[verdict="wrong"] {{ color: {WRONG}; font-size: 16px; font-weight: 700; }}
*[learnPage="true"] QLabel#checkHint, *[learnPage="true"] QLabel#checkProblem {{ background: #fff4d6; color: {AMBER};
        border: 1px solid #f0d58c; border-radius: 6px; padding: 8px 10px; }}
*[learnPage="true"] QLabel#checkResult {{ font-size: 16px; font-weight: 600; }}
"""


# --- words to rich text -------------------------------------------------------------------------------------------

def rule_link(game: str, rule: str) -> str:
    return f"rule:{game}:{quote(rule, safe='')}"


def chart_link(chart: str) -> str:
    return f"chart:{quote(chart, safe='')}"


def rich(markup: str, game: str) -> str:
    """A lesson's markup as Qt rich text: plain words escaped, line breaks kept, each citation a link."""
    parts = []
    for segment in lesson_data.segments(markup):
        shown = html.escape(segment.text).replace("\n", "<br>")
        if segment.kind == "rule":
            parts.append(f'<a href="{rule_link(game, segment.target)}" style="color:{ACCENT}">{shown}</a>')
        elif segment.kind == "chart":
            parts.append(f'<a href="{chart_link(segment.target)}" style="color:{ACCENT}">{shown}</a>')
        else:
            parts.append(shown)
    return "".join(parts)


def table_html(table: lesson_data.Table) -> str:
    head = "".join(f'<th align="left" style="background:#eef1f5">{html.escape(h)}</th>' for h in table.headers)
    rows = []
    for row in table.rows:
        cells = []
        for cell in row:
            colour = CELL_COLOURS.get(cell)
            style = f' style="background:{colour}" align="center"' if colour else ""
            cells.append(f"<td{style}>{html.escape(cell)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<table border="1" cellspacing="0" cellpadding="5" style="border-color:#d9dee3; '
            f'border-collapse:collapse"><tr>{head}</tr>{"".join(rows)}</table>')


def _label(text: str = "", role: str | None = None, *, rich_text: bool = False, name: str | None = None) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich_text else Qt.TextFormat.PlainText)
    if role:
        label.setProperty("role", role)
    if name:
        label.setObjectName(name)
    return label


class _LessonHolder(QWidget):
    """The lesson inside the scroll area. The scroll area makes its page at least as tall as the page's smallest
    height, and a page of wrapped words is smallest only when it is narrow, so it would leave a screenful of empty
    space under the lesson; this page's height is its height for the width it has (heightForWidth), no more."""

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)

    def resizeEvent(self, event) -> None:
        # On a wide screen the lesson's column stands in the middle of the space, not against the list.
        side = max(0, (event.size().width() - READING_WIDTH) // 2)
        if self.layout() is not None and self.layout().contentsMargins().left() != side:
            self.layout().setContentsMargins(side, 0, 0, 0)
        super().resizeEvent(event)


class _PageKeysScrollTheLesson(QObject):
    """Page Up / Page Down scroll the lesson while the lesson list has the keyboard (Up and Down choose)."""

    def __init__(self, scroll: QScrollArea, watched: QWidget):
        super().__init__(watched)
        self._scroll = scroll
        watched.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            bar = self._scroll.verticalScrollBar()
            if event.key() == Qt.Key.Key_PageDown:
                bar.setValue(bar.value() + bar.pageStep())
                return True
            if event.key() == Qt.Key.Key_PageUp:
                bar.setValue(bar.value() - bar.pageStep())
                return True
        return False


class LearnPage(QWidget):
    """The Learn page over a desk (dealerdrill.desk.Desk): the lessons, and their checks recorded by the desk."""

    rule_requested = Signal(str, str)   # (game, rule id as the drills cite it: "5.1", "Table 2", "(j)-(k)")
    chart_requested = Signal(str)       # a chart id of dealerdrill.lessons.CHART_IDS
    drill_requested = Signal(str)       # a drill id: open it on the Drills page
    lesson_shown = Signal(str)          # the lesson's id, once its page is built
    message = Signal(str)               # for the window's status bar

    def __init__(self, desk, parent: QWidget | None = None, *, clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        self.setObjectName("learn")
        self.setProperty("learnPage", True)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.desk = desk
        self._clock = clock
        # Asked before a check starts with nobody at the desk: (then) -> False holds the start; the window asks who
        # is training and calls `then` once someone is chosen.
        self.start_guard: Callable[[Callable[[], None]], bool] | None = None
        # Called before a check's session starts (the window ends a practice session left on the Drills page).
        self.before_check: Callable[[], None] | None = None
        self.lesson: lesson_data.Lesson | None = None
        self.check: LessonCheck | None = None
        self.citation_buttons: list[QPushButton] = []
        self.content: QWidget | None = None

        outer = QHBoxLayout(self)
        outer.setContentsMargins(20, 16, 20, 12)
        outer.setSpacing(16)
        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(_label("Learn", "heading"))
        intro = _label("A short course for each game, lesson by lesson, from the first look at the table to "
                       "its drills.", "muted")
        intro.setMaximumWidth(LIST_WIDTH)
        left.addWidget(intro)
        self.lesson_list = QTreeWidget()
        self.lesson_list.setObjectName("lessonList")
        self.lesson_list.setHeaderHidden(True)
        self.lesson_list.setRootIsDecorated(False)
        self.lesson_list.setIndentation(12)
        self.lesson_list.setFixedWidth(LIST_WIDTH)
        self.lesson_list.setAccessibleName("Lessons by game")
        self.lesson_list.currentItemChanged.connect(self._current_changed)
        left.addWidget(self.lesson_list, 1)
        left.addWidget(_label("↑ ↓ a lesson  ·  Tab: its rules, check and buttons  ·  Page Up / Down: scroll  ·  "
                              "Alt+N / Alt+P: next / previous lesson", "muted"))
        left.itemAt(left.count() - 1).widget().setMaximumWidth(LIST_WIDTH)
        outer.addLayout(left)

        self.scroll = QScrollArea()
        self.scroll.setObjectName("lessonScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll, 1)
        self._page_keys = _PageKeysScrollTheLesson(self.scroll, self.lesson_list)

        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFocusProxy(self.lesson_list)
        # Wherever the keyboard is on the page (the list, a button, a check's panel), Alt+N and Alt+P turn the page.
        for keys, step in (("Alt+N", 1), ("Alt+P", -1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda s=step: self.step_lesson(s))
        self._fill_list()
        from .records_profiles import DeskSignals

        self.signals = DeskSignals(desk, self)
        self.signals.trainee_changed.connect(self._person_changed)
        self.signals.settings_changed.connect(self._settings_changed)

    # --- the list -------------------------------------------------------------------------------------------------
    def _fill_list(self) -> None:
        self.lesson_list.clear()
        first = None
        for found in lesson_data.courses():
            group = QTreeWidgetItem([found.title.upper()])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)      # a heading, not a choice
            font = group.font(0)
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 0.85)
            group.setFont(0, font)
            group.setForeground(0, self.palette().placeholderText())
            self.lesson_list.addTopLevelItem(group)
            for number, lesson in enumerate(found.lessons, start=1):
                child = QTreeWidgetItem([f"{number}.  {lesson.title}"])
                child.setData(0, Qt.ItemDataRole.UserRole, lesson.id)
                child.setToolTip(0, lesson.summary)
                group.addChild(child)
                first = first or child
            group.setExpanded(True)
        if first is not None:
            self.lesson_list.setCurrentItem(first)

    def _lesson_items(self) -> list[QTreeWidgetItem]:
        groups = [self.lesson_list.topLevelItem(i) for i in range(self.lesson_list.topLevelItemCount())]
        return [group.child(j) for group in groups for j in range(group.childCount())]

    def _current_changed(self, current: QTreeWidgetItem | None, previous: QTreeWidgetItem | None) -> None:
        if current is None:
            return
        lesson_id = current.data(0, Qt.ItemDataRole.UserRole)
        if lesson_id is None:
            # A game heading is not a lesson: the arrow keys step over it to the next lesson that way.
            items = self._lesson_items()
            if previous is not None and previous in items:
                down = self.lesson_list.indexOfTopLevelItem(current) > self.lesson_list.indexOfTopLevelItem(
                    previous.parent())
                at = items.index(previous) + (1 if down else -1)
                step = items[at] if 0 <= at < len(items) else previous
            else:
                step = current.child(0) if current.childCount() else None
            if step is not None:
                self.lesson_list.setCurrentItem(step)
            return
        self._show(lesson_data.lesson(lesson_id))

    # --- public API -------------------------------------------------------------------------------------------------
    def lesson_ids(self) -> list[str]:
        return [item.data(0, Qt.ItemDataRole.UserRole) for item in self._lesson_items()]

    def show_lesson(self, lesson_id: str) -> None:
        """Show this lesson (ValueError for one that does not exist)."""
        lesson_data.lesson(lesson_id)
        for item in self._lesson_items():
            if item.data(0, Qt.ItemDataRole.UserRole) == lesson_id:
                if self.lesson_list.currentItem() is item and self.lesson is not None and self.lesson.id == lesson_id:
                    return
                self.lesson_list.setCurrentItem(item)
                return

    def step_lesson(self, step: int) -> None:
        """The next (+1) or previous (-1) lesson, across the games' courses."""
        ids = self.lesson_ids()
        if self.lesson is None:
            return
        at = ids.index(self.lesson.id) + step
        if 0 <= at < len(ids):
            self.show_lesson(ids[at])

    def refresh(self) -> None:
        """The window shows the page: a check the desk ended meanwhile starts again from its beginning."""
        if self.check is not None:
            self.check.session_lost()
            if self.check.state == "ready":
                self.check.describe_recording()

    # --- the lesson -------------------------------------------------------------------------------------------------
    def _show(self, lesson: lesson_data.Lesson) -> None:
        if self.check is not None and self.check.state in ("asking", "feedback"):
            self.check.stop()
        self.lesson = lesson
        blocks = lesson.blocks(self.desk.settings)
        column = QWidget()
        column.setObjectName("lessonColumn")
        column.setMaximumWidth(READING_WIDTH)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 12, 16)
        layout.setSpacing(12)
        found = lesson_data.course(lesson.game)
        number = found.lessons.index(lesson) + 1
        layout.addWidget(_label(f"{GAME_NAMES.get(lesson.game, lesson.game).upper()}  ·  LESSON {number} OF "
                                f"{len(found.lessons)}", "section", name="lessonGame"))
        layout.addWidget(_label(lesson.title, "heading", name="lessonTitle"))
        layout.addWidget(_label(lesson.summary, "summary", name="lessonSummary"))
        layout.addWidget(self._citation_row(lesson, blocks))
        for block in blocks:
            layout.addWidget(self._block(block, lesson.game))
        self.check = LessonCheck(self.desk, lesson, start_guard=self._guard, before_start=self._before_check,
                                 clock=self._clock)
        self.check.drill_requested.connect(self.drill_requested)
        self.check.message.connect(self.message)
        self.check.session_started.connect(lambda _session: QTimer.singleShot(0, self.scroll_to_check))
        layout.addWidget(self.check)
        layout.addLayout(self._footer(lesson))
        layout.addStretch(1)

        holder = _LessonHolder()
        holder.setObjectName("lessonHolder")
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(column, 1)
        row.addStretch(0)
        old, self.content = self.content, holder
        self.scroll.setWidget(holder)       # the scroll area deletes the old page
        del old
        self.scroll.verticalScrollBar().setValue(0)
        self.lesson_shown.emit(lesson.id)

    def scroll_to_check(self) -> None:
        """The check's top at the top of the view (its question and panel below it), the keyboard on its panel."""
        if self.check is None or self.content is None:
            return
        # The check has just grown (its question and panel): let the page take its new height first.
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.scroll.widget().layout().activate()
        self.scroll.verticalScrollBar().setValue(self.check.mapTo(self.content, QPoint(0, 0)).y() - 8)

    def _guard(self, then: Callable[[], None]) -> bool:
        if self.start_guard is None:
            return True
        asked_from = self.check
        # Once someone is chosen the check starts, unless the trainee has gone on to another lesson meanwhile.
        return self.start_guard(lambda: then() if self.check is asked_from else None)

    def _before_check(self) -> None:
        if self.before_check is not None:
            self.before_check()

    def _citation_row(self, lesson: lesson_data.Lesson, blocks) -> QWidget:
        box = QWidget()
        box.setObjectName("lessonCitations")
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 2, 0, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(6)
        grid.addWidget(_label("RULES AND CHARTS", "section"), 0, 0, 1, 8)
        self.citation_buttons = []
        per_row = 7
        for index, cited in enumerate(lesson_data.citations(blocks)):
            if cited.kind == "rule":
                text = (cited.target if cited.target.lower().startswith("table") else
                        f"Rules {cited.target}" if "-" in cited.target else f"Rule {cited.target}")
                button = QPushButton(text)
                button.setToolTip(f"Open {text} of the {GAME_NAMES.get(lesson.game, lesson.game)} rules")
                button.clicked.connect(lambda _=False, r=cited.target: self.rule_requested.emit(lesson.game, r))
            else:
                button = QPushButton(CHART_TITLES.get(cited.target, cited.target))
                button.setToolTip("Open the chart")
                button.clicked.connect(lambda _=False, c=cited.target: self.chart_requested.emit(c))
            button.setProperty("cite", True)
            button.setObjectName(f"cite-{cited.kind}-{cited.target}")
            button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            grid.addWidget(button, 1 + index // per_row, index % per_row)
            self.citation_buttons.append(button)
        grid.setColumnStretch(per_row, 1)
        return box

    def _text_label(self, markup: str, game: str, role: str) -> QLabel:
        label = _label(rich(markup, game), role, rich_text=True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                      | Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # the citation buttons take the keyboard to the rules
        label.linkActivated.connect(self.follow_link)
        return label

    def follow_link(self, link: str) -> None:
        """A rule or chart link was clicked: ask for it (the window opens the rule book or the chart)."""
        kind, _, rest = link.partition(":")
        if kind == "rule":
            game, _, rule = rest.partition(":")
            self.rule_requested.emit(game, unquote(rule))
        elif kind == "chart":
            self.chart_requested.emit(unquote(rest))

    def _block(self, block, game: str) -> QWidget:
        if isinstance(block, lesson_data.Text):
            return self._text_label(block.markup, game, "body")
        if isinstance(block, lesson_data.Note):
            frame = QFrame()
            frame.setObjectName("lessonNote")
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(14, 8, 14, 8)
            inner.addWidget(_label("THE PROJECT'S READING", "section"))
            inner.addWidget(self._text_label(block.markup, game, "caption"))
            return frame
        if isinstance(block, lesson_data.Table):
            holder = QWidget()
            inner = QVBoxLayout(holder)
            inner.setContentsMargins(0, 0, 0, 0)
            inner.setSpacing(4)
            table = _label(table_html(block), "body", rich_text=True, name="lessonTable")
            # A table's cells are short and never wrap; laid out once (a wrapping label is laid out again for
            # every width the page tries, which made a lesson of long tables slow to open).
            table.setWordWrap(False)
            table.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            inner.addWidget(table)
            if block.caption:
                inner.addWidget(self._text_label(block.caption, game, "caption"))
            return holder
        if isinstance(block, lesson_data.Figure):
            holder = QWidget()
            inner = QVBoxLayout(holder)
            inner.setContentsMargins(0, 4, 0, 0)
            inner.setSpacing(4)
            figure = make_figure(block.kind, block.data)
            figure.setMaximumWidth(min(figure.maximumWidth(), MAX_FIGURE_WIDTH))
            if figure.maximumWidth() < 600:       # a small picture (the wheel) keeps its size, on the left
                inner.addWidget(figure, 0, Qt.AlignmentFlag.AlignLeft)
            else:
                inner.addWidget(figure)
            if block.caption:
                inner.addWidget(self._text_label(block.caption, game, "caption"))
            return holder
        if isinstance(block, lesson_data.Example):
            frame = QFrame()
            frame.setProperty("card", True)
            frame.setObjectName("lessonExample")
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(18, 14, 18, 14)
            inner.setSpacing(10)
            inner.addWidget(_label("WORKED EXAMPLE", "section"))
            inner.addWidget(self._text_label(block.title, game, "exampleTitle"))
            for child in block.blocks:
                inner.addWidget(self._block(child, game))
            return frame
        raise TypeError(f"a lesson block of an unknown kind: {type(block).__name__}")

    def _footer(self, lesson: lesson_data.Lesson) -> QHBoxLayout:
        row = QHBoxLayout()
        ids = self.lesson_ids()
        at = ids.index(lesson.id)
        self.previous_button = QPushButton("◀  Previous lesson (Alt+P)")
        self.previous_button.setObjectName("previousLesson")
        self.previous_button.setEnabled(at > 0)
        self.previous_button.clicked.connect(lambda: self.step_lesson(-1))
        self.next_button = QPushButton("Next lesson (Alt+N)  ▶")
        self.next_button.setObjectName("nextLesson")
        self.next_button.setEnabled(at + 1 < len(ids))
        self.next_button.clicked.connect(lambda: self.step_lesson(1))
        row.addWidget(self.previous_button)
        row.addStretch(1)
        row.addWidget(self.next_button)
        return row

    # --- the desk changed ---------------------------------------------------------------------------------------------
    def _person_changed(self, _name) -> None:
        if self.check is not None:
            if not self.check.session_lost():
                self.check.describe_recording()

    def _settings_changed(self) -> None:
        # The worked examples follow the settings in force (the commission, the house way, the shoe): shown anew.
        if self.lesson is not None and (self.check is None or self.check.state not in ("asking", "feedback")):
            lesson, self.lesson = self.lesson, None
            self._show(lesson)


__all__ = ["LearnPage", "chart_link", "rich", "rule_link", "table_html"]
