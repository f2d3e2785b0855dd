"""The manager role: who may do what at this desk, and unlocking the role with the manager PIN. Qt-free.

Anyone at the desk may practise, take a test, add themselves as a trainee and change the settings that do
not touch an answer key (an animation's speed). Everything in MANAGER_ONLY needs the manager role, unlocked
with the PIN; the desk asks `require` before it does any of these, whichever program part asked (the views
or the command line), so a rule written here holds everywhere.

Holding the role means holding the manager's private key, decrypted with the PIN (manager_key.py): every
sign-off and target is signed with it. Guessing is slowed down: after FREE_TRIES wrong PINs in a row the
role refuses every try for LOCKOUT_SECONDS, doubling with each further failure; the count comes from the
audit log in the records (chained, so it survives a restart and cannot be quietly wiped). The role locks
itself when the person at the desk changes and after an idle time the manager chooses.

At a training room's desk with a manager's login set (the records' manager_url), unlocking also takes the
manager's room password: it opens that login for as long as the role is held, and is kept nowhere else (no
file, setting or keyring; the desk's account holds only the desk's own login). Locking closes the login.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, cast

from . import manager_key, pin as pin_rules

if TYPE_CHECKING:       # for the annotations only: the room's module is loaded when a room is chosen
    from dealerdrill.records.room_store import RoomRecords

FREE_TRIES = 5
LOCKOUT_SECONDS = 60
DEFAULT_IDLE_MINUTES = 5


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
    TRUST_KEYS = "trust another workstation's manager key"
    SET_IDLE_LOCK = "change when the manager role locks itself"
    CHOOSE_ROOM_SERVER = "choose the training room server this desk records to"


MANAGER_ONLY = frozenset(Permission)


class ManagerRoleRequired(PermissionError):
    """The manager role is locked and the action needs it; the message says what and how to unlock."""

    def __init__(self, permission: Permission):
        self.permission = permission
        super().__init__(f"Only a training manager can {permission.value}. Unlock the manager role with the PIN.")


class PinTriesExhausted(PermissionError):
    """Too many wrong PINs in a row: no PIN is tried until `retry_after` seconds have passed."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        minutes, seconds = divmod(retry_after, 60)
        wait = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
        super().__init__(f"Too many wrong PINs in a row: the manager role cannot be unlocked for {wait}. "
                         f"Every try is in the audit log.")


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


def short_pin_notice(pin: str) -> str | None:
    """What to tell a manager who unlocked with a PIN shorter than a new PIN may be (one set before issue 28):
    None for a PIN of today's length. The role is not refused: the manager is asked to choose a longer one."""
    if len(pin) >= pin_rules.NEW_PIN_MIN_DIGITS:
        return None
    return (f"Your manager PIN has only {len(pin)} digits: someone who copies the PIN file can try every PIN of "
            f"that length within {'a few hours' if len(pin) <= 4 else 'a day'} on one computer. Choose a PIN of "
            f"{pin_rules.NEW_PIN_MIN_DIGITS} to {pin_rules.MAX_DIGITS} digits now (Manager page, Workstation and keys "
            f"tab: Change PIN); 8 or more is wise.")


REPLACED_WORDS = ("this records file replaced the one this workstation's manager key had signed: it came as a "
                  "file of an older version, whose history (sign-offs, targets and answers) no manager signed")


class ManagerRole:
    """The role at one desk: locked, or held by one named manager with their unlocked key. `records()` gives
    the desk's records (for the audit log, the throttle and the accepted keys); `clock` the time of day;
    `idle_clock` seconds for the idle lock (time.monotonic)."""

    def __init__(self, pin_path: Path, records: Callable, clock: Callable[[], datetime],
                 idle_clock: Callable[[], float] = time.monotonic,
                 distrusted: Callable[[], frozenset[str]] = frozenset):
        self.pin_path = Path(pin_path)
        self._records = records
        # Keys the records accept whose signatures are nobody's word here (the desk's: keys its PIN file does not
        # explain); an entry they signed steers nothing.
        self._distrusted = distrusted
        self._clock = clock
        self._idle_clock = idle_clock
        self._manager: Manager | None = None
        self.key: manager_key.ManagerKey | None = None
        self._last_activity = idle_clock()
        self._idle_limit = 60.0 * DEFAULT_IDLE_MINUTES   # read from the records at each unlock
        # Said to the manager who unlocked with a PIN shorter than new PINs may be (set before issue 28).
        self.pin_notice: str | None = None

    # -- state
    @property
    def manager(self) -> Manager | None:
        self.lock_if_idle()
        return self._manager

    @property
    def unlocked(self) -> bool:
        return self.manager is not None

    def holder(self) -> tuple[str, manager_key.ManagerKey] | None:
        """The manager holding the role and their key, without the idle check: for what is signed on the way out
        (the seal of gradings just before an idle lock)."""
        if self._manager is None or self.key is None:
            return None
        return self._manager.name, self.key

    @property
    def manager_name(self) -> str | None:
        manager = self.manager
        return manager.name if manager is not None else None

    def key_for(self, permission: Permission) -> manager_key.ManagerKey:
        """The unlocked manager's key, to sign what `permission` does; ManagerRoleRequired while locked."""
        if self.manager is None or self.key is None:
            raise ManagerRoleRequired(permission)
        return self.key

    def may(self, permission: Permission) -> bool:
        return permission not in MANAGER_ONLY or self.unlocked

    def require(self, permission: Permission) -> str:
        """The manager's name when the role is unlocked (or the action is anyone's); ManagerRoleRequired if not."""
        if not self.may(permission):
            raise ManagerRoleRequired(permission)
        self.note_activity()
        return self.manager_name or "workstation"

    # -- idle lock
    def note_activity(self) -> None:
        """Someone used the desk (a key press, a click, an action): the idle time starts again."""
        self.lock_if_idle()
        self._last_activity = self._idle_clock()

    def idle_minutes(self) -> float:
        """The idle minutes of the latest change signed by a manager key the records accept: an entry anyone can
        append (a desk's login, sqlite3 on the file) must not keep the role from ever locking itself."""
        records = self._records()
        if records is None:
            return DEFAULT_IDLE_MINUTES
        entry = records.latest_signed_audit("idle_lock_set", self._distrusted(), own_keys_only=False)
        try:
            minutes = float(entry.detail) if entry is not None else DEFAULT_IDLE_MINUTES
        except ValueError:
            return DEFAULT_IDLE_MINUTES
        return minutes if 1 <= minutes <= 120 else DEFAULT_IDLE_MINUTES

    def set_idle_minutes(self, minutes: float) -> None:
        manager = self.require(Permission.SET_IDLE_LOCK)
        if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 1 <= minutes <= 120:
            raise ValueError("The manager role locks itself after 1 to 120 idle minutes.")
        self._log(manager, "idle_lock_set", f"{float(minutes):g}", signed=True)
        self._idle_limit = 60.0 * float(minutes)

    def idle_too_long(self) -> bool:
        """The role is held and has been idle past its limit (lock_if_idle would lock it now)."""
        return self._manager is not None and self._idle_clock() - self._last_activity >= self._idle_limit

    def lock_if_idle(self) -> bool:
        if not self.idle_too_long():
            return False
        self._lock("idle")
        return True

    # -- the PIN
    def key_file(self) -> manager_key.KeyFile | None:
        return manager_key.read_key_file(self.pin_path)

    def pin_is_set(self) -> bool:
        return self.key_file() is not None

    def set_first_pin(self, name: str, pin: str, repeated: str) -> Manager:
        """The first PIN on this desk (or the first after a reset), typed twice; the setter holds the role."""
        name = clean_manager_name(name)
        if pin != repeated:
            raise ValueError("The two PINs are not the same; type the new PIN twice.")
        if self.pin_is_set():
            raise PermissionError("A manager PIN is already set; unlock the role with it to change it.")
        pin_rules.check_new_pin(pin)
        key = manager_key.new_key(pin)
        manager_key.write_key_file(self.pin_path, key, pin)
        self._log(name, "pin_set", f"{self.pin_path.name}; key {key.fingerprint}")
        return self.unlock(pin, name, _new_key=True)

    def change_pin(self, pin: str, repeated: str) -> None:
        """A new PIN for the same key: signatures made before stay valid."""
        manager = self.require(Permission.CHANGE_PIN)
        if pin != repeated:
            raise ValueError("The two PINs are not the same; type the new PIN twice.")
        pin_rules.check_new_pin(pin)
        manager_key.write_key_file(self.pin_path, self.key_for(Permission.CHANGE_PIN), pin)
        self._log(manager, "pin_changed", self.pin_path.name, signed=True)
        self.pin_notice = None

    def retry_after(self) -> int:
        """Seconds before another PIN may be tried (0: now). The wrong PINs counted are those since the latest
        unlock signed by a manager key the records accept: refusals are what a desk writes, unsigned, but what
        ends a lock-out must be the manager's, so an unsigned `manager_unlocked` (or `pin_set`, `pin_reset`)
        appended by anyone lifts nothing."""
        records = self._records()
        if records is None:
            return 0
        unlocked = records.latest_signed_audit_entry("manager_unlocked", self._distrusted(), own_keys_only=False)
        refused = records.audit_since(("unlock_refused",), after_id=unlocked[0] if unlocked is not None else 0)
        if len(refused) < FREE_TRIES:
            return 0
        wait = timedelta(seconds=LOCKOUT_SECONDS * 2 ** (len(refused) - FREE_TRIES))
        remaining = (refused[-1].at + wait - self._clock()).total_seconds()
        return max(0, int(remaining + 0.999))

    def records_replaced_after_the_pin(self, key_file: manager_key.KeyFile | None = None) -> bool:
        """The records file holds history from before the chains (a file of version 3 or older, upgraded
        here) and no key of this workstation, while the PIN file already holds a key: the records were not
        upgraded beside this PIN file (its first unlock would have given them its key), they replaced the
        file after the PIN was set. Such a file may have been written anew by anyone, sign-offs and all, as
        unsigned history; its first unlock must not make the key vouch for it. Not in a training room."""
        records = self._records()
        if records is None or getattr(records, "room", False):
            return False
        if key_file is None:
            try:
                key_file = self.key_file()
            except manager_key.KeyFileError:
                return False
        if key_file is None or key_file.public is None:
            return False
        if any(origin == "this workstation" for _, _, origin in records.manager_keys().values()):
            return False
        return records.history_before_the_chains()

    def _room_with_manager_login(self) -> RoomRecords | None:
        """The records, when they are a training room's with a manager's login of its own set for this desk."""
        records = self._records()
        if records is not None and getattr(records, "room", False) and getattr(records, "manager_login_needed", False):
            return cast("RoomRecords", records)
        return None

    def needs_room_password(self) -> bool:
        """Unlocking here takes the manager's room password as well as the PIN (see the module's words)."""
        return self._room_with_manager_login() is not None

    def unlock(self, pin: str, name: str, *, room_password: str | None = None, _new_key: bool = False) -> Manager:
        """Hold the role as `name` if `pin` is right (and, at a room's desk with a manager's login, the server
        opens that login with `room_password`); PermissionError (audited) if the PIN is not, PinTriesExhausted
        without trying while too many wrong PINs were given in a row, ManagerLoginRefused (nothing recorded) if
        the server refuses the room password. The role stays locked whenever this raises."""
        name = clean_manager_name(name)
        key_file = self.key_file()
        if key_file is None:
            raise PermissionError("No manager PIN is set on this workstation yet; set one first.")
        room = self._room_with_manager_login()
        if room is not None and not room_password:
            raise PermissionError("This desk records to a training room: type the manager's room password (the "
                                  "password of your own login to the room's server) as well as the PIN.")
        # A key just made with this PIN (set_first_pin) is not a guess: the lock-out of wrong PINs tried on the key
        # before a PIN reset does not hold it up.
        wait = 0 if _new_key else self.retry_after()
        if wait:
            self._log(name, "unlock_throttled", f"{wait} s to wait")
            raise PinTriesExhausted(wait)
        replaced = not _new_key and self.records_replaced_after_the_pin(key_file)
        key = key_file.unlock(pin) if isinstance(pin, str) else None
        if key is None:
            self._log(name, "unlock_refused", "wrong PIN")
            wait = self.retry_after()
            if wait:
                raise PinTriesExhausted(wait)
            raise PermissionError("That PIN is not right.")
        if room is not None:
            room.open_manager_login(cast(str, room_password))   # refused: nothing recorded, the role stays locked
        self._manager, self.key = Manager(name, self._clock()), key
        try:
            self.pin_notice = short_pin_notice(pin)
            self._last_activity = self._idle_clock()
            self._idle_limit = 60.0 * self.idle_minutes()
            records = self._records()
            if records is not None and key.fingerprint not in records.manager_keys():
                # A key these records have never seen: the first PIN, or a key file written over the old one.
                records.add_manager_key(key.public.raw, name, "this workstation", key, name)
                if replaced:     # said for good, under the key's signature: verify names it from now on
                    from dealerdrill.records.verify import RECORDS_REPLACED

                    self._log(name, RECORDS_REPLACED, f"{records.describe_location()}: {REPLACED_WORDS}",
                              signed=True)
            self._log(name, "manager_unlocked", f"key {key.fingerprint}", signed=True)
            if records is not None:
                records.checkpoint(key, name)
        except BaseException:
            # The unlock is not on record (the records refused it, or the server went away): the role is not held.
            self._manager, self.key, self.pin_notice = None, None, None
            self._close_manager_login()
            raise
        return self._manager

    def lock(self) -> None:
        self._lock("")

    def forget(self) -> None:
        """Drop the role without an audit entry (its records were kept aside as damaged)."""
        self._manager, self.key, self.pin_notice = None, None, None
        self._close_manager_login()

    def _lock(self, why: str) -> None:
        try:
            if self._manager is not None:
                self._log(self._manager.name, "manager_locked", why)
        finally:
            self._manager, self.key, self.pin_notice = None, None, None
            self._close_manager_login()

    def _close_manager_login(self) -> None:
        """The manager's room login closes with the role, and the password it was opened with is dropped."""
        room = self._room_with_manager_login()
        if room is not None:
            room.close_manager_login()

    def _log(self, actor: str, action: str, detail: str, signed: bool = False) -> None:
        records = self._records()
        if records is not None and not records.read_only:
            records.add_audit_entry(actor, action, detail, self.key if signed else None)
