"""Graded dealer drills, Qt-free: item generation, answer keys from the engine, grading, scheduling.

Every answer key is computed by dealerdrill.core (the C engine); this package only chooses what to ask,
compares the trainee's answer with the engine's, and explains the difference in the project's own words.
The Qt views in dealerdrill.views present items and collect answers; nothing here imports Qt.
"""
from .base import Answer, Drill, Grade, Item, registry
from .session import DrillSession, Mode, SessionResult
from .scheduler import Scheduler
from .taxonomy import ErrorCategory

__all__ = ["Answer", "Drill", "DrillSession", "ErrorCategory", "Grade", "Item", "Mode", "Scheduler",
           "SessionResult", "registry"]
