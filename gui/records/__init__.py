"""Training records (Qt-free): trainees, every answer, sessions, tests and sign-offs, targets, the audit log,
progress queries for the views, and merging records from other workstations.

Start with `Records` (store.py, usage at its top); the numbers the views show are defined in queries.py;
the database and its migrations in schema.py. What a family string means is the drills' knowledge, handed
in as a catalogue (dealerdrill.domain.catalog). This package imports neither the drills, nor the engine, nor Qt.

Two backends behind one interface (opening.open_records picks by where the records are): the desk's own
SQLite file (store.py, schema*.py) and the training room's PostgreSQL server (room_store.py: RoomRecords;
room_schema.py: the same schema versions and the server functions; room_setup.py: roles and grants;
room_connection.py: URLs and passwords; outbox.py: what a desk keeps while the server is away). Where the
two dialects of SQL differ is said once, in dialect.py.
"""
from .models import (
                     AnswerRecord,
                     AuditEntry,
                     Breakdown,
                     CohortRow,
                     DrillReadiness,
                     GameReadiness,
                     Heatmap,
                     HeatmapCell,
                     ImportResult,
                     RecordFilter,
                     RosterEntry,
                     SessionSummary,
                     SkillProgress,
                     Streaks,
                     TargetInfo,
                     TestIssue,
                     Trainee,
                     TrendPoint,
)
from .schema import (
                     SCHEMA_VERSION,
                     RecordsDamagedError,
                     RecordsError,
                     RecordsFullError,
                     RecordsLockedError,
                     RecordsNewerError,
                     RecordsReadOnlyError,
)
from .store import DATABASE_NAME, Records, UnknownTraineeError, default_database_path
from .transfer import ExportCancelled, dump_records, import_records

__all__ = [
    "AnswerRecord", "AuditEntry", "Breakdown", "CohortRow", "DATABASE_NAME", "DrillReadiness",
    "ExportCancelled", "GameReadiness", "Heatmap", "HeatmapCell", "ImportResult", "RecordFilter", "Records",
    "RecordsDamagedError", "RecordsError", "RecordsFullError", "RecordsLockedError", "RecordsNewerError",
    "RecordsReadOnlyError", "RosterEntry", "SCHEMA_VERSION", "SessionSummary", "SkillProgress", "Streaks",
    "TargetInfo", "TestIssue", "Trainee", "TrendPoint", "UnknownTraineeError",
    "default_database_path", "dump_records", "import_records",
]
