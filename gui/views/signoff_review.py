"""The review of a test before the manager signs it off (issue 28, point 6): what the verdict made again says,
then each item drawn as the trainee saw it, with the answer given, the right answer, the engine's grade, the
rule, why, and the time taken. Sign-off is made from here.

    review = desk.review_test(session_uuid)          # manager only (dealerdrill.verdicts.TestReview)
    dialog = SignOffReview(desk, review, "Baccarat: Table of play", parent)
    dialog.signed.connect(...)                        # the SessionSummary signed off

The items are listed on the left (a 50-item test scrolls there); the selected one is drawn on the right by the
drill's own answer panel (the drill entries of drill_view.available_drills), made once and shown each item in
turn, disabled so that nothing can be answered or changed in it. The words under the drawing are the review's
(the engine's grade now, and what the records stored when they disagree).

Signing: a passed test signs at once; any other session asks for the manager's reason first
(SignOffConfirmation); a test whose records disagree with its verdict made again cannot be signed, and the
reason is shown above the items. The desk checks all of this again, whatever this dialog shows.
Keys: Up/Down (Page Up/Down, Home/End) move through the items; Alt+S signs off; Esc closes.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from dealerdrill.drills.levels import level_name

from .records_profiles import (
    MET_BACKGROUND,
    NONE_BACKGROUND,
    PARTLY_BACKGROUND,
    PLAIN_ERRORS,
    RIGHT,
    SHORT_BACKGROUND,
    WRONG,
    button,
    label,
    plain_message,
    style_page,
)
from .records_trainee import Cell, card, fill_table, local_time, make_table, percent

# The dialog takes this share of the screen it opens on: the drawn item wants the room, and the tests table
# it came from stays in sight around it.
SCREEN_SHARE = (0.94, 0.92)
LARGEST = QSize(1800, 1200)   # beyond this a drawn item only spreads out (cards keep their size)
REVIEW_STYLE = f"""
QWidget#reviewPanelHost {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; }}
QLabel#reviewVerdict {{ font-size: 22px; font-weight: 700; }}
QLabel#reviewVerdict[verdict="passed"] {{ color: {RIGHT}; }}
QLabel#reviewVerdict[verdict="failed"] {{ color: {WRONG}; }}
QLabel#reviewItemGrade {{ font-size: 16px; font-weight: 700; }}
QLabel#reviewItemGrade[verdict="right"] {{ color: {RIGHT}; }}
QLabel#reviewItemGrade[verdict="wrong"] {{ color: {WRONG}; }}
QLabel[role="field"] {{ color: #5b6675; font-weight: 600; }}
"""


def review_size(available: QSize) -> QSize:
    """The dialog's size on a screen with this much room."""
    return QSize(min(int(available.width() * SCREEN_SHARE[0]), LARGEST.width()),
                 min(int(available.height() * SCREEN_SHARE[1]), LARGEST.height()))


def verdict_words(summary) -> tuple[str, str]:
    """(the verdict in a few words, its colour: "passed", "failed" or "") for the review's first line."""
    if summary.mode != "test":
        return f"{str(summary.mode).capitalize()} session, not a test", ""
    if summary.problems:
        return "Not trusted: the records disagree", "failed"
    if summary.passed:
        return "Passed", "passed"
    if summary.taken_offline and summary.not_counted:
        return "Not counted yet: taken offline from the desk's stock", "failed"
    if summary.not_counted:
        return "Not passed: not a test of its target", "failed"
    if summary.items < summary.target.test_items:
        state = "Stopped" if summary.finished_at is not None else "Unfinished"
        return f"{state} after {summary.items} of {summary.target.test_items}: not passed", "failed"
    return "Not passed", "failed"


def verdict_facts(summary) -> str:
    """The score, the pass mark, the level, who took it and when, on one line."""
    score = f"{summary.correct} of {summary.scored_over} right ({percent(summary.score)})"
    parts = [f"{score} by the engine's grading" if summary.judged else score]
    if summary.mode == "test":
        parts.append(f"pass mark {percent(summary.target.pass_mark)} of {summary.target.test_items} items")
    parts.append(f"level {level_name(summary.settings)}")
    parts.append(f"taken by {summary.trainee}")
    when = local_time(summary.started_at)
    if summary.finished_at is not None:
        when += f" to {summary.finished_at.astimezone().strftime('%H:%M')}"
    parts.append(when)
    if summary.taken_offline:
        parts.append(summary.taken_offline)
    return " · ".join(parts)


def item_grade_cell(reviewed) -> Cell:
    """The list's cell for one item: the engine's grade, flagged when the records stored another."""
    if reviewed.problem:
        return Cell("? Not graded here", NONE_BACKGROUND, reviewed.problem)
    text = "✓ Right" if reviewed.correct else "✗ Wrong"
    if reviewed.correct != reviewed.stored_correct:
        stored = "right" if reviewed.stored_correct else "wrong"
        return Cell(f"{text} (stored: {stored})", PARTLY_BACKGROUND,
                    f"The records stored this answer as {stored}; graded again by the engine it is "
                    f"{'right' if reviewed.correct else 'wrong'}.", bold=True)
    return Cell(text, MET_BACKGROUND if reviewed.correct else SHORT_BACKGROUND)


def _read_only(panel: QWidget) -> None:
    """Nothing can be answered in the panel (disabled: no keys, no clicks, no focus), drawn in its usual colours
    rather than greyed out."""
    palette = panel.palette()
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText,
                 QPalette.ColorRole.Base, QPalette.ColorRole.Button, QPalette.ColorRole.Window,
                 QPalette.ColorRole.PlaceholderText, QPalette.ColorRole.Light, QPalette.ColorRole.Mid,
                 QPalette.ColorRole.Dark):
        palette.setColor(QPalette.ColorGroup.Disabled, role, palette.color(QPalette.ColorGroup.Active, role))
    panel.setPalette(palette)
    panel.setEnabled(False)
    panel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    panel.setToolTip("")
    # The keys to answer with, and the line that follows the answer being typed ("Typed: –"): nothing is answered
    # here, and the answer given is written under the drawing.
    for line in (getattr(panel, "help", None), getattr(panel, "status", None)):
        if isinstance(line, QWidget):
            line.hide()
    # A single answer box (a number typed under the question) would stand empty: the answer is written below too.
    entry = getattr(panel, "entry", None)
    if isinstance(entry, QLineEdit):
        entry.hide()


def drill_panel(drill_id: str, settings):
    """A new answer panel of the drill, made with `settings`; None when the drill has none here."""
    from .drill_view import available_drills

    entries, _ = available_drills()
    entry = next((e for e in entries if e.id == drill_id), None)
    if entry is None:
        return None
    return entry.panel(settings)


class SignOffReview(QDialog):
    signed = Signal(object)     # the SessionSummary as signed off

    def __init__(self, desk, review, title: str, parent: QWidget | None = None):
        """`review`: Desk.review_test's TestReview; `title`: the drill as the tests table names it."""
        super().__init__(parent)
        self.desk = desk
        self.review = review
        self.summary = review.summary
        self.title = title
        self.signoff_confirmation = None
        self.setObjectName("signOffReview")
        self.setWindowTitle(f"Review before sign-off: {self.summary.trainee}, {title}")
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        style_page(self)
        self.setStyleSheet(self.styleSheet() + REVIEW_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(18, 14, 18, 12)
        outer.setSpacing(8)
        outer.addLayout(self._build_header(title))
        outer.addWidget(self._build_body(), 1)
        outer.addLayout(self._build_footer())
        self._fill_items()
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        if screen is not None:
            self.resize(review_size(screen.availableGeometry().size()))
        self.items_table.setFocus()

    # --- building ------------------------------------------------------------------------------------------
    def _build_header(self, title: str) -> QVBoxLayout:
        summary = self.summary
        header = QVBoxLayout()
        header.setSpacing(4)
        top = QHBoxLayout()
        top.addWidget(label(f"{summary.trainee} · {title}", "heading"), 1)
        words, colour = verdict_words(summary)
        self.verdict_label = label(words)
        self.verdict_label.setObjectName("reviewVerdict")
        self.verdict_label.setProperty("verdict", colour)
        top.addWidget(self.verdict_label)
        header.addLayout(top)
        self.facts_label = label(verdict_facts(summary), "muted", wrap=True)
        self.facts_label.setObjectName("reviewFacts")
        header.addWidget(self.facts_label)
        # Why it cannot be signed, or what is unusual about it, before anything else is read.
        self.problems_label = label(self._problems_text(), "problem", wrap=True)
        self.problems_label.setObjectName("reviewProblems")
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_label.setVisible(bool(self.problems_label.text()))
        header.addWidget(self.problems_label)
        return header

    def _problems_text(self) -> str:
        summary = self.summary
        if summary.problems:
            lines = "\n".join(f"• {problem}" for problem in summary.problems)
            return ("This test cannot be signed off: what the records hold of it does not agree with its verdict "
                    f"made again.\n{lines}")
        if summary.not_counted:
            return f"This is not a test of its target: {summary.not_counted}."
        return ""

    def _build_body(self) -> QSplitter:
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(label("ITEMS", "section"))
        self.items_table = make_table(["#", "Grade", "Time"], "reviewItems", stretch_column=1)
        self.items_table.setAccessibleName("The test's items")
        self.items_table.horizontalHeaderItem(1).setToolTip("Each stored answer graded again by the engine")
        self.items_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.items_table.itemSelectionChanged.connect(self._selection_changed)
        left_layout.addWidget(self.items_table, 1)
        self.list_side = left
        splitter.addWidget(left)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 0, 0, 0)
        right_layout.setSpacing(6)
        heading = QHBoxLayout()
        self.item_heading = label("", "section")
        self.item_heading.setObjectName("reviewItemHeading")
        heading.addWidget(self.item_heading)
        heading.addStretch(1)
        self.family_label = label("", "muted")
        heading.addWidget(self.family_label)
        right_layout.addLayout(heading)
        self.question_label = label("", wrap=True)
        self.question_label.setObjectName("reviewQuestion")
        self.question_label.setStyleSheet("font-size: 15px; font-weight: 600;")
        right_layout.addWidget(self.question_label)
        # The drawing: the drill's own panel, made once and shown each item (it scrolls rather than clip on a
        # small screen).
        self.panel_host = QWidget()
        self.panel_host.setObjectName("reviewPanelHost")
        self.panel_host.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        host_layout = QVBoxLayout(self.panel_host)
        host_layout.setContentsMargins(8, 6, 8, 6)
        self.panel = drill_panel(self.summary.drill, self.review.settings or self.desk.settings) \
            if self.review.drill is not None else None
        if self.panel is not None:
            self.panel.setObjectName("reviewPanel")
            _read_only(self.panel)
            host_layout.addWidget(self.panel, 1)
        self.no_drawing = label("", "muted", wrap=True)
        self.no_drawing.setObjectName("reviewNoDrawing")
        self.no_drawing.setAlignment(Qt.AlignmentFlag.AlignCenter)
        host_layout.addWidget(self.no_drawing, 1)
        self.no_drawing.hide()
        scroll = self.drawing_scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.panel_host)
        right_layout.addWidget(scroll, 1)
        right_layout.addWidget(self._build_details())
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        return splitter

    def _build_details(self) -> QFrame:
        box = card()
        box.setObjectName("reviewDetails")
        grid = QGridLayout(box)
        grid.setContentsMargins(12, 8, 12, 8)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        self.grade_label = label("")
        self.grade_label.setObjectName("reviewItemGrade")
        # The time beside the grade, not a line of its own: on a laptop's screen every line under the drawing is
        # taken from the drawing.
        self.time_label = label("", "muted")
        self.time_label.setObjectName("reviewTime")
        grade_row = QHBoxLayout()
        grade_row.addWidget(self.grade_label)
        grade_row.addSpacing(16)
        grade_row.addWidget(self.time_label, 1)
        self.stored_label = label("", "problem", wrap=True)
        self.stored_label.setObjectName("reviewStoredGrade")
        self.stored_label.hide()
        grid.addLayout(grade_row, 0, 0, 1, 2)
        grid.addWidget(self.stored_label, 1, 0, 1, 2)
        self.given_label, self.expected_label = label("", wrap=True), label("", wrap=True)
        self.rule_label, self.explanation_label = label("", wrap=True), label("", wrap=True)
        for row, (name, widget, object_name) in enumerate((
                ("Answer given", self.given_label, "reviewGiven"),
                ("Right answer", self.expected_label, "reviewExpected"),
                ("Rule", self.rule_label, "reviewRule"),
                ("Why", self.explanation_label, "reviewExplanation")), start=2):
            widget.setObjectName(object_name)
            widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            grid.addWidget(label(name, "field"), row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(widget, row, 1, Qt.AlignmentFlag.AlignTop)
        grid.setRowStretch(6, 1)      # room to spare goes below the lines, never between a name and its text
        grid.setColumnStretch(1, 1)
        return box

    def _build_footer(self) -> QVBoxLayout:
        footer = QVBoxLayout()
        self.message_label = label("", wrap=True)
        self.message_label.setObjectName("reviewMessage")
        self.message_label.hide()
        footer.addWidget(self.message_label)
        row = QHBoxLayout()
        self.note_edit = QLineEdit()
        self.note_edit.setObjectName("reviewNote")
        self.note_edit.setPlaceholderText("Note with the sign-off (optional)")
        self.note_edit.setAccessibleName("Sign-off note")
        self.sign_button = button("&Sign off", primary=True)
        self.sign_button.setObjectName("reviewSignOff")
        self.close_button = button("Close")
        # Enter in the list must never sign anything: no button of this dialog is pressed by Enter elsewhere.
        for widget in (self.sign_button, self.close_button):
            widget.setAutoDefault(False)
            widget.setDefault(False)
        self.sign_button.clicked.connect(self.sign_off)
        self.close_button.clicked.connect(self.reject)
        row.addWidget(self.note_edit, 1)
        row.addWidget(self.sign_button)
        row.addWidget(self.close_button)
        footer.addLayout(row)
        self._show_signing_state()
        return footer

    def _show_signing_state(self) -> None:
        summary = self.summary
        if summary.signed_by:
            note = f": {summary.signoff_note}" if summary.signoff_note else ""
            self._say(f"Signed off by {summary.signed_by} on {local_time(summary.signed_at)}{note}.", "done")
            self.sign_button.setEnabled(False)
            self.note_edit.setEnabled(False)
        elif summary.problems:
            self.sign_button.setEnabled(False)
            self.sign_button.setToolTip("Refused: the records of this test disagree with its verdict made again "
                                        "(listed above).")
        else:
            unusual = self.desk.why_confirm(summary)
            self.sign_button.setText("&Sign off…" if unusual else "&Sign off")
            self.sign_button.setToolTip(f"{unusual} Signing it off asks for your reason." if unusual else
                                        "Sign this passed test off with your key.")

    def _say(self, text: str, role: str) -> None:
        self.message_label.setText(text)
        self.message_label.setProperty("role", role)
        self.message_label.style().unpolish(self.message_label)
        self.message_label.style().polish(self.message_label)
        self.message_label.setVisible(bool(text))

    # --- the items -----------------------------------------------------------------------------------------
    def _fill_items(self) -> None:
        rows = [[Cell(r.number, align_right=True), item_grade_cell(r), Cell(f"{r.seconds:.1f} s", align_right=True)]
                for r in self.review.items]
        fill_table(self.items_table, rows, fit_rows=None, empty_text="No answers were given in this session.")
        # The list as wide as its columns, never cut: the drawing takes the rest.
        table = self.items_table
        width = (sum(max(table.sizeHintForColumn(c), table.horizontalHeader().sectionSizeHint(c))
                     for c in range(table.columnCount()))
                 + table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth() + 4)
        self.list_side.setMinimumWidth(width)
        self.splitter.setSizes([width, 10 * width])
        if self.review.items:
            self.items_table.selectRow(0)
        else:
            self._show_item(None)

    def _selection_changed(self) -> None:
        row = self.items_table.currentRow()
        self._show_item(self.review.items[row] if 0 <= row < len(self.review.items) else None)

    def select_item(self, number: int) -> None:
        """Show the item asked `number`th (1 for the first)."""
        self.items_table.selectRow([r.number for r in self.review.items].index(number))

    def shown_item(self):
        """The ReviewedItem on show (None before any)."""
        return getattr(self, "_shown", None)

    def _show_item(self, reviewed) -> None:
        self._shown = reviewed
        total = len(self.review.items)
        if reviewed is None:
            for widget in (self.item_heading, self.family_label, self.question_label, self.grade_label,
                           self.given_label, self.expected_label, self.rule_label, self.explanation_label,
                           self.time_label):
                widget.clear()
            self.stored_label.hide()
            self._show_drawing(None, "Nothing to draw: no answers were given.")
            return
        of = f" OF {self.summary.target.test_items}" if self.summary.mode == "test" else f" OF {total}"
        self.item_heading.setText(f"ITEM {reviewed.number}{of}")
        item = reviewed.item
        self.family_label.setText(self._family(item.family) if item is not None else "")
        shows_question = bool(getattr(self.panel, "shows_question", False)) and item is not None
        question = item.text if item is not None else ""
        self.question_label.setText(question)
        self.question_label.setVisible(bool(question) and not shows_question)
        if item is None:
            self._show_drawing(None, f"This item cannot be drawn again here: {reviewed.problem}.")
        elif self.panel is None:
            self._show_drawing(None, "This drill has no drawing here; the question is above.")
        else:
            self._show_drawing(item, "")
        if reviewed.problem:
            self.grade_label.setText("? Not graded again here")
            self.grade_label.setProperty("verdict", "")
        else:
            self.grade_label.setText("✓ Right" if reviewed.correct else "✗ Not right")
            self.grade_label.setProperty("verdict", "right" if reviewed.correct else "wrong")
        self.grade_label.style().unpolish(self.grade_label)
        self.grade_label.style().polish(self.grade_label)
        disagree = not reviewed.problem and reviewed.correct != reviewed.stored_correct
        if disagree or reviewed.problem:
            stored = "right" if reviewed.stored_correct else "wrong"
            self.stored_label.setText(
                f"The records stored this answer as {stored}; graded again by the engine it is "
                f"{'right' if reviewed.correct else 'wrong'}. The engine's grade is the one that counts."
                if disagree else f"{reviewed.problem[0].upper()}{reviewed.problem[1:]}. What the records "
                                 f"stored is shown (graded {stored}).")
        self.stored_label.setVisible(disagree or bool(reviewed.problem))
        self.given_label.setText(reviewed.given or "(no answer)")
        self.expected_label.setText(reviewed.expected)
        self.rule_label.setText(reviewed.rule or "—")
        self.explanation_label.setText(reviewed.explanation or "—")
        at = f", at {reviewed.answered_at.astimezone().strftime('%H:%M:%S')}" if reviewed.answered_at \
            else ""
        self.time_label.setText(f"answered in {reviewed.seconds:.1f} s (target {self.summary.target.seconds:g} s){at}")

    def _family(self, family: str) -> str:
        from .drill_view import family_text

        return family_text(self.review.drill, family) if self.review.drill is not None else family

    def _show_drawing(self, item, why_not: str) -> None:
        if self.panel is not None:
            self.panel.setVisible(item is not None)
            if item is not None:
                self.panel.show_item(item)
        self.drawing_scroll.verticalScrollBar().setValue(0)     # each item is read from its top
        self.no_drawing.setText(why_not)
        self.no_drawing.setVisible(item is None)

    # --- signing -------------------------------------------------------------------------------------------
    def sign_off(self) -> None:
        """Sign the session off from its review: at once for a passed test, after the manager's reason for any
        other; refused, with the desk's reason, when its records disagree (or the role is locked)."""
        from dealerdrill.desk import NeedsConfirmation

        summary = self.summary
        if summary.signed_by:   # said before any question about it; the records refuse a second one anyway
            self._say(f"This session was already signed off by {summary.signed_by} ({local_time(summary.signed_at)});"
                      " a session is signed off once.", "problem")
            return
        try:
            signed = self.desk.sign_off(self.summary.uuid, self.note_edit.text())
        except NeedsConfirmation:
            self._confirm(self.desk.why_confirm(self.summary) or "")
            return
        except PLAIN_ERRORS as error:
            self._say(plain_message(error), "problem")
            return
        self._signed(signed)

    def _confirm(self, unusual: str) -> None:
        from .signoff_confirmation import SignOffConfirmation

        summary = self.summary
        what = (f"{summary.trainee} · {self.title} · {level_name(summary.settings)} · {local_time(summary.started_at)}"
                f" · {summary.correct} of {summary.scored_over} ({percent(summary.score)})")

        def sign(note: str, reason: str):
            signed = self.desk.sign_off(self.summary.uuid, note, reason=reason, confirmed=True)
            self._signed(signed)
            return signed

        dialog = SignOffConfirmation(what, unusual, self.note_edit.text(), sign, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda *_: setattr(self, "signoff_confirmation", None))
        self.signoff_confirmation = dialog
        self._say("", "muted")
        dialog.open()

    def _signed(self, signed) -> None:
        self.summary = signed
        self.signed.emit(signed)
        self.accept()

    def close_for_lock(self) -> None:
        """The manager role locked: nothing of the review stays on screen."""
        if self.signoff_confirmation is not None:
            self.signoff_confirmation.close()
        self.reject()


__all__ = ["SignOffReview", "drill_panel", "item_grade_cell", "review_size", "verdict_facts", "verdict_words"]
