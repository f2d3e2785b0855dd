"""The trainee's path: for each game, where a trainee stands on the way from the first lesson to a passed test.
Qt-free; the desk reads it (Desk.trainee_path) and the Progress page draws it, one row of steps per game:

    Learn      the game's lessons whose check was answered to the end with at least LESSON_DONE_SHARE of its
               questions right (a check's session is marked with its lesson, `LESSON_KEY`, by the desk)
    Practise   the game's drills with at least a test's number of answers in practice (Target.answers_for_a_verdict,
               the number the targets need before they say anything; a lesson's check is not counted here)
    Timed      the drills whose latest timed answers meet the accuracy and speed targets, by the rule of the
               Manager's roster (DrillReadiness.accuracy_met and speed_met: the latest READINESS_ANSWERS, and at
               least a test's number of answers before either is met), counted over timed answers only
    Test       the drills with a test passed as its verdict made again says (dealerdrill.verdicts.judged_roster:
               the stored grades and results are never read as a pass)

Every count is over the trainee's whole history (the path says where they stand, not what a period holds), and a
game's drills are in the order its course reaches them, then the catalogue's.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from dealerdrill.records import RecordFilter
from dealerdrill.records.models import DrillReadiness

LESSON_KEY = "lesson"            # in a lesson check's stored settings: the lesson's id
STEPS = ("learn", "practise", "timed", "test")
STEP_TITLES = {"learn": "Learn", "practise": "Practise", "timed": "Timed", "test": "Test"}


def right_needed(items: int) -> int:
    """How many of a check's `items` questions must be right for its lesson to be done: two thirds, rounded up
    (2 of 3). A check answered to the end with fewer right shows as tried, and the lesson as not yet done."""
    return -(-2 * items // 3)


@dataclass(frozen=True)
class LessonStanding:
    lesson: str
    title: str
    number: int                  # its place in the course, from 1
    check_items: int
    best_right: int | None       # the most right answers of a check answered to the end; None: none was

    @property
    def done(self) -> bool:
        return self.best_right is not None and self.best_right >= right_needed(self.check_items)


@dataclass(frozen=True)
class DrillStanding:
    drill: str
    title: str
    practice_answers: int        # in practice, lesson checks not counted
    timed: DrillReadiness        # the latest timed answers against the targets, by the roster's rule
    test_passed: bool            # a test passed, as judged again
    test_signed_off: bool        # ... and a manager signed such a test off

    @property
    def practice_needed(self) -> int:
        return self.timed.target.answers_for_a_verdict

    @property
    def practised(self) -> bool:
        return self.practice_answers >= self.practice_needed

    @property
    def timed_met(self) -> bool:
        return self.timed.accuracy_met and self.timed.speed_met


@dataclass(frozen=True)
class GamePath:
    game: str
    lessons: tuple[LessonStanding, ...]
    drills: tuple[DrillStanding, ...]

    @property
    def lessons_done(self) -> int:
        return sum(lesson.done for lesson in self.lessons)

    @property
    def drills_practised(self) -> int:
        return sum(drill.practised for drill in self.drills)

    @property
    def timed_met(self) -> int:
        return sum(drill.timed_met for drill in self.drills)

    @property
    def tests_passed(self) -> int:
        return sum(drill.test_passed for drill in self.drills)

    def done(self, step: str) -> int:
        """How many of the step's lessons or drills are done."""
        return {"learn": self.lessons_done, "practise": self.drills_practised, "timed": self.timed_met,
                "test": self.tests_passed}[step]

    def total(self, step: str) -> int:
        return len(self.lessons) if step == "learn" else len(self.drills)

    def next_lesson(self) -> LessonStanding | None:
        """The first lesson of the course not yet done (None: all are)."""
        return next((lesson for lesson in self.lessons if not lesson.done), None)

    def next_drill(self, step: str) -> DrillStanding | None:
        """The first drill, in the path's order, whose `step` ("practise", "timed", "test") is not yet done."""
        done = {"practise": lambda d: d.practised, "timed": lambda d: d.timed_met, "test": lambda d: d.test_passed}
        return next((drill for drill in self.drills if not done[step](drill)), None)


@dataclass(frozen=True)
class TraineePath:
    trainee: str
    games: tuple[GamePath, ...]

    def game(self, game: str) -> GamePath:
        for found in self.games:
            if found.game == game:
                return found
        raise LookupError(f"there is no game {game!r} on the path")


def lesson_of(settings: dict) -> str | None:
    """The lesson a session's stored settings name (a lesson's check), else None."""
    value = settings.get(LESSON_KEY) if isinstance(settings, dict) else None
    return value if isinstance(value, str) else None


def trainee_path(records, trainee: str, judge) -> TraineePath:
    """The trainee's path in every game of the courses (see the module's docstring): read from `records`, each
    test's pass confirmed by `judge` (dealerdrill.verdicts.Judge)."""
    from dealerdrill.lessons import courses
    from dealerdrill.records.queries import session_summaries
    from dealerdrill.verdicts import judged_roster

    name = records.trainee(trainee).name
    everything = RecordFilter(trainees=(name,), include_archived=True)
    checks: dict[str, list[tuple[str, int, int]]] = {}      # lesson -> (drill, answers, right) of each check
    practice: dict[str, int] = {}
    for session in session_summaries(records, replace(everything, mode="practice"), with_median=False):
        if session.unreadable:
            continue
        lesson_id = lesson_of(session.settings)
        if lesson_id is None:
            practice[session.drill] = practice.get(session.drill, 0) + session.items
        else:
            checks.setdefault(lesson_id, []).append((session.drill, session.items, session.correct))
    timed = _readiness_by_drill(records.roster(replace(everything, mode="timed")))
    tests = _readiness_by_drill(judged_roster(records, replace(everything, mode="test"), judge))
    games = []
    for course in courses():
        lessons = []
        for number, lesson in enumerate(course.lessons, start=1):
            check = lesson.check
            # A check answered to the end: its drill's, all its questions answered (a stopped one is not).
            answered_through = [right for drill, answers, right in checks.get(lesson.id, ())
                                if drill == check.drill and answers >= check.items]
            lessons.append(LessonStanding(lesson.id, lesson.title, number, check.items,
                                          min(max(answered_through), check.items) if answered_through else None))
        order = [lesson.check.drill for lesson in course.lessons]
        game_drills = [info for info in records.drill_infos().values() if info.game == course.game]
        game_drills.sort(key=lambda info: order.index(info.id) if info.id in order else len(order))
        drills = []
        for info in game_drills:
            readiness = timed.get(info.id)
            if readiness is None:
                readiness = DrillReadiness(info.id, info.title, records.target(info.id), 0, 0.0, 0.0, False, False)
            tested = tests.get(info.id)
            drills.append(DrillStanding(info.id, info.title, practice.get(info.id, 0), readiness,
                                        bool(tested and tested.test_passed), bool(tested and tested.test_signed_off)))
        games.append(GamePath(course.game, tuple(lessons), tuple(drills)))
    return TraineePath(name, tuple(games))


def _readiness_by_drill(entries) -> dict[str, DrillReadiness]:
    return {drill.drill: drill for entry in entries for game in entry.games.values() for drill in game.drills}
