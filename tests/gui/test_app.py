"""The application shell: start-up, tabs, menus, settings round trip, and errors in plain words."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from dealerdrill import app as app_module, paths
from dealerdrill.settings import Settings, load_settings


def test_void_qt_calls_do_not_eat_references_to_none(qapp):
    """PySide6 6.12.0 on Python 3.11 drops a reference to None on every call of a method returning nothing,
    which ends in 'Fatal Python error: deallocating None' once enough has been drawn. Fails on such a build."""
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(1000):
        point.setX(1.0)
    assert sys.getrefcount(None) >= before - 10


def test_self_check_runs_without_qt():
    code = textwrap.dedent("""
        import sys
        from dealerdrill.__main__ import main
        assert main(["--self-check"]) == 0
        assert not any(name.startswith("PySide6") for name in sys.modules), "Qt was imported"
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "engine self-check passed" in done.stdout


@pytest.fixture
def window(qtbot):
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main


def test_the_window_has_a_tab_per_game(window):
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Roulette", "Baccarat", "Pai Gow"]
    assert [entry[1] for entry in app_module.TABLES] == titles
    assert window.current_table() is window.tables["roulette"]


def test_the_table_menu_follows_the_shown_table(window):
    texts = [a.text().replace("&", "") for a in window.table_menu.actions()]
    assert "Spin" in texts and "Skip animation" in texts
    window.tabs.setCurrentIndex(1)
    if not hasattr(window.current_table(), "table_actions"):
        assert not window.table_menu.isEnabled()


def test_table_messages_reach_the_status_bar(window):
    window.tables["roulette"].place("odd", [5])
    assert "odd" in window.statusBar().currentMessage()


def test_adding_a_table_is_one_entry(qtbot):
    from PySide6.QtWidgets import QLabel

    tables = [*app_module.TABLES, ("extra", "Extra", lambda settings: QLabel("extra"))]
    main = app_module.MainWindow(tables=tables)
    qtbot.addWidget(main)
    assert main.tabs.tabText(3) == "Extra" and "extra" in main.tables


def test_errors_are_shown_in_plain_words_and_logged(qtbot, window):
    app_module.install_excepthook(window)
    try:
        raise ValueError("the shoe has no cards left")
    except ValueError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    box = window.last_error_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == "The shoe has no cards left"
    assert "Traceback" not in box.text() + box.informativeText()
    log = paths.error_log_file().read_text(encoding="utf-8")
    assert "Traceback" in log and "the shoe has no cards left" in log
    box.close()


def test_unexpected_errors_say_so_without_details():
    assert app_module.plain_words(KeyError("x")) == "Something unexpected went wrong (KeyError)."
    assert app_module.plain_words(OSError("disk full")) == "Disk full"


def test_a_damaged_settings_file_is_reported_on_start(qtbot):
    paths.settings_file().write_text("not json at all", encoding="utf-8")
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    assert main.notice is not None and "could not be read" in main.notice.text()
    assert main.settings() == Settings()
    main.notice.close()


def test_settings_dialog_changes_and_saves(qtbot, window):
    window.desk.set_first_pin("Mere Smith", "246824", "246824")     # the answer-key settings need the manager
    window.open_settings()
    dialog = window.settings_dialog
    editors = dialog._editors["roulette"]
    editors["first_four"].setChecked(False)
    editors["chip_values"].setText("5, 25, $100")
    dialog.accept()
    assert window.settings().roulette.first_four is False
    table = window.tables["roulette"]
    assert table.settings().chip_values == (5, 25, 100) and table.tray.values() == (5, 25, 100)
    assert (0, 1, 2, 3) not in {p.key for p in table.layout_view.positions()}
    assert load_settings() == (window.settings(), [])


def test_with_the_role_locked_the_dialog_offers_only_the_presentation_settings(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    assert dialog.locked_note.isVisibleTo(dialog)
    editors = dialog._editors["roulette"]
    assert not editors["first_four"].isEnabled() and not dialog._editors["baccarat"]["commission_percent"].isEnabled()
    assert editors["animation_seconds"].isEnabled()
    editors["animation_seconds"].setText("2")
    dialog.accept()
    assert window.settings().roulette.animation_seconds == 2.0 and window.settings().roulette.first_four is True


def test_an_answer_key_change_without_the_role_is_refused_in_plain_words(qtbot, window):
    from dataclasses import replace

    before = window.settings()
    changed = replace(before, baccarat=replace(before.baccarat, commission_percent=0.0))
    assert window.apply_settings(changed) is False
    assert window.settings() == before and not paths.settings_file().exists()
    box = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "errorDialog" and w.isVisible())
    assert "Only a training manager can change the settings that decide the answers" in box.text()
    box.close()


def test_settings_dialog_refuses_bad_values_in_plain_words(qtbot, window):
    window.open_settings()
    dialog = window.settings_dialog
    dialog._editors["baccarat"]["chip_values"].setText("5, lots")
    dialog.accept()
    assert dialog.isVisible()
    assert "'lots' is not a whole number" in dialog.problem_label.text()
    assert not paths.settings_file().exists()
    dialog.reject()


def test_background_work_reports_on_the_ui_thread(qtbot, window):
    results, errors = [], []
    from dealerdrill.views.background import run_in_background

    run_in_background(lambda: sum(range(1000)), results.append, errors.append)
    run_in_background(lambda: 1 / 0, results.append, errors.append)
    qtbot.waitUntil(lambda: len(results) + len(errors) == 2, timeout=5000)
    assert results == [499500] and isinstance(errors[0], ZeroDivisionError)


def test_main_opens_the_window(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QApplication, "exec", lambda self: shown.append(
        [w for w in QApplication.topLevelWidgets() if isinstance(w, app_module.MainWindow) and w.isVisible()]) or 0)
    from dealerdrill.__main__ import main

    assert main([]) == 0
    assert shown and shown[0]
    for w in shown[0]:
        w.close()
    sys.excepthook = sys.__excepthook__
