"""The rule book window (Help ▸ Rule book, F3): the Gazette rules by game and number, searchable; the charts
(F4); the glossary. Open to every trainee; closed while a test runs (the desk says so, Desk.require_references).

    References(desk, window)          the rule book of one main window: show_rule, show_chart, show_glossary,
                                      show_book, each True when shown (False: refused, and the message shown)
    references_for(widget)            the References of the widget's window (made for a page shown on its own)
    open_rule(widget, game, number)   the rule book at a rule: "9.5", "Table 2", "(e)", "11.1(c)"
    open_chart(widget, chart_id)      a chart (dealerdrill.reference.charts.CHARTS)
    open_glossary(widget, term=None)  the glossary, at a term when given
    feedback_html(text, game, ...)    a feedback text with every rule it cites made a link ("rule:game:number")

Keys in the window: Ctrl+F the search field, Ctrl+Tab (or Ctrl+Page Down/Up) the next tab, Up/Down the list,
Alt+G the game, Esc closes it.
"""
from __future__ import annotations

import html
from urllib.parse import quote, unquote

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.reference import charts as chart_data, glossary as glossary_data, rulebook
from dealerdrill.reference.rulebook import GAME_TITLES, GAMES, Rule, RuleBookError

from .messages import show_error

RULES_TAB, CHARTS_TAB, GLOSSARY_TAB = range(3)
INK = "#1f2a37"
MUTED = "#5b6675"
ACCENT = "#0b6a3a"
READING = "#fff4d6"

STYLE = f"""
QWidget#ruleBook {{ background: #f3f5f7; }}
QWidget#ruleBook QLabel {{ color: {INK}; }}
QLabel#ruleBookKeys, QLabel#ruleBookNote {{ color: {MUTED}; font-size: 11px; }}
QListWidget {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 6px; font-size: 13px; }}
QListWidget::item {{ padding: 4px 6px; }}
QListWidget::item:selected {{ background: #dcefe3; color: {INK}; }}
QTextBrowser {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 6px; padding: 8px; font-size: 14px; }}
"""

_DOCUMENT_STYLE = f"""
h2 {{ margin: 0 0 4px 0; }}
p.status {{ color: {MUTED}; margin-top: 0; }}
p.source {{ color: {MUTED}; }}
div.quote {{ margin-left: 12px; font-style: italic; }}
table.reading {{ background: {READING}; }}
a {{ color: {ACCENT}; }}
"""


def _rule_href(game: str, number: str) -> str:
    return f"rule:{game}:{quote(number, safe='')}"


def rule_link(rule: Rule) -> str:
    """A link to a rule, named as the book lists it ("Rule 9.5", "Table 2", "Item (e)")."""
    return f'<a href="{_rule_href(rule.game, rule.id)}">{html.escape(rule.label)}</a>'


def _parse_href(href: str) -> tuple[str, str, str] | None:
    """(kind, game or chart, detail) of a link this module made: rule, chart, term; None for another link."""
    kind, _, rest = href.partition(":")
    if kind == "rule":
        game, _, number = rest.partition(":")
        return ("rule", game, unquote(number)) if game in GAMES and number else None
    if kind == "chart":
        return ("chart", unquote(rest), "") if unquote(rest) in chart_data.CHARTS else None
    if kind == "term":
        return ("term", "", unquote(rest))
    if kind == "houseway":
        return ("houseway", "", unquote(rest))
    return None


def feedback_html(text: str, game: str, house_way_titles: dict[str, str] | None = None) -> str:
    """The text as rich text, each rule it cites a link to the rule book ("rule 9.5", "rules 5.2-5.3", "Table 2").
    `house_way_titles` (title -> rule id) links the house-way rule a feedback names by its quoted title to the
    house-way chart instead."""
    spans: list[tuple[int, int, str]] = []
    if game in GAMES:
        for citation in rulebook.citations(text, game):
            if citation.rule is not None:
                spans.append((citation.start, citation.end, _rule_href(game, citation.rule.id)))
    for title, rule_id in (house_way_titles or {}).items():
        quoted = f"“{title}”"
        at = text.find(quoted)
        if at >= 0 and not any(start < at + len(quoted) and at < end for start, end, _ in spans):
            spans.append((at + 1, at + 1 + len(title), f"houseway:{quote(rule_id, safe='')}"))
    out, last = [], 0
    for start, end, href in sorted(spans):
        out.append(html.escape(text[last:start], quote=False))
        out.append(f'<a href="{href}">{html.escape(text[start:end], quote=False)}</a>')
        last = end
    out.append(html.escape(text[last:], quote=False))
    return "".join(out).replace("\n", "<br>")


def _paragraphs_html(text: str, game: str) -> str:
    """Paragraphs of a rule's words, the rules they cite made links."""
    return "".join("<p>" + "<br>".join(feedback_html(line, game) for line in lines) + "</p>"
                   for lines in rulebook.paragraphs(text))


def rule_html(rule: Rule) -> str:
    """A rule as the book's reading pane shows it: number and title, where the words come from, the words, the
    Gazette's own words where they decide, the project's reading marked as such, and links onward."""
    the_book = rulebook.book()
    parts = [f"<h2>{html.escape(rule.label)}" + (f": {html.escape(rule.title)}" if rule.number else "") + "</h2>",
             f'<p class="status">{html.escape(GAME_TITLES[rule.game])} · {html.escape(rule.status_words)}</p>',
             _paragraphs_html(rule.text, rule.game)]
    if rule.quote:
        quoted = html.escape(" ".join(rule.quote.split()), quote=False)
        parts.append(f'<p><b>The Gazette\'s words:</b></p><div class="quote">“{quoted}”</div>')
    if rule.reading:
        reading = rule.reading[0].upper() + rule.reading[1:]
        parts.append('<table class="reading" width="100%" cellpadding="8"><tr><td>'
                     "<b>How Dealer Drill reads it.</b> The Gazette pages we have leave this open; Dealer Drill's "
                     f"drills read it as follows. {_paragraphs_html(reading, rule.game)}</td></tr></table>")
    parts.append(f'<p class="source">Source: {html.escape(rule.source)}</p>')
    onward = []
    if rule.chart:
        onward.append(f'<a href="chart:{quote(rule.chart, safe="")}">{html.escape(chart_data.CHARTS[rule.chart].title)}'
                      "</a>")
    for other in rule.see:
        found = the_book.lookup(rule.game, other)
        if found is not None:
            onward.append(f'<a href="{_rule_href(rule.game, found.id)}">{html.escape(found.label)}</a>')
    if onward:
        parts.append("<p>See also: " + " · ".join(onward) + "</p>")
    return "".join(parts)


def term_html(term: glossary_data.Term) -> str:
    the_glossary = glossary_data.glossary()
    parts = [f"<h2>{html.escape(term.name)}</h2>",
             f'<p class="status">{html.escape(", ".join(GAME_TITLES[g] for g in term.games))}</p>']
    if term.tile is not None:
        parts.append("<p>" + "".join(f'<img src="tile:{face}"> ' for face in term.tile.faces) + "</p>")
    parts.append(f"<p>{html.escape(the_glossary.definition(term), quote=False)}</p>")
    if term.also:
        parts.append(f"<p class=\"source\">Also said: {html.escape(', '.join(term.also))}</p>")
    links = []
    for game, number in term.rule_references:
        found = rulebook.book().lookup(game, number)
        if found is not None:
            links.append(f'<a href="{_rule_href(game, found.id)}">{html.escape(found.label)}</a>')
    if links:
        parts.append("<p>Rules: " + " · ".join(links) + "</p>")
    return "".join(parts)


class _Reader(QTextBrowser):
    """A reading pane whose links stay in the rule book, with tiles drawn by the program for tile: images."""

    def __init__(self, name: str):
        super().__init__()
        self.setObjectName(name)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.document().setDefaultStyleSheet(_DOCUMENT_STYLE)

    def resizeEvent(self, event) -> None:
        # Lines of at most about 100 characters: a wide screen's whole width is too long a line to read.
        readable = self.fontMetrics().averageCharWidth() * 100
        if event.size().width() > readable + 40:
            self.setLineWrapMode(QTextBrowser.LineWrapMode.FixedPixelWidth)
            self.setLineWrapColumnOrWidth(readable)
        else:
            self.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        super().resizeEvent(event)

    def loadResource(self, kind: int, url):
        if url.scheme() == "tile":
            from .tiles import tile_pixmap

            width = max(16, round(self.fontMetrics().height() * 1.2))
            return tile_pixmap(url.path(), width).toImage()
        return super().loadResource(kind, url)


class RuleBookWindow(QWidget):
    """The rule book: Rules, Charts and Glossary tabs over one game selector and one search field."""

    rule_shown = Signal(object)       # Rule
    chart_shown = Signal(str)         # chart id

    def __init__(self, settings_source=None, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        from dealerdrill.settings import Settings

        self.setWindowTitle("Dealer Drill — Rule book")
        self.setObjectName("ruleBook")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self._settings_source = settings_source or Settings
        self.problem: str | None = None
        self.current_rule: Rule | None = None
        self.current_chart: str | None = None
        self.chart_page: QWidget | None = None

        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 12, 14, 10)
        outer.setSpacing(8)
        top = QHBoxLayout()
        game_label = QLabel("&Game:")
        self.game_box = QComboBox()
        self.game_box.setObjectName("ruleBookGame")
        for game in GAMES:
            self.game_box.addItem(GAME_TITLES[game], game)
        game_label.setBuddy(self.game_box)
        self.search_field = QLineEdit()
        self.search_field.setObjectName("ruleBookSearch")
        self.search_field.setPlaceholderText("Search: a rule number (9.5), a word (commission, cutting card, Wong)…")
        self.search_field.setClearButtonEnabled(True)
        search_label = QLabel("&Search:")
        search_label.setBuddy(self.search_field)
        top.addWidget(game_label)
        top.addWidget(self.game_box)
        top.addSpacing(12)
        top.addWidget(search_label)
        top.addWidget(self.search_field, 1)
        outer.addLayout(top)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("ruleBookTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self._build_rules(), "&Rules")
        self.tabs.addTab(self._build_charts(), "C&harts")
        self.tabs.addTab(self._build_glossary(), "G&lossary")
        outer.addWidget(self.tabs, 1)
        self.note_label = QLabel("")
        self.note_label.setObjectName("ruleBookNote")
        self.note_label.setWordWrap(True)
        self.note_label.hide()
        outer.addWidget(self.note_label)
        keys = QLabel("Ctrl+F search · ↑ ↓ the list · F3 rules · F4 charts · Ctrl+Tab the next tab · Alt+G the "
                      "game · links open rules and charts · Esc closes")
        keys.setObjectName("ruleBookKeys")
        keys.setWordWrap(True)
        outer.addWidget(keys)

        self.game_box.currentIndexChanged.connect(lambda _: self._refill())
        self.search_field.textChanged.connect(lambda _: self._refill())
        self.tabs.currentChanged.connect(lambda _: self._refill())
        QShortcut(QKeySequence.StandardKey.Find, self, self._focus_search)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        # The window's own F3 and F4, as in the main window: the rules and the charts.
        QShortcut(QKeySequence(Qt.Key.Key_F3), self, lambda: self.tabs.setCurrentIndex(RULES_TAB))
        QShortcut(QKeySequence(Qt.Key.Key_F4), self, lambda: self.tabs.setCurrentIndex(CHARTS_TAB))
        self.search_field.returnPressed.connect(self._to_list)
        self.resize(1000, 640)
        self._refill()

    # --- building ---------------------------------------------------------------------------------------------
    def _split(self, left: QWidget, right: QWidget) -> QSplitter:
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        left.setMinimumWidth(200)
        left.setMaximumWidth(320)
        if isinstance(left, QListWidget):
            # Long titles wrap instead of running under a horizontal scroll bar.
            left.setWordWrap(True)
            left.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            left.setResizeMode(QListWidget.ResizeMode.Adjust)
        return splitter

    def _build_rules(self) -> QWidget:
        self.rule_list = QListWidget()
        self.rule_list.setObjectName("ruleList")
        self.rule_list.setAccessibleName("Rules")
        self.rule_text = _Reader("ruleText")
        self.rule_list.currentItemChanged.connect(self._rule_chosen)
        self.rule_text.anchorClicked.connect(lambda url: self.follow(url.toString()))
        return self._split(self.rule_list, self.rule_text)

    def _build_charts(self) -> QWidget:
        self.chart_list = QListWidget()
        self.chart_list.setObjectName("chartList")
        self.chart_list.setAccessibleName("Charts")
        self.chart_scroll = QScrollArea()
        self.chart_scroll.setObjectName("chartScroll")
        self.chart_scroll.setWidgetResizable(True)
        self.chart_list.currentItemChanged.connect(self._chart_chosen)
        return self._split(self.chart_list, self.chart_scroll)

    def _build_glossary(self) -> QWidget:
        self.term_list = QListWidget()
        self.term_list.setObjectName("termList")
        self.term_list.setAccessibleName("Glossary")
        self.term_text = _Reader("termText")
        self.term_list.currentItemChanged.connect(self._term_chosen)
        self.term_text.anchorClicked.connect(lambda url: self.follow(url.toString()))
        return self._split(self.term_list, self.term_text)

    # --- what is shown ----------------------------------------------------------------------------------------
    def game(self) -> str:
        return str(self.game_box.currentData())

    def set_game(self, game: str) -> None:
        if game in GAMES and game != self.game():
            self.game_box.setCurrentIndex(GAMES.index(game))

    def _say(self, problem: str | None) -> None:
        self.problem = problem
        self.note_label.setText(problem or "")
        self.note_label.setVisible(bool(problem))

    def _refill(self) -> None:
        """Fill the shown tab's list for the chosen game and the search text, keeping the chosen entry."""
        try:
            tab = self.tabs.currentIndex()
            if tab == RULES_TAB:
                self._fill_rules()
            elif tab == CHARTS_TAB:
                self._fill_charts()
            else:
                self._fill_terms()
            self._say(None)
        except RuleBookError as error:
            self._say(f"The rule book could not be read: {error}. Reinstall Dealer Drill to restore it.")

    def _fill(self, widget: QListWidget, entries: list[tuple[str, str]], keep: str | None) -> None:
        widget.blockSignals(True)
        widget.clear()
        chosen = None
        for text, key in entries:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, key)
            widget.addItem(item)
            if key == keep:
                chosen = item
        widget.blockSignals(False)
        if chosen is None and widget.count():
            chosen = widget.item(0)
        if chosen is not None:
            widget.setCurrentItem(chosen)
            if widget.currentItem() is chosen:          # setCurrentItem emits only on a change
                widget.currentItemChanged.emit(chosen, None)

    def _fill_rules(self) -> None:
        found = rulebook.search(self.search_field.text(), self.game())
        keep = self.current_rule.id if self.current_rule is not None and self.current_rule.game == self.game() else None
        self._fill(self.rule_list, [(self._rule_line(one), one.id) for one in found], keep)
        if not found:
            self.rule_text.setHtml(f"<p>No {html.escape(GAME_TITLES[self.game()])} rule holds "
                                   f"“{html.escape(self.search_field.text().strip())}”.</p>")
            self.current_rule = None

    @staticmethod
    def _rule_line(one: Rule) -> str:
        return f"{one.number}  {one.title}" if one.number else one.title

    def _fill_charts(self) -> None:
        words = self.search_field.text().lower().split()
        shown = [info for info in chart_data.charts_for(self.game())
                 if all(w in f"{info.title} {info.summary}".lower() for w in words)] or \
            chart_data.charts_for(self.game())
        self._fill(self.chart_list, [(info.title, info.id) for info in shown], self.current_chart)

    def _fill_terms(self) -> None:
        terms = glossary_data.glossary().search(self.search_field.text(), self.game())
        keep = self.term_list.currentItem().data(Qt.ItemDataRole.UserRole) if self.term_list.currentItem() else None
        self._fill(self.term_list, [(term.name, term.name) for term in terms], keep)
        if not terms:
            self.term_text.setHtml(f"<p>No {html.escape(GAME_TITLES[self.game()])} term holds "
                                   f"“{html.escape(self.search_field.text().strip())}”.</p>")

    def _rule_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is None:
            return
        one = rulebook.book().lookup(self.game(), item.data(Qt.ItemDataRole.UserRole))
        if one is None:
            return
        self.current_rule = one
        self.rule_text.setHtml(rule_html(one))
        self.rule_shown.emit(one)

    def _chart_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is None:
            return
        from .charts_view import chart_widget

        chart_id = item.data(Qt.ItemDataRole.UserRole)
        page = chart_widget(chart_id, self._settings_source())
        page.rule_link.connect(lambda game, number: self.show_rule(game, number))
        old = self.chart_scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.chart_scroll.setWidget(page)
        self.chart_page = page
        self.current_chart = chart_id
        self.chart_shown.emit(chart_id)

    def _term_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is None:
            return
        term = glossary_data.glossary().lookup(item.data(Qt.ItemDataRole.UserRole))
        if term is not None:
            self.term_text.setHtml(term_html(term))

    def _focus_search(self) -> None:
        self.search_field.setFocus()
        self.search_field.selectAll()

    def _to_list(self) -> None:
        current = {RULES_TAB: self.rule_list, CHARTS_TAB: self.chart_list, GLOSSARY_TAB: self.term_list}
        current[self.tabs.currentIndex()].setFocus()

    # --- opening at something -------------------------------------------------------------------------------
    def _clear_search(self) -> None:
        self.search_field.blockSignals(True)
        self.search_field.clear()
        self.search_field.blockSignals(False)

    def show_rule(self, game: str, number: str) -> bool:
        """The Rules tab at that rule (False, with a note, when the book has no such rule). `number` may also be
        a citation of several ("4.5-4.7", "(j)-(k)", "Table 2, 9.5"): the book opens at the first."""
        try:
            found = rulebook.book().lookup(game, number) if game in GAMES else None
            if found is None and game in GAMES:
                found = next((c.rule for c in rulebook.cited(game, number) if c.rule is not None), None)
        except RuleBookError as error:
            self._say(f"The rule book could not be read: {error}.")
            return False
        if found is None:
            self._say(f"The {GAME_TITLES.get(game, game)} rule book has no rule {number}.")
            return False
        self.current_rule = found
        self._clear_search()
        self.game_box.blockSignals(True)
        self.game_box.setCurrentIndex(GAMES.index(game))
        self.game_box.blockSignals(False)
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(RULES_TAB)
        self.tabs.blockSignals(False)
        self._refill()
        self.rule_list.setFocus()
        return True

    def show_chart(self, chart_id: str) -> bool:
        info = chart_data.CHARTS.get(chart_id)
        if info is None:
            self._say(f"There is no chart {chart_id}.")
            return False
        self.current_chart = chart_id
        self._clear_search()
        self.game_box.blockSignals(True)
        self.game_box.setCurrentIndex(GAMES.index(info.game))
        self.game_box.blockSignals(False)
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(CHARTS_TAB)
        self.tabs.blockSignals(False)
        self._refill()
        self.chart_list.setFocus()
        return True

    def show_glossary(self, term: str | None = None, game: str | None = None) -> bool:
        found = glossary_data.glossary().lookup(term) if term else None
        if term and found is None:
            self._say(f"The glossary has no entry {term}.")
            return False
        self._clear_search()
        chosen = game or (found.games[0] if found is not None and self.game() not in found.games else None)
        if chosen in GAMES:
            self.game_box.blockSignals(True)
            self.game_box.setCurrentIndex(GAMES.index(chosen))
            self.game_box.blockSignals(False)
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(GLOSSARY_TAB)
        self.tabs.blockSignals(False)
        self._refill()
        if found is not None:
            for row in range(self.term_list.count()):
                if self.term_list.item(row).data(Qt.ItemDataRole.UserRole) == found.name:
                    self.term_list.setCurrentRow(row)
        self.term_list.setFocus()
        return True

    def show_book(self, game: str | None = None) -> bool:
        if game in GAMES:
            self.set_game(game)
        self.tabs.setCurrentIndex(RULES_TAB)
        self.rule_list.setFocus()
        return True

    def follow(self, href: str) -> bool:
        """Follow a link of the book (a rule, a chart, a term, a house-way rule)."""
        parsed = _parse_href(href)
        if parsed is None:
            return False
        kind, where, detail = parsed
        if kind == "rule":
            return self.show_rule(where, detail)
        if kind == "chart":
            return self.show_chart(where)
        if kind == "term":
            return self.show_glossary(detail)
        return self.show_house_way_rule(detail)

    def show_house_way_rule(self, rule_id: str) -> bool:
        """The house-way chart, scrolled to one of its rules (by the rule's id in the way's file)."""
        if not self.show_chart("paigow.house_way"):
            return False
        row = self.chart_page.findChild(QLabel, f"houseWayRule-{rule_id}") if self.chart_page is not None else None
        if row is not None:
            self.chart_scroll.ensureWidgetVisible(row, 0, 40)
        return row is not None


class References(QObject):
    """The rule book of one main window. Every opening asks the desk first: while a test runs the book and the
    charts stay closed (and an open book closes when a test starts)."""

    def __init__(self, desk=None, window: QWidget | None = None):
        super().__init__(window)
        self.setObjectName("references")
        self.desk = desk
        self.host = window
        self.book: RuleBookWindow | None = None
        self.refusal = None

    def _settings(self):
        from dealerdrill.settings import Settings

        return self.desk.settings if self.desk is not None else Settings()

    def _open(self) -> RuleBookWindow | None:
        if self.desk is not None:
            from dealerdrill.desk import ReferencesClosedDuringTest

            try:
                self.desk.require_references()
            except ReferencesClosedDuringTest as error:
                self.refusal = show_error(self.host, str(error))
                return None
        if self.book is None:
            self.book = RuleBookWindow(self._settings, self.host)
            self.book.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
            screen = (self.host.screen() if self.host is not None else None) or self.book.screen()
            if screen is not None:
                # 1000 x 640 beside a laptop's window; on a larger screen two thirds of it.
                room = screen.availableGeometry().size()
                self.book.resize(min(room.width() - 40, max(1000, room.width() * 2 // 3)),
                                 min(room.height() - 60, max(640, room.height() * 2 // 3)))
        self.book.show()
        self.book.raise_()
        self.book.activateWindow()
        return self.book

    def show_rule(self, game: str, number: str) -> bool:
        book = self._open()
        return book is not None and book.show_rule(game, number)

    def show_chart(self, chart_id: str) -> bool:
        book = self._open()
        return book is not None and book.show_chart(chart_id)

    def show_glossary(self, term: str | None = None, game: str | None = None) -> bool:
        book = self._open()
        return book is not None and book.show_glossary(term, game)

    def show_book(self, game: str | None = None) -> bool:
        book = self._open()
        return book is not None and book.show_book(game)

    def follow(self, href: str) -> bool:
        """A link from a feedback or a chart: "rule:game:number", "chart:id", "term:name", "houseway:id"."""
        book = self._open()
        return book is not None and book.follow(href)

    def close_for_test(self) -> None:
        """A test has started: the book closes (its charts would answer the test's questions)."""
        if self.book is not None and self.book.isVisible():
            self.book.close()


def references_for(widget: QWidget) -> References:
    """The References of the widget's window; a page shown on its own gets one of its own, over its desk."""
    top = widget.window()
    found = getattr(top, "references", None)
    if isinstance(found, References):
        return found
    own = top.findChild(References, "references")
    if own is None:
        own = References(getattr(widget, "desk", None), top)
    return own


def open_rule(widget: QWidget, game: str, number: str) -> bool:
    return references_for(widget).show_rule(game, number)


def open_chart(widget: QWidget, chart_id: str) -> bool:
    return references_for(widget).show_chart(chart_id)


def open_glossary(widget: QWidget, term: str | None = None) -> bool:
    return references_for(widget).show_glossary(term)
