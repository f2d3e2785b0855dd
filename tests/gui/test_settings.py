"""Settings: NZ defaults, validation in plain words, saving and tolerant loading (no Qt needed)."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from dealerdrill import paths
from dealerdrill.settings import (
    BaccaratSettings,
    RouletteSettings,
    Settings,
    SettingsError,
    build_table,
    from_dict,
    load_settings,
    save_settings,
)


def test_paths_follow_the_home_variable(dealerdrill_home):
    assert paths.config_dir() == dealerdrill_home / "config"
    assert paths.data_dir() == dealerdrill_home / "data"
    assert paths.settings_file().parent.is_dir()


def test_defaults_are_the_nz_table_defaults():
    settings = Settings()
    assert settings.roulette.first_four is True  # docs/rules/roulette.md, rule 5.2: a setting, on by default
    assert settings.baccarat.decks == 8
    assert settings.baccarat.commission_percent == 5.0
    assert settings.baccarat.tie_odds == 8
    assert settings.paigow.house_way == "nz"
    assert settings.paigow.commission_percent == 5.0
    for table in (settings.roulette, settings.baccarat, settings.paigow):
        assert list(table.chip_values) == sorted(set(table.chip_values)) and len(table.chip_values) <= 6


def test_no_file_gives_defaults_without_complaint():
    assert load_settings() == (Settings(), [])


def test_saved_settings_come_back_the_same():
    chosen = Settings(roulette=RouletteSettings(first_four=False, minimum_bet=10, chip_values=(5, 25, 100)),
                      baccarat=BaccaratSettings(decks=6, tie_odds=9, commission_rounding="up"))
    where = save_settings(chosen)
    assert where == paths.settings_file()
    assert load_settings() == (chosen, [])


def test_a_damaged_file_gives_defaults_and_says_so():
    paths.settings_file().write_text("{ this is not json", encoding="utf-8")
    settings, problems = load_settings()
    assert settings == Settings()
    assert len(problems) == 1 and "could not be read" in problems[0] and "defaults" in problems[0]
    assert "Traceback" not in problems[0]


def test_one_bad_value_falls_back_alone():
    data = Settings().to_dict()
    data["roulette"]["minimum_bet"] = "lots"
    data["roulette"]["animation_seconds"] = 2.5
    data["baccarat"]["decks"] = 99
    paths.settings_file().write_text(json.dumps(data), encoding="utf-8")
    settings, problems = load_settings()
    assert settings.roulette.minimum_bet == RouletteSettings().minimum_bet
    assert settings.roulette.animation_seconds == 2.5  # the good value next to it is kept
    assert settings.baccarat.decks == 8
    assert len(problems) == 2
    assert any("not a number" in p for p in problems) and any("above the largest" in p for p in problems)


def test_limits_that_contradict_each_other_reset_that_table():
    data = Settings().to_dict()
    data["baccarat"]["minimum_bet"] = 500
    data["baccarat"]["maximum_bet"] = 100
    settings, problems = from_dict(data)
    assert settings.baccarat == BaccaratSettings()
    assert problems and "maximum is below the table minimum" in problems[0]


def test_a_file_that_is_not_settings_is_refused_politely():
    assert from_dict([1, 2, 3]) == (Settings(), ["The settings file does not hold settings; the defaults are used."])


@pytest.mark.parametrize("raw, words", [
    ({"chip_values": [1, 2, 3, 4, 5, 6, 7]}, "at most 6"),
    ({"chip_values": [5, 5]}, "only once"),
    ({"chip_values": []}, "at least one"),
    ({"chip_values": [0, 5]}, "below the smallest"),
    ({"minimum_bet": 2.5}, "not a whole number"),
    ({"first_four": "yes"}, "yes or no"),
    ({"animation_seconds": float("nan")}, "not a number"),
    ({"colour": "blue"}, "unknown setting"),
])
def test_bad_values_are_named_in_plain_words(raw, words):
    with pytest.raises(SettingsError, match=words):
        build_table("roulette", raw)


def test_choices_are_checked():
    with pytest.raises(SettingsError, match="not one of"):
        build_table("paigow", {"house_way": "atlantis"})
    assert build_table("paigow", {"house_way": "foxwoods"}).house_way == "foxwoods"


def test_chip_values_are_kept_in_order():
    assert build_table("roulette", {"chip_values": [100, 1, 25]}).chip_values == (1, 25, 100)


def test_save_leaves_no_temporary_files():
    save_settings(replace(Settings(), roulette=RouletteSettings(minimum_bet=2)))
    assert [p.name for p in paths.config_dir().iterdir()] == ["settings.json"]


def test_the_cutting_card_limits_are_ones_the_engine_accepts():
    from dataclasses import fields as dataclass_fields

    from dealerdrill.core import baccarat
    cut = next(f for f in dataclass_fields(BaccaratSettings) if f.name == "cut_from_end").metadata
    decks = next(f for f in dataclass_fields(BaccaratSettings) if f.name == "decks").metadata
    for deck_count in range(decks["low"], decks["high"] + 1):
        for position in (cut["low"], cut["high"]):
            assert baccarat.Shoe(decks=deck_count, cut_from_end=position, seed=1).cut_from_end == position
    with pytest.raises(baccarat.InvalidInput):
        baccarat.Shoe(decks=decks["low"], cut_from_end=cut["low"] - 1)


@pytest.mark.parametrize("table", ["roulette", "baccarat", "paigow"])
def test_a_table_minimum_the_chips_cannot_make_is_refused(table):
    with pytest.raises(SettingsError, match="below the smallest chip, \\$5"):
        build_table(table, {"chip_values": [5, 25], "minimum_bet": 2})
    with pytest.raises(SettingsError, match="adds up to the table minimum of \\$12"):
        build_table(table, {"chip_values": [5, 25], "minimum_bet": 12})
    assert build_table(table, {"chip_values": [5, 25], "minimum_bet": 35}).minimum_bet == 35


@pytest.mark.parametrize("table", ["baccarat", "paigow"])
def test_only_commission_rates_the_engine_can_charge_are_accepted(table):
    with pytest.raises(SettingsError, match="2.125% is not a commission rate the engine can charge"):
        build_table(table, {"commission_percent": 2.125})
    assert build_table(table, {"commission_percent": 2.12}).commission_percent == 2.12
    # A stored settings file with such a rate falls back to the defaults with that message, never breaks a drill.
    settings, problems = from_dict({table: {"commission_percent": 2.125}})
    assert getattr(settings, table).commission_percent == 5.0 and "2.125%" in problems[0]
