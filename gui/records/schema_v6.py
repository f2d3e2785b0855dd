"""Schema version 6: who was logged in (issue 14, the training room).

Sessions and audit entries get a `login` column. On the room's PostgreSQL server the server functions fill it
with session_user, the login of the desk or manager whose program added the row (no client can choose it);
in a workstation's own SQLite file there is no login and it stays empty. Like the rest of a session, it is
written once.
"""
from __future__ import annotations

SQL = """
ALTER TABLE audit ADD COLUMN login TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN login TEXT NOT NULL DEFAULT '';
CREATE TRIGGER sessions_keep_their_login BEFORE UPDATE ON sessions WHEN NEW.login IS NOT OLD.login
BEGIN SELECT RAISE(ABORT, 'what a session recorded cannot be changed'); END;
"""

TRIGGERS = ("sessions_keep_their_login",)
