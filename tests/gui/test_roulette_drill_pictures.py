"""The roulette drills' pictures at Advanced, as drawn in the window at 1366 x 768 and 1920 x 1080, before and
after grading: no chip or note label covers another label, a stack, the dolly or a printed number; no leader
line crosses the dolly or the winning number (the dolly is drawn last, on top); every label touches its stack
or is joined to it by a leader line, and stays near it. And "Find the error" shows its picture and its whole
list of wagers at 1366 x 768 with no scroll bar. At Advanced the labels covered one another and leaders ran
across the dolly, and the list of wagers was cut off below the picture."""
from __future__ import annotations

import math
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QLineF, QRectF, QSize
from PySide6.QtWidgets import QApplication

from dealerdrill.domain import Mode, Target
from dealerdrill.views import roulette_geometry as geo
from dealerdrill.views.roulette_layout import LABEL_HEIGHT

SIZES = [QSize(1366, 768), QSize(1920, 1080)]
DRILLS = ("roulette.payout", "roulette.winners", "roulette.find_error")
SEEDS = range(4)
MAX_DRIFT = 8 * LABEL_HEIGHT   # layout units between a label and its stack, leader line or not


@pytest.fixture
def window(qtbot):
    from dealerdrill.app import MainWindow

    main = MainWindow()
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    main.desk.choose_guest()
    main.show_drills()
    return main


def _settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(5)


def _picture(panel):
    return getattr(panel, "layout_view", None) or panel.picture


def _covers(a: QRectF, b: QRectF) -> bool:
    both = a.intersected(b)
    return both.isValid() and both.width() > 0.5 and both.height() > 0.5


def _crosses(line: QLineF, box: QRectF) -> bool:
    """Whether the segment passes through the box: sampled finely (the box is a few pixels at least)."""
    return any(box.adjusted(1, 1, -1, -1).contains(line.pointAt(i / 200)) for i in range(201))


def _drawn_problems(view, where: str) -> list[str]:
    """Everything wrong with the labels as drawn, in widget pixels."""
    to_widget = view.layout_transform()
    drawn = lambda rect: to_widget.mapRect(rect)  # noqa: E731 - a short local name for the mapping
    labels = view.chip_labels()
    texts, number = view.text_rects(), view.dolly()    # text_rects: 1 to 36, then 0
    in_sight = {"the dolly": view.dolly_rect(),
                "the winning number": None if number is None else texts[36] if number == 0 else texts[number - 1]}
    stacks = [drawn(view.stack_rect(key)) for key in view.stacks()]
    numbers = [drawn(rect) for rect in texts]
    layout = drawn(QRectF(0, 0, geo.WIDTH, geo.HEIGHT))
    problems = []
    for i, label in enumerate(labels):
        rect, name = drawn(label.rect), f"{where}: {label.text!r}"
        problems += [f"{name} covers {other.text!r}" for other in labels[i + 1:] if _covers(rect, drawn(other.rect))]
        problems += [f"{name} covers a stack" for stack in stacks if _covers(rect, stack)]
        problems += [f"{name} covers a printed number" for number in numbers if _covers(rect, number)]
        for what, box in in_sight.items():
            if box is not None and _covers(rect, drawn(box)):
                problems.append(f"{name} covers {what}")
            if box is not None and label.leader and _crosses(QLineF(*map(to_widget.map, label.leader_line())),
                                                             drawn(box)):
                problems.append(f"{name}'s leader line crosses {what}")
        anchor = label.anchor
        gap = math.hypot(max(anchor.left() - label.rect.right(), label.rect.left() - anchor.right(), 0),
                         max(anchor.top() - label.rect.bottom(), label.rect.top() - anchor.bottom(), 0))
        if gap > MAX_DRIFT:
            problems.append(f"{name} drifted {gap:.0f} units from its stack")
        touching = label.rect.adjusted(-3, -3, 3, 3).intersects(anchor)
        if not touching and not label.leader:
            problems.append(f"{name} is away from its stack with no leader line")
        if label.leader:
            start, end = label.leader_line()
            if not (anchor.adjusted(-1, -1, 1, 1).contains(start) and label.rect.adjusted(-1, -1, 1, 1).contains(end)):
                problems.append(f"{name}'s leader line does not join it to its stack")
        if not layout.adjusted(-1, -1, 1, 1).contains(rect):
            problems.append(f"{name} is drawn off the layout")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "1920x1080"])
def test_advanced_labels_keep_clear_of_each_other_the_dolly_and_the_winning_number(qtbot, window, size):
    window.resize(size)
    drills = window.drills
    problems = []
    for drill_id in DRILLS:
        for seed in SEEDS:
            drills._seed = seed
            drills.start(drill_id, Mode.TIMED, difficulty=3, target=Target(seconds=600))
            _settle(qtbot)
            view = _picture(drills.panel)
            assert view.chip_labels(), f"{drill_id} seed {seed}: no labels drawn"
            problems += _drawn_problems(view, f"{drill_id} seed {seed} asking")
            drills._show_feedback(drills.session.time_out(601))
            _settle(qtbot)
            problems += _drawn_problems(view, f"{drill_id} seed {seed} graded")
            drills.finish()
    assert problems == [], "\n".join(problems[:20])


def test_find_the_error_shows_its_whole_list_at_1366_by_768(qtbot, window):
    # Timed: its countdown leaves the panel the least room.
    window.resize(1366, 768)
    drills = window.drills
    scroll = drills.panel_scroll
    cut = []
    for seed in range(8):
        drills._seed = seed
        drills.start("roulette.find_error", Mode.TIMED, difficulty=3, target=Target(seconds=600))
        _settle(qtbot)
        panel = drills.panel
        for line in panel.lines:   # every line marked, with a correction as long as a real one
            if "amount" in line["accepts"]:
                panel.marks[line["id"]] = "1,925"
        panel._refresh()
        for state in ("asking", "graded"):
            _settle(qtbot)
            shown = panel.lines_label.geometry().translated(panel.lines_label.parentWidget().mapTo(
                scroll.viewport(), panel.lines_label.parentWidget().rect().topLeft()))
            if scroll.verticalScrollBar().isVisible() or scroll.horizontalScrollBar().isVisible():
                cut.append(f"seed {seed} {state}: a scroll bar, panel {panel.size().toTuple()} in "
                           f"{scroll.viewport().size().toTuple()}")
            if not scroll.viewport().rect().contains(shown):
                cut.append(f"seed {seed} {state}: the list {shown} is not all in {scroll.viewport().rect()}")
            assert panel.picture.drawn_width() >= panel.picture.legible_width()
            if state == "asking":
                drills._show_feedback(drills.session.time_out(601))
        drills.finish()
    assert cut == []


def test_on_a_shorter_window_the_line_being_marked_stays_in_sight(qtbot, window):
    # At 1366 x 688 (a laptop less its task bar) the page scrolls a little: the line the cursor is on, in
    # either column, is scrolled into view.
    from PySide6.QtCore import Qt

    window.resize(1366, 688)
    drills = window.drills
    drills._seed = 1
    drills.start("roulette.find_error", Mode.TIMED, difficulty=3, target=Target(seconds=600))
    _settle(qtbot)
    panel, scroll = drills.panel, drills.panel_scroll
    rows = -(-len(panel.lines) // panel.line_columns())
    assert panel.line_columns() == 2 and rows < len(panel.lines)
    for index in range(len(panel.lines)):
        row_height = panel.lines_label.height() / rows
        middle = panel.lines_label.mapTo(scroll.viewport(), panel.lines_label.rect().topLeft()).y() + \
            row_height * (index % rows + 0.5)
        assert 0 <= middle <= scroll.viewport().height(), (index, middle, scroll.viewport().height())
        qtbot.keyClick(panel, Qt.Key.Key_Down)
        _settle(qtbot)
    drills.finish()
