"""A clock for tests of the manager role's timings: the time of day, moved by the test only."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta


class StillClock:
    """Each reading adds a millisecond, so stored times stay in order; the test moves `now` to pass time."""

    def __init__(self):
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self):
        self.now += timedelta(milliseconds=1)
        return self.now


def locked_out(desk, manager: str, wrong_pin: str = "00000000", room_password: str | None = None) -> None:
    """Lock the role and give wrong PINs (with the room password, at a room's desk) until the desk refuses to try
    (PinTriesExhausted)."""
    import pytest

    from dealerdrill.desk import PinTriesExhausted, roles

    desk.lock_manager()
    for _ in range(roles.FREE_TRIES - 1):
        with pytest.raises(PermissionError, match="not right"):
            desk.unlock_manager(wrong_pin, manager, room_password)
    with pytest.raises(PinTriesExhausted):
        desk.unlock_manager(wrong_pin, manager, room_password)
