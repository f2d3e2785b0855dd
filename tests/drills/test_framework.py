"""The drill framework (Qt-free): scheduler, session modes, targets, taxonomy."""
import sys
from dataclasses import dataclass

import pytest

from dealerdrill.domain import ErrorCategory, Grade, Item, Mode, Target
from dealerdrill.drills.scheduler import INTERVALS, LEECH_LAPSES, RETRY_AFTER, Scheduler
from dealerdrill.drills.session import DrillSession, DrillUsageError


@dataclass
class CountingDrill:
    """A stand-in drill for the framework tests: 'families' are letters, the key is the family's index.
    (Game drills are tested against the engine in their own files.)"""

    id = "test.counting"
    game = "roulette"
    title = "Counting"
    description = "framework test drill"
    letters: str = "abcdef"

    def families(self):
        return list(self.letters)

    def generate(self, rng, difficulty=1, family=None):
        family = family or self.letters[rng.below(len(self.letters))]
        return Item(self.id, family, {"letter": family}, key=self.letters.index(family), hint="count")

    def grade(self, item, answer, seconds=0.0):
        if not isinstance(answer, int):
            raise ValueError("the answer is a whole number")
        ok = answer == item.key
        return Grade(ok, str(item.key), str(answer), "position in the alphabet",
                     None if ok else ErrorCategory.ARITHMETIC, seconds=seconds)

    def describe_key(self, item):
        return str(item.key)


def test_failed_families_come_back_sooner_than_passed_ones():
    scheduler = Scheduler(list("abcdef"), seed=1)
    scheduler.record("a", correct=False)
    scheduler.record("b", correct=True, seconds=1, target_seconds=10)
    assert scheduler.memory["a"].due == 1 + RETRY_AFTER
    assert scheduler.memory["b"].due == 2 + INTERVALS[0]
    assert scheduler.memory["a"].due < scheduler.memory["b"].due
    # Walk the clock forward with other families: "a" is asked again before "b".
    asked = []
    while len(asked) < 12:
        family = scheduler.next_family()
        asked.append(family)
        scheduler.record(family, correct=True, seconds=1, target_seconds=10)
    assert asked.index("a") < asked.index("b")


def test_slow_correct_answers_come_back_sooner_than_fast_ones():
    scheduler = Scheduler(["fast", "slow"], seed=2)
    scheduler.record("fast", True, seconds=2, target_seconds=10)
    scheduler.record("slow", True, seconds=20, target_seconds=10)
    assert scheduler.memory["slow"].due - 2 < scheduler.memory["fast"].due - 1
    assert scheduler.memory["slow"].box == 0 and scheduler.memory["fast"].box == 1


def test_intervals_grow_with_each_success():
    scheduler = Scheduler(["x"], seed=3)
    gaps = []
    for _ in range(4):
        before = scheduler.clock
        scheduler.record("x", True, 1, 10)
        gaps.append(scheduler.memory["x"].due - before)
    assert gaps == sorted(gaps) and len(set(gaps)) == 4


def test_repeated_failures_make_a_leech():
    scheduler = Scheduler(["hard", "easy"], seed=4)
    for _ in range(LEECH_LAPSES - 1):
        scheduler.record("hard", False)
    assert scheduler.leeches() == []
    scheduler.record("hard", False)
    assert scheduler.leeches() == ["hard"]


def test_scheduler_is_deterministic_for_a_seed_and_survives_a_snapshot():
    def run(seed):
        s = Scheduler(list("abcdefgh"), seed=seed)
        order = []
        for i in range(30):
            f = s.next_family()
            order.append(f)
            s.record(f, correct=(i % 3 != 0), seconds=1, target_seconds=5)
        return order, s

    assert run(9)[0] == run(9)[0]
    _, s = run(9)
    copy = Scheduler(list("abcdefgh"), seed=0, memory=s.snapshot())
    assert copy.snapshot() == s.snapshot()


def test_practice_gives_hints_test_does_not():
    practice = DrillSession(CountingDrill(), Mode.PRACTICE, seed=1)
    practice.next_item()
    assert practice.hint() == "count"
    test = DrillSession(CountingDrill(), Mode.TEST, seed=1, target=Target(test_items=3))
    test.next_item()
    with pytest.raises(DrillUsageError, match="only available in practice"):
        test.hint()


def test_a_test_has_a_fixed_length_and_a_pass_mark():
    drill = CountingDrill()
    session = DrillSession(drill, Mode.TEST, seed=5, target=Target(test_items=4, pass_mark=0.75))
    answers = []
    while not session.finished:
        item = session.next_item()
        wrong = len(answers) == 0
        answers.append(session.submit(item.key + (1 if wrong else 0), seconds=1.0))
    with pytest.raises(DrillUsageError, match="complete"):
        session.next_item()
    result = session.result
    assert result.count == 4 and result.correct == 3 and result.passed is True
    assert result.errors_by_category() == {ErrorCategory.ARITHMETIC: 1}


def test_timed_mode_turns_a_late_answer_into_a_timeout():
    session = DrillSession(CountingDrill(), Mode.TIMED, seed=6, target=Target(seconds=5))
    item = session.next_item()
    grade = session.submit(item.key, seconds=7.5)
    assert not grade.correct and grade.timed_out and grade.category is ErrorCategory.TIMEOUT
    assert grade.expected == str(item.key)
    item = session.next_item()
    assert session.time_out(5.0).category is ErrorCategory.TIMEOUT


def test_every_answer_is_handed_over_when_it_is_graded():
    stored = []
    session = DrillSession(CountingDrill(), Mode.PRACTICE, seed=7, on_answer=stored.append)
    item = session.next_item()
    session.submit(item.key, 2.0)
    assert len(stored) == 1 and stored[0].grade.correct and stored[0].item is item


def test_malformed_answers_change_nothing():
    session = DrillSession(CountingDrill(), Mode.PRACTICE, seed=8)
    item = session.next_item()
    with pytest.raises(ValueError, match="whole number"):
        session.submit("three", 1.0)
    assert session.current is item and session.result.count == 0
    with pytest.raises(DrillUsageError):
        session.next_item()


def test_targets_are_validated():
    with pytest.raises(ValueError, match="pass mark"):
        Target(pass_mark=1.5)
    with pytest.raises(ValueError, match="speed target"):
        Target(seconds=0)
    assert Target.from_dict(Target(seconds=8).to_dict()) == Target(seconds=8)


def test_taxonomy_ids_are_unique_and_labelled():
    values = [c.value for c in ErrorCategory]
    assert len(values) == len(set(values))
    assert all(c.label and c.game in ("any", "roulette", "baccarat", "paigow") for c in ErrorCategory)
    assert ErrorCategory.SPLIT_A_KEPT_PAIR in ErrorCategory.for_game("paigow")
    assert ErrorCategory.TIMEOUT in ErrorCategory.for_game("baccarat")


def test_drills_import_without_qt():
    import subprocess

    code = ("import sys; import dealerdrill.drills.session, dealerdrill.drills.scheduler; "
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
