"""A money answer is read exactly as typed, in every answer box and every drill: "1,250" is an amount (the
comma separates thousands), "9,50" is not one (a decimal comma, or a slip) and is refused with a message that
says why, and nothing is recorded. It used to be graded and stored as $950: the key-by-key boxes dropped the
comma and went on reading digits."""
from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt

from dealerdrill.core import Rng
from dealerdrill.domain import Mode, read_written_amount, written_amount_problem
from dealerdrill.drills.baccarat_drills import CommissionDrill, SettleTableDrill, parse_money
from dealerdrill.drills.baccarat_find_error import BaccaratFindErrorDrill
from dealerdrill.drills.find_error import parse_marks
from dealerdrill.drills.roulette_drills import PayoutDrill, PayoutKeysDrill
from dealerdrill.views import drill_view
from dealerdrill.views.drill_panels_baccarat import PANELS as BACCARAT
from dealerdrill.views.drill_panels_paigow import PANELS as PAIGOW, parse_dollars
from dealerdrill.views.drill_panels_roulette import PANELS as ROULETTE
from dealerdrill.views.drill_view import DrillView

PANELS = {**ROULETTE, **BACCARAT, **PAIGOW}


def shown(qtbot, drill, item):
    panel = PANELS[drill.id]()
    qtbot.addWidget(panel)
    panel.resize(900, 640)
    panel.show()
    qtbot.waitExposed(panel)
    with qtbot.waitActive(panel):
        panel.activateWindow()
    panel.show_item(item)
    panel.setFocus()
    emitted = []
    panel.answered.connect(emitted.append)
    return panel, emitted


def plain(text: str) -> str:
    return re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ")


# ------------------------------------------------------------------------------------------ the one reading

@pytest.mark.parametrize("typed, read", [("1,250", ("1250", "")), ("$1,250.50", ("1250", "50")),
                                         ("9.50", ("9", "50")), (".50", ("", "50")), ("950", ("950", ""))])
def test_an_amount_is_read_as_written(typed, read):
    assert read_written_amount(typed) == read and written_amount_problem(typed) is None


@pytest.mark.parametrize("typed", ["9,50", "$9,5", "12,34"])
def test_a_decimal_comma_is_refused_and_the_point_is_named(typed):
    problem = written_amount_problem(typed)
    assert problem is not None and "a comma only separates thousands" in problem
    assert typed.replace(",", ".").lstrip("$") in problem   # says what was probably meant
    with pytest.raises(ValueError, match="comma only separates thousands"):
        read_written_amount(typed)


@pytest.mark.parametrize("typed", ["1,2", "12,3456", "1,000,00", ",500", "1,,000", "9 50", "9.5.0", ""])
def test_what_is_not_exactly_an_amount_is_refused(typed):
    assert written_amount_problem(typed) is not None
    with pytest.raises(ValueError):
        read_written_amount(typed)


def test_every_drill_parser_refuses_a_decimal_comma():
    with pytest.raises(ValueError, match="comma only separates thousands"):
        parse_money("9,50", "the commission")
    assert parse_money("1,250.50") == 125050
    with pytest.raises(ValueError, match="comma only separates thousands"):
        parse_dollars("9,50")
    drill = PayoutKeysDrill()
    item = drill.generate(Rng(3), 2)
    with pytest.raises(ValueError, match="comma only separates thousands"):
        drill.grade(item, "9,50")
    find = BaccaratFindErrorDrill()
    item = find.generate(Rng(4), 1)
    amount_line = next(line for line in item.prompt["lines"] if "amount" in line["accepts"])
    with pytest.raises(ValueError, match="comma only separates thousands"):
        parse_marks(item, {"marks": {amount_line["id"]: "9,50"}})


# ------------------------------------------------------------------------------------------ the answer boxes

def test_the_commission_box_keeps_a_comma_and_refuses_9_50_whole(qtbot):
    drill = CommissionDrill()
    item = drill.generate(Rng(5), 1)
    panel, emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "9,50")
    assert panel.typed == "9,50"                       # kept as typed, not 950
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == [] and "a comma only separates thousands" in plain(panel.entry.text())
    for _ in range(4):
        qtbot.keyClick(panel, Qt.Key_Backspace)
    qtbot.keyClicks(panel, "1,250.5")
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == ["1,250.5"] and parse_money(emitted[0]) == 125050


def test_the_baccarat_settle_box_refuses_9_50_before_moving_on(qtbot):
    drill = SettleTableDrill()
    item = drill.generate(Rng(6), 1)
    panel, emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "9,50")
    qtbot.keyClick(panel, Qt.Key_Return)
    assert panel.current == 0 and panel.typed == "9,50" and emitted == []
    assert "a comma only separates thousands" in plain(panel.entry.text())


def test_the_roulette_layout_keeps_a_comma_and_refuses_9_50(qtbot):
    drill = PayoutDrill()
    item = next(i for i in (drill.generate(Rng(seed), 3) for seed in range(50)) if i.prompt["ask"] != "positions")
    panel, emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "9,50")
    assert panel.typed == "9,50" and "$9,50" in panel.status.text()
    qtbot.keyClick(panel, Qt.Key_T)
    assert panel.total is None and "a comma only separates thousands" in panel.status.text()
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == [] and "a comma only separates thousands" in panel.status.text()
    for _ in range(4):
        qtbot.keyClick(panel, Qt.Key_Backspace)
    qtbot.keyClicks(panel, "1,250")
    qtbot.keyClick(panel, Qt.Key_T)
    assert panel.total == 1250


def test_the_find_error_box_refuses_9_50_naming_the_line(qtbot):
    drill = BaccaratFindErrorDrill()
    item = drill.generate(Rng(4), 1)
    panel, emitted = shown(qtbot, drill, item)
    index = next(i for i, line in enumerate(panel.lines) if "amount" in line["accepts"])
    for _ in range(index):
        qtbot.keyClick(panel, Qt.Key_Down)
    qtbot.keyClicks(panel, "9,50")
    assert panel.marks[panel.lines[index]["id"]] == "9,50"
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == [] and f"Line {index + 1}:" in panel.status.text()
    assert "a comma only separates thousands" in panel.status.text()


# ------------------------------------------------------------------------------------------ nothing recorded

@pytest.fixture
def recording_desk(tmp_path):
    from dealerdrill.desk import Desk

    desk = Desk.open(tmp_path / "records.sqlite3")
    desk.add_trainee("Tester")
    desk.choose_trainee("Tester")
    yield desk
    desk.close()


def test_a_commission_of_9_50_is_not_graded_nor_stored(qtbot, recording_desk):
    entries, problems = drill_view.available_drills()
    assert problems == []
    view = DrillView(entries=entries, desk=recording_desk, seed=5)
    qtbot.addWidget(view)
    view.resize(1366, 768)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitActive(view):
        view.activateWindow()
    view.start(CommissionDrill.id, Mode.PRACTICE)
    item = view.session.current
    view.panel.setFocus()
    qtbot.keyClicks(view.panel, "9,50")
    qtbot.keyClick(view.panel, Qt.Key_Return)
    assert view.state == "asking" and view.session.current is item
    assert recording_desk.records.answers() == []
    view.finish()
