"""The pai gow tiles and table: drawn pixels where the drawing must be, and the table driven by the engine."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from dealerdrill.core import paigow
from dealerdrill.views.paigow_table import PaiGowSettings, PaiGowTable
from dealerdrill.views.tiles import die_spots, paint_tile, pips, tile_image

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
    legal, _text = table.legality()
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


# --- the engine's delivery, the dealer's part, settings, menu ---------------------------------------------

class TextRecorder(QPainter):
    """A painter that remembers every text drawn, so a test can read what the felt says."""

    def __init__(self, device):
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args):
        self.texts.append(next(a for a in reversed(args) if isinstance(a, str)))
        return super().drawText(*args)


def felt_texts(table) -> list[str]:
    image = QImage(1600, 1100, QImage.Format_ARGB32)
    painter = TextRecorder(image)
    table.paint_table(painter)
    painter.end()
    return painter.texts


def set_hand(table, high, low):
    """Put the trainee's tiles into the slots as (high, low) faces."""
    tiles, remaining = table.player_tiles, list(range(4))
    for faces, slot in ((high, "high"), (low, "low")):
        for face in faces:
            index = next(i for i in remaining if tiles[i] == face)
            remaining.remove(index)
            assert table.move_tile(index, slot)


def test_which_box_gets_each_stack_is_what_the_engine_says(qtbot):
    from dataclasses import replace as dc_replace

    class ReversedDelivery:
        """The real engine, but its deal reports the stacks delivered the other way round the table while
        the hands stay as dealt. The two disagree on purpose, so the test can tell whether the table takes
        the engine's word for where each stack went or works it out by matching tiles."""
        def __getattr__(self, name):
            return getattr(paigow, name)

        def deal(self, seed=None, count_from=1):
            dealt = paigow.deal(seed=seed, count_from=count_from)
            return dc_replace(dealt, delivered_to=tuple(reversed(dealt.delivered_to)))

    widget = PaiGowTable(settings=PaiGowSettings(seed=9, deal_step_ms=0), engine=ReversedDelivery())
    qtbot.addWidget(widget)
    widget.new_deal()
    widget.finish_delivery()
    widget.delivered = 3
    assert widget.delivered_boxes() == set(widget.deal_result.delivered_to[:3])
    assert widget.deal_result.delivered_to == tuple(reversed(paigow.deal(seed=9).delivered_to))


def test_expose_sets_the_bank_the_house_way_and_judges_every_box(table, qtbot):
    table.new_deal()
    mine = table.player_tiles
    trainee_setting = paigow.settings(mine)[0]   # the engine's first legal setting: not necessarily its way
    set_hand(table, *trainee_setting)
    qtbot.keyClick(table, Qt.Key_X)
    sd = table.showdown
    bank = paigow.house_way(table.deal_result.hand_of(1), "nz")
    assert (sd.bank_box, sd.bank_high, sd.bank_low, sd.rule_title) == (1, bank.high, bank.low, bank.title)
    expected = {2: paigow.outcome(trainee_setting, (bank.high, bank.low))}
    for box in range(3, 9):
        own = paigow.house_way(table.deal_result.hand_of(box), "nz")
        expected[box] = paigow.outcome((own.high, own.low), (bank.high, bank.low))
    assert {box: r.outcome for box, r in sd.boxes.items()} == expected
    assert sd.boxes[2].set_by == "trainee" and sd.boxes[3].set_by == "house way"
    words = {"win": "wins", "lose": "loses", "push": "pushes"}
    text = table.status.text()
    assert f"Your box 2: your setting {words[expected[2]]} against the bank." in text
    assert f"Rule: {bank.title}." in text and "New Zealand house way" in text
    for box in range(3, 9):
        assert f"box {box} {words[expected[box]]}" in text.lower()
    # On the felt: each box names its result and its wager area takes the result's colour.
    texts = felt_texts(table)
    assert f"YOUR BOX {words[expected[2]].upper()}" in texts and "BANK: NEW ZEALAND WAY" in texts
    image = grab(table)
    for box in range(2, 9):
        t = table.geometry_.box_angles[box] + table.geometry_.box_half_span * 0.8
        edge = table.geometry_.point(t, sum(table.geometry_.rings["wager"]) / 2)  # off the text
        colour = sample(image, to_canvas(table, edge))
        if expected[box] == "win":
            assert colour.green() > colour.red() + 40, (box, colour.name())
        elif expected[box] == "lose":
            assert colour.red() > colour.green() + 40, (box, colour.name())
        else:
            assert abs(colour.red() - colour.green()) < 40, (box, colour.name())
    # The hands stay as set while exposed; X turns the tiles back down.
    assert not table.move_tile(0, None)
    qtbot.keyClick(table, Qt.Key_X)
    assert table.showdown is None and not table.exposed


def test_expose_before_setting_still_judges_the_other_boxes(table):
    table.new_deal()
    table.toggle_exposed()
    assert 2 not in table.showdown.boxes and set(table.showdown.boxes) == set(range(3, 9))
    assert "Your box 2: set both of your hands" in table.status.text()


def test_the_chosen_house_way_sets_the_bank(qtbot):
    from dataclasses import replace

    from dealerdrill.settings import Settings
    app = Settings()
    app = replace(app, paigow=replace(app.paigow, house_way="foxwoods", animation_seconds=0.0))
    widget = PaiGowTable(settings=app)
    qtbot.addWidget(widget)
    widget.new_deal()
    widget.toggle_exposed()
    bank = paigow.house_way(widget.deal_result.hand_of(1), "foxwoods")
    assert widget.showdown.way == "foxwoods" and widget.showdown.rule_title == bank.title
    assert (widget.showdown.bank_high, widget.showdown.bank_low) == (bank.high, bank.low)
    assert "Foxwoods house way" in widget.status.text()


def test_new_rules_start_a_new_deal_and_the_felt_shows_them(qtbot):
    from dataclasses import replace

    from dealerdrill.settings import Settings
    app = Settings()
    app = replace(app, paigow=replace(app.paigow, animation_seconds=0.0))
    widget = PaiGowTable(settings=app)
    qtbot.addWidget(widget)
    widget.new_deal()
    widget.move_tile(0, "high")
    widget.toggle_exposed()
    first = widget.deal_result
    said = []
    widget.message.connect(said.append)
    new = replace(app, paigow=replace(app.paigow, commission_percent=4.0, minimum_bet=25, maximum_bet=2500,
                                      house_way="canberra", chip_values=(5, 25, 100)))
    widget.apply_settings(new)
    assert widget.deal_result is not first and widget.showdown is None and not widget.exposed
    assert widget.placement == [None] * 4 and said == ["New table rules: a new deal"]
    texts = felt_texts(widget)
    for words in ("WINNING WAGERS PAY EVEN MONEY LESS 4%", "MIN $25", "MAX $2,500"):
        assert words in texts, words
    widget.toggle_exposed()
    assert widget.showdown.way == "canberra"
    dealt = widget.deal_result
    widget.apply_settings(replace(new, paigow=replace(new.paigow, animation_seconds=1.5)))
    assert widget.deal_result is dealt and widget.exposed     # no rule changed: the deal stays


def test_status_keeps_the_engines_tile_names_as_written(table):
    table.new_deal()
    tiles = table.player_tiles
    high, low = paigow.settings(tiles)[0]
    if paigow.compare(high, low) == 0:  # a copy cannot be set the wrong way round; try the next deal
        table.new_deal()
        tiles = table.player_tiles
        high, low = paigow.settings(tiles)[0]
    set_hand(table, low, high)        # the wrong way round
    with pytest.raises(paigow.IllegalSetting) as refused:
        paigow.check_setting((low, high))
    message = str(refused.value)
    assert message[1:] in table.status.text() and any(c.isupper() for c in message[1:])


def test_the_table_menu_offers_new_deal_and_expose_with_their_keys(table):
    actions = {a.text().replace("&", ""): a for a in table.table_actions()}
    assert sorted(a.shortcut().toString() for a in actions.values()) == ["F", "N", "X"]
    by_key = {a.shortcut().toString(): a for a in actions.values()}
    by_key["N"].trigger()
    assert table.deal_result is not None
    by_key["X"].trigger()
    assert table.exposed and table.showdown is not None


def test_the_dealers_tray_uses_each_chips_own_colour(qtbot):
    from dealerdrill.views.chips import chip_colour
    widget = PaiGowTable(settings=PaiGowSettings(chip_values=(1, 25, 100), deal_step_ms=0))
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    widget.show()
    image = grab(widget)
    tray = widget.geometry_.chip_tray
    for i, value in enumerate((1, 25, 100)):
        centre = QPointF(tray.left() + (i + 0.5) * tray.width() / 3, tray.center().y())
        radius = min(tray.width() / 3 * 0.42, tray.height() * 0.40)
        colour = sample(image, to_canvas(widget, centre + QPointF(radius * 0.8, 0)))
        expected = chip_colour(value)
        assert abs(colour.red() - expected.red()) + abs(colour.green() - expected.green()) \
            + abs(colour.blue() - expected.blue()) < 60, (value, colour.name(), expected.name())
