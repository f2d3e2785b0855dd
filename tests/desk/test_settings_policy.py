"""The settings lock: the settings that decide an answer change only with the manager role, and each
change is audited; presentation settings are anyone's; house-way files are loaded only by the desk."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from forged_keys import a_key_of_the_trainees

from dealerdrill import paths, settings as table_settings
from dealerdrill.core import Rng
from dealerdrill.desk import PRESENTATION_ONLY, Desk, ManagerRoleRequired, answer_key_changes
from dealerdrill.domain import Mode

PIN, MANAGER = "246824", "Mere Smith"


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
    ("paigow", {"maximum_bet": 1000}), ("paigow", {"dice_count_from": "box 1"}),
    ("roulette", {"inside_paying_order": "streets first"}), ("roulette", {"house_breakdown_chip": 100}),
    ("baccarat", {"house_breakdown_chip": 100}), ("paigow", {"house_breakdown_chip": 5}),
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
    in_force, entry = manager_desk.records.audit_log()[:2]
    assert (entry.actor, entry.action) == (MANAGER, "settings_changed")
    assert "Tie pays (to 1) 8 → 9" in entry.detail and "Commission on winning Banker wagers (%) 5 → 4" in entry.detail
    # and the settings now in force, signed with the manager's key (the copy that wins over settings.json)
    assert manager_desk.records.latest_signed_audit("settings_in_force") == in_force
    assert json.loads(in_force.detail)["answer_keys"]["baccarat"]["tie_odds"] == 9


@pytest.mark.parametrize("table, values", [
    ("baccarat", {"commission_percent": 2.125}),      # the engine charges whole hundredths of a percent
    ("paigow", {"commission_percent": 2.125}),
    ("baccarat", {"tie_odds": 7}), ("baccarat", {"decks": 2}),
    ("roulette", {"minimum_bet": 7, "chip_values": (5, 25)}),   # no handful of chips makes the minimum
])
def test_a_manager_cannot_put_in_force_what_the_tables_cannot_use(manager_desk, table, values):
    # The settings file and the dialog refused 2.125%, but the desk put it in force, and then every commission
    # drill failed to start. The desk now makes the same check: refused, and nothing changes.
    before, audited = manager_desk.settings, len(manager_desk.records.audit_log())
    saved = paths.settings_file().read_bytes() if paths.settings_file().exists() else None
    new = replace(before, **{table: replace(getattr(before, table), **values)})
    with pytest.raises(table_settings.SettingsError, match=table_settings.TABLE_TITLES[table]):
        manager_desk.apply_settings(new)
    assert manager_desk.settings == before and len(manager_desk.records.audit_log()) == audited
    assert (paths.settings_file().read_bytes() if paths.settings_file().exists() else None) == saved
    manager_desk.choose_guest()
    for drill in ("baccarat.commission", "paigow.settle"):
        session = manager_desk.start_session(drill, Mode.PRACTICE, seed=1)
        assert session.next_item() is not None


def test_a_trainee_cannot_set_the_house_s_dice_count_but_a_manager_can_and_it_is_signed(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    with pytest.raises(ManagerRoleRequired):
        desk.use_dice_count("box 1")
    assert desk.settings.paigow.dice_count_from == "banker"
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.use_dice_count("box 1")
    assert desk.settings.paigow.dice_count_from == "box 1"
    in_force, entry = desk.records.audit_log()[:2]
    assert (entry.actor, entry.action) == (MANAGER, "settings_changed")
    assert entry.detail == "Pai Gow: Dice counted from banker → box 1"
    assert json.loads(in_force.detail)["answer_keys"]["paigow"]["dice_count_from"] == "box 1"
    with pytest.raises(table_settings.SettingsError, match="Dice counted from"):
        desk.use_dice_count("the dealer")       # not a reading: refused, nothing changes
    assert desk.settings.paigow.dice_count_from == "box 1"
    # The drill made from now on counts from box 1 whoever banks.
    session = desk.start_session("paigow.delivery", Mode.PRACTICE, 3, seed=4)
    assert session.drill.reading.value == "box 1"
    item = session.next_item()
    assert item.key["count_from"] == 1


def with_paying_order(settings, reading):
    return replace(settings, roulette=replace(settings.roulette, inside_paying_order=reading))


def test_a_trainee_cannot_set_the_house_s_paying_order_but_a_manager_can_and_it_is_signed(desk):
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    with pytest.raises(ManagerRoleRequired):
        desk.apply_settings(with_paying_order(desk.settings, "streets first"))
    assert desk.settings.roulette.inside_paying_order == "by odds"
    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.apply_settings(with_paying_order(desk.settings, "streets first"))
    assert desk.settings.roulette.inside_paying_order == "streets first"
    in_force, entry = desk.records.audit_log()[:2]
    assert (entry.actor, entry.action) == (MANAGER, "settings_changed")
    assert entry.detail == "Roulette: Inside wagers paid by odds → streets first"
    assert desk.records.latest_signed_audit("settings_in_force") == in_force
    assert json.loads(in_force.detail)["answer_keys"]["roulette"]["inside_paying_order"] == "streets first"
    with pytest.raises(table_settings.SettingsError, match="Inside wagers paid"):
        desk.apply_settings(with_paying_order(desk.settings, "as they come"))   # not a reading: refused
    assert desk.settings.roulette.inside_paying_order == "streets first"
    # The payout drill made from now on grades by it.
    session = desk.start_session("roulette.payout", Mode.PRACTICE, 3, seed=4)
    assert session.drill.reading.value == "streets first"
    assert session.next_item().key["paying_order"] == "streets first"


def test_a_manager_sets_the_house_s_largest_payout_chip_signed_and_the_chips_drills_pay_by_it(manager_desk):
    desk = manager_desk
    desk.apply_settings(replace(desk.settings, paigow=replace(desk.settings.paigow, house_breakdown_chip=100)))
    in_force, entry = desk.records.audit_log()[:2]
    assert entry.detail == "Pai Gow: House breakdown: largest payout chip ($) 25 → 100"
    assert desk.records.latest_signed_audit("settings_in_force") == in_force
    assert json.loads(in_force.detail)["answer_keys"]["paigow"]["house_breakdown_chip"] == 100
    desk.choose_guest()
    session = desk.start_session("paigow.chips", Mode.PRACTICE, 3, seed=4)
    assert session.drill.house_chip == 100
    assert session.next_item() is not None
    assert session.drill.generate(Rng(1), 3, "paigow.chips.win.house").prompt["cap"] == 100_00   # cents


def test_an_edited_settings_file_cannot_change_the_house_s_readings(tmp_path, records_path):
    """The trainee whose house pays by odds edits settings.json to streets first (and the house's largest payout
    chip): the signed settings win."""
    def edit(reading):
        data = json.loads(paths.settings_file().read_text())
        data["roulette"]["inside_paying_order"] = reading
        paths.settings_file().write_text(json.dumps(data))

    with Desk.open_for_app(records_path)[0] as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.apply_settings(with_baccarat(desk.settings, tie_odds=9))       # signed, paying order by odds
    edit("streets first")
    data = json.loads(paths.settings_file().read_text())
    data["paigow"]["house_breakdown_chip"] = 1000                         # and the largest chip: not signed
    paths.settings_file().write_text(json.dumps(data))
    desk, _problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.roulette.inside_paying_order == "by odds"
        assert desk.settings.paigow.house_breakdown_chip == 25
        assert desk.settings.baccarat.tie_odds == 9
        desk.unlock_manager(PIN, MANAGER)                                 # the manager sets streets first
        desk.apply_settings(with_paying_order(desk.settings, "streets first"))
    edit("by odds")
    desk, _problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.roulette.inside_paying_order == "streets first"


def test_check_settings_is_the_dialog_s_and_the_file_s_check():
    good = with_baccarat(table_settings.Settings(), commission_percent=4.5, tie_odds=9)
    assert table_settings.check_settings(good) == good
    bad = with_baccarat(good, commission_percent=2.125)
    with pytest.raises(table_settings.SettingsError) as refused:
        table_settings.check_settings(bad)
    with pytest.raises(table_settings.SettingsError) as by_the_dialog:
        table_settings.build_table("baccarat", {"commission_percent": 2.125})
    assert str(refused.value) == str(by_the_dialog.value)
    loaded, problems = table_settings.from_dict(bad.to_dict())
    assert loaded.baccarat == table_settings.BaccaratSettings() and problems


def test_answer_key_changes_lists_each_changed_setting_in_words():
    old = table_settings.Settings()
    new = with_baccarat(old, tie_odds=9, animation_seconds=0.0)
    assert answer_key_changes(old, new) == ["Baccarat: Tie pays (to 1) 8 → 9"]
    assert answer_key_changes(old, old) == []


def _way_file(folder, way_id="our-casino"):
    from importlib import resources

    shipped = resources.files("dealerdrill.resources") / "house_ways" / "nz.toml"
    text = shipped.read_text(encoding="utf-8").replace('id = "nz"', f'id = "{way_id}"', 1)
    path = folder / f"{way_id}.toml"
    path.write_text(text.replace('id = "nz-', 'id = "oc-'), encoding="utf-8")
    return path


def _open_app_desk(records_path):
    desk, problems, _notices = Desk.open_for_app(records_path)
    return desk, problems


def test_reading_settings_never_loads_a_house_way_file_only_the_desk_does(tmp_path, records_path):
    from dealerdrill.core import paigow

    way = _way_file(tmp_path)
    with Desk.open_for_app(records_path)[0] as desk:             # a manager loads the file on the desk
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.load_house_way(way)
        desk.use_house_way("our-casino")
    table_settings.forget_loaded_house_ways()
    settings, problems = table_settings.load_settings()
    assert problems == [] and "our-casino" not in paigow.house_ways()       # read, not loaded
    assert settings.paigow.house_way == "our-casino"
    desk, problems = _open_app_desk(records_path)
    try:
        assert problems == [] and "our-casino" in paigow.house_ways()
        assert desk.settings.paigow.house_way == "our-casino"
    finally:
        desk.close()
        table_settings.forget_loaded_house_ways()


def test_an_edited_settings_file_cannot_change_an_answer_key(tmp_path, records_path):
    """The trainee who edits settings.json to a 0% commission: at the next start the signed settings win."""
    def edit(**baccarat):
        data = json.loads(paths.settings_file().read_text())
        data["baccarat"].update(baccarat)
        paths.settings_file().write_text(json.dumps(data))

    with Desk.open_for_app(records_path)[0] as desk:
        desk.apply_settings(replace(desk.settings, roulette=replace(desk.settings.roulette, animation_seconds=1.0)))
    edit(commission_percent=0.0, tie_odds=9)
    desk, problems = _open_app_desk(records_path)
    with desk:
        assert (desk.settings.baccarat.commission_percent, desk.settings.baccarat.tie_odds) == (5.0, 8)
        assert desk.settings.roulette.animation_seconds == 1.0               # presentation comes from the file
        assert any("no manager set on this workstation" in p for p in problems)
        desk.set_first_pin(MANAGER, PIN, PIN)                                # the manager sets 4%, signed
        desk.apply_settings(with_baccarat(desk.settings, commission_percent=4.0))
    edit(commission_percent=0.0)
    desk, problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.baccarat.commission_percent == 4.0
    edit(commission_percent=4.0)
    desk, problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.baccarat.commission_percent == 4.0 and problems == []


def test_a_house_way_file_no_manager_loaded_or_edited_since_is_not_loaded(tmp_path, records_path):
    from dealerdrill.core import paigow

    ours, theirs = _way_file(tmp_path), _way_file(tmp_path, "trainee-way")
    with Desk.open_for_app(records_path)[0] as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.load_house_way(ours)
    table_settings.forget_loaded_house_ways()
    data = json.loads(paths.settings_file().read_text())
    data["paigow"]["house_way_files"].append(str(theirs))                # a file no manager loaded
    data["paigow"]["house_way"] = "trainee-way"
    paths.settings_file().write_text(json.dumps(data))
    desk, problems = _open_app_desk(records_path)
    with desk:
        assert "our-casino" in paigow.house_ways() and "trainee-way" not in paigow.house_ways()
        assert desk.settings.paigow.house_way == "nz"
    table_settings.forget_loaded_house_ways()
    ours.write_text(ours.read_text().replace("higher pair in front", "lower pair in front"))   # edited since
    desk, problems = _open_app_desk(records_path)
    with desk:
        assert "our-casino" not in paigow.house_ways()
        assert any("has changed since a manager loaded it" in p for p in problems)
    table_settings.forget_loaded_house_ways()


def test_settings_signed_with_a_key_the_pin_file_does_not_explain_are_not_put_in_force(tmp_path, records_path):
    """The trainee writes a key of their own into the records as a second key of this workstation (its entry
    signed by itself) and signs settings with a 0% commission with it: at the next start they were put in
    force (a commission test answered $0 throughout then passes). The PIN file holds the manager's key, which
    came first: the manager's signed settings stay in force."""

    from dealerdrill.desk.desk import SETTINGS_IN_FORCE, signed_settings_text
    from dealerdrill.records import Records

    with Desk.open_for_app(records_path)[0] as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.apply_settings(with_baccarat(desk.settings, commission_percent=4.0))
        zero = with_baccarat(desk.settings, commission_percent=0.0)
    with Records(records_path) as records:
        mine = a_key_of_the_trainees(records, MANAGER, "this workstation")
        records.add_audit_entry(MANAGER, SETTINGS_IN_FORCE, signed_settings_text(zero), mine)
    desk, _problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.baccarat.commission_percent == 4.0
        assert desk.key_notice is not None and mine.fingerprint in desk.key_notice


def test_unsigned_copies_of_the_settings_do_not_push_the_managers_out_of_reach(tmp_path, records_path):
    """The desk looked for the manager's signed settings among the latest 20 settings entries only, and the
    program itself writes unsigned ones (a house way restored at start with no manager there). The trainee
    appended 20 unsigned entries, linked into the ledger as the program links them: the manager's 4%
    commission was out of reach, the defaults were put in force at the next start, and verify found nothing
    to name. Only entries signed with an accepted key are looked at."""
    from dealerdrill.desk.desk import SETTINGS_IN_FORCE, signed_settings_text
    from dealerdrill.records import Records

    with Desk.open_for_app(records_path)[0] as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.apply_settings(with_baccarat(desk.settings, commission_percent=4.0))
        defaults = table_settings.Settings()
    with Records(records_path) as records:
        for _ in range(20):
            records.add_audit_entry("workstation", SETTINGS_IN_FORCE, signed_settings_text(defaults))
        assert records.verify() == []
    desk, _problems = _open_app_desk(records_path)
    with desk:
        assert desk.settings.baccarat.commission_percent == 4.0
