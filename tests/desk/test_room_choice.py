"""Choosing the training room server: manager only, never a password kept, the environment first."""
from __future__ import annotations

import pytest

from dealerdrill.desk import Desk, ManagerRoleRequired
from dealerdrill.desk.room_choice import ROOM_FILE_NAME, chosen_room
from dealerdrill.records.room_connection import RoomUrlError

PIN, MANAGER = "24681357", "Mere Smith"


@pytest.fixture
def desk(tmp_path):
    with Desk.open(tmp_path / "data" / "records.sqlite3") as opened:
        yield opened


def test_only_a_manager_chooses_the_room_and_the_choice_is_kept_without_a_password(desk, tmp_path):
    with pytest.raises(ManagerRoleRequired):
        desk.set_room_server("postgresql://desk_01@records.local/dealerdrill")
    assert desk.room_server() is None
    desk.set_first_pin(MANAGER, PIN, PIN)
    with pytest.raises(RoomUrlError, match="password"):
        desk.set_room_server("postgresql://desk_01:secret@records.local/dealerdrill")
    with pytest.raises(RoomUrlError, match="not a PostgreSQL URL"):
        desk.set_room_server("mysql://desk_01@records.local/dealerdrill")
    assert not (tmp_path / "data" / ROOM_FILE_NAME).exists()      # a refused URL changes nothing
    message = desk.set_room_server("postgresql://desk_01@records.local/dealerdrill",
                                   "postgresql://mere@records.local/dealerdrill")
    assert "next start" in message and "records.local" in message
    choice = desk.room_server()
    assert (choice.url, choice.manager_url, choice.source) == ("postgresql://desk_01@records.local/dealerdrill",
                                                               "postgresql://mere@records.local/dealerdrill", "setting")
    assert "secret" not in (tmp_path / "data" / ROOM_FILE_NAME).read_text()
    assert desk.records.audit_log()[0].action == "room_server_chosen"
    desk.set_room_server(None)
    assert desk.room_server() is None


def test_the_environment_wins_over_the_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALERDRILL_RECORDS_URL", "postgresql://desk_02@room/dealerdrill")
    choice = chosen_room(tmp_path)
    assert (choice.url, choice.source) == ("postgresql://desk_02@room/dealerdrill", "environment")
