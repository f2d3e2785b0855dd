"""Qt panels for the baccarat drills: they draw an item, collect the trainee's answer from the keyboard and
emit it on Enter. No game logic here: the panels show the prompt's cards and wagers, and after grading they
show the engine's answer from the item's key. Before the commit nothing shown comes from the key, except the
table of play's hands once their (final) draw or stand call is made: see TableOfPlayPanel.

Keys (each panel's tooltip and help line repeat them):
  table of play   D draw, S stand (Player first, then Banker), P / B / T winner, Enter; a draw or stand
                  call is final the moment it is made, and only then is that hand shown as the engine dealt
                  it (never a card the coup did not deal), so the next call is on the real coup
  commission      digits and . for the amount, Backspace, Enter
  settle          per wager: digits and . = pay that amount, T = take, U = push; Enter next wager
                  (Enter on the last one commits), Up / Backspace on an empty entry = back one wager
  shoe, procedure digits (an option's number, or the number of cards), Backspace, Enter
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.drills.baccarat_drills import money
from dealerdrill.views.cards import CARD_ASPECT, paint_card

from .drill_panels_keys import MAX_DIGITS, PAGE_KEYS, dollars_problem

FELT = QColor(18, 92, 58)
FELT_EDGE = QColor(230, 200, 120)
RIGHT_GREEN = "#1c7c3a"
CARD_WIDTH = 58


class HandBox(QWidget):
    """A Player or Banker box on the felt with its cards; a third card lies sideways (rule 9.6)."""

    def __init__(self, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.cards: list = []
        self.caption = ""
        self.marked = False
        self.setMinimumSize(self.sizeHint())
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(int(CARD_WIDTH * 2 + CARD_WIDTH * CARD_ASPECT + 60), int(CARD_WIDTH * CARD_ASPECT + 56))

    def set_cards(self, cards, caption: str = "", marked: bool = False) -> None:
        self.cards = [tuple(c) for c in cards]
        self.caption = caption
        self.marked = marked
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        box = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        painter.setBrush(FELT)
        painter.setPen(QPen(QColor(RIGHT_GREEN) if self.marked else FELT_EDGE, 4 if self.marked else 2))
        painter.drawRoundedRect(box, 12, 12)
        painter.setPen(FELT_EDGE)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(14)
        painter.setFont(font)
        painter.drawText(QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 20), Qt.AlignLeft, self.title)
        if self.caption:
            painter.drawText(QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 20), Qt.AlignRight,
                             self.caption)
        height = CARD_WIDTH * CARD_ASPECT
        x, top = box.left() + 12, box.top() + 28
        for i, (rank, suit) in enumerate(self.cards):
            if i < 2:
                paint_card(painter, QRectF(x, top, CARD_WIDTH, height), rank, suit)
                x += CARD_WIDTH + 6
            else:
                paint_card(painter, QRectF(x + 4, top + (height - CARD_WIDTH) / 2, height, CARD_WIDTH), rank, suit,
                           sideways=True)
        painter.end()


class _Panel(QWidget):
    """Shared frame: a help line with the keys, the question, the drill's own content, the entry line."""

    answered = Signal(object)
    KEYS = ""
    shows_question = True  # the panel prints the question itself; the drill page need not repeat it

    def __init__(self, settings=None, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.item = None
        self.graded = False
        self.setFocusPolicy(Qt.StrongFocus)
        self.setToolTip(self.KEYS)
        layout = QVBoxLayout(self)
        self.help = QLabel(self.KEYS)
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #555;")
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.RichText)
        self.content = QVBoxLayout()
        self.entry = QLabel()
        self.entry.setTextFormat(Qt.RichText)
        self.entry.setStyleSheet("font-size: 16px;")
        # Wrapped: the correct answer shown here after grading can be a long sentence, and an unwrapped
        # line would widen the panel past its place and move the picture.
        self.entry.setWordWrap(True)
        layout.addWidget(self.help)
        layout.addWidget(self.question)
        layout.addLayout(self.content)
        layout.addWidget(self.entry)
        layout.addStretch(1)

    def show_item(self, item) -> None:
        self.item = item
        self.graded = False
        self.question.setText(item.text)
        self.reset()
        self.setFocus()

    def reset(self) -> None:
        """Clear the trainee's input for the current item."""

    def keyPressEvent(self, event) -> None:
        if self.item is None or self.graded or not self.handle_key(event.key(), event.text()):
            super().keyPressEvent(event)

    def handle_key(self, key: int, text: str) -> bool:
        return False

    def refuse_key(self, key: int, text: str, why: str) -> bool:
        """A printable key this panel has no use for: say so in the entry line instead of dropping it
        silently (the page's own letters, H and N, still go on to the page). True when refused."""
        if not text or not text.isprintable() or key in PAGE_KEYS:
            return False
        self.refusal = f"“{text}” {why}"
        self._refresh()
        return True

    def refuse_amount(self, typed: str) -> bool:
        """An amount typed that is not exactly an amount ("9,50", "1,2"): say why and keep the entry as typed,
        so the trainee corrects it (Backspace) and nothing is answered. True when refused."""
        problem = dollars_problem(typed)
        if problem is None:
            return False
        self.refusal = problem
        self._refresh()
        return True

    def ask_first(self, what: str) -> bool:
        """Enter before there is an answer to commit: say what is missing (it used to do nothing at all, and a
        trainee could not tell whether the key had been heard). True: the key is used."""
        self.refusal = f"{what} first, then Enter."
        self._refresh()
        return True

    def refusal_words(self) -> str:
        words, self.refusal = getattr(self, "refusal", ""), ""
        return f"<br><span style='color:#b01c1c'>{words}</span>" if words else ""

    def emit_answer(self, answer) -> None:
        self.answered.emit(answer)


def _is_enter(key: int) -> bool:
    return key in (Qt.Key_Return, Qt.Key_Enter)


class TableOfPlayPanel(_Panel):
    """Draw or stand for the Player, then for the Banker, then the winner, as a dealer calls a coup.

    A draw or stand call is final the moment it is made, in every mode: there is no Backspace or other
    undo for it. Making the call deals that hand as the engine dealt it (its third card appears if the
    engine's coup drew one, and only then), because the Banker's call depends on the Player's third card.
    But the card that appears, or the one that does not, tells the trainee whether the call was right; if
    the call could then be taken back, the trainee would answer with the coup in view and be graded on the
    corrected call, and the records would hold a right answer nobody gave. So a call is never re-opened,
    the cards shown are always the engine's (key["hands"]: never re-decided here), and the Banker's cards
    stay as first dealt until the Banker's own call is made. Naming the winner shows nothing, so P / B / T
    may be pressed again to change it until Enter commits the answer."""

    KEYS = ("Keys: D = draw, S = stand (the Player first, then the Banker), then P / B / T for the winner "
            "(Player, Banker, Tie); Enter commits. A draw or stand call is final once made: the hand is then "
            "shown as it was dealt.")

    def __init__(self, settings=None, parent: QWidget | None = None):
        super().__init__(settings, parent)
        row = QHBoxLayout()
        self.player_box = HandBox("PLAYER")
        self.banker_box = HandBox("BANKER")
        row.addWidget(self.player_box)
        row.addWidget(self.banker_box)
        self.shoe_line = QLabel()
        self.content.addWidget(self.shoe_line)
        self.content.addLayout(row)

    def reset(self) -> None:
        self.choices: dict = {}
        self.reminder = ""
        self.player_cards = list(self.item.prompt["player"])
        self.banker_cards = list(self.item.prompt["banker"])
        p = self.item.prompt
        self.shoe_line.setText(f"Coup {p['coup_number']} of the shoe ({p['decks']} decks); "
                               f"{p['cards_left']} cards left behind these four.")
        self._refresh()

    @property
    def step(self) -> str:
        for name in ("player", "banker", "winner"):
            if name not in self.choices:
                return name
        return "done"

    def _refresh(self) -> None:
        self.player_box.set_cards(self.player_cards)
        self.banker_box.set_cards(self.banker_cards)
        prompts = {"player": "Player: <b>D</b>raw or <b>S</b>tand?",
                   "banker": "Banker: <b>D</b>raw or <b>S</b>tand?",
                   "winner": "Winner: <b>P</b>layer, <b>B</b>anker or <b>T</b>ie?",
                   "done": "Press <b>Enter</b> to commit (P / B / T changes the winner)."}
        said = ", ".join(f"{k} {v}" for k, v in self.choices.items())
        text = prompts[self.step] + (f" &nbsp; <i>({said})</i>" if said else "")
        if self.reminder:
            text += f"<br><span style='color:#555'>{self.reminder}</span>"
        self.entry.setText(text)

    def handle_key(self, key: int, text: str) -> bool:
        step = self.step
        self.reminder = ""
        if step in ("player", "banker") and key in (Qt.Key_D, Qt.Key_S):
            self.choices[step] = "draw" if key == Qt.Key_D else "stand"
            # The call on this hand is now final, so the hand is shown as the engine dealt it (with its third
            # card if it drew one): whatever the trainee said, the next call is made on the real coup and no
            # card the engine did not deal ever appears.
            dealt = [list(card) for card in self.item.key["hands"][step]]
            if step == "player":
                self.player_cards = dealt
            else:
                self.banker_cards = dealt
        elif step in ("winner", "done") and key in (Qt.Key_P, Qt.Key_B, Qt.Key_T):
            self.choices["winner"] = {Qt.Key_P: "player", Qt.Key_B: "banker", Qt.Key_T: "tie"}[key]
        elif step == "done" and _is_enter(key):
            self.emit_answer(dict(self.choices))
            return True
        elif key in (Qt.Key_Backspace, Qt.Key_Delete):
            if "player" in self.choices:
                self.reminder = "A draw or stand call is final once made: the cards have been dealt."
        elif text and text.isprintable() and key not in PAGE_KEYS and not _is_enter(key):
            # A key that is no call here is said to be so, not dropped without a word.
            calls = "D or S" if step in ("player", "banker") else "P, B or T"
            self.reminder = f"“{text}” is not a call here: press {calls}."
        elif _is_enter(key):
            self.reminder = ("Call the winner first: press P, B or T, then Enter." if step == "winner" else
                             f"Call the {step.capitalize()}'s hand first: press D or S.")
        else:
            return False
        self._refresh()
        return True

    def show_grade(self, item, grade) -> None:
        self.graded = True
        key = item.key
        player, banker = key["hands"]["player"], key["hands"]["banker"]
        self.player_box.set_cards(player, f"{key['totals']['player']}", marked=key["winner"] in ("player", "tie"))
        self.banker_box.set_cards(banker, f"{key['totals']['banker']}", marked=key["winner"] in ("banker", "tie"))
        colour = RIGHT_GREEN if grade.correct else "#b01c1c"
        self.entry.setText(f"<span style='color:{colour}'>{grade.expected}</span>")


class CommissionPanel(_Panel):
    KEYS = "Keys: type the commission in dollars (digits, a comma for thousands, and .), Backspace to correct, " \
           "Enter commits."

    def __init__(self, settings=None, parent: QWidget | None = None):
        super().__init__(settings, parent)
        self.coups = QLabel()
        self.coups.setTextFormat(Qt.RichText)
        self.content.addWidget(self.coups)

    def reset(self) -> None:
        self.typed = ""
        p = self.item.prompt
        rows = "".join(
            f"<tr><td>Coup {i + 1}</td><td>{c['side'].capitalize()} wager {money(c['amount'])}</td>"
            f"<td>&nbsp; {'a tie' if c['winner'] == 'tie' else c['winner'].capitalize() + ' won'}</td></tr>"
            for i, c in enumerate(p["coups"]))
        self.coups.setText(f"<table cellspacing='4'>{rows}</table>"
                           f"<p>Commission {p['rate_percent']}%, rounded {p['rounding']}.</p>")
        self._refresh()

    def _refresh(self) -> None:
        self.entry.setText(f"Commission owed: <b>${self.typed or '_'}</b> &nbsp; (Enter commits)"
                           + self.refusal_words())

    def handle_key(self, key: int, text: str) -> bool:
        whole = self.typed.split(".")[0].replace(",", "")
        if text and text.isdigit():
            if "." in self.typed and len(self.typed.split(".")[1]) >= 2:
                return self.refuse_key(key, text, "is refused: an amount has at most 2 decimals (cents).")
            if "." not in self.typed and len(whole) >= MAX_DIGITS:
                return self.refuse_key(key, text, f"is refused: no commission here has more than {MAX_DIGITS} "
                                                  "digits of dollars.")
            self.typed += text
        elif text == "," and "." not in self.typed:
            # Kept as typed, like the digits: "1,250" is an amount and "9,50" is refused whole at Enter (the
            # drill reads it), never read as 950 by dropping the comma.
            self.typed += text
        elif text == ".":
            if "." in self.typed:
                return self.refuse_key(key, text, "is refused: the amount already has its decimal point.")
            self.typed += text
        elif key == Qt.Key_Backspace:
            self.typed = self.typed[:-1]
        elif _is_enter(key):
            if not self.typed.strip("."):
                return self.ask_first("Type the commission owed")
            if self.refuse_amount(self.typed):
                return True
            self.emit_answer(self.typed)
            return True
        else:
            return self.refuse_key(key, text, "is not part of an amount: type digits and a decimal point.")
        self._refresh()
        return True

    def show_grade(self, item, grade) -> None:
        self.graded = True
        colour = RIGHT_GREEN if grade.correct else "#b01c1c"
        said = "time ran out" if grade.timed_out else f"you said {grade.given}"
        self.entry.setText(f"Commission owed: <b style='color:{colour}'>{grade.expected}</b>; {said}.")


class SettlePanel(_Panel):
    KEYS = ("Keys, wager by wager: type an amount to pay (digits, a comma for thousands, and .), T = take, U = push; "
            "Enter moves to the next wager and commits after the last. Up, or Backspace on an empty entry, goes back "
            "one wager.")

    def __init__(self, settings=None, parent: QWidget | None = None):
        super().__init__(settings, parent)
        row = QHBoxLayout()
        self.player_box = HandBox("PLAYER")
        self.banker_box = HandBox("BANKER")
        row.addWidget(self.player_box)
        row.addWidget(self.banker_box)
        self.content.addLayout(row)
        self.table = QLabel()
        self.table.setTextFormat(Qt.RichText)
        self.content.addWidget(self.table)

    def reset(self) -> None:
        p = self.item.prompt
        self.player_box.set_cards(p["player"], str(p["totals"]["player"]))
        self.banker_box.set_cards(p["banker"], str(p["totals"]["banker"]))
        self.calls: list = [None] * len(p["wagers"])
        self.current = 0
        self.typed = ""
        self._refresh()

    def _call_words(self, call) -> str:
        if call is None:
            return ""
        return call if call in ("take", "push") else f"pay ${call}"

    def _refresh(self, truth=None) -> None:
        rows = []
        for i, w in enumerate(self.item.prompt["wagers"]):
            call = self._call_words(self.calls[i])
            if i == self.current and truth is None:
                call = f"<b>{self._call_words(self.typed) if self.typed in ('take', 'push') else '$' + self.typed}_</b>"
            style = " style='background:#fff3c4'" if i == self.current and truth is None else ""
            extra = f"<td style='color:{RIGHT_GREEN}'>&nbsp; {truth[i]}</td>" if truth else ""
            rows.append(f"<tr{style}><td>{i + 1}.</td><td>Seat {w['seat']}</td><td>{w['side'].capitalize()}</td>"
                        f"<td align='right'>{money(w['amount'])}</td><td>&nbsp; {call}</td>{extra}</tr>")
        self.table.setText(f"<table cellspacing='3' cellpadding='2'>{''.join(rows)}</table>")
        if truth is None:
            self.entry.setText(f"Wager {self.current + 1} of {len(self.calls)}: amount to pay, T take, U push; "
                               f"Enter" + self.refusal_words())

    def handle_key(self, key: int, text: str) -> bool:
        amount = "" if self.typed in ("take", "push") else self.typed
        if text == "," and "." not in amount:
            # Kept as typed: "1,250" is an amount, "9,50" is refused whole at Enter, never read as 950.
            self.typed = amount + text
        elif text and (text.isdigit() or text == "."):
            if text == "." and "." in amount:
                return self.refuse_key(key, text, "is refused: the amount already has its decimal point.")
            if text.isdigit() and "." in amount and len(amount.split(".")[1]) >= 2:
                return self.refuse_key(key, text, "is refused: an amount has at most 2 decimals (cents).")
            if text.isdigit() and "." not in amount and len(amount.replace(",", "")) >= MAX_DIGITS:
                return self.refuse_key(key, text, f"is refused: no payment here has more than {MAX_DIGITS} "
                                                  "digits of dollars.")
            self.typed = amount + text
        elif key == Qt.Key_T:
            self.typed = "take"
        elif key == Qt.Key_U:
            self.typed = "push"
        elif key == Qt.Key_Backspace and self.typed:
            self.typed = "" if self.typed in ("take", "push") else self.typed[:-1]
        elif key in (Qt.Key_Up, Qt.Key_Backspace):
            if self.current > 0:
                self.current -= 1
                self.typed = self.calls[self.current] or ""
                self.calls[self.current] = None
        elif _is_enter(key):
            if not self.typed.strip("."):
                return self.ask_first(f"Settle wager {self.current + 1}: type the amount to pay, T or U")
            if self.typed not in ("take", "push") and self.refuse_amount(self.typed):
                return True
            self.calls[self.current] = self.typed
            self.typed = ""
            if self.current == len(self.calls) - 1:
                self.emit_answer(list(self.calls))
                return True
            self.current += 1
        else:
            return self.refuse_key(key, text, "is not a call: type an amount to pay, T to take or U to push.")
        self._refresh()
        return True

    def show_grade(self, item, grade) -> None:
        self.graded = True
        truth = [{"lose": "take", "push": "push"}.get(r["result"]) or f"pay {money(r['pay'])}"
                 for r in item.key["rows"]]
        self.current = len(self.calls)
        self._refresh(truth)
        wrong = grade.details.get("wrong_wagers", [])
        if grade.correct:
            self.entry.setText("All wagers right.")
        elif grade.timed_out:
            self.entry.setText("Time ran out. The right calls are in green.")
        else:
            which = "wager" if len(wrong) == 1 else "wagers"
            self.entry.setText(f"Wrong: {which} {', '.join(map(str, wrong))}. The right calls are in green.")


class ChoicePanel(_Panel):
    """Multiple choice by number (procedure, shoe) or a count typed in digits (the burn)."""

    KEYS = "Keys: type the number of your choice (or of cards), Backspace to correct, Enter commits."

    def __init__(self, settings=None, parent: QWidget | None = None):
        super().__init__(settings, parent)
        row = QHBoxLayout()
        self.player_box = HandBox("PLAYER")
        self.banker_box = HandBox("BANKER")
        row.addWidget(self.player_box)
        row.addWidget(self.banker_box)
        self.hands = QWidget()
        self.hands.setLayout(row)
        self.details = QLabel()
        self.details.setTextFormat(Qt.RichText)
        self.details.setWordWrap(True)
        self.options = QLabel()
        self.options.setTextFormat(Qt.RichText)
        self.options.setWordWrap(True)
        self.content.addWidget(self.hands)
        self.content.addWidget(self.details)
        self.content.addWidget(self.options)

    def reset(self) -> None:
        self.typed = ""
        p = self.item.prompt
        kind = p.get("kind")
        self.hands.setVisible(kind in ("next", "burn"))
        self.banker_box.setVisible(kind == "next")
        if kind == "next":
            self.player_box.title = "PLAYER"
            self.player_box.set_cards(p["player"])
            self.banker_box.set_cards(p["banker"])
        elif kind == "burn":
            self.player_box.title = "EXPOSED CARD"
            self.player_box.set_cards([p["exposed"]])
        self.details.setText(self._details(p))
        self._show_options()
        self._refresh()

    @staticmethod
    def _details(p) -> str:
        if p.get("kind") != "who":
            return ""
        declined = set(p["declined"])
        rows = "".join(f"<tr><td>Seat {w['seat']}</td><td>{w['side'].capitalize()}</td>"
                       f"<td align='right'>{money(w['amount'])}</td>"
                       f"<td>{'&nbsp; declines the role' if w['seat'] in declined else ''}</td></tr>"
                       for w in p["wagers"])
        return f"<table cellspacing='3'>{rows}</table>"

    def _show_options(self, right: int | None = None) -> None:
        lines = []
        for i, option in enumerate(self.item.prompt.get("options", []), start=1):
            text = f"<b>{i}.</b> {option}"
            if right == i:
                # Coloured, not bolder: bold text wraps differently and would move what is below it.
                text = f"<span style='color:{RIGHT_GREEN}'><b>{i}.</b> {option}</span>"
            lines.append(text)
        self.options.setText("<br>".join(lines))

    def _refresh(self) -> None:
        kind = self.item.prompt.get("kind")
        what = "Your choice" if self.item.prompt.get("options") else "Coups" if kind == "more" else "Cards"
        self.entry.setText(f"{what}: <b>{self.typed or '_'}</b> &nbsp; (Enter commits)" + self.refusal_words())

    def handle_key(self, key: int, text: str) -> bool:
        if text and text.isdigit():
            if len(self.typed) >= 2:
                return self.refuse_key(key, text, "is refused: no answer here has more than two digits.")
            self.typed += text
        elif key == Qt.Key_Backspace:
            self.typed = self.typed[:-1]
        elif _is_enter(key):
            if not self.typed:
                return self.ask_first("Type " + ("your choice's number" if self.item.prompt.get("options")
                                                 else "the number"))
            self.emit_answer(int(self.typed))
            return True
        else:
            what = "an option's number" if self.item.prompt.get("options") else "a number"
            return self.refuse_key(key, text, f"is not {what}: type digits.")
        self._refresh()
        return True

    def show_grade(self, item, grade) -> None:
        self.graded = True
        if item.prompt.get("options"):
            self._show_options(right=item.key)
        colour = RIGHT_GREEN if grade.correct else "#b01c1c"
        self.entry.setText(f"<span style='color:{colour}'>{grade.expected}</span>")


class ShoePanel(ChoicePanel):
    pass


class ProcedurePanel(ChoicePanel):
    pass


PANELS: dict[str, type] = {
    "baccarat.table_of_play": TableOfPlayPanel,
    "baccarat.commission": CommissionPanel,
    "baccarat.settle": SettlePanel,
    "baccarat.shoe": ShoePanel,
    "baccarat.procedure": ProcedurePanel,
}

# The drills of issue 15 have their panels in modules of their own (imported last: they use the classes above).
from .drill_panels_chips import ChipsPanel  # noqa: E402
from .drill_panels_find_error import BaccaratFindErrorPanel  # noqa: E402
from .drill_panels_irregularities import IrregularityPanel  # noqa: E402

PANELS.update({
    "baccarat.find_error": BaccaratFindErrorPanel,
    "baccarat.irregularities": IrregularityPanel,
    "baccarat.chips": ChipsPanel,
})
