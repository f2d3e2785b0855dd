"""Schema version 7: a test's level is part of its target (issue 28, tests issued by the records).

A manager's target names the level a test is taken at (1 Basic, 2 Standard, 3 Advanced); a test at another
level is not that test. `target_changes` and `targets` get a `level` column; changes made before this version
name none (NULL), and are read as the default level (Target's). The trigger that keeps `targets` in step with
the changes is made again with the column.

From this version on the records issue every test (Records.issue_test). The upgrade writes an audit entry,
TESTS_ISSUED, into the ledger: a test after it that the records did not issue was started some other way
(a hand-made session), and its verdict is never a pass; the tests before it were taken before the records
issued them, and are judged by their own items.
"""
from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

TESTS_ISSUED = "tests_issued_by_the_records"
TESTS_ISSUED_WORDS = ("from here on every test is issued by the records: its seed, level, target and answer-key "
                      "settings; a test without an issue after this entry was not started by the program")

SQL = """
ALTER TABLE target_changes ADD COLUMN level INTEGER CHECK (level IS NULL OR level BETWEEN 1 AND 3);
ALTER TABLE targets ADD COLUMN level INTEGER;
DROP TRIGGER target_changes_set_the_target;
CREATE TRIGGER target_changes_set_the_target AFTER INSERT ON target_changes
BEGIN
    INSERT INTO targets (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level)
    VALUES (NEW.drill, NEW.seconds, NEW.accuracy, NEW.test_items, NEW.pass_mark, NEW.set_by, NEW.set_at, NEW.level)
    ON CONFLICT(drill) DO UPDATE SET seconds = excluded.seconds, accuracy = excluded.accuracy,
        test_items = excluded.test_items, pass_mark = excluded.pass_mark, set_by = excluded.set_by,
        set_at = excluded.set_at, level = excluded.level;
END;
"""


def mark_tests_issued(db: sqlite3.Connection) -> None:
    """The audit entry (and its ledger entry) from which every test must be one the records issued."""
    from .schema_v4 import append_entry, audit_event

    at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    audit_id = db.execute("INSERT INTO audit (at, actor, action, detail) VALUES (?, 'workstation', ?, ?)",
                          (at, TESTS_ISSUED, TESTS_ISSUED_WORDS)).lastrowid
    append_entry(db, "audit", str(audit_id), audit_event(audit_id, at, "workstation", TESTS_ISSUED,
                                                         TESTS_ISSUED_WORDS))
