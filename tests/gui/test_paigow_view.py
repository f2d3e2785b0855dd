"""The pai gow tiles and table: drawn pixels where the drawing must be, and the table driven by the engine."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap  # noqa: E402

from dealerdrill.core import paigow  # noqa: E402
from dealerdrill.views.paigow_table import PaiGowSettings, PaiGowTable  # noqa: E402
from dealerdrill.views.tiles import die_spots, paint_tile, pips, tile_image  # noqa: E402

ALL_FACES = sorted({t.face for t in paigow.TILES})


def expected_red_pips(face: str) -> int:
    """How many red pips a real tile shows (the convention documented in tiles.py, counted independently):
    every pip of a 1 or a 4 half is red; the Teen (6-6) has 3 red pips in each half; nothing else is red."""
    a, b = (int(x) for x in face.split("-"))
    if (a, b) == (6, 6):
        return 6
    return sum(n for n in (a, b) if n in (1, 4))


def is_red(colour: QColor) -> bool:
    return colour.red() > 150 and colour.green() < 90 and colour.blue() < 90


def is_dark(colour: QColor) -> bool:
    """A black pip, not the dark green felt."""
    return max(colour.red(), colour.green(), colour.blue()) < 80 and colour.green() - colour.red() < 25


def is_ivory(colour: QColor) -> bool:
    return colour.red() > 200 and colour.green() > 190 and colour.blue() > 150


def sample(image: QImage, point: QPointF, dpr: float = 1.0) -> QColor:
    return image.pixelColor(int(point.x() * dpr), int(point.y() * dpr))


@pytest.fixture
def table(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path))
    widget = PaiGowTable(settings=PaiGowSettings(seed=2026, deal_step_ms=0))
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    widget.show()
    return widget


# --- tiles ------------------------------------------------------------------------------------------------

def test_every_face_has_its_pips_and_only_the_real_red_ones(qapp):
    assert len(ALL_FACES) == 21
    for face in ALL_FACES:
        a, b = (int(x) for x in face.split("-"))
        rect = QRectF(0, 0, 80, 176)
        spots = pips(face, rect)
        assert len(spots) == a + b, face
        image = tile_image(face, 80)
        reds = sum(1 for spot in spots if is_red(sample(image, spot.centre)))
        darks = sum(1 for spot in spots if is_dark(sample(image, spot.centre)))
        assert reds == expected_red_pips(face), face
        assert reds + darks == a + b, face


def test_teen_shows_half_red_and_day_shows_big_red_spots(qapp):
    teen = pips("6-6", QRectF(0, 0, 80, 176))
    for half in (0, 1):
        colours = [spot.red for spot in teen if spot.half == half]
        assert colours.count(True) == 3 and colours.count(False) == 3
    day = pips("1-1", QRectF(0, 0, 80, 176))
    six = pips("6-6", QRectF(0, 0, 80, 176))
    assert all(spot.red for spot in day)
    assert min(s.radius for s in day) > max(s.radius for s in six)


def test_tile_body_is_ivory_between_the_pips_and_the_back_has_no_pips(qapp):
    face = tile_image("5-5", 80)
    # Between the halves, on the tile's centre line, there is no pip and no dividing bar: plain ivory.
    assert is_ivory(face.pixelColor(40, 84))
    back = tile_image(None, 80, face_up=False)
    front_spots = pips("4-4", QRectF(0, 0, 80, 176))
    assert not any(is_red(sample(back, spot.centre)) for spot in front_spots)


def test_tiles_are_crisp_at_twice_the_device_pixel_ratio(qapp):
    image = tile_image("1-3", 80, device_pixel_ratio=2.0)
    assert image.width() == 160
    for spot in pips("1-3", QRectF(0, 0, 80, 176)):
        colour = sample(image, spot.centre, dpr=2.0)
        assert is_red(colour) if spot.red else is_dark(colour)
        # the edge of a 2x pip is within a pixel or two of where the geometry says (no blurry upscale)
        edge = QPointF(spot.centre.x() + spot.radius * 0.8, spot.centre.y())
        assert not is_ivory(sample(image, edge, dpr=2.0))


def test_horizontal_tile_reads_first_half_on_the_left(qapp):
    image = QImage(176, 80, QImage.Format_ARGB32)
    image.fill(Qt.black)
    painter = QPainter(image)
    paint_tile(painter, QRectF(0, 0, 176, 80), "1-6", horizontal=True)
    painter.end()
    left = [image.pixelColor(x, y) for x in range(10, 80) for y in range(10, 70)]
    right = [image.pixelColor(x, y) for x in range(96, 166) for y in range(10, 70)]
    assert any(is_red(c) for c in left)        # the 1
    assert not any(is_red(c) for c in right)   # a six on a tile that is not the Teen: no red


def test_dice_have_red_one_and_four(qapp):
    for value in range(1, 7):
        spots = die_spots(value, QRectF(0, 0, 60, 60))
        assert len(spots) == value
        assert all(s.red == (value in (1, 4)) for s in spots)


# --- the table --------------------------------------------------------------------------------------------

def grab(table: PaiGowTable) -> QImage:
    return table.canvas.grab().toImage()


def to_canvas(table: PaiGowTable, design: QPointF) -> QPointF:
    return table.canvas.to_widget(design)


def design_scale(table: PaiGowTable) -> float:
    return table.canvas.to_widget(QPointF(1, 0)).x() - table.canvas.to_widget(QPointF(0, 0)).x()


def test_deal_comes_from_the_engine_and_the_dealt_tiles_show_their_pips(table):
    table.new_deal()
    expected = paigow.deal(seed=2026, count_from=1)
    assert table.deal_result.dice == expected.dice
    assert table.player_tiles == tuple(expected.hand_of(2))
    image = grab(table)
    for index, face in enumerate(table.player_tiles):
        rect = table.tile_rect(index)
        for spot in pips(face, rect):
            colour = sample(image, to_canvas(table, spot.centre))
            assert is_red(colour) if spot.red else is_dark(colour), (face, spot)


def test_woodpile_is_eight_stacks_until_delivered_and_dice_show_the_engine_throw(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path))
    widget = PaiGowTable(settings=PaiGowSettings(seed=5, deal_step_ms=5))
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    widget.show()
    before = grab(widget)
    for rect in widget.geometry_.woodpile:  # every stack drawn as tile backs
        assert is_ivory(sample(before, to_canvas(widget, rect.center()))) or \
            sample(before, to_canvas(widget, rect.center())).red() > 150
    widget.new_deal()
    qtbot.waitUntil(lambda: widget.delivered == 8, timeout=3000)  # delivered by a timer: the UI never blocks
    after = grab(widget)
    felt = sample(after, to_canvas(widget, widget.geometry_.woodpile[0].center()))
    assert felt.green() > felt.red()  # the stack has left the woodpile: felt shows
    for rect, value in zip(widget.geometry_.dice, widget.deal_result.dice):
        centre = sample(after, to_canvas(widget, rect.center()))
        if value == 1:
            assert is_red(centre)
        elif value in (3, 5):
            assert is_dark(centre)
        else:  # even faces have no centre pip
            assert is_ivory(centre) or centre.lightness() > 180


def test_keyboard_sets_the_hand_and_the_engine_describes_it(table, qtbot):
    qtbot.keyClick(table, Qt.Key_N)
    tiles = table.player_tiles
    assert len(tiles) == 4
    for key, slot in ((Qt.Key_1, Qt.Key_H), (Qt.Key_2, Qt.Key_H), (Qt.Key_3, Qt.Key_L), (Qt.Key_4, Qt.Key_L)):
        qtbot.keyClick(table, key)
        qtbot.keyClick(table, slot)
    assert table.hand_in("high") == tiles[:2] and table.hand_in("low") == tiles[2:]
    assert table.description("high") == paigow.hand(*tiles[:2]).label
    assert table.description("low") == paigow.hand(*tiles[2:]).label
    legal, text = table.legality()
    assert legal == paigow.is_legal((tiles[:2], tiles[2:]))
    # A third tile cannot go into a full hand; Backspace takes the selected tile back.
    qtbot.keyClick(table, Qt.Key_1)
    qtbot.keyClick(table, Qt.Key_L)
    assert table.placement[0] == "high"
    qtbot.keyClick(table, Qt.Key_Backspace)
    assert table.placement[0] is None and table.current_setting() is None


def test_both_kinds_of_setting_are_judged_by_the_engine(table):
    table.new_deal()
    tiles = table.player_tiles
    for high, low in paigow.settings(tiles):
        # put the engine's legal setting in the slots the right way round, then the wrong way round
        for slot_of_high, slot_of_low in (("high", "low"), ("low", "high")):
            table.placement = [None] * 4
            remaining = list(range(4))
            for faces, slot in ((high, slot_of_high), (low, slot_of_low)):
                for face in faces:
                    index = next(i for i in remaining if tiles[i] == face)
                    remaining.remove(index)
                    assert table.move_tile(index, slot)
            setting = table.current_setting()
            assert table.legality()[0] == paigow.is_legal(setting)


def test_a_tile_dragged_with_the_mouse_lands_in_the_high_hand(table, qtbot):
    table.new_deal()
    canvas = table.canvas
    start = to_canvas(table, table.tile_rect(0).center()).toPoint()
    target = to_canvas(table, table.geometry_.slots["high"].center()).toPoint()
    qtbot.mousePress(canvas, Qt.LeftButton, pos=start)
    qtbot.mouseMove(canvas, pos=QPoint((start.x() + target.x()) // 2, (start.y() + target.y()) // 2))
    qtbot.mouseMove(canvas, pos=target)
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=target)
    assert table.placement[0] == "high"
    image = grab(table)
    place = table.geometry_.slot_places("high")[0]
    for spot in pips(table.player_tiles[0], place):
        colour = sample(image, to_canvas(table, spot.centre))
        assert is_red(colour) if spot.red else is_dark(colour)
    # the place it came from is empty felt now
    old = sample(image, to_canvas(table, table.geometry_.hand_places[0].center()))
    assert not is_ivory(old)


def test_the_table_scales_with_the_window_and_renders_at_2x(table):
    table.new_deal()
    small_scale = design_scale(table)
    table.resize(1800, 1300)
    assert design_scale(table) > small_scale * 1.3
    size = table.canvas.size()
    pixmap = QPixmap(size * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.black)
    table.canvas.render(pixmap)
    image = pixmap.toImage()
    face = table.player_tiles[0]
    for spot in pips(face, table.tile_rect(0)):
        colour = sample(image, to_canvas(table, spot.centre), dpr=2.0)
        assert is_red(colour) if spot.red else is_dark(colour)


def test_expose_all_shows_every_box_face_up(table, qtbot):
    table.new_deal()
    before = grab(table)
    qtbot.keyClick(table, Qt.Key_X)
    after = grab(table)
    assert table.exposed
    # Exposed tiles add pips (red or dark) inside the tile areas of the other boxes.
    g = table.geometry_

    def marks(image, box):
        c = to_canvas(table, g.ring_centre(box, "tiles"))
        return sum(1 for dx in range(-60, 61, 3) for dy in range(-60, 61, 3)
                   if is_dark(image.pixelColor(int(c.x()) + dx, int(c.y()) + dy))
                   or is_red(image.pixelColor(int(c.x()) + dx, int(c.y()) + dy)))
    assert all(marks(after, box) > marks(before, box) for box in range(3, 9))


def test_the_apps_settings_plug_in(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path))
    from dataclasses import replace

    from dealerdrill.settings import Settings
    app_settings = Settings()
    app_settings = replace(app_settings, paigow=replace(app_settings.paigow, animation_seconds=0.0))
    widget = PaiGowTable(settings=app_settings)
    qtbot.addWidget(widget)
    widget.show()
    widget.new_deal()
    assert widget.delivered == 8 and len(widget.player_tiles) == 4   # animation 0: delivered at once
