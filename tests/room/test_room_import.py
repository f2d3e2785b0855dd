"""`dealerdrill import` into the training room: the one-pass import with the rules of any import (issue 13's
checks on a real PostgreSQL server): a signed file from a key the room trusts keeps its grades, any other is
graded again by the engine; refused sessions leave nothing behind; answers and sessions already in the room
are not added twice; a file's finish of a session the room holds running is taken; a chunk at a time."""
from __future__ import annotations

import hashlib
import json

import pytest
from room_helpers import owner_adds_manager

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target
from dealerdrill.records import chain, transfer

PIN, MANAGER, OTHER = "24681357", "Mere Smith", "Ana Other"
DRILL = "baccarat.table_of_play"
TARGET = Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.9)


@pytest.fixture
def room_desk(room, tmp_path, clock):
    """A desk on desk_a's login whose manager unlocks with their own login (manager_mere), unlocked."""
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "data" / "room-outbox.sqlite3", manager_url=room.manager)
    with Desk(records, save_settings=False) as desk:
        owner_adds_manager(room.owner, desk.role.pin_path, MANAGER, PIN)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        desk.set_target(DRILL, TARGET)
        yield desk


@pytest.fixture
def workstation(tmp_path, clock):
    """Workstation A on its own file, its manager (Ana Other) unlocked, on the room's clock."""
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import Records

    records = Records(tmp_path / "a" / "records.sqlite3", catalog=DRILL_CATALOG, clock=clock)
    with Desk(records, save_settings=False) as desk:
        desk.set_first_pin(OTHER, PIN, PIN)
        desk.set_target(DRILL, TARGET)
        yield desk


@pytest.fixture
def engine_calls(monkeypatch):
    """The drill of each answer the engine grades again in imports."""
    from dealerdrill.drills import regrade

    calls = []
    original = regrade.Regrader.__call__

    def counted(self, *arguments):
        calls.append(arguments[0])
        return original(self, *arguments)

    monkeypatch.setattr(regrade.Regrader, "__call__", counted)
    return calls


def play(desk, trainee, mode, outcomes, seed=7, finish=True):
    from real_answers import play_for_real

    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    return play_for_real(desk.records, trainee, mode, outcomes, seed=seed, finish=finish)


def lines_of(path) -> list[dict]:
    return [json.loads(raw) for raw in path.read_bytes().splitlines()]


def written(path, values: list[dict], signer=None):
    """The lines written as dump_records writes them, the end line's digest made right for them, and signed
    with `signer` when given (what someone holding that key could do)."""
    raw = [(json.dumps(v, ensure_ascii=False, separators=(",", ":")) + "\n").encode() for v in values[:-1]]
    end = dict(values[-1]["end"])
    end["lines_sha256"] = hashlib.sha256(b"".join(raw)).hexdigest()
    end.pop("key", None), end.pop("signature", None)
    if signer is not None:
        statement = transfer.file_statement(values[0], end["sessions"], end["answers"], end["lines_sha256"],
                                            signer.fingerprint)
        end.pop("unsigned", None)
        end["key"], end["signature"] = signer.fingerprint, signer.sign(chain.event_content(statement).encode()).hex()
    else:
        end["unsigned"] = "edited by a test"
    raw.append((json.dumps({"end": end}, separators=(",", ":")) + "\n").encode())
    path.write_bytes(b"".join(raw))
    return path


def room_answers(room) -> int:
    return int(room.psql("SELECT count(*) FROM dealerdrill.answers").stdout.split()[2])


def test_a_file_signed_by_a_key_the_room_trusts_keeps_its_grades_and_its_sign_off(room, room_desk, workstation,
                                                                                tmp_path, engine_calls):
    a = workstation
    attempt = play(a, "Aroha", Mode.TEST, [True, False] * 10)
    play(a, "Aroha", Mode.PRACTICE, [True, True, False], seed=3)
    a.sign_off(attempt, "watched on table 2", reason="a second try is booked", confirmed=True)
    path = a.export("json", tmp_path / "a.json")[0]
    assert a.records_file_seal(path).signed
    room_desk.trust_manager_key(a.role.key.public.raw, OTHER)
    result = room_desk.import_records(path)
    assert (result.trainees_added, result.sessions_added, result.answers_added, result.signoffs_added) == (1, 2, 23, 1)
    assert result.refused == () and engine_calls == [] and result.answers_regraded == 0
    assert (result.signed_by, result.signed_by_key) == (OTHER, a.role.key.fingerprint)
    assert result.grading.startswith(f"grades taken from a file signed by {OTHER}")
    summary = room_desk.records.session(attempt)
    assert (summary.items, summary.correct, summary.signed_by) == (20, 10, OTHER)
    assert room_desk.verify() == []
    again = room_desk.import_records(path)
    assert (again.sessions_added, again.answers_added, again.answers_already_present, again.refused) == (0, 0, 23, ())
    assert room_answers(room) == 23


def test_a_signed_file_from_a_key_the_room_does_not_trust_is_graded_again(room, room_desk, workstation, tmp_path,
                                                                          engine_calls):
    a = workstation
    attempt = play(a, "Aroha", Mode.TEST, [True] * 20)
    a.sign_off(attempt, "watched")
    path = a.export("json", tmp_path / "a.json")[0]
    result = room_desk.import_records(path)
    assert (result.sessions_added, result.answers_added, result.answers_regraded) == (1, 20, 20)
    assert len(engine_calls) == 20 and result.signed_by is None
    assert "which this workstation does not trust" in result.grading
    assert result.signoffs_added == 0 and len(result.refused) == 1
    assert f"its sign-off by {OTHER} was not imported" in result.refused[0] and "does not trust" in result.refused[0]
    assert room_desk.records.session(attempt).signed_by is None
    assert room_desk.verify() == []


def test_refused_sessions_leave_nothing_in_the_room(room, room_desk, workstation, tmp_path, engine_calls):
    """A verdict changed in the file (graded again: the engine disagrees) and a test under another pass mark
    are refused whole, with the reason; the rest of the file comes in."""
    a = workstation
    forged = play(a, "Aroha", Mode.PRACTICE, [False, False, True], seed=4)
    test = play(a, "Aroha", Mode.TEST, [True] * 20, seed=5)
    kept = play(a, "Hemi", Mode.PRACTICE, [True, False], seed=6)
    values = lines_of(a.export("json", tmp_path / "a.json")[0])
    for value in values:
        if "answer" in value and value["answer"]["session"] == forged and not value["answer"]["correct"]:
            value["answer"]["correct"] = True
    room_desk.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.5))
    result = room_desk.import_records(written(tmp_path / "edited.json", values))
    assert (result.sessions_added, result.answers_added) == (1, 2)
    assert len(result.refused) == 2
    assert forged in result.refused[0] and "is marked right in the file, but the engine grades" in result.refused[0]
    assert test in result.refused[1] and "pass mark of 90% of 20 items" in result.refused[1]
    assert "this workstation's is 50% of 20" in result.refused[1]
    assert [s.uuid for s in room_desk.records.sessions()] == [kept]
    assert room_answers(room) == 2 and room_desk.verify() == []


def test_answers_and_sessions_already_in_the_room_are_not_added_again(room, room_desk, workstation, tmp_path,
                                                                      engine_calls):
    a = workstation
    first = play(a, "Aroha", Mode.PRACTICE, [True, False, True], seed=4)
    room_desk.import_records(a.export("json", tmp_path / "first.json")[0])
    second = play(a, "Aroha", Mode.PRACTICE, [True, True], seed=5)
    values = lines_of(a.export("json", tmp_path / "both.json")[0])
    first_answers = [v["answer"]["uuid"] for v in values if "answer" in v and v["answer"]["session"] == first]
    for value in values:                    # the second session claims an answer the room holds in the first
        if "answer" in value and value["answer"]["session"] == second and value["answer"]["seq"] == 2:
            value["answer"]["uuid"] = first_answers[0]
    calls_before = len(engine_calls)
    result = room_desk.import_records(written(tmp_path / "taken.json", values))
    assert (result.sessions_added, result.answers_added, result.answers_already_present) == (0, 0, 3)
    assert len(result.refused) == 1 and second in result.refused[0]
    assert "some of its answers are already here in another session" in result.refused[0]
    assert len(engine_calls) == calls_before          # found before the engine was asked
    # Signed by a key the room trusts, the same file is checked when the chunk is written, to the same end.
    room_desk.trust_manager_key(a.role.key.public.raw, OTHER)
    signed = room_desk.import_records(written(tmp_path / "taken-signed.json", values, a.role.key))
    assert signed.signed_by == OTHER and (signed.sessions_added, signed.answers_added) == (0, 0)
    assert len(signed.refused) == 1 and "some of its answers are already here in another session" in signed.refused[0]
    # The first session with other answers than the room's is never changed.
    values = lines_of(a.export("json", tmp_path / "again.json")[0])
    for value in values:
        if "answer" in value and value["answer"]["session"] == first and value["answer"]["seq"] == 3:
            value["answer"]["uuid"] = "a-new-answer-id"
    changed = room_desk.import_records(written(tmp_path / "changed.json", values, a.role.key))
    assert (changed.sessions_added, changed.answers_added, changed.answers_already_present) == (1, 2, 0)
    assert len(changed.refused) == 1 and first in changed.refused[0]
    assert "already hold this session with other answers" in changed.refused[0]
    assert room_answers(room) == 5 and room_desk.verify() == []


def test_answer_ids_repeated_across_sessions_of_one_chunk_refuse_the_later_session(room, room_desk, workstation,
                                                                                   tmp_path):
    a = workstation
    aroha = play(a, "Aroha", Mode.TEST, [True] * 20, seed=8)
    play(a, "Hemi", Mode.TEST, [True] * 20, seed=9)
    values = lines_of(a.export("json", tmp_path / "two.json")[0])
    answers = [v["answer"] for v in values if "answer" in v]
    next(x for x in answers if x["session"] != aroha)["uuid"] = answers[0]["uuid"]
    room_desk.trust_manager_key(a.role.key.public.raw, OTHER)
    result = room_desk.import_records(written(tmp_path / "repeated.json", values, a.role.key))
    assert (result.sessions_added, result.answers_added) == (1, 20)
    assert len(result.refused) == 1 and "some of its answers are already here in another session" in result.refused[0]
    assert room_answers(room) == 20 and room_desk.verify() == []


def test_a_session_the_room_holds_running_gets_its_finish_from_the_file(room, room_desk, workstation, tmp_path):
    a = workstation
    running = play(a, "Aroha", Mode.PRACTICE, [True, False], seed=4, finish=False)
    result = room_desk.import_records(a.export("json", tmp_path / "running.json")[0])
    assert result.sessions_added == 1 and room_desk.records.session(running).finished_at is None
    a.records.finish_session(running)
    again = room_desk.import_records(a.export("json", tmp_path / "finished.json")[0])
    assert (again.sessions_added, again.answers_added, again.answers_already_present, again.refused) == (0, 0, 2, ())
    assert room_desk.records.session(running).finished_at == a.records.session(running).finished_at
    assert room_desk.verify() == []


def test_many_chunks_and_batches_come_in_as_one_import(room, room_desk, workstation, tmp_path, monkeypatch):
    """Chunks of a few answers and server questions of a few UUIDs: every path through the batching."""
    a = workstation
    sessions = [play(a, name, Mode.PRACTICE, [True, False, True, True, False][:n], seed=n)
                for n, name in enumerate(["Aroha", "Hemi", "Kiri", "Aroha", "Hemi"], start=1)]
    path = a.export("json", tmp_path / "many.json")[0]
    room_desk.trust_manager_key(a.role.key.public.raw, OTHER)
    monkeypatch.setattr(transfer, "CHUNK_ANSWERS", 3)
    monkeypatch.setattr(transfer, "_ROOM_BATCH", 2)
    result = room_desk.import_records(path)
    assert (result.trainees_added, result.sessions_added, result.answers_added, result.refused) == (3, 5, 15, ())
    assert sorted(s.uuid for s in room_desk.records.sessions()) == sorted(sessions)
    assert [(s.uuid, s.items, s.correct) for s in room_desk.records.sessions()] == \
           [(s.uuid, s.items, s.correct) for s in a.records.sessions()]
    again = room_desk.import_records(path)
    assert (again.sessions_added, again.answers_already_present, again.refused) == (0, 15, ())
    assert room_desk.verify() == []


def test_sessions_of_a_trainee_archived_in_the_room_are_refused_by_name_and_the_import_goes_on(
        room, room_desk, workstation, tmp_path):
    """The server starts no session for an archived profile; the import refuses such sessions by name (as a
    file's import does) instead of stopping at the chunk that holds one, and takes them once restored."""
    a = workstation
    archived = play(a, "Aroha", Mode.TEST, [True, False] * 10)
    play(a, "Hemi", Mode.PRACTICE, [True, True, False], seed=3)
    path = a.export("json", tmp_path / "a.json")[0]
    room_desk.trust_manager_key(a.role.key.public.raw, OTHER)
    room_desk.add_trainee("Aroha")
    room_desk.archive_trainee("Aroha")
    result = room_desk.import_records(path)
    assert (result.sessions_added, result.answers_added) == (1, 3)
    [refusal] = result.refused
    assert refusal.startswith(f"session {archived} (Aroha,") and "Aroha's profile is archived here" in refusal
    room_desk.restore_trainee("Aroha")
    again = room_desk.import_records(path)
    assert (again.sessions_added, again.answers_added, again.answers_already_present, again.refused) == (1, 20, 3, ())
    assert room_desk.records.session(archived).correct == 10
    assert room_desk.verify() == []
    assert room_answers(room) == 23
