"""Imports that would forge a certification (issue 11): the file may be edited by anyone, so an import never
changes a finished session, never adds answers to a session it did not bring whole, never takes a verdict,
a pass mark or a sign-off on trust."""
from __future__ import annotations

import json

import pytest
from certified_desk import MANAGER, PIN, take_test, workstation
from forged_keys import a_key_of_the_trainees
from real_answers import read_lines, write_lines


def export(desk, path):
    desk.unlock_manager(PIN, MANAGER)
    desk.export("json", path)
    return path


@pytest.fixture
def pit(tmp_path):
    """Workstation A, where Aroha failed a test 10/20, and workstation B, where it is imported."""
    a, b = workstation(tmp_path / "a" / "records.sqlite3"), workstation(tmp_path / "b" / "records.sqlite3")
    attempt = take_test(a, "Aroha", [True, False] * 10)
    assert (attempt.correct, attempt.items, attempt.passed) == (10, 20, False)
    yield a, b, attempt, tmp_path
    a.close()
    b.close()


def import_into(desk, path):
    desk.unlock_manager(PIN, MANAGER)
    return desk.import_records(path)


def edited(path, edit):
    lines = read_lines(path)
    edit(lines)
    out = path.with_name("edited-" + path.name)
    write_lines(out, lines)
    return out


def test_the_210_of_220_forgery_is_refused(pit):
    """The reported attack: 200 right answers added to the failed test and a sign-off claimed by the manager."""
    a, b, attempt, folder = pit
    original = export(a, folder / "a.json")
    assert import_into(b, original).answers_added == 20            # the honest file goes in

    def forge(lines):
        session = next(line["session"] for line in lines if "session" in line)
        answers = [line["answer"] for line in lines if "answer" in line]
        extra = [{"answer": dict(answers[0], uuid=f"forged-{n}", seq=21 + n, correct=True)} for n in range(200)]
        session["answers"] = 220
        end = lines.pop()
        lines.extend(extra)
        lines.append({"signoff": {"session": session["uuid"], "manager": MANAGER, "signed_at": session["finished_at"],
                                  "note": "", "reason": ""}})
        lines.append({"end": {"sessions": end["end"]["sessions"], "answers": end["end"]["answers"] + 200}})

    result = import_into(b, edited(original, forge))
    assert result.answers_added == 0 and result.signoffs_added == 0
    assert any("already hold this session with other answers" in line for line in result.refused)
    summary = b.records.session(attempt.uuid)
    assert (summary.correct, summary.items, summary.signed_by) == (10, 20, None)


def test_a_flipped_verdict_is_graded_again_and_refused(pit):
    a, b, _attempt, folder = pit

    def flip(lines):
        for line in lines:
            if "answer" in line:
                line["answer"]["correct"] = True
    result = import_into(b, edited(export(a, folder / "a.json"), flip))
    assert result.sessions_added == 0 and len(result.refused) == 1
    assert "is marked right in the file, but the engine grades the stored answer wrong" in result.refused[0]
    assert b.records.answers() == []


def test_an_altered_item_is_refused(pit):
    a, b, _attempt, folder = pit

    def alter(lines):
        answer = next(line["answer"] for line in lines if "answer" in line)
        item = json.loads(answer["item"])
        item["text"] = "An easier question?"
        answer["item"] = json.dumps(item)
    result = import_into(b, edited(export(a, folder / "a.json"), alter))
    assert result.sessions_added == 0 and "is not the item stored" in result.refused[0]


def test_a_test_under_a_softer_pass_mark_is_refused(pit):
    a, b, _attempt, folder = pit

    def soften(lines):
        session = next(line["session"] for line in lines if "session" in line)
        session["target"] = json.dumps({"seconds": 8, "accuracy": 0.9, "test_items": 20, "pass_mark": 0.5})
    result = import_into(b, edited(export(a, folder / "a.json"), soften))
    assert result.sessions_added == 0
    assert "pass mark of 50% of 20 items, and this workstation's is 90% of 20" in result.refused[0]


def test_a_sign_off_is_imported_only_with_a_trusted_managers_signature(pit):
    a, b, _attempt, folder = pit
    passed = take_test(a, "Hemi", [True] * 20, seed=8)
    a.unlock_manager(PIN, MANAGER)
    a.sign_off(passed.uuid, "watched on table 2")
    original = export(a, folder / "a.json")
    # B does not know A's key yet: the sessions come in, the sign-off does not, and the summary says why.
    result = import_into(b, original)
    assert result.sessions_added == 2 and result.signoffs_added == 0
    assert any("which this workstation does not trust" in line and a.role.key.fingerprint in line
               for line in result.refused)
    assert b.records.session(passed.uuid).signed_by is None
    # Once B's manager trusts A's key, the same sign-off goes in; an edited one never does.
    c = workstation(folder / "c" / "records.sqlite3")
    c.unlock_manager(PIN, MANAGER)
    c.trust_manager_key(a.role.key.public.raw, MANAGER)

    def renote(lines):
        next(line["signoff"] for line in lines if "signoff" in line)["note"] = "approved without watching"
    refused = import_into(c, edited(original, renote))
    assert refused.signoffs_added == 0 and any("no valid signature" in line for line in refused.refused)
    c.close()
    d = workstation(folder / "d" / "records.sqlite3")
    d.unlock_manager(PIN, MANAGER)
    d.trust_manager_key(a.role.key.public.raw, MANAGER)
    accepted = import_into(d, original)
    assert accepted.signoffs_added == 1 and accepted.refused == ()
    assert d.records.session(passed.uuid).signed_by == MANAGER
    assert d.verify() == []
    d.close()


def test_an_import_needs_the_manager_role_and_its_pin(pit):
    from dealerdrill.desk import ManagerRoleRequired

    a, b, _attempt, folder = pit
    path = export(a, folder / "a.json")
    b.lock_manager()
    with pytest.raises(ManagerRoleRequired):
        b.import_records(path)
    assert b.records.answers() == []


def test_the_finish_of_a_session_already_here_records_the_answers_here_not_the_files(pit):
    """A test left unfinished here (the desk was closed during it) comes back in a file finished, its answers
    the same items but all marked right. Only the finish is new, so it is the one thing taken; its ledger entry
    counted the file's verdicts (20 right) where the records hold 10, and verify then named the records as
    changed behind the program's back."""
    from certified_desk import DRILL

    from dealerdrill.domain import Mode

    a, _b, _attempt, folder = pit
    a.choose_trainee("Aroha")
    session = a.start_session(DRILL, Mode.TEST, seed=9)
    for right in [True, False] * 10:
        item = session.next_item()
        session.submit(item.key if right else dict(item.key, player="draw" if item.key["player"] == "stand"
                                                   else "stand"), 2.0)
    unfinished = session.session_id
    original = export(a, folder / "a.json")

    last_answer = a.records.read("SELECT MAX(a.answered_at) FROM answers a JOIN sessions s ON s.id = a.session_id "
                                 "WHERE s.uuid = ?", (unfinished,))[0][0]

    def finish_it_all_right(lines):
        for line in lines:
            if "session" in line and line["session"]["uuid"] == unfinished:
                line["session"]["finished_at"] = last_answer
            if "answer" in line and line["answer"]["session"] == unfinished:
                line["answer"]["correct"] = True
    result = import_into(a, edited(original, finish_it_all_right))
    assert result.sessions_added == 0 and result.answers_added == 0
    summary = a.records.session(unfinished)
    assert summary.finished_at is not None and (summary.correct, summary.items, summary.passed) == (10, 20, False)
    assert a.verify() == []


def _sealed(lines, path, key, fingerprint=None):
    """The lines written as a records file and sealed with `key` (named by `fingerprint`, its own unless
    given), as a manager's export seals one."""
    fingerprint = fingerprint or key.fingerprint
    import hashlib

    from dealerdrill.records import chain
    from dealerdrill.records.transfer import file_statement

    body = b"".join((json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8") for line in lines[:-1])
    digest = hashlib.sha256(body).hexdigest()
    counts = {k: lines[-1]["end"][k] for k in ("sessions", "answers")}
    statement = file_statement(lines[0], counts["sessions"], counts["answers"], digest, fingerprint)
    end = {**counts, "lines_sha256": digest, "key": fingerprint,
           "signature": key.sign(chain.event_content(statement).encode("utf-8")).hex()}
    path.write_bytes(body + (json.dumps({"end": end}) + "\n").encode("utf-8"))
    return path


@pytest.mark.parametrize("origin", ["trusted", "this workstation"])
def test_a_key_the_trainee_wrote_into_the_records_is_not_trusted_by_an_import(pit, origin):
    """The trainee writes a key of their own into B's records (a key trusted from elsewhere, or a second key of
    B's own, its entry signed by itself), then seals a records file with it whose failed test is marked all
    right. The import took the file's grades on trust (and verify called B's records sound); now it grades
    them again and refuses the session, and verify names the key."""
    from dealerdrill.desk import Desk
    from dealerdrill.records import Records

    a, b, attempt, folder = pit
    b.close()
    b_path = folder / "b" / "records.sqlite3"
    with Records(b_path) as records:
        mine = a_key_of_the_trainees(records, MANAGER, origin)
    with Desk.open(b_path) as b:
        lines = read_lines(export(a, folder / "a.json"))
        for line in lines:
            if "answer" in line:
                line["answer"]["correct"] = True
        result = import_into(b, _sealed(lines, folder / "forged.json", mine))
        assert result.sessions_added == 0 and result.answers_added == 0
        assert "graded again by the engine" in result.grading
        assert "is marked right in the file, but the engine grades the stored answer wrong" in result.refused[0]
        found = [str(p) for p in b.verify()]
        assert any(mine.fingerprint in p for p in found), found
    assert attempt.uuid not in {s.uuid for s in Records(b_path).test_attempts()}


def test_another_public_key_under_the_managers_fingerprint_is_no_key(pit):
    """The trainee puts a key of their own into the row of B's manager key (its fingerprint kept) and re-signs
    that key's ledger entry with it (the signature is not part of the entry's hash), then seals a file whose
    failed test is marked all right, naming B's fingerprint: the import took its grades on trust. A key row
    whose public key is not the one its fingerprint names is no key."""
    import sqlite3

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from dealerdrill.desk.manager_key import ManagerKey
    from dealerdrill.drills.regrade import Regrader
    from dealerdrill.records import Records, import_records

    a, b, _attempt, folder = pit
    managers = b.role.key.fingerprint
    b.close()
    b_path = folder / "b" / "records.sqlite3"
    mine = ManagerKey(Ed25519PrivateKey.generate())
    with sqlite3.connect(b_path) as db:
        db.execute("DROP TRIGGER manager_keys_are_permanent_update")
        db.execute("DROP TRIGGER ledger_is_permanent_update")
        db.execute("UPDATE manager_keys SET public_key = ? WHERE fingerprint = ?", (mine.public.raw, managers))
        (entry_hash,) = db.execute("SELECT chain_hash FROM ledger WHERE kind = 'key' AND ref = ?",
                                   (managers,)).fetchone()
        db.execute("UPDATE ledger SET signature = ? WHERE kind = 'key' AND ref = ?",
                   (mine.sign(bytes(entry_hash)), managers))
    lines = read_lines(export(a, folder / "a.json"))
    for line in lines:
        if "answer" in line:
            line["answer"]["correct"] = True
    with Records(b_path) as records:
        assert managers not in records.manager_keys()
        result = import_records(records, _sealed(lines, folder / "forged.json", mine, managers),
                                imported_by=MANAGER, regrade=Regrader())
    assert result.sessions_added == 0 and "graded again by the engine" in result.grading


def test_a_test_under_other_answer_key_settings_is_refused(pit):
    """A passed test whose stored settings were changed in the file (the commission, the tie odds): graded
    again under the file's settings it still checks out, and it came in as passed, though this workstation
    grades its tests under its own answer keys. Refused, as a softer pass mark is, unless a trusted manager
    signed it off; the same file unedited goes in."""
    a, b, _attempt, folder = pit
    passed = take_test(a, "Hemi", [True] * 20, seed=8)
    original = export(a, folder / "a.json")

    def soften(lines):
        for line in lines:
            if "session" in line and line["session"]["uuid"] == passed.uuid:
                settings = json.loads(line["session"]["settings"])
                settings["baccarat"].update(commission_percent=0.0, tie_odds=9)
                line["session"]["settings"] = json.dumps(settings)
    result = import_into(b, edited(original, soften))
    assert passed.uuid not in {s.uuid for s in b.records.test_attempts()}
    assert any(passed.uuid in line and "other baccarat settings than this workstation's (commission_percent, "
               "tie_odds)" in line for line in result.refused), result.refused
    assert import_into(b, original).sessions_added == 1                # the other session came in before
    assert b.records.session(passed.uuid).passed


def _a_signed_off_test_renamed(pit):
    """A's export where Hemi passed a test the manager signed off, with Tama's name written over Hemi's, and a
    workstation D whose manager trusts A's key."""
    a, _b, _attempt, folder = pit
    passed = take_test(a, "Hemi", [True] * 20, seed=8)
    a.unlock_manager(PIN, MANAGER)
    a.sign_off(passed.uuid, "watched on table 2")
    original = export(a, folder / "a.json")

    def rename(lines):
        for line in lines:
            if line.get("trainee", {}).get("name") == "Hemi":
                line["trainee"]["name"] = "Tama"
            if line.get("session", {}).get("trainee") == "Hemi":
                line["session"]["trainee"] = "Tama"
    d = workstation(folder / "d" / "records.sqlite3")
    d.unlock_manager(PIN, MANAGER)
    d.trust_manager_key(a.role.key.public.raw, MANAGER)
    return edited(original, rename), passed, d


def test_a_signed_off_test_renamed_to_another_trainee_loses_its_sign_off(pit):
    """Tama takes the export of workstation A, where Hemi passed a test the manager signed off, and writes his
    own name over Hemi's in it. The answers are Hemi's, so the engine grades them as the file says, and the
    sign-off's signature is over that session's id, answers and score, all unchanged: workstation D, which
    trusts A's key, imported the test as Tama's, passed and signed off, and called its records sound, though
    the signed statement names Hemi. A sign-off comes in only for the trainee, drill and mode it names."""
    renamed, passed, d = _a_signed_off_test_renamed(pit)
    result = import_into(d, renamed)
    assert result.signoffs_added == 0
    assert any("its sign-off by Mere Smith was not imported" in line and "Hemi" in line for line in result.refused)
    summary = d.records.session(passed.uuid)
    assert (summary.trainee, summary.signed_by) == ("Tama", None)
    assert d.verify() == []
    d.close()


def test_records_holding_a_sign_off_moved_to_another_trainee_fail_verify(pit, monkeypatch):
    """Records into which an earlier version imported the renamed test above, its sign-off with it: verify
    called them sound; it names the sign-off as made for another trainee's test."""
    from dealerdrill.records import transfer

    renamed, _passed, d = _a_signed_off_test_renamed(pit)
    monkeypatch.setattr(transfer, "signoff_is_of_another_session", lambda *_: None)
    assert import_into(d, renamed).signoffs_added == 1
    found = [str(problem) for problem in d.verify()]
    assert any("is attached to a session it was not made for: it signs a test of Hemi's, not of Tama's" in p
               for p in found)
    d.close()


def test_a_test_issued_by_another_workstation_is_not_one_these_records_issued(tmp_path):
    """The trainee's own workstation (a PIN of their own, the manager's name) issues a test, which they pass (they
    can read its seed there and answer ahead); its records file is imported here. What the other records say they
    issued is their word: the test does not count here as a pass until a manager whose key this workstation
    accepts signs it off (it used to count at once: its issue, seed and all, was taken as this workstation's)."""
    own, here = workstation(tmp_path / "own" / "records.sqlite3"), workstation(tmp_path / "here" / "records.sqlite3")
    attempt = take_test(own, "Aroha", [True] * 20)
    assert attempt.passed and own.judged_session(attempt.uuid).passed
    path = export(own, tmp_path / "own.json")
    assert import_into(here, path).sessions_added == 1
    [judged] = here.test_attempts()
    assert judged.uuid == attempt.uuid and judged.correct == 20 and not judged.problems
    assert not judged.passed and "not issued by the records" in judged.not_counted
    [entry] = here.roster()
    assert not any(drill.test_passed for game in entry.games.values() for drill in game.drills)
    assert here.test_problems() == []                     # nothing was tampered with: it is simply not this desk's
    own.close()
    here.close()
