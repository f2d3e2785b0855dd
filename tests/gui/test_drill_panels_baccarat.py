"""Baccarat drill panels: every drill completed with the keyboard only, the emitted answer graded right."""
import pytest
from PySide6.QtCore import Qt

from dealerdrill.core import Rng
from dealerdrill.drills.baccarat_drills import (
    CommissionDrill,
    ProcedureDrill,
    SettleTableDrill,
    ShoeProcedureDrill,
    TableOfPlayDrill,
)
from dealerdrill.settings import Settings
from dealerdrill.views.drill_panels_baccarat import PANELS, HandBox


def open_panel(qtbot, drill):
    panel = PANELS[drill.id](Settings())
    qtbot.addWidget(panel)
    panel.resize(760, 560)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    emitted = []
    panel.answered.connect(emitted.append)
    return panel, emitted


def commit(qtbot, panel, emitted):
    assert emitted == []          # nothing is sent before Enter
    qtbot.keyClick(panel, Qt.Key_Return)
    assert len(emitted) == 1
    return emitted[0]


def test_every_baccarat_drill_has_a_panel():
    assert set(PANELS) == {TableOfPlayDrill.id, CommissionDrill.id, SettleTableDrill.id, ShoeProcedureDrill.id,
                           ProcedureDrill.id, "baccarat.find_error", "baccarat.irregularities", "baccarat.chips"}
    for cls in PANELS.values():
        assert "Enter" in cls.KEYS


@pytest.mark.parametrize("family", ["banker6.third7", "natural.player9", "player7.banker4", None])
def test_table_of_play_by_keyboard(qtbot, family):
    drill = TableOfPlayDrill()
    item = drill.generate(Rng(17), 1, family)
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    assert panel.hasFocus() and "D = draw" in panel.toolTip()
    before = len(panel.player_box.cards)
    for hand in ("player", "banker"):
        qtbot.keyClick(panel, Qt.Key_D if item.key[hand] == "draw" else Qt.Key_S)
    # Each hand is shown as the engine dealt it once its call is made.
    assert len(panel.player_box.cards) == before + (item.key["player"] == "draw")
    assert panel.player_box.cards == [tuple(c) for c in item.key["hands"]["player"]]
    assert panel.banker_box.cards == [tuple(c) for c in item.key["hands"]["banker"]]
    qtbot.keyClick(panel, {"player": Qt.Key_P, "banker": Qt.Key_B, "tie": Qt.Key_T}[item.key["winner"]])
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert grade.correct
    panel.show_grade(item, grade)
    assert panel.player_box.caption == str(item.key["totals"]["player"])


def test_table_of_play_calls_are_final_and_wrong_answers_reach_the_drill(qtbot):
    drill = TableOfPlayDrill()
    item = drill.generate(Rng(5), 2)
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    wrong = "s" if item.key["player"] == "draw" else "d"
    qtbot.keyClicks(panel, wrong)
    shown = list(panel.player_box.cards)
    for key in (Qt.Key_Backspace, Qt.Key_Delete):        # no way back to the Player's call
        qtbot.keyClick(panel, key)
        assert panel.step == "banker" and panel.choices["player"] == {"s": "stand", "d": "draw"}[wrong]
        assert panel.player_box.cards == shown
    assert "final" in panel.entry.text()
    qtbot.keyClicks(panel, "sp")
    qtbot.keyClick(panel, Qt.Key_B)                      # the winner, which shows nothing, may still change
    answer = commit(qtbot, panel, emitted)
    assert answer["winner"] == "banker" and answer["player"] == {"s": "stand", "d": "draw"}[wrong]
    assert not drill.grade(item, answer).correct


def _item_where(drill, family, wanted):
    rng = Rng(23)
    for _ in range(200):
        item = drill.generate(rng, 1, family)
        if wanted(item.key):
            return item
    raise AssertionError("no such coup")


def test_a_wrong_player_call_never_deals_a_card_the_engine_did_not(qtbot):
    """The trainee says stand when the Player draws: the panel shows the Player's real three cards (the
    call is committed), the Banker keeps its own cards, and the Banker call is made on the real coup."""
    drill = TableOfPlayDrill()
    item = _item_where(drill, "banker5.third4", lambda k: k["player"] == "draw" and k["banker"] == "draw")
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    qtbot.keyClick(panel, Qt.Key_S)                      # wrong: the Player draws
    assert panel.player_box.cards == [tuple(c) for c in item.key["hands"]["player"]]
    assert len(panel.player_box.cards) == 3
    assert panel.banker_box.cards == [tuple(c) for c in item.prompt["banker"]]   # no card given to the Banker
    qtbot.keyClick(panel, Qt.Key_D)
    assert panel.banker_box.cards == [tuple(c) for c in item.key["hands"]["banker"]]
    qtbot.keyClick(panel, {"player": Qt.Key_P, "banker": Qt.Key_B, "tie": Qt.Key_T}[item.key["winner"]])
    grade = drill.grade(item, commit(qtbot, panel, emitted))
    assert not grade.correct and grade.category.name == "PLAYER_DRAW"


def test_a_draw_called_for_a_standing_banker_deals_no_card(qtbot):
    drill = TableOfPlayDrill()
    item = _item_where(drill, "banker6.third2", lambda k: k["player"] == "draw" and k["banker"] == "stand")
    panel, _emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    qtbot.keyClick(panel, Qt.Key_D)
    qtbot.keyClick(panel, Qt.Key_D)                      # wrong: Banker 6 stands on a 2
    assert panel.banker_box.cards == [tuple(c) for c in item.prompt["banker"]]
    every_card = panel.player_box.cards + panel.banker_box.cards
    assert every_card == [tuple(c) for c in item.key["hands"]["player"] + item.key["hands"]["banker"]]


def test_commission_by_keyboard(qtbot):
    drill = CommissionDrill()
    item = drill.generate(Rng(3), 2, "box.medium")
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    owed = item.key["owed"]
    qtbot.keyClicks(panel, "9")
    qtbot.keyClick(panel, Qt.Key_Backspace)
    qtbot.keyClicks(panel, f"{owed // 100}.{owed % 100:02d}")
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert grade.correct
    panel.show_grade(item, grade)


def test_settle_by_keyboard(qtbot):
    drill = SettleTableDrill()
    item = drill.generate(Rng(8), 1, "tie.full")
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    rows = item.key["rows"]
    for i, row in enumerate(rows):
        if row["result"] == "lose":
            qtbot.keyClick(panel, Qt.Key_T)
        elif row["result"] == "push":
            qtbot.keyClick(panel, Qt.Key_U)
        else:
            qtbot.keyClicks(panel, f"{row['pay'] // 100}.{row['pay'] % 100:02d}")
        if i < len(rows) - 1:
            qtbot.keyClick(panel, Qt.Key_Return)
    # Going back a wager and re-entering it keeps the answer whole.
    qtbot.keyClick(panel, Qt.Key_Up)
    assert panel.current == len(rows) - 2
    qtbot.keyClick(panel, Qt.Key_Return)
    last = rows[-1]
    qtbot.keyClicks(panel, "t" if last["result"] == "lose" else "u" if last["result"] == "push"
                    else f"{last['pay'] // 100}.{last['pay'] % 100:02d}")
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert grade.correct, (answer, grade.explanation)
    panel.show_grade(item, grade)


@pytest.mark.parametrize("cls,family", [(ShoeProcedureDrill, "burn"), (ShoeProcedureDrill, "cut.during"),
                                        (ProcedureDrill, "who.banker"), (ProcedureDrill, "both-at-once")])
def test_choices_by_keyboard(qtbot, cls, family):
    drill = cls()
    item = drill.generate(Rng(4), 1, family)
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    qtbot.keyClicks(panel, str(item.key))
    answer = commit(qtbot, panel, emitted)
    grade = drill.grade(item, answer)
    assert grade.correct
    panel.show_grade(item, grade)
    if item.prompt["options"]:
        assert item.prompt["options"][item.key - 1] in panel.options.text()


def test_hand_box_draws_cards_on_the_felt(qtbot):
    box = HandBox("PLAYER")
    qtbot.addWidget(box)
    box.resize(box.sizeHint())
    empty = box.grab().toImage()
    box.set_cards([[12, 2], [4, 0], [7, 1]])
    full = box.grab().toImage()
    centre = (box.width() // 5, box.height() // 2)
    assert empty.pixelColor(*centre) != full.pixelColor(*centre)


@pytest.mark.parametrize("cls,family", [(TableOfPlayDrill, None), (CommissionDrill, None), (SettleTableDrill, None),
                                        (ShoeProcedureDrill, "burn"), (ProcedureDrill, "who.banker")])
def test_enter_before_an_answer_says_what_is_missing(qtbot, cls, family):
    # Enter with nothing typed (or no call made) used to do nothing at all: no word on the panel, so a
    # trainee could not tell whether the key had been heard.
    drill = cls()
    item = drill.generate(Rng(6), 1, family)
    panel, emitted = open_panel(qtbot, drill)
    panel.show_item(item)
    before = panel.entry.text()
    qtbot.keyClick(panel, Qt.Key_Return)
    assert emitted == []
    said = panel.entry.text()
    assert said != before and "first" in said
    if cls is TableOfPlayDrill:
        assert "press D or S" in said
        qtbot.keyClick(panel, Qt.Key_D if item.key["player"] == "draw" else Qt.Key_S)
    else:
        qtbot.keyClicks(panel, "1")
    assert "first" not in panel.entry.text()          # said once, gone with the next key
