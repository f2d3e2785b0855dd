"""The command line and the views are two callers of one application layer: both reach the same Desk
methods, and both are refused by the same rule with the same words when the manager role is locked."""
from __future__ import annotations

import io
import sys

import pytest

from dealerdrill import app as app_module, cli
from dealerdrill.desk import Desk, ManagerRoleRequired, Permission
from dealerdrill.domain import Mode
from dealerdrill.records import dump_records

PIN, MANAGER = "246824", "Mere Smith"


@pytest.fixture
def records_file(tmp_path, dealerdrill_home):
    """The workstation's records (the data folder's), with a PIN, and a records file from elsewhere."""
    with Desk.open() as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.add_trainee("Aroha")
        desk.choose_trainee("Aroha")
        session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=3)
        item = session.next_item()
        session.submit(item.key, 1.0)
        desk.end_session()
        dump_records(desk.records, tmp_path / "from-elsewhere.json")
    return tmp_path / "from-elsewhere.json"


@pytest.fixture
def spy(monkeypatch):
    """Every call of Desk.import_job and Desk.export_job, whoever made it."""
    calls = []
    for name in ("import_job", "export_job"):
        original = getattr(Desk, name)

        def recorded(self, *args, _original=original, _name=name, **kwargs):
            calls.append((_name, self.manager.name if self.manager else None))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(Desk, name, recorded)
    return calls


def run_cli(monkeypatch, *arguments, pin=PIN):
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{pin}\n"))
    return cli.main(list(arguments))


def test_an_import_from_the_command_line_and_from_the_manager_page_reach_the_same_call(
        qtbot, monkeypatch, records_file, spy, capsys):
    assert run_cli(monkeypatch, "import", str(records_file), "--manager", MANAGER, "--pin-stdin") == 0
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.desk.unlock_manager(PIN, MANAGER)
    page = window.records_ui.manager_page
    with qtbot.waitSignal(page.import_finished, timeout=20_000):
        page.start_import(records_file)
    window.close()
    assert spy == [("import_job", MANAGER), ("import_job", MANAGER)]


def test_both_are_refused_by_the_one_rule_in_the_same_words(qtbot, monkeypatch, records_file, spy, capsys):
    refusal = str(ManagerRoleRequired(Permission.IMPORT_RECORDS))
    # The views: the Manager page asked to import while the role is locked.
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    page = window.records_ui.manager_page
    assert page.start_import(records_file) is None
    assert page.import_message.text() == refusal     # said under the import button
    window.close()
    # The command line: a desk whose role is locked (the PIN given was wrong) meets the same rule.
    with Desk.open() as desk:
        with pytest.raises(ManagerRoleRequired) as raised:
            desk.import_job(records_file)
        assert str(raised.value) == refusal
    assert run_cli(monkeypatch, "import", str(records_file), "--manager", MANAGER, "--pin-stdin", pin="0000") == 1
    assert "That PIN is not right." in capsys.readouterr().err
    assert [call for call in spy if call[1] is not None] == []      # nothing ran with the role held
