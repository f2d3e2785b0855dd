"""The manager PIN's cost to someone who copies the PIN file (issue 28): new PINs have 6 to 12 digits, the key file
is encrypted at scrypt n=2**17, r=8, p=2 (about 0.7 s a try here), and a file of before (a lower cost, a PIN of 4
digits) keeps working, is encrypted again at today's cost at its next unlock and its manager is told to choose a
longer PIN. Most of these run at the quick cost of tests/quick_pin_kdf.py with the constants moved; the tests
marked `real_pin_kdf` use the real cost."""
from __future__ import annotations

import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealerdrill.desk import Desk, manager_key

MANAGER = "Mere Smith"


def old_key_file(path, pin: str) -> manager_key.ManagerKey:
    """A key file as a release of before issue 28 wrote it for `pin` (which may have 4 digits)."""
    key = manager_key.ManagerKey(Ed25519PrivateKey.generate())
    manager_key.write_key_file(path, key, pin)
    return key


def costs(path) -> tuple[int, int, int]:
    stored = json.loads(path.read_text())
    return stored["n"], stored["r"], stored["p"]


@pytest.mark.parametrize("short", ["2468", "13579", "1", ""])
def test_a_new_pin_of_fewer_than_6_digits_is_refused_and_changes_nothing(desk, short):
    with pytest.raises(ValueError, match="A new manager PIN is 6 to 12 digits"):
        desk.set_first_pin(MANAGER, short, short)
    assert not desk.pin_is_set() and not desk.role.pin_path.exists()
    assert desk.records.audit_log() == [] and not desk.unlocked


def test_a_pin_changed_to_fewer_than_6_digits_is_refused_and_the_old_one_still_unlocks(desk):
    desk.set_first_pin(MANAGER, "246824", "246824")
    before = desk.role.pin_path.read_bytes()
    for short in ("1357", "13571"):
        with pytest.raises(ValueError, match="A new manager PIN is 6 to 12 digits"):
            desk.change_pin(short, short)
    with pytest.raises(ValueError, match="A new manager PIN is 6 to 12 digits"):
        desk.change_pin("1234567890123", "1234567890123")       # and no more than 12
    assert desk.role.pin_path.read_bytes() == before
    assert "pin_changed" not in [e.action for e in desk.records.audit_log()]
    desk.change_pin("86428642", "86428642")
    desk.lock_manager()
    desk.unlock_manager("86428642", MANAGER)
    assert desk.pin_notice is None


def test_a_four_digit_pin_of_before_still_unlocks_and_the_manager_is_told_to_choose_a_longer_one(desk):
    old_key_file(desk.role.pin_path, "2468")
    with pytest.raises(PermissionError, match="not right"):
        desk.unlock_manager("2469", MANAGER)
    desk.unlock_manager("2468", MANAGER)                      # not locked out
    assert desk.unlocked
    notice = desk.pin_notice
    assert notice is not None and "only 4 digits" in notice and "6 to 12 digits" in notice
    assert "Change PIN" in notice
    desk.lock_manager()
    assert desk.pin_notice is None                             # said to the manager holding the role only
    desk.unlock_manager("2468", MANAGER)
    desk.change_pin("24682468", "24682468")
    assert desk.pin_notice is None
    desk.lock_manager()
    desk.unlock_manager("24682468", MANAGER)
    assert desk.pin_notice is None


def test_a_key_file_of_a_lower_cost_is_encrypted_again_at_todays_at_its_next_unlock(desk, monkeypatch):
    """Written at n=2**10 (the quick cost standing for the cost before), unlocked once today's cost is n=2**11,
    p=2: the file holds the same key at today's cost, under the same PIN; a wrong PIN changes nothing."""
    key = old_key_file(desk.role.pin_path, "2468")
    written = desk.role.pin_path.read_bytes()
    monkeypatch.setattr(manager_key, "SCRYPT_N", 2 ** 11)
    monkeypatch.setattr(manager_key, "SCRYPT_P", 2)
    with pytest.raises(PermissionError):
        desk.unlock_manager("1111", MANAGER)
    assert desk.role.pin_path.read_bytes() == written
    desk.unlock_manager("2468", MANAGER)
    assert costs(desk.role.pin_path) == (2 ** 11, 8, 2)
    stored = json.loads(desk.role.pin_path.read_text())
    assert stored["fingerprint"] == key.fingerprint == desk.role.key.fingerprint
    assert stored["salt"] != json.loads(written)["salt"]
    again = desk.role.pin_path.read_bytes()
    desk.lock_manager()
    desk.unlock_manager("2468", MANAGER)                        # the same PIN opens it, and it is not written again
    assert desk.role.pin_path.read_bytes() == again and desk.role.key.fingerprint == key.fingerprint
    assert desk.verify() == []


def test_a_key_file_of_a_higher_cost_than_todays_is_left_as_it_is(desk, monkeypatch):
    monkeypatch.setattr(manager_key, "SCRYPT_N", 2 ** 12)
    desk.set_first_pin(MANAGER, "246824", "246824")
    written = desk.role.pin_path.read_bytes()
    monkeypatch.setattr(manager_key, "SCRYPT_N", 2 ** 10)
    desk.lock_manager()
    desk.unlock_manager("246824", MANAGER)
    assert desk.role.pin_path.read_bytes() == written


def test_a_key_file_that_cannot_be_written_again_keeps_working_at_its_cost(desk, monkeypatch):
    old_key_file(desk.role.pin_path, "246824")
    written = desk.role.pin_path.read_bytes()
    monkeypatch.setattr(manager_key, "SCRYPT_N", 2 ** 11)

    def refused(*_args, **_kwargs):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(manager_key.os, "replace", refused)
    desk.unlock_manager("246824", MANAGER)
    assert desk.unlocked and desk.role.pin_path.read_bytes() == written


@pytest.mark.real_pin_kdf
def test_a_new_pin_gets_the_real_cost(desk):
    assert (manager_key.SCRYPT_N, manager_key.SCRYPT_R, manager_key.SCRYPT_P) == (2 ** 17, 8, 2)
    desk.set_first_pin(MANAGER, "246824", "246824")
    assert costs(desk.role.pin_path) == (2 ** 17, 8, 2)
    desk.lock_manager()
    with pytest.raises(PermissionError, match="not right"):
        desk.unlock_manager("246825", MANAGER)
    desk.unlock_manager("246824", MANAGER)
    assert desk.unlocked and desk.pin_notice is None


@pytest.mark.real_pin_kdf
def test_a_file_at_the_cost_of_before_is_encrypted_again_at_the_real_cost(desk, monkeypatch, records_path):
    with monkeypatch.context() as before:
        before.setattr(manager_key, "SCRYPT_N", manager_key.EARLIER_SCRYPT_N)
        before.setattr(manager_key, "SCRYPT_R", manager_key.EARLIER_SCRYPT_R)
        before.setattr(manager_key, "SCRYPT_P", manager_key.EARLIER_SCRYPT_P)
        key = old_key_file(desk.role.pin_path, "2468")
    assert costs(desk.role.pin_path) == (2 ** 15, 8, 1)
    desk.unlock_manager("2468", MANAGER)
    assert costs(desk.role.pin_path) == (2 ** 17, 8, 2) and "only 4 digits" in desk.pin_notice
    desk.close()
    with Desk.open(records_path) as reopened:
        reopened.unlock_manager("2468", MANAGER)
        assert reopened.role.key.fingerprint == key.fingerprint and reopened.verify() == []


def test_the_command_line_tells_a_manager_with_a_short_pin_to_choose_a_longer_one(tmp_path, monkeypatch, capsys):
    import io

    from dealerdrill.cli import main
    from dealerdrill.records import default_database_path

    monkeypatch.setenv("DEALERDRILL_HOME", str(tmp_path / "home"))
    with Desk.open(default_database_path()) as desk:
        old_key_file(desk.role.pin_path, "2468")
    monkeypatch.setattr("sys.stdin", io.StringIO("2468\n"))
    assert main(["export", "--format", "csv", "--all", "--out", str(tmp_path / "all.csv"), "--manager", MANAGER,
                 "--pin-stdin"]) == 0
    err = capsys.readouterr().err
    assert "only 4 digits" in err and "6 to 12 digits" in err and (tmp_path / "all.csv").exists()
