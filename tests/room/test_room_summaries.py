"""The server's own summaries for the manager's roster (room_schema._V7: session_totals, pair_totals,
latest_answers): kept right by the server's trigger while answers arrive, in whatever order, and written by
nobody else."""
from __future__ import annotations

from collections import defaultdict

import pytest
from room_helpers import make_answer

from dealerdrill.records.room_schema import LATEST_ANSWERS_KEPT, ROOM_SUMMARIES_FILL

DRILL, OTHER = "baccarat.table_of_play", "baccarat.commission"


def _expected(records) -> tuple[dict, dict, dict]:
    """The three summaries worked out in Python from the stored answers themselves."""
    rows = records.read("SELECT s.trainee_id, s.drill, s.game, s.started_at, s.id, a.seq, a.id, a.correct, a.seconds, "
                        "a.answered_at FROM answers a JOIN sessions s ON s.id = a.session_id")
    sessions: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    pairs: dict[tuple, list] = {}
    latest: dict[tuple, list] = defaultdict(list)
    for trainee, drill, game, started, session, seq, answer, correct, seconds, answered_at in rows:
        sessions[session][0] += 1
        sessions[session][1] += correct
        entry = pairs.setdefault((trainee, drill, game), [0, 0, answered_at])
        entry[0] += 1
        entry[1] += correct
        entry[2] = max(entry[2], answered_at)
        latest[(trainee, drill)].append((started, session, seq, answer, correct, seconds))
    kept = {pair: sorted(answers, reverse=True)[:LATEST_ANSWERS_KEPT] for pair, answers in latest.items()}
    return ({k: tuple(v) for k, v in sessions.items()}, {k: tuple(v) for k, v in pairs.items()},
            {pair: sorted(answers) for pair, answers in kept.items()})


def _stored(records) -> tuple[dict, dict, dict]:
    latest: dict[tuple, list] = defaultdict(list)
    for trainee, drill, *answer in records.read("SELECT trainee_id, drill, started_at, session_id, seq, answer_id, "
                                                "correct, seconds FROM latest_answers"):
        latest[(trainee, drill)].append(tuple(answer))
    return ({session: (answered, correct) for session, answered, correct in
             records.read("SELECT session_id, answered, correct FROM session_totals")},
            {(trainee, drill, game): (answered, correct, last) for trainee, drill, game, answered, correct, last in
             records.read("SELECT trainee_id, drill, game, answered, correct, last_at FROM pair_totals")},
            {pair: sorted(answers) for pair, answers in latest.items()})


def test_the_summaries_follow_every_answer_whatever_order_the_answers_arrive_in(room, open_room):
    desk, other_desk = open_room(room.desk_a, "desk a"), open_room(room.desk_b, "desk b")
    desk.create_trainee("Aroha")
    desk.create_trainee("Hemi")
    # Two sessions of one drill open at once: answers for the older one, which readiness counts as older,
    # keep arriving after the newer one's, and more than LATEST_ANSWERS_KEPT in all.
    older = desk.start_session("Aroha", DRILL, "practice", {})
    newer = desk.start_session("Aroha", DRILL, "timed", {})
    elsewhere = other_desk.start_session("Hemi", OTHER, "timed", {})
    for number in range(LATEST_ANSWERS_KEPT + 15):
        desk.record_answer(newer if number % 3 == 0 else older,
                           make_answer(DRILL, f"f{number}", number % 4 != 0, 1.0 + number % 7 / 4))
        other_desk.record_answer(elsewhere, make_answer(OTHER, f"g{number}", number % 2 == 0, 2.0 + number / 8))
        if number % 16 == 0 or number == LATEST_ANSWERS_KEPT:
            assert _stored(desk) == _expected(desk)
    desk.finish_session(older)
    late = desk.start_session("Aroha", DRILL, "practice", {})
    desk.record_answer(late, make_answer(DRILL, "late", False, 9.5))
    assert _stored(desk) == _expected(desk)
    stored_latest = _stored(desk)[2]
    assert len(stored_latest[(1, DRILL)]) == LATEST_ANSWERS_KEPT
    assert max(stored_latest[(1, DRILL)])[5] == 9.5          # the newest session's answer is among them


def test_the_roster_from_the_summaries_is_the_roster_counted_from_the_answers(room, open_room):
    """Unnarrowed, the roster reads the summaries; narrowed to a mode it counts the answers themselves (the
    path every roster took before): the same readiness where both apply."""
    from dealerdrill.records import RecordFilter

    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    for mode, answers in (("practice", 70), ("practice", 20)):
        session = desk.start_session("Aroha", DRILL, mode, {})
        for number in range(answers):
            desk.record_answer(session, make_answer(DRILL, f"f{number}", number % 5 != 0, 1.5 + (number * 7) % 11))
        desk.finish_session(session)
    [summarised] = desk.roster()
    [counted] = desk.roster(RecordFilter(mode="practice"))
    assert summarised.answered == counted.answered == 90
    assert summarised.games == counted.games
    readiness = {d.drill: d for d in summarised.games["baccarat"].drills}[DRILL]
    assert readiness.answered == 50


def test_filling_the_summaries_again_gives_what_the_trigger_kept(room, open_room):
    """The SQL that fills them when a room is upgraded to version 7 (and the benchmark's generator) agrees with
    the trigger that keeps them."""
    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    session = desk.start_session("Aroha", DRILL, "practice", {})
    for number in range(LATEST_ANSWERS_KEPT + 5):
        desk.record_answer(session, make_answer(DRILL, f"f{number}", number % 3 != 0, 1.0 + number / 10))
    kept = _stored(desk)
    refill = room.psql("SET search_path = dealerdrill; BEGIN; DELETE FROM session_totals; DELETE FROM pair_totals; "
                       f"DELETE FROM latest_answers; {ROOM_SUMMARIES_FILL} COMMIT;")
    assert refill.returncode == 0, refill.stderr
    assert _stored(desk) == kept == _expected(desk)


def test_a_room_upgraded_to_version_7_fills_its_summaries_from_the_answers_it_holds(room, open_room):
    """A room at version 6 with answers (made here by taking version 7's objects, and version 9's table, away again)
    upgraded by `room setup`: the summaries hold what the answers say, and the trigger goes on from there."""
    from dealerdrill.records import room_setup

    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    session = desk.start_session("Aroha", DRILL, "practice", {})
    for number in range(LATEST_ANSWERS_KEPT + 7):
        desk.record_answer(session, make_answer(DRILL, f"f{number}", number % 3 != 0, 1.0 + number % 9))
    expected = _expected(desk)
    back = room.psql("SET search_path = dealerdrill; BEGIN; DROP TRIGGER answers_feed_room_summaries ON answers; "
                     "DROP FUNCTION dd_feed_room_summaries(); DROP TABLE session_totals, pair_totals, latest_answers; "
                     "DROP TABLE test_secrets, test_issues, test_stock_withdrawn, test_stock; "  # versions 9-11
                     "UPDATE schema_version SET version = 6; COMMIT;")
    assert back.returncode == 0, back.stderr
    assert room_setup.setup(room.owner) == (6, room_setup.SCHEMA_VERSION)
    assert _stored(desk) == expected
    desk.record_answer(session, make_answer(DRILL, "after", True, 0.5))
    assert _stored(desk) == _expected(desk)


@pytest.mark.parametrize("statement", [
    "INSERT INTO dealerdrill.session_totals VALUES (1, 99, 99)",
    "UPDATE dealerdrill.session_totals SET correct = answered",
    "DELETE FROM dealerdrill.session_totals",
    "INSERT INTO dealerdrill.pair_totals VALUES (1, 'baccarat.table_of_play', 'baccarat', 99, 99, 'now')",
    "UPDATE dealerdrill.pair_totals SET correct = answered",
    "DELETE FROM dealerdrill.pair_totals",
    "INSERT INTO dealerdrill.latest_answers VALUES (1, 'baccarat.table_of_play', 'z', 1, 99, 99, 1, 0.5)",
    "UPDATE dealerdrill.latest_answers SET correct = 1",
    "DELETE FROM dealerdrill.latest_answers",
    "TRUNCATE dealerdrill.latest_answers",
    "ALTER TABLE dealerdrill.answers DISABLE TRIGGER answers_feed_room_summaries",
])
def test_a_desk_login_cannot_write_the_summaries(room, open_room, statement):
    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    session = desk.issue_test("Aroha", DRILL).session_uuid
    desk.record_answer(session, make_answer(DRILL, "wrong", False))
    before = _stored(desk)
    result = room.psql(statement, user="desk_a")
    assert result.returncode != 0
    assert "permission denied" in result.stderr or "must be owner" in result.stderr
    assert _stored(desk) == before == _expected(desk)


@pytest.mark.parametrize(("statement", "named"), [
    ("UPDATE session_totals SET correct = answered WHERE session_id = 1", "session_totals of session row 1"),
    ("DELETE FROM session_totals WHERE session_id = 2", "session_totals of session row 2"),
    ("INSERT INTO session_totals VALUES (77, 3, 3)", "session_totals of session row 77"),
    ("UPDATE pair_totals SET last_at = '2030-01-01T00:00:00.000000Z' WHERE drill = 'baccarat.commission'",
     "pair_totals of trainee row 2, drill baccarat.commission (baccarat)"),
    ("UPDATE pair_totals SET answered = answered + 1 WHERE trainee_id = 1",
     f"pair_totals of trainee row 1, drill {DRILL} (baccarat)"),
    ("UPDATE latest_answers SET correct = 1 - correct WHERE answer_id = (SELECT max(answer_id) FROM latest_answers "
     "WHERE trainee_id = 1)", f"latest_answers of trainee row 1, drill {DRILL}"),
    ("DELETE FROM latest_answers WHERE trainee_id = 2", "latest_answers of trainee row 2, drill baccarat.commission"),
])
def test_verify_names_a_server_summary_that_no_longer_says_what_the_answers_say(room, open_room, statement, named):
    """Only the database's owner can write the summaries (desks and managers read them), but a manager signs on
    what the roster shows: verification compares each summary with the answers and names the row."""
    desk = open_room(room.desk_a)
    desk.create_trainee("Aroha")
    desk.create_trainee("Hemi")
    first = desk.start_session("Aroha", DRILL, "timed", {})
    second = desk.start_session("Hemi", OTHER, "practice", {})
    for number in range(LATEST_ANSWERS_KEPT + 3):
        desk.record_answer(first, make_answer(DRILL, f"f{number}", number % 3 != 0, 1.0 + number % 5))
        if number < 6:
            desk.record_answer(second, make_answer(OTHER, f"g{number}", number % 2 == 0, 2.0))
    assert desk.verify() == []
    result = room.psql(f"SET search_path = dealerdrill; {statement}")
    assert result.returncode == 0, result.stderr
    problems = [(p.where, p.what) for p in desk.verify()]
    assert [where for where, _ in problems] == [named]
    assert "the summary table was changed" in problems[0][1]
