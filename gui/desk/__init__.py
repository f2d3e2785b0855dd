"""The application layer (Qt-free): the desk a trainee sits at. It owns the person training, the drill
sessions and their recording (each answer stored with its scheduler memory in one transaction), the
manager role and every permission, the settings policy (which settings only a manager may change), and
the entry points for imports and exports. The Qt views and the command line both call it and only it;
no permission is checked anywhere else.

    desk.py              Desk: the state and every action, each checking the role
    roles.py             the manager role, the PIN, and which actions are manager-only
    manager_key.py       the manager's Ed25519 key, its private half encrypted under the PIN (the PIN file), and
                         the scorecards' PDF signing key (ECDSA P-256) derived from it
    room_ca.py           the casino's certificate authority, which certifies a room's managers' signing keys
    pin.py               the PIN file of before (a salted scrypt hash), read to upgrade it
    sessions.py          TrainingSession: a drill session that records as it grades
    path.py              the trainee's path: lessons done, drills practised, timed targets met, tests passed
    settings_policy.py   which settings decide answers (manager only) and which are presentation
"""
from .desk import (
           GUEST_TEXT,
           Desk,
           DeskEvent,
           NeedsConfirmation,
           NoRecordsError,
           ReferencesClosedDuringTest,
           SettingsLockedDuringTest,
)
from .manager_key import KeyFileError
from .pin import PIN_FILE_NAME, PinFileError
from .roles import (
           Manager,
           ManagerRole,
           ManagerRoleRequired,
           Permission,
           PinTriesExhausted,
)
from .sessions import TrainingSession
from .settings_policy import PRESENTATION_ONLY, answer_key_changes

__all__ = ["Desk", "DeskEvent", "GUEST_TEXT", "KeyFileError", "Manager", "ManagerRole", "ManagerRoleRequired",
           "NeedsConfirmation", "NoRecordsError", "PIN_FILE_NAME", "PRESENTATION_ONLY", "PinFileError",
           "PinTriesExhausted", "Permission", "ReferencesClosedDuringTest", "SettingsLockedDuringTest",
           "TrainingSession", "answer_key_changes"]
