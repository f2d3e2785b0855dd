"""The training room in the window: the status bar's word on the room ("offline — 3 answers waiting"), the
few-seconds poll that refreshes the manager's pages while trainees answer at other desks, and the Manager
page's "Training room server" setting. The desk decides everything (dealerdrill.desk); these only show and ask.
"""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

POLL_MILLISECONDS = 3000      # the roster and cohort follow the room within 3 s (the issue asks for 5 at most)


class RoomStatusLabel(QLabel):
    """In the status bar: the room's server, or "offline — N answers waiting"; hidden for a desk's own file.
    Each tick also asks the desk whether the room changed, which refreshes the views that listen."""

    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("roomStatus")
        self.desk = desk
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MILLISECONDS)
        self.timer.timeout.connect(self.tick)
        self.tick()
        if desk.in_room:
            self.timer.start()

    def tick(self) -> None:
        status = self.desk.room_status()
        if status is None:
            self.hide()
            return
        self.setText(status.text + (f" · {status.refused} refused by the server" if status.refused else ""))
        self.setProperty("offline", not status.online)
        self.setToolTip("Answers are kept on this desk and sent when the server answers again; none is lost."
                        if status.entries_waiting else "Recording to the training room server.")
        self.show()
        if status.online:
            self.desk.poll_room()


class RoomServerBox(QWidget):
    """The Manager page's setting: which training room server this desk records to (from its next start)."""

    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        title = QLabel("TRAINING ROOM SERVER")
        title.setProperty("role", "section")
        layout.addWidget(title)
        explain = QLabel("Record this desk's answers on the training room's PostgreSQL server instead of in its own "
                         "file, from the next start. Give the desk's login (postgresql://desk-03@server/dealerdrill) "
                         "and, for managers unlocking the role here, the manager's login. No passwords here: the "
                         "desk's goes in the desk's ~/.pgpass or a libpq service file; a manager types theirs when "
                         "unlocking the role. Empty: this desk's own file.")
        explain.setWordWrap(True)
        layout.addWidget(explain)
        choice = desk.room_server()
        self.url_edit = QLineEdit(choice.url if choice else "")
        self.url_edit.setObjectName("roomUrl")
        self.url_edit.setPlaceholderText("postgresql://desk-03@records.casino.local/dealerdrill")
        self.manager_edit = QLineEdit(choice.manager_url or "" if choice else "")
        self.manager_edit.setObjectName("roomManagerUrl")
        self.manager_edit.setPlaceholderText("postgresql://mere@records.casino.local/dealerdrill (optional)")
        # Labelled: a placeholder goes once something is typed, and then the two logins looked alike.
        self.url_edit.setAccessibleName("Desk's login")
        self.manager_edit.setAccessibleName("Manager's login")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("&Desk's login", self.url_edit)
        form.addRow("&Manager's login (optional)", self.manager_edit)
        layout.addLayout(form)
        row = QHBoxLayout()
        self.save_button = QPushButton("Use this server")
        self.save_button.setObjectName("roomSave")
        self.save_button.clicked.connect(self.save)
        row.addWidget(self.save_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.message = QLabel("")
        self.message.setObjectName("roomMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        if choice is not None and choice.source == "environment":
            self.message.setText("DEALERDRILL_RECORDS_URL is set on this desk: it wins over this setting.")

    def save(self) -> None:
        try:
            self.message.setText(self.desk.set_room_server(self.url_edit.text().strip() or None,
                                                           self.manager_edit.text().strip() or None))
        except (PermissionError, ValueError, OSError) as error:
            self.message.setText(str(error))
