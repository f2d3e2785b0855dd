"""Roulette chip stacks: every stake readable on busy layouts.

Labels never cover another label, a stack, the dolly, a number or a box's words; a stack of one value reads
as a count of that value, a stack of several values as its total with each chip showing; hovering a stack
names its wager.
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from dealerdrill.core import roulette
from dealerdrill.views.chips import chip_colour, stack_chip_centres, stack_label, stack_words
from dealerdrill.views.roulette_layout import CHIP_RADIUS, RouletteLayoutView


def complete(number: int, chip: int) -> dict:
    """Chips on every inside wager the engine says covers `number`, as many chips as its numbers (a dealer's
    full complete: straight 1, splits 2, streets 3, corners 4, six lines 6)."""
    stacks = {}
    for wager in roulette.covering(number, True):
        if not wager.kind.outside:
            stacks[tuple(sorted(wager.numbers))] = [chip] * len(wager.numbers)
    return stacks


BUSY_LAYOUTS = {
    "complete of 17 and outside wagers": (
        {**complete(17, 5), (0, 1, 2, 3): [5], (28, 29, 30): [5, 5], "red": [100], "dozen3": [25, 25],
         "column1": [10], (32,): [5], (31, 32): [100, 25], "odd": [25, 10, 5]}, 17),
    "complete of 0": (complete(0, 1), 0),
    "complete of 2 and of 5": ({**complete(2, 5), **complete(5, 25)}, 5),
    "complete of 36 at the corner": (complete(36, 5), 36),
    "two completes side by side": ({**complete(20, 5), **complete(23, 10)}, 23),
}


@pytest.fixture
def layout(qtbot):
    view = RouletteLayoutView({n: roulette.color(n) for n in range(37)})
    qtbot.addWidget(view)
    view.resize(1000, 413)
    view.show()
    qtbot.waitExposed(view)
    return view


def _intersect(a: QRectF, b: QRectF) -> bool:
    both = a.intersected(b)
    return both.isValid() and both.width() > 1e-6 and both.height() > 1e-6


@pytest.mark.parametrize("name", list(BUSY_LAYOUTS))
def test_no_label_covers_another_label_a_stack_the_dolly_or_a_number(layout, name):
    stacks, dolly = BUSY_LAYOUTS[name]
    layout.set_stacks(stacks)
    layout.set_result(dolly, ())
    labels = layout.chip_labels()
    assert {label.key for label in labels} == {key for key, chips in stacks.items() if len(chips) > 1}
    clashes = []
    for i, label in enumerate(labels):
        for other in labels[i + 1:]:
            if _intersect(label.rect, other.rect):
                clashes.append(f"{label.text} on {label.key} covers label {other.text} on {other.key}")
        for key in stacks:
            if _intersect(label.rect, layout.stack_rect(key)):
                clashes.append(f"{label.text} on {label.key} covers the stack on {key}")
        if _intersect(label.rect, layout.dolly_rect()):
            clashes.append(f"{label.text} on {label.key} covers the dolly")
        for text in layout.text_rects():
            if _intersect(label.rect, text):
                clashes.append(f"{label.text} on {label.key} covers printed text at {text}")
        assert QRectF(0, 0, 896, 370).contains(label.rect)
    assert clashes == []


def test_a_label_away_from_its_stack_is_joined_to_it(layout):
    layout.set_stacks(complete(17, 5))
    for label in layout.chip_labels():
        touching = label.rect.adjusted(-3, -3, 3, 3).intersects(label.anchor)
        assert label.leader == (not touching), label
        if label.leader:
            start, end = label.leader_line()
            assert label.anchor.adjusted(-1, -1, 1, 1).contains(start)
            assert label.rect.adjusted(-1, -1, 1, 1).contains(end)


@pytest.mark.parametrize("chips, label, words", [
    ([5, 5], "2 × $5", "2 × $5 = $10"),
    ([1] * 10, "10 × $1", "10 × $1 = $10"),
    ([100, 25], "$125", "$100 + $25 = $125"),
    ([25, 10, 25, 5], "$65", "2 × $25 + $10 + $5 = $65"),
    ([1000, 1000, 500], "$2,500", "2 × $1,000 + $500 = $2,500"),
    ([25], None, "one $25 chip"),
])
def test_a_stack_reads_as_its_chips_never_as_a_count_beside_a_total(chips, label, words):
    assert stack_label(chips) == label
    assert stack_words(chips) == words


def test_a_125_stack_shows_each_of_its_chips(layout):
    layout.set_stacks({(31, 32): [100, 25]})
    image = layout.grab().toImage()
    transform = layout.layout_transform()
    _x, _y = layout.positions()[0].spot  # any position: only used to reach the transform
    centres = stack_chip_centres(QPointF(*layout._by_key[(31, 32)].spot), CHIP_RADIUS, [100, 25])
    # The $100 chip below shows a rim below the $25 chip on top: sample each chip where only it is drawn.
    lower_only = transform.map(QPointF(centres[0].x(), centres[0].y() + CHIP_RADIUS * 0.92))
    upper_only = transform.map(QPointF(centres[1].x() - CHIP_RADIUS * 0.8, centres[1].y() - CHIP_RADIUS * 0.3))

    def near(colour: QColor, value: int) -> bool:
        want = chip_colour(value)
        return max(abs(colour.red() - want.red()), abs(colour.green() - want.green()),
                   abs(colour.blue() - want.blue())) < 60

    assert near(image.pixelColor(lower_only.toPoint()), 100)
    assert near(image.pixelColor(upper_only.toPoint()), 25)
    assert [label.text for label in layout.chip_labels()] == ["$125"]


def test_hovering_a_stack_names_its_wager(layout, qtbot):
    layout.set_stacks({(17, 20): [5, 5], "red": [100]})
    spot = layout.spot_in_widget((17, 20)).toPoint()
    event = QHelpEvent(QEvent.Type.ToolTip, spot, layout.mapToGlobal(spot))
    QApplication.sendEvent(layout, event)
    assert QToolTip.text() == "Split 17-20: 2 × $5 = $10"
    assert layout.wager_text("red") == "Red: one $100 chip"
    QToolTip.hideText()


def test_the_table_says_a_stacks_chips_when_the_cursor_is_on_it(roulette_table):
    messages = []
    roulette_table.message.connect(messages.append)
    roulette_table.place((17,), [25, 10])
    roulette_table.layout_view.set_focused_key((17,))
    assert messages[-1] == "straight 17 (pays 35 to 1), $25 + $10 = $35 on it"
