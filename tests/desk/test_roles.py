"""The manager role at the desk: the PIN, unlocking, and every manager-only action refused while locked."""
from __future__ import annotations

import json

import pytest

from dealerdrill.desk import Desk, ManagerRoleRequired, Permission
from dealerdrill.domain import Mode, Target

PIN, MANAGER = "2468", "Mere Smith"   # as in conftest.py


def test_the_pin_is_stored_as_a_salted_scrypt_hash_never_in_clear(desk):
    desk.set_first_pin(MANAGER, "739154", "739154")
    text = desk.role.pin_path.read_text()
    stored = json.loads(text)
    assert stored["algorithm"] == "scrypt" and len(bytes.fromhex(stored["salt"])) == 16
    assert "739154" not in text
    first_salt = stored["salt"]
    desk.role.change_pin("739154", "739154")          # the same PIN again: a new salt, a new hash
    assert json.loads(desk.role.pin_path.read_text())["salt"] != first_salt


def test_unlocking_needs_the_right_pin_and_a_name_and_every_attempt_is_audited(desk):
    with pytest.raises(PermissionError, match="No manager PIN"):
        desk.unlock_manager("1234", MANAGER)
    with pytest.raises(ValueError, match="4 to 12 digits"):
        desk.set_first_pin(MANAGER, "12a4", "12a4")
    with pytest.raises(ValueError, match="not the same"):
        desk.set_first_pin(MANAGER, "2468", "2469")
    desk.set_first_pin(MANAGER, PIN, PIN)
    assert desk.unlocked and desk.manager.name == MANAGER
    desk.lock_manager()
    with pytest.raises(PermissionError, match="not right"):
        desk.unlock_manager("2469", MANAGER)
    with pytest.raises(ValueError, match="manager's name"):
        desk.unlock_manager(PIN, "  ")
    assert not desk.unlocked
    desk.unlock_manager(PIN, "Rangi")
    actions = [(e.actor, e.action) for e in desk.records.audit_log()]
    assert actions[:5] == [("Rangi", "manager_unlocked"), ("Mere Smith", "unlock_refused"),
                           ("Mere Smith", "manager_locked"), ("Mere Smith", "manager_unlocked"),
                           ("Mere Smith", "pin_set")]
    with pytest.raises(PermissionError, match="already set"):
        desk.set_first_pin("Trainee", "1111", "1111")     # a second "first" PIN is not a way round the role


def test_changing_the_pin_needs_the_role(manager_desk):
    manager_desk.lock_manager()
    with pytest.raises(ManagerRoleRequired, match="change the manager PIN"):
        manager_desk.role.change_pin("1111", "1111")
    manager_desk.unlock_manager(PIN, MANAGER)
    manager_desk.role.change_pin("1357", "1357")
    manager_desk.lock_manager()
    with pytest.raises(PermissionError):
        manager_desk.unlock_manager(PIN, MANAGER)
    manager_desk.unlock_manager("1357", MANAGER)


def _finished_test(desk, trainee="Aroha"):
    desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session("baccarat.table_of_play", Mode.TEST, target=Target(test_items=1))
    item = session.next_item()
    session.submit(item.key, 2.0)
    return session.finish().uuid


def test_every_manager_only_action_is_refused_while_the_role_is_locked(manager_desk, tmp_path):
    desk = manager_desk
    attempt = _finished_test(desk)
    desk.lock_manager()
    refused = {
        Permission.SIGN_OFF: lambda: desk.sign_off(attempt, "ok"),
        Permission.SET_TARGETS: lambda: desk.set_target("baccarat.commission", Target(seconds=5)),
        Permission.ARCHIVE_TRAINEES: lambda: desk.archive_trainee("Aroha"),
        Permission.IMPORT_RECORDS: lambda: desk.import_job(tmp_path / "x.json"),
        Permission.EXPORT_RECORDS: lambda: desk.export_job("csv", tmp_path / "x.csv"),
        Permission.SEE_EVERY_TRAINEE: lambda: desk.roster(),
        Permission.MANAGE_HOUSE_WAYS: lambda: desk.load_house_way(tmp_path / "way.toml"),
        Permission.CHANGE_PIN: lambda: desk.role.change_pin("1111", "1111"),
    }
    audit_before = len(desk.records.audit_log())
    for permission, action in refused.items():
        with pytest.raises(ManagerRoleRequired) as refusal:
            action()
        assert refusal.value.permission is permission
        assert str(refusal.value).startswith(f"Only a training manager can {permission.value}.")
    assert desk.records.session(attempt).signed_by is None
    assert desk.records.targets()["baccarat.commission"].set_by is None
    assert not desk.records.trainee("Aroha").archived
    assert len(desk.records.audit_log()) == audit_before     # nothing was done, so nothing was logged
    assert set(refused) | {Permission.CHANGE_GRADING_SETTINGS} == set(Permission)   # each one is tried here


def test_with_the_role_the_same_actions_are_done_and_carry_the_managers_name(manager_desk):
    desk = manager_desk
    attempt = _finished_test(desk)
    signed = desk.sign_off(attempt, "watched on table 4")
    assert (signed.signed_by, signed.signoff_note) == (MANAGER, "watched on table 4")
    desk.set_target("baccarat.commission", Target(seconds=5))
    assert desk.records.targets()["baccarat.commission"].set_by == MANAGER
    assert desk.target_for("baccarat.commission") == Target(seconds=5)
    archived = desk.archive_trainee("Aroha")
    assert archived.archived_by == MANAGER and desk.trainee is None    # the archived profile is no longer in use
    assert desk.restore_trainee("Aroha").archived_by is None


def test_deleting_the_pin_file_resets_the_pin_and_is_logged_once(manager_desk, records_path):
    manager_desk.role.pin_path.unlink()               # the documented reset
    manager_desk.close()
    with Desk.open(records_path) as reopened:
        assert not reopened.pin_is_set()
        assert reopened.records.audit_log()[0].action == "pin_reset"
        with pytest.raises(PermissionError, match="No manager PIN"):
            reopened.unlock_manager(PIN, MANAGER)
        reopened.set_first_pin("Rangi", "8642", "8642")   # a new first PIN needs no manager
        assert reopened.unlocked
    with Desk.open(records_path) as again:
        assert [e.action for e in again.records.audit_log()].count("pin_reset") == 1
