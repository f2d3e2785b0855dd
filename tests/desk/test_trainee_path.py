"""The trainee's path (issue 29 part 4): per game, lessons done, drills practised, timed targets met and tests passed,
as the desk reads them for the Progress page. A lesson counts once its check (a session the desk marks with the
lesson) is answered to the end with at least 2 of 3 right; timed targets by the roster's rule over timed answers; a
test only as its verdict made again says, never as its stored grades say."""
from __future__ import annotations

import json

import pytest
from path_history import DRILL, MANAGER, PIN, answer, check, drill_session, forged_test, set_short_target

from dealerdrill.desk import Desk, ManagerRoleRequired
from dealerdrill.desk.path import LESSON_KEY, right_needed
from dealerdrill.domain import Mode
from dealerdrill.lessons import course


@pytest.fixture
def workstation(records_path, clock):
    desk = Desk.open(records_path, clock=clock)
    set_short_target(desk)
    desk.add_trainee("Aroha")
    desk.choose_trainee("Aroha")
    yield desk
    desk.close()


def test_the_path_counts_lessons_practice_timed_targets_and_passed_tests(workstation):
    desk = workstation
    check(desk, "baccarat.points", [True, True, True])               # done
    check(desk, "baccarat.player_and_9_5", [True, False, False])     # tried: 1 right, not enough
    check(desk, "baccarat.player_and_9_5", [True, True, False])      # tried again: 2 of 3, done
    check(desk, "baccarat.table_2", [True, True], finish=False)      # left before its last question
    desk.end_session()
    drill_session(desk, Mode.PRACTICE, [True, False, True, True])
    drill_session(desk, Mode.TIMED, [True, True, True, True], seed=5)
    answer(desk.start_session(DRILL, Mode.TEST), [True, True, True, False])
    desk.end_session()

    baccarat = desk.trainee_path().game("baccarat")
    standing = {found.lesson: found for found in baccarat.lessons}
    assert [found.lesson for found in baccarat.lessons] == [found.id for found in course("baccarat").lessons]
    assert standing["baccarat.points"].done and standing["baccarat.points"].best_right == 3
    assert standing["baccarat.player_and_9_5"].done and standing["baccarat.player_and_9_5"].best_right == 2
    assert not standing["baccarat.table_2"].done and standing["baccarat.table_2"].best_right is None
    assert (baccarat.lessons_done, baccarat.total("learn")) == (2, 7)
    assert baccarat.next_lesson().lesson == "baccarat.table_2"

    table_of_play = baccarat.drills[0]
    assert table_of_play.drill == DRILL                              # the course reaches it first
    assert table_of_play.practice_answers == 4                       # the checks' 8 answers are not counted here
    assert table_of_play.practised and table_of_play.timed_met and table_of_play.test_passed
    assert (table_of_play.timed.answered, table_of_play.timed.accuracy) == (4, 1.0)   # timed answers alone
    assert (baccarat.drills_practised, baccarat.timed_met, baccarat.tests_passed) == (1, 1, 1)
    assert baccarat.next_drill("test").drill == "baccarat.settle"    # the next drill the course reaches

    roulette = desk.trainee_path().game("roulette")
    assert roulette.lessons_done == roulette.drills_practised == roulette.timed_met == roulette.tests_passed == 0
    assert roulette.next_lesson().lesson == "roulette.wheel_and_layout"


def test_timed_targets_need_a_tests_number_of_timed_answers_as_on_the_roster(workstation):
    desk = workstation
    drill_session(desk, Mode.PRACTICE, [True] * 6)                   # practice is not timed
    drill_session(desk, Mode.TIMED, [True] * 3, seed=5)
    standing = desk.trainee_path().game("baccarat").drills[0]
    assert standing.practised and not standing.timed_met
    assert standing.timed.answered == 3 and not standing.timed.target.enough_answers(3)
    drill_session(desk, Mode.TIMED, [True], seed=6, seconds=7.5)
    standing = desk.trainee_path().game("baccarat").drills[0]
    assert standing.timed.accuracy_met and standing.timed.speed_met and standing.timed_met
    drill_session(desk, Mode.TIMED, [False, False], seed=7)
    standing = desk.trainee_path().game("baccarat").drills[0]
    assert not standing.timed.accuracy_met and not standing.timed_met  # 4 right of 6: under 90%


def test_a_test_whose_stored_grades_were_forged_is_not_passed_on_the_path(workstation):
    desk = workstation
    records = desk.records
    summary = forged_test(desk)
    assert summary.passed                                             # what the stored grades alone say
    stored = {d.drill: d for e in records.roster() for g in e.games.values() for d in g.drills}
    assert stored[DRILL].test_passed                                  # and the records' own roster
    standing = desk.trainee_path().game("baccarat").drills[0]
    assert not standing.test_passed and not standing.test_signed_off
    assert desk.trainee_path().game("baccarat").tests_passed == 0


def test_a_lesson_mark_is_written_by_the_desk_and_only_on_its_checks_practice(workstation):
    desk = workstation
    session = check(desk, "baccarat.table_2", [True])
    (settings,) = desk.records.read("SELECT settings FROM sessions WHERE uuid = ?", (session.session_id,))[0]
    assert json.loads(settings)[LESSON_KEY] == "baccarat.table_2"
    for drill, mode, lesson_id, words in (("baccarat.commission", Mode.PRACTICE, "baccarat.table_2", "asks the drill"),
                                          (DRILL, Mode.TIMED, "baccarat.table_2", "is practice"),
                                          (DRILL, Mode.PRACTICE, "baccarat.nothing", "no lesson")):
        with pytest.raises(ValueError, match=words):
            desk.start_session(drill, mode, lesson=lesson_id)
    assert desk.records.read("SELECT COUNT(*) FROM sessions")[0][0] == 1   # nothing more was started
    assert right_needed(3) == 2 and right_needed(5) == 4


def test_a_guest_has_no_path_and_another_trainees_path_is_the_managers_to_see(workstation):
    desk = workstation
    check(desk, "baccarat.table_2", [True, True, True])
    desk.add_trainee("Tama")
    desk.choose_trainee("Tama")
    assert desk.trainee_path().game("baccarat").lessons_done == 0
    with pytest.raises(ManagerRoleRequired):
        desk.trainee_path("Aroha")
    desk.unlock_manager(PIN, MANAGER)
    assert desk.trainee_path("aroha").game("baccarat").lessons_done == 1
    desk.choose_guest()
    assert desk.trainee_path() is None
