"""While a test runs no setting changes, whoever asks: the attempt is judged under the settings it started
with (issue 11). Practice and timed sessions keep the ordinary settings policy."""
from __future__ import annotations

from dataclasses import replace

import pytest

from dealerdrill.desk.desk import SettingsLockedDuringTest
from dealerdrill.domain import Mode, Target

MANAGER = "Mere Smith"   # the manager_desk fixture's manager (tests/desk/conftest.py)


def with_commission(settings, percent):
    return replace(settings, baccarat=replace(settings.baccarat, commission_percent=percent))


def with_animation(settings, seconds):
    return replace(settings, roulette=replace(settings.roulette, animation_seconds=seconds))


@pytest.fixture
def testing_desk(manager_desk):
    """A trainee in the middle of a baccarat commission test, with the manager role unlocked."""
    manager_desk.set_target("baccarat.commission", Target(test_items=5))
    manager_desk.add_trainee("Aroha")
    manager_desk.choose_trainee("Aroha")               # a new person at the desk: the role locks...
    manager_desk.unlock_manager("246824", MANAGER)       # ...and the manager unlocks it again
    manager_desk.start_session("baccarat.commission", Mode.TEST)
    return manager_desk


def test_even_a_manager_cannot_change_an_answer_key_setting_during_a_test(testing_desk):
    before = testing_desk.settings
    assert testing_desk.unlocked and testing_desk.test_running
    with pytest.raises(SettingsLockedDuringTest, match="A test is running") as refused:
        testing_desk.apply_settings(with_commission(before, 0.0))
    assert "Nothing was changed" in str(refused.value)
    assert testing_desk.settings == before
    assert "settings_changed" not in [e.action for e in testing_desk.records.audit_log()]   # nothing changed
    with pytest.raises(SettingsLockedDuringTest):
        testing_desk.use_house_way("foxwoods")
    assert testing_desk.settings.paigow.house_way == before.paigow.house_way


def test_nor_a_presentation_setting(testing_desk):
    before = testing_desk.settings
    with pytest.raises(SettingsLockedDuringTest):
        testing_desk.apply_settings(with_animation(before, 2.5))
    assert testing_desk.settings == before


def test_once_the_test_ends_the_usual_policy_applies_again(testing_desk):
    session = testing_desk.session
    session.next_item()
    session.submit("1", 2.0)
    testing_desk.end_session()                         # stopped after 1 of 5
    assert not testing_desk.test_running
    testing_desk.apply_settings(with_commission(testing_desk.settings, 4.0))
    assert testing_desk.settings.baccarat.commission_percent == 4.0
    assert testing_desk.records.audit_log()[-1].actor == MANAGER


def test_a_practice_session_does_not_lock_the_settings(manager_desk):
    manager_desk.add_trainee("Aroha")
    manager_desk.choose_trainee("Aroha")               # a new person at the desk: the role locks...
    manager_desk.unlock_manager("246824", MANAGER)       # ...and the manager unlocks it again
    manager_desk.start_session("baccarat.commission", Mode.PRACTICE, seed=4)
    assert manager_desk.session is not None and not manager_desk.test_running
    manager_desk.apply_settings(with_commission(manager_desk.settings, 4.0))
    assert manager_desk.settings.baccarat.commission_percent == 4.0


def test_a_guest_test_locks_them_too(desk):
    desk.choose_guest()
    desk.start_session("baccarat.commission", Mode.TEST, seed=4)
    assert desk.test_running
    with pytest.raises(SettingsLockedDuringTest):
        desk.apply_settings(with_animation(desk.settings, 2.5))


def test_the_rule_book_and_the_charts_are_closed_while_a_test_runs_even_to_a_manager(testing_desk):
    from dealerdrill.desk import ReferencesClosedDuringTest

    with pytest.raises(ReferencesClosedDuringTest, match="A test is running: the rule book and the charts"):
        testing_desk.require_references()
    testing_desk.end_session()
    testing_desk.require_references()                   # open again once the test has ended
    testing_desk.start_session("baccarat.commission", Mode.PRACTICE)
    testing_desk.require_references()                   # and open in practice
