"""Signed records files (issue 11 with issue 13's import): a file a manager exports carries a SHA-256 of its
lines and an Ed25519 signature in its end line; a workstation that trusts the key takes its grades without
the engine, every other file is graded again. Each attack a trainee who can edit files might try falls back
to grading by the engine, or is refused whole."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import UTC

import pytest
from answer_edits import QUICK_EDITS
from certified_desk import DRILL, MANAGER, PIN, take_test, workstation

from dealerdrill.domain import Mode, Target
from dealerdrill.records import chain, transfer


@pytest.fixture
def room(tmp_path):
    """Workstation A, where Aroha failed a test 10/20 (exported signed by A's manager); workstation B, whose
    manager trusts A's key; workstation C, which trusts no other key."""
    a, b, c = (workstation(tmp_path / name / "records.sqlite3") for name in "abc")
    attempt = take_test(a, "Aroha", [True, False] * 10)
    a.unlock_manager(PIN, MANAGER)
    path = a.export("json", tmp_path / "a.json")[0]
    b.unlock_manager(PIN, MANAGER)
    b.trust_manager_key(a.role.key.public.raw, MANAGER)
    c.unlock_manager(PIN, MANAGER)
    yield a, b, c, attempt, path
    for desk in (a, b, c):
        desk.close()


@pytest.fixture
def engine_calls(monkeypatch):
    """How many answers the engine grades again in imports."""
    from dealerdrill.drills import regrade

    calls = []
    original = regrade.Regrader.__call__

    def counted(self, *arguments):
        calls.append(arguments[0])
        return original(self, *arguments)

    monkeypatch.setattr(regrade.Regrader, "__call__", counted)
    return calls


# ------------------------------------------------------------------------------------------ editing raw lines

def raw_lines(path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def line_bytes(value: dict) -> bytes:
    """A line as dump_records writes it."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def end_of(lines: list[bytes]) -> dict:
    return json.loads(lines[-1])["end"]


def write(path, lines: list[bytes]):
    path.write_bytes(b"".join(lines))
    return path


def resealed(lines: list[bytes], signer=None) -> list[bytes]:
    """The lines with the end line's digest made right again for the lines before it (what an attacker who
    knows the format can do), and signed with `signer` when given (an attacker's own key)."""
    lines = list(lines)
    end = end_of(lines)
    end["lines_sha256"] = hashlib.sha256(b"".join(lines[:-1])).hexdigest()
    if signer is not None:
        header = json.loads(lines[0])
        statement = transfer.file_statement(header, end["sessions"], end["answers"], end["lines_sha256"],
                                            signer.fingerprint)
        end.pop("unsigned", None)
        end["key"], end["signature"] = signer.fingerprint, signer.sign(chain.event_content(statement).encode()).hex()
    lines[-1] = line_bytes({"end": end})
    return lines


def flip_every_verdict(lines: list[bytes]) -> list[bytes]:
    out = []
    for raw in lines:
        value = json.loads(raw)
        if "answer" in value:
            value["answer"]["correct"] = True
            raw = line_bytes(value)
        out.append(raw)
    return out


def import_into(desk, path):
    desk.unlock_manager(PIN, MANAGER)
    return desk.import_records(path)


def nothing_taken(desk) -> bool:
    return desk.records.answers() == []


# ------------------------------------------------------------------------------------------ export: the seal

def test_export_by_a_manager_signs_the_file_over_a_digest_of_its_lines(room):
    a, _b, _c, _attempt, path = room
    lines = raw_lines(path)
    end = end_of(lines)
    assert json.loads(lines[0])["version"] == transfer.FORMAT_VERSION == 3
    assert end["lines_sha256"] == hashlib.sha256(b"".join(lines[:-1])).hexdigest()
    assert end["key"] == a.role.key.fingerprint and "unsigned" not in end
    statement = transfer.file_statement(json.loads(lines[0]), end["sessions"], end["answers"], end["lines_sha256"],
                                        end["key"])
    assert statement["kind"] == "dealerdrill-records-file" and statement["workstation"] == a.records.workstation
    assert chain.signature_is_valid(a.role.key.public.raw, bytes.fromhex(end["signature"]),
                                    chain.event_content(statement).encode())
    seal = a.records_file_seal(path)
    assert seal.signed and seal.signed_by_key == a.role.key.fingerprint and seal.manager == MANAGER
    assert f"signed with {MANAGER}'s key {a.role.key.fingerprint}" in str(seal)


def test_export_without_a_manager_key_is_unsigned_and_says_so(room, tmp_path):
    a, _b, _c, _attempt, _path = room
    plain = transfer.dump_records(a.records, tmp_path / "plain.json")
    end = end_of(raw_lines(plain))
    assert "key" not in end and "signature" not in end and "without a manager's key" in end["unsigned"]
    seal = transfer.records_file_seal(plain)
    assert not seal.signed and str(seal).startswith("NOT signed (it was exported without a manager's key)")


def _tamper(path, sql: str) -> None:
    """Change the records behind the program's back: the permanence trigger dropped for the edit and put back."""
    with sqlite3.connect(path) as db:
        trigger = db.execute("SELECT sql FROM sqlite_master WHERE name = 'answers_are_permanent_update'").fetchone()[0]
        db.executescript(f"DROP TRIGGER answers_are_permanent_update; {sql}; {trigger};")


def test_export_of_an_answer_changed_behind_the_programs_back_is_unsigned_naming_it(room, tmp_path, engine_calls):
    """The laundering attack: the records at A are edited (a wrong answer made right), then a manager exports.
    The file must not carry A's signature, so B, which trusts A, grades it again and refuses it."""
    a, b, _c, _attempt, _ = room
    target = a.records.read("SELECT a.uuid FROM answers a WHERE a.correct = 0 ORDER BY a.id LIMIT 1")[0][0]
    _tamper(a.records.path, f"UPDATE answers SET correct = 1 WHERE uuid = '{target}'")
    laundered = a.export("json", tmp_path / "laundered.json")[0]
    end = end_of(raw_lines(laundered))
    assert "signature" not in end
    assert target in end["unsigned"] and "does not match the answers chain" in end["unsigned"]
    seal = a.records_file_seal(laundered)
    assert not seal.signed and target in str(seal) and "grades every answer again" in str(seal)
    result = import_into(b, laundered)
    assert result.sessions_added == 0 and result.signed_by is None
    assert "graded again by the engine" in result.grading and "the file is not signed" in result.grading
    assert "is marked right in the file, but the engine grades the stored answer wrong" in result.refused[0]
    assert engine_calls and nothing_taken(b)


def test_export_of_answers_rewritten_with_their_chain_recomputed_is_unsigned(room, tmp_path):
    """A cleverer edit: the answer changed and every later hash recomputed, so each link checks out. The
    ledger's record of the answers chain no longer agrees, and the file goes out unsigned."""
    a, _b, _c, _attempt, _ = room
    with sqlite3.connect(a.records.path) as db:
        trigger = db.execute("SELECT sql FROM sqlite_master WHERE name = 'answers_are_permanent_update'").fetchone()[0]
        db.execute("DROP TRIGGER answers_are_permanent_update")
        wrong = db.execute("SELECT id FROM answers WHERE correct = 0 ORDER BY id LIMIT 1").fetchone()[0]
        db.execute("UPDATE answers SET correct = 1 WHERE id = ?", (wrong,))
        previous = chain.NO_HASH
        contents = db.execute(f"SELECT id, {chain.ANSWER_CONTENT_SQL} FROM answers ORDER BY id").fetchall()
        for answer_id, content in contents:
            previous = chain.link(previous, content)
            db.execute("UPDATE answers SET chain_hash = ? WHERE id = ?", (previous, answer_id))
        db.execute(trigger)
    relinked = a.export("json", tmp_path / "relinked.json")[0]
    end = end_of(raw_lines(relinked))
    assert "signature" not in end and "no longer agrees with ledger entry" in end["unsigned"]


# ------------------------------------------------------------------------------------------ import: trusted or not

def test_import_of_a_file_signed_by_a_trusted_key_takes_its_grades_without_the_engine(room, engine_calls):
    a, b, _c, attempt, path = room
    result = import_into(b, path)
    assert (result.sessions_added, result.answers_added, result.refused) == (1, 20, ())
    assert engine_calls == [] and result.answers_regraded == 0
    assert (result.signed_by, result.signed_by_key) == (MANAGER, a.role.key.fingerprint)
    assert result.grading.startswith(f"grades taken from a file signed by {MANAGER} ({a.role.key.fingerprint})")
    summary = b.records.session(attempt.uuid)
    assert (summary.correct, summary.items) == (10, 20)
    assert b.verify() == []


def test_import_refuses_the_sessions_of_a_profile_archived_here_by_name_and_takes_them_once_restored(room):
    """An archived profile gets no new sessions, from a desk or an import (the training room's server refuses
    them too): each of its sessions is refused with what to do, the rest of the file comes in."""
    a, b, _c, attempt, path = room
    take_test(a, "Hemi", [True] * 20)
    a.unlock_manager(PIN, MANAGER)
    path = a.export("json", path)[0]
    b.unlock_manager(PIN, MANAGER)
    b.add_trainee("Aroha")
    b.archive_trainee("Aroha")
    result = import_into(b, path)
    assert (result.sessions_added, result.answers_added) == (1, 20)
    [refusal] = result.refused
    assert refusal.startswith(f"session {attempt.uuid} (Aroha,") and "Aroha's profile is archived here" in refusal
    assert "Restore trainee" in refusal
    b.restore_trainee("Aroha")
    again = import_into(b, path)
    assert (again.sessions_added, again.answers_added, again.answers_already_present, again.refused) == (1, 20, 20, ())
    assert b.records.session(attempt.uuid).correct == 10
    assert b.verify() == []


def test_import_of_a_signed_file_from_an_untrusted_key_is_graded_again(room, engine_calls):
    _a, _b, c, _attempt, path = room
    result = import_into(c, path)
    assert result.answers_added == 20 and len(engine_calls) == 20 and result.answers_regraded == 20
    assert result.signed_by is None and result.grading.startswith("graded again by the engine: 20 answers")
    assert "which this workstation does not trust" in result.grading


def test_import_of_a_version_2_file_is_graded_again(room, tmp_path, engine_calls):
    """Files written before the seal still come in, always through the engine."""
    _a, b, _c, _attempt, path = room
    lines = raw_lines(path)
    header = json.loads(lines[0])
    header["version"] = 2
    end = end_of(lines)
    old = [(json.dumps(header) + "\n").encode(), *lines[1:-1],
           line_bytes({"end": {"sessions": end["sessions"], "answers": end["answers"]}})]
    result = import_into(b, write(tmp_path / "v2.json", old))
    assert result.answers_added == 20 and len(engine_calls) == 20
    assert "version 2, written before records files were signed" in result.grading


# ------------------------------------------------------------------------------------------ the attacks

def test_attack_editing_one_line_of_a_signed_file_falls_back_to_the_engine(room, tmp_path, engine_calls):
    _a, b, _c, _attempt, path = room
    forged = write(tmp_path / "forged.json", flip_every_verdict(raw_lines(path)))
    result = import_into(b, forged)
    assert result.signed_by is None and "changed after it was written" in result.grading
    assert result.sessions_added == 0 and "the engine grades the stored answer wrong" in result.refused[0]
    assert nothing_taken(b)


def test_attack_editing_a_line_and_fixing_the_digest_breaks_the_signature(room, tmp_path, engine_calls):
    _a, b, _c, _attempt, path = room
    forged = write(tmp_path / "forged.json", resealed(flip_every_verdict(raw_lines(path))))
    assert end_of(raw_lines(forged))["signature"] == end_of(raw_lines(path))["signature"]
    result = import_into(b, forged)
    assert result.signed_by is None and "signature is not valid for its lines" in result.grading
    assert result.sessions_added == 0 and nothing_taken(b)


def test_attack_moving_the_end_line_refuses_the_file_whole(room, tmp_path):
    _a, b, _c, _attempt, path = room
    lines = raw_lines(path)
    moved = lines[:3] + [lines[-1]] + lines[3:-1]
    with pytest.raises(ValueError) as refused:
        import_into(b, write(tmp_path / "moved.json", moved))
    # The session before it is cut off by it; were it whole, the lines after would be refused as following it.
    assert "not in the file whole" in str(refused.value) and "Nothing was imported" in str(refused.value)
    assert nothing_taken(b)


def test_attack_appending_after_the_end_line_refuses_the_file_whole(room, tmp_path):
    _a, b, _c, _attempt, path = room
    lines = raw_lines(path)
    extra = json.loads(lines[-2])        # one more copy of the last answer, after the seal
    appended = lines + [line_bytes(extra)]
    with pytest.raises(ValueError, match="follows the end line"):
        import_into(b, write(tmp_path / "appended.json", appended))
    assert nothing_taken(b)


def test_attack_reusing_the_signature_of_another_signed_file_falls_back_to_the_engine(room, tmp_path, engine_calls):
    """Hemi's honest, signed export lends its seal to Aroha's forged file (digest made right for the forgery)."""
    a, b, _c, _attempt, path = room
    take_test(a, "Hemi", [True] * 20, seed=8)
    a.unlock_manager(PIN, MANAGER)
    from dealerdrill.records import RecordFilter

    hemi = a.export("json", tmp_path / "hemi.json", RecordFilter(trainees=("Hemi",)))[0]
    borrowed = end_of(raw_lines(hemi))
    lines = resealed(flip_every_verdict(raw_lines(path)))
    end = end_of(lines)
    end["key"], end["signature"] = borrowed["key"], borrowed["signature"]
    lines[-1] = line_bytes({"end": end})
    result = import_into(b, write(tmp_path / "borrowed.json", lines))
    assert result.signed_by is None and "signature is not valid" in result.grading
    assert result.sessions_added == 0 and nothing_taken(b)


def test_attack_a_key_listed_in_the_file_itself_is_not_trusted(room, tmp_path, engine_calls):
    """The trainee makes a key of their own, lists it in the file under the manager's name, and signs the
    forged file with it: the file is consistent with itself, but only keys these records accept count."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from dealerdrill.desk.manager_key import ManagerKey

    _a, b, _c, _attempt, path = room
    own = ManagerKey(Ed25519PrivateKey.generate())
    lines = flip_every_verdict(raw_lines(path))
    lines.insert(1, line_bytes({"key": {"fingerprint": own.fingerprint, "public_key": own.public.raw.hex(),
                                        "manager": MANAGER}}))
    forged = write(tmp_path / "own-key.json", resealed(lines, signer=own))
    assert transfer.records_file_seal(forged).signed       # it claims a seal...
    result = import_into(b, forged)                          # ...which B does not take
    assert result.signed_by is None
    assert f"signed with {MANAGER}'s key {own.fingerprint}, which this workstation does not trust" in result.grading
    assert result.sessions_added == 0 and len(engine_calls) >= 1 and nothing_taken(b)


def test_attack_changing_the_header_of_a_signed_file_falls_back_to_the_engine(room, tmp_path, engine_calls):
    _a, b, _c, _attempt, path = room
    lines = raw_lines(path)
    header = json.loads(lines[0])
    header["workstation"] = "head office"
    lines[0] = (json.dumps(header, ensure_ascii=False) + "\n").encode()
    result = import_into(b, write(tmp_path / "renamed.json", resealed(lines)))
    assert result.signed_by is None and len(engine_calls) == 20


def test_trusted_path_keeps_the_structural_rules(room, tmp_path, engine_calls):
    """A trusted seal decides grades only: a test under another pass mark, a sign-off without its own valid
    signature and a session already here with other answers are still refused."""
    _a, b, _c, _attempt, path = room
    b.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.5))
    result = import_into(b, path)
    assert result.signed_by == MANAGER and result.sessions_added == 0 and engine_calls == []
    assert "pass mark of 90% of 20 items, and this workstation's is 50% of 20" in result.refused[0]


# ------------------------------------------------------------------------------------------ the one pass

def _good_answer_lines(path) -> list[tuple[dict, bytes]]:
    return [(json.loads(raw)["answer"], raw) for raw in raw_lines(path) if raw.startswith(b'{"answer"')]




@pytest.fixture(scope="module")
def written_answers(tmp_path_factory):
    """Answer lines of a records file as dump_records writes them (real drill answers)."""
    from real_answers import play_for_real

    from dealerdrill.records import Records

    folder = tmp_path_factory.mktemp("written")
    with Records(folder / "records.sqlite3") as records:
        records.create_trainee("Hemi")
        play_for_real(records, "Hemi", Mode.PRACTICE, [True, False, True])
        return _good_answer_lines(transfer.dump_records(records, folder / "hemi.json"))


@pytest.mark.parametrize("case", sorted(QUICK_EDITS))
def test_quick_checks_accept_only_what_the_exact_checks_accept_with_the_same_values(written_answers, case):
    """The one pass takes answer lines as Dealer Drill writes them through quick checks, anything else through
    the exact ones: quick may refuse more, never accept more, and gives the same values."""
    from datetime import datetime

    now = datetime.now(UTC)
    latest = transfer.to_text(now + transfer.timedelta(days=1))
    for record, _ in written_answers:
        # The line as it would reach the import: written like dump_records writes, or, for text that UTF-8
        # cannot carry (a lone surrogate), with JSON's \u escapes, which is the only way such text arrives.
        line = {"answer": QUICK_EDITS[case](dict(record))}
        try:
            raw = json.dumps(line, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except UnicodeEncodeError:
            raw = json.dumps(line, separators=(",", ":")).encode("utf-8")
        edited = json.loads(raw.decode("utf-8"))["answer"]
        started = "2026-01-01T00:00:00.000000Z"
        quick = transfer._quick_answer(edited, b"\\u" in raw, record["session"], started, latest, set(), 7, 2)
        try:
            exact = transfer._exact_answer(edited, "line 9 (answer)", now, started)
        except transfer._Bad:
            exact = None
        if quick is not None:
            assert quick[:2] == (7, 2) and quick[2:] == exact, raw
        if case == "as written":
            assert quick is not None and quick[2:] == exact


def test_the_file_is_read_once_and_a_file_changed_after_reading_changes_nothing(room, tmp_path, monkeypatch):
    """The rows merged are the rows checked: once the pass has read the file, writing over it (a forged file
    swapped in between the check and the merge) changes nothing that is imported."""
    _a, b, _c, attempt, path = room
    copy = write(tmp_path / "swapped.json", raw_lines(path))
    opened = []
    real_open, real_merge = transfer._open, transfer._Merge.run
    monkeypatch.setattr(transfer, "_open", lambda p: opened.append(p) or real_open(p))

    def swap_then_merge(self):
        write(copy, flip_every_verdict(raw_lines(path)))           # every verdict "right" now
        return real_merge(self)

    monkeypatch.setattr(transfer._Merge, "run", swap_then_merge)
    result = import_into(b, copy)
    assert opened == [copy] and result.answers_added == 20
    assert b.records.session(attempt.uuid).correct == 10            # what was read, not what is there now


def test_scratch_database_is_gone_after_an_import_and_after_a_refused_file(room, tmp_path):
    _a, b, _c, _attempt, path = room
    import_into(b, path)
    with pytest.raises(ValueError):
        import_into(b, write(tmp_path / "cut.json", raw_lines(path)[:-1]))
    assert "import_scratch" not in [row[1] for row in b.records.read("PRAGMA database_list")]


def test_record_count_cap_refuses_a_file_with_too_many_records_in_plain_words(room, tmp_path, monkeypatch):
    _a, b, _c, _attempt, path = room
    monkeypatch.setattr(transfer, "MAX_RECORDS", 10)
    with pytest.raises(ValueError) as refused:
        import_into(b, path)
    assert "more than 10 records (lines)" in str(refused.value) and "Nothing was imported" in str(refused.value)
    assert nothing_taken(b)


def test_bulk_insert_keeps_the_answers_chain_so_verify_agrees(room, tmp_path):
    """Answers stored by the import's one statement per chunk, and answers recorded after it one at a time,
    all check out; the values kept are the file's, types and all."""
    a, b, _c, _attempt, _path = room
    take_test(a, "Hemi", [True, False, True] * 5, seed=11)
    a.unlock_manager(PIN, MANAGER)
    both = a.export("json", tmp_path / "both.json")[0]
    result = import_into(b, both)
    assert result.answers_added == 35 and b.verify() == []
    take_test(b, "Hemi", [True] * 20, seed=12)                   # recorded one by one after the bulk insert
    assert b.verify() == []
    columns = ", ".join(transfer.PORTABLE_ANSWER_COLUMNS)
    ours = a.records.read(f"SELECT {columns} FROM answers ORDER BY uuid")
    theirs = b.records.read(f"SELECT {columns} FROM answers WHERE uuid IN (SELECT uuid FROM answers) ORDER BY uuid")
    assert [row for row in theirs if row[0] in {r[0] for r in ours}] == ours


def test_insert_answers_selected_refuses_rows_out_of_id_order(room):
    """The bulk sibling of insert_answer links rows in the order SQLite hands them over; rows coming in another
    order than their ids (here: the second id first) are refused, and nothing is stored."""
    from dealerdrill.records import RecordsError

    a, _b, _c, _attempt, _path = room
    records = a.records
    before = records.read("SELECT COUNT(*) FROM answers")[0][0]
    values = (":next_id + 1 - x.k", "'forged-' || x.k", "(SELECT MIN(id) FROM sessions)", "x.k + 1", "'family'",
              "'null'", "'null'", "'expected'", "'given'", "1", "NULL", "''", "1.0", "0",
              "'2026-01-01T00:00:00.000000Z'")
    with pytest.raises(RecordsError):
        with records.transaction() as db:
            records.insert_answers_selected(db, values, "FROM (SELECT 0 AS k UNION ALL SELECT 1) x ORDER BY x.k", {})
    assert records.read("SELECT COUNT(*) FROM answers")[0][0] == before
    assert records.verify() == []


def test_answer_ids_repeated_across_sessions_of_one_chunk_refuse_the_later_session(room, tmp_path, engine_calls):
    """No file Dealer Drill writes has them; the later session is refused with the reason, the rest goes in."""
    a, _b, c, attempt, _path = room
    take_test(a, "Hemi", [True] * 20, seed=8)
    a.unlock_manager(PIN, MANAGER)
    lines = raw_lines(a.export("json", tmp_path / "two.json")[0])
    values = [json.loads(raw) for raw in lines]
    aroha = [v["answer"]["uuid"] for v in values if "answer" in v and v["answer"]["session"] == attempt.uuid]
    hemi_first = next(k for k, v in enumerate(values) if "answer" in v and v["answer"]["session"] != attempt.uuid)
    values[hemi_first]["answer"]["uuid"] = aroha[0]
    lines[hemi_first] = line_bytes(values[hemi_first])
    result = import_into(c, write(tmp_path / "repeated.json", resealed(lines)))
    assert result.sessions_added == 1 and result.answers_added == 20
    assert len(result.refused) == 1 and "some of its answers are already here in another session" in result.refused[0]
    assert c.verify() == []



def test_a_trusted_chunk_meeting_an_answer_already_here_is_written_again_session_by_session(room, tmp_path,
                                                                                             monkeypatch):
    """A signed chunk is first written without looking for its answers among those stored (issue 13's speed):
    the answers' unique index meets the one already here, the chunk's transaction is rolled back whole, and
    it is written again with each session checked. What the rolled-back try had added is forgotten (Hemi is
    added once, Kiri not at all), the other session of the chunk goes in, and the one claiming a stored answer
    is refused by name."""
    a, b, _c, _attempt, path = room
    first = import_into(b, path)                                  # Aroha's test, 20 answers
    assert first.answers_added == 20
    take_test(a, "Hemi", [True] * 20, seed=8)
    take_test(a, "Kiri", [True, False] * 10, seed=9)
    a.unlock_manager(PIN, MANAGER)
    lines = raw_lines(a.export("json", tmp_path / "three.json")[0])
    values = [json.loads(raw) for raw in lines]
    sessions = [v["session"] for v in values if "session" in v]
    aroha, hemi, kiri = (next(x["uuid"] for x in sessions if x["trainee"] == name)
                         for name in ("Aroha", "Hemi", "Kiri"))
    stored = next(v["answer"]["uuid"] for v in values if "answer" in v and v["answer"]["session"] == aroha)
    for k, value in enumerate(values):       # Kiri's fifth answer claims the id of an answer B holds for Aroha
        if "answer" in value and value["answer"]["session"] == kiri and value["answer"]["seq"] == 5:
            value["answer"]["uuid"] = stored
            lines[k] = line_bytes(value)
    tries = []
    write_chunk = transfer._Merge._write_chunk
    monkeypatch.setattr(transfer._Merge, "_write_chunk",
                        lambda self, pending, checked: tries.append(checked) or write_chunk(self, pending, checked))
    result = import_into(b, write(tmp_path / "claims.json", resealed(lines, a.role.key)))
    assert tries == [False, True]                                 # one chunk: tried, rolled back, written checked
    assert result.signed_by_key is not None                       # the trusted road, not graded again
    assert (result.trainees_added, result.sessions_added, result.answers_added) == (1, 1, 20)
    assert len(result.refused) == 1 and kiri in result.refused[0]
    assert "some of its answers are already here in another session" in result.refused[0]
    records = b.records
    assert records.read("SELECT name FROM trainees WHERE name IN ('Hemi', 'Kiri')") == [("Hemi",)]
    assert records.read("SELECT COUNT(*) FROM sessions WHERE uuid = ?", (hemi,)) == [(1,)]
    assert records.read("SELECT COUNT(*) FROM sessions WHERE uuid = ?", (kiri,)) == [(0,)]
    assert b.verify() == []


def test_refusals_beyond_the_listed_number_are_counted_not_kept(room, tmp_path, monkeypatch):
    """A file of a million refused sessions must not fill the memory with their reasons."""
    a, b, _c, _attempt, _path = room
    take_test(a, "Hemi", [True] * 20, seed=8)
    take_test(a, "Kiri", [True] * 20, seed=9)
    a.unlock_manager(PIN, MANAGER)
    three = a.export("json", tmp_path / "three.json")[0]
    b.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.5))
    monkeypatch.setattr(transfer, "MAX_REFUSED_LISTED", 1)
    result = import_into(b, three)
    assert result.sessions_added == 0 and len(result.refused) == 2
    assert "pass mark" in result.refused[0]
    assert result.refused[1] == "... and 2 more sessions or sign-offs were not imported (the first 1 are listed above)"
