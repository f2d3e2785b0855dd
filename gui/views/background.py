"""Long work off the UI thread: run a function on a worker, hand its result to the UI thread."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QApplication


class _WorkerSignals(QObject):
    done = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, work: Callable[[], object]):
        super().__init__()
        self.work = work
        self.signals = _WorkerSignals()

    def run(self) -> None:
        try:
            result = self.work()
        except BaseException as error:  # reported on the UI thread, in plain words
            self.signals.failed.emit(error)
        else:
            self.signals.done.emit(result)


def run_in_background(work: Callable[[], object], on_done: Callable[[object], None],
                      on_error: Callable[[BaseException], None] | None = None) -> _Job:
    """Run `work` on a worker thread; `on_done(result)` / `on_error(error)` run on the UI thread.
    Workers never touch widgets: they compute, the UI reacts to the result."""
    job = _Job(work)
    # Python owns the job until its answer has been delivered; otherwise the signal object could be
    # collected while its queued result is still on the way.
    job.setAutoDelete(False)
    _running.add(job)
    if on_error is None:   # the main window reports it (the one top-level widget that can)
        window = next((w for w in QApplication.topLevelWidgets() if hasattr(w, "report_error")), None)
        on_error = window.report_error if window else (lambda error: None)

    def finish(callback, value):
        _running.discard(job)
        callback(value)

    job.signals.done.connect(lambda result: finish(on_done, result), Qt.ConnectionType.QueuedConnection)
    job.signals.failed.connect(lambda error: finish(on_error, error), Qt.ConnectionType.QueuedConnection)
    QThreadPool.globalInstance().start(job)
    return job


_running: set[_Job] = set()
