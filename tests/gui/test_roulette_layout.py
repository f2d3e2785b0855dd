"""The drawn layout: colours where the rules put them, and every wager position clickable to exactly its
wager (the set of wagers reached by clicking is compared with the engine's own list of the layout)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from qt_pixels import kind_of

from dealerdrill.core import roulette
from dealerdrill.views import roulette_geometry as geo
from dealerdrill.views.roulette_layout import CHIP_RADIUS, RouletteLayoutView


@pytest.fixture(params=[(896, 370), (1500, 520)], ids=["one-to-one", "resized"])
def layout(qtbot, request):
    view = RouletteLayoutView({n: roulette.color(n) for n in range(37)})
    qtbot.addWidget(view)
    view.resize(*request.param)
    view.show()
    qtbot.waitExposed(view)
    return view


def pixel(view, x_units: float, y_units: float):
    image = view.grab().toImage()
    point = view.layout_transform().map(QPointF(x_units, y_units)).toPoint()
    return image.pixelColor(point)


def test_number_boxes_have_the_engines_colours(layout):
    image = layout.grab().toImage()
    transform = layout.layout_transform()
    for number in range(1, 37):
        box = geo.cell_rect(number)
        # Below the printed number, inside the box.
        point = transform.map(QPointF(box.centre[0], box.top + box.height * 0.85)).toPoint()
        assert kind_of(image.pixelColor(point)) == roulette.color(number), number
    zero = geo.zero_rect()
    assert kind_of(image.pixelColor(transform.map(QPointF(zero.centre[0] + 10, zero.top + 12)).toPoint())) == "green"


def test_one_is_red_two_is_black_zero_is_green(layout):
    for number, expected in ((1, "red"), (2, "black")):
        box = geo.cell_rect(number)
        assert kind_of(pixel(layout, box.left + 8, box.top + 8)) == expected
    zero = geo.zero_rect()
    assert kind_of(pixel(layout, zero.right - 10, zero.bottom - 10)) == "green"


def test_red_and_black_boxes_carry_their_diamonds(layout):
    for name in ("red", "black"):
        assert kind_of(pixel(layout, *geo.outside_rect(name).centre)) == name


def click_every_position(qtbot, view) -> list:
    seen = []
    view.positionActivated.connect(seen.append)
    for position in view.positions():
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.spot_in_widget(position.key).toPoint())
    return seen


@pytest.mark.parametrize("first_four", [True, False])
def test_clicking_every_position_reaches_every_wager_once(qtbot, layout, first_four):
    layout.set_first_four(first_four)
    keys = click_every_position(qtbot, layout)
    clicked = [roulette.classify(key, first_four).name for key in keys]
    expected = sorted(w.name for w in roulette.layout_wagers(first_four))
    assert len(expected) == (157 if first_four else 156)
    assert sorted(clicked) == expected


def test_each_click_selects_the_numbers_drawn_around_it(qtbot, layout):
    """An inside position covers exactly the number boxes whose drawn edges are within reach of the click;
    on the outer edge (streets, six lines, first four) the whole rows it touches."""
    image = layout.grab().toImage()
    inverse, _ = layout.layout_transform().inverted()
    for position in layout.positions():
        if not position.is_inside:
            continue
        spot = layout.spot_in_widget(position.key)
        x, y = inverse.map(spot).x(), inverse.map(spot).y()
        reach = geo.LINE_GRAB
        on_outer_edge = abs(y - geo.GRID_BOTTOM) < 0.5
        near = set()
        for n in range(37):
            box = geo.zero_rect() if n == 0 else geo.cell_rect(n)
            across = box.left - reach <= x <= box.right + reach
            down = on_outer_edge or box.top - reach <= y <= box.bottom + reach
            if across and down:
                near.add(n)
        assert set(position.key) == near, position.key
        if len(position.key) > 1:
            # A chip covering several numbers sits on a drawn line: the pixel there is the pale line colour.
            colour = image.pixelColor(spot.toPoint())
            assert colour.lightness() > 170 and abs(colour.red() - colour.blue()) < 90, (position.key, colour.name())


def test_famous_positions(qtbot, layout):
    def click(x, y):
        got = []
        layout.positionActivated.connect(got.append)
        qtbot.mouseClick(layout, Qt.MouseButton.LeftButton, pos=layout.layout_transform().map(QPointF(x, y)).toPoint())
        layout.positionActivated.disconnect(got.append)
        return roulette.classify(got[0]).name if got else None

    box17, box20 = geo.cell_rect(17), geo.cell_rect(20)
    assert click(*box17.centre) == "straight 17"
    assert click(box17.right, box17.centre[1]) == "split 17-20"
    assert click(box17.right, box17.bottom) == "corner 16-17-19-20"
    assert click(box17.centre[0], geo.GRID_BOTTOM) == "street 16-17-18"
    assert click(geo.GRID_LEFT, geo.GRID_BOTTOM) == "first four 0-1-2-3"
    assert click(box20.right, geo.GRID_BOTTOM) == "six line 19-24"
    assert click(*geo.zero_rect().centre) == "straight 0"
    assert click(*geo.column_rect(1).centre) == roulette.classify("column1").name
    assert click(geo.GRID_LEFT - 1, geo.WIDTH) is None  # below the felt: nothing


def test_right_click_asks_to_remove(qtbot, layout):
    removed = []
    layout.positionRemoved.connect(removed.append)
    qtbot.mouseClick(layout, Qt.MouseButton.RightButton, pos=layout.spot_in_widget((5, 8)).toPoint())
    assert removed == [(5, 8)]


def test_stacks_are_drawn_on_their_spot(qtbot, layout):
    before = layout.grab().toImage()
    spot = layout.spot_in_widget("dozen2").toPoint()
    layout.set_stacks({"dozen2": [25, 25, 100]})
    after = layout.grab().toImage()
    assert before.pixelColor(spot) != after.pixelColor(spot)
    far = layout.spot_in_widget("dozen3").toPoint()
    assert before.pixelColor(far) == after.pixelColor(far)


def test_the_dolly_and_highlights_show_and_clear(qtbot, layout):
    box = geo.cell_rect(23)
    dolly_point = QPointF(box.right - 15, box.top + 20)
    before = pixel(layout, dolly_point.x(), dolly_point.y())
    layout.set_result(23, {(23,), "red"})
    assert layout.dolly() == 23 and layout.winning_keys() == {(23,), "red"}
    assert pixel(layout, dolly_point.x(), dolly_point.y()).lightness() > 200 > before.lightness()
    layout.set_result(None)
    assert layout.dolly() is None and not layout.winning_keys()
    assert pixel(layout, dolly_point.x(), dolly_point.y()) == before


def test_keyboard_cursor_walks_the_layout(layout):
    layout.set_focused_key((17,))
    assert layout.move_focus(1, 0) == (17, 20)
    assert layout.move_focus(1, 0) == (20,)
    layout.set_focused_key((17,))
    assert layout.move_focus(0, -1) == (17, 18)
    # Every position can be reached by walking from 1 (no position is unreachable by keyboard).
    reached = {(1,)}
    frontier = [(1,)]
    while frontier:
        key = frontier.pop()
        for direction in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            layout.set_focused_key(key)
            target = layout.move_focus(*direction)
            if target not in reached:
                reached.add(target)
                frontier.append(target)
    assert reached == {p.key for p in layout.positions()}



def spot_in_units(view, key) -> tuple[float, float]:
    inverse, _ = view.layout_transform().inverted()
    point = inverse.map(view.spot_in_widget(key))
    return point.x(), point.y()


@pytest.mark.parametrize("winner", [(14, 17), (13, 14, 16, 17), (16, 17, 18)], ids=["split", "corner", "street"])
def test_a_winning_line_or_crossing_is_lit_around_its_chip(layout, winner):
    # A chip covers its spot, so the light must show outside the chip, or "3 winning wagers lit on the layout"
    # shows fewer than three; a losing stack beside it stays unlit.
    loser = (10, 11)
    layout.set_stacks({winner: [1], loser: [1]})
    x, y = spot_in_units(layout, winner)
    lx, ly = spot_in_units(layout, loser)
    ring, losing_ring = (x, y - (CHIP_RADIUS + 3)), (lx, ly - (CHIP_RADIUS + 3))
    before, losing_before = pixel(layout, *ring), pixel(layout, *losing_ring)
    layout.set_result(17, {winner})
    lit = pixel(layout, *ring)
    assert lit.red() > 180 and lit.green() > 130 and lit.blue() < 120, (before.name(), lit.name())
    assert pixel(layout, *losing_ring) == losing_before
