"""The wheel: pockets coloured by the engine at their computed angles, and spins that end where the engine
decided (signals waited on, animations shortened, no sleeps)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from qt_pixels import kind_of

from dealerdrill.core import Rng, roulette
from dealerdrill.views.roulette_wheel import RouletteWheelView


@pytest.fixture
def wheel(qtbot):
    view = RouletteWheelView(roulette.WHEEL_ORDER, {n: roulette.color(n) for n in range(37)})
    qtbot.addWidget(view)
    view.resize(420, 420)
    view.show()
    qtbot.waitExposed(view)
    return view


def assert_pockets_coloured(view):
    image = view.grab().toImage()
    for number in range(37):
        colour = image.pixelColor(view.pocket_point(number).toPoint())
        # Pockets are drawn a shade deeper than the number ring, so allow a darker red / green.
        found = kind_of(colour.lighter(125)) if kind_of(colour) not in ("red", "black", "green") else kind_of(colour)
        assert found == roulette.color(number), (number, colour.name())


def test_pockets_are_in_wheel_order_and_coloured(wheel):
    assert wheel.pocket_angle(0) == 0
    assert wheel.pocket_angle(roulette.WHEEL_ORDER[1]) == pytest.approx(360 / 37)
    assert_pockets_coloured(wheel)


def test_pockets_keep_their_colours_when_the_head_has_turned(qtbot, wheel):
    with qtbot.waitSignal(wheel.spinFinished, timeout=3000):
        wheel.spin_to(26, 0)
    assert wheel.wheel_angle() != 0
    assert wheel.pocket_under_ball() == 26
    wheel.clear_ball()  # the ball covers its pocket
    assert_pockets_coloured(wheel)


@pytest.mark.parametrize("number", [0, 26, 32, 17, 5])
def test_the_ball_stops_in_the_chosen_pocket(qtbot, wheel, number):
    with qtbot.waitSignal(wheel.spinFinished, timeout=5000) as finished:
        wheel.spin_to(number, 0.25)
    assert finished.args == [number]
    assert wheel.pocket_under_ball() == number
    image = wheel.grab().toImage()
    assert image.pixelColor(wheel.ball_point().toPoint()).lightness() > 200  # the white ball is drawn there
    assert not wheel.is_spinning()


def test_the_spin_animates_before_it_lands(qtbot, wheel):
    frames_before = wheel.frames_painted
    with qtbot.waitSignal(wheel.spinFinished, timeout=5000):
        wheel.spin_to(11, 0.4)
    assert wheel.frames_painted - frames_before > 3


def test_a_long_spin_can_be_skipped(qtbot, wheel):
    with qtbot.waitSignal(wheel.spinFinished, timeout=3000) as finished:
        wheel.spin_to(9, 30)
        assert wheel.is_spinning()
        wheel.skip()
    assert finished.args == [9] and wheel.pocket_under_ball() == 9


def test_a_number_off_the_wheel_is_refused(wheel):
    with pytest.raises(ValueError, match="not a pocket"):
        wheel.spin_to(37, 0)


def test_the_table_shows_the_engines_number(qtbot, roulette_table):
    expected = [roulette.spin(Rng(2024)) for _ in range(1)][0]  # same seed as the fixture's table
    with qtbot.waitSignal(roulette_table.spinFinished, timeout=5000) as finished:
        assert roulette_table.spin() == expected
    assert finished.args == [expected]
    assert roulette_table.wheel.pocket_under_ball() == expected
    assert roulette_table.layout_view.dolly() == expected


def test_space_spins_and_s_skips(qtbot, roulette_table):
    roulette_table.apply_settings(roulette_table.settings().__class__(animation_seconds=30))
    with qtbot.waitSignal(roulette_table.spinFinished, timeout=3000) as finished:
        qtbot.keyClick(roulette_table, Qt.Key.Key_Space)
        assert roulette_table.wheel.is_spinning()
        qtbot.keyClick(roulette_table, Qt.Key.Key_S)
    assert roulette_table.wheel.pocket_under_ball() == finished.args[0] == roulette_table.result()
