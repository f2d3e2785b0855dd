"""Roulette drill panels: each drill answered with the keyboard only, the emitted answer graded right by the
drill; wrong answers come back wrong; grading marks the layout."""
from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from dealerdrill.core import Rng
from dealerdrill.drills.roulette_drills import CompletesDrill, PayoutDrill, PayoutKeysDrill, WinningPositionsDrill
from dealerdrill.views import roulette_geometry as geo
from dealerdrill.views.drill_panels_roulette import PANELS

ARROW_KEYS = {(-1, 0): Qt.Key.Key_Left, (1, 0): Qt.Key.Key_Right, (0, -1): Qt.Key.Key_Up, (0, 1): Qt.Key.Key_Down}


def as_key(position):
    return tuple(position) if isinstance(position, list) else position


def arrows_to(start, target, first_four=True):
    """The arrow keys that take the cursor from `start` to `target`, found over the layout's own cursor
    moves (roulette_geometry.neighbour), breadth first."""
    positions = geo.layout_positions(first_four)
    by_key = {p.key: p for p in positions}
    seen, queue = {start: []}, deque([start])
    while queue:
        key = queue.popleft()
        if key == target:
            return seen[key]
        for direction, arrow in ARROW_KEYS.items():
            nxt = geo.neighbour(positions, by_key[key], *direction).key
            if nxt not in seen:
                seen[nxt] = seen[key] + [arrow]
                queue.append(nxt)
    raise AssertionError(f"the cursor cannot reach {target}")


def go_to(qtbot, panel, target):
    for arrow in arrows_to(panel.layout_view.focused_key(), as_key(target)):
        qtbot.keyClick(panel, arrow)
    assert panel.layout_view.focused_key() == as_key(target)


def make_panel(qtbot, drill_id):
    panel = PANELS[drill_id]()
    qtbot.addWidget(panel)
    panel.resize(1100, 650)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    return panel


def commit(qtbot, panel, target=None):
    with qtbot.waitSignal(panel.answered, timeout=2000) as blocker:
        qtbot.keyClick(target or panel, Qt.Key.Key_Return)
    return blocker.args[0]


def test_every_roulette_drill_has_a_panel():
    assert set(PANELS) == {PayoutDrill.id, CompletesDrill.id, PayoutKeysDrill.id, WinningPositionsDrill.id,
                           "roulette.find_error", "roulette.irregularities", "roulette.chips"}


@pytest.mark.parametrize("level,seed", [(2, 3), (3, 5), (5, 7)])
def test_paying_the_layout_with_the_keyboard(qtbot, level, seed):
    drill = PayoutDrill()
    item = drill.generate(Rng(seed), level, "roulette.payout.split")
    panel = make_panel(qtbot, drill.id)
    panel.show_item(item)
    panel.setFocus()
    ask = item.prompt["ask"]
    if ask != "total":
        for position, amount in item.key["payments"]:
            go_to(qtbot, panel, position)
            qtbot.keyClicks(panel, str(amount))
            qtbot.keyClick(panel, Qt.Key.Key_Space)
        assert [a for _, a in panel.payments] == [a for _, a in item.key["payments"]]
    if ask != "positions":
        qtbot.keyClicks(panel, str(item.key["total"]) + "9")
        qtbot.keyClick(panel, Qt.Key.Key_Backspace)  # a slip corrected before committing
        assert panel.typed == str(item.key["total"])
    answer = commit(qtbot, panel)
    grade = drill.grade(item, answer)
    assert grade.correct, grade.explanation
    panel.show_grade(item, grade)
    assert panel.layout_view.winning_keys() == {as_key(p) for p, _ in item.key["payments"]}


def test_a_wrong_payment_from_the_panel_is_graded_wrong_and_marked(qtbot):
    drill = PayoutDrill()
    item = drill.generate(Rng(11), 2, "roulette.payout.corner")
    panel = make_panel(qtbot, drill.id)
    panel.show_item(item)
    panel.setFocus()
    (position, amount), *_rest = item.key["payments"]
    go_to(qtbot, panel, position)
    qtbot.keyClicks(panel, str(amount + 1))
    qtbot.keyClick(panel, Qt.Key.Key_P)
    answer = commit(qtbot, panel)
    grade = drill.grade(item, answer)
    assert not grade.correct
    panel.show_grade(item, grade)
    notes = panel.layout_view.notes()
    assert notes[as_key(position)][0].startswith("pay ")


def test_nothing_is_emitted_before_enter_and_the_total_is_required(qtbot):
    drill = PayoutDrill()
    item = drill.generate(Rng(2), 3)
    item = replace(item, prompt={**item.prompt, "ask": "total"})   # a total alone, as the panel still takes
    panel = make_panel(qtbot, drill.id)
    panel.show_item(item)
    panel.setFocus()
    emitted = []
    panel.answered.connect(emitted.append)
    qtbot.keyClick(panel, Qt.Key.Key_Return)  # no total typed yet
    assert emitted == [] and "total" in panel.status.text()
    qtbot.keyClicks(panel, str(item.key["total"]))
    assert emitted == []
    qtbot.keyClick(panel, Qt.Key.Key_Enter)
    assert emitted == [{"total": item.key["total"]}]


@pytest.mark.parametrize("family", ["roulette.winners.winners.zero", "roulette.winners.clear.side"])
def test_marking_positions_with_the_keyboard(qtbot, family):
    drill = WinningPositionsDrill()
    item = drill.generate(Rng(4), 3, family)
    panel = make_panel(qtbot, drill.id)
    panel.show_item(item)
    panel.setFocus()
    wanted = item.key["winners"] if item.key["task"] == "winners" else item.key["losers"]
    extra = (item.key["losers"] if item.key["task"] == "winners" else item.key["winners"])[0]
    go_to(qtbot, panel, extra)  # marked by mistake, then unmarked
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    for position in wanted:
        go_to(qtbot, panel, position)
        qtbot.keyClick(panel, Qt.Key.Key_Space)
    answer = commit(qtbot, panel)
    grade = drill.grade(item, answer)
    assert grade.correct, grade.explanation
    panel.show_grade(item, grade)
    assert panel.layout_view.winning_keys() == {as_key(p) for p in item.key["winners"]}
    assert panel.layout_view.dolly() == item.key["number"]


@pytest.mark.parametrize("drill_class,family", [
    (CompletesDrill, "roulette.complete.17"),
    (CompletesDrill, "roulette.picture.straight_splits_corner"),
    (PayoutKeysDrill, "roulette.keys.35"),
    (PayoutKeysDrill, "roulette.keys.8"),
])
def test_numeric_questions_with_the_keyboard(qtbot, drill_class, family):
    drill = drill_class()
    panel = make_panel(qtbot, drill.id)
    for level in (1, 4):
        item = drill.generate(Rng(level), level, family)
        panel.show_item(item)
        panel.setFocus()
        qtbot.waitUntil(panel.entry.hasFocus)
        # A letter typed stays in the field and Enter refuses the answer, saying why (never read as a number).
        qtbot.keyClicks(panel.entry, "x" + str(item.key["answer"]))
        assert panel.entry.text() == "x" + str(item.key["answer"])
        emitted = []
        panel.answered.connect(emitted.append)
        qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
        panel.answered.disconnect(emitted.append)
        assert emitted == [] and "is not a whole number" in panel.status.text()
        panel.entry.setText(str(item.key["answer"]))
        answer = commit(qtbot, panel, panel.entry)
        assert answer == item.key["answer"]
        grade = drill.grade(item, answer)
        assert grade.correct
        panel.show_grade(item, grade)
        assert grade.expected in panel.status.text()


def test_the_number_entry_passes_letters_such_as_h_on_to_the_page(qtbot):
    """H asks the drill page for a hint: the numeric entry must not swallow it."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    class Page(QWidget):
        def __init__(self):
            super().__init__()
            self.keys = []

        def keyPressEvent(self, event):
            self.keys.append(event.key())

    page = Page()
    qtbot.addWidget(page)
    drill = PayoutKeysDrill()
    panel = PANELS[drill.id](parent=page)
    QVBoxLayout(page).addWidget(panel)
    page.resize(700, 500)
    page.show()
    qtbot.waitExposed(page)
    panel.show_item(drill.generate(Rng(3), 1, "roulette.keys.35"))
    panel.entry.setFocus()
    qtbot.keyClicks(panel.entry, "h")
    assert page.keys == [Qt.Key.Key_H] and panel.entry.text() == ""
    qtbot.keyClicks(panel.entry, "35")
    assert panel.entry.text() == "35" and page.keys == [Qt.Key.Key_H]


def test_a_picture_is_drawn_before_the_answer_and_a_complete_only_after(qtbot):
    drill = CompletesDrill()
    panel = make_panel(qtbot, drill.id)
    picture = drill.generate(Rng(1), 2, "roulette.picture.all_corners")
    panel.show_item(picture)
    assert panel.layout_view.stacks().keys() == {as_key(b["position"]) for b in picture.prompt["bets"]}
    complete = drill.generate(Rng(1), 3, "roulette.complete.5")
    panel.show_item(complete)
    assert not panel.layout_view.stacks()
    panel.show_grade(complete, drill.grade(complete, complete.key["answer"] + 1))
    assert set(panel.layout_view.stacks()) == {as_key(p) for p, _, _ in complete.key["wagers"]}


def test_the_completes_answer_box_asks_for_what_the_question_wants(qtbot):
    # The empty box read "amount" when the question asked how many wagers or chips a complete takes.
    panel = make_panel(qtbot, "roulette.completes")
    drill = CompletesDrill()
    wanted = {}
    for seed in range(40):
        item = drill.generate(Rng(seed), 1 + seed % 3)
        panel.show_item(item)
        wanted[item.prompt["ask"]] = panel.entry.placeholderText()
    assert wanted == {"wagers": "number of wagers", "chips": "number of chips", "cost": "amount in dollars",
                      "pays": "amount in dollars"}
