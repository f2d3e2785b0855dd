"""Manager keys and imports on the Manager page: exporting this workstation's key, trusting another
workstation's key after confirming its manager and fingerprint, the keys the records accept, and an import's
summary listing what it refused and why (before the key is trusted) and taking it after.

Another workstation is a second desk on its own records and PIN file; the file dialogs are replaced by the
paths the test chooses.
"""
from __future__ import annotations

import pytest
from manager_targets import set_target_as_manager
from PySide6.QtWidgets import QFileDialog

from dealerdrill import app as app_module
from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target
from dealerdrill.views.records_manager import WORKSTATION_TAB

PIN, MANAGER = "482648", "Mere Smith"
OTHER_PIN, OTHER_MANAGER = "864286", "Rangi Parata"
EXPORT_TAB = 4


def passed_test(desk, trainee: str) -> str:
    """A one-item test of the table of play, answered right and finished (another pass mark than the default)."""
    set_target_as_manager(desk, "baccarat.table_of_play", Target(test_items=1), OTHER_PIN, OTHER_MANAGER)
    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session("baccarat.table_of_play", Mode.TEST)
    session.submit(session.next_item().key, 2.0)
    return session.finish().uuid


@pytest.fixture
def other_workstation(tmp_path):
    """Another workstation's signed-off tests exported for import, and its manager's key file."""
    other = Desk.open(tmp_path / "other" / "records.sqlite3")
    other.set_first_pin(OTHER_MANAGER, OTHER_PIN, OTHER_PIN)
    tests = [passed_test(other, name) for name in ("Tama", "Hemi", "Wiremu", "Anaru", "Kiri", "Moana", "Tui",
                                                    "Ngaio", "Rewi", "Huia")]
    other.unlock_manager(OTHER_PIN, OTHER_MANAGER)
    for attempt in tests:
        other.sign_off(attempt, "seen on the floor")
    key_file = tmp_path / "rangi-key.json"
    fingerprint = other.export_public_key(key_file)
    records_file = tmp_path / "other-records.json"
    other.export("json", records_file)
    other.close()
    return {"key_file": key_file, "fingerprint": fingerprint, "records_file": records_file, "tests": tests}


@pytest.fixture
def page(qtbot, tmp_path):
    desk = Desk.open(tmp_path / "here" / "records.sqlite3")
    desk.set_first_pin(MANAGER, PIN, PIN)
    window = app_module.MainWindow(desk=desk)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.resize(1366, 768)
    assert window.records_ui.show_manager()
    yield window.records_ui.manager_page
    window.close()


def choose_file(monkeypatch, which: str, path) -> None:
    monkeypatch.setattr(QFileDialog, which, staticmethod(lambda *args, **kwargs: (str(path), "")))


def import_file(qtbot, page, path):
    page.tabs.setCurrentIndex(EXPORT_TAB)
    with qtbot.waitSignal(page.import_finished, timeout=30_000) as done:
        page.start_import(path)
    return done.args[0]


def test_this_workstations_key_is_shown_and_exported_through_the_page(qtbot, page, monkeypatch, tmp_path):
    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    own = page.desk.role.key.fingerprint
    assert tab.fingerprint_label.text() == own and tab.fingerprint_label.isVisible()
    assert tab.key_rows() == [(own, MANAGER, "This workstation: the key in use now")]
    target = tmp_path / "exported" / "mere-key.json"
    target.parent.mkdir()
    choose_file(monkeypatch, "getSaveFileName", target)
    tab.export_key_button.click()
    assert Desk.read_public_key_file(target)[1:] == (MANAGER, own)
    assert str(target) in tab.keys_message.text() and own in tab.keys_message.text()
    tab.copy_fingerprint_button.click()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == own


def test_an_import_lists_what_it_refused_until_the_other_key_is_trusted_through_the_page(
        qtbot, page, monkeypatch, other_workstation):
    desk = page.desk
    first = import_file(qtbot, page, other_workstation["records_file"])
    assert first.sessions_added == 0 and len(first.refused) == 10
    assert page.refused_lines() == list(first.refused)
    assert all("no manager this workstation trusts signed it off" in line for line in page.refused_lines())
    assert "Not imported: 10 items, each listed below with the reason." in page.import_message.text()
    qtbot.waitUntil(lambda: page.import_refused.verticalScrollBar().maximum() > 0, timeout=2000)   # it scrolls

    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    choose_file(monkeypatch, "getOpenFileName", other_workstation["key_file"])
    tab.trust_key_button.click()
    box = tab.trust_confirmation
    assert box is not None and box.isVisible()
    assert OTHER_MANAGER in box.text() and other_workstation["fingerprint"] in box.text()
    box.button(box.standardButtons().Cancel).click()              # not this time
    assert other_workstation["fingerprint"] not in desk.records.manager_keys()
    assert tab.keys_message.text() == "Nothing was trusted."

    tab.trust_key_button.click()
    box = tab.trust_confirmation
    box.trust_button.click()
    assert desk.records.manager_keys()[other_workstation["fingerprint"]][1:] == (OTHER_MANAGER, "trusted")
    assert (other_workstation["fingerprint"], OTHER_MANAGER, "Trusted (another workstation)") in tab.key_rows()
    assert tab.key_rows()[0][2] == "This workstation: the key in use now"
    assert "is trusted" in tab.keys_message.text()

    tab.trust_key_button.click()                                   # a second time: said, not asked
    assert tab.trust_confirmation is None and "already accepted" in tab.keys_message.text()

    second = import_file(qtbot, page, other_workstation["records_file"])
    assert second.refused == () and second.sessions_added == 10 and second.signoffs_added == 10
    assert page.refused_lines() == [] and page.import_refused.isHidden()
    assert desk.records.session(other_workstation["tests"][0]).signed_by == OTHER_MANAGER
    assert desk.verify() == []


def test_a_file_that_is_not_a_key_is_refused_in_plain_words_and_nothing_is_asked(qtbot, page, monkeypatch,
                                                                                 other_workstation):
    page.tabs.setCurrentIndex(WORKSTATION_TAB)
    tab = page.workstation_tab
    choose_file(monkeypatch, "getOpenFileName", other_workstation["records_file"])
    tab.trust_key_button.click()
    assert tab.trust_confirmation is None
    assert "is not a manager's key file" in tab.keys_message.text()
    assert len(page.desk.records.manager_keys()) == 1
