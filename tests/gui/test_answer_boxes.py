"""The drill panels' answer boxes refuse what is not an answer, with a message, instead of rewriting it
("abc-5e3" is not 53, rank "99" is not 9, a 30-digit amount is not cut to 9 digits and marked); the tiles
drill pre-selects nothing; and a time-out always shows its feedback, on every drill's page, in words that
follow the wording rules."""
from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from wording import shown_explanation, wording_problems

from dealerdrill.core import Rng
from dealerdrill.domain import Mode, Target
from dealerdrill.drills.baccarat_drills import CommissionDrill, SettleTableDrill, ShoeProcedureDrill
from dealerdrill.drills.paigow_drills import SettleDrill, TileDrill
from dealerdrill.drills.roulette_drills import PayoutDrill, PayoutKeysDrill
from dealerdrill.views import drill_view
from dealerdrill.views.drill_panels_baccarat import PANELS as BACCARAT
from dealerdrill.views.drill_panels_paigow import PANELS as PAIGOW
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


def focused():
    return QApplication.focusWidget()


def plain(widget) -> str:
    return re.sub(r"<[^>]+>", " ", widget.text()).replace("&nbsp;", " ")


# ------------------------------------------------------------------------------------------ tiles

def test_the_tiles_drill_preselects_nothing(qtbot):
    drill = TileDrill()
    item = drill.generate(Rng(1), 1, "tile.teen")
    panel, emitted = shown(qtbot, drill, item)
    assert panel.name.currentIndex() == -1 and panel.name.currentText() == ""
    assert panel.rank.text() == "" and panel.points.text() == ""
    qtbot.keyClick(focused(), Qt.Key_Return)
    assert emitted == [] and "Choose the name first" in panel.feedback.text()
    pair = drill.generate(Rng(1), 1, "pair.gee_joon")
    panel.show_item(pair)
    assert panel.name.currentIndex() == -1   # not "Gee Joon pair", a free point


@pytest.mark.parametrize("rank, points, refused, message", [
    ("", "3", True, "Type the rank first"),
    ("9a", "3", True, "“9a” is not a whole number"),
    ("1", "-3", True, "“-3” is not a whole number"),
    ("1" * 30, "3", True, "has 30 digits"),
    ("99", "3", False, "the rank is a whole number from 1 to 16"),   # a number: the drill refuses it
    ("12", "10", False, "the points is a whole number from 0 to 9"),
])
def test_tile_rank_and_points_are_refused_not_rewritten(qtbot, rank, points, refused, message):
    drill = TileDrill()
    item = drill.generate(Rng(2), 1, "tile.mooy")
    panel, emitted = shown(qtbot, drill, item)
    panel.name.setCurrentIndex(item.prompt["names"].index(item.key["name"]))
    panel.rank.setFocus()
    qtbot.keyClicks(panel.rank, rank)
    panel.points.setFocus()
    qtbot.keyClicks(panel.points, points)
    assert panel.rank.text() == rank and panel.points.text() == points   # kept as typed
    qtbot.keyClick(focused(), Qt.Key_Return)
    if refused:
        assert emitted == [] and message in panel.feedback.text()
    else:
        assert emitted == [{"name": item.key["name"], "rank": int(rank), "points": int(points)}]
        with pytest.raises(ValueError, match=message):
            drill.grade(item, emitted[0])


# ------------------------------------------------------------------------------------------ roulette

@pytest.mark.parametrize("typed, message", [
    ("abc-5e3", "“abc-5e3” is not a whole number"),
    ("1,2", "“1,2” is not a whole number"),
    ("1" * 30, "has 30 digits"),
])
def test_a_roulette_answer_box_refuses_what_is_no_whole_number(qtbot, typed, message):
    drill = PayoutKeysDrill()
    item = drill.generate(Rng(3), 2)
    panel, emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel.entry, typed)
    assert panel.entry.text() == typed          # nothing dropped, nothing cut short
    qtbot.keyClick(panel.entry, Qt.Key_Return)
    assert emitted == [] and message in panel.status.text()


def test_the_layout_refuses_a_tenth_digit_and_a_letter_with_a_message(qtbot):
    drill = PayoutDrill()
    item = drill.generate(Rng(4), 1)
    panel, _emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "1234567890")
    assert panel.typed == "123456789" and "more than 9 digits" in panel.status.text()
    qtbot.keyClicks(panel, "x")
    assert "“x” is not part of an amount" in panel.status.text() and panel.typed == "123456789"


# ------------------------------------------------------------------------------------------ baccarat

def test_the_commission_box_refuses_a_second_point_a_third_decimal_and_letters(qtbot):
    drill = CommissionDrill()
    item = drill.generate(Rng(5), 1)
    panel, emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "12.5")
    qtbot.keyClicks(panel, ".")
    assert panel.typed == "12.5" and "already has its decimal point" in plain(panel.entry)
    qtbot.keyClicks(panel, "05")
    assert panel.typed == "12.50" and "at most 2 decimals" in plain(panel.entry)
    qtbot.keyClicks(panel, "e")
    assert "“e” is not part of an amount" in plain(panel.entry)
    assert emitted == []


def test_the_settle_boxes_refuse_with_a_message(qtbot):
    drill = SettleTableDrill()
    item = drill.generate(Rng(6), 1)
    panel, _emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "1.5")
    qtbot.keyClicks(panel, ".")
    assert panel.typed == "1.5" and "already has its decimal point" in plain(panel.entry)
    qtbot.keyClicks(panel, "x")
    assert "“x” is not a call" in plain(panel.entry)


def test_a_choice_box_refuses_a_third_digit(qtbot):
    drill = ShoeProcedureDrill()
    item = drill.generate(Rng(7), 1, "cut.not-yet")
    panel, _emitted = shown(qtbot, drill, item)
    qtbot.keyClicks(panel, "123")
    assert panel.typed == "12" and "more than two digits" in plain(panel.entry)


# ------------------------------------------------------------------------------------------ pai gow

@pytest.mark.parametrize("typed", ["abc-5e3", "1,2", "12-5", "1" * 30])
def test_a_pai_gow_payment_box_refuses_what_is_no_amount(qtbot, typed):
    drill = SettleDrill()
    item = drill.generate(Rng(8), 1, "settle.house")
    panel, emitted = shown(qtbot, drill, item)
    field = panel.edits[0]
    qtbot.keyClicks(field, typed)
    assert field.text() == typed
    qtbot.keyClick(field, Qt.Key_Return)
    assert emitted == [] and f"“{typed}”" in panel.feedback.text()


# ------------------------------------------------------------------------------------------ time-outs

def test_a_time_out_always_shows_its_feedback_on_every_drill(qtbot):
    entries, problems = drill_view.available_drills()
    assert not problems
    view = DrillView(entries=entries, seed=5)
    qtbot.addWidget(view)
    view.resize(1366, 768)
    view.show()
    qtbot.waitExposed(view)
    for entry in entries:
        for level in (1, 3):
            view.start(entry.id, Mode.TIMED, level, target=Target(seconds=0.2), confirmed=True)
            with qtbot.waitSignal(view.answer_graded, timeout=5000) as graded:
                pass   # nothing answered: the countdown runs out
            grade = graded.args[0]
            assert grade.timed_out
            assert view.feedback.isVisible() and view.verdict_label.text().endswith("Time ran out")
            assert view.expected_label.isVisible() and view.expected_label.text().startswith("Correct answer: ")
            assert view.explanation_label.isVisible()
            assert len(view.explanation_label.text()) > len("Time ran out before an answer was given.") + 10
            found = wording_problems(shown_explanation(grade)) + wording_problems(grade.expected)
            # What the panel itself says after the time-out follows the same rules.
            for label in view.panel.findChildren(QLabel):
                if label.isVisible() and label.text():
                    found += wording_problems(plain(label))
            assert not found, (entry.id, found)
            view.finish()
            if view.state == "result":
                view.back_to_chooser()
