"""Qt panels for the roulette drills (dealerdrill.drills.roulette_drills), keyboard first.

Each panel draws an item, collects the trainee's answer and emits `answered` with the value the drill's
grade() accepts when Enter is pressed (never before); after grading it marks what was right on the layout.
The shell around it shows the words (right or wrong, expected, explanation, rule, time, category).

Before the commit nothing drawn or said comes from the item's key: the dolly stands on the winning number
(which the question states) but no winning wager is lit, and the status line only repeats the cursor's
position, its chips and what the trainee typed or paid (tests/gui/test_tests_cannot_be_gamed.py compares
every screen with the same item under another key).

The layout panels reuse the table's drawing (dealerdrill.views.roulette_layout, roulette_geometry): the arrow
keys move a cursor over wager positions exactly as at the roulette table.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.core import roulette
from dealerdrill.domain import format_money, read_written_amount

from .chip_labels import LabelRequest
from .chips import badge_size
from .drill_panels_keys import MAX_DIGITS, NumberEntry, is_page_key, whole_number_problem
from .roulette_layout import CHIP_RADIUS, RouletteLayoutView

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
RIGHT = QColor("#3fd26b")
WRONG = QColor("#ff5a4a")
MARK = QColor("#00e5ff")
NOTE_HEIGHT = 15.0  # layout units: a note's label (a payment, a mark) beside a position


def _position(value):
    """A prompt/key position (JSON list or outside name) as the layout names it (tuple or name)."""
    return tuple(value) if isinstance(value, list) else value


def _answer_position(position):
    return list(position) if isinstance(position, tuple) else position


def _colours() -> dict[int, str]:
    return {n: roulette.color(n) for n in range(37)}


def _first_four(settings) -> bool:
    if settings is None:
        return True
    table = getattr(settings, "roulette", settings)
    return bool(getattr(table, "first_four", True))


def _digit(event) -> str | None:
    """The digit typed, from the main row or the number pad."""
    if Qt.Key.Key_0 <= event.key() <= Qt.Key.Key_9:
        return chr(event.key())
    return None


class DrillLayoutView(RouletteLayoutView):
    """The table's layout with notes over positions (payments, marks, corrections). Drawing only: the
    table's own behaviour is unchanged."""

    # The least height a panel may squeeze the picture to: the numbers and chip labels still read.
    FITTED_MIN_HEIGHT = 240

    def __init__(self, first_four: bool = True, parent: QWidget | None = None):
        super().__init__(_colours(), first_four, parent)
        self._notes: dict = {}
        self._height_follows_width = True
        self._least_height = self.FITTED_MIN_HEIGHT

    def fit_to_room(self, least_height: int | None = None) -> None:
        """Let the panel give the picture the height left over instead of the height its width asks for:
        in the drill page's scroll area a full-width picture pushed the entry and the help lines below the
        bottom (a scroll bar at 1366 x 688). The drawing keeps its aspect and centres in what it gets, never
        less tall than `least_height` (FITTED_MIN_HEIGHT unless given)."""
        self._height_follows_width = False
        self._least_height = least_height or self.FITTED_MIN_HEIGHT
        self.setMinimumHeight(self._least_height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.updateGeometry()

    def follow_width(self) -> None:
        """Back to the height its width asks for (undoes fit_to_room)."""
        self._height_follows_width = True
        self.setMinimumHeight(int(RouletteLayoutView.sizeHint(self).height() * 0.5))
        self.updateGeometry()

    def hasHeightForWidth(self) -> bool:
        return self._height_follows_width

    # The least scale at which the chip and note labels (14 and 15 layout units high) still read: about
    # 8 px of text. Smaller, the labels shrink into one another on screen and cannot be read.
    LEGIBLE_SCALE = 0.8

    def legible_width(self) -> int:
        """The width the drawing needs for its labels to read (the view may be wider; it then centres)."""
        return math.ceil(RouletteLayoutView.sizeHint(self).width() * self.LEGIBLE_SCALE)

    def legible_height(self) -> int:
        """The height the drawing needs for its labels to read: drawn that tall it is legible_width() wide."""
        design = RouletteLayoutView.sizeHint(self)
        return math.ceil(self.legible_width() * design.height() / design.width())

    def drawn_width(self) -> float:
        """How wide the layout is drawn now, in pixels (the view keeps the aspect, so this may be less)."""
        return RouletteLayoutView.sizeHint(self).width() * self.layout_transform().m11()

    def sizeHint(self) -> QSize:
        # Fitted, it asks for no more than its least height: the panel's layout (which the scroll area asks
        # for a height) counts the rest of its lines first, and the picture grows into what is left.
        hint = super().sizeHint()
        return hint if self._height_follows_width else QSize(hint.width(), self._least_height)

    def set_notes(self, notes: dict) -> None:
        """position -> (text, colour); a ring round the position and the text as a label beside it, placed
        clear of the chips, the numbers and the other labels like the stacks' own labels."""
        self._notes = dict(notes)
        self._place_labels()

    def notes(self) -> dict:
        return dict(self._notes)

    def stacks(self) -> dict:
        return {key: list(values) for key, values in self._stacks.items()}

    def _label_requests(self) -> list[LabelRequest]:
        requests = super()._label_requests()
        for key, (text, colour) in getattr(self, "_notes", {}).items():
            if text and key in self._by_key:
                requests.append(LabelRequest(("note", key), text, badge_size(NOTE_HEIGHT, text),
                                             self.anchor_rect(key), colour))
        return requests

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._notes:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setTransform(self.layout_transform())
        for key, (_text, colour) in self._notes.items():
            position = self._by_key.get(key)
            if position is None:
                continue
            x, y = position.spot
            painter.setPen(QPen(colour, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(x, y), CHIP_RADIUS + 5, CHIP_RADIUS + 5)
        # The labels again on top of the rings, so a ring never crosses a label's text, and the dolly on top
        # of both, as on the table.
        self._paint_labels(painter)
        self._paint_dolly(painter)
        painter.end()


class _Panel(QWidget):
    """What the roulette panels share: the signal, the question and help lines, keyboard focus."""

    answered = Signal(object)
    KEYS = ""
    shows_question = True  # the panel prints the question itself; the drill page need not repeat it

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.grade = None
        self.question = QLabel()
        self.question.setWordWrap(True)
        font = QFont()
        font.setPointSizeF(13)
        font.setBold(True)
        self.question.setFont(font)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        # Room for two lines from the start: an answer that wraps after grading would otherwise take its
        # second line from the picture, which fits the room left and would shrink.
        self.status.setMinimumHeight(2 * self.status.fontMetrics().lineSpacing())
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.help = QLabel(self.KEYS)
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: palette(mid);")
        self.setToolTip(self.KEYS)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _say(self, text: str) -> None:
        self.status.setText(text)


class _LayoutPanel(_Panel):
    """A drawn layout with the item's chips and a keyboard cursor."""

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.layout_view = DrillLayoutView(_first_four(settings))
        self.layout_view.fit_to_room()
        self.layout_view.positionActivated.connect(self._activated)
        box = QVBoxLayout(self)
        box.addWidget(self.question)
        box.addWidget(self.layout_view, 1)
        box.addWidget(self.status)
        box.addWidget(self.help)
        self.layout_view.focusMoved.connect(self._describe_focus)

    # -- shared item handling --
    def _show_layout(self, item) -> None:
        self.item, self.grade = item, None
        prompt = item.prompt
        self.layout_view.set_first_four(prompt.get("first_four", True))
        value = prompt.get("colour_value", 1)
        self.layout_view.set_stacks({_position(b["position"]): [value] * b["chips"] for b in prompt["bets"]})
        self.layout_view.set_result(prompt["number"], ())
        self.layout_view.set_notes({})
        self.layout_view.set_focused_key((prompt["number"],))

    def occupied(self) -> dict:
        return {_position(b["position"]): b for b in self.item.prompt["bets"]} if self.item else {}

    def _describe_focus(self, key) -> None:
        if self.item is None or key is None:
            return
        bet = self.occupied().get(key)
        where = roulette.classify(key, self.item.prompt.get("first_four", True)).name
        chips = (f"{bet['chips']} chip" if bet['chips'] == 1 else f"{bet['chips']} chips") if bet else "no chips"
        self.status.setText(f"Cursor: {where}, {chips}. {self._progress()}")

    def _progress(self) -> str:
        return ""

    def _activated(self, key) -> None:
        """A click on a position acts like Space on it (the mouse is optional)."""
        self.layout_view.set_focused_key(key)
        self._act_on(key)

    def _act_on(self, key) -> None:
        raise NotImplementedError

    def _commit(self) -> None:
        raise NotImplementedError

    def _handle_key(self, event) -> bool:
        return False

    def keyPressEvent(self, event) -> None:
        if self.item is None or self.grade is not None:
            return super().keyPressEvent(event)  # the shell's Enter/N moves on after grading
        key = event.key()
        if key in ARROWS:
            self.layout_view.move_focus(*ARROWS[key])
        elif key in ENTER_KEYS:
            self._commit()
        elif key == Qt.Key.Key_Space:
            focus = self.layout_view.focused_key()
            if focus is not None:
                self._act_on(focus)
        elif not self._handle_key(event):
            super().keyPressEvent(event)


class PayoutPanel(_LayoutPanel):
    """roulette.payout: pay each winning position in order and/or give the total."""

    KEYS = ("Keys: arrows move the cursor over the layout; digits type an amount (Backspace edits it); "
            "Space or P pays the typed amount on the cursor's wager (0 clears a payment); Delete takes a "
            "payment back; T sets the typed amount as the total; Enter commits (a typed amount left over "
            "becomes the total when one is asked for).")

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.payments: list[tuple] = []
        self.total: int | None = None
        self.typed = ""

    def show_item(self, item) -> None:
        self.payments, self.total, self.typed = [], None, ""
        self._show_layout(item)
        prompt = item.prompt
        task = {"positions": "Pay each winning wager, in the dealer's order",
                "both": "Pay each winning wager in the dealer's order, then give the total",
                "total": "Give the total to pay"}[prompt["ask"]]
        self.question.setText(f"{prompt['number']} ({prompt['colour']}) wins. Colour chips are worth "
                              f"{format_money(prompt['colour_value'])} each. {task}.")
        self._refresh()

    def _progress(self) -> str:
        typed = f"${self.typed}" if self.typed else "–"   # as typed: a comma stays where it was put
        paid = ", ".join(f"{roulette.classify(p).name} {format_money(a)}" for p, a in self.payments) or "none"
        total = format_money(self.total) if self.total is not None else "–"
        return f"Typed: {typed}. Paid so far: {paid}. Total: {total}."

    def _refresh(self) -> None:
        self.layout_view.set_notes({p: (f"{i}: {format_money(a)}", MARK)
                                    for i, (p, a) in enumerate(self.payments, start=1)})
        self._say(self._progress())

    def _act_on(self, key) -> None:
        if self.item is None or self.grade is not None:
            return
        if self.item.prompt["ask"] == "total":
            self._say("This item asks for the total only: type it and press Enter.")
            return
        if key not in self.occupied():
            self._say("There are no chips there to pay.")
            return
        if not self.typed:
            self._say("Type the amount first, then press Space on the wager.")
            return
        amount = self._typed_amount()
        if amount is None:
            return
        self.typed = ""
        self.payments = [(p, a) for p, a in self.payments if p != key]
        if amount:
            self.payments.append((key, amount))
        self._refresh()

    def _typed_amount(self) -> int | None:
        """The amount typed, in whole dollars; None, and the reason said, when it is not exactly an amount
        ("9,50" or "1,2": a comma only separates thousands, and the typed text is never read as 950)."""
        try:
            whole, _cents = read_written_amount(self.typed)
        except ValueError as why:
            self._say(f"{str(why)[0].upper()}{str(why)[1:]}. Backspace corrects the amount. " + self._progress())
            return None
        return int(whole)

    def _handle_key(self, event) -> bool:
        key = event.key()
        digit = _digit(event)
        if event.text() == "," and self.typed:
            # Kept as typed, like a digit: "1,250" is an amount; "9,50" is refused when it is used.
            self.typed += ","
            self._refresh()
        elif digit is not None:
            if len(self.typed.replace(",", "")) >= MAX_DIGITS:
                # Refused, not cut short: the amount typed so far stays and the trainee is told why.
                self._say(f"No payment here has more than {MAX_DIGITS} digits: Backspace corrects the amount. "
                          + self._progress())
                return True
            self.typed = (self.typed + digit).lstrip("0") or ("0" if digit == "0" else "")
            self._refresh()
        elif key == Qt.Key.Key_Backspace:
            self.typed = self.typed[:-1]
            self._refresh()
        elif key == Qt.Key.Key_P:
            focus = self.layout_view.focused_key()
            if focus is not None:
                self._act_on(focus)
        elif key == Qt.Key.Key_Delete:
            focus = self.layout_view.focused_key()
            self.payments = [(p, a) for p, a in self.payments if p != focus]
            self._refresh()
        elif key == Qt.Key.Key_T:
            if self.typed:
                total = self._typed_amount()
                if total is not None:
                    self.total, self.typed = total, ""
                    self._refresh()
        elif event.text() and event.text().isprintable() and not is_page_key(event):
            # Not part of an amount nor a key of this panel: said so, never quietly dropped.
            self._say(f"“{event.text()}” is not part of an amount: amounts are typed in digits (P pays, "
                      f"T sets the total). " + self._progress())
        else:
            return False
        return True

    def answer(self):
        ask = self.item.prompt["ask"]
        total = self.total
        if ask != "positions" and self.typed:
            total = self._typed_amount()
        if ask != "positions" and total is None:
            return None
        payments = [[_answer_position(p), a] for p, a in self.payments]
        if ask == "total":
            return {"total": total}
        if ask == "positions":
            return {"payments": payments}
        return {"payments": payments, "total": total}

    def _commit(self) -> None:
        if self.typed and self.item.prompt["ask"] != "positions" and self._typed_amount() is None:
            return   # the typed total is not an amount: _typed_amount has said why
        answer = self.answer()
        if answer is None:
            self._say("Give the total first: type it and press Enter (or T).")
            return
        self.answered.emit(answer)

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        expected = {_position(p): a for p, a in item.key["payments"]}
        paid = dict(self.payments)
        notes = {}
        for position, amount in expected.items():
            given = paid.get(position)
            if given == amount:
                notes[position] = (f"✓ {format_money(amount)}", RIGHT)
            else:
                notes[position] = (f"pay {format_money(amount)}", WRONG)
        for position in paid:
            if position not in expected:
                notes[position] = ("loses", WRONG)
        self.layout_view.set_result(item.key["number"], expected.keys())
        self.layout_view.set_notes(notes)
        self._say(f"Total to pay: {format_money(item.key['total'])}.")


class WinnersPanel(_LayoutPanel):
    """roulette.winners: mark every winning wager, or every losing wager to clear."""

    KEYS = ("Keys: arrows move the cursor over the layout; Space marks or unmarks the wager under it; "
            "Enter commits the marks.")

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.marked: list = []

    def show_item(self, item) -> None:
        self.marked = []
        self._show_layout(item)
        prompt = item.prompt
        task = "Mark every winning wager" if prompt["task"] == "winners" else "Mark every losing wager to clear"
        self.question.setText(f"{prompt['number']} ({prompt['colour']}) wins. {task}.")
        self._refresh()

    def _progress(self) -> str:
        return f"{len(self.marked)} marked."

    def _refresh(self) -> None:
        label = "win" if self.item and self.item.prompt["task"] == "winners" else "clear"
        self.layout_view.set_notes(dict.fromkeys(self.marked, (label, MARK)))
        self._say(self._progress())

    def _act_on(self, key) -> None:
        if self.item is None or self.grade is not None:
            return
        if key not in self.occupied():
            self._say("There are no chips there.")
            return
        if key in self.marked:
            self.marked.remove(key)
        else:
            self.marked.append(key)
        self._refresh()

    def answer(self):
        return [_answer_position(p) for p in self.marked]

    def _commit(self) -> None:
        self.answered.emit(self.answer())

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        winners = [_position(p) for p in item.key["winners"]]
        task = item.key["task"]
        should_mark = set(winners) if task == "winners" else {_position(p) for p in item.key["losers"]}
        notes = {}
        for position in self.occupied():
            marked = position in self.marked
            if position in should_mark:
                notes[position] = ("✓" if marked else "missed", RIGHT if marked else WRONG)
            elif marked:
                notes[position] = ("✗ wrong", WRONG)
        self.layout_view.set_result(item.key["number"], winners)
        self.layout_view.set_notes(notes)
        count = len(winners)
        self._say(f"{count} winning wager lit on the layout." if count == 1 else
                  f"{count} winning wagers lit on the layout.")


class _QuestionPanel(_Panel):
    """A question in words with a numeric entry; Enter commits the number."""

    KEYS = "Keys: type the number (digits only) and press Enter."

    def __init__(self, settings=None, parent=None, with_layout: bool = False):
        super().__init__(settings, parent)
        # Everything typed stays in the field (H and N go on to the drill page); Enter refuses what is not a
        # whole number, saying why, instead of dropping characters or digits from it.
        self.entry = NumberEntry()
        self.entry.setPlaceholderText("amount")
        self.entry.returnPressed.connect(self._commit)
        self.entry.setAccessibleName("Answer")
        big = QFont()
        big.setPointSizeF(16)
        self.entry.setFont(big)
        self.setFocusProxy(self.entry)
        self.layout_view = DrillLayoutView(_first_four(settings)) if with_layout else None
        box = QVBoxLayout(self)
        box.addWidget(self.question)
        if self.layout_view is not None:
            self.layout_view.fit_to_room()
            box.addWidget(self.layout_view, 1)
        else:
            box.addStretch(1)
        box.addWidget(self.entry)
        box.addWidget(self.status)
        box.addWidget(self.help)
        if self.layout_view is None:
            box.addStretch(1)

    def show_item(self, item) -> None:
        self.item, self.grade = item, None
        self.entry.clear()
        self.entry.setReadOnly(False)
        self.question.setText(self.question_text(item))
        self._say("")

    def question_text(self, item) -> str:
        return item.text

    def _commit(self) -> None:
        if self.item is None or self.grade is not None:
            return
        text = self.entry.text().strip()
        problem = whole_number_problem(text)
        if problem:
            self._say(problem)
            return
        self._say("")
        self.answered.emit(int(text))

    def show_grade(self, item, grade) -> None:
        self.grade = grade
        self.entry.setReadOnly(True)
        self._say(("Right: " if grade.correct else "The answer: ") + grade.expected)


class CompletesPanel(_QuestionPanel):
    """roulette.completes: the question in words; a picture bet is drawn, a complete is shown after grading."""

    # What the empty answer box asks for: the question may ask for a count, where "amount" misled.
    WANTED = {"wagers": "number of wagers", "chips": "number of chips", "cost": "amount in dollars",
              "pays": "amount in dollars"}

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent, with_layout=True)

    def show_item(self, item) -> None:
        super().show_item(item)
        prompt = item.prompt
        self.entry.setPlaceholderText(self.WANTED.get(prompt.get("ask"), "amount"))
        self.layout_view.set_first_four(prompt.get("first_four", True))
        value = prompt.get("colour_value", 1)
        self.layout_view.set_stacks({_position(b["position"]): [value] * b["chips"] for b in prompt.get("bets", [])})
        self.layout_view.set_result(None)  # the number is in the question; a dolly would hide its chip
        self.layout_view.set_notes({})

    def show_grade(self, item, grade) -> None:
        super().show_grade(item, grade)
        value = item.prompt.get("colour_value", 1)
        self.layout_view.set_stacks({_position(p): [value] * chips for p, chips, _ in item.key["wagers"]})
        winners = [_position(p) for p, _, won in item.key["wagers"] if won]
        self.layout_view.set_result(item.key["hit"], winners if item.prompt["ask"] == "pays" else ())


class PayoutKeysPanel(_QuestionPanel):
    """roulette.payout_keys: a winning wager and its chips; type what it pays."""

    def question_text(self, item) -> str:
        prompt = item.prompt
        odds = f" ({prompt['odds']} to 1)" if prompt.get("odds") else ""
        value = f" at {format_money(prompt['colour_value'])}" if prompt["colour_value"] != 1 else ""
        return f"{prompt['wager']}{odds}: {prompt['chips']} chips{value}. Pay?"


PANELS: dict[str, type] = {
    "roulette.payout": PayoutPanel,
    "roulette.completes": CompletesPanel,
    "roulette.payout_keys": PayoutKeysPanel,
    "roulette.winners": WinnersPanel,
}

# The drills of issue 15 have their panels in modules of their own (imported last: they use the classes above).
from .drill_panels_chips import ChipsPanel  # noqa: E402
from .drill_panels_find_error import RouletteFindErrorPanel  # noqa: E402
from .drill_panels_irregularities import IrregularityPanel  # noqa: E402

PANELS.update({
    "roulette.find_error": RouletteFindErrorPanel,
    "roulette.irregularities": IrregularityPanel,
    "roulette.chips": ChipsPanel,
})
