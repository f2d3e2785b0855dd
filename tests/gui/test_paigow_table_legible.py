"""The pai gow table reads well: the trainee's tiles carry the keys that choose them, a face-down tile has
no mark that could pass for a pip, and the status lines never push or rescale the table."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from dealerdrill.views.paigow_table import PaiGowSettings, PaiGowTable
from dealerdrill.views.tiles import STYLES, face_rect, tile_image


@pytest.fixture
def table(qtbot):
    widget = PaiGowTable(settings=PaiGowSettings(seed=2026, deal_step_ms=0))
    qtbot.addWidget(widget)
    widget.resize(1300, 640)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.mark.parametrize("style", list(STYLES))
def test_a_face_down_tile_has_no_spots(qapp, style):
    """Every pixel of a back is the back's own colour or its engraved line: no red, nothing light or dark
    enough to read as a pip."""
    _body, _edge, _pip, back = STYLES[style]
    image = tile_image(None, 80, face_up=False, style=style)
    top = face_rect(QRectF(0, 0, 80, 176)).adjusted(6, 6, -6, -6)
    worst = 0
    for x in range(int(top.left()), int(top.right()), 2):
        for y in range(int(top.top()), int(top.bottom()), 2):
            colour = image.pixelColor(x, y)
            worst = max(worst, abs(colour.lightness() - back.lightness()))
            assert not (colour.red() > 150 and colour.green() < 90), f"a red mark at {x},{y}"
    assert worst < 45


def test_the_trainees_tiles_carry_the_keys_that_choose_them(table):
    table.new_deal()
    image = table.canvas.grab().toImage()
    numbers = []
    for index in range(4):
        disc = table.tile_number_rect(index)
        tile = table.tile_rect(index)
        assert disc.intersects(tile) and not disc.contains(tile.center())  # on the tile's corner
        numbers.append(disc)
        # The disc is drawn: a gold ring and a gold number, unlike the ivory tile under it.
        corner, far = table.canvas.to_widget(disc.topLeft()), table.canvas.to_widget(disc.bottomRight())
        gold = sum(1 for x in range(int(corner.x()), int(far.x())) for y in range(int(corner.y()), int(far.y()))
                   if (c := image.pixelColor(x, y)).red() > 190 and c.green() > 150 and c.blue() < 150)
        assert gold > 10, f"no number drawn on tile {index + 1}"
    for i, disc in enumerate(numbers):
        for other in numbers[i + 1:]:
            assert not disc.intersects(other)
    # The number goes with the tile into a hand.
    table.move_tile(2, "high")
    assert table.tile_number_rect(2).intersects(table.tile_rect(2))


def test_the_status_lines_never_move_or_rescale_the_table(table, qtbot):
    QApplication.processEvents()
    before = table.canvas.geometry()
    table.new_deal()
    QApplication.processEvents()
    assert table.canvas.geometry() == before
    for index, slot in enumerate(("high", "high", "low", "low")):
        table.move_tile(index, slot)
    table.toggle_exposed()   # the showdown: the longest status text
    QApplication.processEvents()
    assert table.showdown is not None and table.status.text().count("\n") >= 2
    assert table.canvas.geometry() == before


def test_every_boxs_result_is_in_view_on_a_laptop(qtbot):
    # At a laptop's width the bank's line, with its rule's explanation, wrapped onto a second line, and the
    # other boxes' results, the status box's last line, were cut in half under it.
    from PySide6.QtCore import QRect, Qt

    widget = PaiGowTable(settings=PaiGowSettings(seed=2026, deal_step_ms=0))
    qtbot.addWidget(widget)
    widget.resize(1358, 560)
    widget.show()
    qtbot.waitExposed(widget)
    widget.new_deal()
    widget.toggle_exposed()
    QApplication.processEvents()
    lines = widget.status.text().split("\n")
    results = next(i for i, line in enumerate(lines) if "(each set the house way)" in line)
    assert any("Rule: " in line for line in lines[results + 1:])   # the long explanation comes last
    wrapped = widget.status.fontMetrics().boundingRect(QRect(0, 0, widget.status.width(), 10_000),
                                                       Qt.TextWordWrap, "\n".join(lines[:results + 1]))
    assert wrapped.height() <= widget.status_box.viewport().height()
