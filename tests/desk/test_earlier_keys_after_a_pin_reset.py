"""After a PIN reset, this workstation's earlier manager keys sign nothing until the new PIN's manager confirms
them (issue 28): a key a trainee wrote into the records file before the reset, as "this workstation's", would
otherwise come before the new key and be taken as a manager's, and a target it signed would be in force."""
from __future__ import annotations

import pytest
from drill_answers import wrong_answers
from forged_keys import a_key_of_the_trainees
from manager_targets import set_target_as_manager

from dealerdrill.desk import Desk, ManagerRoleRequired
from dealerdrill.domain import Mode, Target

PIN, NEW_PIN, MANAGER, DRILL = "24681357", "97531864", "Mere Smith", "roulette.payout"
STRICT = Target(test_items=4, pass_mark=1.0, level=2)
LENIENT = Target(test_items=4, pass_mark=0.0, level=2)


def _reset_after_a_written_key(tmp_path) -> tuple[Desk, str, str]:
    """The manager's key K1 set a strict target; a trainee wrote a key of their own in and signed a lenient one with
    it; the PIN file was deleted and the manager set a new PIN. (desk, K1, the trainee's key)."""
    path = tmp_path / "records.sqlite3"
    with Desk.open(path) as desk:
        set_target_as_manager(desk, DRILL, STRICT, PIN, MANAGER)
        first = desk.role.key_file().public.fingerprint
        mine = a_key_of_the_trainees(desk.records, MANAGER, "this workstation")
        desk.records.set_target(DRILL, LENIENT, MANAGER, mine)
        desk.role.pin_path.unlink()                          # the README's reset
    desk = Desk.open(path)
    desk.set_first_pin(MANAGER, NEW_PIN, NEW_PIN)
    desk.lock_manager()
    return desk, first, mine.fingerprint


def _failed_test(desk: Desk) -> str:
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    session = desk.start_session(DRILL, Mode.TEST)
    for _ in range(4):
        session.submit(wrong_answers(session.next_item())[0], 2.0)
    session.finish()
    return session.session_id


def test_a_key_written_in_before_a_pin_reset_signs_nothing_until_the_manager_confirms_it(tmp_path):
    desk, first, written = _reset_after_a_written_key(tmp_path)
    assert set(desk.keys_the_pin_file_does_not_explain()) == {first, written}
    assert [fp for fp, _, _ in desk.earlier_keys_to_confirm()] == [first, written]
    assert desk.key_notice and "not taken as a manager's until the manager confirms" in desk.key_notice
    # The lenient target the written key signed is not in force: a test of 0 right out of 4 does not pass.
    attempt = desk.judged_session(_failed_test(desk))
    assert not attempt.passed
    desk.close()


def test_the_manager_confirms_the_keys_they_know_and_the_others_stay_out(tmp_path):
    desk, first, written = _reset_after_a_written_key(tmp_path)
    with pytest.raises(ManagerRoleRequired):
        desk.confirm_earlier_keys([first])                   # a trainee at the desk cannot
    desk.unlock_manager(NEW_PIN, MANAGER)
    with pytest.raises(ValueError, match="not one of them"):
        desk.confirm_earlier_keys(["0" * 16])
    desk.confirm_earlier_keys([first])
    assert desk.keys_the_pin_file_does_not_explain() == [written]
    assert [fp for fp, _, _ in desk.earlier_keys_to_confirm()] == [written]
    desk.lock_manager()
    # The manager's own earlier key counts again; the written one not: the strict target K1 signed is in force
    # (the lenient one came later, but its key signs nothing).
    assert desk.judge.verdict(_failed_test(desk)).target == STRICT
    desk.close()
    with Desk.open(tmp_path / "records.sqlite3") as again:        # the confirmation is in the records, signed
        assert again.keys_the_pin_file_does_not_explain() == [written]


def test_a_confirmation_not_signed_by_the_pin_files_key_confirms_nothing(tmp_path):
    import json

    from dealerdrill.records.models import EARLIER_KEYS_CONFIRMED

    desk, first, written = _reset_after_a_written_key(tmp_path)
    detail = json.dumps({"keys": [first, written]})
    desk.records.add_audit_entry(MANAGER, EARLIER_KEYS_CONFIRMED, detail)                      # unsigned
    desk.records.add_audit_entry(MANAGER, EARLIER_KEYS_CONFIRMED, detail,
                                 a_key_of_the_trainees(desk.records, MANAGER, "this workstation"))
    assert {first, written} <= set(desk.keys_the_pin_file_does_not_explain())
    desk.close()


def test_the_manager_page_lists_the_earlier_keys_and_confirms_the_ticked_ones(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    from dealerdrill import app as app_module
    from dealerdrill.views.records_manager import WORKSTATION_TAB

    desk, first, written = _reset_after_a_written_key(tmp_path)
    window = app_module.MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.show()
    window.resize(1366, 768)
    desk.unlock_manager(NEW_PIN, MANAGER)
    assert window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    tab.refresh()
    assert tab.confirm_keys_button.isVisible()
    assert sum("not confirmed: signs nothing" in row[2] for row in tab.key_rows()) == 2
    dialog = tab.ask_to_confirm_earlier_keys()
    listed = [dialog.keys_list.item(row) for row in range(dialog.keys_list.count())]
    assert [item.data(Qt.ItemDataRole.UserRole) for item in listed] == [first, written]
    assert all(item.checkState() == Qt.CheckState.Unchecked for item in listed)        # none ticked for them
    listed[0].setCheckState(Qt.CheckState.Checked)
    dialog.confirm_button.click()
    assert "Confirmed 1 earlier key" in tab.keys_message.text()
    assert desk.keys_the_pin_file_does_not_explain() == [written]
    assert sum("not confirmed: signs nothing" in row[2] for row in tab.key_rows()) == 1
    window.close()
