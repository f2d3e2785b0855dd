"""A drill session at the desk: the drill asks and grades (dealerdrill.drills), the desk records. Qt-free.

The view only calls `next_item`, `submit`, `time_out`, `hint` and `finish` and shows what comes back. For a
trainee, each graded answer is stored with the trainee's scheduler memory in one transaction (Records.
record_answer) before `submit` returns; for a guest nothing is stored and the memory lives only as long as
the program. A failure to store is not a failure to grade: the grade is returned and `recording_problem`
says, in plain words, what could not be stored.
"""
from __future__ import annotations

from collections.abc import Callable

from dealerdrill.domain import AnsweredItem, Grade, Item, Mode, Target
from dealerdrill.drills import DrillSession, SessionResult
from dealerdrill.records import RecordsError, SessionSummary

RECORDING_ERRORS = (RecordsError, OSError, ValueError, LookupError)


class TrainingSession:
    """One drill session for the person at the desk (`trainee` None: a guest, not recorded)."""

    def __init__(self, drill, mode: Mode, *, difficulty: int, target: Target, seed: int | None,
                 scheduler_memory: dict | None, trainee: str | None, records,
                 settings_snapshot: dict, on_memory: Callable[[str, dict], None],
                 on_finished: Callable[[TrainingSession], None], issued_session: str | None = None,
                 recording_problem: str | None = None, item_keys: Callable[[int], int] | None = None,
                 families: list[str] | None = None):
        """`issued_session`: the id of the session the records already started for a test they issued (its
        seed, level, target and settings are the ones given here; `item_keys` its items' keys one at a time where
        the records keep the seed to themselves, as a room's server does)."""
        self.trainee = trainee
        self._records = records if trainee is not None else None
        self._on_memory = on_memory
        self._on_finished = on_finished
        self.session_id: str | None = None
        self.last_answer_id: str | None = None
        self.recording_problem: str | None = recording_problem
        self.summary: SessionSummary | None = None
        self.closed = False
        self._drill_session = DrillSession(drill, mode, seed=seed, difficulty=difficulty, target=target,
                                           scheduler_memory=scheduler_memory, on_answer=self._record,
                                           item_keys=item_keys, families=families)
        if issued_session is not None:
            self.session_id = issued_session
        elif self._records is not None:
            try:
                self.session_id = self._records.start_session(trainee, drill.id, mode, settings_snapshot,
                                                              target=target)
            except RECORDING_ERRORS as error:
                self.recording_problem = f"This session is not being recorded: {_plain(error)}"

    # -- what the view reads
    @property
    def drill(self):
        return self._drill_session.drill

    @property
    def mode(self) -> Mode:
        return self._drill_session.mode

    @property
    def difficulty(self) -> int:
        return self._drill_session.difficulty

    @property
    def target(self) -> Target:
        return self._drill_session.target

    @property
    def time_limit(self) -> float | None:
        return self._drill_session.time_limit

    @property
    def finished(self) -> bool:
        return self._drill_session.finished

    @property
    def result(self) -> SessionResult:
        return self._drill_session.result

    @property
    def current(self) -> Item | None:
        return self._drill_session.current

    @property
    def scheduler(self):
        return self._drill_session.scheduler

    @property
    def recorded(self) -> bool:
        return self.session_id is not None

    # -- what the view asks
    def next_item(self) -> Item:
        return self._drill_session.next_item()

    def hint(self) -> str:
        return self._drill_session.hint()

    def submit(self, answer, seconds: float) -> Grade:
        """Grade the answer (ValueError, item kept, for malformed input); stored before this returns."""
        return self._drill_session.submit(answer, seconds)

    def time_out(self, seconds: float) -> Grade:
        return self._drill_session.time_out(seconds)

    def finish(self) -> SessionSummary | None:
        """End the session (once): a recorded one gets its finish time; returns its stored summary."""
        if self.closed:
            return self.summary
        self.closed = True
        if self.session_id is not None and self._records is not None:
            try:
                self.summary = self._records.finish_session(self.session_id)
            except RECORDING_ERRORS as error:
                self.recording_problem = _plain(error)
        self._on_finished(self)
        return self.summary

    # -- recording (the DrillSession calls this the moment an answer is graded)
    def _record(self, answered: AnsweredItem) -> None:
        memory = self._drill_session.scheduler.snapshot()
        self._on_memory(self.drill.id, memory)
        self.recording_problem = None
        if self.session_id is None or self._records is None:
            return
        try:
            self.last_answer_id = self._records.record_answer(self.session_id, answered, memory)
        except RECORDING_ERRORS as error:
            self.recording_problem = f"That answer could not be recorded: {_plain(error)}"


def _plain(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text[0].upper() + text[1:]
