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
    """Installed on the application while the window is open. Emits `locked_itself(minutes)` when the role
    locks for lack of use (the desk's own MANAGER event has already told the views by then)."""

    locked_itself = Signal(float)

    def __init__(self, signals, parent: QObject | None = None):
        super().__init__(parent)
        self.desk = signals.desk
        self._signals = signals
        self._unlocked_seen = self.desk.unlocked
        signals.manager_changed.connect(self._manager_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_EVERY_MS)
        self.timer.timeout.connect(self.check)
        self._installed = False

    def start(self) -> None:
        application = QApplication.instance()
        if application is not None and not self._installed:
            application.installEventFilter(self)
            self._installed = True
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        application = QApplication.instance()
        if application is not None and self._installed:
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


__all__ = ["CHECK_EVERY_MS", "IdleLockWatch"]
