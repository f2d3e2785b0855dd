"""The records' integrity check at start: the whole file read on a worker thread once the window is up (hash
chains, signatures, triggers, summary tables: what `dealerdrill verify` checks), and a plain sentence for the
window's banner when it fails.

It runs after the window has shown (the start is not slowed) and on a copy of the records opened in the worker
(a SQLite connection belongs to its thread). The copy reads inside one read transaction, so answers recorded
at the desk while the check runs are seen either whole or not at all, never half, which would look like a
broken chain.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal

from .background import run_in_background

START_DELAY_MS = 800   # after the window first shows: it paints and takes input before the file is read


def problems_in_copy(records, progress=None) -> list[str]:
    """On a worker thread: the problems the whole-file check finds, each a plain sentence naming the row."""
    copy = records.clone()
    try:
        copy.read("BEGIN")
        try:
            return [str(problem) for problem in copy.verify(progress)]
        finally:
            copy.read("COMMIT")
    finally:
        copy.close()


def failure_text(problems: list[str]) -> str:
    from dealerdrill.records.verify import MAX_PROBLEMS

    count = len(problems)
    counted = (f"at least {count} problems" if count >= MAX_PROBLEMS else
               f"{count} problem{'s' if count != 1 else ''}")
    return (f"The records on this workstation fail their integrity check: {counted} (the first: {problems[0]}). "
            f"Run `dealerdrill verify` for the full list.")


class StartupIntegrityCheck(QObject):
    """Reads the desk's records whole, once, after `start_soon`. `failed(text)` carries the banner's sentence;
    `finished(problems)` comes either way (the count and order are those of `desk.verify()`)."""

    failed = Signal(str)
    finished = Signal(object)

    def __init__(self, desk, parent: QObject | None = None):
        super().__init__(parent)
        self.desk = desk
        self.started = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.start)
        self._cancelled = False

    def start_soon(self, delay_ms: int = START_DELAY_MS) -> None:
        if not self.started and not self._timer.isActive():
            self._timer.start(delay_ms)

    def start(self) -> None:
        self._timer.stop()
        records = self.desk.records
        if self.started or self._cancelled or records is None:
            return
        self.started = True
        key_notice = self.desk.key_notice
        run_in_background(lambda: problems_in_copy(records), lambda found: self._checked(records, key_notice, found),
                          lambda error: None)   # a file that cannot be read now is not a failed check

    def cancel(self) -> None:
        """The window is closing: no check starts, and a running one's answer is dropped."""
        self._timer.stop()
        self._cancelled = True

    def _checked(self, records, key_notice: str | None, found: list[str]) -> None:
        if self._cancelled or not shiboken6.isValid(self) or self.desk.records is not records:
            return   # the window closed, or the file was set aside as damaged and a new one started
        problems = list(found)
        if key_notice:   # as desk.verify() and `dealerdrill verify` count it
            problems.append(f"manager PIN file: {key_notice}")
        self.finished.emit(problems)
        if found:        # a replaced PIN file alone has its own banner already
            self.failed.emit(failure_text(problems))


__all__ = ["START_DELAY_MS", "StartupIntegrityCheck", "failure_text", "problems_in_copy"]
