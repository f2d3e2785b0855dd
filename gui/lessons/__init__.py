"""The lessons: for each game a short course, in order, that takes a trainee who has never seen the game to its
drills. Qt-free: the lessons' words (the project's own, citing rule numbers) and the engine calls that make their
worked examples; the Learn page (dealerdrill.views.learn) draws them.

    from dealerdrill.lessons import courses, lesson
    for course in courses():
        for lesson in course.lessons:
            blocks = lesson.blocks(settings)       # the worked examples asked of the engine now

Each lesson ends with its check (Lesson.check): a few items of the matching drill at Basic, in practice, which the
desk records as practice for the trainee at the desk (dealerdrill.desk.Desk.start_session), never as a test.
"""
from __future__ import annotations

from .model import (
    CHART_IDS,
    Block,
    Check,
    Course,
    Example,
    Figure,
    Lesson,
    Note,
    Segment,
    Table,
    Text,
    citations,
    plain,
    segments,
    walk,
)


def courses() -> tuple[Course, ...]:
    """Every game's course, in the program's game order (roulette, baccarat, pai gow)."""
    from . import baccarat, paigow, roulette

    return (roulette.COURSE, baccarat.COURSE, paigow.COURSE)


def course(game: str) -> Course:
    for found in courses():
        if found.game == game:
            return found
    raise ValueError(f"there is no course for the game {game!r}")


def lessons() -> list[Lesson]:
    """Every lesson, course by course, each in its course's order."""
    return [lesson for found in courses() for lesson in found.lessons]


def lesson(lesson_id: str) -> Lesson:
    for found in lessons():
        if found.id == lesson_id:
            return found
    raise ValueError(f"there is no lesson {lesson_id!r}")


__all__ = ["CHART_IDS", "Block", "Check", "Course", "Example", "Figure", "Lesson", "Note", "Segment", "Table", "Text",
           "citations", "course", "courses", "lesson", "lessons", "plain", "segments", "walk"]
