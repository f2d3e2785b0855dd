"""The manager role: who may do what at this desk, and unlocking the role with the manager PIN. Qt-free.

Anyone at the desk may practise, take a test, add themselves as a trainee and change the settings that do
not touch an answer key (an animation's speed). Everything in MANAGER_ONLY needs the manager role, unlocked
with the PIN; the desk asks `require` before it does any of these, whichever program part asked (the views
or the command line), so a rule written here holds everywhere.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Callable

from . import pin as pin_file


class Permission(Enum):
    SIGN_OFF = "sign off a test"
    SET_TARGETS = "change targets and pass marks"
    ARCHIVE_TRAINEES = "archive or restore a trainee"
    IMPORT_RECORDS = "import records"
    EXPORT_RECORDS = "export records"
    SEE_EVERY_TRAINEE = "see every trainee's records (the roster, the cohort, the tests)"
    CHANGE_GRADING_SETTINGS = "change the settings that decide the answers"
    MANAGE_HOUSE_WAYS = "load or forget a house-way file"
    CHANGE_PIN = "change the manager PIN"


MANAGER_ONLY = frozenset(Permission)


class ManagerRoleRequired(PermissionError):
    """The manager role is locked and the action needs it; the message says what and how to unlock."""

    def __init__(self, permission: Permission):
        self.permission = permission
        super().__init__(f"Only a training manager can {permission.value}. Unlock the manager role with the PIN.")


@dataclass(frozen=True)
class Manager:
    """The person holding the manager role: their name (sign-offs record it) and since when."""
    name: str
    unlocked_at: datetime


def clean_manager_name(name: object) -> str:
    cleaned = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not cleaned:
        raise ValueError("Give the manager's name: sign-offs record who signed.")
    if len(cleaned) > 60 or not cleaned.isprintable():
        raise ValueError("A manager's name is at most 60 printable characters.")
    return cleaned


class ManagerRole:
    """The role at one desk: locked, or held by one named manager. `audit(actor, action, detail)` writes an
    audit entry in the records' log."""

    def __init__(self, pin_path: Path, audit: Callable[[str, str, str], None],
                 clock: Callable[[], datetime]):
        self.pin_path = Path(pin_path)
        self._audit = audit
        self._clock = clock
        self.manager: Manager | None = None

    # -- state
    @property
    def unlocked(self) -> bool:
        return self.manager is not None

    @property
    def manager_name(self) -> str | None:
        return self.manager.name if self.manager is not None else None

    def may(self, permission: Permission) -> bool:
        return permission not in MANAGER_ONLY or self.unlocked

    def require(self, permission: Permission) -> str:
        """The manager's name when the role is unlocked (or the action is anyone's); ManagerRoleRequired if not."""
        if not self.may(permission):
            raise ManagerRoleRequired(permission)
        return self.manager_name or "workstation"

    # -- the PIN
    def pin_is_set(self) -> bool:
        return pin_file.read_pin_file(self.pin_path) is not None

    def set_first_pin(self, name: str, pin: str, repeated: str) -> Manager:
        """The first PIN on this desk (or the first after a reset), typed twice; the setter holds the role."""
        name = clean_manager_name(name)
        if pin != repeated:
            raise ValueError("The two PINs are not the same; type the new PIN twice.")
        if self.pin_is_set():
            raise PermissionError("A manager PIN is already set; unlock the role with it to change it.")
        pin_file.write_pin_file(self.pin_path, pin_file.hash_pin(pin))
        self._log(name, "pin_set", self.pin_path.name)
        return self.unlock(pin, name)

    def change_pin(self, pin: str, repeated: str) -> None:
        manager = self.require(Permission.CHANGE_PIN)
        if pin != repeated:
            raise ValueError("The two PINs are not the same; type the new PIN twice.")
        pin_file.write_pin_file(self.pin_path, pin_file.hash_pin(pin))
        self._log(manager, "pin_changed", self.pin_path.name)

    def unlock(self, pin: str, name: str) -> Manager:
        """Hold the role as `name` if `pin` is right; PermissionError (audited) if it is not."""
        name = clean_manager_name(name)
        stored = pin_file.read_pin_file(self.pin_path)
        if stored is None:
            raise PermissionError("No manager PIN is set on this workstation yet; set one first.")
        if not isinstance(pin, str) or not stored.matches(pin):
            self._log(name, "unlock_refused", "wrong PIN")
            raise PermissionError("That PIN is not right.")
        self.manager = Manager(name, self._clock())
        self._log(name, "manager_unlocked", "")
        return self.manager

    def lock(self) -> None:
        if self.manager is not None:
            self._log(self.manager.name, "manager_locked", "")
        self.manager = None

    def _log(self, actor: str, action: str, detail: str) -> None:
        self._audit(actor, action, detail)
