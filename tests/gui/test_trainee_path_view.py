"""The trainee's path on the Progress page (issue 29 part 4): one row per game, Learn → Practise → Timed → Test, each
step saying how far and what next, taking the trainee there when clicked or on Enter; a forged test is not passed on
it; a guest sees an explanation and no path; a manager sees another trainee's path but it leads nowhere."""
from __future__ import annotations

import pytest
from path_history import MANAGER, PIN, check, drill_session, forged_test, set_short_target
from PySide6.QtCore import Qt

from dealerdrill import app as app_module
from dealerdrill.domain import Mode
from dealerdrill.views.records_trainee import table_texts


@pytest.fixture
def window(qtbot):
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    main.resize(1366, 740)
    main.show()
    qtbot.waitExposed(main)
    set_short_target(main.desk)
    yield main
    main.close()


def a_history(desk) -> None:
    """Aroha: two lessons done and one tried, practice and timed answers enough for the targets, a test passed;
    Tama: a test whose stored grades were forged to a pass."""
    desk.add_trainee("Tama")
    desk.choose_trainee("Tama")
    forged_test(desk)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    check(desk, "baccarat.points", [True, True, True])
    check(desk, "baccarat.player_and_9_5", [True, True, False])
    check(desk, "baccarat.table_2", [True, False, False])
    drill_session(desk, Mode.PRACTICE, [True, True, False, True])
    drill_session(desk, Mode.TIMED, [True] * 4, seed=5)
    drill_session(desk, Mode.TEST, [True, True, True, False])


def test_the_path_shows_where_the_trainee_stands_and_each_step_goes_there(qtbot, window):
    a_history(window.desk)
    window.records_ui.show_progress()
    page = window.records_ui.progress_page
    assert page.path_view.isVisible() and page.path_heading.text().startswith("YOUR PATH")
    assert "at least 2 of 3 right" in page.path_note.text()          # the rule for a lesson done, said on the page
    texts = page.path_view.step_texts()
    assert texts[("baccarat", "learn")] == ("2 of 7 lessons done",
                                            "Next: lesson 3, Table 2: the Banker's third card (check: 1 of 3 right)")
    assert texts[("baccarat", "practise")] == ("1 of 8 drills practised",
                                               "Next: Settle the table (0 of 15 practice answers)")
    assert texts[("baccarat", "timed")] == ("Targets met in 1 of 8 drills",
                                            "Next: Settle the table (0 of 15 timed answers)")
    assert texts[("baccarat", "test")] == ("1 of 8 tests passed", "Next: Settle the table")
    assert texts[("roulette", "learn")] == ("0 of 6 lessons done", "Next: lesson 1, The wheel and the layout")
    assert [page.path_view.steps[("baccarat", step)].state for step in ("learn", "practise", "timed", "test")] == \
        ["partly"] * 4
    learn = page.path_view.steps[("baccarat", "learn")]
    assert "✓ 1. Cards, points and naturals: check 3 of 3 right" in learn.toolTip()
    assert "✗ 3. Table 2: the Banker's third card: check 1 of 3 right; 2 needed" in learn.toolTip()

    steps = page.path_view.steps                                     # a step takes the trainee there
    qtbot.mouseClick(steps[("baccarat", "learn")], Qt.MouseButton.LeftButton)
    assert window.learn_shown() and window.learn.lesson.id == "baccarat.table_2"
    window.records_ui.show_progress()
    steps[("baccarat", "timed")].setFocus()
    qtbot.keyClick(steps[("baccarat", "timed")], Qt.Key.Key_Return)
    drills = window.drills
    assert window.drills_shown() and drills.mode_buttons[Mode.TIMED].isChecked()
    assert drills.drill_list.currentItem().data(0, Qt.ItemDataRole.UserRole) == "baccarat.settle"

    window.desk.choose_trainee("Tama")                               # the forged test passes nothing on the path
    window.records_ui.show_progress()
    assert page.path_view.step_texts()[("baccarat", "test")] == ("0 of 8 tests passed", "Next: Table of play")


def test_a_guest_sees_why_there_is_no_path(qtbot, window):
    window.desk.choose_guest()
    window.records_ui.show_progress()
    page = window.records_ui.progress_page
    assert not page.path_view.isVisible()
    assert "a guest has no path" in page.note_label.text()


def test_a_manager_sees_another_trainees_path_which_leads_nowhere_until_the_role_locks(qtbot, window):
    a_history(window.desk)
    window.desk.choose_trainee("Tama")
    window.desk.unlock_manager(PIN, MANAGER)
    window.records_ui.show_progress_of("Aroha")
    page = window.records_ui.progress_page
    assert page.path_heading.text().startswith("THE PATH OF AROHA")
    step = page.path_view.steps[("baccarat", "learn")]
    assert step.texts()[0] == "2 of 7 lessons done" and not step.clickable
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert window.records_ui.progress_page.isVisible() and not window.learn_shown()
    assert "Only the trainee at the desk" in step.toolTip()
    window.desk.lock_manager()                                       # then the page is the desk's trainee's again
    assert page.title_label.text() == "Progress — Tama" and page.path_heading.text().startswith("YOUR PATH")
    assert not page.path_problem.isVisible()


def test_every_step_is_whole_from_the_smallest_window_to_a_large_screen(qtbot, window):
    a_history(window.desk)
    window.records_ui.show_progress()
    page = window.records_ui.progress_page
    cut = []
    for width, height in ((window.minimumSizeHint().width(), 640), (1366, 768), (2560, 1440)):
        window.resize(width, height)
        qtbot.wait(20)                                                # laid out, as on screen
        page.grab()
        if page.scroll.horizontalScrollBar().maximum() > 0:
            cut.append((width, "the page scrolls sideways"))
        for key, step in page.path_view.steps.items():
            for text in (step.title_label, step.status_label, step.next_label):
                if text.isVisibleTo(page) and (text.heightForWidth(text.width()) > text.height()
                                               or text.sizeHint().width() > text.width() and not text.wordWrap()):
                    cut.append((width, key, text.text()))
            if step.geometry().right() > page.path_view.width():
                cut.append((width, key, "beyond the page"))
    assert cut == []


def test_the_recent_sessions_judge_a_test_again_as_the_path_does(qtbot, window):
    # The Progress page listed a test whose stored grades were forged as "Passed" (docs/guarantees.md: Progress does
    # not count it); it is judged again there too, and says the records disagree.
    desk = window.desk
    desk.add_trainee("Tama")
    desk.choose_trainee("Tama")
    forged_test(desk)
    window.records_ui.show_progress()
    [row] = table_texts(window.records_ui.progress_page.sessions_table)
    assert row[2] == "Test" and row[3] == "0 of 4" and row[6] == "Not trusted: the records disagree"

