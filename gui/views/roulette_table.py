"""The roulette table: wheel, layout, chip tray and the dealer's controls, driven by the engine.

Which numbers a click covers is geometry (roulette_geometry); whether that is a wager, what it pays and
whether it wins is asked of dealerdrill.core.roulette; the winning number comes from roulette.spin and
the wheel only shows it.

Keys: arrows move the cursor over wager positions, Enter or + places, Delete or - removes, 1-6 pick a chip,
number-pad digits type an amount (Backspace edits it, Esc clears it), Space spins, S skips the animation,
C clears the layout.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealerdrill.core import InvalidWager, Rng, roulette
from dealerdrill.domain import format_money

from ..settings import RouletteSettings, Settings
from .chips import ChipTray, stack_words
from .roulette_layout import RouletteLayoutView
from .roulette_wheel import RouletteWheelView

Key = tuple[int, ...] | str
HISTORY_LENGTH = 12
COLOUR_HEX = {"red": "#e0283c", "black": "#d8d8d8", "green": "#2ec46d"}


def make_change(amount: int, chip_values: tuple[int, ...]) -> list[int] | None:
    """Chips adding up to `amount`, largest first, or None when these chip values cannot make it.
    (How a stack is made up is a matter of chips, not of the game.)"""
    chips: list[int] = []
    for value in sorted(chip_values, reverse=True):
        count, amount = divmod(amount, value)
        chips.extend([value] * count)
    return chips if amount == 0 else None


def starting_chip(chip_values: tuple[int, ...], minimum: int) -> int:
    """The chip to start with: the smallest that meets the table minimum on its own (the largest chip if none
    does), so a first click places a wager the table accepts."""
    meeting = [v for v in chip_values if v >= minimum]
    return min(meeting) if meeting else max(chip_values)


class RouletteTable(QWidget):
    message = Signal(str)          # plain words for the status bar
    spinFinished = Signal(int)     # the number shown, after the result is on the layout
    betsChanged = Signal()

    def __init__(self, settings: Settings | RouletteSettings | None = None, rng: Rng | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._settings = RouletteSettings()
        self._first_settings = True
        self._rng = rng
        self._bets: dict[Key, list[int]] = {}
        self._typed = ""
        self._result: int | None = None
        self._history: list[int] = []
        self._last_winnings: list[tuple[str, int, int]] = []
        colours = {n: roulette.color(n) for n in range(37)}
        self.wheel = RouletteWheelView(roulette.WHEEL_ORDER, colours)
        self.layout_view = RouletteLayoutView(colours, self._settings.first_four)
        self.tray = ChipTray(self._settings.chip_values)
        self._build()
        self.wheel.spinFinished.connect(self._show_result)
        self.layout_view.positionActivated.connect(lambda key: self.place(key))
        self.layout_view.positionRemoved.connect(self.remove)
        self.layout_view.focusMoved.connect(self._describe_focus)
        self.tray.valueSelected.connect(lambda v: self._say(f"Chip {format_money(v)} selected"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#06341f"))
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#f2e6c4"))
        self.setPalette(palette)
        self.apply_settings(settings if settings is not None else self._settings)

    # --- construction -----------------------------------------------------------------------------------
    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the table, never to a button
        button.clicked.connect(slot)
        return button

    def _build(self) -> None:
        self.result_label = QLabel()
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        self.result_label.setWordWrap(True)
        self.result_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.result_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.history_label = QLabel()
        self.history_label.setTextFormat(Qt.TextFormat.RichText)
        self.history_label.setAccessibleName("Last numbers")
        self.amount_label = QLabel()
        self.amount_label.setMinimumWidth(150)
        font = QFont("DejaVu Sans", 11)
        for label in (self.result_label, self.history_label, self.amount_label):
            label.setFont(font)
        self.spin_button = self._button("Spin  [Space]", "Spin the wheel (Space)", self.spin)
        self.skip_button = self._button("Skip  [S]", "Show the result now (S)", self.skip_animation)
        self.clear_button = self._button("Clear  [C]", "Take every chip off the layout (C)", self.clear_bets)

        controls = QHBoxLayout()
        controls.addWidget(self.tray, 3)
        controls.addWidget(self.amount_label)
        for button in (self.spin_button, self.skip_button, self.clear_button):
            controls.addWidget(button)
        right = QVBoxLayout()
        right.addWidget(self.layout_view, 5)
        right.addWidget(self.history_label)
        right.addWidget(self.result_label, 1)
        right.addLayout(controls)
        main = QHBoxLayout(self)
        main.addWidget(self.wheel, 2)
        main.addLayout(right, 5)
        self._refresh_texts()

    def table_actions(self) -> list[QAction]:
        """Menu entries for the main window's Table menu while this table is shown."""
        entries = [("&Spin", "Space", self.spin), ("S&kip animation", "S", self.skip_animation),
                   ("&Clear bets", "C", self.clear_bets)]
        actions = []
        for text, shortcut, slot in entries:
            action = QAction(text, self)
            # The table handles these keys itself; the menu only shows them.
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.triggered.connect(slot)
            actions.append(action)
        return actions

    def use_rng(self, rng: Rng | None) -> None:
        """Draw winning numbers from `rng` (seeded for repeatable sessions); None = the OS-seeded default."""
        self._rng = rng

    # --- settings ---------------------------------------------------------------------------------------
    def settings(self) -> RouletteSettings:
        return self._settings

    def apply_settings(self, settings: Settings | RouletteSettings) -> None:
        values = settings.roulette if isinstance(settings, Settings) else settings
        if values.first_four != self._settings.first_four:
            self.layout_view.set_first_four(values.first_four)
            dropped = [key for key in self._bets if not self._is_position(key)]
            for key in dropped:
                del self._bets[key]
            if dropped:
                self._say("First four is no longer offered: its chips were returned")
        chips_changed = (values.chip_values, values.minimum_bet) != (self.tray.values(), self._settings.minimum_bet)
        self._settings = values
        self.tray.set_values(values.chip_values)
        if chips_changed or self._first_settings:
            self.tray.select_value(starting_chip(values.chip_values, values.minimum_bet))
        self._first_settings = False
        self._sync_layout()

    def _is_position(self, key: Key) -> bool:
        return any(p.key == key for p in self.layout_view.positions())

    # --- bets ---------------------------------------------------------------------------------------------
    def bets(self) -> dict[Key, list[int]]:
        return {key: list(chips) for key, chips in self._bets.items()}

    def wager_for(self, key: Key) -> roulette.Wager:
        """The engine's wager for a position key (raises InvalidWager if the table does not offer it)."""
        return roulette.classify(key, self._settings.first_four)

    def place(self, key: Key, chips: list[int] | None = None) -> bool:
        """Put chips (default: the typed amount, else the selected chip) on a position; False with a
        plain message when that cannot be done."""
        if self.wheel.is_spinning():
            self._say("No more bets: the ball is spinning")
            return False
        try:
            wager = self.wager_for(key)
        except InvalidWager as error:
            self._say(f"No wager there: {error}")
            return False
        if chips is None:
            chips = self._chips_to_place()
            if chips is None:
                return False
        limit = self._settings.maximum_outside if wager.kind.outside else self._settings.maximum_inside
        total = sum(self._bets.get(key, [])) + sum(chips)
        if total > limit:
            where = "an outside wager" if wager.kind.outside else "an inside wager"
            self._say(f"The most on {where} at this table is {format_money(limit)}; {wager.name} would have "
                      f"{format_money(total)}")
            return False
        self._clear_result()
        self._bets.setdefault(key, []).extend(chips)
        self._typed = ""
        self._sync_layout()
        self._say(f"{wager.name}: {format_money(total)} (pays {wager.odds} to 1)")
        return True

    def _chips_to_place(self) -> list[int] | None:
        if not self._typed:
            return [self.tray.selected_value()]
        amount = int(self._typed)
        chips = make_change(amount, self._settings.chip_values)
        if not chips:
            self._say(f"{format_money(amount)} cannot be made up from the chips "
                      f"({', '.join(format_money(v) for v in self._settings.chip_values)})")
            return None
        return chips

    def remove(self, key: Key) -> bool:
        """Take the top chip off a position."""
        if self.wheel.is_spinning():
            self._say("No more bets: the ball is spinning")
            return False
        chips = self._bets.get(key)
        if not chips:
            self._say("There is no chip there")
            return False
        chips.pop()
        if not chips:
            del self._bets[key]
        self._clear_result()
        self._sync_layout()
        self._say(f"Chip taken back; {self.wager_for(key).name} now has {format_money(sum(chips))}")
        return True

    def clear_bets(self) -> None:
        if self.wheel.is_spinning():
            self._say("No more bets: the ball is spinning")
            return
        self._bets.clear()
        self._clear_result()
        self._sync_layout()
        self._say("Layout cleared")

    def _sync_layout(self) -> None:
        self.layout_view.set_stacks(self._bets)
        self._refresh_texts()
        self.betsChanged.emit()

    # --- the spin -----------------------------------------------------------------------------------------
    def spin(self) -> int | None:
        """Ask the engine for the winning number and start the wheel towards it; None if refused."""
        if self.wheel.is_spinning():
            return None
        minimum = self._settings.minimum_bet
        short = [key for key, chips in self._bets.items() if sum(chips) < minimum]
        if short:
            self._say(f"Each wager must be at least {format_money(minimum)}: {self.wager_for(short[0]).name} "
                      f"has {format_money(sum(self._bets[short[0]]))}")
            return None
        self._clear_result()
        number = roulette.spin(self._rng)
        self.wheel.spin_to(number, self._settings.animation_seconds)
        self._say("No more bets")
        return number

    def skip_animation(self) -> None:
        self.wheel.skip()

    def result(self) -> int | None:
        return self._result

    def last_winnings(self) -> list[tuple[str, int, int]]:
        """(wager name, stake, winnings) of every bet at the last spin."""
        return list(self._last_winnings)

    def _winning_keys(self, number: int) -> set[Key]:
        keys = {}
        for position in self.layout_view.positions():
            keys[self.wager_for(position.key).name] = position.key
        return {keys[w.name] for w in roulette.covering(number, self._settings.first_four) if w.name in keys}

    def _show_result(self, number: int) -> None:
        self._result = number
        self._history.insert(0, number)
        del self._history[HISTORY_LENGTH:]
        keys = list(self._bets)
        stakes = [sum(self._bets[k]) for k in keys]
        winnings = roulette.settle(list(zip(keys, stakes)), number, self._settings.first_four) if keys else []
        self._last_winnings = [(self.wager_for(k).name, s, w) for k, s, w in zip(keys, stakes, winnings)]
        self.layout_view.set_result(number, self._winning_keys(number))
        self._refresh_texts()
        colour = roulette.color(number)
        self._say(f"{number} {colour}")
        self.spinFinished.emit(number)

    def _clear_result(self) -> None:
        if self._result is not None:
            self._result = None
            self._last_winnings = []
            self.layout_view.set_result(None)
            self._refresh_texts()

    # --- texts ----------------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.emit(text)

    def _describe_focus(self, key) -> None:
        if key is None:
            return
        try:
            wager = self.wager_for(key)
        except InvalidWager:
            return
        chips = self._bets.get(key, [])
        self._say(f"{wager.name} (pays {wager.odds} to 1)" + (f", {stack_words(chips)} on it" if chips else ""))

    def _refresh_texts(self) -> None:
        history = " ".join(f"<span style='color:{COLOUR_HEX[roulette.color(n)]}'><b>{n}</b></span>"
                           for n in self._history)
        self.history_label.setText(f"Last numbers: {history or '–'}")
        typed = format_money(int(self._typed)) if self._typed else "–"
        total = sum(sum(chips) for chips in self._bets.values())
        self.amount_label.setText(f"On the layout: {format_money(total)}<br>Typed amount: {typed}")
        if self._result is None:
            self.result_label.setText("Place bets, then spin." if not self._bets else
                                      f"{len(self._bets)} wager(s) on the layout.")
            return
        number = self._result
        colour = roulette.color(number)
        lines = [f"<span style='font-size:20pt; color:{COLOUR_HEX[colour]}'><b>{number}</b></span> {colour}"]
        winners = [(name, stake, won) for name, stake, won in self._last_winnings if won]
        if winners:
            lines.append("; ".join(f"{name}: {format_money(stake)} wins {format_money(won)}"
                                   for name, stake, won in winners))
        elif self._last_winnings:
            lines.append("Every wager lost.")
        self.result_label.setText("<br>".join(lines))

    # --- keyboard -------------------------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        key = event.key()
        keypad = bool(event.modifiers() & Qt.KeyboardModifier.KeypadModifier)
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        focus = self.layout_view.focused_key()
        if key in arrows:
            self.layout_view.move_focus(*arrows[key])
        elif keypad and Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
            if len(self._typed) < 7:
                self._typed = (self._typed + chr(key)).lstrip("0")
            self._refresh_texts()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Plus):
            if focus is None:
                self._say("Move the cursor to a wager with the arrow keys first")
            else:
                self.place(focus)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Minus):
            if focus is not None:
                self.remove(focus)
        elif key == Qt.Key.Key_Backspace:
            if self._typed:
                self._typed = self._typed[:-1]
                self._refresh_texts()
            elif focus is not None:
                self.remove(focus)
        elif key == Qt.Key.Key_Escape:
            self._typed = ""
            self._refresh_texts()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_6:
            self.tray.select_index(key - Qt.Key.Key_1)
        elif key == Qt.Key.Key_Space:
            self.spin()
        elif key == Qt.Key.Key_S:
            self.skip_animation()
        elif key == Qt.Key.Key_C:
            self.clear_bets()
        else:
            super().keyPressEvent(event)
