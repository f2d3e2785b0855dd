"""Setting a drill's target as a manager would, for tests that take a test under a target of their own: a test
is issued under the manager's target in force (issue 28), never under one its caller gives."""
from __future__ import annotations

MANAGER = "Mere Smith"


def set_target_as_manager(desk, drill: str, target, pin: str, manager: str = MANAGER,
                          room_password: str | None = None) -> None:
    """`target` in force for `drill`, set with the manager role (its PIN set first when none is; `room_password`
    at a room's desk); the role is left as it was found."""
    held = desk.unlocked
    if not desk.pin_is_set():
        desk.set_first_pin(manager, pin, pin)
    elif not held:
        desk.unlock_manager(pin, manager, room_password)
    desk.set_target(drill, target)
    if not held:
        desk.lock_manager()
