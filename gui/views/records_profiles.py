"""Who is training, as the window shows it: the trainee picker, the manager dialog, and the records pages.

The state itself (the records, the person training, the manager role) and every rule about it live in the
application layer, dealerdrill.desk.Desk; these views only call it and show what changed:
  DeskSignals      the desk's changes as Qt signals, for the views to refresh on
  ProfilePicker    dialog: choose your name, add a new trainee, or practise as a guest (NOT recorded)
  ManagerDialog    dialog: unlock the manager role with the PIN (first run: set the PIN and the manager's name);
                   while the desk refuses PINs after too many wrong ones, it says so and its button counts down
  RecordsUi        the window's Trainee menu, the trainee/manager buttons on the sections tool bar, the
                   Progress and Manager pages, the manager role's idle lock (idle_lock.py), and the banners at
                   start: a replaced PIN file, records failing their integrity check (integrity_check.py)

No trainee chosen when a drill starts from the chooser: the picker opens first. "Guest" is a deliberate
choice shown as "Guest — not recorded" in the window; a guest's answers go nowhere.
Errors reach the person in plain words (`plain_message`), never as a traceback.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

INK = "#1f2a37"
MUTED = "#5b6675"
ACCENT = "#0b6a3a"
RIGHT = "#1e7b34"
WRONG = "#b3261e"
AMBER = "#8a5a00"
# Readiness colours: always shown together with words, never colour alone.
MET_BACKGROUND = "#dcefe1"
SHORT_BACKGROUND = "#f8dcd9"
PARTLY_BACKGROUND = "#fbecc8"
NONE_BACKGROUND = "#eceff2"

PAGE_STYLE = f"""
*[recordsPage="true"] {{ background: #f3f5f7; }}
*[recordsPage="true"] QLabel {{ color: {INK}; }}
*[recordsPage="true"] QLabel[role="heading"] {{ font-size: 20px; font-weight: 600; }}
*[recordsPage="true"] QLabel[role="section"] {{ color: {MUTED}; font-size: 11px; font-weight: 600;
                                             letter-spacing: 1px; }}
*[recordsPage="true"] QLabel[role="muted"] {{ color: {MUTED}; }}
*[recordsPage="true"] QLabel[role="stat"] {{ font-size: 22px; font-weight: 700; color: {INK}; }}
*[recordsPage="true"] QLabel[role="problem"] {{ background: #fff4d6; color: {AMBER}; border: 1px solid #f0d58c;
        border-radius: 6px; padding: 6px 10px; }}
*[recordsPage="true"] QLabel[role="done"] {{ background: #edf7ef; color: {RIGHT}; border: 1px solid #b9dcc1;
        border-radius: 6px; padding: 6px 10px; }}
*[recordsPage="true"] QFrame[card="true"] {{ background: #ffffff; border: 1px solid #d9dee3; border-radius: 8px; }}
*[recordsPage="true"] QFrame[card="true"] QLabel {{ background: transparent; border: none; }}
*[recordsPage="true"] QTableWidget {{ background: #ffffff; border: 1px solid #d9dee3; gridline-color: #e6e9ec;
        font-size: 13px; alternate-background-color: #f8fafb; }}
*[recordsPage="true"] QTableWidget:focus {{ border: 2px solid {ACCENT}; }}
*[recordsPage="true"] QHeaderView::section {{ background: #eef1f4; color: {INK}; border: none;
        border-bottom: 1px solid #d9dee3; padding: 5px 6px; font-weight: 600; }}
*[recordsPage="true"] QPushButton {{ padding: 6px 14px; border: 1px solid #b8c0c8; border-radius: 6px;
        background: #ffffff; color: {INK}; }}
*[recordsPage="true"] QPushButton:focus {{ border: 2px solid {ACCENT}; }}
*[recordsPage="true"] QPushButton:disabled {{ color: #a0a8b0; }}
*[recordsPage="true"] QPushButton[primary="true"] {{ background: {ACCENT}; color: #ffffff; border-color: {ACCENT};
        font-weight: 600; }}
*[recordsPage="true"] QPushButton[primary="true"]:disabled {{ background: #9db8a8; border-color: #9db8a8; }}
*[recordsPage="true"] QTabWidget::pane {{ border: 1px solid #d9dee3; background: #ffffff; border-radius: 6px; }}
*[recordsPage="true"] QTabBar::tab {{ padding: 7px 16px; color: {MUTED}; }}
*[recordsPage="true"] QTabBar::tab:selected {{ color: {INK}; font-weight: 600; border-bottom: 3px solid {ACCENT}; }}
*[recordsPage="true"] QProgressBar {{ border: 1px solid #d9dee3; border-radius: 5px; background: #ffffff;
        text-align: center; }}
*[recordsPage="true"] QProgressBar::chunk {{ background: {ACCENT}; border-radius: 4px; }}
"""


BADGE_STYLE = f"""
QToolButton {{ padding: 3px 10px; margin: 2px 3px; border: 1px solid #c5ccd3; border-radius: 5px; color: {INK};
              font-weight: 600; background: #ffffff; }}
QToolButton[guest="true"] {{ background: #fff4d6; color: {AMBER}; border-color: #f0d58c; }}
QToolButton[state="nobody"] {{ color: {MUTED}; font-weight: 400; }}
QToolButton[state="unlocked"] {{ background: #e6efe9; color: {ACCENT}; border-color: #b9dcc1; }}
QToolButton:focus {{ border: 2px solid {ACCENT}; }}
"""


def plain_message(error: BaseException) -> str:
    """What went wrong with the records, for a person (the records' own messages are written for people)."""
    from dealerdrill.desk import KeyFileError
    from dealerdrill.records import ExportCancelled, RecordsError

    if isinstance(error, ExportCancelled):
        return "The export was cancelled; no file was written."
    if isinstance(error, KeyFileError):
        return (f"The manager PIN file cannot be read ({error}). Deleting it resets the PIN; the records "
                "note that it was reset.")
    if isinstance(error, (RecordsError, PermissionError, ValueError, LookupError, OSError)) and str(error) \
            and not isinstance(error, KeyError):   # a KeyError's text is only the missing key
        text = str(error)
        return text[0].upper() + text[1:]
    return f"Something unexpected went wrong ({type(error).__name__})."


PLAIN_ERRORS = (ValueError, LookupError, PermissionError, OSError, RuntimeError)  # RecordsError, KeyFileError


def label(text: str = "", role: str | None = None, wrap: bool = False) -> QLabel:
    widget = QLabel(text)
    if role:
        widget.setProperty("role", role)
    widget.setWordWrap(wrap)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def button(text: str, primary: bool = False) -> QPushButton:
    widget = QPushButton(text)
    widget.setAutoDefault(True)
    if primary:
        widget.setProperty("primary", True)
    return widget


def _repolish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def style_page(widget: QWidget) -> None:
    widget.setProperty("recordsPage", True)
    widget.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    widget.setStyleSheet(PAGE_STYLE)


# --- who is training --------------------------------------------------------------------------------------------

class DeskSignals(QObject):
    """The desk's changes (dealerdrill.desk.DeskEvent) as Qt signals. Views keep `desk` for calls."""

    trainee_changed = Signal(object)    # the trainee's name, or None (guest or nobody)
    manager_changed = Signal(object)    # the Manager holding the role, or None when locked
    records_changed = Signal()          # answers, targets, archive, sign-off or import stored: views refresh
    targets_changed = Signal()
    settings_changed = Signal()
    records_replaced = Signal()         # a damaged records file was kept aside and a new one started

    def __init__(self, desk, parent: QObject | None = None):
        super().__init__(parent)
        from dealerdrill.desk import DeskEvent

        self.desk = desk
        self._emit = {
            DeskEvent.TRAINEE: lambda: self.trainee_changed.emit(desk.trainee),
            DeskEvent.MANAGER: lambda: self.manager_changed.emit(desk.manager),
            DeskEvent.RECORDS: self.records_changed.emit,
            DeskEvent.TARGETS: self.targets_changed.emit,
            DeskEvent.SETTINGS: self.settings_changed.emit,
            DeskEvent.RECORDS_REPLACED: self.records_replaced.emit,
        }
        desk.subscribe(self._heard)

    def _heard(self, event) -> None:
        self._emit[event]()


# --- dialogs ------------------------------------------------------------------------------------------------------

class _EnterStaysHere(QLineEdit):
    """A line edit whose Enter does its own job (returnPressed) and does not also press the dialog's
    default button: Enter in the new-name box adds that name, it must not pick whoever is selected."""

    def keyPressEvent(self, event) -> None:
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()


class ProfilePicker(QDialog):
    """Choose your name (Enter), add a new trainee, or practise as a guest. Emits `picked(name or None)`."""

    picked = Signal(object)

    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.setWindowTitle("Who is training?")
        self.setObjectName("profilePicker")
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        layout.addWidget(label("Choose your name, or add yourself as a new trainee. Your answers are kept "
                               "under your name; nobody can change or delete them.", wrap=True))
        self.names = QListWidget()
        self.names.setAccessibleName("Trainees")
        self.names.itemActivated.connect(lambda item: self.choose_selected())
        layout.addWidget(self.names, 1)
        self.empty_label = label("No trainees yet: add the first one below.", "muted")
        layout.addWidget(self.empty_label)
        add_row = QHBoxLayout()
        self.new_name = _EnterStaysHere()
        self.new_name.setPlaceholderText("New trainee's name")
        self.new_name.setAccessibleName("New trainee's name")
        self.new_name.returnPressed.connect(self.add_new)
        self.add_button = QPushButton("Add trainee")
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(self.add_new)
        add_row.addWidget(self.new_name, 1)
        add_row.addWidget(self.add_button)
        layout.addLayout(add_row)
        self.problem_label = label("", wrap=True)
        self.problem_label.setObjectName("pickerProblem")
        self.problem_label.setStyleSheet(f"color: {WRONG};")
        self.problem_label.hide()
        layout.addWidget(self.problem_label)
        buttons = QDialogButtonBox()
        self.guest_button = buttons.addButton("Practise as guest (not recorded)",
                                              QDialogButtonBox.ButtonRole.ActionRole)
        self.guest_button.setAutoDefault(False)
        self.guest_button.clicked.connect(self.choose_guest)
        self.choose_button = buttons.addButton("Choose", QDialogButtonBox.ButtonRole.AcceptRole)
        self.choose_button.clicked.connect(self.choose_selected)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.clicked.connect(self.reject)
        layout.addWidget(buttons)
        layout.addWidget(label("↑ ↓ choose  ·  Enter: that's me  ·  Tab: new name, guest  ·  Esc: cancel", "muted"))
        self.refresh()

    def refresh(self) -> None:
        self.names.clear()
        try:
            names = self.desk.trainee_names()
        except PLAIN_ERRORS as error:
            names = []
            self.show_problem(plain_message(error))
        for name in names:
            self.names.addItem(QListWidgetItem(name))
        self.empty_label.setVisible(not names)
        if self.desk.trainee in names:
            self.names.setCurrentRow(names.index(self.desk.trainee))
        elif names:
            self.names.setCurrentRow(0)
        (self.names if names else self.new_name).setFocus()

    def show_problem(self, text: str) -> None:
        self.problem_label.setText(text)
        self.problem_label.show()

    def _done(self, name) -> None:
        self.picked.emit(name)
        self.accept()

    def choose_selected(self) -> None:
        item = self.names.currentItem()
        if item is None:
            self.show_problem("Choose a name from the list, or add a new trainee.")
            return
        try:
            self.desk.choose_trainee(item.text())
        except PLAIN_ERRORS as error:
            self.show_problem(plain_message(error))
            return
        self._done(self.desk.trainee)

    def add_new(self) -> None:
        try:
            name = self.desk.add_trainee(self.new_name.text())
            self.desk.choose_trainee(name)
        except PLAIN_ERRORS as error:
            self.show_problem(plain_message(error))
            return
        self._done(name)

    def choose_guest(self) -> None:
        self.desk.choose_guest()
        self._done(None)


class ManagerDialog(QDialog):
    """Unlock the manager role: the manager's name (sign-offs record it) and the PIN, and at a training room's
    desk with a manager's login the manager's room password (it opens that login while the role is held; the
    field is cleared once used). On the first run the PIN is set here (typed twice) and the role unlocked with it."""

    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("managerDialog")
        self.first_run = not desk.pin_is_set()
        # A room's desk opens the manager's own login with the password typed here; a desk's file needs none.
        self.asks_room_password = not self.first_run and desk.unlock_needs_room_password()
        self.setWindowTitle("Set the manager PIN" if self.first_run else "Unlock the manager role")
        self.setMinimumWidth(400)
        layout = QVBoxLayout(self)
        layout.addWidget(label(
            "No manager PIN is set on this workstation yet. Choose one (6 to 12 digits; 8 or more is wise); only "
            "training managers should know it." if self.first_run else
            "Managers see every trainee's records, set targets, sign tests off and export. Give your name, "
            "the PIN and your password to the training room server (used until the role locks, kept nowhere)."
            if self.asks_room_password else
            "Managers see every trainee's records, set targets, sign tests off and export. Give your name "
            "and the PIN.", wrap=True))
        form = QFormLayout()
        # Never filled in: a trainee at the keyboard must not be told whose name unlocks the role.
        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName("Manager's name")
        self.pin_edit = QLineEdit()
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_edit.setAccessibleName("PIN")
        form.addRow("Manager's &name", self.name_edit)
        form.addRow("&PIN" if not self.first_run else "New &PIN", self.pin_edit)
        self.repeat_edit = QLineEdit()
        self.repeat_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.repeat_edit.setAccessibleName("New PIN again")
        if self.first_run:
            form.addRow("New PIN &again", self.repeat_edit)
        self.room_password_edit = QLineEdit()
        self.room_password_edit.setObjectName("roomPassword")
        self.room_password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.room_password_edit.setAccessibleName("Room password")
        self.room_password_edit.setPlaceholderText("your own password on the training room server")
        if self.asks_room_password:
            form.addRow("&Room password", self.room_password_edit)
        layout.addLayout(form)
        self.problem_label = label("", wrap=True)
        self.problem_label.setObjectName("managerProblem")
        self.problem_label.setStyleSheet(f"color: {WRONG};")
        self.problem_label.hide()
        layout.addWidget(self.problem_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_text = "Set PIN and unlock" if self.first_run else "Unlock"
        self.ok_button.setText(self.ok_text)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # While the desk refuses every PIN (too many wrong ones), the button waits with it, counting down;
        # the desk's own clock decides when the wait is over, the dialog only asks it each second.
        self.wait_timer = QTimer(self)
        self.wait_timer.setInterval(1000)
        self.wait_timer.timeout.connect(self._count_down)
        self.name_edit.setFocus()
        if not self.first_run:
            self._count_down()

    @property
    def waiting(self) -> bool:
        """The desk refuses PINs for now and the dialog is counting down."""
        return self.wait_timer.isActive()

    def submit(self) -> None:
        from dealerdrill.desk import PinTriesExhausted

        try:
            if self.first_run:
                self.desk.set_first_pin(self.name_edit.text(), self.pin_edit.text(), self.repeat_edit.text())
            else:
                self.desk.unlock_manager(self.pin_edit.text(), self.name_edit.text(),
                                         self.room_password_edit.text() if self.asks_room_password else None)
        except PinTriesExhausted as error:
            self._forget_typed_pin()
            self._wait(error.retry_after)
            return
        except PLAIN_ERRORS as error:
            self._say(plain_message(error), WRONG)
            self._forget_typed_pin()
            return
        self._forget_typed_pin()
        self.accept()

    def _forget_typed_pin(self) -> None:
        self.pin_edit.clear()
        self.repeat_edit.clear()
        self.room_password_edit.clear()     # the desk holds it only inside the open login
        self.pin_edit.setFocus()

    def _say(self, text: str, colour: str) -> None:
        self.problem_label.setText(text)
        self.problem_label.setStyleSheet(f"color: {colour};")
        self.problem_label.setVisible(bool(text))
        self._fit()

    def _fit(self) -> None:
        """As tall as the message now needs: a window keeps its height when a wrapped line appears in it, and the
        message took its room from the name and PIN fields, squashing them."""
        self.layout().activate()
        needed = self.heightForWidth(self.width())
        needed = max(needed, self.minimumSizeHint().height())
        if self.height() < needed:
            self.resize(self.width(), needed)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit()   # opened during a lock-out, the message is there before the dialog has its size

    def _wait(self, seconds: int) -> None:
        from dealerdrill.desk import PinTriesExhausted

        self._say(str(PinTriesExhausted(seconds)), WRONG)     # the desk's sentence, with the time left now
        self.ok_button.setEnabled(False)
        self.ok_button.setText(f"{self.ok_text} (wait {seconds} s)")
        if not self.wait_timer.isActive():
            self.wait_timer.start()

    def _count_down(self) -> None:
        remaining = self.desk.role.retry_after()
        if remaining > 0:
            self._wait(remaining)
            return
        if self.wait_timer.isActive():
            self.wait_timer.stop()
            self._say("The wait is over: you can try the PIN again.", MUTED)
        self.ok_button.setEnabled(True)
        self.ok_button.setText(self.ok_text)


# --- the window's part ------------------------------------------------------------------------------------------

class RecordsUi(QObject):
    """Everything the records add to the main window, over the window's desk: made before the Drills page,
    installed after the window's menus exist."""

    damage_found = Signal(str)  # the background whole-file check found damage (the notice shown)

    KEY_NOTICE_BANNER = "key-notice"
    PIN_NOTICE_BANNER = "pin-notice"
    INTEGRITY_BANNER = "integrity"

    def __init__(self, window, desk):
        from .integrity_check import StartupIntegrityCheck

        super().__init__(window)
        self.window = window
        self.desk = desk
        self.signals = DeskSignals(desk, self)
        # Two whole-file reads at start, one after the other (two cores at most): the damage check of a large
        # file opened without one, then the integrity check (chains, signatures) once the window is up.
        self._damage_check_running = False
        self._integrity_wanted = False
        self.integrity_check = StartupIntegrityCheck(desk, self)
        self.integrity_check.failed.connect(self._integrity_failed)
        self.idle_watch = None      # made at install, with the window's menus
        if desk.records is not None and not desk.records.checked_at_open:
            self._verify_in_background(desk.records)
        self.progress_page = None
        self.manager_page = None
        self.picker: ProfilePicker | None = None
        self.manager_dialog: ManagerDialog | None = None
        self.progress_refusal = None   # the box that says the Progress page waits for the test's end
        self._after_pick: Callable[[], None] | None = None

    # -- set-up
    def install(self) -> None:
        from .records_manager import ManagerPage
        from .records_trainee import ProgressPage

        window = self.window
        drills = window.drills
        drills.start_guard = self._may_start_drill
        learn = getattr(window, "learn", None)
        if learn is not None:
            learn.start_guard = self._may_start_check
        self.signals.targets_changed.connect(drills.refresh_targets)
        self.signals.trainee_changed.connect(self._trainee_changed)
        self.signals.manager_changed.connect(self._manager_changed)

        self.progress_page = ProgressPage(self.signals)
        self.progress_page.setObjectName("progress")
        self.progress_page.lesson_requested.connect(self.open_lesson)
        self.progress_page.drill_requested.connect(self.open_drill)
        self.manager_page = ManagerPage(self.signals)
        self.manager_page.setObjectName("manager")
        self.manager_page.show_progress_of.connect(self.show_progress_of)
        window.sections.addWidget(self.progress_page)
        window.sections.addWidget(self.manager_page)

        self.progress_action = window._action(window.view_menu, "&Progress", "Ctrl+P", self.show_progress)
        self.manager_action = window._action(window.view_menu, "&Manager", "Ctrl+M", self.show_manager)
        for action in (self.progress_action, self.manager_action):
            action.setCheckable(True)
            window.sections_group.addAction(action)
            window.sections_toolbar.addAction(action)

        menu = window.menuBar().addMenu("T&rainee")
        window.menuBar().insertMenu(window.help_menu.menuAction(), menu)
        self.trainee_menu = menu
        self.choose_action = window._action(menu, "&Choose trainee…", "Ctrl+U", lambda: self.choose_trainee())
        menu.addSeparator()
        # Through a lambda: triggered(checked) would hand unlock_manager False as the `then` to run, which
        # failed with a TypeError and opened no dialog.
        self.unlock_action = window._action(menu, "&Unlock manager role…", "Ctrl+L", lambda: self.unlock_manager())
        self.lock_action = window._action(menu, "&Lock manager role", "Ctrl+Shift+L", self.lock_manager)

        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        window.sections_toolbar.addWidget(spacer)
        self.trainee_button = QToolButton()
        self.trainee_button.setObjectName("traineeButton")
        self.trainee_button.setToolTip("Choose who is training (Ctrl+U)")
        self.trainee_button.clicked.connect(lambda: self.choose_trainee())
        self.manager_button = QToolButton()
        self.manager_button.setObjectName("managerButton")
        self.manager_button.clicked.connect(self._manager_button_clicked)
        for widget in (self.trainee_button, self.manager_button):
            widget.setStyleSheet(BADGE_STYLE)
        window.sections_toolbar.addWidget(self.trainee_button)
        window.sections_toolbar.addWidget(self.manager_button)
        self._trainee_changed(None)
        self._manager_changed(None)
        if not self.desk.available:
            for action in (self.unlock_action, self.manager_action, self.progress_action):
                action.setEnabled(False)

        from .idle_lock import IdleLockWatch

        self.idle_watch = IdleLockWatch(self.signals, self)
        self.idle_watch.locked_itself.connect(self._locked_itself)
        self.idle_watch.start()
        self.signals.records_replaced.connect(lambda: window.banners.dismiss(self.INTEGRITY_BANNER))
        if self.desk.key_notice:
            window.banners.show_banner(self.KEY_NOTICE_BANNER, self.desk.key_notice)

    # -- trainee
    def choose_trainee(self, then: Callable[[], None] | None = None) -> ProfilePicker:
        """Open the profile picker (not blocking); `then` runs once someone is chosen."""
        if self.picker is not None:
            self.picker.close()
        self._after_pick = then
        self.picker = ProfilePicker(self.desk, self.window)
        self.picker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.picker.picked.connect(self._picked)
        self.picker.destroyed.connect(lambda *_: setattr(self, "picker", None))
        self.picker.open()
        return self.picker

    def _picked(self, _name) -> None:
        then, self._after_pick = self._after_pick, None
        if then is not None:
            then()

    def _may_start_drill(self) -> bool:
        if self.desk.chosen:
            return True
        self.choose_trainee(then=lambda: self.window.drills.start())
        return False

    def _may_start_check(self, then: Callable[[], None]) -> bool:
        """A lesson's check starts only once someone is at the desk: else who is training is asked first, and
        the check starts once they are chosen."""
        if self.desk.chosen:
            return True
        self.choose_trainee(then=then)
        return False

    def _trainee_changed(self, _name) -> None:
        desk = self.desk
        text = desk.describe()
        self.trainee_button.setText(f"Trainee: {text}" if desk.trainee else text)
        self.trainee_button.setProperty("guest", desk.guest)
        self.trainee_button.setProperty("state", "nobody" if not desk.chosen else "chosen")
        _repolish(self.trainee_button)
        title = "Dealer Drill"
        if desk.chosen:
            title += f" — {text}"
        self.window.setWindowTitle(title)
        drills = self.window.drills
        if drills.state in ("asking", "feedback") and drills.session is not None and drills.session.closed:
            drills.finish()    # the desk ended the session of the person who left: show its result
        self.window.show_message(f"{text}: answers are recorded under this name." if desk.trainee else
                                 ("Guest practice: answers are not recorded." if desk.guest else
                                  "No trainee chosen."))

    # -- manager
    def unlock_manager(self, then: Callable[[], None] | None = None) -> ManagerDialog | None:
        if self.desk.unlocked:
            if then:
                then()
            return None
        try:
            dialog = ManagerDialog(self.desk, self.window)
        except PLAIN_ERRORS as error:
            self.window.show_message(plain_message(error))
            return None
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if then is not None:
            dialog.accepted.connect(then)
        dialog.destroyed.connect(lambda *_: setattr(self, "manager_dialog", None))
        self.manager_dialog = dialog
        dialog.open()
        return dialog

    def lock_manager(self) -> None:
        self.desk.lock_manager()

    def _locked_itself(self, minutes: float) -> None:
        # Said until the next message, not for a few seconds: whoever comes back to the desk reads why.
        self.window.statusBar().showMessage(f"The manager role locked itself after {minutes:g} idle minute"
                                            f"{'s' if minutes != 1 else ''}. Unlock it again with the PIN (Ctrl+L).")

    def _manager_button_clicked(self) -> None:
        if self.desk.unlocked:
            self.lock_manager()
        else:
            self.unlock_manager(then=self.show_manager)

    def _manager_changed(self, _manager) -> None:
        manager = self.desk.manager
        unlocked = manager is not None
        self.manager_button.setText(f"Manager: {manager.name} · Lock" if unlocked else "Manager: locked")
        self.manager_button.setToolTip("Lock the manager role (Ctrl+Shift+L)" if unlocked
                                       else "Unlock the manager role with the PIN (Ctrl+L)")
        self.manager_button.setProperty("state", "unlocked" if unlocked else "locked")
        _repolish(self.manager_button)
        self.lock_action.setEnabled(unlocked)
        self.unlock_action.setEnabled(not unlocked and self.desk.available)
        self.manager_page.set_manager(manager)
        if self.desk.pin_notice:       # a PIN shorter than a new one may be: the desk says why and how to change it
            self.window.banners.show_banner(self.PIN_NOTICE_BANNER, self.desk.pin_notice)
        else:
            self.window.banners.dismiss(self.PIN_NOTICE_BANNER)
        if not unlocked and self.window.sections.currentWidget() is self.manager_page:
            self.show_progress()
        self.window.show_message(f"Manager role unlocked for {manager.name}." if unlocked
                                 else "Manager role locked.")

    # -- pages
    def _show_page(self, page, action) -> None:
        window = self.window
        window.sections.setCurrentWidget(page)
        action.setChecked(True)
        window.table_menu.clear()
        window.table_menu.setEnabled(False)
        page.refresh()
        page.setFocus()

    def show_progress(self) -> None:
        """The trainee's Progress page, except while a test runs: the page counts the test's answers as they
        are given (accuracy, the run of right answers, errors by category), so it would tell answer by answer
        what the test keeps back until its end."""
        if self.desk.test_running:
            from .messages import show_error

            if self.window.sections.currentWidget() is self.manager_page:
                self.window.show_drills()   # the role was locked on the Manager page: back to the test
            self._restore_section_check()
            self.progress_refusal = show_error(self.window, "A test is running: your progress shows again once it "
                                                            "is finished or stopped (Esc, then Stop).")
            return
        self._show_page(self.progress_page, self.progress_action)

    def show_progress_of(self, name: str) -> None:
        self.progress_page.show_trainee(name)
        self._show_page(self.progress_page, self.progress_action)

    def open_lesson(self, lesson_id: str) -> None:
        """The path's step to a lesson: the Learn page at that lesson (not while a test runs)."""
        learn = getattr(self.window, "learn", None)
        if learn is not None and self.window.show_learn():
            learn.show_lesson(lesson_id)

    def open_drill(self, drill_id: str, mode: str) -> None:
        """The path's step to a drill: the Drills page with it chosen in the step's mode."""
        self.window.open_drill(drill_id, mode)

    def show_manager(self) -> bool:
        """The Manager page, only while the role is unlocked; otherwise the PIN is asked for first."""
        if not self.desk.unlocked:
            self.unlock_manager(then=self.show_manager)
            self._restore_section_check()
            return False
        self._show_page(self.manager_page, self.manager_action)
        return True

    def _restore_section_check(self) -> None:
        current = self.window.sections.currentWidget()
        for page, action in ((self.window.tabs, self.window.tables_action), (self.window.drills,
                             self.window.drills_action), (self.progress_page, self.progress_action),
                             (self.manager_page, self.manager_action),
                             (getattr(self.window, "learn", None), getattr(self.window, "learn_action", None))):
            if page is current:
                action.setChecked(True)

    def _verify_in_background(self, records) -> None:
        """A large records file was opened without reading it whole; read it now on a worker thread, and
        if it is damaged keep it aside and start a new file (the window stays responsive meanwhile)."""
        from dealerdrill.records import Records

        from .background import run_in_background

        path = records.path
        self._damage_check_running = True
        run_in_background(lambda: Records.verify_file(path), self._verified, lambda error: self._verified(None))

    def _verified(self, problem) -> None:
        from .messages import show_error

        self._damage_check_running = False
        if not problem or self.desk.records is None:
            if self._integrity_wanted:
                self.integrity_check.start_soon()
            return
        notices = self.desk.replace_damaged_records()
        text = "\n\n".join([problem] + notices)
        self.damage_found.emit(text)
        show_error(self.window, text)

    # -- the integrity check and the banners
    def window_shown(self) -> None:
        """The window is up: the whole-file integrity check may start (after the damage check, if one runs)."""
        self._integrity_wanted = True
        if not self._damage_check_running:
            self.integrity_check.start_soon()

    def _integrity_failed(self, text: str) -> None:
        self.window.banners.show_banner(self.INTEGRITY_BANNER, text, tone="alarm")

    def close(self) -> None:
        if self.idle_watch is not None:
            self.idle_watch.stop()
        self.integrity_check.cancel()
        for dialog in (self.picker, self.manager_dialog):
            if dialog is not None:
                dialog.close()


__all__ = ["DeskSignals", "ManagerDialog", "ProfilePicker", "RecordsUi", "plain_message"]
