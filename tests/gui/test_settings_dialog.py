"""The settings dialog: typed values are checked, never silently changed; refusals name the table and setting."""
from __future__ import annotations

import pytest

from dealerdrill.settings import BaccaratSettings, RouletteSettings, Settings
from dealerdrill.views.settings_dialog import SettingsDialog


@pytest.fixture
def dialog(qtbot):
    widget = SettingsDialog(Settings())
    qtbot.addWidget(widget)
    widget.show()
    return widget


def tab_title(dialog: SettingsDialog) -> str:
    return dialog.tabs.tabText(dialog.tabs.currentIndex())


@pytest.mark.parametrize("table, name, typed, words", [
    ("baccarat", "commission_percent", "12",
     "Baccarat: Commission on winning Banker wagers (%): 12 is above the largest allowed, 10"),
    ("baccarat", "commission_percent", "-5",
     "Baccarat: Commission on winning Banker wagers (%): -5 is below the smallest allowed, 0"),
    ("baccarat", "decks", "1", "Baccarat: Decks in the shoe: 1 is below the smallest allowed, 4"),
    ("baccarat", "decks", "6.5", "Baccarat: Decks in the shoe: 6.5 is not a whole number"),
    ("baccarat", "chip_values", "0, 5", "Baccarat: Chip values ($): 0 is below the smallest allowed, 1"),
    ("paigow", "maximum_bet", "lots", "Pai Gow: Table maximum ($): 'lots' is not a number"),
    ("roulette", "animation_seconds", "", "Roulette: Wheel spin animation (seconds, 0 = none): type a number"),
])
def test_bad_input_is_refused_with_the_table_named_and_nothing_changes(dialog, table, name, typed, words):
    before = dialog.result_settings()
    dialog.tabs.setCurrentIndex(0 if table != "roulette" else 1)  # start on another page
    editor = dialog._editors[table][name]
    editor.setText(typed)
    assert "border" in editor.styleSheet()          # shown as wrong while typed, not clamped
    dialog.accept()
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.problem_label.text() == words
    assert tab_title(dialog) == words.split(":")[0]  # the page with the fault is shown
    assert editor.hasFocus() or not dialog.isActiveWindow()
    assert dialog.result_settings() == before
    assert editor.text() == typed                    # the typed value is left for the trainee to correct


def test_a_roulette_minimum_no_chip_can_make_is_refused(dialog):
    editors = dialog._editors["roulette"]
    editors["chip_values"].setText("5, 25, 100")
    editors["minimum_bet"].setText("1")
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.problem_label.text() == ("Roulette: the table minimum of $1 is below the smallest chip, $5, so "
                                           "no wager could be made at the minimum")
    editors["minimum_bet"].setText("7")  # above the smallest chip, but 5s and 25s never make 7
    dialog.accept()
    assert dialog.isVisible()
    assert "no handful of the chips ($5, $25, $100) adds up to the table minimum of $7" in dialog.problem_label.text()
    editors["minimum_bet"].setText("30")
    dialog.accept()
    assert not dialog.isVisible()
    assert dialog.result_settings().roulette == RouletteSettings(minimum_bet=30, chip_values=(5, 25, 100))


def test_good_values_are_taken_as_typed(dialog):
    editors = dialog._editors["baccarat"]
    editors["commission_percent"].setText("4.5%")
    editors["decks"].setText("6")
    editors["cut_from_end"].setText("20")
    editors["burn"].setChecked(False)
    editors["big_table"].setChecked(True)
    editors["maximum_bet"].setText("$10,000")
    assert editors["commission_percent"].styleSheet() == ""
    dialog.accept()
    assert not dialog.isVisible()
    assert dialog.result_settings().baccarat == BaccaratSettings(
        commission_percent=4.5, decks=6, cut_from_end=20, burn=False, big_table=True, maximum_bet=10_000)


def test_restore_defaults_puts_back_every_value(dialog):
    dialog._editors["baccarat"]["decks"].setText("2")
    dialog._editors["paigow"]["house_way"].setCurrentIndex(2)
    dialog.restore_defaults()
    dialog.accept()
    assert dialog.result_settings() == Settings()


def test_a_rate_the_engine_cannot_charge_puts_the_cursor_in_its_field(qtbot, dialog):
    # Fine on its own (0-10 %) but refused with the table: the cursor stayed where it was, in another field.
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    editors = dialog._editors["baccarat"]
    dialog.tabs.setCurrentIndex(1)
    editors["commission_percent"].setText("2.125")
    editors["decks"].setFocus()
    dialog.accept()
    assert dialog.isVisible() and "2.125% is not a commission rate" in dialog.problem_label.text()
    assert editors["commission_percent"].hasFocus()
    assert editors["commission_percent"].selectedText() == "2.125"
