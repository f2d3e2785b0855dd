"""Plain, frozen dataclasses the records hand to views and exports (no sqlite rows leave the package).

Times are timezone-aware datetimes in UTC (show them with .astimezone() for the local clock); shares
(accuracy, pass marks) are fractions 0-1; times taken are seconds.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from dealerdrill.domain import Target


@dataclass(frozen=True)
class Trainee:
    uuid: str
    name: str
    created_at: datetime
    archived_at: datetime | None = None
    archived_by: str | None = None

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


@dataclass(frozen=True)
class RecordFilter:
    """What the manager's filters select. Dates are local calendar days, both ends included; None = open.
    `trainees` are names (None = everyone); archived trainees only when include_archived."""
    date_from: date | None = None
    date_to: date | None = None
    game: str | None = None
    drill: str | None = None
    mode: str | None = None          # "practice" | "timed" | "test" (or a drills Mode)
    trainees: tuple[str, ...] | None = None
    include_archived: bool = False


@dataclass(frozen=True)
class AnswerRecord:
    """One stored answer, as the trainee gave it."""
    uuid: str
    session_uuid: str
    trainee: str
    drill: str
    game: str
    mode: str
    seq: int                 # 1, 2, ... within the session
    family: str
    item: dict[str, Any]     # Item.to_record(): family, prompt, text
    answer: Any              # the answer value as the drill received it (JSON: tuples become lists)
    expected: str            # the right answer in words
    given: str               # the trainee's answer in words
    correct: bool
    category: str | None     # ErrorCategory value, None when right
    rule: str
    seconds: float
    timed_out: bool
    answered_at: datetime

    @property
    def question(self) -> str:
        return str(self.item.get("text", "")) if isinstance(self.item, dict) else ""


@dataclass(frozen=True)
class SessionSummary:
    uuid: str
    trainee: str
    drill: str
    game: str
    mode: str
    started_at: datetime
    finished_at: datetime | None
    items: int
    correct: int
    median_seconds: float
    target: Target
    settings: dict[str, Any]
    workstation: str
    signed_by: str | None = None
    signed_at: datetime | None = None
    signoff_note: str = ""
    signoff_reason: str = ""        # why a session that is not a passed test was signed off
    # What the session recorded (its target or its table settings) is not readable as such: the records were
    # edited by hand. It is shown with the default target and no settings, and is never a pass.
    unreadable: bool = False
    # A test's verdict made again (dealerdrill.verdicts): `correct` is then the engine's count, `target` the signed
    # one in force when it was issued, `problems` what the stored test does not agree with (never a pass with
    # any), `not_counted` why it does not count as a test of its target (another level, or not issued).
    judged: bool = False
    problems: tuple[str, ...] = ()
    not_counted: str = ""
    # A training room's test taken while its desk could not reach the server, from the desk's stock (TAKEN_FROM_STOCK
    # and what the server recorded of it), whose seed was on the desk before the test began; "" for any other.
    taken_offline: str = ""

    @property
    def accuracy(self) -> float:
        return self.correct / self.items if self.items else 0.0

    @property
    def passed(self) -> bool | None:
        """Tests only (None otherwise): the full test was answered and reached the pass mark in force
        when it started."""
        if self.mode != "test":
            return None
        if self.unreadable or self.problems or self.not_counted:
            return False
        return self.items >= self.target.test_items and self.accuracy >= self.target.pass_mark

    @property
    def stopped_early(self) -> bool:
        """A test that was ended before all of its items were answered: never a pass."""
        return self.mode == "test" and self.finished_at is not None and self.items < self.target.test_items

    @property
    def scored_over(self) -> int:
        """What the score is counted out of: a test's full length (an item never answered counts as not
        right), otherwise the answers given."""
        return max(self.items, self.target.test_items) if self.mode == "test" else self.items

    @property
    def score(self) -> float:
        """Right answers over `scored_over`: a test stopped after 1 right of 30 scores 1/30, not 1/1."""
        return self.correct / self.scored_over if self.scored_over else 0.0

    @property
    def test_result(self) -> str | None:
        """Tests only (None otherwise), in words: "passed", "not passed", "stopped after k of n", or
        "unfinished after k of n" (never ended: still running, or the program was closed during it)."""
        if self.mode != "test":
            return None
        if self.problems:
            return "not trusted: the records disagree"
        if self.passed:
            return "passed"
        if self.items >= self.target.test_items:
            return "not passed"
        state = "stopped" if self.finished_at is not None else "unfinished"
        return f"{state} after {self.items} of {self.target.test_items}"


@dataclass(frozen=True)
class TestIssue:
    """A test as the records issued it: the trainee chooses none of this. Its items follow from (drill, level,
    seed, answer-key settings); it is judged by `target`, the manager's target in force when it was issued
    (or the drill's default). `settings` is what the session stores: the answer-key settings of the manager's
    latest signed change in force (empty: the defaults), the level as "difficulty", and the issue itself
    under ISSUE_KEY."""
    session_uuid: str
    drill: str
    seed: int | None      # None: the records keep it to themselves (a room's server); items come by key
    target: Target
    settings: dict[str, Any]
    started_at: datetime

    @property
    def level(self) -> int:
        return self.target.level


# The key of a session's settings under which the records wrote the test's issue (seed, target change and
# settings entry in force): sessions without it are tests from before the records issued them.
ISSUE_KEY = "test_issue"
# What a test is said to be when a training room's desk took it offline, from the stock of tests its server issued
# ahead for it (room_schema version 11; the issue names it under "stock").
TAKEN_FROM_STOCK = "taken offline from this desk's stock"
# The audit action of each change of the answer-key settings a manager puts in force, signed with their key: a
# test is issued under the latest such entry (gui/desk/desk.py writes them).
SETTINGS_IN_FORCE = "settings_in_force"
# The audit actions the manager role's state is read from (gui/desk/roles.py): the last of the first three lifts
# the wrong-PIN lock-out, the latest idle_lock_set is the idle lock. The program writes manager_unlocked and
# idle_lock_set signed; a training room's server takes none of them unsigned (room_schema.dd_audit), so no desk's
# login can lift the lock-out or stop the role locking itself.
# The audit action of a manager's seal over gradings the engine made (dealerdrill.verdicts.judge): the detail maps
# the digest of what a test's grading is made from (its drill, settings, seed, level and stored answers) to the
# engine's count of right answers and the problems met, so that a judge holding the seal, signed by a key it
# accepts, need not make those items again (verify over a large file).
GRADINGS_SEALED = "gradings_sealed"
ROLE_STATE_ACTIONS = ("manager_unlocked", "pin_set", "pin_reset", "idle_lock_set")


@dataclass(frozen=True)
class TrendPoint:
    day: date                # local calendar day
    answered: int
    accuracy: float
    median_seconds: float


@dataclass(frozen=True)
class SkillProgress:
    """One drill (skill) for one trainee over the filter's period."""
    drill: str
    title: str
    game: str
    answered: int
    correct: int
    median_seconds: float
    target: Target
    trend: tuple[TrendPoint, ...]          # per day, oldest first
    recent_change: float | None            # accuracy of the latest TREND_WINDOW answers minus the window before

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def accuracy_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.accuracy >= self.target.accuracy

    @property
    def speed_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.median_seconds <= self.target.seconds


@dataclass(frozen=True)
class Breakdown:
    """Accuracy for one key of a breakdown (a wager kind, a house-way rule, an error category)."""
    key: str
    label: str
    answered: int
    correct: int
    median_seconds: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class HeatmapCell:
    banker_total: int
    third_card: int
    answered: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answered if self.answered else None


@dataclass(frozen=True)
class Heatmap:
    """Table of play: rows Banker totals 0-7, columns the Player's third card 0-9 (value)."""
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    cells: dict[tuple[int, int], HeatmapCell]   # every (row, column); answered 0 where never asked

    def cell(self, banker_total: int, third_card: int) -> HeatmapCell:
        return self.cells[(banker_total, third_card)]


@dataclass(frozen=True)
class Streaks:
    current_correct: int     # right answers in a row, up to the latest answer
    best_correct: int
    current_days: int        # calendar days in a row with practice, ending today or yesterday
    best_days: int
    last_practised: date | None


@dataclass(frozen=True)
class DrillReadiness:
    drill: str
    title: str
    target: Target
    answered: int            # answers counted (the latest READINESS_ANSWERS in the period)
    accuracy: float
    median_seconds: float
    test_passed: bool        # a test attempt in the period reached the pass mark
    test_signed_off: bool    # ... and a manager signed one such attempt off

    @property
    def accuracy_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.accuracy >= self.target.accuracy

    @property
    def speed_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.median_seconds <= self.target.seconds

    @property
    def ready(self) -> bool:
        return self.accuracy_met and self.speed_met and self.test_passed


@dataclass(frozen=True)
class GameReadiness:
    game: str
    drills: tuple[DrillReadiness, ...]

    @property
    def ready(self) -> bool:
        """Ready for the floor in this game: every drill of the game meets its targets."""
        return bool(self.drills) and all(d.ready for d in self.drills)

    @property
    def drills_ready(self) -> int:
        return sum(d.ready for d in self.drills)


@dataclass(frozen=True)
class RosterEntry:
    trainee: Trainee
    last_active: datetime | None
    answered: int
    games: dict[str, GameReadiness]    # by game id


@dataclass(frozen=True)
class CohortRow:
    """One trainee on one drill, for the cohort comparison (the view pivots trainees x drills)."""
    trainee: str
    drill: str
    game: str
    answered: int
    correct: int
    median_seconds: float
    target: Target

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def accuracy_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.accuracy >= self.target.accuracy

    @property
    def speed_met(self) -> bool:
        return self.target.enough_answers(self.answered) and self.median_seconds <= self.target.seconds


@dataclass(frozen=True)
class TargetInfo:
    drill: str
    target: Target
    set_by: str | None       # None: the drill's default target
    set_at: datetime | None


@dataclass(frozen=True)
class AuditEntry:
    at: datetime
    actor: str
    action: str
    detail: str


@dataclass(frozen=True)
class ImportResult:
    trainees_added: int
    sessions_added: int
    answers_added: int
    answers_already_present: int
    signoffs_added: int
    refused: tuple[str, ...] = ()      # each session or sign-off not imported, with the reason
    # How the grades of the answers added were decided, in words the Manager page and the command line
    # print: "graded again by the engine: N answers (why)" or "grades taken from a file signed by ...".
    grading: str = ""
    answers_regraded: int = 0          # answers the engine graded again (0 when the file's seal was trusted)
    signed_by: str | None = None       # the trusted manager whose valid signature the file carries, else None
    signed_by_key: str | None = None   # that key's fingerprint
