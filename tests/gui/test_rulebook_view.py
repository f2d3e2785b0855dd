"""The rule book, the charts and the glossary in the window (issue 29): open to every trainee from Help and with a
key, at the rule a drill's feedback cites (a link, or F3), at the drill's chart (a button, or F4); closed while a
test runs. Every value a chart shows is compared with the engine's own answer."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from dealerdrill import app as app_module
from dealerdrill.core import baccarat, paigow, roulette
from dealerdrill.domain import Mode
from dealerdrill.reference import charts, rulebook
from dealerdrill.settings import BaccaratSettings, PaiGowSettings, RouletteSettings, Settings
from dealerdrill.views.charts_view import chart_widget
from dealerdrill.views.rulebook_view import RuleBookWindow, feedback_html

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from drill_answers import right_answer


@pytest.fixture
def window(qtbot):
    main = app_module.MainWindow()
    qtbot.addWidget(main)
    main.desk.choose_guest()      # drills start without asking who is training
    main.show()
    qtbot.waitExposed(main)
    yield main
    if main.references.book is not None:
        main.references.book.close()


def _answer_right(window, drill_id: str, mode: Mode = Mode.PRACTICE):
    window.show_drills()
    view = window.drills
    view.start(drill_id, mode, 1, confirmed=True)
    item = view.session.current
    view._panel_answered(right_answer(item))
    assert view.state == "feedback"
    return view


def test_help_offers_the_rule_book_the_charts_and_the_glossary_without_the_pin(window):
    actions = {action.text(): action for action in window.help_menu.actions()}
    assert actions["&Rule book"].shortcut().toString() == "F3"
    assert actions["&Charts"].shortcut().toString() == "F4"
    assert "&Glossary" in actions
    assert "F3: rule book" in app_module.KEYS_HELP and "F4: charts" in app_module.KEYS_HELP
    assert not window.desk.role.unlocked
    window.tabs.setCurrentIndex(1)           # the baccarat table
    actions["&Rule book"].trigger()
    book = window.references.book
    assert book.isVisible() and book.game() == "baccarat" and book.tabs.currentIndex() == 0
    assert book.rule_list.count() == len(rulebook.rules("baccarat"))
    actions["&Glossary"].trigger()
    assert book.tabs.currentIndex() == 2 and book.term_list.count() > 10


def test_feedback_cites_rules_as_links_that_open_their_text(window, qtbot):
    view = _answer_right(window, "baccarat.table_of_play")
    shown = view.explanation_label.text()
    links = re.findall(r'<a href="(rule:baccarat:[^"]+)">', shown)
    assert links, shown
    view.explanation_label.linkActivated.emit(links[0])
    book = window.references.book
    assert book.isVisible() and book.current_rule is not None
    assert book.current_rule.reference == links[0].replace("rule:", "").replace("%20", " ")
    assert "F3: the rule cited" in view.keys_label.text()
    # F3 opens the same rule, from the drill page.
    book.show_rule("roulette", "5.1")
    window.activateWindow()
    view.next_button.setFocus()
    qtbot.keyClick(view.next_button, Qt.Key.Key_F3)
    assert book.current_rule.game == "baccarat" and (book.current_rule.game, book.current_rule.id) == \
        view.cited_rule()


def test_a_house_way_rule_the_feedback_names_opens_the_chart_of_the_way_in_force(window):
    view = _answer_right(window, "paigow.house_way")
    shown = view.explanation_label.text()
    found = re.search(r'<a href="houseway:([^"]+)">', shown)
    assert found, shown
    assert view.open_cited_rule()
    book = window.references.book
    assert book.tabs.currentIndex() == 1 and book.current_chart == "paigow.house_way"
    assert book.chart_page.findChild(QLabel, f"houseWayRule-{found.group(1)}") is not None


def test_the_drill_page_opens_its_chart_and_a_test_keeps_the_book_closed(window, qtbot):
    view = _answer_right(window, "baccarat.table_of_play")
    assert view.charts_button.isVisible()
    view.charts_button.click()
    book = window.references.book
    assert book.isVisible() and book.current_chart == "baccarat.third_card"
    view.back_to_chooser()
    view.start("paigow.house_way", Mode.TEST, confirmed=True)
    assert window.desk.test_running
    assert not book.isVisible(), "a test closes the rule book"
    assert not view.charts_button.isVisible()
    assert window.show_charts() is False and window.show_rule_book() is False
    refusal = window.references.refusal
    assert isinstance(refusal, QMessageBox) and "A test is running" in refusal.text()
    assert not book.isVisible()
    refusal.close()
    view.finish()
    assert window.show_charts() is True and book.current_chart == "paigow.house_way"


def test_search_and_game_choose_what_the_book_lists(qtbot):
    book = RuleBookWindow(Settings)
    qtbot.addWidget(book)
    book.show()
    book.set_game("baccarat")
    book.search_field.setText("cutting card")
    listed = [book.rule_list.item(i).text() for i in range(book.rule_list.count())]
    assert listed[0].startswith("9.8") and listed[1].startswith("9.9")
    assert "cutting card" in book.rule_text.toPlainText()
    book.search_field.setText("no such words")
    assert book.rule_list.count() == 0 and "No Baccarat rule holds" in book.rule_text.toPlainText()
    assert book.show_rule("paigow", "8.16") is False and "has no rule 8.16" in book.problem
    assert book.show_rule("paigow", "(j)-(k)") and book.current_rule.number == "(j)"     # a range: its first
    assert book.show_rule("paigow", "11.1(f)") and book.current_rule.number == "11.1"    # an item: its rule
    assert book.show_rule("baccarat", "8.16")
    text = book.rule_text.toPlainText()
    assert "How Dealer Drill reads it." in text and "The Gazette pages we have leave this open" in text
    assert "Source: Gazette 1998 No. 11 p. 249" in text
    assert book.show_glossary("Harmony 3") and book.game() == "paigow"
    assert "Gor" in book.term_text.toPlainText()


def test_a_damaged_rule_book_is_said_in_plain_words(qtbot, monkeypatch):
    def damaged(name):
        raise rulebook.RuleBookError(f"rulebook/{name} is not UTF-8 text (byte 7 cannot be read)")

    monkeypatch.setattr(rulebook, "read_resource", damaged)
    rulebook.book.cache_clear()
    try:
        book = RuleBookWindow(Settings)
        qtbot.addWidget(book)
        assert "The rule book could not be read: rulebook/roulette.toml is not UTF-8 text" in book.problem
        assert book.note_label.isVisibleTo(book)
    finally:
        monkeypatch.undo()
        rulebook.book.cache_clear()


# --- every value a chart shows is the engine's ---------------------------------------------------------------

def test_the_third_card_chart_is_the_engines_table_of_play(qtbot):
    page = chart_widget("baccarat.third_card", Settings())
    qtbot.addWidget(page)
    player = page.cell_texts("playerDraws")
    assert player[0][1:] == [str(total) for total in range(10)]
    for total, shown in enumerate(player[1][1:]):
        expected = "N" if baccarat.is_natural(total) else "D" if baccarat.player_draws(total) else "S"
        assert shown == expected, total
    banker = page.cell_texts("bankerDraws")
    assert banker[1] == [str(value) for value in range(10)]
    for total, row in enumerate(banker[2:]):
        assert row[0] == str(total)
        if baccarat.is_natural(total):
            assert row[1].startswith("Natural")
            continue
        assert row[1] == ("D" if baccarat.banker_draws(total, None) else "S")
        assert row[2:] == ["D" if baccarat.banker_draws(total, value) else "S" for value in range(10)], total


@pytest.mark.parametrize("tie_odds, percent, rounding, chips", [(8, 5.0, "cents", (1, 5)), (9, 4.0, "up", (5, 25))])
def test_the_baccarat_payout_chart_is_what_the_engine_pays_at_this_table(qtbot, tie_odds, percent, rounding, chips):
    settings = Settings(baccarat=BaccaratSettings(tie_odds=tie_odds, commission_percent=percent,
                                                  commission_rounding=rounding, chip_values=chips))
    page = chart_widget("baccarat.payouts", settings)
    qtbot.addWidget(page)
    rows = page.cell_texts("baccaratPayouts")[1:]
    terms = charts._terms(settings.baccarat)
    for wager, when, _odds, stake, paid, commission in rows:
        winner = {"Player wins": "player", "Banker wins": "banker", "a tie": "tie"}[when]
        cents = int(stake.strip("$").replace(",", "")) * 100
        settled = baccarat.settle([(wager.lower(), cents)], winner, tie_odds=tie_odds,
                                  commission_rate=terms.bp / 10_000, rounding_unit=terms.rounding_unit,
                                  rounding=terms.rounding, collection="box")[0]
        if settled.result == "push":
            assert paid == "push: the wager stays"
        else:
            assert paid == charts.money(settled.paid), (wager, when)
        assert commission == ("—" if not settled.commission else f"{charts.money(settled.commission)} marked")
    assert [row[2] for row in rows if row[0] == "Tie"] == [f"{tie_odds} to 1"]
    assert f"a Tie pays {tie_odds} to 1" in page.findChild(QLabel, "payoutTerms").text()


@pytest.mark.parametrize("first_four", [True, False])
def test_the_roulette_payout_chart_is_the_engines_odds_and_zero_rule(qtbot, first_four):
    settings = Settings(roulette=RouletteSettings(first_four=first_four))
    page = chart_widget("roulette.payouts", settings)
    qtbot.addWidget(page)
    rows = page.cell_texts("roulettePayouts")[1:]
    assert [row[0] for row in rows] == [kind.label for kind in roulette.WagerKind]
    for kind, (_, covers, odds, where, example, wins) in zip(roulette.WagerKind, rows):
        assert (covers, odds, where) == (str(kind.covers), f"{kind.odds} to 1", "outside" if kind.outside else "inside")
        numbers = [int(n) for n in re.findall(r"\d+", example)]
        if kind is roulette.WagerKind.SIX_LINE:          # called by its first and last numbers
            numbers = list(range(numbers[0], numbers[-1] + 1))
        spec = example if kind.outside else numbers
        wager = roulette.classify(spec, first_four)
        assert wager.kind is kind and wager.name == example
        won = roulette.settle([(wager, 1000)], wager.numbers[-1], first_four)[0]
        assert wins == f"$10 wins {charts.money(won)}"
    zero = page.findChild(QLabel, "zeroWinners").text()
    for wager in roulette.covering(0, first_four):
        assert f"{wager.name} ({wager.odds} to 1)" in zero
    assert ("first four 0-1-2-3" in zero) is first_four


def test_the_pai_gow_payout_chart_is_what_the_engine_pays(qtbot):
    settings = Settings()
    page = chart_widget("paigow.payouts", settings)
    qtbot.addWidget(page)
    terms = charts._terms(settings.paigow)
    for hand, _when, stake, paid, commission in page.cell_texts("paigowPayouts")[1:]:
        outcome = {"Win": "win", "Lose": "lose", "Push": "push"}.get(hand)
        if hand == "Copy":
            same = (("6-6", "1-3"), ("5-5", "4-6"))
            outcome = paigow.outcome(same, same)
            assert outcome == "lose"
        cents = int(float(stake.strip("$").replace(",", "")) * 100)
        settled = paigow.settle([(cents, outcome)], commission_bp=terms.bp, rounding_unit=terms.rounding_unit,
                                rounding=terms.rounding).results[0]
        assert paid == (charts.money(settled.paid) if outcome == "win" else
                        "push: the wager stays" if outcome == "push" else "lost: the wager is taken")
        assert commission == (charts.money(settled.commission) if settled.commission else "—")


def test_the_tile_chart_is_the_engines_ranking_drawn_with_the_programs_tiles(qtbot):
    page = chart_widget("paigow.tile_ranks", Settings())
    qtbot.addWidget(page)
    rows = page.cell_texts("tileRanking")[1:]
    kinds = sorted({t.kind for t in paigow.TILES}, key=lambda kind: kind.value)
    assert len(rows) == len(kinds) == 16
    for (rank, tiles, name, points), kind in zip(rows, kinds):
        mine = [t for t in paigow.TILES if t.kind is kind]
        assert (rank, name) == (str(mine[0].rank), mine[0].name)
        assert tiles == " ".join(dict.fromkeys(t.face for t in mine))
        assert points == " or ".join(map(str, mine[0].point_options))
    named = page.cell_texts("namedHands")[1:]
    assert len(named) == 22
    for rank, tiles, label in named:
        made = paigow.hand(*tiles.split())
        assert (made.rank, made.label) == (int(rank), label)


@pytest.mark.parametrize("way", ["nz", "foxwoods"])
def test_the_house_way_chart_is_the_way_in_force_with_the_engines_hands(qtbot, way):
    settings = Settings(paigow=PaiGowSettings(house_way=way))
    page = chart_widget("paigow.house_way", settings)
    qtbot.addWidget(page)
    described = paigow.describe_house_way(way)
    rows = page.cell_texts("houseWayRules")[1:]
    assert [row[0] for row in rows] == [f"{n}." for n in range(1, len(described.rules) + 1)]
    for row, rule in zip(rows, described.rules):
        assert row[1].startswith(f"<b>{rule.title.replace('&', '&amp;')}</b>")
        tiles = row[2].split()
        setting = paigow.house_way(tiles, way)
        assert setting.rule == rule.id, (way, rule.id, tiles)
        drawn = page.findChildren(type(page.findChild(QLabel)))  # the labels under the set hands name them
        high, low = paigow.hand(*setting.high).label, paigow.hand(*setting.low).label
        assert any(label.text() == f"{high} · {low}" for label in drawn)
    assert described.name in page.title_label.text()


# --- what the screens look like --------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1000, 640), (2560, 1400)])
def test_every_chart_fits_the_rule_books_width(qtbot, size):
    book = RuleBookWindow(Settings)
    qtbot.addWidget(book)
    book.resize(*size)
    book.show()
    qtbot.waitExposed(book)
    for chart_id in charts.CHARTS:
        book.show_chart(chart_id)
        QApplication.processEvents()
        assert book.chart_scroll.horizontalScrollBar().maximum() == 0, (chart_id, size)
        page = book.chart_page
        for label in page.findChildren(QLabel):
            if label.isVisible() and not label.wordWrap() and label.text():
                assert label.width() >= label.sizeHint().width() - 2, (chart_id, label.text())


def test_links_in_feedback_keep_the_words_and_mark_every_rule():
    text = "Rule 9.8: the round ends (rules 9.8-9.9); pay $9.50 & move on. Table 2 decides."
    shown = feedback_html(text, "baccarat")
    assert shown.count("<a href=") == 3 and "&amp; move on" in shown
    assert re.sub(r"<[^>]+>", "", shown).replace("&amp;", "&") == text


def test_a_tests_review_links_each_rule_an_item_cites(qtbot):
    from dealerdrill.core import Rng
    from dealerdrill.domain import AnsweredItem
    from dealerdrill.drills.baccarat_drills import TableOfPlayDrill
    from dealerdrill.views.test_review import TestReview, reviewed_items

    drill = TableOfPlayDrill()
    item = drill.generate(Rng(3), 2, None)
    grade = drill.grade(item, right_answer(item), 2.0)
    review = TestReview()
    qtbot.addWidget(review)
    review.show_items(reviewed_items([AnsweredItem(item, right_answer(item), grade)]))
    links = re.findall(r'href="([^"]+)"', review.rules_label.text())
    assert links and all(link.startswith("rule:baccarat:") for link in links)
    assert review.rules_label.text().startswith("Rules cited: ")
    review.rules_label.linkActivated.emit(links[0])
    book = review.window().findChild(RuleBookWindow)
    assert isinstance(book, RuleBookWindow) and book.current_rule.game == "baccarat"
    book.close()
