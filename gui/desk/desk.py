"""The desk: one workstation's training state and every rule about who may change it. Qt-free.

A Desk holds the records (or none: guests only), the person training (a trainee, a guest on purpose, or
nobody yet), the manager role, and the table settings in force. Every action a person can take goes
through a method here, and every method checks the role first; the Qt views and the command line are two
callers of the same methods, so neither can do what the other may not.

    desk, problems, notices = Desk.open_for_app()   # the window: never raises, says what went wrong
    desk = Desk.open()                         # the command line: RecordsError when the records are unusable
    desk.choose_trainee("Aroha")
    session = desk.start_session("baccarat.table_of_play", Mode.TEST, difficulty=2)
    grade = session.submit(answer, seconds)    # graded by the drill (the engine), stored before it returns
    desk.unlock_manager("2468", "Mere Smith")
    desk.sign_off(attempt_id, note="...")

Listeners (`subscribe`) hear what changed, as DeskEvent values: the views refresh on them.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from dealerdrill import settings as table_settings
from dealerdrill.domain import Mode, Target
from dealerdrill.drills.catalog import DRILL_CATALOG
from dealerdrill.records import Records, RecordsError, SessionSummary, Trainee
from dealerdrill.records.models import SETTINGS_IN_FORCE

from .manager_key import KeyFileError
from .path import LESSON_KEY, TraineePath, trainee_path
from .pin import PIN_FILE_NAME
from .roles import Manager, ManagerRole, Permission
from .room_choice import MANAGER_URL_VARIABLE, chosen_room, save_room
from .sessions import TrainingSession
from .settings_policy import answer_key_changes, default_answer_keys, settings_of_issue

if TYPE_CHECKING:       # for the annotations only: the room's module is loaded when a room is chosen
    from dealerdrill.records.room_store import RoomRecords

GUEST_TEXT = "Guest — not recorded"
PUBLIC_KEY_FORMAT = "dealerdrill-manager-public-key"


class DeskEvent(Enum):
    TRAINEE = "trainee"      # the person at the desk changed
    MANAGER = "manager"      # the manager role was unlocked or locked
    RECORDS = "records"      # something was stored (answers, a session, targets, an archive, an import)
    TARGETS = "targets"      # a target or pass mark changed
    SETTINGS = "settings"    # the table settings in force changed
    RECORDS_REPLACED = "records_replaced"   # a damaged file was kept aside and a new one started


class NeedsConfirmation(ValueError):
    """The action is allowed, but only when the manager confirms it and says why (signing off a session that
    is not a passed test); the message says what is unusual about it."""


class SettingsLockedDuringTest(PermissionError):
    """A test is running: no setting changes until it ends, whoever asks (a change mid-test would make the
    attempt's items and answers depend on settings it was not started under)."""

    def __init__(self):
        super().__init__("A test is running: the settings cannot change until it is finished or stopped. "
                         "Nothing was changed.")


class ReferencesClosedDuringTest(PermissionError):
    """A test is running: the rule book, the charts and the glossary stay closed until it ends (a chart would
    answer the test's questions: Table 2 in a table-of-play test, the house way in a house-way test)."""

    def __init__(self):
        super().__init__("A test is running: the rule book and the charts open again once it is finished or "
                         "stopped.")


class NoRecordsError(RuntimeError):
    """The desk has no usable records: only guest practice (not recorded) is possible."""

    def __init__(self):
        super().__init__("The records cannot be used on this workstation now, so only guest practice "
                         "(not recorded) is possible.")


class Desk:
    def __init__(self, records: Records | None, settings: table_settings.Settings | None = None, *,
                 pin_path: Path | None = None, clock: Callable[[], datetime] | None = None,
                 save_settings: bool = True, idle_clock: Callable[[], float] | None = None):
        """`records` None: guests only. `pin_path` defaults to the PIN file beside the records (or in the
        data folder). `save_settings` False keeps settings changes in memory (tests, the command line)."""
        self.records = records
        self.settings = settings or table_settings.Settings()
        self._save_settings = save_settings
        self._clock = clock or (records.clock if records is not None else (lambda: datetime.now(UTC)))
        if pin_path is None:
            from dealerdrill import paths

            pin_path = (records.path.parent if records is not None else paths.data_dir()) / PIN_FILE_NAME
        self.role = ManagerRole(pin_path, lambda: self.records, self._clock,
                                **({"idle_clock": idle_clock} if idle_clock is not None else {}),
                                distrusted=lambda: frozenset(self.keys_the_pin_file_does_not_explain()))
        self.trainee: str | None = None
        self.guest = False
        self.session: TrainingSession | None = None
        self._guest_memory: dict[str, dict] = {}
        self._drill_classes: dict[str, type] = {}    # drills sessions were started with, by id
        self._listeners: list[Callable[[DeskEvent], None]] = []
        self.house_way_note: str | None = None   # why the table's house way changed with the last file change
        self.key_notice: str | None = None       # the PIN file was replaced or is unusable: said in plain words
        self._judge: Any = None                   # the verdicts' Judge, made when first asked for (judge)
        from dealerdrill.records.room_store import RecordsOfflineError

        try:
            self._note_pin_reset()
        except RecordsOfflineError:
            # A room desk started while its server is down: the keys the PIN file is compared with are on the
            # server, so the comparison waits for the next start. Nothing is signed meanwhile (a manager's
            # sign-offs and targets go to the server through their own login); the desk records into its
            # outbox, which is what a desk without its server is for.
            pass

    # ------------------------------------------------------------------------------------------ opening
    @classmethod
    def open(cls, records_path: str | Path | None = None, settings: table_settings.Settings | None = None,
             **options) -> Desk:
        """The desk for the command line and scripts: the records at `records_path` (default: the data
        folder's); RecordsError when they cannot be used."""
        records = _open_records(records_path, clock=options.get("clock"))
        return cls(records, settings, save_settings=False, **options)

    @classmethod
    def open_for_app(cls, records_path: str | Path | None = None, *, lock_wait_seconds: float = 3.0,
                     settings: table_settings.Settings | None = None) -> tuple[Desk, list[str], list[str]]:
        """The desk for the window: never raises. Reads the saved settings (unless given) and loads the
        house-way files they list into the engine (the one place that does), then opens the records (a
        damaged file kept aside, a read-only one read-only...). Returns the desk, the settings problems and
        the records notices, each a list of plain sentences for the person at the desk."""
        problems: list[str] = []
        room = chosen_room() if records_path is None else None
        if room is not None:
            records, notices = _open_room_for_app(room)
        else:
            records, notices = Records.open_for_app(records_path, lock_wait_seconds=lock_wait_seconds,
                                                    catalog=DRILL_CATALOG)
        if settings is None:
            settings, problems = table_settings.load_settings()
            if records is not None:
                settings, problems = _settings_at_start(records, settings, problems)
        settings, restored = table_settings.restore_house_way_files(settings)
        desk = cls(records, settings)
        desk.top_up_test_stock()
        return desk, problems + restored, notices

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """End the running session (it keeps its finish time) and close the records."""
        self.end_session()
        if self.records is not None:
            self.records.close()

    def replace_damaged_records(self) -> list[str]:
        """The background check found the records damaged: keep the file aside, start a new one; the person
        at the desk and the role start afresh. Returns the notices."""
        if self.records is None:
            return []
        self.end_session()
        self.records, notices = Records.replace_damaged(self.records)
        self.trainee, self.guest = None, False
        self.role.forget()            # the role belonged to the records kept aside
        for event in (DeskEvent.RECORDS_REPLACED, DeskEvent.TRAINEE, DeskEvent.MANAGER, DeskEvent.RECORDS):
            self._tell(event)
        return notices

    # ------------------------------------------------------------------------------------------ the training room
    @property
    def in_room(self) -> bool:
        """The records are the training room's server (not this desk's own file)."""
        return getattr(self.records, "room", False)

    def _room(self) -> RoomRecords | None:
        """The records as the training room's server, or None for a file (or no records)."""
        return cast("RoomRecords", self.records) if self.in_room else None

    def room_status(self):
        """The room's RoomStatus (connected or not, answers waiting in the outbox), or None for a file."""
        room = self._room()
        return room.status() if room is not None else None

    def poll_room(self) -> bool:
        """Ask the room whether anything was stored since the last ask (the window does, every few seconds):
        if so, listeners hear RECORDS and the manager's roster and cohort refresh. False for a file."""
        room = self._room()
        if room is None:
            return False
        token = room.change_token()
        changed = token is not None and token != getattr(self, "_room_token", None)
        if token is not None:
            self._room_token = token
        if changed:
            self._tell(DeskEvent.RECORDS)
        return changed

    def room_server(self):
        """The RoomChoice in force (None: this desk's own records file)."""
        return chosen_room(self._data_folder())

    def set_room_server(self, url: str | None, manager_url: str | None = None) -> str:
        """Manager only: record to the training room server at `url` from the next start (None: back to this
        desk's own file). The URLs may not hold a password. Returns what happens, in words."""
        manager = self.require(Permission.CHOOSE_ROOM_SERVER)
        from dealerdrill.records.room_connection import public_url

        save_room(url, manager_url, self._data_folder())
        where = public_url(url) if url else "this desk's own records file"
        self._audit(manager, "room_server_chosen", where)
        return f"From the next start, this desk records to {where}."

    def _data_folder(self) -> Path:
        from dealerdrill import paths

        return self.records.path.parent if self.records is not None else paths.data_dir()

    # ------------------------------------------------------------------------------------------ verdicts
    @property
    def judge(self):
        """The Judge of these records (dealerdrill.verdicts): every test result this desk shows or acts on is
        made again by it, never read from what was stored. Keys the PIN file does not explain sign nothing."""
        from dealerdrill.verdicts import Judge

        records = self._require_records()
        judge = self._judge
        if judge is None or judge.records is not records:
            judge = self._judge = Judge(records, distrusted=frozenset(self.keys_the_pin_file_does_not_explain()),
                                        drills=self._drill_classes)
        return judge

    def review_test(self, session_id: str):
        """Manager only: the review of a session before it is signed off (dealerdrill.verdicts.TestReview): each
        item made again as the trainee saw it, the answer given and the right one graded again, rule and time."""
        from dealerdrill.verdicts import review_test

        self.require(Permission.SEE_EVERY_TRAINEE)
        return review_test(self._require_records(), session_id, self.judge)

    def judged_session(self, session_id: str) -> SessionSummary:
        """A session's summary with its verdict made again when it is a test."""
        return self.judge.judged(self._require_records().session(session_id))

    # ------------------------------------------------------------------------------------------ listeners
    def subscribe(self, listener: Callable[[DeskEvent], None]) -> None:
        self._listeners.append(listener)

    def _tell(self, event: DeskEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    @property
    def available(self) -> bool:
        """Whether answers can be recorded here (there are records)."""
        return self.records is not None

    def _require_records(self) -> Records:
        if self.records is None:
            raise NoRecordsError()
        return self.records

    # ------------------------------------------------------------------------------------------ who is training
    @property
    def chosen(self) -> bool:
        """Someone is at the keyboard: a trainee, or a guest on purpose."""
        return self.trainee is not None or self.guest

    def describe(self) -> str:
        if self.trainee is not None:
            return self.trainee
        return GUEST_TEXT if self.guest else "No trainee chosen"

    def trainee_names(self) -> list[str]:
        return [t.name for t in self.records.trainees()] if self.records is not None else []

    def add_trainee(self, name: str) -> str:
        """A new trainee profile (anyone may add one, as at a real training room's sign-in sheet)."""
        trainee = self._require_records().create_trainee(name)
        self._tell(DeskEvent.RECORDS)
        return trainee.name

    def choose_trainee(self, name: str) -> str:
        trainee = self._require_records().trainee(name)
        if trainee.archived:
            raise PermissionError(f"{trainee.name} is archived; a manager can restore the profile.")
        self._switch_person(trainee.name, guest=False)
        return trainee.name

    def choose_guest(self) -> None:
        self._switch_person(None, guest=True)

    def forget_trainee(self) -> None:
        self._switch_person(None, guest=False)

    def _switch_person(self, trainee: str | None, guest: bool, *, lock_role: bool = True) -> None:
        # A running session belongs to the person who started it, and the manager role to the manager who
        # unlocked it: a change of person ends the one and locks the other (not when the manager's own
        # action, archiving the trainee in use, is what leaves the desk without a trainee).
        if (trainee, guest) != (self.trainee, self.guest):
            self.end_session()
            self._guest_memory.clear()
            if lock_role:
                self.lock_manager()
        self.trainee, self.guest = trainee, guest
        self._tell(DeskEvent.TRAINEE)

    # ------------------------------------------------------------------------------------------ the manager role
    @property
    def manager(self) -> Manager | None:
        return self.role.manager

    @property
    def unlocked(self) -> bool:
        return self.role.unlocked

    def note_activity(self) -> None:
        """Someone is using the desk: the manager role's idle time starts again."""
        self.role.note_activity()

    def lock_if_idle(self) -> bool:
        """Lock the role if it has been idle too long (the window asks every few seconds); True if it did."""
        if self.role.idle_too_long():
            self._seal_gradings()
        if self.role.lock_if_idle():
            self._tell(DeskEvent.MANAGER)
            return True
        return False

    def set_idle_lock_minutes(self, minutes: float) -> None:
        self.role.set_idle_minutes(minutes)

    def pin_is_set(self) -> bool:
        return self.role.pin_is_set()

    def set_first_pin(self, name: str, pin: str, repeated: str) -> Manager:
        self._require_records()
        if self.in_room:
            # A key made here would be the desk's word for itself; the room takes a manager's key only from its
            # owner or signed by a key it accepts (room_schema.dd_add_manager_key).
            raise PermissionError(f"In a training room the manager's PIN is set where the room is set up: its owner "
                                  f"runs `dealerdrill room setup --url URL --manager NAME --pin-file PATH` with the "
                                  f"manager, who types the PIN, and the PIN file goes to {self.role.pin_path}.")
        manager = self.role.set_first_pin(name, pin, repeated)
        self._judge = None                    # a new key: the earlier ones sign nothing until confirmed
        self.key_notice = None
        self._note_pin_reset()
        self._tell(DeskEvent.MANAGER)
        return manager

    def unlock_needs_room_password(self) -> bool:
        """Unlocking the role at this desk takes the manager's room password as well as the PIN: the records are
        a training room's, with a manager's login set for this desk, opened only with the password typed."""
        return self.role.needs_room_password()

    def unlock_manager(self, pin: str, name: str, room_password: str | None = None) -> Manager:
        """Hold the manager role (roles.ManagerRole.unlock): `room_password` where unlock_needs_room_password()."""
        self._require_records()
        manager = self.role.unlock(pin, name, room_password=room_password)
        self._seal_gradings()
        self._tell(DeskEvent.MANAGER)
        return manager

    def change_pin(self, pin: str, repeated: str) -> None:
        """Manager only: a new PIN (6 to 12 digits, typed twice) for the same key."""
        self._require_records()
        self.role.change_pin(pin, repeated)
        self._tell(DeskEvent.MANAGER)

    @property
    def pin_notice(self) -> str | None:
        """While the manager holds the role with a PIN shorter than a new one may be: why and how to change it."""
        return self.role.pin_notice if self.role.unlocked else None

    def lock_manager(self) -> None:
        if self.role.unlocked:
            self._seal_gradings()
            self.role.lock()
            self._tell(DeskEvent.MANAGER)

    def _seal_gradings(self) -> None:
        """While the manager holds the role: the gradings this desk's judge made of finished tests (items made
        again, answers graded by the engine) and no seal holds yet, under the manager's signature, so that a judge
        with these records (verify) need not make those items again. Nothing to seal, or no records that take
        it: nothing written. Best effort: a seal is only a saving, and a refusal must not keep the role held."""
        from dealerdrill.records import RecordsError
        from dealerdrill.records.models import GRADINGS_SEALED
        from dealerdrill.verdicts.judge import SEAL_SIZE, sealed_gradings_text

        records, holder = self.records, self.role.holder()
        if records is None or records.read_only or holder is None:
            return
        name, key = holder
        gradings = self.judge.unsealed_gradings()
        digests = sorted(gradings)
        for start in range(0, len(digests), SEAL_SIZE):
            part = {digest: gradings[digest] for digest in digests[start:start + SEAL_SIZE]}
            try:
                records.add_audit_entry(name, GRADINGS_SEALED, sealed_gradings_text(part), key)
            except RecordsError:
                return                   # the server away, the file read-only: sealed at another unlock
            self.judge.sealed(part)

    def may(self, permission: Permission) -> bool:
        return self.role.may(permission)

    def require(self, permission: Permission) -> str:
        """The manager's name, or ManagerRoleRequired: every manager-only action asks this first."""
        return self.role.require(permission)

    def _audit(self, actor: str, action: str, detail: str) -> None:
        """An audit entry, signed with the manager's key while the role is held."""
        if self.records is not None and not self.records.read_only:
            self.records.add_audit_entry(actor, action, detail, self.role.key)

    def _pin_file_key(self) -> str:
        try:
            key_file = self.role.key_file()
        except KeyFileError:
            return "?"
        return key_file.public.fingerprint if key_file is not None and key_file.public is not None else "?"

    def keys_the_pin_file_does_not_explain(self) -> list[str]:
        """The fingerprints of this workstation's manager keys that these records accepted after the key the PIN
        file holds. Each PIN set here adds its key when it is set, so the PIN file holds the last of them; a
        later one was written into the records by someone else (a key of their own, self-signed, so that its
        signatures check out). Not in a training room, where every manager's key is one of its own."""
        return _keys_unexplained_by(self.records, self.role.pin_path)

    def _note_pin_reset(self) -> None:
        """A PIN was set before and its file is gone (someone reset it by deleting the file), or the file now
        holds a key these records have never accepted (someone wrote a new file over it): both are a PIN
        reset. Logged once, and said in `key_notice` for the window to show. And a key of this workstation
        the records accepted after the PIN file's (keys_the_pin_file_does_not_explain) is said too."""
        unexplained = self.keys_the_pin_file_does_not_explain()
        earlier = self.earlier_keys_to_confirm()
        if earlier and len(earlier) == len(unexplained):
            self.key_notice = (f"The manager PIN was set anew here, and {len(earlier)} earlier manager key"
                               f"{'s' if len(earlier) != 1 else ''} of this workstation "
                               f"({', '.join(fp for fp, _, _ in earlier)}) "
                               f"{'are' if len(earlier) != 1 else 'is'} not taken as a manager's until the manager "
                               f"confirms {'them' if len(earlier) != 1 else 'it'} (Manager page, Workstation and "
                               f"keys): what {'they' if len(earlier) != 1 else 'it'} signed (targets, sign-offs, "
                               f"settings) does not count meanwhile. Confirm only a key your manager made; one you do "
                               f"not know was written into the records by someone else.")
            return
        if unexplained:
            self.key_notice = (f"These records accept a manager key of this workstation ({unexplained[-1]}) that was "
                               f"added after the key in the manager PIN file {self.role.pin_path} "
                               f"({self._pin_file_key()}): no PIN file here holds "
                               f"it, so it was put into the records behind the program's back (or the PIN file is an "
                               f"old copy). What is signed with it (sign-offs, targets, scorecards, records files) is "
                               f"not this workstation's manager's word; imports do not trust it.")
            return
        if self.role.records_replaced_after_the_pin():
            self.key_notice = (f"The records file {self.records.describe_location() if self.records else ''} was "
                               f"replaced after this workstation's manager PIN was set: it is a file of an older "
                               f"version, upgraded here, whose history (sign-offs, targets, answers) no manager "
                               f"signed, and it does not hold the PIN file's key ({self._pin_file_key()}). It may "
                               f"have been written anew by anyone; unlocking the role records this for good.")
            return
        if self.records is None or self.records.read_only:
            return
        known = {fp for fp, (_, _, origin) in self.records.manager_keys().items() if origin == "this workstation"}
        try:
            key_file = self.role.key_file()
        except KeyFileError as error:
            self.key_notice = str(error)
            return
        last = self.records.latest_audit_action(("pin_set", "pin_changed", "pin_reset", "pin_file_replaced"))
        if key_file is None:
            # In a room the lock-out reads pin_reset too, so its server takes it only signed (and a desk's PIN file
            # is not the room's: its owner adds each manager's key), and no deleted file is a reset there.
            if last not in (None, "pin_reset") and not self.in_room:
                self.records.add_audit_entry("workstation", "pin_reset",
                                             f"{self.role.pin_path.name} was deleted; a new PIN can be set")
            return
        if key_file.public is not None and known and key_file.public.fingerprint not in known:
            self.key_notice = (f"The manager PIN file {self.role.pin_path} was replaced: its key "
                               f"({key_file.public.fingerprint}) is not the key these records were signed with. "
                               f"This is handled as a PIN reset and is in the audit log; sign-offs made from now on "
                               f"carry the new key's fingerprint.")
            if last != "pin_file_replaced":
                self.records.add_audit_entry("workstation", "pin_file_replaced",
                                             f"{self.role.pin_path.name} now holds key {key_file.public.fingerprint}")

    # ------------------------------------------------------------------------------------------ drill sessions
    def target_for(self, drill_id: str) -> Target:
        """The target in force for a drill: the manager's, else the drill's default."""
        if self.records is not None:
            try:
                return self.records.target(drill_id)
            except RecordsError:
                pass
        return DRILL_CATALOG.default_target(drill_id)

    def targets(self) -> dict[str, Target]:
        if self.records is None:
            return {}
        return {drill: info.target for drill, info in self.records.targets().items()}

    def start_session(self, drill: str | type, mode: Mode, difficulty: int = 1, *, seed: int | None = None,
                      target: Target | None = None, families: list[str] | None = None,
                      lesson: str | None = None) -> TrainingSession:
        """Start a drill session for the person at the desk (a trainee: recorded; a guest: not). `drill` is a
        drill id or a drill class. Practice and timed: at `difficulty`, the drill made with the settings in
        force, which are stored with the session (`seed` makes it repeatable; `target`, default the one in
        force, gives a timed item its time limit). A trainee's test is issued by the records (issue_test): its
        seed, level, target and answer-key settings are theirs, `difficulty` and `seed` are not used, and a
        target of the caller's is refused; a guest's test (not recorded) is taken at its target's level.
        `families`: practice asking only these families of the drill (a lesson's check, dealerdrill.lessons), recorded
        as practice like any other; refused for a test. `lesson`: the session is that lesson's check (its id, stored
        in the session's settings, dealerdrill.desk.path.LESSON_KEY), which the trainee's path counts: practice of
        the lesson's check drill only."""
        drill_class: Any = drill
        if isinstance(drill, str):
            from dealerdrill.drills import registry

            drills = registry()
            if drill not in drills:
                raise ValueError(f"There is no drill {drill!r}.")
            drill_class = drills[drill]
        if not self.chosen:
            raise PermissionError("Choose who is training first (a trainee, or a guest).")
        drill_id: str = drill_class.id
        self._drill_classes.setdefault(drill_id, drill_class)     # the judge makes its tests' items again
        trainee = self.trainee if self.records is not None else None
        if mode is Mode.TEST and target is not None:
            raise ValueError("A test is judged by the manager's target in force, never by one the caller gives.")
        if mode is Mode.TEST and families is not None:
            raise ValueError("A test asks what its level draws; it cannot be narrowed to some families.")
        if lesson is not None:
            _check_of_lesson(lesson, drill_id, mode)
        self.end_session()
        if mode is Mode.TEST:
            self.session = self._start_test(drill_class, trainee, seed)
            return self.session
        made = drill_class(self.settings)
        memory = self._guest_memory.get(drill_id)
        if trainee is not None and self.records is not None:
            memory = self.records.load_scheduler_memory(trainee, drill_id)
        snapshot: dict[str, Any] = self.settings.to_dict()
        snapshot["difficulty"] = difficulty
        if lesson is not None:
            snapshot[LESSON_KEY] = lesson
        self.session = TrainingSession(made, mode, difficulty=difficulty, target=target or self.target_for(drill_id),
                                       seed=seed,
                                       scheduler_memory=memory, trainee=trainee, records=self.records,
                                       settings_snapshot=snapshot, on_memory=self._remember_memory,
                                       on_finished=self._session_finished, families=families)
        return self.session

    def _start_test(self, drill_class, trainee: str | None, seed: int | None) -> TrainingSession:
        """A test: for a trainee, as the records issue it; for a guest, or where the records cannot issue one
        now (a file that cannot be written: the test runs unrecorded and says so), under the target in force
        at its level (`seed` makes an unrecorded test repeatable). A room's server out of reach issues none: the
        records take one from the desk's stock, or RecordsError says why none can start (practice still starts)."""
        drill_id: str = drill_class.id
        problem = None
        if trainee is not None and self.records is not None:
            try:
                issue = self.records.issue_test(trainee, drill_id,
                                                distrusted=frozenset(self.keys_the_pin_file_does_not_explain()),
                                                answer_key_defaults=default_answer_keys())
            except RecordsError as error:
                if self.in_room:
                    # Only the server issues a room's tests (its seed, its clock, the signed target), ahead for
                    # its stock or now: the records say why none can start.
                    raise
                problem = f"This test is not being recorded: {error}"
            else:
                try:
                    made = drill_class(settings_of_issue(issue.settings, self.settings))
                except (ValueError, LookupError) as error:
                    self.records.finish_session(issue.session_uuid)    # issued, never asked: "stopped after 0"
                    raise ValueError(str(error)) from None
                records = self.records
                # A room's server keeps the seed: each item's key comes from it as the item falls due.
                keys = (None if issue.seed is not None
                        else functools.partial(cast(Any, records).item_key, issue.session_uuid))
                return TrainingSession(made, Mode.TEST, difficulty=issue.level, target=issue.target,
                                       seed=issue.seed, scheduler_memory=None, trainee=trainee,
                                       records=records, settings_snapshot=issue.settings,
                                       on_memory=self._remember_memory, on_finished=self._session_finished,
                                       issued_session=issue.session_uuid, item_keys=keys)
        target = self.target_for(drill_id)
        return TrainingSession(drill_class(self.settings), Mode.TEST, difficulty=target.level, target=target,
                               seed=seed, scheduler_memory=None, trainee=None, records=None,
                               settings_snapshot={}, on_memory=self._remember_memory,
                               on_finished=self._session_finished, recording_problem=problem)

    @property
    def test_running(self) -> bool:
        """A Test session has been started here and not yet ended."""
        return self.session is not None and self.session.mode is Mode.TEST and not self.session.closed

    def require_references(self) -> None:
        """Anyone may read the rule book, the charts and the glossary, except while a test runs here
        (ReferencesClosedDuringTest)."""
        if self.test_running:
            raise ReferencesClosedDuringTest()

    def end_session(self) -> SessionSummary | None:
        """Finish the running session, if any (it keeps its answers and gets its finish time)."""
        session, self.session = self.session, None
        return session.finish() if session is not None else None

    def _remember_memory(self, drill_id: str, memory: dict) -> None:
        if self.trainee is None:
            self._guest_memory[drill_id] = memory

    def _session_finished(self, session: TrainingSession) -> None:
        if self.session is session:
            self.session = None
        room = self._room()
        if session.summary is not None and session.mode is Mode.TEST and self.records is not None:
            if room is not None and room.status().entries_waiting:
                # Judged from what the server holds, which is not all of it yet (taken offline, say).
                session.recording_problem = ("This test's answers wait in this desk's outbox: its result is checked "
                                             "against the records once the training room server has them.")
            else:
                # The end of a test is a place its result is trusted: judged again from the records, not the screen.
                try:
                    session.summary = self.judge.judged(session.summary)
                except RecordsError as error:
                    session.recording_problem = (f"The test's result could not be checked against the records: "
                                                 f"{error}")
            self.top_up_test_stock()
        if session.recorded:
            self._tell(DeskEvent.RECORDS)

    def top_up_test_stock(self) -> None:
        """A room's desk: top up its stock of tests for when the server cannot be reached, while it answers (at the
        program's start and after each test; the records try again once an offline desk's server is back)."""
        room = self._room()
        if room is None or not room.status().online:
            return
        try:
            room.stock_tests()
        except RecordsError:
            pass

    # ------------------------------------------------------------------------------------------ manager actions
    @staticmethod
    def why_confirm(summary: SessionSummary) -> str | None:
        """What is unusual about signing this session off (None for a passed, complete test)."""
        if summary.mode != "test":
            return f"This is a {summary.mode} session, not a test."
        if summary.not_counted:
            return f"This is not a test of its target: {summary.not_counted}."
        if summary.items < summary.target.test_items:
            return (f"This test was stopped after {summary.items} of {summary.target.test_items} items and is not "
                    f"passed.")
        if not summary.passed:
            return (f"This test is not passed ({summary.correct} of {summary.target.test_items} right; the pass "
                    f"mark is {summary.target.pass_mark:.0%}).")
        return None

    def sign_off(self, attempt_id: str, note: str = "", *, reason: str = "", confirmed: bool = False) -> SessionSummary:
        """Sign a finished session off with the manager's key. A passed test needs nothing more; any other
        session (failed, stopped, practice or timed) needs `confirmed` and a `reason`, which is recorded."""
        manager = self.require(Permission.SIGN_OFF)
        records = self._require_records()
        attempt = self.judged_session(attempt_id)
        if attempt.problems:
            raise ValueError(f"This test cannot be signed off: what the records hold of it does not agree ("
                             f"{'; '.join(attempt.problems)}). `dealerdrill verify` names it too.")
        unusual = self.why_confirm(attempt)
        if unusual is not None:
            if not confirmed:
                raise NeedsConfirmation(f"{unusual} Signing it off needs your confirmation and a reason.")
            if not reason.strip():
                raise ValueError(f"{unusual} Give the reason for signing it off; it is recorded with the sign-off.")
        summary = records.sign_off(attempt_id, manager, self.role.key_for(Permission.SIGN_OFF), note,
                                   reason if unusual else "")
        self._tell(DeskEvent.RECORDS)
        return summary

    @staticmethod
    def situations_warning(drill_id: str, target: Target) -> str | None:
        """Why a test of `target` must ask some situations twice (its level has fewer than its items), in words;
        None when it need not (docs/drills.md, "Situations per level")."""
        from dealerdrill.drills.levels import LEVEL_NAMES
        from dealerdrill.drills.situations import too_small_for

        situations = too_small_for(drill_id, target.level, target.test_items)
        if situations is None:
            return None
        return (f"{DRILL_CATALOG.drills()[drill_id].title if drill_id in DRILL_CATALOG.drills() else drill_id} has "
                f"{situations} different questions at the {LEVEL_NAMES[target.level]} level: a test of "
                f"{target.test_items} items asks some of them twice.")

    def set_target(self, drill_id: str, target: Target) -> None:
        manager = self.require(Permission.SET_TARGETS)
        self._require_records().set_target(drill_id, target, manager,
                                          self.role.key_for(Permission.SET_TARGETS))
        self._tell(DeskEvent.TARGETS)
        self._tell(DeskEvent.RECORDS)

    def earlier_keys_to_confirm(self) -> list[tuple[str, str, str]]:
        """(fingerprint, manager, added at) of this workstation's keys from before the PIN file's key that no
        confirmation of its manager names (after a PIN reset): they sign nothing until confirmed."""
        records = self.records
        if records is None or self.in_room:
            return []
        unexplained = set(self.keys_the_pin_file_does_not_explain())
        try:
            key_file = self.role.key_file()
        except KeyFileError:
            return []
        if not unexplained or key_file is None or key_file.public is None:
            return []
        own = [fp for fp, (_, _, origin) in records.manager_keys().items() if origin == "this workstation"]
        mine = key_file.public.fingerprint
        earlier = own[:own.index(mine)] if mine in own else []
        added = dict(records.read("SELECT fingerprint, added_at FROM manager_keys"))
        keys = records.manager_keys()
        return [(fp, keys[fp][1], str(added.get(fp, ""))) for fp in earlier if fp in unexplained]

    def confirm_earlier_keys(self, fingerprints: list[str]) -> None:
        """Manager only, after a PIN reset: these earlier keys of this workstation were a manager's; what they
        signed counts again. Signed with the key in use; the ones not named stay signing nothing."""
        import json

        from dealerdrill.records.models import EARLIER_KEYS_CONFIRMED

        manager = self.require(Permission.TRUST_KEYS)
        records = self._require_records()
        waiting = {fp for fp, _, _ in self.earlier_keys_to_confirm()}
        chosen = list(dict.fromkeys(fingerprints))
        strangers = [fp for fp in chosen if fp not in waiting]
        if not chosen or strangers:
            raise ValueError("Choose among the earlier keys waiting for your confirmation"
                             + (f": {', '.join(strangers)} is not one of them." if strangers else "."))
        own = [fp for fp, (_, _, origin) in records.manager_keys().items() if origin == "this workstation"]
        key = self.role.key_for(Permission.TRUST_KEYS)
        confirmed = _earlier_keys_confirmed(records, key.fingerprint, own) | set(chosen)
        self._audit(manager, EARLIER_KEYS_CONFIRMED, json.dumps({"keys": sorted(confirmed)}))
        self._judge = None                    # judged again with these keys' signatures counting
        self.key_notice = None
        self._note_pin_reset()
        self._tell(DeskEvent.MANAGER)

    def trust_manager_key(self, public_key: bytes, manager_name: str) -> str:
        """Accept sign-offs and targets signed by another workstation's manager key in imports (once, by a
        manager here, who signs the trust); returns the key's fingerprint."""
        manager = self.require(Permission.TRUST_KEYS)
        from .roles import clean_manager_name

        if not isinstance(public_key, bytes) or len(public_key) != 32:
            raise ValueError("That is not a manager's public key (32 bytes of an Ed25519 key).")
        records = self._require_records()
        from dealerdrill.records.chain import fingerprint_of

        if fingerprint_of(public_key) in records.manager_keys():
            raise ValueError(f"The key {fingerprint_of(public_key)} is already accepted here.")
        fingerprint = records.add_manager_key(public_key, clean_manager_name(manager_name), "trusted",
                                              self.role.key_for(Permission.TRUST_KEYS), manager)
        self._tell(DeskEvent.RECORDS)
        return fingerprint

    def export_public_key(self, path: str | Path) -> str:
        """Write the unlocked manager's public key to a small file another workstation's manager can trust
        (manager only: it names the manager). Returns the key's fingerprint."""
        manager = self.require(Permission.EXPORT_RECORDS)
        from dealerdrill.records.transfer import write_atomically

        key = self.role.key_for(Permission.EXPORT_RECORDS)
        document = {"format": PUBLIC_KEY_FORMAT, "fingerprint": key.fingerprint, "public_key": key.public.raw.hex(),
                    "manager": manager}
        write_atomically(path, lambda handle: handle.write(json.dumps(document, indent=1) + "\n"))
        return key.fingerprint

    @staticmethod
    def read_public_key_file(path: str | Path) -> tuple[bytes, str, str]:
        """(public key, manager, fingerprint) from a file export_public_key wrote; ValueError in plain words."""
        from dealerdrill.records.chain import fingerprint_of

        path = Path(path)
        try:
            # A regular file of UTF-8 JSON, small and flat (the boundary checks of every file read).
            document = table_settings.parse_bounded_json(table_settings.read_bounded_text(path, 4096))
            public = bytes.fromhex(document["public_key"])
            manager = document["manager"]
            if document.get("format") != PUBLIC_KEY_FORMAT or len(public) != 32 or not isinstance(manager, str) \
                    or not manager.isprintable():
                raise ValueError
        except (ValueError, KeyError, TypeError, OSError):   # FileRefused is a ValueError
            raise ValueError(f"{path} is not a manager's key file (Manager page ▸ Export my key, or "
                             f"`dealerdrill key --out FILE`).") from None
        if document.get("fingerprint") != fingerprint_of(public):
            raise ValueError(f"{path} gives a fingerprint that is not its key's: it was altered.")
        return public, manager, fingerprint_of(public)

    def verify(self, progress=None) -> list:
        """Check the records whole (chains, signatures, triggers, summaries) and that the PIN file's key is
        one they accept; a list of problems in plain words, [] when sound."""
        from dealerdrill.records.chain import Problem

        records = self._require_records()
        problems = list(records.verify(progress))
        problems += self.test_problems()
        if self.key_notice:
            problems.append(Problem("manager PIN file", self.key_notice))
        return problems

    def test_problems(self) -> list:
        """Every test of the records judged again: a Problem for each whose stored result or what it was taken
        under does not agree with what the records' signed entries and the engine say."""
        from dealerdrill.records.chain import Problem

        records = self._require_records()
        problems = []
        uuids = [uuid for (uuid,) in records.read("SELECT uuid FROM sessions WHERE mode = 'test' ORDER BY id")]
        for uuid, verdict in self.judge.verdicts(uuids).items():
            if verdict.problems:
                problems.append(Problem(f"test session {uuid}", "; ".join(verdict.problems)))
        return problems

    def archive_trainee(self, name: str) -> Trainee:
        manager = self.require(Permission.ARCHIVE_TRAINEES)
        trainee = self._require_records().archive_trainee(name, manager,
                                                           self.role.key_for(Permission.ARCHIVE_TRAINEES))
        if self.trainee is not None and self.trainee == trainee.name:
            self._switch_person(None, guest=False, lock_role=False)
        self._tell(DeskEvent.RECORDS)
        return trainee

    def restore_trainee(self, name: str) -> Trainee:
        manager = self.require(Permission.ARCHIVE_TRAINEES)
        trainee = self._require_records().restore_trainee(name, manager,
                                                           self.role.key_for(Permission.ARCHIVE_TRAINEES))
        self._tell(DeskEvent.RECORDS)
        return trainee

    # ------------------------------------------------------------------------------------------ the trainee's path
    def trainee_path(self, name: str | None = None) -> TraineePath | None:
        """Where a trainee stands in each game, from the first lesson to a passed test (dealerdrill.desk.path): the
        trainee's at the desk (None for a guest or nobody), or, for a manager, any trainee's. Tests count only as
        their verdicts made again say."""
        name = self._whose_records(name)
        return None if name is None else trainee_path(self._require_records(), name, self.judge)

    def recent_sessions(self, name: str | None = None, limit: int = 15) -> list[SessionSummary]:
        """A trainee's latest sessions, newest first, each test's result made again (dealerdrill.verdicts): the
        trainee's at the desk ([] for a guest or nobody), or, for a manager, any trainee's."""
        name = self._whose_records(name)
        if name is None:
            return []
        return self.judge.judged_all(self._require_records().recent_sessions(name, limit=limit))

    def _whose_records(self, name: str | None) -> str | None:
        """`name`, or the trainee at the desk when None (None for a guest or nobody); another trainee's records
        need the manager role."""
        from dealerdrill.records.schema_v5 import name_key

        if name is None:
            return self.trainee
        if self.trainee is None or name_key(" ".join(name.split())) != name_key(self.trainee):
            self.require(Permission.SEE_EVERY_TRAINEE)
        return name

    # ------------------------------------------------------------------------------------------ reading for managers
    def roster(self, f=None):
        """Each trainee's readiness; a test counts only as its verdict made again says (dealerdrill.verdicts)."""
        from dealerdrill.verdicts import judged_roster

        self.require(Permission.SEE_EVERY_TRAINEE)
        return judged_roster(self._require_records(), f, self.judge)

    def cohort(self, f=None):
        self.require(Permission.SEE_EVERY_TRAINEE)
        return self._require_records().cohort(f)

    def test_attempts(self, f=None):
        """The test attempts in the filter, each judged again (dealerdrill.verdicts)."""
        self.require(Permission.SEE_EVERY_TRAINEE)
        return self.judge.judged_all(self._require_records().test_attempts(f))

    def sessions_to_sign(self, f=None, *, every_mode: bool = False):
        """What the Manager page offers to sign off, oldest first: the test attempts in the filter; with
        every_mode, every finished session in it (practice and timed too, which sign only with a reason).
        Tests are judged again."""
        self.require(Permission.SEE_EVERY_TRAINEE)
        records = self._require_records()
        if not every_mode:
            return self.test_attempts(f)
        return self.judge.judged_all([s for s in records.session_summaries(f) if s.finished_at is not None])

    def signoff_reasons(self) -> dict[str, str]:
        """Session id -> the reason recorded with its sign-off, for the sign-offs that needed one (read only;
        the session summaries carry the note but not the reason)."""
        self.require(Permission.SEE_EVERY_TRAINEE)
        return dict(self._require_records().read(
            "SELECT s.uuid, so.reason FROM signoffs so JOIN sessions s ON s.id = so.session_id WHERE so.reason <> ''"))

    # ------------------------------------------------------------------------------------------ settings
    def apply_settings(self, new: table_settings.Settings) -> Path | None:
        """Put new table settings in force (drills made from now on use them) and save them. A change to a
        setting that decides an answer needs the manager role (and is audited); a change of presentation
        only (animation speed) is anyone's. Returns where the settings were saved (None when not saved);
        OSError when they are in force but could not be saved. While a test runs nothing changes, even
        for a manager (SettingsLockedDuringTest). Settings the tables or the engine cannot use (a commission
        rate the engine cannot charge) are refused with SettingsError before anything changes: the same
        check as the settings file and the dialog (table_settings.check_settings)."""
        new = table_settings.check_settings(new)
        if self.test_running and new != self.settings:
            raise SettingsLockedDuringTest()
        changes = answer_key_changes(self.settings, new)
        if changes:
            manager = self.require(Permission.CHANGE_GRADING_SETTINGS)
            self._audit(manager, "settings_changed", "; ".join(changes))
            self._audit(manager, SETTINGS_IN_FORCE, signed_settings_text(new))
        self.settings = new
        self._tell(DeskEvent.SETTINGS)
        if not self._save_settings:
            return None
        return table_settings.save_settings(new)

    def load_house_way(self, path: str | Path) -> table_settings.LoadedHouseWay:
        """Have the engine check a house-way file and offer its way (manager only); the settings remember
        the file. The engine's refusal (HouseWayError, a ValueError) changes nothing."""
        manager = self.require(Permission.MANAGE_HOUSE_WAYS)
        if self.test_running:
            raise SettingsLockedDuringTest()
        loaded = table_settings.load_house_way_file(path)
        self._audit(manager, "house_way_loaded", f"{loaded.id} from {loaded.path}")
        self._store_house_way_files()
        return loaded

    def forget_house_way(self, way_id: str) -> table_settings.LoadedHouseWay:
        manager = self.require(Permission.MANAGE_HOUSE_WAYS)
        if self.test_running:
            raise SettingsLockedDuringTest()
        forgotten = table_settings.forget_house_way(way_id)
        self._audit(manager, "house_way_forgotten", f"{forgotten.id} ({forgotten.path})")
        self._store_house_way_files()
        return forgotten

    def use_house_way(self, way_id: str) -> None:
        """The Pai Gow table's house way (and the house-way drill's, from its next session)."""
        self.apply_settings(replace(self.settings, paigow=replace(self.settings.paigow, house_way=way_id)))

    def use_dice_count(self, reading: str) -> None:
        """The house's reading of where the pai gow dice total is counted from ("banker" or "box 1"): an
        answer-key setting like the others (the manager's, audited and signed through apply_settings), used
        by the Pai Gow table and the dice-and-delivery drill from its next session."""
        self.apply_settings(replace(self.settings, paigow=replace(self.settings.paigow, dice_count_from=reading)))

    def _store_house_way_files(self) -> None:
        settings, note = table_settings.with_loaded_house_ways(self.settings)
        self.house_way_note = note
        self._audit(self.role.manager_name or "workstation", SETTINGS_IN_FORCE, signed_settings_text(settings))
        if settings != self.settings:
            self.settings = settings   # the files on offer are already the manager's act, audited above
            self._tell(DeskEvent.SETTINGS)
            if self._save_settings:
                table_settings.save_settings(settings)

    # ------------------------------------------------------------------------------------------ imports, exports
    def export_job(self, format: str, path: str | Path, f=None) -> Callable:
        """Manager only: a job `work(records, progress, cancel) -> [paths]` that writes an export; run it with
        this desk's records or, on a worker thread, with records.clone()."""
        self.require(Permission.EXPORT_RECORDS)
        records = self._require_records()
        _refuse_the_data_folder(path, records)
        from .room_ca import signing_place

        key = self.role.key
        # A scorecard's certificate names the manager and where it was signed (the room, or this workstation).
        signer = key.signing_as(self.role.manager_name or "workstation", signing_place(records)) if key else None
        distrusted, drills = self.judge.distrusted, dict(self._drill_classes)

        def work(records, progress=None, cancel=None):
            from dealerdrill.exports import export
            from dealerdrill.verdicts import Judge

            # The records may be a clone for a worker thread: a judge of theirs, with this desk's eyes.
            judge = Judge(records, distrusted=distrusted, drills=drills)
            return export(records, format, path, f, progress=progress, cancel=cancel, signer=signer, judge=judge)

        return work

    def import_job(self, path: str | Path) -> Callable:
        """Manager only: a job `work(records, progress, cancel) -> ImportResult` that merges a records file."""
        manager = self.require(Permission.IMPORT_RECORDS)
        self._require_records()

        signer = self.role.key
        distrusted = frozenset(self.keys_the_pin_file_does_not_explain())
        from .settings_policy import PRESENTATION_ONLY

        # The answer-key settings in force here: the manager's signed copy, as at start (the command line's desk
        # holds no settings of its own). House-way files are paths on this workstation: the house way they
        # give is the setting compared.
        def answer_keys_of(settings: table_settings.Settings) -> dict[str, dict]:
            return {table: {k: v for k, v in values.items() if k not in PRESENTATION_ONLY and k != "house_way_files"}
                    for table, values in settings.to_dict().items()}

        answer_keys = answer_keys_of(_with_signed_answer_keys(self._require_records(), table_settings.Settings(),
                                                              [])[0])
        defaults = answer_keys_of(table_settings.Settings())

        def work(records, progress=None, cancel=None):
            from dealerdrill.drills.regrade import Regrader
            from dealerdrill.records import import_records

            return import_records(records, path, imported_by=manager, regrade=Regrader(), signer=signer,
                                  distrusted=distrusted, answer_keys=answer_keys, default_answer_keys=defaults)

        return work

    def export(self, format: str, path: str | Path, f=None, progress=None, cancel=None) -> list[Path]:
        return self.export_job(format, path, f)(self.records, progress, cancel)

    def records_file_seal(self, path: str | Path):
        """How a records file just exported was sealed (a RecordsSeal; its str is a sentence for the manager):
        signed with whose key, or why it went out unsigned, so that the page and the command line can say it."""
        from dealerdrill.records.transfer import records_file_seal

        return records_file_seal(path, self.records.manager_keys() if self.records is not None else None)

    def import_records(self, path: str | Path):
        result = self.import_job(path)(self.records)
        self.records_changed()
        return result

    def records_changed(self) -> None:
        """Something was stored outside the desk's own calls (a worker's import): listeners refresh."""
        self._tell(DeskEvent.RECORDS)


# ------------------------------------------------------------------------------------------ settings in force
# The settings that decide answers live in settings.json, which anyone at the desk can edit. So each time a
# manager changes them, the desk also writes them, signed with the manager's key, into the audit log; at
# start the signed copy wins over the file for every answer-key setting, and a house-way file is loaded only
# if it still holds exactly what the manager loaded.


def _check_of_lesson(lesson_id: str, drill_id: str, mode: Mode) -> None:
    """A session marked as a lesson's check is practice of that lesson's check drill (ValueError otherwise)."""
    from dealerdrill.lessons import lesson

    check = lesson(lesson_id).check
    if mode is not Mode.PRACTICE:
        raise ValueError("A lesson's check is practice; it cannot be timed or a test.")
    if check.drill != drill_id:
        raise ValueError(f"The check of the lesson {lesson_id!r} asks the drill {check.drill!r}, not {drill_id!r}.")


def signed_settings_text(settings: table_settings.Settings) -> str:
    """The answer-key settings and the house-way files' contents (SHA-256), as the audit entry holds them."""
    import hashlib

    from .settings_policy import PRESENTATION_ONLY

    tables = {table: {k: v for k, v in values.items() if k not in PRESENTATION_ONLY}
              for table, values in settings.to_dict().items()}
    files = {}
    for path in settings.paigow.house_way_files:
        try:
            files[path] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError:
            files[path] = ""
    return json.dumps({"answer_keys": tables, "house_way_files": files}, sort_keys=True)


def _keys_unexplained_by(records, pin_path: Path) -> list[str]:
    """Desk.keys_the_pin_file_does_not_explain for `records` and the PIN file at `pin_path`."""
    from .manager_key import read_key_file

    if records is None or getattr(records, "room", False):
        return []
    try:
        key_file = read_key_file(pin_path)
    except KeyFileError:
        return []
    if key_file is None or key_file.public is None:
        return []
    own = [fp for fp, (_, _, origin) in records.manager_keys().items() if origin == "this workstation"]
    mine = key_file.public.fingerprint
    if mine not in own:
        return []
    place = own.index(mine)
    confirmed = _earlier_keys_confirmed(records, mine, own)
    return [fp for fp in own[:place] if fp not in confirmed] + own[place + 1:]


def _earlier_keys_confirmed(records, mine: str, own: list[str]) -> set[str]:
    """The earlier keys of this workstation the manager holding `mine` confirmed as a manager's (the latest
    EARLIER_KEYS_CONFIRMED entry signed by `mine`, whose signature holds)."""
    import json

    from dealerdrill.records.models import EARLIER_KEYS_CONFIRMED

    entry = records.latest_signed_audit(EARLIER_KEYS_CONFIRMED, frozenset(fp for fp in own if fp != mine))
    if entry is None:
        return set()
    try:
        listed = json.loads(entry.detail).get("keys")
    except (ValueError, AttributeError):
        return set()
    return {fp for fp in listed if isinstance(fp, str)} if isinstance(listed, list) else set()


def _settings_at_start(records: Records, settings: table_settings.Settings,
                       problems: list[str]) -> tuple[table_settings.Settings, list[str]]:
    """The window's settings at start: the signed answer keys over settings.json. A room's server that cannot be
    reached gives none: the defaults are used for practice meanwhile (a test is issued by the server, with the
    settings in force there, so none is judged by them), and a notice says so."""
    from dealerdrill.records.room_store import RecordsOfflineError

    try:
        return _with_signed_answer_keys(records, settings, problems)
    except RecordsOfflineError:
        defaults, _ = _with_signed_answer_keys_from(None, settings, problems)
        return defaults, problems + [
            "The training room server cannot be reached, so the answer-key settings a manager set there are not "
            "known yet: practice uses the New Zealand defaults until Dealer Drill starts with the server there."]


def _with_signed_answer_keys(records: Records, settings: table_settings.Settings,
                             problems: list[str]) -> tuple[table_settings.Settings, list[str]]:
    """`settings` (from settings.json) with every answer-key setting taken from the latest signed copy (the
    defaults when a manager never set any), and a plain notice for each one the file had changed."""
    # Settings signed with a key the PIN file beside the records does not explain are nobody's word.
    distrusted = frozenset(_keys_unexplained_by(records, records.path.parent / PIN_FILE_NAME))
    return _with_signed_answer_keys_from(records.latest_signed_audit(SETTINGS_IN_FORCE, distrusted), settings,
                                         problems)


def _with_signed_answer_keys_from(entry, settings: table_settings.Settings,
                                  problems: list[str]) -> tuple[table_settings.Settings, list[str]]:
    """`settings` with every answer-key setting from the signed audit `entry` (None: the defaults)."""
    import hashlib

    from .settings_policy import PRESENTATION_ONLY

    signed = json.loads(entry.detail) if entry is not None else {"answer_keys": {}, "house_way_files": {}}
    wanted = table_settings.Settings().to_dict()
    for table, values in signed.get("answer_keys", {}).items():
        if table in wanted:
            wanted[table].update(values)
    current = settings.to_dict()
    for table, values in current.items():
        for name, value in values.items():
            if name in PRESENTATION_ONLY:
                wanted[table][name] = value
    files = []
    for path, digest in signed.get("house_way_files", {}).items():
        try:
            same = hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest
        except OSError:
            same = True    # a file that has gone is reported by restore_house_way_files
        if same:
            files.append(path)
        else:
            problems = problems + [f"Pai Gow: the house-way file {path} has changed since a manager loaded it, so "
                                   f"it is not loaded; a manager can load it again on the Manager page."]
    wanted["paigow"]["house_way_files"] = files
    trusted, more = table_settings.from_dict(wanted)
    if answer_key_changes(trusted, settings):
        problems = problems + more + [
            "The settings file held answer-key settings (commission, tie odds, house way, limits...) that no "
            "manager set on this workstation; the ones a manager last set are used"
            + ("" if entry is not None else " (the New Zealand defaults: none was ever set here)") + "."]
    return trusted, problems


def _open_records(location: str | Path | None, clock=None):
    """The records for the command line: `location` (a file or a postgresql:// URL), or the room this desk
    is set to, or this workstation's own file. RecordsError when they cannot be used."""
    import os

    from dealerdrill.records.opening import is_room_url, open_records

    if location is None:
        room = chosen_room()
        if room is not None:
            return open_records(room.url, catalog=DRILL_CATALOG, clock=clock, manager_url=room.manager_url)
    elif is_room_url(location):
        return open_records(location, catalog=DRILL_CATALOG, clock=clock,
                            manager_url=os.environ.get(MANAGER_URL_VARIABLE) or None)
    return Records(location, catalog=DRILL_CATALOG, clock=clock)


def _open_room_for_app(room) -> tuple[Records | None, list[str]]:
    """The room's records for the window: never raises. A server that cannot be reached at start still gives
    a desk that records into its outbox once it knows its trainees, and notices say so."""
    from dealerdrill.records.opening import open_records
    from dealerdrill.records.room_connection import public_url
    from dealerdrill.records.room_store import RecordsOfflineError

    try:
        return open_records(room.url, catalog=DRILL_CATALOG, manager_url=room.manager_url), []
    except RecordsOfflineError as error:
        try:
            records = open_records(room.url, catalog=DRILL_CATALOG, manager_url=room.manager_url,
                                   require_server=False)
        except RecordsError as again:
            return None, [f"{again} Answers are not recorded now."]
        return records, [f"{error} Dealer Drill keeps trying; until the server answers, only guests can practise "
                         f"at this desk."]
    except RecordsError as error:
        return None, [f"{error} (training room server {public_url(room.url)}). Answers are not recorded now."]
    except Exception as error:      # start-up goes on whatever happened
        return None, [f"The training room server {public_url(room.url)} cannot be used ({type(error).__name__}: "
                      f"{error}), so answers are not recorded now."]


def _refuse_the_data_folder(path: str | Path, records: Records) -> None:
    """An export is never written over the records themselves, nor anywhere in their folder (the PIN file,
    the logs and the kept copies of damaged files live there)."""
    target = Path(path).expanduser().absolute().resolve()
    folder = records.path.parent.absolute().resolve()
    if target == folder or folder in target.parents:
        raise ValueError(f"{path} is in the folder that holds the training records ({folder}); an export "
                         f"must go elsewhere (your documents folder, a USB stick), so it can never replace "
                         f"the records. Nothing was written.")
