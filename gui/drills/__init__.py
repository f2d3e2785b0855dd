"""Graded dealer drills, Qt-free: item generation, answer keys from the engine, grading, scheduling.

Every answer key is computed by dealerdrill.core (the C engine); this package only chooses what to ask,
compares the trainee's answer with the engine's, and explains the difference in the project's own words.
The items, grades and modes it deals in are dealerdrill.domain types; nothing here imports Qt or the records.
"""
from .base import Drill, registry
from .scheduler import Scheduler
from .session import DrillSession, SessionResult

__all__ = ["Drill", "DrillSession", "Scheduler", "SessionResult", "registry"]
