"""Schema version 7: a test's level is part of its target (issue 28, tests issued by the records).

A manager's target names the level a test is taken at (1 Basic, 2 Standard, 3 Advanced); a test at another
level is not that test. `target_changes` and `targets` get a `level` column; changes made before this version
name none (NULL), and are read as the default level (Target's). The trigger that keeps `targets` in step with
the changes is made again with the column.
"""
from __future__ import annotations

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

