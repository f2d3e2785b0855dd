"""Schema version 5: one rule for when two trainees' names are the same (issue 13).

Names are compared by their key: the name in Unicode normal form C, case-folded, and in form C again, so
"Straße" and "STRASSE" are one name, as are a name typed with a combining accent and with the accented
letter. The key is kept beside the name, unique: the database itself refuses a second trainee of the same
name, whatever program writes to it. Two trainees an earlier version let in under names that are now the
same keep both their records: the later one's key is set apart (it is found by its exact name).
"""
from __future__ import annotations

import sqlite3
import unicodedata

SQL = """
ALTER TABLE trainees ADD COLUMN name_key TEXT;
"""

SQL_AFTER = """
CREATE UNIQUE INDEX trainees_by_name_key ON trainees(name_key);
CREATE TRIGGER trainees_need_a_name_key BEFORE INSERT ON trainees WHEN NEW.name_key IS NULL
BEGIN SELECT RAISE(ABORT, 'a trainee needs the key of their name'); END;
CREATE TRIGGER trainees_keep_their_name_key BEFORE UPDATE ON trainees WHEN NEW.name_key IS NOT OLD.name_key
BEGIN SELECT RAISE(ABORT, 'a trainee''s name cannot be changed'); END;
"""

TRIGGERS = ("trainees_need_a_name_key", "trainees_keep_their_name_key")


def name_key(name: str) -> str:
    """The form in which two names are compared (see the module's docstring)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def key_existing_names(db: sqlite3.Connection) -> None:
    from .schema import _statements

    taken: set[str] = set()
    for trainee_id, name in db.execute("SELECT id, name FROM trainees ORDER BY id").fetchall():
        key = name_key(" ".join(name.split()))
        if key in taken:
            key = f"{key}\x00{trainee_id}"       # a second trainee of that name from before: kept apart
        taken.add(key)
        db.execute("UPDATE trainees SET name_key = ? WHERE id = ?", (key, trainee_id))
    for statement in _statements(SQL_AFTER):
        db.execute(statement)
