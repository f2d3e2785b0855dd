"""The records in the window: trainee profiles, the manager PIN, drills recorded per trainee, the Progress page
against the records queries, the targets editor reaching the Drills page, exports on a worker thread, import,
archive and sign-off.

A stand-in drill (sums of two numbers, answered by typing) drives the Drills page; the Progress page is checked
on records made with a real drill through the records API.
"""
from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

from dealerdrill import app as app_module
from dealerdrill.domain import ErrorCategory, Grade, Item, Mode, Target
from dealerdrill.drills import DrillSession
from dealerdrill.records import RecordFilter, Records
from dealerdrill.views import drill_view
from dealerdrill.views.drill_view import DrillEntry
from dealerdrill.views.records_manager import RecordsJob
from dealerdrill.views.records_trainee import table_texts

PIN = "482648"
MANAGER = "Mere Smith"


class AddDrill:
    """Stand-in drill: the sum of two numbers."""

    id = "roulette.test_add"
    game = "roulette"
    title = "Add two numbers"
    description = "A stand-in drill for the records tests."

    def __init__(self, settings=None):
        self.settings = settings

    def families(self):
        return ["small", "large"]

    def generate(self, rng, difficulty=1, family=None):
        family = family or ("small", "large")[rng.below(2)]
        top = 10 if family == "small" else 100
        a, b = rng.below(top), rng.below(top)
        return Item(self.id, family, {"a": a, "b": b}, key=a + b, text="What is the sum?")

    def grade(self, item, answer, seconds=0.0):
        value = int(str(answer).strip())
        ok = value == item.key
        return Grade(ok, str(item.key), str(value), "The sum of both numbers.",
                     None if ok else ErrorCategory.ARITHMETIC, rule="T.1", seconds=seconds)

    def describe_key(self, item):
        return str(item.key)


class AddPanel(QWidget):
    answered = Signal(object)

    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.question = QLabel()
        self.entry = QLineEdit()
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addWidget(self.entry)
        self.setFocusProxy(self.entry)
        self.entry.returnPressed.connect(lambda: self.answered.emit(self.entry.text()))

    def show_item(self, item):
        self.entry.clear()
        self.question.setText(f"{item.prompt['a']} + {item.prompt['b']}")

    def show_grade(self, item, grade):
        pass


@pytest.fixture
def window(qtbot, monkeypatch):
    monkeypatch.setattr(drill_view, "available_drills", lambda: ([DrillEntry(AddDrill, AddPanel)], []))
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    with qtbot.waitActive(main):
        main.activateWindow()
    yield main
    main.close()


def records_of(window) -> Records:
    return window.desk.records


def answer_shown_item(qtbot, window, right: bool) -> None:
    panel = window.drills.panel
    a, b = panel.question.text().split(" + ")
    value = int(a) + int(b) + (0 if right else 1)
    qtbot.keyClicks(panel.entry, str(value))
    qtbot.keyClick(panel.entry, Qt.Key_Return)


def unlock(window) -> None:
    desk = window.desk
    if not desk.pin_is_set():
        desk.set_first_pin(MANAGER, PIN, PIN)
    elif not desk.unlocked:
        desk.unlock_manager(PIN, MANAGER)


def make_history(records: Records, name: str, answers: int = 30) -> None:
    """Answers to the real baccarat table-of-play drill over three days: every third one times out."""
    from dealerdrill.drills.base import registry

    start = datetime.now(UTC) - timedelta(days=2, hours=1)
    moments = iter(start + timedelta(days=i // (answers // 3 + 1), seconds=10 * i) for i in range(10 * answers))
    records.clock = lambda: next(moments)
    drill = registry()["baccarat.table_of_play"]()
    session_id = records.start_session(name, drill.id, Mode.PRACTICE, {})
    session = DrillSession(drill, Mode.PRACTICE, seed=5, on_answer=lambda a: records.record_answer(session_id, a))
    for index in range(answers):
        item = session.next_item()
        if index % 3 == 2:
            session.time_out(2.0 + index % 4)
        else:
            session.submit(item.key, 1.0 + index % 5)
    records.finish_session(session_id)
    records.clock = lambda: datetime.now(UTC)


# --- trainees ---------------------------------------------------------------------------------------------------

def test_adding_and_picking_a_trainee_with_the_keyboard(qtbot, window):
    picker = window.records_ui.choose_trainee()
    assert picker.isVisible() and picker.empty_label.isVisible()
    qtbot.keyClicks(picker.new_name, "Aroha  Ngata")
    qtbot.keyClick(picker.new_name, Qt.Key_Return)
    assert not picker.isVisible()
    assert window.desk.trainee == "Aroha Ngata"
    assert [t.name for t in records_of(window).trainees()] == ["Aroha Ngata"]
    assert "Aroha Ngata" in window.records_ui.trainee_button.text() and "Aroha Ngata" in window.windowTitle()

    records_of(window).create_trainee("Ben Li")
    picker = window.records_ui.choose_trainee()
    assert [picker.names.item(i).text() for i in range(picker.names.count())] == ["Aroha Ngata", "Ben Li"]
    qtbot.keyClick(picker.names, Qt.Key_Down)
    qtbot.keyClick(picker.names, Qt.Key_Return)
    assert window.desk.trainee == "Ben Li"


def test_a_taken_name_is_refused_in_plain_words(qtbot, window):
    records_of(window).create_trainee("Aroha")
    picker = window.records_ui.choose_trainee()
    qtbot.keyClicks(picker.new_name, "aroha")
    qtbot.keyClick(picker.new_name, Qt.Key_Return)
    assert picker.isVisible() and "already exists" in picker.problem_label.text()
    assert window.desk.trainee is None and len(records_of(window).trainees()) == 1
    picker.close()


# --- manager role -----------------------------------------------------------------------------------------------

def test_first_run_sets_the_pin_then_unlock_and_lock(qtbot, window):
    ui = window.records_ui
    assert ui.show_manager() is False            # locked: the page is refused and the PIN is asked for
    dialog = ui.manager_dialog
    assert dialog.first_run and window.sections.currentWidget() is not ui.manager_page
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClicks(dialog.repeat_edit, "4827")
    dialog.submit()
    assert "not the same" in dialog.problem_label.text() and not window.desk.unlocked
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClicks(dialog.repeat_edit, PIN)
    dialog.submit()
    assert window.desk.unlocked and window.sections.currentWidget() is ui.manager_page
    assert ui.manager_page.tabs.isEnabled() and MANAGER in ui.manager_button.text()

    ui.lock_manager()
    assert not window.desk.unlocked and window.sections.currentWidget() is not ui.manager_page
    assert not ui.manager_page.tabs.isEnabled() and ui.manager_page.locked_label.isVisibleTo(ui.manager_page)
    records_of(window).create_trainee("Aroha")
    with pytest.raises(PermissionError):         # the page's actions go through the desk, which refuses them
        window.desk.archive_trainee("Aroha")
    ui.unlock_manager()
    assert ui.manager_dialog.name_edit.text() == ""   # never filled in: whose name unlocks it is not shown
    ui.manager_dialog.close()


def test_ctrl_l_opens_the_pin_dialog_and_unlocks(qtbot, window):
    # Trainee ▸ Unlock manager role… (Ctrl+L) gave "Something unexpected went wrong (TypeError)" and no
    # dialog: the action's `checked` argument reached unlock_manager as the thing to do afterwards.
    window.desk.set_first_pin(MANAGER, PIN, PIN)
    window.desk.lock_manager()
    errors = []
    window.report_error = errors.append
    ui = window.records_ui
    assert ui.unlock_action.shortcut().toString() == "Ctrl+L"
    ui.unlock_action.trigger()                    # as Ctrl+L or the menu entry does
    dialog = ui.manager_dialog
    assert errors == [] and dialog is not None and dialog.isVisible() and not dialog.first_run
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert window.desk.unlocked and errors == []
    ui.lock_action.trigger()
    assert not window.desk.unlocked


def test_a_wrong_pin_keeps_the_manager_page_locked(qtbot, window):
    window.desk.set_first_pin(MANAGER, PIN, PIN)
    window.desk.lock_manager()
    ui = window.records_ui
    ui.manager_action.trigger()
    dialog = ui.manager_dialog
    assert not dialog.first_run and window.sections.currentWidget() is not ui.manager_page
    qtbot.keyClicks(dialog.name_edit, MANAGER)
    qtbot.keyClicks(dialog.pin_edit, "1111")
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert dialog.isVisible() and dialog.problem_label.text() == "That PIN is not right."
    assert not window.desk.unlocked and window.sections.currentWidget() is not ui.manager_page
    qtbot.keyClicks(dialog.pin_edit, PIN)
    qtbot.keyClick(dialog.pin_edit, Qt.Key_Return)
    assert window.desk.unlocked and window.sections.currentWidget() is ui.manager_page


# --- the Drills page records --------------------------------------------------------------------------------------

def test_answers_on_the_drills_page_are_in_the_records(qtbot, window):
    records = records_of(window)
    records.create_trainee("Aroha")
    window.desk.choose_trainee("Aroha")
    window.show_drills()
    drills = window.drills
    drills.select_drill(AddDrill.id)
    qtbot.keyClick(drills.drill_list, Qt.Key_Return)
    assert drills.state == "asking"
    answer_shown_item(qtbot, window, right=True)
    qtbot.keyClick(drills.next_button, Qt.Key_Return)
    answer_shown_item(qtbot, window, right=False)
    stored = records.answers(RecordFilter(trainees=("Aroha",)))
    assert [a.correct for a in stored] == [True, False]           # committed as each was graded
    assert stored[1].category == ErrorCategory.ARITHMETIC.value and stored[0].drill == AddDrill.id
    session_id = stored[0].session_uuid
    assert records.session(session_id).finished_at is None
    with qtbot.waitSignal(window.records_ui.signals.records_changed):
        qtbot.keyClick(drills.next_button, Qt.Key_Escape)
    summary = records.session(session_id)
    assert summary.finished_at is not None and (summary.items, summary.correct) == (2, 1)
    assert summary.settings["roulette"] == window.settings().to_dict()["roulette"]
    assert records.load_scheduler_memory("Aroha", AddDrill.id) == drills.session.scheduler.snapshot()


def test_no_trainee_asks_who_is_training_and_a_guest_is_not_recorded(qtbot, window):
    window.show_drills()
    drills = window.drills
    drills.select_drill(AddDrill.id)
    qtbot.keyClick(drills.drill_list, Qt.Key_Return)
    picker = window.records_ui.picker
    assert drills.state == "choosing" and picker is not None and picker.isVisible()
    picker.guest_button.click()
    assert drills.state == "asking"                                # the drill starts once someone is chosen
    assert window.records_ui.trainee_button.text() == "Guest — not recorded"
    answer_shown_item(qtbot, window, right=True)
    assert records_of(window).answers(RecordFilter(include_archived=True)) == []


def test_each_trainee_has_their_own_scheduler_memory(qtbot, window):
    records = records_of(window)
    for name in ("Aroha", "Ben"):
        records.create_trainee(name)
    desk = window.desk
    desk.choose_trainee("Aroha")
    window.drills.start(AddDrill.id, Mode.PRACTICE)
    answer_shown_item(qtbot, window, right=False)
    aroha_memory = window.drills.session.scheduler.snapshot()
    desk.choose_trainee("Ben")                                     # switching ends Aroha's session
    assert window.drills.state == "result"
    assert records.sessions(RecordFilter(trainees=("Aroha",)))[0].finished_at is not None
    assert window.drills.start(AddDrill.id, Mode.PRACTICE).scheduler.snapshot()["clock"] == 0
    desk.choose_trainee("Aroha")
    assert window.drills.start(AddDrill.id, Mode.PRACTICE).scheduler.snapshot() == aroha_memory


# --- progress page ----------------------------------------------------------------------------------------------

def test_progress_page_shows_the_records_numbers(qtbot, window):
    records = records_of(window)
    records.create_trainee("Aroha")
    make_history(records, "Aroha")
    window.desk.choose_trainee("Aroha")
    window.records_ui.progress_action.trigger()
    page = window.records_ui.progress_page
    assert window.sections.currentWidget() is page and page.title_label.text() == "Progress — Aroha"
    skill = records.skill_progress("Aroha")[0]
    rows = table_texts(page.skills_table)
    assert len(rows) == 1
    title, game, answered, accuracy, target, median, speed_target = rows[0][:7]
    assert (title, game, int(answered)) == (skill.title, "Baccarat", skill.answered)
    assert accuracy == f"{100 * skill.accuracy:.0f}%" and median == f"{skill.median_seconds:.1f} s"
    assert target == f"{100 * skill.target.accuracy:.0f}%" and speed_target == f"{skill.target.seconds:g} s"
    streaks = records.streaks("Aroha")
    assert page.stat_labels["run"][0].text() == str(streaks.current_correct)
    assert page.stat_labels["days"][0].text() == str(streaks.current_days)
    assert page.stat_labels["answers"][0].text() == str(skill.answered)
    errors = records.error_categories("Aroha")
    assert [[e.label[0].upper() + e.label[1:], str(e.answered)] for e in errors] == table_texts(page.errors_table)
    recent = records.recent_sessions("Aroha")
    assert table_texts(page.sessions_table)[0][3] == f"{recent[0].correct} of {recent[0].items}"
    assert page.skills_chart.canvas is not None and page.heatmap_chart.canvas is not None
    assert any(cell.answered for cell in records.heatmap("Aroha").cells.values())


def take_a_short_test(records: Records, name: str, drill_id: str) -> None:
    """A finished two-item test of a real drill, both items timed out."""
    from dealerdrill.drills.base import registry

    drill = registry()[drill_id]()
    target = Target(30.0, 0.5, 2, 0.5)
    session_id = records.start_session(name, drill.id, Mode.TEST, {}, target=target)
    session = DrillSession(drill, Mode.TEST, seed=3, target=target,
                           on_answer=lambda a: records.record_answer(session_id, a))
    for _ in range(2):
        session.next_item()
        session.time_out(30.0)
    records.finish_session(session_id)


def test_drills_of_the_same_title_are_told_apart_by_their_game(qtbot, window):
    # Three games have a "Find the error" drill: the recent sessions, the cohort's columns and the tests to
    # sign off named each one by its title alone, so a manager could not tell which game a test was of.
    records = records_of(window)
    records.create_trainee("Aroha")
    take_a_short_test(records, "Aroha", "roulette.find_error")
    take_a_short_test(records, "Aroha", "baccarat.find_error")
    told_apart = {"Roulette: Find the error", "Baccarat: Find the error"}
    window.desk.choose_trainee("Aroha")
    window.records_ui.show_progress()
    progress = window.records_ui.progress_page
    assert {row[1] for row in table_texts(progress.sessions_table)} == told_apart
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(1)
    headers = {page.cohort_table.horizontalHeaderItem(c).text() for c in range(1, page.cohort_table.columnCount())}
    assert headers == told_apart
    page.tabs.setCurrentIndex(3)
    assert {row[2] for row in table_texts(page.tests_table)} == told_apart
    attempt = records.test_attempts()[0]
    page.select_attempt(attempt.uuid)
    page.review_button.click()
    review = page.test_review
    named = f"{attempt.drill.split('.')[0].capitalize()}: Find the error"
    assert named in review.windowTitle()
    review.sign_button.click()                    # a test not passed asks first, naming the test
    assert any(named in text.text() for text in review.signoff_confirmation.findChildren(QLabel))


def test_the_cohort_shows_a_long_name_whole_beside_many_drills(qtbot, window):
    from dealerdrill.drills.base import registry

    records = records_of(window)
    name = "Aroha Ngata-Williamson"
    records.create_trainee(name)
    for drill_id in sorted(registry())[:10]:
        take_a_short_test(records, name, drill_id)
    window.resize(1366, 688)
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(1)
    qtbot.wait(10)
    table = page.cohort_table
    assert table.columnCount() == 11 and table.item(0, 0).text() == name
    assert table.columnWidth(0) >= table.sizeHintForColumn(0)      # the name is not cut off


def test_a_session_left_before_its_first_answer_shows_no_score(qtbot, window):
    # A drill started and left at once was listed as "0 of 0", "0%", "0.0 s": a session of wrong answers.
    records = records_of(window)
    records.create_trainee("Aroha")
    records.finish_session(records.start_session("Aroha", "baccarat.commission", Mode.PRACTICE, {}))
    window.desk.choose_trainee("Aroha")
    window.records_ui.show_progress()
    [row] = table_texts(window.records_ui.progress_page.sessions_table)
    assert row[3:6] == ["no answers", "—", "—"]


def test_the_tests_to_sign_off_show_the_drill_whole_at_a_laptops_width(qtbot, window):
    # The stretched Drill column got only what the other columns left: "Payout k…" at a laptop's width.
    records = records_of(window)
    records.create_trainee("Aroha Ngata-Williamson")
    take_a_short_test(records, "Aroha Ngata-Williamson", "roulette.payout_keys")
    unlock(window)
    attempt = records.test_attempts()[0]
    note = "went through the payouts"
    window.desk.sign_off(attempt.uuid, note, reason="finished on paper", confirmed=True)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(3)
    table = page.tests_table
    assert table.item(0, 2).text() == "Payout keys" and table.item(0, page.NOTE_COLUMN).toolTip() == note
    cut = []
    for width in range(window.minimumSizeHint().width(), 1367, 8):
        window.resize(width, 688)
        table.grab()                              # laid out and painted, as on screen
        if table.columnWidth(2) < table.sizeHintForColumn(2):
            cut.append(width)
    assert cut == []


def test_names_in_the_tables_are_never_cut_in_a_narrower_window(qtbot, window):
    # Below a full laptop width every table's stretched column of names (drills, trainees) shrank to a few
    # pixels while the columns of figures kept theirs; it now keeps its names' width and the table scrolls.
    records = records_of(window)
    records.create_trainee("Aroha Ngata-Williamson")
    take_a_short_test(records, "Aroha Ngata-Williamson", "baccarat.procedure")
    window.desk.choose_trainee("Aroha Ngata-Williamson")
    window.records_ui.show_progress()
    progress = window.records_ui.progress_page
    unlock(window)
    manager = window.records_ui.manager_page
    cut = []
    for width in range(window.minimumSizeHint().width(), 1367, 48):
        window.resize(width, 688)
        for page, tab, table, column in ((progress, None, progress.skills_table, 0),
                                         (progress, None, progress.sessions_table, 1),
                                         (manager, 0, manager.roster_table, 0),
                                         (manager, 2, manager.targets_table, 0)):
            if page is manager:
                window.records_ui.show_manager()
                manager.tabs.setCurrentIndex(tab)
            else:
                window.records_ui.show_progress()
            table.grab()                          # laid out and painted, as on screen
            if table.columnWidth(column) < table.sizeHintForColumn(column):
                cut.append((table.objectName(), width))
    assert cut == []


def test_progress_page_without_a_trainee_says_what_to_do(qtbot, window):
    window.records_ui.show_progress()
    page = window.records_ui.progress_page
    assert not page.details.isVisible() and "Choose a trainee" in page.note_label.text()


# --- manager page -------------------------------------------------------------------------------------------------

def test_a_refused_target_names_the_drill_with_its_game(qtbot, window):
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(2)
    page.set_target_text("paigow.find_error", 4, "many")
    assert page.save_targets() is False
    assert page.targets_message.text().startswith("Pai Gow: Find the error: ")


def test_the_training_room_logins_are_labelled(qtbot, window):
    # Two boxes told apart only by their placeholders, which go once a login is typed into them.
    box = window.records_ui.manager_page.room_server_box
    for edit, words in ((box.url_edit, "Desk's login"), (box.manager_edit, "Manager's login")):
        buddies = [lab for lab in box.findChildren(QLabel) if lab.buddy() is edit]
        assert len(buddies) == 1 and words in buddies[0].text().replace("&", "")


def test_targets_edited_by_the_manager_reach_the_drills_page(qtbot, window):
    unlock(window)
    ui = window.records_ui
    ui.show_manager()
    page = ui.manager_page
    page.tabs.setCurrentIndex(2)
    drill = "baccarat.table_of_play"
    before = records_of(window).targets()
    page.set_target_text(drill, 2, "abc")
    assert page.save_targets() is False
    assert "must be a number" in page.targets_message.text() and "Nothing was saved" in page.targets_message.text()
    page.set_target_text(drill, 2, "4")
    page.set_target_text(drill, 5, "140")
    assert page.save_targets() is False and "pass mark" in page.targets_message.text()
    assert records_of(window).targets() == before                  # one bad value: nothing changed at all
    page.set_target_text(drill, 5, "85")
    assert page.save_targets() is True
    wanted = Target(4.0, before[drill].target.accuracy, before[drill].target.test_items, 0.85)
    assert records_of(window).target(drill) == wanted and records_of(window).targets()[drill].set_by == MANAGER
    assert window.drills.target_for(drill) == wanted

    records_of(window).create_trainee("Aroha")
    window.desk.choose_trainee("Aroha")
    assert not window.desk.unlocked               # a new person at the desk locks the role
    unlock(window)
    window.desk.set_target(AddDrill.id, Target(7.0, 0.8, 3, 0.6))
    session = window.drills.start(AddDrill.id, Mode.TEST, confirmed=True)
    assert session.target == Target(7.0, 0.8, 3, 0.6)
    assert records_of(window).session(session.session_id).target == Target(7.0, 0.8, 3, 0.6)


def test_export_runs_on_a_worker_with_progress_and_the_file_appears(qtbot, window, tmp_path):
    records = records_of(window)
    records.create_trainee("Aroha")
    make_history(records, "Aroha", answers=30)
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(4)
    progress = []
    show_progress = page._job_progress

    def seen(done, total):          # every progress report the page receives (connected before the start)
        progress.append((done, total))
        show_progress(done, total)

    page._job_progress = seen
    target = tmp_path / "answers.xlsx"
    job = page.start_export("xlsx", target)
    assert not page.export_button.isEnabled()
    with qtbot.waitSignal(page.export_finished, timeout=20000) as finished:
        pass
    assert finished.args[0] == [target] and target.exists() and target.stat().st_size > 0
    assert job.worker_thread_id is not None and job.worker_thread_id != threading.get_ident()
    assert progress and progress[-1][0] == progress[-1][1] > 0
    assert page.progress_bar.maximum() == progress[-1][1] and page.progress_bar.value() == progress[-1][1]
    qtbot.waitUntil(lambda: page.job is None)
    assert page.export_button.isEnabled() and str(target) in page.export_message.text()


@pytest.mark.parametrize("with_ids", [False, True])
def test_scorecards_from_the_export_panel_name_ids_only_when_the_box_is_ticked(qtbot, window, tmp_path, with_ids):
    records = records_of(window)
    records.create_trainee("Aroha")
    make_history(records, "Aroha", answers=6)
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(4)
    assert not page.ids_box.isChecked()               # left off unless the manager asks
    page.format_buttons["csv"].setChecked(True)
    assert not page.ids_box.isEnabled()               # about scorecards only
    page.format_buttons["pdf"].setChecked(True)
    assert page.ids_box.isEnabled()
    page.ids_box.setChecked(with_ids)
    target = tmp_path / "aroha.pdf"
    page.start_export("pdf", target)
    with qtbot.waitSignal(page.export_finished, timeout=20000):
        pass
    from pypdf import PdfReader

    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(target).pages)
    assert (records.workstation in text) is with_ids
    assert (records.trainee("Aroha").uuid in text) is with_ids


def test_the_export_dialog_opens_in_the_documents_folder(qtbot, window, tmp_path, monkeypatch):
    import platformdirs
    from PySide6.QtWidgets import QFileDialog

    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(documents))
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: asked.append(args) or ("", ""))
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(4)
    page.format_buttons["xlsx"].setChecked(True)
    page.export_button.click()
    [(_, _, suggested, pattern)] = asked
    assert Path(suggested).parent == documents and suggested.endswith(".xlsx") and "xlsx" in pattern
    from dealerdrill import paths

    assert paths.data_dir() not in Path(suggested).parents
    assert page.job is None                                   # cancelled: nothing exported


def test_a_cancelled_export_leaves_no_file(qtbot, window, tmp_path):
    records = records_of(window)
    records.create_trainee("Aroha")
    make_history(records, "Aroha", answers=6)
    target = tmp_path / "answers.csv"

    def work(clone, progress, cancel):
        from dealerdrill.exports import export

        return export(clone, "csv", target, RecordFilter(), progress=progress, cancel=cancel)

    job = RecordsJob(records, work)
    job.cancel()
    with qtbot.waitSignal(job.cancelled, timeout=20000):
        job.start()
    job.wait()
    assert not target.exists()


def test_import_merges_another_workstations_records(qtbot, window, tmp_path):
    other = Records(tmp_path / "other" / "records.sqlite3", workstation="other")
    other.create_trainee("Tama")
    make_history(other, "Tama", answers=9)
    from dealerdrill.records import dump_records

    dump_records(other, tmp_path / "tama.json")
    other.close()
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(4)
    with qtbot.waitSignal(page.import_finished, timeout=20000) as done:
        page.start_import(tmp_path / "tama.json")
    assert done.args[0].answers_added == 9
    assert len(records_of(window).answers(RecordFilter(trainees=("Tama",)))) == 9
    assert "9 answers" in page.import_message.text()        # said under the import, not the export
    # ...with how the grades were decided: this file carries no manager's signature.
    assert "Graded again by the engine: 9 answers (the file is not signed" in page.import_message.text()


def test_a_records_file_export_says_whether_it_is_signed(qtbot, window, tmp_path):
    records = records_of(window)
    records.create_trainee("Aroha")
    make_history(records, "Aroha", answers=6)
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(4)
    target = tmp_path / "aroha.json"
    with qtbot.waitSignal(page.export_finished, timeout=20000):
        page.start_export("json", target)
    qtbot.waitUntil(lambda: page.job is None)
    key = window.desk.role.key.fingerprint
    assert f"The records file is signed with {window.desk.role.manager_name}'s key {key}" in page.export_message.text()
    assert page.export_message.property("role") == "done"


def test_archiving_a_trainee_keeps_the_history(qtbot, window):
    records = records_of(window)
    for name in ("Aroha", "Ben"):
        records.create_trainee(name)
    make_history(records, "Aroha", answers=6)
    window.desk.choose_trainee("Aroha")
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(0)
    assert [row[0] for row in table_texts(page.roster_table)] == ["Aroha", "Ben"]
    page.select_trainee("Aroha")
    # The button acts at once, so its label promises no further question ("Archive trainee…" did).
    assert not page.archive_button.text().endswith(("…", "..."))
    page.archive_button.click()
    assert records.trainee("Aroha").archived and records.trainee("Aroha").archived_by == MANAGER
    assert window.desk.trainee is None               # the archived profile is no longer in use
    assert len(records.answers(RecordFilter(trainees=("Aroha",), include_archived=True))) == 6
    assert window.desk.trainee_names() == ["Ben"]
    assert "Archived" in table_texts(page.roster_table)[0][1]      # still listed: archived ones are shown now
    page.select_trainee("Aroha")
    assert page.restore_button.isEnabled() and not page.archive_button.isEnabled()
    page.restore_button.click()
    assert not records.trainee("Aroha").archived


def test_a_test_is_signed_off_with_who_and_when(qtbot, window):
    records = records_of(window)
    records.create_trainee("Aroha")
    unlock(window)
    window.desk.set_target(AddDrill.id, Target(30.0, 0.5, 2, 0.5))
    window.desk.lock_manager()
    window.desk.choose_trainee("Aroha")
    window.drills.start(AddDrill.id, Mode.TEST, confirmed=True)
    answer_shown_item(qtbot, window, right=True)
    qtbot.keyClick(window.drills.next_button, Qt.Key_Return)
    answer_shown_item(qtbot, window, right=True)
    qtbot.keyClick(window.drills.next_button, Qt.Key_Return)       # to the result: the session is finished
    attempt = records.test_attempts()[0]
    assert attempt.passed and attempt.finished_at is not None
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(3)
    page.select_attempt(attempt.uuid)
    page.review_button.click()                                     # signed from the test's review
    review = page.test_review
    qtbot.keyClicks(review.note_edit, "went through Table 2")
    review.sign_button.click()
    signed = records.session(attempt.uuid)
    assert signed.signed_by == MANAGER and signed.signed_at is not None
    assert signed.signoff_note == "went through Table 2"
    assert table_texts(page.tests_table)[0][7] == MANAGER
    page.review_button.click()                                     # once only, said in plain words
    review = page.test_review
    assert not review.sign_button.isEnabled() and "Signed off by" in review.message_label.text()
    review.sign_off()
    assert "already signed off" in review.message_label.text()
