"""The application: a main window with one tab per table, menus, a status bar, banners for what must not be
missed (views/banners.py), and errors in plain words.

Adding a table is one line in TABLES: (id, title, factory). A factory takes the current Settings and
returns the table's widget. A table widget may offer:
  apply_settings(settings)      called when the trainee changes the settings
  table_actions() -> [QAction]  entries for the Table menu while the table is shown
  message (Signal(str))         plain-words notes for the status bar
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from . import __version__, paths
from .settings import Settings, SettingsError
from .views.messages import show_error

TableFactory = Callable[[Settings], QWidget]


def _roulette(settings: Settings) -> QWidget:
    from .views.roulette_table import RouletteTable

    return RouletteTable(settings)


def _baccarat(settings: Settings) -> QWidget:
    from .views.baccarat_table import BaccaratTable

    return BaccaratTable(settings=settings)


def _paigow(settings: Settings) -> QWidget:
    from .views.paigow_table import PaiGowTable

    return PaiGowTable(settings=settings)


def _drills(desk) -> QWidget:
    from .views.drill_view import DrillView

    return DrillView(desk=desk)


def _learn(desk) -> QWidget:
    from .views.learn import LearnPage

    return LearnPage(desk)


TABLES: list[tuple[str, str, TableFactory]] = [
    ("roulette", "Roulette", _roulette),
    ("baccarat", "Baccarat", _baccarat),
    ("paigow", "Pai Gow", _paigow),
]

# Two columns, so the Help ▸ Keys box stays within a laptop's height.
KEYS_HELP = """<table width="660" cellspacing="0" cellpadding="3"><tr><td width="50%" valign="top">
<b>Roulette table</b><br>
Arrows: move the cursor over the wagers (the status bar names the wager and its chips)<br>
Enter or +: place the chip or the typed amount &nbsp; Delete or −: take one back<br>
1–6: choose a chip &nbsp; number pad: type an amount (Backspace edits, Esc clears)<br>
Space: spin &nbsp; S: skip the animation &nbsp; C: clear the layout<br>
Mouse: left click places, right click takes back; hover a stack to read its wager<br><br>
<b>Baccarat table</b><br>
S: shuffle a new shoe &nbsp; D: deal (a new shoe burns first) &nbsp; F: turn the coup face up now<br><br>
<b>Pai Gow table</b><br>
N: new deal &nbsp; F: finish the delivery &nbsp; X: expose every box (X again hides them)<br>
1–4 or Left/Right: choose your tile &nbsp; H or Up: high hand &nbsp; L or Down: low hand<br>
Backspace or Delete: back to your row &nbsp; or drag a tile with the mouse<br><br>
<b>Everywhere</b><br>
Ctrl+1, Ctrl+2, Ctrl+3: switch table &nbsp; Ctrl+T: tables &nbsp; Ctrl+E: learn &nbsp; Ctrl+D: drills<br>
Ctrl+,: settings &nbsp; Ctrl+Q: quit &nbsp; F1: these keys<br>
F3: rule book, at the rule a feedback cites &nbsp; F4: charts<br><br>
<b>Records</b><br>
Ctrl+U: who is training &nbsp; Ctrl+P: progress &nbsp; Ctrl+M: manager page (PIN)<br>
Ctrl+L: unlock the manager role &nbsp; Ctrl+Shift+L: lock it &nbsp; F5: refresh<br>
Manager page: Ctrl+Tab switches tabs; in Targets type or F2 to edit a value;
in Tests and sign-off Alt+P lists practice and timed sessions too; the Workstation and keys tab
compares and trusts other workstations' keys<br><br>
<b>Learn</b><br>
Up/Down: a lesson &nbsp; Alt+N / Alt+P: next / previous &nbsp; Tab: its rules, check, buttons
</td><td width="50%" valign="top">
<b>Drills</b><br>
Up/Down: choose a drill &nbsp; Left/Right: mode &nbsp; Tab: mode, difficulty, Start &nbsp; Enter: start<br>
Enter: commit an answer, then Enter or N: next &nbsp; Esc: end the session (a test asks first)<br>
H or F1: hint; F1 only in Tiles and Set the bank's hand<br>
Result page: R the same drill again, Enter or Esc back to the drills; after a test, Up/Down choose an item of
its review, Page Up/Page Down scroll it<br><br>
<b>Drill panels</b><br>
Pay the layout: arrows move the cursor; digits type an amount, Space or P pays it on the cursor's wager,
Delete takes it back, T sets the total<br>
Winning positions: arrows, Space marks or unmarks a wager<br>
Completes and pictures, Payout keys: type the number, Enter<br>
Table of play: D draw, S stand (Player, then Banker), P / B / T the winner; a call is final once made<br>
Commission: digits and . &nbsp; Shoe procedure, Big-table procedure: the option's number or the count<br>
Settle the table (baccarat): per wager an amount, T take, U push, Enter next; Up goes back<br>
Tiles: the name's first letters or Up/Down, Tab to rank and points<br>
Compare two hands: P or Left the player, B or Right the bank<br>
Set the bank's hand the house way: 1–4 or Left/Right a tile, H or Up high, L or Down low, Backspace back<br>
Expose and match: W win, L lose, P push; Up/Down or 1–7 choose the box<br>
Settle the table (pai gow): each amount in dollars, Tab to the next<br>
Find the error (roulette) · Find the error (baccarat) · Find the error (pai gow): Up/Down a line, Space
marks it, type the correction (digits, C clear, T take, U push, D draw, S stand), Delete unmarks<br>
Irregularities (roulette) · Irregularities (baccarat) · Irregularities (pai gow): the action's number<br>
Paying in chips (roulette) · Paying in chips (baccarat) · Paying in chips (pai gow): Up/Down, digits<br>
Dice and delivery: Up/Down the chung, the first box or the order; digits 1–8
</td></tr></table>"""


def plain_words(error: BaseException) -> str:
    """What went wrong, for a person: the exception's own message when it is written for people."""
    from dealerdrill.core import EngineError
    from dealerdrill.records import RecordsError, UnknownTraineeError

    if isinstance(error, (EngineError, ValueError, OSError, RecordsError, UnknownTraineeError)) and str(error):
        return str(error)[0].upper() + str(error)[1:]
    if isinstance(error, MemoryError):
        return "The computer ran out of memory."
    return f"Something unexpected went wrong ({type(error).__name__})."


def log_error(error: BaseException) -> str | None:
    """Append the full details to the error log (for whoever fixes it); returns the log's path."""
    try:
        path = paths.error_log_file()
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            log.write("".join(traceback.format_exception(type(error), error, error.__traceback__)))
        return str(path)
    except OSError:
        return None


def install_excepthook(window: MainWindow) -> None:
    """Any error that reaches the event loop becomes a plain message; the program keeps running."""
    def hook(kind, error, trace):
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        error.__traceback__ = trace
        window.report_error(error)

    sys.excepthook = hook




class _WithoutHeightForWidth(QVBoxLayout):
    """A scroll area gives a page whose height depends on its width (wrapped text) its preferred height for that
    width, never less, so it would scroll where it could shrink; through this layout the page shrinks to its
    minimum like any widget, and scrolls only below that."""

    def hasHeightForWidth(self) -> bool:
        return False


class SectionsUnderBanners(QScrollArea):
    """The sections, below the banners. Its smallest height is the sections' own less the banners' height, so a
    banner never makes the window taller than its pages need (the window must still fit a laptop's screen):
    when a page's smallest height no longer fits under the banners, the page scrolls by that much instead."""

    def __init__(self, sections: QWidget, banners: QWidget):
        super().__init__()
        self.setObjectName("sectionsArea")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # the pages take the keyboard, never this frame
        self._banners = banners
        holder = QWidget()
        holder.setObjectName("sectionsHolder")
        column = _WithoutHeightForWidth(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(sections)
        self.setWidget(holder)
        banners.installEventFilter(self)

    def _banner_height(self) -> int:
        # What the window's layout reserves for the banners (their smallest height) or what they take now,
        # whichever is more: the window's smallest height then stays what the pages alone need.
        if not self._banners.isVisibleTo(self.window()):
            return 0
        return max(self._banners.height(), self._banners.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        inner = self.widget().minimumSizeHint()
        taken = self._banner_height()
        scroll_bar = self.verticalScrollBar().sizeHint().width() if taken else 0
        return QSize(inner.width() + scroll_bar, max(0, inner.height() - taken))

    def sizeHint(self) -> QSize:
        return self.widget().sizeHint()

    def eventFilter(self, watched, event) -> bool:
        if watched is self._banners and event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide):
            self.updateGeometry()
            return False
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            # A page's smallest size changed: the window's follows it, as it would without the scroll area.
            self.updateGeometry()
        return super().eventFilter(watched, event)   # the scroll area follows its page's size this way


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, tables=None, desk=None):
        """The window over a desk (dealerdrill.desk.Desk); without one it opens the workstation's own
        (Desk.open_for_app: the saved settings unless `settings` is given, and the records)."""
        super().__init__()
        self.setWindowTitle("Dealer Drill")
        problems: list[str] = []
        notices: list[str] = []
        if desk is None:
            from .desk import Desk

            desk, problems, notices = Desk.open_for_app(settings=settings)
        self.desk = desk
        settings = desk.settings
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tables: dict[str, QWidget] = {}
        for table_id, title, factory in (tables or TABLES):
            widget = factory(settings)
            widget.setObjectName(f"table-{table_id}")
            self.tables[table_id] = widget
            self.tabs.addTab(widget, title)
            if hasattr(widget, "message"):
                widget.message.connect(self.show_message)
        # The tables and the drills are two sections of one window; the drills page loads its drills when
        # first shown, so the tables start as quickly as before.
        from .views.records_profiles import RecordsUi

        self.records_ui = RecordsUi(self, desk)
        self.drills = _drills(desk)
        self.drills.setObjectName("drills")
        if hasattr(self.drills, "message"):
            self.drills.message.connect(self.show_message)
        # The lessons: a course per game, each lesson ending with its check and the way to its drill.
        self.learn = _learn(desk)
        self.learn.message.connect(self.show_message)
        self.learn.drill_requested.connect(self.open_drill)
        self.learn.before_check = self._before_lesson_check
        self.sections = QStackedWidget()
        self.sections.addWidget(self.tabs)
        self.sections.addWidget(self.learn)
        self.sections.addWidget(self.drills)
        # Banners (news that must not be missed, nor stop the work) sit above whichever section is shown.
        from .views.banners import BannerStrip

        self.banners = BannerStrip(focus_after=lambda: self.sections.currentWidget().setFocus())
        central = QWidget()
        central.setObjectName("central")
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banners)
        self.sections_area = SectionsUnderBanners(self.sections, self.banners)
        column.addWidget(self.sections_area, 1)
        self.setCentralWidget(central)
        self._shown_once = False
        from .views.rulebook_view import References

        self.references = References(desk, self)
        # A lesson's rule and chart links open the rule book there.
        self.learn.rule_requested.connect(self.references.show_rule)
        self.learn.chart_requested.connect(self.references.show_chart)
        if hasattr(self.drills, "session_started"):
            self.drills.session_started.connect(lambda _session: self._test_may_have_started())
        self._build_menus()
        self.records_ui.install()
        self.records_ui.signals.settings_changed.connect(self._settings_changed)
        self.tabs.currentChanged.connect(self._table_changed)
        self._table_changed(self.tabs.currentIndex())
        self.statusBar().showMessage("Ready. Help ▸ Keys lists every key.")
        from .views.room_server import RoomStatusLabel  # the training room: offline count, live refresh

        self.room_status = RoomStatusLabel(desk, self)
        self.statusBar().addPermanentWidget(self.room_status)
        # A laptop's 1366 x 768 screen less its task bar and title bar is the smallest screen the window
        # must fit; on a larger screen it opens larger, and every page can shrink back to the laptop size.
        self.resize(1360, 720)
        if self.screen() is not None:
            self.resize(self.size().boundedTo(self.screen().availableGeometry().size() - QSize(0, 40)))
        self.notice: QMessageBox | None = None
        if problems:
            self.notice = show_error(self, "Some settings could not be used:\n" + "\n".join(problems))
        self.records_notice: QMessageBox | None = None
        if notices:
            self.records_notice = show_error(self, "\n\n".join(notices))

    # --- menus ------------------------------------------------------------------------------------------------
    def _action(self, menu, text: str, shortcut: str | None, slot) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.settings_action = self._action(file_menu, "&Settings…", "Ctrl+,", self.open_settings)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", "Ctrl+Q", self.close)
        self.table_menu = bar.addMenu("&Table")
        view_menu = self.view_menu = bar.addMenu("&View")
        for index, (_, title, _) in enumerate(TABLES[: self.tabs.count()]):
            self._action(view_menu, title, f"Ctrl+{index + 1}", lambda _=False, i=index: self.show_table(i))
        view_menu.addSeparator()
        # One switch between the sections, in the View menu and on a slim tool bar.
        sections = self.sections_group = QActionGroup(self)
        self.tables_action = self._action(view_menu, "&Tables", "Ctrl+T", lambda: self.show_table())
        self.learn_action = self._action(view_menu, "&Learn", "Ctrl+E", self.show_learn)
        self.drills_action = self._action(view_menu, "&Drills", "Ctrl+D", self.show_drills)
        toolbar = self.sections_toolbar = QToolBar("Sections", self)
        toolbar.setObjectName("sections")
        toolbar.setMovable(False)
        toolbar.setFloatable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (self.tables_action, self.learn_action, self.drills_action):
            action.setCheckable(True)
            sections.addAction(action)
            toolbar.addAction(action)
        self.tables_action.setChecked(True)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        help_menu = self.help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keys", "F1", self.show_keys)
        help_menu.addSeparator()
        # The rule book, the charts and the glossary: open to every trainee (not behind the PIN), closed in a test.
        self.rule_book_action = self._action(help_menu, "&Rule book", "F3", self.show_rule_book)
        self.charts_action = self._action(help_menu, "&Charts", "F4", self.show_charts)
        self.glossary_action = self._action(help_menu, "&Glossary", None, lambda: self.references.show_glossary(
            game=self._game_shown()))
        help_menu.addSeparator()
        self._action(help_menu, "&About", None, self.show_about)

    def _table_changed(self, index: int) -> None:
        self.table_menu.clear()
        widget = self.tabs.widget(index)
        actions = widget.table_actions() if hasattr(widget, "table_actions") else []
        for action in actions:
            self.table_menu.addAction(action)
        self.table_menu.setEnabled(bool(actions))
        self.statusBar().clearMessage()  # one table's last message means nothing at another
        if widget is not None and widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            widget.setFocus()

    def current_table(self) -> QWidget:
        return self.tabs.currentWidget()

    def show_table(self, index: int | None = None) -> None:
        """Show the tables (the given one, else the one shown last)."""
        self.sections.setCurrentWidget(self.tabs)
        self.tables_action.setChecked(True)
        if index is not None:
            self.tabs.setCurrentIndex(index)
        self._table_changed(self.tabs.currentIndex())

    def show_drills(self) -> None:
        self.sections.setCurrentWidget(self.drills)
        self.drills_action.setChecked(True)
        self.table_menu.clear()
        self.table_menu.setEnabled(False)
        self.drills.setFocus()

    def drills_shown(self) -> bool:
        return self.sections.currentWidget() is self.drills

    def show_learn(self) -> bool:
        """The Learn page, except while a test runs: its lessons and charts would answer the test's questions."""
        if self.desk.test_running:
            self.learn_refusal = show_error(self, "A test is running: the lessons open again once it is finished "
                                                  "or stopped (Esc, then Stop).")
            self.records_ui._restore_section_check()
            return False
        self.sections.setCurrentWidget(self.learn)
        self.learn_action.setChecked(True)
        self.table_menu.clear()
        self.table_menu.setEnabled(False)
        self.learn.refresh()
        self.learn.setFocus()
        return True

    def learn_shown(self) -> bool:
        return self.sections.currentWidget() is self.learn

    def open_drill(self, drill_id: str, mode=None) -> None:
        """A lesson's way to its drill: the Drills page with that drill chosen, for practice at Basic (the trainee
        starts it with Enter); the path's way to a drill in another `mode` (a Mode: timed, or a test) chooses that
        mode at the level chosen there. A session still running there is left alone and the trainee is told so."""
        from .domain import Mode

        mode = Mode.PRACTICE if mode is None else Mode(mode)
        drills = self.drills
        self.show_drills()
        if drills.state in ("asking", "feedback"):
            self.show_message("A drill session is running: end it (Esc) to choose another drill.")
            return
        if drills.state == "result":
            drills.back_to_chooser()
        drills.select_drill(drill_id)
        drills.mode_buttons[mode].setChecked(True)
        if mode is Mode.PRACTICE:
            drills.difficulty_box.setCurrentIndex(0)
        drills.drill_list.setFocus()
        chosen = {Mode.PRACTICE: "for practice at Basic", Mode.TIMED: "in Timed mode", Mode.TEST: "for a test"}[mode]
        self.show_message(f"The drill is chosen {chosen}: Enter starts it.")

    def _before_lesson_check(self) -> None:
        # The desk holds one session at a time: a practice session left running on the Drills page is ended
        # there (its result page shows), as if the trainee had pressed Esc, before the check's session starts.
        drills = self.drills
        if drills.state in ("asking", "feedback") and drills.session is not None and not self.desk.test_running:
            drills.finish()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            self.records_ui.window_shown()   # the whole-file check starts once the window is up

    def closeEvent(self, event) -> None:
        self.records_ui.close()
        self.desk.end_session()   # a recorded session gets its finish time
        self.desk.lock_manager()  # the role ends with the window (in a room, the manager's login closes with it)
        super().closeEvent(event)

    # --- the rule book and the charts ----------------------------------------------------------------------------
    def _game_shown(self) -> str | None:
        """The game of the drill or the table on screen."""
        if self.drills_shown():
            game = getattr(self.drills, "session_game", lambda: None)()
            if game is not None:
                return game
        table_ids = list(self.tables)
        index = self.tabs.currentIndex()
        return table_ids[index] if 0 <= index < len(table_ids) else None

    def show_rule_book(self) -> bool:
        """F3: the rule book at the rule the drill's feedback cites, else at the game on screen."""
        cited = self.drills.cited_link() if self.drills_shown() and hasattr(self.drills, "cited_link") else None
        if cited is not None:
            return self.references.follow(cited)
        return self.references.show_book(self._game_shown())

    def show_charts(self) -> bool:
        """F4: the chart of the drill on screen, else the first chart of the table's game."""
        chart = self.drills.session_chart() if self.drills_shown() and hasattr(self.drills, "session_chart") else None
        if chart is None:
            from dealerdrill.reference.charts import charts_for

            shown = charts_for(self._game_shown() or "roulette")
            chart = shown[0].id if shown else "roulette.payouts"
        return self.references.show_chart(chart)

    def _test_may_have_started(self) -> None:
        if self.desk.test_running:
            self.references.close_for_test()

    # --- settings -----------------------------------------------------------------------------------------------
    def settings(self) -> Settings:
        return self.desk.settings

    def open_settings(self) -> None:
        """The settings dialog, except while a test runs: then only a message (the desk would refuse any
        change, so the dialog would only waste the trainee's test time)."""
        from .desk import Permission
        from .views.settings_dialog import SettingsDialog

        if self.desk.test_running:
            self.settings_refusal = show_error(self, "A test is running: the settings cannot be changed until "
                                                     "it is finished or stopped (Esc, then Stop).")
            return

        dialog = SettingsDialog(self.desk.settings, self,
                                locked=not self.desk.may(Permission.CHANGE_GRADING_SETTINGS))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.result_settings()))
        dialog.open()
        self.settings_dialog = dialog

    def apply_settings(self, settings: Settings) -> bool:
        """Ask the desk to put these settings in force (it refuses answer-key changes without the manager
        role: the refusal is shown and nothing changes). True when they are in force."""
        from .desk import ManagerRoleRequired, SettingsLockedDuringTest

        try:
            where = self.desk.apply_settings(settings)
        except (ManagerRoleRequired, SettingsError) as error:
            said = str(error) if str(error).endswith(".") else f"{error}."
            show_error(self, f"{said} Nothing was changed.")
            return False
        except SettingsLockedDuringTest as error:
            show_error(self, str(error))
            return False
        except OSError as error:
            show_error(self, f"The settings are in use but could not be saved: {error.strerror or error}.")
            return True
        if where is not None:
            self.show_message(f"Settings saved to {where}")
        return True

    def _settings_changed(self) -> None:
        for widget in self.tables.values():
            if hasattr(widget, "apply_settings"):
                widget.apply_settings(self.desk.settings)

    # --- messages -----------------------------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def report_error(self, error: BaseException) -> QMessageBox:
        self.last_error_box = show_error(self, plain_words(error), log_error(error))
        return self.last_error_box

    def show_keys(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, "Keys", KEYS_HELP, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def show_about(self) -> None:
        QMessageBox.about(self, "About Dealer Drill",
                          f"Dealer Drill {__version__}: practice for roulette, baccarat and pai gow dealers "
                          "under the New Zealand Gazette rules. Every outcome comes from the engine's random "
                          "number generator.")


def create_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Dealer Drill")
    app.setOrganizationName("DealerDrill")
    from .views.fonts import register_app_fonts

    register_app_fonts()  # the symbols DejaVu lacks (the timer's ⏱), drawn through Qt's font fallback
    return app


def run(argv: list[str] | None = None) -> int:
    app = create_app(argv)
    window = MainWindow()
    install_excepthook(window)
    window.show()
    if window.desk.available:
        window.records_ui.choose_trainee()   # who is training: their name, a new trainee, or a guest
    code = app.exec()
    del window
    return code
