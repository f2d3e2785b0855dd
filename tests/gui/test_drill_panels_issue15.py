"""The panels of issue 15's drills, driven by key presses only: the answer each emits on Enter is graded right
by its drill (or, on purpose, wrong), nothing is emitted before Enter, and a key a panel cannot use is refused
with a message that says why (never dropped quietly), what was typed kept."""
import re

import pytest
from PySide6.QtCore import Qt

from dealerdrill.core import Rng
from dealerdrill.drills.baccarat_find_error import BaccaratFindErrorDrill
from dealerdrill.drills.chip_payments import BaccaratChipsDrill, PaiGowChipsDrill, RouletteChipsDrill
from dealerdrill.drills.irregularities import (
    BaccaratIrregularitiesDrill,
    PaiGowIrregularitiesDrill,
    RouletteIrregularitiesDrill,
)
from dealerdrill.drills.paigow_delivery import DeliveryDrill
from dealerdrill.drills.paigow_find_error import PaiGowFindErrorDrill
from dealerdrill.drills.roulette_find_error import RouletteFindErrorDrill
from dealerdrill.settings import Settings
from dealerdrill.views import drill_panels_baccarat, drill_panels_paigow, drill_panels_roulette
from dealerdrill.views.drill_panels_chips import MAX_DIGITS

PANELS = {**drill_panels_roulette.PANELS, **drill_panels_baccarat.PANELS, **drill_panels_paigow.PANELS}
WORD_KEYS = {"clear": Qt.Key_C, "take": Qt.Key_T, "push": Qt.Key_U, "draw": Qt.Key_D, "stand": Qt.Key_S}


def open_panel(qtbot, drill_id):
    panel = PANELS[drill_id](Settings())
    qtbot.addWidget(panel)
    panel.resize(1000, 640)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    emitted = []
    panel.answered.connect(emitted.append)
    return panel, emitted


def type_text(qtbot, panel, text: str) -> None:
    for ch in text:
        qtbot.keyClick(panel, ch)


def commit(qtbot, panel, emitted):
    assert emitted == []
    qtbot.keyClick(panel, Qt.Key_Return)
    assert len(emitted) == 1
    return emitted[0]


def every_new_panel_is_listed():
    return ["roulette.find_error", "baccarat.find_error", "paigow.find_error", "roulette.irregularities",
            "baccarat.irregularities", "paigow.irregularities", "roulette.chips", "baccarat.chips", "paigow.chips",
            "paigow.delivery"]


def test_every_new_drill_has_a_panel_that_names_its_keys():
    for drill_id in every_new_panel_is_listed():
        assert "Enter" in PANELS[drill_id].KEYS


# ------------------------------------------------------------------------------------------ find the error

def keys_for(value, money: str):
    if isinstance(value, list):
        return "".join(map(str, value))
    if isinstance(value, int):
        return str(value) if money == "dollars" else f"{value // 100}.{value % 100:02d}"
    return WORD_KEYS[value]


def mark_lines(qtbot, panel, item, corrections: dict) -> None:
    """Walk down the lines with the arrow key, typing each correction (typing marks the line)."""
    for line in item.prompt["lines"]:
        if line["id"] in corrections:
            keys = keys_for(corrections[line["id"]], item.prompt["money"])
            if isinstance(keys, str):
                type_text(qtbot, panel, keys)
            else:
                qtbot.keyClick(panel, keys)
        qtbot.keyClick(panel, Qt.Key_Down)


FIND_ERROR = [(RouletteFindErrorDrill, f) for f in RouletteFindErrorDrill().families()] + \
             [(BaccaratFindErrorDrill, f) for f in BaccaratFindErrorDrill().families()] + \
             [(PaiGowFindErrorDrill, f) for f in PaiGowFindErrorDrill().families()]


@pytest.mark.parametrize("drill_class,family", FIND_ERROR, ids=[f for _, f in FIND_ERROR])
def test_find_the_error_by_keyboard(qtbot, drill_class, family):
    drill = drill_class()
    item = drill.generate(Rng(21), 3, family)
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    assert panel.hasFocus()
    right = {line: item.key["right"][line] for line in item.key["mistakes"]}
    mark_lines(qtbot, panel, item, right)
    answer = commit(qtbot, panel, emitted)
    assert drill.grade(item, answer).correct
    panel.show_grade(item, drill.grade(item, answer))


def test_find_the_error_space_marks_delete_unmarks_and_enter_with_nothing_marked_says_none(qtbot):
    drill = BaccaratFindErrorDrill()
    item = drill.generate(Rng(4), 2, "baccarat.find.none")
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    qtbot.keyClick(panel, Qt.Key_Space)          # marks line 1 with no correction yet...
    qtbot.keyClick(panel, Qt.Key_Return)         # ...so Enter asks for one and sends nothing
    assert emitted == [] and "correction for line 1" in panel.status.text()
    qtbot.keyClick(panel, Qt.Key_Delete)
    answer = commit(qtbot, panel, emitted)
    assert answer == {"marks": {}} and drill.grade(item, answer).correct


def test_find_the_error_a_missed_mistake_is_graded_wrong(qtbot):
    drill = PaiGowFindErrorDrill()
    item = drill.generate(Rng(9), 2, "paigow.find.commission")
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    answer = commit(qtbot, panel, emitted)       # nothing marked: "no mistakes"
    grade = drill.grade(item, answer)
    assert not grade.correct and grade.details["missed"]
    panel.show_grade(item, grade)
    assert "right: pay" in panel.lines_label.text()


# ------------------------------------------------------------------------------------------ irregularities

@pytest.mark.parametrize("drill_class", [RouletteIrregularitiesDrill, BaccaratIrregularitiesDrill,
                                         PaiGowIrregularitiesDrill], ids=lambda d: d.id)
def test_irregularities_by_keyboard(qtbot, drill_class):
    drill = drill_class()
    rng = Rng(2)
    panel, emitted = open_panel(qtbot, drill.id)
    for family in drill.families():
        item = drill.generate(rng, 1, family)
        panel.show_item(item)
        type_text(qtbot, panel, "9")
        qtbot.keyClick(panel, Qt.Key_Backspace)
        type_text(qtbot, panel, str(item.key["choice"]))
        answer = commit(qtbot, panel, emitted)
        assert drill.grade(item, answer).correct
        panel.show_grade(item, drill.grade(item, answer))
        emitted.clear()


# ------------------------------------------------------------------------------------------ chips

CHIPS = [(RouletteChipsDrill, f) for f in RouletteChipsDrill().families()] + \
        [(BaccaratChipsDrill, f) for f in BaccaratChipsDrill().families()] + \
        [(PaiGowChipsDrill, f) for f in PaiGowChipsDrill().families()]


@pytest.mark.parametrize("drill_class,family", CHIPS, ids=[f for _, f in CHIPS])
def test_paying_in_chips_by_keyboard(qtbot, drill_class, family):
    drill = drill_class()
    item = drill.generate(Rng(13), 2, family)
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    if item.prompt["kind"] == "colour_in":
        counts = [item.key["colour_chips"], item.key["change"]]
    else:
        counts = item.key["breakdown"]
    for count in counts:
        if count:
            type_text(qtbot, panel, "7")
            qtbot.keyClick(panel, Qt.Key_Backspace)
            type_text(qtbot, panel, str(count))
        qtbot.keyClick(panel, Qt.Key_Down)
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert grade.correct
    panel.show_grade(item, grade)


def test_paying_in_chips_all_in_the_smallest_chip_is_too_many_chips(qtbot):
    drill = RouletteChipsDrill()
    item = drill.generate(Rng(3), 1, "roulette.chips.pay.fewest")
    values = item.prompt["chips"]
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    qtbot.keyClick(panel, Qt.Key_Up)             # from the first row up: the last row, the smallest chip
    type_text(qtbot, panel, str(item.key["amount"] // values[-1]))
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert answer["counts"][-1] == item.key["amount"] // values[-1]
    assert grade.correct is (answer["counts"] == item.key["breakdown"])


# ------------------------------------------------------------------------------------------ delivery

@pytest.mark.parametrize("difficulty", [1, 2])
def test_delivery_by_keyboard(qtbot, difficulty):
    drill = DeliveryDrill()
    rng = Rng(17)
    panel, emitted = open_panel(qtbot, drill.id)
    for family in drill.families()[::3]:
        item = drill.generate(rng, difficulty, family)
        panel.show_item(item)
        type_text(qtbot, panel, str(item.key["chung"]))      # the chung; the first box is asked next
        type_text(qtbot, panel, "9")                         # no box 9: ignored
        type_text(qtbot, panel, str(item.key["first"]))
        if "order" in item.prompt["asks"]:
            type_text(qtbot, panel, "12")
            qtbot.keyClick(panel, Qt.Key_Backspace)
            qtbot.keyClick(panel, Qt.Key_Backspace)
            type_text(qtbot, panel, "".join(map(str, item.key["order"])))
        answer = commit(qtbot, panel, emitted)
        assert drill.grade(item, answer).correct
        panel.show_grade(item, drill.grade(item, answer))
        emitted.clear()


def test_delivery_enter_before_every_answer_sends_nothing(qtbot):
    drill = DeliveryDrill()
    item = drill.generate(Rng(1), 2, "paigow.delivery.player_banker.count5")
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    type_text(qtbot, panel, str(item.key["chung"]))
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == [] and "Still to give" in panel.message


# ------------------------------------------------------------------------------------------ refusals

def plain(text: str) -> str:
    return re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ")


def test_the_irregularities_panel_says_why_it_refuses_a_key_and_keeps_what_was_typed(qtbot):
    item = RouletteIrregularitiesDrill().generate(Rng(3), 2)
    panel, emitted = open_panel(qtbot, "roulette.irregularities")
    panel.show_item(item)
    type_text(qtbot, panel, "123")
    assert panel.typed == "12" and "“3” is refused" in plain(panel.entry.text())
    qtbot.keyClick(panel, "x")
    assert panel.typed == "12" and "“x” is not an action's number" in plain(panel.entry.text())
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == [] and "“12” is not an action here" in plain(panel.entry.text())


def test_the_chips_panel_says_why_it_refuses_a_key(qtbot):
    item = RouletteChipsDrill().generate(Rng(4), 1, "roulette.chips.pay.fewest")
    panel, emitted = open_panel(qtbot, "roulette.chips")
    panel.show_item(item)
    type_text(qtbot, panel, "3x")
    assert panel.typed[0] == "3" and "“x” is not part of a count" in panel.status.text()
    type_text(qtbot, panel, "1" * MAX_DIGITS)
    assert len(panel.typed[0]) == MAX_DIGITS and "is refused" in panel.status.text()
    assert emitted == []


def test_the_delivery_panel_says_why_it_refuses_a_key(qtbot):
    item = DeliveryDrill().generate(Rng(5), 2, "paigow.delivery.house.count3")
    panel, emitted = open_panel(qtbot, "paigow.delivery")
    panel.show_item(item)
    qtbot.keyClick(panel, "9")
    assert panel.values["chung"] is None and "“9” is not a box" in panel.message
    type_text(qtbot, panel, "11")     # the chung, then the first box
    type_text(qtbot, panel, "33")     # the order: box 3 once only
    assert panel.values["order"] == [3] and "already in the order" in panel.message
    assert emitted == []


@pytest.mark.parametrize("drill_class, typed, message", [
    (RouletteFindErrorDrill, ".", "whole dollars"),
    (RouletteFindErrorDrill, "x", "“x” is not a correction for this line"),
    (BaccaratFindErrorDrill, "x", "“x” is not a correction for this line"),
])
def test_the_find_the_error_panel_says_why_it_refuses_a_key(qtbot, drill_class, typed, message):
    drill = drill_class()
    item = drill.generate(Rng(6), 1, drill.families()[-1])
    panel, emitted = open_panel(qtbot, drill.id)
    panel.show_item(item)
    wager = next(i for i, line in enumerate(item.prompt["lines"]) if "amount" in line["accepts"])
    for _ in range(wager):
        qtbot.keyClick(panel, Qt.Key_Down)
    type_text(qtbot, panel, "12" + typed)
    line_id = item.prompt["lines"][wager]["id"]
    assert panel.marks[line_id] == "12" and message in panel.status.text()
    assert emitted == []
