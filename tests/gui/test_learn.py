"""The Learn page (dealerdrill.views.learn): beside Tables, Drills and Progress; each game's course in order; rule and
chart links that ask for the rule book (signals with the right values); worked examples drawn by the program's own
tables from the same engine deals as the words; the check graded by the engine through the desk and recorded as
practice for a trainee, not at all for a guest; the way to the drill; every step from the keyboard."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QPushButton, QWidget

from dealerdrill import app as app_module, lessons
from dealerdrill.core import baccarat, paigow
from dealerdrill.desk import Desk
from dealerdrill.domain import Mode
from dealerdrill.lessons import baccarat as baccarat_lessons, paigow as paigow_lessons
from dealerdrill.settings import Settings
from dealerdrill.views.baccarat_table import BaccaratTable
from dealerdrill.views.learn import LearnPage, chart_link, rule_link
from dealerdrill.views.paigow_table import PaiGowTable


class StillClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        self.now += 1.5
        return self.now


def guest_desk() -> Desk:
    desk = Desk(None, save_settings=False)
    desk.choose_guest()
    return desk


@pytest.fixture
def recording_desk(tmp_path):
    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    yield desk
    desk.close()


def shown_page(qtbot, desk=None, size=(1366, 740)) -> LearnPage:
    page = LearnPage(desk or guest_desk(), clock=StillClock())
    qtbot.addWidget(page)
    page.resize(*size)
    page.show()
    qtbot.waitExposed(page)
    with qtbot.waitActive(page):
        page.activateWindow()
    return page


def shown_window(qtbot) -> app_module.MainWindow:
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitActive(window):
        window.activateWindow()
    return window


def page_text(page: LearnPage) -> str:
    return "\n".join(label.text() for label in page.content.findChildren(QLabel))


# --- the page among the sections ----------------------------------------------------------------------------------

def test_learn_is_a_section_beside_tables_drills_and_progress(qtbot):
    window = shown_window(qtbot)
    toolbar = [action.text() for action in window.sections_toolbar.actions() if action.text()]
    assert toolbar[:5] == ["&Tables", "&Learn", "&Drills", "&Progress", "&Manager"]
    assert window.learn_action in window.view_menu.actions()
    assert window.learn_action.shortcut().toString() == "Ctrl+E"
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.learn_shown() and window.learn.isVisible() and window.learn_action.isChecked()
    assert window.learn.lesson_list.hasFocus()
    window.drills_action.trigger()
    assert window.drills_shown() and not window.learn_action.isChecked()


def test_the_lessons_wait_while_a_test_runs(qtbot):
    window = shown_window(qtbot)
    window.desk.choose_guest()
    window.show_drills()
    window.drills.start("roulette.payout_keys", Mode.TEST, confirmed=True)
    assert window.desk.test_running
    assert window.show_learn() is False
    assert window.drills_shown() and window.drills_action.isChecked() and not window.learn_action.isChecked()
    box = window.learn_refusal
    assert "test is running" in box.text()
    box.close()


# --- the courses, in order, from the keyboard ----------------------------------------------------------------------

def test_each_course_is_listed_in_order_under_its_game(qtbot):
    page = shown_page(qtbot)
    assert page.lesson_ids() == [lesson.id for lesson in lessons.lessons()]
    headings = [page.lesson_list.topLevelItem(i).text(0) for i in range(page.lesson_list.topLevelItemCount())]
    assert headings == ["ROULETTE", "BACCARAT", "PAI GOW"]
    first = page.lesson_list.topLevelItem(1).child(0)
    assert first.text(0) == "1.  Cards, points and naturals"
    assert page.lesson.id == "roulette.wheel_and_layout"     # the first lesson is open from the start


def test_up_and_down_choose_lessons_across_the_game_headings(qtbot):
    page = shown_page(qtbot)
    page.lesson_list.setFocus()
    for _ in range(len(lessons.course("roulette").lessons)):
        qtbot.keyClick(page.lesson_list, Qt.Key.Key_Down)
    assert page.lesson.id == "baccarat.points"                # the BACCARAT heading was stepped over
    qtbot.keyClick(page.lesson_list, Qt.Key.Key_Up)
    assert page.lesson.id == "roulette.payout_keys"
    qtbot.keyClick(page.lesson_list, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    assert page.lesson.id == "baccarat.points"
    page.previous_button.click()
    assert page.lesson.id == "roulette.payout_keys"
    text = page_text(page)
    assert "LESSON 6 OF 6" in text and "Payout keys" in text


def test_page_up_and_down_scroll_the_lesson_from_the_list(qtbot):
    page = shown_page(qtbot)
    page.lesson_list.setFocus()
    bar = page.scroll.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    qtbot.keyClick(page.lesson_list, Qt.Key.Key_PageDown)
    assert bar.value() > 0 and page.lesson.id == "roulette.wheel_and_layout"


def test_tab_reaches_the_rules_the_check_and_its_buttons(qtbot):
    page = shown_page(qtbot)
    page.show_lesson("baccarat.table_2")
    page.lesson_list.setFocus()
    reached = []
    for _ in range(12):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    names = [w.objectName() for w in reached]
    assert "cite-rule-Table 2" in names and "cite-chart-baccarat.third_card" in names
    assert "checkStart" in names and "checkDrill" in names and "nextLesson" in names
    # Enter on the focused Start button starts the check, and the drill's panel takes the keyboard.
    page.check.start_button.setFocus()
    qtbot.keyClick(page.check.start_button, Qt.Key.Key_Return)
    assert page.check.state == "asking" and page.check.panel.hasFocus(), QApplication.focusWidget()


# --- rule and chart links ------------------------------------------------------------------------------------------

def link_point(label: QLabel, href: str) -> QPoint:
    """Where the link `href` is drawn in the label (its first character), laid out as the label lays out its rich
    text: the label's font, its contents' width, no document margin."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    document.setHtml(label.text())
    document.setTextWidth(label.contentsRect().width())
    top = label.contentsRect().top() + max(0, (label.contentsRect().height() - document.size().height()) / 2)
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            if fragment.charFormat().anchorHref() == href:
                layout = block.layout()
                offset = fragment.position() - block.position()
                line = layout.lineForTextPosition(offset)
                x = line.cursorToX(offset)
                x = x[0] if isinstance(x, tuple) else x
                position = layout.position()
                return QPoint(int(label.contentsRect().left() + position.x() + x + 4),
                              int(top + position.y() + line.y() + line.height() / 2))
            fragments += 1
        block = block.next()
    raise AssertionError(f"no link {href} in {label.text()!r}")


def label_with(page: LearnPage, href: str) -> QLabel:
    found = [label for label in page.content.findChildren(QLabel) if f'href="{href}"' in label.text()]
    assert found, href
    return found[0]


@pytest.mark.parametrize(("lesson_id", "game", "rule"), [
    ("baccarat.player_and_9_5", "baccarat", "9.5"),
    ("baccarat.commission", "baccarat", "5.7(b)"),
    ("roulette.zero", "roulette", "5.2-5.3"),
    ("paigow.settlement", "paigow", "(j)-(k)"),
])
def test_clicking_a_rule_link_asks_for_that_rule(qtbot, lesson_id, game, rule):
    page = shown_page(qtbot)
    page.show_lesson(lesson_id)
    label = label_with(page, rule_link(game, rule))
    page.scroll.ensureWidgetVisible(label)
    with qtbot.waitSignal(page.rule_requested, timeout=2000) as asked:
        qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=link_point(label, rule_link(game, rule)))
    assert asked.args == [game, rule]


def test_clicking_a_chart_link_asks_for_that_chart(qtbot):
    page = shown_page(qtbot)
    page.show_lesson("baccarat.table_2")
    label = label_with(page, chart_link("baccarat.third_card"))
    page.scroll.ensureWidgetVisible(label)
    with qtbot.waitSignal(page.chart_requested, timeout=2000) as asked:
        qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=link_point(label, chart_link("baccarat.third_card")))
    assert asked.args == ["baccarat.third_card"]


def test_every_cited_rule_and_chart_has_a_button_that_asks_for_it(qtbot):
    page = shown_page(qtbot)
    for lesson in lessons.lessons():
        page.show_lesson(lesson.id)
        cited = lessons.citations(lesson.blocks(page.desk.settings))
        assert len(page.citation_buttons) == len(cited) > 0
        for button, citation in zip(page.citation_buttons, cited):
            signal = page.rule_requested if citation.kind == "rule" else page.chart_requested
            with qtbot.waitSignal(signal, timeout=1000) as asked:
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            assert asked.args == ([lesson.game, citation.target] if citation.kind == "rule" else [citation.target])


def test_in_the_window_a_lessons_rule_and_chart_open_the_rule_book_there(qtbot):
    window = shown_window(qtbot)
    window.desk.choose_guest()
    window.show_learn()
    window.learn.show_lesson("baccarat.player_and_9_5")
    button = window.learn.findChild(QPushButton, "cite-rule-9.5")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    book = window.references.book
    assert book is not None and book.isVisible()
    assert (book.current_rule.game, book.current_rule.number) == ("baccarat", "9.5")
    window.learn.show_lesson("baccarat.table_2")
    qtbot.mouseClick(window.learn.findChild(QPushButton, "cite-chart-baccarat.third_card"), Qt.MouseButton.LeftButton)
    assert book.current_chart == "baccarat.third_card"
    book.close()


# --- worked examples drawn from the engine ------------------------------------------------------------------------

def test_the_baccarat_table_in_a_lesson_shows_the_engines_coup(qtbot):
    page = shown_page(qtbot)
    page.show_lesson("baccarat.points")
    tables = page.content.findChildren(BaccaratTable)
    assert len(tables) == 1
    facts = next(b for b in lessons.walk(lessons.lesson("baccarat.points").blocks(Settings()))
                 if isinstance(b, lessons.Example)).facts
    settings = Settings().baccarat
    shoe = baccarat.Shoe(settings.decks, settings.cut_from_end, settings.burn, seed=baccarat_lessons.SHOE_SEED)
    shoe.burn()
    for _ in range(facts["dealt"]):
        coup = shoe.deal()
    shown = tables[0].coup
    assert shown.player_cards == coup.player_cards and shown.banker_cards == coup.banker_cards
    assert tables[0].reveal_complete and coup.natural
    assert f"{coup.winner.capitalize()} wins, {max(coup.player_total, coup.banker_total)} to " \
           f"{min(coup.player_total, coup.banker_total)}." in page_text(page)


def test_the_paigow_table_in_a_lesson_shows_the_engines_deal_and_results(qtbot):
    page = shown_page(qtbot)
    page.show_lesson("paigow.expose")
    table = page.content.findChildren(PaiGowTable)[0]
    deal = paigow.deal(seed=paigow_lessons.DEAL_SEED, count_from=1)
    assert table.deal_result == deal and table.exposed
    bank = paigow.house_way(deal.hand_of(1), Settings().paigow.house_way)
    assert (table.showdown.bank_high, table.showdown.bank_low) == (bank.high, bank.low)
    for box, result in table.showdown.boxes.items():
        mine = paigow.house_way(deal.hand_of(box), Settings().paigow.house_way)
        assert result.outcome == paigow.outcome((mine.high, mine.low), (bank.high, bank.low))
        assert f"Box {box}: high" in page_text(page)


def test_figures_are_pictures_that_take_no_keys(qtbot):
    page = shown_page(qtbot)
    for lesson_id in ("roulette.wagers", "baccarat.shoe", "paigow.deal"):
        page.show_lesson(lesson_id)
        for table in (*page.content.findChildren(BaccaratTable), *page.content.findChildren(PaiGowTable)):
            assert table.focusPolicy() == Qt.FocusPolicy.NoFocus
            assert not [b for b in table.findChildren(QPushButton) if b.isVisibleTo(page)]


# --- the check -------------------------------------------------------------------------------------------------

def answer_payout_keys(qtbot, page: LearnPage, right: bool) -> None:
    check = page.check
    item = check.item
    answer = item.key["answer"] if right else item.key["answer"] + 1
    qtbot.keyClicks(check.panel.entry, str(answer))
    qtbot.keyClick(check.panel.entry, Qt.Key.Key_Return)


def test_the_check_is_graded_by_the_engine_and_recorded_as_practice(qtbot, recording_desk):
    page = shown_page(qtbot, recording_desk)
    page.show_lesson("roulette.payout_keys")
    check = page.check
    assert "Recorded as practice for Aroha" in check.recording.text()
    graded = []
    check.answer_graded.connect(graded.append)
    assert check.start()
    asked = []
    for number, right in enumerate((True, False, True), start=1):
        assert check.progress_label.text() == f"Question {number} of 3"
        item = check.item
        asked.append(item)
        answer_payout_keys(qtbot, page, right)
        assert check.state == "feedback"
        expected = check.session.drill.grade(item, item.key["answer"] if right else item.key["answer"] + 1)
        assert graded[-1].correct is right is expected.correct and graded[-1].expected == expected.expected
        assert ("Right" in check.verdict_label.text()) is right
        stored = recording_desk.records.answers()
        assert len(stored) == number and stored[-1].mode == "practice" and stored[-1].correct is right
        qtbot.keyClick(check.next_button, Qt.Key.Key_Return)
    assert check.state == "done" and "2 of 3 right" in check.result_label.text()
    assert "The lesson is done on your path" in check.result_label.text()      # 2 of 3 is enough (issue 29 part 4)
    assert "then go on to the drill." in check.result_label.text()                # its check asks the whole drill
    sessions = recording_desk.records.sessions()
    assert [(s.mode, s.drill, s.items, s.correct, s.finished_at is not None) for s in sessions] == [
        ("practice", "roulette.payout_keys", 3, 2, True)]
    assert sessions[0].settings["lesson"] == "roulette.payout_keys"            # the desk marks the lesson's check
    assert recording_desk.trainee_path().game("roulette").lessons_done == 1
    assert recording_desk.records.test_attempts() == [] and recording_desk.session is None
    assert [a.family for a in recording_desk.records.answers()] == [item.family for item in asked]


def test_a_guests_check_is_graded_but_not_recorded(qtbot, tmp_path):
    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.choose_guest()
    page = shown_page(qtbot, desk)
    page.show_lesson("roulette.payout_keys")
    assert "not recorded" in page.check.recording.text()
    page.check.start()
    answer_payout_keys(qtbot, page, True)
    assert page.check.state == "feedback" and "Right" in page.check.verdict_label.text()
    assert desk.records.answers() == [] and desk.records.sessions() == []
    desk.close()


def test_the_rules_a_checks_feedback_cites_open_the_rule_book(qtbot):
    # On the Drills page "(rules 4.7, 5.1)" are links; in a lesson's check they were plain words.
    window = shown_window(qtbot)
    window.desk.choose_guest()
    window.show_learn()
    window.learn.show_lesson("roulette.payout_keys")
    check = window.learn.check
    assert check.start()
    answer_payout_keys(qtbot, window.learn, True)
    shown = check.explanation_label.text()
    links = re.findall(r'<a href="(rule:roulette:[^"]+)">', shown)
    assert links, shown
    check.explanation_label.linkActivated.emit(links[0])
    book = window.references.book
    assert book is not None and book.isVisible()
    assert f"rule:roulette:{book.current_rule.number}" == links[0]
    book.close()


def test_a_check_asks_only_its_lessons_families(qtbot):
    page = shown_page(qtbot)
    page.show_lesson("baccarat.points")
    check = page.check
    check.start()
    assert check.session.mode is Mode.PRACTICE and check.session.difficulty == 1
    assert check.item.family in lessons.lesson("baccarat.points").check.families
    assert check.session.scheduler.asked == list(lessons.lesson("baccarat.points").check.families)
    # The drill asks what the next lessons teach (third cards): the way to it says so, not "ready for the drill".
    assert "also asks what the next lessons" in check.drill_button.toolTip()


def test_nobody_at_the_desk_is_asked_who_is_training_first(qtbot, recording_desk):
    recording_desk.forget_trainee()
    page = shown_page(qtbot, recording_desk)
    page.show_lesson("roulette.payout_keys")
    waiting = []
    page.start_guard = lambda then: waiting.append(then) or False
    assert page.check.start() is False and page.check.state == "ready" and recording_desk.session is None
    recording_desk.choose_trainee("Aroha")
    waiting[0]()
    assert page.check.state == "asking" and recording_desk.session is page.check.session


def test_a_check_asked_for_before_anyone_was_chosen_waits_for_its_lesson(qtbot, recording_desk):
    recording_desk.forget_trainee()
    page = shown_page(qtbot, recording_desk)
    page.show_lesson("roulette.payout_keys")
    waiting = []
    page.start_guard = lambda then: waiting.append(then) or False
    page.check.start()
    page.show_lesson("baccarat.points")                      # the trainee went on before choosing who trains
    recording_desk.choose_trainee("Aroha")
    waiting[0]()
    assert page.check.state == "ready" and recording_desk.session is None


def test_a_check_ended_by_the_desk_starts_again_from_its_beginning(qtbot, recording_desk):
    page = shown_page(qtbot, recording_desk)
    page.show_lesson("roulette.payout_keys")
    page.check.start()
    recording_desk.add_trainee("Mere")
    recording_desk.choose_trainee("Mere")                    # a change of person ends the session
    assert page.check.state == "ready" and "was ended" in page.check.problem_label.text()
    assert "Recorded as practice for Mere" in page.check.recording.text()


def test_the_drill_button_opens_the_drill_on_the_drills_page(qtbot):
    window = shown_window(qtbot)
    window.desk.choose_guest()
    window.show_learn()
    window.learn.show_lesson("paigow.house_way")
    qtbot.mouseClick(window.learn.check.drill_button, Qt.MouseButton.LeftButton)
    drills = window.drills
    assert window.drills_shown() and window.drills_action.isChecked()
    assert drills.state == "choosing" and drills._chosen_entry().id == "paigow.house_way"
    assert drills.chosen_mode() is Mode.PRACTICE and drills.chosen_difficulty() == 1
    assert drills.drill_list.hasFocus()
    qtbot.keyClick(drills.drill_list, Qt.Key.Key_Return)     # Enter starts it
    assert drills.state == "asking" and drills.session.drill.id == "paigow.house_way"


def test_a_check_ends_a_practice_session_left_on_the_drills_page(qtbot):
    window = shown_window(qtbot)
    window.desk.choose_guest()
    window.drills.start("roulette.payout_keys", Mode.PRACTICE)
    window.drills.panel.entry.setText("1")
    qtbot.keyClick(window.drills.panel.entry, Qt.Key.Key_Return)
    window.show_learn()
    window.learn.show_lesson("roulette.payout_keys")
    window.learn.check.start()
    assert window.drills.state == "result"                   # ended there, its result on show
    assert window.desk.session is window.learn.check.session
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


# --- it fits ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1366, 700), (2560, 1400)])
def test_every_lesson_fits_the_width_it_has(qtbot, size):
    page = shown_page(qtbot, size=size)
    for lesson_id in page.lesson_ids():
        page.show_lesson(lesson_id)
        QApplication.processEvents()
        viewport = page.scroll.viewport().width()
        assert page.content.width() <= viewport, lesson_id
        column = page.content.findChild(QWidget, "lessonColumn")
        for widget in column.findChildren(QLabel):
            if widget.isVisibleTo(column):
                right = widget.mapTo(column, QPoint(widget.width(), 0)).x()
                assert right <= column.width() + 1, (lesson_id, widget.text()[:60])
        # As tall as the lesson needs (the page scrolls), or the view when the lesson is shorter: no empty screenful.
        assert page.content.height() == max(page.content.heightForWidth(page.content.width()),
                                            page.scroll.viewport().height()), lesson_id
