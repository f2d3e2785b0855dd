"""The manager role at the desk: the PIN and the key it unlocks, unlocking and its throttle, the idle and
change-of-person locks, and every manager-only action refused while locked."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from manager_targets import set_target_as_manager
from still_clock import StillClock, locked_out

from dealerdrill.desk import Desk, ManagerRoleRequired, NeedsConfirmation, Permission, PinTriesExhausted, roles
from dealerdrill.domain import Mode, Target

PIN, MANAGER = "246824", "Mere Smith"   # as in conftest.py


def test_the_pin_file_holds_the_key_encrypted_under_the_pin_never_the_pin(desk):
    desk.set_first_pin(MANAGER, "739154", "739154")
    text = desk.role.pin_path.read_text()
    stored = json.loads(text)
    assert (stored["format"], stored["kdf"], stored["cipher"]) == ("dealerdrill-manager-key", "scrypt", "AES-256-GCM")
    assert "739154" not in text and len(bytes.fromhex(stored["salt"])) == 16
    assert stored["fingerprint"] == desk.role.key.fingerprint
    first = (stored["salt"], stored["private_key"])
    desk.role.change_pin("739154", "739154")          # the same PIN again: a new salt, a new encryption
    again = json.loads(desk.role.pin_path.read_text())
    assert (again["salt"], again["private_key"]) != first and again["public_key"] == stored["public_key"]
    # the records accept exactly this key, as this workstation's
    assert {fp: origin for fp, (_, _, origin) in desk.records.manager_keys().items()} == \
           {stored["fingerprint"]: "this workstation"}


def test_a_pin_file_of_before_is_upgraded_to_a_key_file_at_the_first_unlock(desk):
    from dealerdrill.desk import pin

    pin.write_pin_file(desk.role.pin_path, pin.hash_pin(PIN))          # what the earlier release wrote
    assert desk.pin_is_set()
    with pytest.raises(PermissionError, match="not right"):
        desk.unlock_manager("1111", MANAGER)
    desk.unlock_manager(PIN, MANAGER)
    assert json.loads(desk.role.pin_path.read_text())["format"] == "dealerdrill-manager-key"
    desk.lock_manager()
    desk.unlock_manager(PIN, MANAGER)                                    # the same PIN opens the new file


def test_unlocking_needs_the_right_pin_and_a_name_and_every_attempt_is_audited(desk):
    with pytest.raises(PermissionError, match="No manager PIN"):
        desk.unlock_manager("1234", MANAGER)
    with pytest.raises(ValueError, match="6 to 12 digits"):
        desk.set_first_pin(MANAGER, "12a4", "12a4")
    with pytest.raises(ValueError, match="not the same"):
        desk.set_first_pin(MANAGER, "246824", "2469")
    desk.set_first_pin(MANAGER, PIN, PIN)
    assert desk.unlocked and desk.manager.name == MANAGER
    desk.lock_manager()
    with pytest.raises(PermissionError, match="not right"):
        desk.unlock_manager("2469", MANAGER)
    with pytest.raises(ValueError, match="manager's name"):
        desk.unlock_manager(PIN, "  ")
    assert not desk.unlocked
    desk.unlock_manager(PIN, "Rangi")
    actions = [(e.actor, e.action) for e in reversed(desk.records.audit_log())]
    assert actions == [("Mere Smith", "pin_set"), ("Mere Smith", "manager_key_added"),
                       ("Mere Smith", "manager_unlocked"), ("Mere Smith", "manager_locked"),
                       ("Mere Smith", "unlock_refused"), ("Rangi", "manager_unlocked")]
    with pytest.raises(PermissionError, match="already set"):
        desk.set_first_pin("Trainee", "1111", "1111")     # a second "first" PIN is not a way round the role


def test_wrong_pins_are_throttled_growing_and_the_count_survives_a_restart(records_path, clock):
    with Desk.open(records_path, clock=clock) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.lock_manager()
        for _ in range(roles.FREE_TRIES - 1):
            with pytest.raises(PermissionError, match="not right"):
                desk.unlock_manager("0000", MANAGER)
        with pytest.raises(PinTriesExhausted) as fifth:          # the fifth wrong PIN in a row
            desk.unlock_manager("0000", MANAGER)
        assert 55 <= fifth.value.retry_after <= 60
    # A restart does not reset the count: it is in the (chained) audit log.
    with Desk.open(records_path, clock=clock) as desk:
        with pytest.raises(PinTriesExhausted):
            desk.unlock_manager(PIN, MANAGER)                     # not even the right PIN is tried now
        clock.now += timedelta(seconds=61)
        with pytest.raises(PinTriesExhausted) as sixth:           # the lock-out doubles: 120 s
            desk.unlock_manager("0000", MANAGER)
        assert 110 <= sixth.value.retry_after <= 120
        clock.now += timedelta(seconds=121)
        desk.unlock_manager(PIN, MANAGER)                          # the right PIN, once the wait is over
        desk.lock_manager()
        with pytest.raises(PermissionError, match="not right"):   # and the count starts again
            desk.unlock_manager("0000", MANAGER)
        actions = [e.action for e in desk.records.audit_log()]
        assert actions.count("unlock_refused") == 7 and actions.count("unlock_throttled") == 1


def test_the_role_locks_when_the_person_changes_and_after_idle_minutes(records_path):
    idle = [0.0]
    with Desk.open(records_path, idle_clock=lambda: idle[0]) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        for name in ("Aroha", "Hemi"):
            desk.add_trainee(name)
        desk.choose_trainee("Aroha")
        assert not desk.unlocked                                  # a new person at the desk
        desk.unlock_manager(PIN, MANAGER)
        idle[0] += 4 * 60
        desk.note_activity()                                      # used within the idle time: still held
        idle[0] += 4 * 60
        assert desk.unlocked
        idle[0] += 2 * 60
        assert desk.lock_if_idle() and not desk.unlocked          # five idle minutes: locked
        assert desk.records.audit_log()[0].detail == "idle"
        desk.unlock_manager(PIN, MANAGER)
        desk.set_idle_lock_minutes(15)                            # the manager's own choice, kept in the records
        with pytest.raises(ValueError):
            desk.set_idle_lock_minutes(0)
        idle[0] += 10 * 60
        assert desk.unlocked
        desk.choose_trainee("Hemi")
        assert not desk.unlocked
    with Desk.open(records_path, idle_clock=lambda: idle[0]) as desk:
        desk.unlock_manager(PIN, MANAGER)
        idle[0] += 14 * 60
        assert desk.unlocked                                      # 15 minutes, after a restart too
        idle[0] += 2 * 60
        assert not desk.unlocked


def test_changing_the_pin_needs_the_role(manager_desk):
    manager_desk.lock_manager()
    with pytest.raises(ManagerRoleRequired, match="change the manager PIN"):
        manager_desk.role.change_pin("1111", "1111")
    manager_desk.unlock_manager(PIN, MANAGER)
    manager_desk.role.change_pin("135713", "135713")
    manager_desk.lock_manager()
    with pytest.raises(PermissionError):
        manager_desk.unlock_manager(PIN, MANAGER)
    manager_desk.unlock_manager("135713", MANAGER)


def finished_session(desk, mode=Mode.TEST, items=1, right=True, trainee="Aroha"):
    """A finished session of the table-of-play drill (the role is locked by choosing the trainee)."""
    if mode is Mode.TEST:
        set_target_as_manager(desk, "baccarat.table_of_play", Target(test_items=items), PIN)
    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session("baccarat.table_of_play", mode)
    item = session.next_item()
    wrong = {"player": "draw" if item.key["player"] == "stand" else "stand", "banker": "stand", "winner": "tie"}
    session.submit(item.key if right else wrong, 2.0)
    return session.finish().uuid


def test_every_manager_only_action_is_refused_while_the_role_is_locked(manager_desk, tmp_path):
    desk = manager_desk
    attempt = finished_session(desk)
    assert not desk.unlocked
    refused = {
        Permission.SIGN_OFF: lambda: desk.sign_off(attempt, "ok"),
        Permission.SET_TARGETS: lambda: desk.set_target("baccarat.commission", Target(seconds=5)),
        Permission.ARCHIVE_TRAINEES: lambda: desk.archive_trainee("Aroha"),
        Permission.IMPORT_RECORDS: lambda: desk.import_job(tmp_path / "x.json"),
        Permission.EXPORT_RECORDS: lambda: desk.export_job("csv", tmp_path / "x.csv"),
        Permission.SEE_EVERY_TRAINEE: lambda: desk.roster(),
        Permission.MANAGE_HOUSE_WAYS: lambda: desk.load_house_way(tmp_path / "way.toml"),
        Permission.CHANGE_PIN: lambda: desk.role.change_pin("1111", "1111"),
        Permission.TRUST_KEYS: lambda: desk.trust_manager_key(bytes(32), "Other"),
        Permission.SET_IDLE_LOCK: lambda: desk.set_idle_lock_minutes(30),
        Permission.CHOOSE_ROOM_SERVER: lambda: desk.set_room_server("postgresql://desk-01@server/dealerdrill"),
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
    assert desk.room_server() is None                       # the desk still records to its own file
    assert set(refused) | {Permission.CHANGE_GRADING_SETTINGS} == set(Permission)   # each one is tried here


def test_with_the_role_the_same_actions_are_done_signed_and_carry_the_managers_name(manager_desk):
    desk = manager_desk
    attempt = finished_session(desk)
    desk.unlock_manager(PIN, MANAGER)
    signed = desk.sign_off(attempt, "watched on table 4")
    assert (signed.signed_by, signed.signoff_note) == (MANAGER, "watched on table 4")
    desk.set_target("baccarat.commission", Target(seconds=5))
    assert desk.records.targets()["baccarat.commission"].set_by == MANAGER
    assert desk.target_for("baccarat.commission") == Target(seconds=5)
    archived = desk.archive_trainee("Aroha")
    assert archived.archived_by == MANAGER
    assert desk.trainee is None and desk.unlocked      # the manager's own act: the role stays with them
    assert desk.restore_trainee("Aroha").archived_by is None
    assert desk.verify() == []                                # every signature and link checks out


def test_signing_a_failed_stopped_or_practice_session_needs_confirmation_and_a_reason(manager_desk):
    desk = manager_desk
    failed = finished_session(desk, right=False)
    stopped = finished_session(desk, items=3)
    practice = finished_session(desk, mode=Mode.PRACTICE)
    desk.unlock_manager(PIN, MANAGER)
    for session, words in ((failed, "not passed"), (stopped, "stopped after 1 of 3"), (practice, "practice")):
        with pytest.raises(NeedsConfirmation, match=words):
            desk.sign_off(session, "note")                    # one click is not enough
        with pytest.raises(ValueError, match="Give the reason"):
            desk.sign_off(session, "note", confirmed=True)
        assert desk.records.session(session).signed_by is None
    signed = desk.sign_off(stopped, "note", reason="fire alarm; finished on paper", confirmed=True)
    assert signed.signed_by == MANAGER
    assert desk.records.audit_log()[0].detail.endswith("reason: fire alarm; finished on paper")


def test_a_pin_file_written_over_the_old_one_is_seen_as_a_reset(manager_desk, records_path):
    from dealerdrill.desk import manager_key

    manager_desk.close()
    stranger = manager_key.new_key("111111")
    manager_key.write_key_file(manager_desk.role.pin_path, stranger, "111111")   # a trainee's own PIN file
    with Desk.open(records_path) as desk:
        assert desk.key_notice and "was replaced" in desk.key_notice and stranger.fingerprint in desk.key_notice
        assert desk.records.audit_log()[0].action == "pin_file_replaced"
        problems = [str(p) for p in desk.verify()]
        assert any("was replaced" in p for p in problems)
    with Desk.open(records_path) as desk:
        assert [e.action for e in desk.records.audit_log()].count("pin_file_replaced") == 1   # logged once


def test_deleting_the_pin_file_resets_the_pin_and_is_logged_once(manager_desk, records_path):
    manager_desk.role.pin_path.unlink()               # the documented reset
    manager_desk.close()
    with Desk.open(records_path) as reopened:
        assert not reopened.pin_is_set()
        assert reopened.records.audit_log()[0].action == "pin_reset"
        with pytest.raises(PermissionError, match="No manager PIN"):
            reopened.unlock_manager(PIN, MANAGER)
        reopened.set_first_pin("Rangi", "864286", "864286")   # a new first PIN needs no manager
        assert reopened.unlocked
    with Desk.open(records_path) as again:
        assert [e.action for e in again.records.audit_log()].count("pin_reset") == 1


# --- entries anyone can append do not steer the role (issue 28) --------------------------------------------------

def forge_audit_rows(records_path, *rows) -> None:
    """Audit rows appended with plain sqlite3 on the desk's file (no ledger entry, no signature): what a trainee
    who can write the file does."""
    import sqlite3

    with sqlite3.connect(records_path) as db:
        for actor, action, detail in rows:
            db.execute("INSERT INTO audit (at, actor, action, detail) VALUES (strftime('%Y-%m-%dT%H:%M:%fZ'), ?, ?, ?)",
                       (actor, action, detail))


def test_an_unlock_entry_a_trainee_appends_does_not_end_a_lock_out(records_path):
    """A desk's login (or sqlite3 on the file) appended `manager_unlocked`, and the wrong-PIN lock-out was lifted.
    What ends a lock-out is an unlock signed by a manager key these records accept: entries written through the
    records unsigned, rows inserted by hand, and an unlock signed with a key of the trainee's own written into the
    records as this workstation's, all leave it in place. The refusals themselves are counted unsigned."""
    from forged_keys import a_key_of_the_trainees

    clock = StillClock()
    with Desk.open(records_path, clock=clock) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        fingerprint = desk.role.key.fingerprint
        locked_out(desk, MANAGER)
        for action in ("manager_unlocked", "pin_set", "pin_reset"):      # through the records, as a program would
            desk.records.add_audit_entry(MANAGER, action, f"key {fingerprint}")
        mine = a_key_of_the_trainees(desk.records, MANAGER, "this workstation")
        desk.records.add_audit_entry(MANAGER, "manager_unlocked", f"key {mine.fingerprint}", mine)
        assert 50 <= desk.role.retry_after() <= 60
    forge_audit_rows(records_path, (MANAGER, "manager_unlocked", f"key {fingerprint}"), (MANAGER, "pin_set", ""),
                     (MANAGER, "pin_reset", ""))
    with Desk.open(records_path, clock=clock) as desk:
        assert 50 <= desk.role.retry_after() <= 60
        with pytest.raises(PinTriesExhausted):
            desk.unlock_manager(PIN, MANAGER)                 # not even the right PIN is tried yet
        clock.now += timedelta(seconds=61)
        desk.unlock_manager(PIN, MANAGER)                      # the manager's own unlock, signed, ends it
        desk.lock_manager()
        with pytest.raises(PermissionError, match="not right"):
            desk.unlock_manager("000000", MANAGER)             # and the count starts again
        assert desk.role.retry_after() == 0


def test_wrong_pins_a_trainee_appends_are_counted(records_path, clock):
    """Refusals are what a desk writes, unsigned: appended ones count (a trainee can only make the wait longer)."""
    with Desk.open(records_path, clock=clock) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.lock_manager()
    forge_audit_rows(records_path, *[(MANAGER, "unlock_refused", "wrong PIN")] * roles.FREE_TRIES)
    with Desk.open(records_path, clock=clock) as desk:
        with pytest.raises(PinTriesExhausted):
            desk.unlock_manager(PIN, MANAGER)


def test_an_idle_lock_a_trainee_appends_does_not_change_when_the_role_locks_itself(records_path):
    """A desk's login appended `idle_lock_set` of 1e9 minutes, and the role never locked itself. Only a change
    signed by a manager key these records accept is read: the manager's 15 minutes hold, and with no change of
    the manager's, the default 5."""
    from forged_keys import a_key_of_the_trainees

    idle = [0.0]
    with Desk.open(records_path, idle_clock=lambda: idle[0]) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.records.add_audit_entry(MANAGER, "idle_lock_set", "1e9")
        forge_audit_rows(records_path, (MANAGER, "idle_lock_set", "1000000000"))
        assert desk.role.idle_minutes() == roles.DEFAULT_IDLE_MINUTES
        desk.set_idle_lock_minutes(15)                                    # the manager's, signed
        desk.records.add_audit_entry(MANAGER, "idle_lock_set", "1e9")
        mine = a_key_of_the_trainees(desk.records, MANAGER, "this workstation")
        desk.records.add_audit_entry(MANAGER, "idle_lock_set", "1e9", mine)
    forge_audit_rows(records_path, (MANAGER, "idle_lock_set", "1000000000"))
    with Desk.open(records_path, idle_clock=lambda: idle[0]) as desk:
        assert desk.role.idle_minutes() == 15
        desk.unlock_manager(PIN, MANAGER)
        idle[0] += 14 * 60
        assert desk.unlocked
        idle[0] += 2 * 60
        assert not desk.unlocked                                         # locked itself after 15 minutes


def test_a_new_pin_after_a_reset_is_not_held_up_by_the_lock_out_of_the_old_one(records_path, clock):
    """The PIN file deleted while the old PIN was locked out (the documented reset): whoever sets the new PIN holds
    the role at once (nothing is guessed), and their signed unlock ends the old lock-out."""
    with Desk.open(records_path, clock=clock) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        locked_out(desk, MANAGER)
        desk.role.pin_path.unlink()
    with Desk.open(records_path, clock=clock) as desk:
        desk.set_first_pin("Rangi", "86428642", "86428642")
        assert desk.unlocked and desk.role.retry_after() == 0


def test_an_unlock_the_records_do_not_store_leaves_the_role_locked(desk, monkeypatch):
    """The role is held only once its unlock is on record: when the records refuse the signed entry (a full disk,
    a room's server gone), the unlock fails and the role stays locked (it used to stay held, unrecorded)."""
    from dealerdrill.records import RecordsError

    desk.set_first_pin(MANAGER, PIN, PIN)
    desk.lock_manager()
    real_checkpoint = desk.records.checkpoint

    def refused(*args, **kwargs):
        raise RecordsError("the disk is full; the last change was NOT stored")

    monkeypatch.setattr(desk.records, "checkpoint", refused)
    with pytest.raises(RecordsError):
        desk.unlock_manager(PIN, MANAGER)
    assert not desk.unlocked and desk.role.key is None
    with pytest.raises(ManagerRoleRequired):
        desk.set_target("baccarat.table_of_play", Target(test_items=1, pass_mark=0.0))
    monkeypatch.setattr(desk.records, "checkpoint", real_checkpoint)
    desk.unlock_manager(PIN, MANAGER)
    assert desk.unlocked
