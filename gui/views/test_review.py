"""The review of a finished test: every item as it was asked, the answer given, the right answer, whether it
was right, the explanation with its rule, and the time taken.

While a test runs the drill page shows none of this (dealerdrill.views.drill_view keeps the grading back until
the end, so a test cannot be learnt while it is taken); once it is over, the trainee goes through it here.

Two parts side by side: the list of items (number, right or not, time), one line each so every item is in
sight, and the chosen item in full: its question in words, the answers, the explanation and the rule, and the
item drawn again by the drill's own answer panel as it was put to the trainee (before any answer: the panel
is disabled, so nothing can be typed into it). The panel is made once and shows one item at a time, so a
long test opens as fast as a short one.

Keys (the list has the keyboard): Up / Down, Home / End choose an item; Page Up / Page Down scroll the chosen
item; Enter, Esc and R are left to the page around the review (back to the drills, the same drill again).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.domain import AnsweredItem, Grade, Item

INK = "#1f2a37"
MUTED = "#5b6675"
RIGHT = "#1e7b34"
WRONG = "#b3261e"
ACCENT = "#0b6a3a"

LIST_COLUMNS = (44, 112, 72)   # number, right or not, time: room for "500", "✗  Not right", "999.9 s"
LIST_WIDTH = sum(LIST_COLUMNS) + 24
CELL_PADDING = 6                # each side of a column's text
DRAWN_HEIGHTS = (160, 520)  # the room the drawn item gets: its panel's own wish, within these bounds; the
                            # details scroll when the page has less

STYLE = f"""
QWidget#testReview QTreeWidget {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px;
                                  padding: 4px; font-size: 14px; outline: 0; }}
QWidget#testReview QTreeWidget::item {{ padding: 5px {CELL_PADDING}px; }}
QWidget#testReview QTreeWidget::item:selected {{ background: #dcefe3; }}
QWidget#testReview QTreeWidget:focus {{ border: 2px solid {ACCENT}; }}
QWidget#testReview QScrollArea#reviewDetails {{ background: #ffffff; border: 1px solid #d9dee3;
                                                border-radius: 8px; }}
QWidget#testReview QWidget#reviewDetailsBody {{ background: #ffffff; }}
QWidget#testReview QLabel {{ color: {INK}; background: transparent; }}
QWidget#testReview QLabel[role="muted"] {{ color: {MUTED}; }}
QWidget#testReview QLabel[role="section"] {{ color: {MUTED}; font-size: 11px; font-weight: 600;
                                             letter-spacing: 1px; }}
QWidget#testReview QLabel#reviewVerdict[verdict="right"] {{ color: {RIGHT}; font-size: 17px; font-weight: 700; }}
QWidget#testReview QLabel#reviewVerdict[verdict="wrong"] {{ color: {WRONG}; font-size: 17px; font-weight: 700; }}
QWidget#testReview QLabel#reviewQuestion {{ font-size: 15px; font-weight: 600; }}
QWidget#testReview QLabel#reviewExpected {{ font-size: 15px; font-weight: 600; }}
QWidget#testReview QLabel#reviewGiven, QWidget#testReview QLabel#reviewExplanation {{ font-size: 14px; }}
"""


def explanation_with_rule(grade: Grade) -> str:
    """The grade's explanation, with the rule it cites added when the words do not already name it."""
    explanation = grade.explanation
    if grade.rule and grade.rule not in explanation:
        explanation = f"{explanation}  (Rule {grade.rule})" if explanation else f"Rule {grade.rule}"
    return explanation


def verdict_words(correct: bool, timed_out: bool = False) -> str:
    """An answer's verdict as the drill page says it."""
    if correct:
        return "✓  Right"
    return "⏱  Time ran out" if timed_out else "✗  Not right"


@dataclass(frozen=True)
class ReviewedItem:
    """One item of a test as the review shows it: what was asked and everything about its answer, in words."""

    number: int                 # 1 for the test's first item
    item: Item                  # what was asked (drawn again by the drill's panel)
    given: str
    expected: str
    correct: bool
    timed_out: bool
    explanation: str            # with the rule it cites
    seconds: float
    category: str               # the kind of error in words, "" when right

    @classmethod
    def of(cls, number: int, answered: AnsweredItem) -> ReviewedItem:
        grade = answered.grade
        category = grade.category.label if grade.category is not None else ""
        return cls(number, answered.item, grade.given, grade.expected, grade.correct, grade.timed_out,
                   explanation_with_rule(grade), grade.seconds, category[:1].upper() + category[1:])

    @property
    def verdict(self) -> str:
        return verdict_words(self.correct, self.timed_out)


def reviewed_items(answered: Sequence[AnsweredItem]) -> list[ReviewedItem]:
    """A session's answers (in the order given) as review entries, numbered from 1."""
    return [ReviewedItem.of(number, a) for number, a in enumerate(answered, start=1)]


def _game_of(item: Item) -> str:
    """The game of the drill that asked the item (its id starts with the game: "baccarat.table_of_play")."""
    return item.drill.split(".", 1)[0]


def cited_rules_html(explanation: str, game: str) -> str:
    """The rules an explanation cites, as links to the rule book ("Table 2 · Rule 9.5"); "" for none."""
    from dealerdrill.reference import rulebook

    from .rulebook_view import rule_link

    seen, links = set(), []
    for citation in rulebook.citations(explanation, game) if game in rulebook.GAMES else []:
        if citation.rule is not None and citation.rule.id not in seen:
            seen.add(citation.rule.id)
            links.append(rule_link(citation.rule))
    return " · ".join(links)


def _label(text: str = "", role: str | None = None, name: str | None = None) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if role:
        label.setProperty("role", role)
    if name:
        label.setObjectName(name)
    return label


def _repolish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class _KeepsItsColour(QStyledItemDelegate):
    """A chosen line keeps its green or red (the style would paint every chosen line in one colour)."""

    def initStyleOption(self, option, index) -> None:
        super().initStyleOption(option, index)
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        if brush is not None:
            option.palette.setBrush(QPalette.ColorRole.HighlightedText, brush)


class _ItemList(QTreeWidget):
    """The list of items, one line each in three columns (number, right or not, time). Letters do not search
    the list (R belongs to the page); Page Up / Page Down scroll the chosen item's details rather than the
    list, which Up, Down, Home and End go through."""

    def __init__(self, scroll_details: Callable[[int], None]):
        super().__init__()
        self._scroll_details = scroll_details
        self.setColumnCount(len(LIST_COLUMNS))
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setIndentation(0)
        self.setUniformRowHeights(True)
        for column, width in enumerate(LIST_COLUMNS):
            self.setColumnWidth(column, width)

    def count(self) -> int:
        return self.topLevelItemCount()

    def currentRow(self) -> int:
        item = self.currentItem()
        return self.indexOfTopLevelItem(item) if item is not None else -1

    def setCurrentRow(self, row: int) -> None:
        if 0 <= row < self.count():
            self.setCurrentItem(self.topLevelItem(row))

    def row_text(self, row: int) -> str:
        """A line as one text: its columns joined by spaces (what a screen reader reads)."""
        line = self.topLevelItem(row)
        return "  ".join(line.text(column) for column in range(self.columnCount()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self._scroll_details(-1 if key == Qt.Key.Key_PageUp else 1)
            event.accept()
            return
        moving = key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End)
        if not moving:
            event.ignore()  # Enter, Esc, R and the rest go on to the page
            return
        super().keyPressEvent(event)


class TestReview(QWidget):
    """Every item of a finished test, one chosen at a time in full (see the module's words)."""

    __test__ = False  # a widget, not a pytest test class

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("testReview")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.items: list[ReviewedItem] = []
        self.panel: QWidget | None = None
        self._panel_class: type | None = None
        self._target_seconds: float | None = None

        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(12)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.item_list = _ItemList(self.scroll_details)
        self.item_list.setObjectName("reviewList")
        self.item_list.setAccessibleName("The test's items")
        self.item_list.setFixedWidth(LIST_WIDTH)
        self.item_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.item_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.item_list.setItemDelegate(_KeepsItsColour(self.item_list))
        self.item_list.currentItemChanged.connect(lambda *_: self._show_row(self.item_list.currentRow()))
        left.addWidget(self.item_list, 1)
        self.unasked_label = _label("", "muted", "reviewUnasked")
        self.unasked_label.setFixedWidth(LIST_WIDTH)
        left.addWidget(self.unasked_label)
        row.addLayout(left)

        body = QWidget()
        body.setObjectName("reviewDetailsBody")
        body.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        details = QVBoxLayout(body)
        details.setContentsMargins(18, 14, 18, 14)
        details.setSpacing(8)
        top = QHBoxLayout()
        self.number_label = _label("", "section", "reviewNumber")
        self.verdict_label = _label("", name="reviewVerdict")
        self.verdict_label.setWordWrap(False)
        self.time_label = _label("", "muted", "reviewTime")
        self.time_label.setWordWrap(False)
        top.addWidget(self.number_label)
        top.addSpacing(12)
        top.addWidget(self.verdict_label)
        top.addStretch(1)
        top.addWidget(self.time_label)
        details.addLayout(top)
        self.question_label = _label("", name="reviewQuestion")
        self.given_label = _label("", name="reviewGiven")
        self.expected_label = _label("", name="reviewExpected")
        self.explanation_label = _label("", name="reviewExplanation")
        # The rules the explanation cites, each a link to its text in the rule book (open again once the test ended).
        self.rules_label = _label("", name="reviewRules")
        self.rules_label.setTextFormat(Qt.TextFormat.RichText)
        self.rules_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                                 | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.rules_label.linkActivated.connect(self._open_link)
        self.category_label = _label("", "muted", "reviewCategory")
        for label in (self.question_label, self.given_label, self.expected_label, self.explanation_label,
                      self.rules_label, self.category_label):
            details.addWidget(label)
        details.addSpacing(6)
        self.drawn_heading = _label("THE ITEM AS IT WAS PUT TO YOU", "section", "reviewDrawnHeading")
        details.addWidget(self.drawn_heading)
        self.drawn_host = QFrame()
        self.drawn_host.setObjectName("reviewDrawn")
        self.drawn_layout = QVBoxLayout(self.drawn_host)
        self.drawn_layout.setContentsMargins(0, 0, 0, 0)
        details.addWidget(self.drawn_host, 1)
        self.details_scroll = QScrollArea()
        self.details_scroll.setObjectName("reviewDetails")
        self.details_scroll.setWidgetResizable(True)
        self.details_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.details_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.details_scroll.setWidget(body)
        self.details_scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        row.addWidget(self.details_scroll, 1)
        self.setFocusProxy(self.item_list)

    # --- filling ----------------------------------------------------------------------------------------------
    def show_items(self, items: Sequence[ReviewedItem], *, panel_class: type | None = None, settings=None,
                   planned: int | None = None, target_seconds: float | None = None) -> None:
        """Review these items (the first one chosen). `panel_class` draws an item as the drill shows it;
        `planned` is the test's number of items, so a test stopped early says which items were never asked."""
        self.items = list(items)
        self._target_seconds = target_seconds
        self._use_panel(panel_class, settings)
        self.item_list.blockSignals(True)   # the first item is drawn once, below, not once per change
        self.item_list.clear()
        self.item_list.addTopLevelItems([self._list_item(entry) for entry in self.items])
        self.item_list.setCurrentRow(0)
        self.item_list.blockSignals(False)
        unasked = (planned or 0) - len(self.items)
        if unasked > 0:
            first = len(self.items) + 1
            which = f"Item {first} was" if unasked == 1 else f"Items {first} to {planned} were"
            self.unasked_label.setText(f"{which} never asked: the test was stopped.")
        self.unasked_label.setVisible(unasked > 0)
        if self.items:
            self._show_row(0)

    def _list_item(self, entry: ReviewedItem) -> QTreeWidgetItem:
        mark = "✓  Right" if entry.correct else ("⏱  Timed out" if entry.timed_out else "✗  Not right")
        line = QTreeWidgetItem([str(entry.number), mark, f"{entry.seconds:.1f} s"])
        colour = QColor(RIGHT if entry.correct else WRONG)
        for column, align in enumerate((Qt.AlignmentFlag.AlignRight, Qt.AlignmentFlag.AlignLeft,
                                        Qt.AlignmentFlag.AlignRight)):
            line.setForeground(column, colour)
            line.setTextAlignment(column, align | Qt.AlignmentFlag.AlignVCenter)
            line.setToolTip(column, entry.item.text)
        return line

    def _use_panel(self, panel_class: type | None, settings) -> None:
        if panel_class is self._panel_class and self.panel is not None:
            return
        if self.panel is not None:
            self.drawn_layout.removeWidget(self.panel)
            self.panel.hide()
            self.panel.deleteLater()
            self.panel = None
        self._panel_class = panel_class
        if panel_class is None:
            return
        try:
            panel = panel_class(settings)
        except Exception:
            return  # the words of the review stand on their own; a panel that cannot be made draws nothing
        panel.setEnabled(False)  # shown, never answered: no key or click reaches it
        panel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        low, high = DRAWN_HEIGHTS
        wanted = max(panel.sizeHint().height(), panel.minimumSizeHint().height())
        panel.setMinimumHeight(max(low, min(wanted, high)))
        self.drawn_layout.addWidget(panel)
        self.panel = panel

    # --- showing one item ---------------------------------------------------------------------------------------
    def current(self) -> ReviewedItem | None:
        row = self.item_list.currentRow()
        return self.items[row] if 0 <= row < len(self.items) else None

    def select(self, number: int) -> None:
        """Show the item of this number (1 for the first)."""
        self.item_list.setCurrentRow(number - 1)

    def _show_row(self, row: int) -> None:
        if not 0 <= row < len(self.items):
            return
        entry = self.items[row]
        self.number_label.setText(f"ITEM {entry.number} OF {len(self.items)}")
        self.verdict_label.setText(entry.verdict)
        self.verdict_label.setProperty("verdict", "right" if entry.correct else "wrong")
        _repolish(self.verdict_label)
        target = f"  ·  target {self._target_seconds:g} s" if self._target_seconds else ""
        self.time_label.setText(f"Time {entry.seconds:.1f} s{target}")
        self.question_label.setText(entry.item.text or "(This item has no question in words: see it drawn below.)")
        self.given_label.setText("Your answer: " + (entry.given if not entry.timed_out else "none (time ran out)"))
        self.expected_label.setText(f"Correct answer: {entry.expected}")
        self.explanation_label.setText(entry.explanation)
        self.explanation_label.setVisible(bool(entry.explanation))
        rules = cited_rules_html(entry.explanation, _game_of(entry.item))
        self.rules_label.setText(f"Rules cited: {rules}" if rules else "")
        self.rules_label.setVisible(bool(rules))
        self.category_label.setText(f"Error: {entry.category}" if entry.category else "")
        self.category_label.setVisible(bool(entry.category))
        self._draw(entry.item)
        self.details_scroll.verticalScrollBar().setValue(0)

    def _draw(self, item: Item) -> None:
        shown = False
        if self.panel is not None:
            try:
                self.panel.show_item(item)
                shown = True
            except Exception:
                shown = False  # the item's words above still say what was asked
        self.drawn_heading.setVisible(shown)
        self.drawn_host.setVisible(shown)

    def _open_link(self, href: str) -> None:
        from .rulebook_view import references_for

        references_for(self).follow(href)

    def scroll_details(self, pages: int) -> None:
        bar = self.details_scroll.verticalScrollBar()
        bar.setValue(bar.value() + pages * bar.pageStep())

    def sizeHint(self) -> QSize:
        return QSize(900, 420)


__all__ = ["ReviewedItem", "TestReview", "explanation_with_rule", "reviewed_items", "verdict_words"]
