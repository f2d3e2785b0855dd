"""Qt panels for the "find the error" drills (dealerdrill.drills.*_find_error), keyboard first.

The table as the dealer left it is drawn above (the roulette layout with its chips, the baccarat hands, the pai
gow hands) and listed below, one line per wager, hand or step, with what the dealer did. The trainee moves
over the lines, marks each mistake and types its correction; Enter commits every mark at once (Enter with
nothing marked says "no mistakes").

Keys: Up / Down choose a line; Space marks or unmarks it; typing a correction marks it too: digits (and . for
cents) type an amount to pay, C clear, T take, U push, D draw, S stand, and on the order line the box numbers
one by one; Backspace edits the correction; Delete unmarks; Enter commits.

Before the commit nothing drawn or said comes from the item's key: the picture and the lines are the
prompt's (what the dealer did), the marks and corrections the trainee's own. After grading every line the
engine settled differently is shown with its right treatment.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.domain import format_cents, format_money, written_amount_problem

from .drill_panels_keys import is_page_key

QWIDGETSIZE_MAX = (1 << 24) - 1   # Qt's largest widget size: no maximum
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
RIGHT = "#1e7b34"
WRONG = "#b3261e"
MARKED = "#8a5a00"
WORD_KEYS = {Qt.Key.Key_C: "clear", Qt.Key.Key_T: "take", Qt.Key.Key_U: "push", Qt.Key.Key_D: "draw",
             Qt.Key.Key_S: "stand"}
WORD_LETTERS = {"C": "clear", "T": "take", "U": "push", "D": "draw", "S": "stand"}   # WORD_KEYS as typed
MAX_TYPED = 10


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class FindErrorPanel(QWidget):
    """The lines of a settled table, marked and corrected from the keyboard; a picture of the table above."""

    answered = Signal(object)
    shows_question = True
    KEYS = ("Keys: Up/Down choose a line; Space marks or unmarks it; typing a correction marks it too: an "
            "amount (digits, a comma for thousands), C clear, T take, U push, D draw, S stand, or the boxes in "
            "order (digits); Backspace edits, Delete unmarks; Enter commits (nothing marked: no mistakes).")

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.marks: dict[str, object] = {}
        self.current = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip(self.KEYS)
        self.question = QLabel()
        self.question.setWordWrap(True)
        font = QFont()
        font.setPointSizeF(12)
        font.setBold(True)
        self.question.setFont(font)
        self.picture = self.make_picture()
        self.lines_label = QLabel()
        self.lines_label.setTextFormat(Qt.TextFormat.RichText)
        self.lines_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.help = QLabel(self.KEYS)
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #5b6675; font-size: 11px;")
        box = QVBoxLayout(self)
        box.addWidget(self.question)
        if self.SIDE_BY_SIDE:
            # A fixed width: the right treatments that appear after grading must not squeeze the picture.
            self.lines_label.setFixedWidth(self.LINES_WIDTH)
            self.lines_label.setWordWrap(True)
        body = QHBoxLayout() if self.SIDE_BY_SIDE else QVBoxLayout()
        self.body = body
        body.addWidget(self.picture, 1)
        body.addWidget(self.lines_label, 0)
        # The roulette layout takes what room there is; hands and tiles keep their own height, and the
        # room left over stays below the lines.
        box.addLayout(body, 1 if self.SIDE_BY_SIDE else 0)
        if not self.SIDE_BY_SIDE:
            box.addStretch(1)
        box.addWidget(self.status)
        box.addWidget(self.help)

    SIDE_BY_SIDE = False
    LINES_WIDTH = 470

    def line_columns(self) -> int:
        """How many columns the lines are listed in (the roulette panel uses two below its picture)."""
        return 1

    def _lines_table(self, rows: list[str]) -> str:
        """The lines' rows as one table, or side by side in line_columns() tables, first lines on the left."""
        columns = self.line_columns()
        if columns == 1 or len(rows) <= 1:
            return f"<table cellspacing='2' cellpadding='2'>{''.join(rows)}</table>"
        per_column = -(-len(rows) // columns)
        parts = [rows[i:i + per_column] for i in range(0, len(rows), per_column)]
        cells = "".join(f"<td valign='top' width='{100 // columns}%'><table cellspacing='0' cellpadding='1'>"
                        f"{''.join(part)}</table></td>" for part in parts)
        return f"<table width='100%' cellspacing='0' cellpadding='0'><tr>{cells}</tr></table>"

    # -- what a game's panel provides ----------------------------------------------------------------------
    def make_picture(self) -> QWidget:
        return QWidget()

    def show_picture(self, item) -> None:
        """Draw the table as the dealer left it (the prompt only)."""

    def show_picture_grade(self, item) -> None:
        """After grading: the picture may show the engine's treatment."""

    # -- item --------------------------------------------------------------------------------------------------
    @property
    def lines(self) -> list[dict]:
        return self.item.prompt["lines"] if self.item else []

    def show_item(self, item) -> None:
        self.item, self.grade = item, None
        self.marks, self.current = {}, 0
        self.question.setText(item.text)
        self.show_picture(item)
        self._refresh()
        self.setFocus()

    def _money(self, amount: int) -> str:
        return format_money(amount) if self.item.prompt["money"] == "dollars" else format_cents(amount)

    def _correction_words(self, value) -> str:
        if value in (None, ""):
            return "?"
        if isinstance(value, list):
            return "order " + ", ".join(map(str, value)) if value else "order ?"
        if isinstance(value, str) and value and (value[0].isdigit() or value[0] == "."):
            return f"pay ${value}"
        return str(value)

    def _refresh(self, truth: dict | None = None) -> None:
        rows = []
        # Two columns of lines share the panel's width: the graded words are kept short to fit beside each other.
        right_words, no_mistake = ("→ ", "✗ no mistake") if self.line_columns() > 1 else ("right: ", "no mistake here")
        for index, line in enumerate(self.lines):
            here = index == self.current and truth is None
            mark = self.marks.get(line["id"], None)
            marked = line["id"] in self.marks
            cell = f"<b style='color:{MARKED}'>✎ {_escape(self._correction_words(mark))}</b>" if marked else ""
            extra = ""
            if truth is not None:
                wrong_line = line["id"] in truth
                right = truth.get(line["id"])
                if wrong_line:
                    extra = f"<td style='color:{RIGHT}'>&nbsp; {right_words}{_escape(right)}</td>"
                elif marked:
                    extra = f"<td style='color:{WRONG}'>&nbsp; {no_mistake}</td>"
            style = " style='background:#fff3c4'" if here else ""
            rows.append(f"<tr{style}><td>{index + 1}.</td><td>{_escape(line['label'])}</td>"
                        f"<td>&nbsp; {_escape(line['shown'])}</td><td>&nbsp; {cell}</td>{extra}</tr>")
        self.lines_label.setText(self._lines_table(rows))
        if truth is None:
            count = len(self.marks)
            self.status.setText(f"Line {self.current + 1} of {len(self.lines)}. "
                                + (f"{count} marked." if count else "Nothing marked: Enter commits “no mistakes”."))

    # -- keys --------------------------------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        if self.item is None or self.grade is not None or not self._handle(event):
            super().keyPressEvent(event)

    def _handle(self, event) -> bool:
        key, text = event.key(), event.text()
        line = self.lines[self.current]
        line_id, accepts = line["id"], line["accepts"]
        if key == Qt.Key.Key_Up:
            self.current = (self.current - 1) % len(self.lines)
        elif key == Qt.Key.Key_Down:
            self.current = (self.current + 1) % len(self.lines)
        elif key == Qt.Key.Key_Space:
            if line_id in self.marks:
                del self.marks[line_id]
            else:
                self.marks[line_id] = [] if "order" in accepts else ""
        elif key == Qt.Key.Key_Delete:
            self.marks.pop(line_id, None)
        elif key in ENTER_KEYS:
            self._commit()
            return True
        elif key == Qt.Key.Key_Backspace:
            value = self.marks.get(line_id)
            if isinstance(value, list):
                self.marks[line_id] = value[:-1]
            elif isinstance(value, str):
                self.marks[line_id] = "" if value in WORD_KEYS.values() else value[:-1]
            else:
                return True
        elif key in WORD_KEYS and WORD_KEYS[key] in accepts:
            self.marks[line_id] = WORD_KEYS[key]
        elif text and text.isdigit() and "order" in accepts:
            value = self.marks.get(line_id) or []
            if len(value) < 8:
                self.marks[line_id] = list(value) + [int(text)]
        elif text and (text.isdigit() or text in ".,") and "amount" in accepts:
            value = self.marks.get(line_id)
            value = "" if not isinstance(value, str) or value in WORD_KEYS.values() else value
            # A key refused is said, never dropped quietly.
            if text == "." and self.item.prompt["money"] != "cents":
                return self._refuse("“.” is refused: amounts at this table are whole dollars.")
            if text == "." and "." in value:
                return self._refuse("“.” is refused: the amount already has its decimal point.")
            # A comma is kept as typed ("1,250" is an amount); one that is not a thousands separator ("9,50")
            # is refused with the whole amount at Enter, never dropped so that 950 would be read.
            if text == "," and "." in value:
                return self._refuse("“,” is refused: a comma only separates thousands, before the point.")
            if "." in value and len(value.split(".")[1]) >= 2:
                return self._refuse(f"“{text}” is refused: an amount has at most 2 decimals (cents).")
            if len(value) >= MAX_TYPED:
                return self._refuse(f"“{text}” is refused: no amount here has more than {MAX_TYPED} characters.")
            self.marks[line_id] = value + text
        elif text and text.isprintable() and not is_page_key(event):
            takes = ", ".join(f"{letter} {w}" for letter, w in WORD_LETTERS.items() if w in accepts)
            what = "box numbers" if "order" in accepts else "digits for an amount" if "amount" in accepts else ""
            return self._refuse(f"“{text}” is not a correction for this line: it takes "
                                + " or ".join(part for part in (takes, what) if part) + ".")
        else:
            return False
        self._refresh()
        return True

    def _refuse(self, why: str) -> bool:
        self._refresh()
        self.status.setText(why)
        return True

    def answer(self):
        """The marks as grade() takes them, or None (and a message) when a marked line has no correction."""
        open_lines = [i + 1 for i, line in enumerate(self.lines)
                      if line["id"] in self.marks and self.marks[line["id"]] in ("", [])]
        if open_lines:
            self.status.setText(f"Give a correction for line {', '.join(map(str, open_lines))} (or Delete to unmark).")
            return None
        for index, line in enumerate(self.lines):
            typed = self.marks.get(line["id"])
            if isinstance(typed, str) and typed not in WORD_KEYS.values():
                problem = written_amount_problem(typed)
                if problem:
                    self.status.setText(f"Line {index + 1}: {problem}. Backspace corrects it.")
                    return None
        return {"marks": dict(self.marks.items())}

    def _commit(self) -> None:
        answer = self.answer()
        if answer is not None:
            self.answered.emit(answer)

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        right = {line: self._truth_words(value) for line, value in item.key["right"].items()
                 if line in item.key["mistakes"]}
        self._refresh(truth=right)
        self.show_picture_grade(item)
        # A short line: the full answer is in the feedback beside the panel, and a longer text here could make
        # the panel taller and move the picture.
        self.status.setText("Right." if grade.correct else "The right treatment of each mistake is beside its line.")

    def _truth_words(self, value) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return "pay " + self._money(value)
        if isinstance(value, list):
            return "order " + ", ".join(map(str, value))
        return str(value)


# --- roulette -------------------------------------------------------------------------------------------------

class RouletteFindErrorPanel(FindErrorPanel):
    """The layout with the chips the dealer left, each wager marked with the number of its line in the list
    (what was done with it is in the list: the two side by side crowded an Advanced layout until its labels
    covered one another)."""

    SIDE_BY_SIDE = True   # the layout is wide and short: the lines go beside it

    def make_picture(self) -> QWidget:
        from .drill_panels_roulette import DrillLayoutView

        view = DrillLayoutView(True)
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the panel keeps the keyboard for the lines
        return view

    @property
    def lines_below(self) -> bool:
        return self.body.direction() == QBoxLayout.Direction.TopToBottom

    def resizeEvent(self, event) -> None:
        # Beside the lines, a laptop-wide panel left the picture about 460 px wide, where its labels shrink
        # into one another; then the lines go below, in two columns across the panel's width, and the picture
        # takes the height left over, never less than its labels need to read. One column below a picture
        # drawn as tall as its width asks cut the list off at 1366 x 768 (the page scrolled).
        room_beside = event.size().width() - self.LINES_WIDTH - 2 * self.body.spacing() - 24
        narrow = room_beside < self.picture.legible_width()
        wanted = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        if self.body.direction() != wanted:
            self.body.setDirection(wanted)
            if narrow:
                self.picture.fit_to_room(self.picture.legible_height())
                self.lines_label.setMinimumWidth(0)
                self.lines_label.setMaximumWidth(QWIDGETSIZE_MAX)
                self.lines_label.setWordWrap(False)
            else:
                self.picture.follow_width()
                self.lines_label.setFixedWidth(self.LINES_WIDTH)
                self.lines_label.setWordWrap(True)
            if self.item is not None:
                self._refresh(self._truth)
        super().resizeEvent(event)

    def line_columns(self) -> int:
        return 2 if self.lines_below else 1

    def show_grade(self, item, grade) -> None:
        self._truth = {line: self._truth_words(value) for line, value in item.key["right"].items()
                       if line in item.key["mistakes"]}
        super().show_grade(item, grade)

    def show_item(self, item) -> None:
        self._truth = None
        super().show_item(item)

    _truth: dict | None = None   # the right treatments once graded, kept to list the lines again on a resize

    def _refresh(self, truth: dict | None = None) -> None:
        super()._refresh(truth)
        if self.lines_below and truth is None and self.lines:
            self._show_current_line()

    def _show_current_line(self) -> None:
        """With the lines below the picture the drill page may scroll: keep the line being marked in sight."""
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is None or area.widget() is None:
            return
        rows = -(-len(self.lines) // self.line_columns())   # the lines run down the first column, then the next
        row = self.lines_label.sizeHint().height() / rows
        top = self.lines_label.mapTo(area.widget(), QPoint(0, int(row * (self.current % rows))))
        area.ensureVisible(top.x(), top.y() + int(row / 2), 0, int(row * 1.5))

    @staticmethod
    def _key(position):
        return tuple(position) if isinstance(position, list) else position

    def show_picture(self, item) -> None:
        from dealerdrill.core import chips

        prompt = item.prompt
        view = self.picture
        view.set_first_four(prompt["first_four"])
        stacks = {}
        for bet in prompt["bets"]:
            made = chips.breakdown(bet["stake"], prompt["chip_values"])
            stacks[self._key(bet["position"])] = [v for v, n in sorted(made.items()) for _ in range(n)]
        view.set_stacks(stacks)
        view.set_result(prompt["number"], ())
        numbers = {line["id"]: i + 1 for i, line in enumerate(prompt["lines"])}
        notes = {}
        for bet in prompt["bets"]:
            if bet["line"] != "C":
                notes[self._key(bet["position"])] = (f"{numbers[bet['line']]}", QColor("#00e5ff"))
        view.set_notes(notes)


# --- baccarat -------------------------------------------------------------------------------------------------

class _Hands(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        from .drill_panels_baccarat import HandBox

        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.player, self.banker = HandBox("PLAYER"), HandBox("BANKER")
        row.addWidget(self.player)
        row.addWidget(self.banker)


class BaccaratFindErrorPanel(FindErrorPanel):
    """The two hands as the dealer laid them out (a third card sideways), with their totals."""

    def make_picture(self) -> QWidget:
        return _Hands()

    def show_picture(self, item) -> None:
        prompt = item.prompt
        self.picture.player.set_cards(prompt["player"], str(prompt["totals"]["player"]))
        self.picture.banker.set_cards(prompt["banker"], str(prompt["totals"]["banker"]))


# --- pai gow --------------------------------------------------------------------------------------------------

class _PaiGowTable(QWidget):
    """The bank's set hand and each box's, small tiles in two columns."""

    TILE = 24.0
    COLUMNS = 4
    COLUMN_WIDTH = 200.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.prompt = None
        self.setMinimumSize(520, 90)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    ROWS = 2   # 7 hands at most (the bank and 6 boxes) in 4 columns

    def sizeHint(self) -> QSize:
        return QSize(int(self.COLUMNS * self.COLUMN_WIDTH), self.heightForWidth(int(self.COLUMNS * self.COLUMN_WIDTH)))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        from .tiles import TILE_ASPECT

        design_height = self.ROWS * (self.TILE * TILE_ASPECT + 10) + 8
        return int(width * design_height / (self.COLUMNS * self.COLUMN_WIDTH))

    def paintEvent(self, _event) -> None:
        from .drill_panels_paigow import FELT, TEXT, paint_tiles
        from .tiles import TILE_ASPECT

        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), FELT)
        if self.prompt is None:
            p.end()
            return
        rows = [("Bank", self.prompt["bank"])] + [(f"Box {b['box']}", b) for b in self.prompt["boxes"]]
        height = self.TILE * TILE_ASPECT
        rows_down = -(-len(rows) // self.COLUMNS)
        scale = min(self.height() / (rows_down * (height + 10) + 8), self.width() / (self.COLUMNS * self.COLUMN_WIDTH))
        p.scale(scale, scale)
        for i, (label, hand) in enumerate(rows):
            row, column = divmod(i, self.COLUMNS)
            left, top = column * self.COLUMN_WIDTH + 8, 6 + row * (height + 10)
            p.setPen(QPen(TEXT))
            font = QFont()
            font.setPointSizeF(9)
            font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(left, top, 60, height), Qt.AlignmentFlag.AlignVCenter, label)
            paint_tiles(p, hand["high"], left + 64, top, self.TILE, 3)
            paint_tiles(p, hand["low"], left + 64 + 2 * self.TILE + 18, top, self.TILE, 3)
        p.end()


class PaiGowFindErrorPanel(FindErrorPanel):
    """The bank's hand and the boxes' hands as set, high hand then low hand."""

    def make_picture(self) -> QWidget:
        return _PaiGowTable()

    def show_picture(self, item) -> None:
        self.picture.prompt = item.prompt
        self.picture.update()
