"""Training records (Qt-free): trainees, every answer, sessions, tests and sign-offs, targets, the manager
PIN, progress queries for the views, and merging records from other workstations.

Start with `Records` (store.py, usage at its top); the numbers the views show are defined in queries.py;
the meaning read out of item family strings in families.py; the database and its migrations in schema.py.
"""
from .merge import ExportCancelled, dump_records, import_records
from .models import (AnswerRecord, AuditEntry, Breakdown, CohortRow, DrillInfo, DrillReadiness, GameReadiness,
                     Heatmap, HeatmapCell, ImportResult, ManagerSession, RecordFilter, RosterEntry, SessionSummary,
                     SkillProgress, Streaks, TargetInfo, Trainee, TrendPoint)
from .pin import PIN_FILE_NAME, PinFileError
from .schema import (SCHEMA_VERSION, RecordsDamagedError, RecordsError, RecordsFullError, RecordsLockedError,
                     RecordsNewerError, RecordsReadOnlyError)
from .store import DATABASE_NAME, Records, UnknownTraineeError, default_database_path

__all__ = [
    "AnswerRecord", "AuditEntry", "Breakdown", "CohortRow", "DATABASE_NAME", "DrillInfo", "DrillReadiness",
    "ExportCancelled", "GameReadiness", "Heatmap", "HeatmapCell", "ImportResult", "ManagerSession",
    "PIN_FILE_NAME", "PinFileError", "RecordFilter", "Records", "RecordsDamagedError", "RecordsError",
    "RecordsFullError", "RecordsLockedError", "RecordsNewerError", "RecordsReadOnlyError", "RosterEntry",
    "SCHEMA_VERSION",
    "SessionSummary", "SkillProgress", "Streaks", "TargetInfo", "Trainee", "TrendPoint", "UnknownTraineeError",
    "default_database_path", "dump_records", "import_records",
]
