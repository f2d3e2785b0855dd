"""The three ways a drill is taken: practice, timed, and test (a certification attempt)."""
from __future__ import annotations

from enum import Enum


class Mode(Enum):
    PRACTICE = "practice"
    TIMED = "timed"
    TEST = "test"

    @property
    def label(self) -> str:
        return self.value.capitalize()
