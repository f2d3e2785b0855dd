"""The roulette table as a trainee drives it: mouse and keyboard betting, limits, and results from the engine."""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from dealerdrill.core import Rng, roulette
from dealerdrill.views.roulette_table import make_change


def click(qtbot, table, key, button=Qt.MouseButton.LeftButton):
    view = table.layout_view
    qtbot.mouseClick(view, button, pos=view.spot_in_widget(key).toPoint())


def test_left_click_places_the_selected_chip_and_right_click_takes_it_back(qtbot, roulette_table):
    table = roulette_table
    table.tray.select_index(2)
    chip = table.settings().chip_values[2]
    click(qtbot, table, (17, 20))
    click(qtbot, table, (17, 20))
    assert table.bets() == {(17, 20): [chip, chip]}
    click(qtbot, table, (17, 20), Qt.MouseButton.RightButton)
    assert table.bets() == {(17, 20): [chip]}
    click(qtbot, table, (17, 20), Qt.MouseButton.RightButton)
    assert table.bets() == {}


def test_keyboard_betting(qtbot, roulette_table):
    table = roulette_table
    table.layout_view.set_focused_key((17,))
    qtbot.keyClick(table, Qt.Key.Key_Right)          # onto the line 17-20
    qtbot.keyClick(table, Qt.Key.Key_2)              # second chip
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.keyClick(table, Qt.Key.Key_Plus)
    chip = table.settings().chip_values[1]
    assert table.bets() == {(17, 20): [chip, chip]}
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert table.bets() == {(17, 20): [chip]}
    qtbot.keyClick(table, Qt.Key.Key_Minus)
    assert table.bets() == {}


def test_number_pad_types_an_amount(qtbot, roulette_table):
    table = roulette_table
    table.layout_view.set_focused_key((5,))
    for key in (Qt.Key.Key_3, Qt.Key.Key_6):
        qtbot.keyClick(table, key, Qt.KeyboardModifier.KeypadModifier)
    qtbot.keyClick(table, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert sum(table.bets()[(5,)]) == 36
    assert table.bets()[(5,)] == make_change(36, table.settings().chip_values)


def test_make_change_uses_the_chips_there_are():
    assert make_change(36, (1, 5, 10, 25)) == [25, 10, 1]
    assert make_change(7, (5, 25)) is None


def test_table_limits_are_enforced_in_plain_words(qtbot, roulette_table):
    table = roulette_table
    table.apply_settings(replace(table.settings(), maximum_inside=10, chip_values=(5, 25)))
    messages = []
    table.message.connect(messages.append)
    assert table.place((8,), [5, 5])
    assert not table.place((8,), [5])
    assert table.bets() == {(8,): [5, 5]}
    assert "most on an inside wager" in messages[-1] and "$10" in messages[-1]
    assert table.place("black", [25])  # outside wagers have their own maximum


def test_spin_refused_below_the_table_minimum(qtbot, roulette_table):
    table = roulette_table
    table.apply_settings(replace(table.settings(), minimum_bet=5))
    messages = []
    table.message.connect(messages.append)
    table.place((3,), [1])
    assert table.spin() is None and not table.wheel.is_spinning()
    assert "at least $5" in messages[-1] and "straight 3" in messages[-1]


def test_first_four_follows_the_table_setting(qtbot, roulette_table):
    table = roulette_table
    assert table.place((0, 1, 2, 3), [5])
    messages = []
    table.message.connect(messages.append)
    table.apply_settings(replace(table.settings(), first_four=False))
    assert table.bets() == {}  # its chips were returned
    assert not table.place((0, 1, 2, 3), [5])
    assert "not offered" in messages[-1]


def test_results_are_settled_and_highlighted(qtbot, roulette_table):
    table = roulette_table
    number = roulette.spin(Rng(2024))  # the fixture's table draws with this seed
    other = 1 if number != 1 else 2
    table.place((number,), [5])
    table.place((other,), [10])
    table.place("dozen1", [25])
    with qtbot.waitSignal(table.spinFinished, timeout=5000):
        table.spin()
    results = {name: (stake, won) for name, stake, won in table.last_winnings()}
    assert results[f"straight {number}"] == (5, 5 * 35)  # rule 5.1: straight up pays 35 to 1
    assert results[f"straight {other}"] == (10, 0)
    assert results[roulette.classify("dozen1").name] == (25, 50 if 1 <= number <= 12 else 0)
    lit = table.layout_view.winning_keys()
    assert (number,) in lit
    for key in lit:
        assert number in roulette.classify(key).numbers
    covering = {w.name for w in roulette.covering(number)}
    assert {roulette.classify(k).name for k in lit} == covering
    assert str(number) in table.result_label.text()


def test_no_bets_while_the_ball_spins(qtbot, roulette_table):
    table = roulette_table
    table.apply_settings(replace(table.settings(), animation_seconds=30))
    with qtbot.waitSignal(table.spinFinished, timeout=3000):
        table.spin()
        assert not table.place((4,), [5])
        table.skip_animation()
    assert table.bets() == {}


def test_a_new_bet_lifts_the_dolly(qtbot, roulette_table):
    table = roulette_table
    with qtbot.waitSignal(table.spinFinished, timeout=5000):
        table.spin()
    assert table.layout_view.dolly() is not None
    table.place("red", [5])
    assert table.layout_view.dolly() is None and not table.layout_view.winning_keys()


def test_the_first_chip_selected_meets_the_table_minimum(qtbot):
    from dealerdrill.settings import RouletteSettings, Settings
    from dealerdrill.views.roulette_table import RouletteTable

    table = RouletteTable(Settings())          # NZ defaults: $5 minimum, chips from $1
    qtbot.addWidget(table)
    assert Settings().roulette.minimum_bet == 5 and 1 in Settings().roulette.chip_values
    assert table.tray.selected_value() == 5
    table.apply_settings(RouletteSettings(minimum_bet=20, chip_values=(1, 5, 10, 25, 100)))
    assert table.tray.selected_value() == 25   # no $20 chip: the smallest chip that meets $20 alone
    table.tray.select_index(4)                 # the trainee's own choice stays while the chips stay
    table.apply_settings(RouletteSettings(minimum_bet=20, chip_values=(1, 5, 10, 25, 100), first_four=False))
    assert table.tray.selected_value() == 100
    table.apply_settings(RouletteSettings(minimum_bet=500, maximum_inside=1000, chip_values=(5, 100)))
    assert table.tray.selected_value() == 100  # no chip meets $500 alone: the largest
    default = RouletteTable()
    qtbot.addWidget(default)
    assert default.tray.selected_value() == RouletteSettings().minimum_bet
