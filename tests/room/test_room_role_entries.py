"""Entries a desk's login can write do not steer the manager role (issue 28), on a real PostgreSQL server: a desk
login appended `manager_unlocked` (the wrong-PIN lock-out was lifted) and `idle_lock_set` of 1e9 minutes (the role
never locked itself). The role reads only entries signed by a manager key the room accepts, and the server refuses
such an entry from a desk's login: the role is as the manager left it."""
from __future__ import annotations

import pytest
from room_helpers import owner_adds_manager
from still_clock import locked_out

from dealerdrill.desk import Desk, PinTriesExhausted
from dealerdrill.records import RecordsError

PIN, MANAGER = "24681357", "Mere Smith"


def test_a_desk_login_cannot_lift_the_lock_out_or_the_idle_lock(room, tmp_path):
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "a" / "room-outbox.sqlite3", manager_url=room.manager)
    with Desk(records, save_settings=False) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        desk.set_idle_lock_minutes(15)                        # the manager's, signed
        locked_out(desk, MANAGER, room_password=room.manager_password)

        forger = RoomRecords(room.desk_b, workstation="desk-b", catalog=DRILL_CATALOG,
                             outbox_path=tmp_path / "b" / "room-outbox.sqlite3")
        try:
            for action, detail in (("manager_unlocked", "key of the manager"), ("pin_set", ""), ("pin_reset", ""),
                                   ("idle_lock_set", "1e9")):
                with pytest.raises(RecordsError, match="lock-out and idle lock are read from"):
                    forger.add_audit_entry(MANAGER, action, detail)
            assert forger.send_waiting_now()                  # nothing kept back to send later
        finally:
            forger.close()

        assert desk.role.retry_after() > 0
        with pytest.raises(PinTriesExhausted):
            desk.unlock_manager(PIN, MANAGER, room.manager_password)
        assert desk.role.idle_minutes() == 15
