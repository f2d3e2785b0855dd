"""The manager role's idle lock, as the window keeps it: people's input tells the desk someone is there, and a
timer asks the desk every few seconds whether the role has been idle too long.

The desk decides (dealerdrill.desk: `note_activity`, `lock_if_idle`, the idle minutes the manager chose); this
object only feeds it input and the passing of time, and says when the role locked itself.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

CHECK_EVERY_MS = 5000   # a lock at most this late; the idle time is whole minutes

# Input from a person. Mouse moves are left out: Qt makes up moves when a widget moves under a still cursor,
# and those would keep the role unlocked with nobody at the desk.
INPUT_EVENTS = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick, QEvent.Type.Wheel,
    QEvent.Type.TouchBegin, QEvent.Type.TabletPress,
})


class IdleLockWatch(QObject):
    """Watches the application's input while the manager role is unlocked (and only then: a filter on every
    event of the application costs time, and a locked role has no idle time to keep). Emits
    `locked_itself(minutes)` when the role locks for lack of use (the desk's own MANAGER event has already told
    the views by then)."""

    locked_itself = Signal(float)

    def __init__(self, signals, parent: QObject | None = None):
        super().__init__(parent)
        self.desk = signals.desk
        self._signals = signals
        self._unlocked_seen = self.desk.unlocked
        signals.manager_changed.connect(self._manager_changed)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self._installed = False
        self._started = False

    @property
    def watching(self) -> bool:
        """The input filter and the timer are on (the role is unlocked and the window open)."""
        return self._installed

    def start(self) -> None:
        self._started = True
        self._follow_role()

    def stop(self) -> None:
        self._started = False
        self._follow_role()

    def _follow_role(self) -> None:
        application = QApplication.instance()
        wanted = self._started and self._unlocked_seen and application is not None
        if wanted and not self._installed:
            self.timer.setInterval(CHECK_EVERY_MS)
            application.installEventFilter(self)
            self.timer.start()
            self._installed = True
        elif not wanted and self._installed:
            self.timer.stop()
            if application is not None:
                application.removeEventFilter(self)
            self._installed = False

    def eventFilter(self, watched, event) -> bool:
        if event.type() in INPUT_EVENTS:
            # Ask first whether the idle time is already over: input after it must not renew a role that the
            # timer simply has not caught yet (and the lock must reach the views, which noting activity
            # alone would not do).
            self.check()
            self.desk.note_activity()
        return False   # the input itself goes on as usual

    def check(self) -> bool:
        """Lock the role if it has been idle too long; True when it locked now."""
        if self.desk.lock_if_idle():
            self._said_locked()
            return True
        if self._unlocked_seen and not self.desk.unlocked:
            # The role locked itself while something only read it (the desk locks an idle role whenever it
            # is asked), so no event came: bring the views up to date now.
            self._signals.manager_changed.emit(None)
            self._said_locked()
            return True
        return False

    def _said_locked(self) -> None:
        self.locked_itself.emit(float(self.desk.role.idle_minutes()))

    def _manager_changed(self, _manager) -> None:
        self._unlocked_seen = self.desk.unlocked
        self._follow_role()


__all__ = ["CHECK_EVERY_MS", "IdleLockWatch"]
