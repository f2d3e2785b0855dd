"""What the server itself refuses, whatever client connects: a desk's login with psql, and the owner."""
from __future__ import annotations

import pytest
from room_helpers import make_answer

DRILL = "baccarat.table_of_play"


@pytest.fixture
def recorded(room, open_room):
    records = open_room(room.desk_a)
    records.create_trainee("Aroha")
    session = records.issue_test("Aroha", DRILL).session_uuid
    records.record_answer(session, make_answer(DRILL, "wrong", False))
    records.finish_session(session)
    return records, session


@pytest.mark.parametrize("statement", [
    "UPDATE dealerdrill.answers SET correct = 1",
    "DELETE FROM dealerdrill.answers",
    "TRUNCATE dealerdrill.answers",
    "INSERT INTO dealerdrill.signoffs (session_id, manager, signed_at) VALUES (1, 'Mere', 'now')",
    "UPDATE dealerdrill.sessions SET finished_at = NULL",
    "DELETE FROM dealerdrill.ledger",
    "SELECT dealerdrill.dd_sign_off(s.uuid, 'Mere', 'now', '', '', '{}', NULL, NULL, NULL) FROM dealerdrill.sessions s",
    "SELECT dealerdrill.dd_set_target(1, 'x', 1, 1, 1, 1, 'Mere', 'now', '{}', NULL, 'k', NULL, 2)",
    "SELECT dealerdrill.dd_insert_answer('x', 1, 2, 'f', '{}', '1', 'e', 'g', 1, NULL, '', 1, 0, 'now')",
    "SELECT dealerdrill.dd_append('signoff', 'x', '{}', NULL, NULL, NULL)",
    "ALTER TABLE dealerdrill.answers DISABLE TRIGGER answers_are_permanent_update",
])
def test_a_desk_login_cannot_rewrite_or_sign_anything_with_psql(room, recorded, statement):
    result = room.psql(statement, user="desk_a")
    assert result.returncode != 0
    assert "permission denied" in result.stderr or "must be owner" in result.stderr
    records, session = recorded
    summary = records.session(session)
    assert (summary.correct, summary.signed_by) == (0, None)
    assert records.verify() == []


@pytest.mark.parametrize("statement, refusal", [
    ("UPDATE dealerdrill.answers SET correct = 1", "recorded answers cannot be changed"),
    ("DELETE FROM dealerdrill.answers", "recorded answers cannot be deleted"),
    ("TRUNCATE dealerdrill.answers CASCADE", "cannot be deleted"),
    ("UPDATE dealerdrill.audit SET actor = 'someone else'", "the audit log cannot be changed"),
    ("UPDATE dealerdrill.sessions SET finished_at = NULL", "a finished session cannot be changed"),
])
def test_even_the_databases_owner_is_refused_by_the_triggers(room, recorded, statement, refusal):
    result = room.psql(statement)
    assert result.returncode != 0 and refusal in result.stderr
    assert recorded[0].verify() == []


def test_a_desk_cannot_add_answers_to_another_desks_session(room, recorded, open_room):
    records, _ = recorded
    session = records.start_session("Aroha", DRILL, "practice", {})
    result = room.psql(f"SELECT dealerdrill.dd_record_answer('{session}', 'forged', 'f', '{{}}', '1', 'e', 'g', 1, "
                       f"NULL, '', 1.0, 0, '2026-03-02T09:00:00.000000Z', NULL, NULL)", user="desk_b")
    assert result.returncode != 0 and "was started by desk_a, not by desk_b" in result.stderr


def test_a_trigger_switched_off_by_the_owner_shows_in_verification(room, recorded):
    assert room.psql("ALTER TABLE dealerdrill.answers DISABLE TRIGGER answers_are_permanent_update").returncode == 0
    assert room.psql("UPDATE dealerdrill.answers SET correct = 1").returncode == 0
    problems = [str(p) for p in recorded[0].verify()]
    assert any("answers_are_permanent_update" in p and "missing" in p for p in problems)
    assert any("hash does not match" in p for p in problems)
