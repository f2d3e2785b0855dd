"""The settings lock: the settings that decide an answer change only with the manager role, and each
change is audited; presentation settings are anyone's; house-way files are loaded only by the desk."""
from __future__ import annotations

from dataclasses import replace

import pytest

from dealerdrill import settings as table_settings
from dealerdrill.desk import Desk, ManagerRoleRequired, PRESENTATION_ONLY, answer_key_changes
from dealerdrill.domain import Mode

PIN, MANAGER = "2468", "Mere Smith"


def with_baccarat(settings, **values):
    return replace(settings, baccarat=replace(settings.baccarat, **values))


def test_a_trainee_cannot_set_the_commission_to_zero(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    before = desk.settings
    with pytest.raises(ManagerRoleRequired, match="change the settings that decide the answers"):
        desk.apply_settings(with_baccarat(before, commission_percent=0.0))
    assert desk.settings == before
    # the drills made after the refusal still charge 5%
    session = desk.start_session("baccarat.commission", Mode.PRACTICE, seed=1)
    assert session.drill.settings.baccarat.commission_percent == 5.0


@pytest.mark.parametrize("table, values", [
    ("baccarat", {"tie_odds": 9}), ("baccarat", {"decks": 6}), ("baccarat", {"cut_from_end": 20}),
    ("baccarat", {"burn": False}), ("baccarat", {"commission_rounding": "up"}),
    ("roulette", {"first_four": False}), ("roulette", {"chip_values": (5, 25, 100)}),
    ("paigow", {"house_way": "foxwoods"}), ("paigow", {"commission_percent": 4.0}),
    ("paigow", {"maximum_bet": 1000}),
])
def test_every_answer_key_setting_is_locked(desk, table, values):
    new = replace(desk.settings, **{table: replace(getattr(desk.settings, table), **values)})
    with pytest.raises(ManagerRoleRequired):
        desk.apply_settings(new)
    assert desk.settings == table_settings.Settings()


def test_presentation_settings_are_anyones(desk):
    slower = replace(desk.settings, roulette=replace(desk.settings.roulette, animation_seconds=2.0))
    desk.apply_settings(slower)
    assert desk.settings.roulette.animation_seconds == 2.0
    assert PRESENTATION_ONLY == {"animation_seconds"}
    assert desk.records.audit_log() == []              # nothing that decides an answer changed


def test_a_manager_changes_them_and_the_change_is_audited(manager_desk):
    manager_desk.apply_settings(with_baccarat(manager_desk.settings, tie_odds=9, commission_percent=4.0))
    assert manager_desk.settings.baccarat.tie_odds == 9
    entry = manager_desk.records.audit_log()[0]
    assert (entry.actor, entry.action) == (MANAGER, "settings_changed")
    assert "Tie pays (to 1) 8 → 9" in entry.detail and "Commission on winning Banker wagers (%) 5 → 4" in entry.detail


def test_answer_key_changes_lists_each_changed_setting_in_words():
    old = table_settings.Settings()
    new = with_baccarat(old, tie_odds=9, animation_seconds=0.0)
    assert answer_key_changes(old, new) == ["Baccarat: Tie pays (to 1) 8 → 9"]
    assert answer_key_changes(old, old) == []


def test_reading_settings_never_loads_a_house_way_file_only_the_desk_does(tmp_path, dealerdrill_home):
    from dealerdrill.core import paigow

    from importlib import resources

    way = tmp_path / "ours.toml"
    shipped = resources.files("dealerdrill.resources") / "house_ways" / "nz.toml"
    text = shipped.read_text(encoding="utf-8").replace('id = "nz"', 'id = "our-casino"', 1)
    way.write_text(text.replace('id = "nz-', 'id = "oc-'), encoding="utf-8")
    saved = replace(table_settings.Settings(), paigow=replace(table_settings.PaiGowSettings(),
                                                                house_way="our-casino",
                                                                house_way_files=(str(way),)))
    table_settings.save_settings(saved)
    table_settings.forget_loaded_house_ways()
    settings, problems = table_settings.load_settings()
    assert problems == [] and "our-casino" not in paigow.house_ways()       # read, not loaded
    assert settings.paigow.house_way == "our-casino"
    desk, problems, notices = Desk.open_for_app(tmp_path / "records.sqlite3")
    try:
        assert problems == [] and "our-casino" in paigow.house_ways()
        assert desk.settings.paigow.house_way == "our-casino"
    finally:
        desk.close()
        table_settings.forget_house_way("our-casino")
