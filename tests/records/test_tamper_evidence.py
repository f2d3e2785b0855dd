"""Tamper evidence (issue 11): every way found to rewrite a records file with plain sqlite3 is noticed by
`dealerdrill verify` and by Records.verify, naming the row; a sound file passes. And scorecard PDFs carry a
seal a third party can check."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from forged_keys import a_key_of_the_trainees

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target
from dealerdrill.records import chain

PIN, MANAGER = "246824", "Mere Smith"
# A scorecard sealed by Dealer Drill before issue 30 (our own seal, in its Keywords).
EARLIER_SCORECARD = Path(__file__).resolve().parent.parent / "data" / "scorecard-sealed-before-pdf-signatures.pdf"


@pytest.fixture
def file_with_history(tmp_path):
    """A records file as a training room leaves it: a PIN, a trainee with a failed and a passed test (the
    passed one signed off), a practice session, a target set by the manager."""
    path = tmp_path / "data" / "records.sqlite3"
    path.parent.mkdir()
    with Desk.open(path) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.set_target("baccarat.table_of_play", Target(seconds=8, accuracy=0.9, test_items=3, pass_mark=0.6))
        desk.add_trainee("Aroha")
        desk.choose_trainee("Aroha")
        for answers in ([False, False, True], [True, True, True]):
            session = desk.start_session("baccarat.table_of_play", Mode.TEST, seed=len(answers) + answers[0])
            for right in answers:
                item = session.next_item()
                wrong = dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")
                session.submit(item.key if right else wrong, 2.0)
            attempt = desk.end_session()
        desk.unlock_manager(PIN, MANAGER)
        desk.sign_off(attempt.uuid, "watched on table 4")
        assert desk.verify() == []
    return path


def verify_cli(path, *extra):
    return subprocess.run([sys.executable, "-m", "dealerdrill", "verify", "--records", str(path), *extra],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DEALERDRILL_HOME": str(path.parent / "home")})


def tamper(path, *statements):
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement)


def problems(path) -> list[str]:
    with Desk.open(path) as desk:
        return [str(p) for p in desk.verify()]


def test_a_sound_file_passes_the_command_line_check(file_with_history):
    done = verify_cli(file_with_history)
    assert done.returncode == 0, done.stderr
    assert "is sound" in done.stdout and MANAGER in done.stdout


def test_insert_or_replace_over_a_wrong_answer_is_noticed(file_with_history):
    with sqlite3.connect(file_with_history) as db:
        uuid = db.execute("SELECT uuid FROM answers WHERE correct = 0 LIMIT 1").fetchone()[0]
    tamper(file_with_history, "INSERT OR REPLACE INTO answers SELECT id, uuid, session_id, seq, family, item, "
                              "answer, expected, given, 1, NULL, rule, seconds, timed_out, answered_at, chain_hash "
                              f"FROM answers WHERE uuid = '{uuid}'")
    found = problems(file_with_history)
    assert any(uuid in p and "was changed after it was recorded" in p for p in found)
    done = verify_cli(file_with_history)
    assert done.returncode == 1 and uuid in done.stderr and "FAILS its check" in done.stderr


def test_insert_or_replace_over_a_sign_off_is_noticed(file_with_history):
    tamper(file_with_history, "INSERT OR REPLACE INTO signoffs (session_id, manager, signed_at, note, reason) "
                              "SELECT session_id, 'Someone Else', signed_at, note, reason FROM signoffs")
    assert any("sign-off" in p and "does not say what the sign-off says now" in p
               for p in problems(file_with_history))


def test_a_forged_sign_off_of_the_failed_test_is_noticed(file_with_history):
    tamper(file_with_history, "INSERT INTO signoffs (session_id, manager, signed_at, note) SELECT id, 'Mere Smith', "
                              "started_at, 'ok' FROM sessions WHERE id NOT IN (SELECT session_id FROM signoffs) "
                              "AND mode = 'test'")
    assert any("sign-off of session" in p and "has no ledger entry" in p for p in problems(file_with_history))


def test_rewriting_the_summary_tables_is_noticed(file_with_history):
    tamper(file_with_history, "UPDATE answer_facts SET correct = 1", "UPDATE answer_hours SET correct = answered")
    found = problems(file_with_history)
    assert any("answer_facts" in p and "the summary table was changed" in p for p in found)
    assert any("answer_hours" in p and "does not add up" in p for p in found)


def test_dropping_a_trigger_and_deleting_audit_rows_is_noticed(file_with_history):
    tamper(file_with_history, "DROP TRIGGER audit_is_permanent_delete",
           "DELETE FROM audit WHERE action IN ('unlock_refused', 'manager_unlocked')")
    found = problems(file_with_history)
    assert any("trigger audit_is_permanent_delete" in p and "is missing" in p for p in found)
    assert any("audit" in p and "not in the records (deleted)" in p for p in found)


def test_a_target_set_by_the_manager_behind_the_programs_back_is_noticed(file_with_history):
    tamper(file_with_history, "INSERT INTO target_changes (drill, seconds, accuracy, test_items, pass_mark, set_by, "
                              "set_at) VALUES ('baccarat.table_of_play', 60, 0.1, 3, 0.1, 'Mere Smith', "
                              "'2026-01-01T00:00:00.000000Z')")
    found = problems(file_with_history)
    assert any("target change" in p and "has no ledger entry" in p for p in found)


def test_a_target_changed_in_place_is_noticed(file_with_history):
    tamper(file_with_history, "UPDATE targets SET pass_mark = 0.1")
    assert any("target for baccarat.table_of_play" in p and "not the one a manager last set" in p
               for p in problems(file_with_history))


def test_recomputing_every_chain_after_an_edit_still_shows_at_the_signed_entries(file_with_history):
    """An attacker who knows the code rewrites an answer and recomputes both chains from there on: the
    manager's signatures over the ledger (which no one can make without the PIN) no longer match."""
    with sqlite3.connect(file_with_history) as db:
        for name in ("answers_are_permanent_update", "ledger_is_permanent_update", "ledger_is_permanent_delete"):
            db.execute(f"DROP TRIGGER {name}")
        db.execute("UPDATE answers SET correct = 1 WHERE correct = 0")
        head = chain.NO_HASH
        heads = {}
        for row in db.execute(f"SELECT {', '.join(chain.ANSWER_COLUMNS)} FROM answers ORDER BY id").fetchall():
            head = chain.link(head, chain.answer_content(row))
            heads[row[0]] = head
            db.execute("UPDATE answers SET chain_hash = ? WHERE id = ?", (head, row[0]))
        previous = chain.NO_HASH
        for seq, kind, ref, content, last_id in db.execute(
                "SELECT seq, kind, ref, content, answers_last_id FROM ledger ORDER BY seq").fetchall():
            answers_head = heads.get(last_id, chain.NO_HASH)
            previous = chain.ledger_link(previous, kind, ref, content, last_id, answers_head)
            db.execute("UPDATE ledger SET answers_head = ?, chain_hash = ? WHERE seq = ?",
                       (answers_head, previous, seq))
        for name, when in (("answers_are_permanent_update", "BEFORE UPDATE ON answers"),
                           ("ledger_is_permanent_update", "BEFORE UPDATE ON ledger"),
                           ("ledger_is_permanent_delete", "BEFORE DELETE ON ledger")):
            db.execute(f"CREATE TRIGGER {name} {when} BEGIN SELECT RAISE(ABORT, 'x'); END")
    found = problems(file_with_history)
    assert any("carries a signature that is not valid" in p for p in found)
    assert any("signed answers that are not the session's answers now" in p or "signed a score" in p
               for p in found) or len(found) > 1


def test_a_sealed_scorecard_checks_out_and_an_edited_one_does_not(file_with_history, tmp_path):
    with Desk.open(file_with_history) as desk:
        desk.unlock_manager(PIN, MANAGER)
        [pdf] = desk.export("pdf", tmp_path / "aroha.pdf")
        fingerprint = desk.role.key.fingerprint
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 0, done.stderr
    assert "genuine and unaltered" in done.stdout and fingerprint in done.stdout and MANAGER in done.stdout
    from pypdf import PdfReader, PdfWriter

    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert f"Signed with a PDF signature by {MANAGER}" in text and "watched on table 4" in text
    assert "Settings in force" in text and "Decks in the shoe: 8" in text
    # Someone changes a signed figure (a score) in the attached figures, in place, without the manager's key: the
    # check says so.
    data = pdf.read_bytes()
    import zlib

    start = data.index(b"/EmbeddedFile")
    stream = data.index(b"stream\n", start) + len(b"stream\n")
    length = data.index(b"endstream", stream)
    figures = zlib.decompress(data[stream:length])
    amended = zlib.compress(figures.replace(b"3/3", b"4/3", 1))
    assert amended != data[stream:length] and len(amended) <= length - stream
    forged = tmp_path / "forged.pdf"
    forged.write_bytes(data[:stream] + amended.ljust(length - stream, b"\n") + data[length:])
    done = verify_cli(file_with_history, str(forged))
    assert done.returncode == 1 and "does not match the file: the scorecard was altered" in done.stderr
    plain = tmp_path / "unsealed.pdf"
    writer2 = PdfWriter()
    for page in PdfReader(str(pdf)).pages:
        writer2.add_page(page)
    with open(plain, "wb") as handle:
        writer2.write(handle)
    done = verify_cli(file_with_history, str(plain))
    assert done.returncode == 1 and "carries no PDF signature" in done.stderr


def test_a_scorecard_sealed_with_a_key_this_workstation_does_not_accept_is_not_accepted(file_with_history,
                                                                                         tmp_path):
    """A second "Mere Smith" on a workstation of their own (a PIN of their own, so a key of their own) seals a
    scorecard: `verify SCORECARD.pdf` here exited 0, "genuine and unaltered", only its message saying the key was
    not known. It exits 1 and says why until this workstation's manager trusts that key; then it exits 0 and names
    the key's manager. With no records to check against, nothing is accepted."""
    elsewhere = tmp_path / "elsewhere" / "data" / "records.sqlite3"
    with Desk.open(elsewhere) as other:
        other.set_first_pin(MANAGER, "13572468", "13572468")
        other.add_trainee("Hemi")
        [pdf] = other.export("pdf", tmp_path / "hemi.pdf", _only("Hemi"))
        stranger = other.role.key
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 1 and done.stdout == ""
    assert "NOT ACCEPTED: the PDF signature is intact" in done.stderr and stranger.fingerprint in done.stderr
    assert "does not accept that key as a manager's" in done.stderr and "dealerdrill trust" in done.stderr
    assert "genuine and unaltered" not in done.stderr
    # Several scorecards: one not accepted is enough for exit 1, the accepted one is still said to be accepted.
    with Desk.open(file_with_history) as desk:
        desk.unlock_manager(PIN, MANAGER)
        [own] = desk.export("pdf", tmp_path / "aroha.pdf", _only("Aroha"))
    done = verify_cli(file_with_history, str(own), str(pdf))
    assert done.returncode == 1 and "genuine and unaltered" in done.stdout and "NOT ACCEPTED" in done.stderr
    # Once the manager here trusts the key (after comparing its fingerprint), the scorecard is accepted.
    with Desk.open(file_with_history) as desk:
        desk.unlock_manager(PIN, MANAGER)
        desk.trust_manager_key(stranger.public.raw, MANAGER)
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 0, done.stderr
    assert "genuine and unaltered" in done.stdout and f"knows the key: {MANAGER}'s (trusted)" in done.stdout
    # No records to say which keys are a manager's: not accepted either.
    done = verify_cli(tmp_path / "nowhere" / "records.sqlite3", str(own))
    assert done.returncode == 1 and "there are no records here" in done.stderr


def test_a_signature_moved_onto_another_scorecard_is_refused(file_with_history, tmp_path):
    """Aroha's signed figures and signature put into Hemi's pages (her file's signature dictionary and attachment,
    Hemi's pages): the signature signs other bytes than these."""
    from pypdf import PdfReader, PdfWriter

    with Desk.open(file_with_history) as desk:
        desk.add_trainee("Hemi")
        desk.unlock_manager(PIN, MANAGER)
        [aroha] = desk.export("pdf", tmp_path / "aroha.pdf", _only("Aroha"))
        [hemi] = desk.export("pdf", tmp_path / "hemi.pdf", _only("Hemi"))
    writer = PdfWriter(clone_from=PdfReader(str(aroha)))
    for page in list(writer.pages):
        writer.remove_page(page)
    for page in PdfReader(str(hemi)).pages:
        writer.add_page(page)
    swapped = tmp_path / "swapped.pdf"
    with open(swapped, "wb") as handle:
        writer.write(handle)
    assert "Scorecard: Hemi" in " ".join(page.extract_text() for page in PdfReader(str(swapped)).pages)
    done = verify_cli(file_with_history, str(swapped))
    assert done.returncode == 1 and "genuine" not in done.stdout + done.stderr
    assert "the scorecard was altered" in done.stderr or "carries no PDF signature" in done.stderr


def _only(name):
    from dealerdrill.records import RecordFilter

    return RecordFilter(trainees=(name,))


@pytest.mark.parametrize("target, settings", [
    ("not json", "{}"),
    ('{"pass_mark": "none", "test_items": 1}', "{}"),
    ('"pass_mark"', '"x"'),
    ("{}", "[1, 2]"),
    ("[" * 5000 + "]" * 5000, "{}"),
], ids=["not JSON", "a mark of text", "a JSON text", "settings a list", "nested too deeply"])
def test_a_session_edited_into_something_unreadable_is_never_a_pass_and_stops_nothing(file_with_history, tmp_path,
                                                                                       target, settings):
    """A session's target or settings rewritten by hand into what is no target or settings: the summaries,
    the roster and the exports still work (they stopped at the first json.loads), that session is shown with
    the default target and counts as no pass, and verify names the edit."""
    from dealerdrill.exports import tabular
    from dealerdrill.records import RecordFilter, Records, queries

    tamper(file_with_history, "DROP TRIGGER sessions_keep_what_they_recorded",
           "DROP TRIGGER finished_sessions_are_permanent",
           f"UPDATE sessions SET target = '{target}', settings = '{settings}' WHERE mode = 'test'")
    with Records(file_with_history) as records:
        tests = [s for s in queries.session_summaries(records, RecordFilter()) if s.mode == "test"]
        assert len(tests) == 2 and all(s.unreadable and s.passed is False for s in tests)
        assert {s.target for s in tests} <= {Target()}
        (entry,) = queries.roster(records, RecordFilter())
        (drill,) = entry.games["baccarat"].drills
        assert drill.test_passed is False
        tabular.export_csv(records, tmp_path / "answers.csv", RecordFilter())
        assert (tmp_path / "answers.csv").stat().st_size > 0
    assert verify_cli(file_with_history).returncode == 1


def _append_history_entry(db, kind, ref, event):
    """A ledger entry as the version-4 upgrade writes one for a row from before the chains, appended now."""
    from dealerdrill.records.schema_v4 import append_entry

    append_entry(db, kind, ref, {**event, "recorded_before_the_chain": True})


def test_a_sign_off_and_a_target_passed_off_as_history_from_before_the_chains_are_noticed(file_with_history):
    """The trainee signs the failed test off and sets a pass mark of 0 behind the program's back, each with a
    ledger entry marked as the version-4 upgrade marks the rows it found (which no key could sign): such
    entries come first in a ledger, never after entries recorded with the chains, so verify names them and
    asks for their signatures (it passed the file as sound)."""
    from dealerdrill.records.schema_v4 import target_event

    at = "2026-12-01T23:00:00.000000Z"
    with sqlite3.connect(file_with_history) as db:
        failed, session_id = db.execute("SELECT uuid, id FROM sessions WHERE mode = 'test' AND id NOT IN "
                                        "(SELECT session_id FROM signoffs)").fetchone()
        db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note, reason) "
                   "VALUES (?, ?, ?, '', '')", (session_id, MANAGER, at))
        _append_history_entry(db, "signoff", failed, {"session": failed, "signed_by": MANAGER, "signed_at": at,
                                                      "note": "", "reason": ""})
        change = db.execute("INSERT INTO target_changes (drill, seconds, accuracy, test_items, pass_mark, set_by, "
                            "set_at) VALUES ('baccarat.table_of_play', 8, 0.9, 3, 0.0, ?, ?)", (MANAGER, at)).lastrowid
        _append_history_entry(db, "target", str(change), target_event(change, "baccarat.table_of_play", 8.0, 0.9, 3,
                                                                      0.0, MANAGER, at))
    found = problems(file_with_history)
    for what in (f"signoff {failed}", f"target {change}"):
        assert any(what in p and "claims to be history from before the chains existed" in p for p in found), found
        assert any(what in p and "is not a signed statement" in p for p in found)
    done = verify_cli(file_with_history)
    assert done.returncode == 1 and failed in done.stderr


def test_a_ledger_entry_that_is_no_record_is_named_not_a_crash(file_with_history):
    from dealerdrill.records.schema_v4 import append_entry

    with sqlite3.connect(file_with_history) as db:
        append_entry(db, "audit", "999", [1, 2])          # type: ignore[arg-type]
    assert any("ledger entry" in p and "does not hold readable content" in p for p in problems(file_with_history))


def test_a_key_trusted_by_itself_is_named_and_its_sign_off_is_no_sign_off(file_with_history):
    """A key of the trainee's written in as one this workstation trusts, its entry signed by itself, and the
    failed test signed off with it: the records accepted the key (verify called the file sound); a trusted key
    is signed by the manager who trusted it, so now the records do not accept it and verify names both."""

    from dealerdrill.records import Records

    with Records(file_with_history) as records:
        mine = a_key_of_the_trainees(records, MANAGER, "trusted")
        failed = next(s for s in records.test_attempts() if s.signed_by is None)
        records.sign_off(failed.uuid, MANAGER, mine, "watched", "a second go")
        assert mine.fingerprint not in records.manager_keys()
        found = [str(p) for p in records.verify()]
    assert any(f"key {mine.fingerprint}" in p and "without the signature of a manager key" in p for p in found)
    assert any(f"signoff {failed.uuid}" in p and "not signed by a manager key this file accepts" in p for p in found)
    assert verify_cli(file_with_history).returncode == 1


def test_a_file_written_anew_as_an_older_version_beside_the_pin_file_is_named(file_with_history):
    """The trainee writes the records anew as a file of version 3 (before the chains), all they hold copied
    and the failed test signed off, and puts it in place of the records beside the manager's PIN file. The
    upgrade links it all as unsigned history and the manager's next unlock gave the file the PIN's key: verify
    called it sound, signed by the manager's own key. The desk knows the PIN file's key came first: it says
    so at start, the unlock records it under the key's signature, and verify names it from then on."""
    import shutil

    from dealerdrill.records import schema

    forged = file_with_history.with_name("forged.sqlite3")
    db = sqlite3.connect(forged, isolation_level=None)
    for step in range(3):
        schema.apply_step(db, step)
        db.execute(f"PRAGMA user_version = {step + 1}")
    db.execute("ATTACH ? AS real", (str(file_with_history),))
    for table, columns in (("trainees", "id, uuid, name, created_at, archived_at, archived_by"),
                           ("sessions", "id, uuid, trainee_id, drill, game, mode, settings, target, workstation, "
                                        "started_at, finished_at"),
                           ("answers", ", ".join(chain.ANSWER_COLUMNS)),
                           ("targets", "drill, seconds, accuracy, test_items, pass_mark, set_by, set_at"),
                           ("audit", "id, at, actor, action, detail")):
        db.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM real.{table}")
    db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note) SELECT id, ?, finished_at, 'watched' "
               "FROM real.sessions WHERE id NOT IN (SELECT session_id FROM real.signoffs)", (MANAGER,))
    db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note) "
               "SELECT session_id, manager, signed_at, note FROM real.signoffs")
    db.execute("DETACH real")
    db.close()
    for suffix in ("-wal", "-shm"):
        file_with_history.with_name(file_with_history.name + suffix).unlink(missing_ok=True)
    shutil.move(forged, file_with_history)
    with Desk.open(file_with_history) as desk:
        assert desk.key_notice is not None and "was replaced after this workstation's manager PIN" in desk.key_notice
        assert all(s.signed_by == MANAGER for s in desk.records.test_attempts())
        desk.unlock_manager(PIN, MANAGER)
        assert any("first unlock of a records file that replaced" in str(p) for p in desk.records.verify())
    done = verify_cli(file_with_history)
    assert done.returncode == 1 and "first unlock of a records file that replaced" in done.stderr


def test_a_scorecard_sealed_with_a_key_the_pin_file_does_not_explain_is_not_named_the_managers(file_with_history,
                                                                                                tmp_path):
    """The trainee writes a key of their own into the records as a second key of this workstation (its entry
    signed by itself, as a PIN's key is) and seals a scorecard with it: `verify SCORECARD.pdf` named it
    "Mere Smith's (this workstation)". The PIN file holds the manager's key, which came first: the key is not
    named, and `verify` of the records names it."""

    from dealerdrill.exports import export
    from dealerdrill.records import Records

    with Records(file_with_history) as records:
        mine = a_key_of_the_trainees(records, MANAGER, "this workstation")
        [pdf] = export(records, "pdf", tmp_path / "aroha.pdf", signer=mine)
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 1 and "NOT ACCEPTED" in done.stderr and mine.fingerprint in done.stderr
    assert "knows the key" not in done.stderr and "does not accept that key as a manager's" in done.stderr
    done = verify_cli(file_with_history)
    assert done.returncode == 1 and mine.fingerprint in done.stderr and "added after the key in the manager PIN" \
        in done.stderr


def test_relinking_the_chains_past_an_unlock_with_its_signatures_taken_off_is_noticed(file_with_history):
    """The failed test (taken before the manager unlocked and signed the other off) rewritten as passed, both
    chains linked anew from there, the unlock's checkpoint left out and the signatures of the entries after the
    edit taken off (a ledger signature is outside the entry's hash): verify called the file sound. The entry of
    each unlock is always signed; unsigned, it is named."""
    import hashlib
    import json

    with sqlite3.connect(file_with_history) as db:
        dropped = [sql for (sql,) in db.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('answers_are_permanent_update', "
            "'ledger_is_permanent_update', 'ledger_is_permanent_delete')")]
        for trigger in ("answers_are_permanent_update", "ledger_is_permanent_update", "ledger_is_permanent_delete"):
            db.execute(f"DROP TRIGGER {trigger}")
        failed, session_id = db.execute("SELECT uuid, id FROM sessions WHERE mode = 'test' AND id NOT IN "
                                        "(SELECT session_id FROM signoffs)").fetchone()
        db.execute("UPDATE answers SET correct = 1, category = NULL, given = expected WHERE session_id = ?",
                   (session_id,))
        first = db.execute("SELECT MIN(id) FROM answers WHERE session_id = ?", (session_id,)).fetchone()[0]
        row = db.execute("SELECT chain_hash FROM answers WHERE id < ? ORDER BY id DESC LIMIT 1", (first,)).fetchone()
        head = bytes(row[0]) if row else chain.NO_HASH
        for (answer_id,) in db.execute("SELECT id FROM answers WHERE id >= ? ORDER BY id", (first,)).fetchall():
            content = db.execute(f"SELECT {chain.ANSWER_CONTENT_SQL} FROM answers WHERE id = ?",
                                 (answer_id,)).fetchone()[0]
            head = hashlib.sha256(head + content).digest()
            db.execute("UPDATE answers SET chain_hash = ? WHERE id = ?", (head, answer_id))
        hashes = dict(db.execute("SELECT id, chain_hash FROM answers").fetchall())
        start = db.execute("SELECT MIN(seq) FROM ledger WHERE answers_last_id >= ?", (first,)).fetchone()[0]
        tail = db.execute("SELECT kind, ref, content, answers_last_id FROM ledger WHERE seq >= ? ORDER BY seq",
                          (start,)).fetchall()
        db.execute("DELETE FROM ledger WHERE seq >= ?", (start,))
        previous = bytes(db.execute("SELECT chain_hash FROM ledger WHERE seq = ?", (start - 1,)).fetchone()[0])
        seq = start
        for kind, ref, content, last_id in tail:
            if kind == "checkpoint":
                continue
            if kind == "session_end" and ref == failed:
                event = json.loads(content)
                content = chain.event_content(dict(event, correct=event["items"]))
            answers_head = bytes(hashes[last_id]) if last_id else chain.NO_HASH
            previous = chain.ledger_link(previous, kind, ref, content, last_id, answers_head)
            db.execute("INSERT INTO ledger (seq, kind, ref, content, answers_last_id, answers_head, chain_hash) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (seq, kind, ref, content, last_id, answers_head, previous))
            seq += 1
        db.execute("UPDATE answer_facts SET correct = 1 WHERE session_id = ?", (session_id,))
        db.execute("DELETE FROM answer_hours")
        db.execute("INSERT INTO answer_hours SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), MIN(game), "
                   "COUNT(*), SUM(correct), MAX(answered_at) FROM answer_facts GROUP BY 1, 2, 3, 4")
        for sql in dropped:
            db.execute(sql)
    found = problems(file_with_history)
    # The unlocks' entries unsigned, and the rewritten test named by its verdict made again (issue 28).
    assert any("(audit " in p and "carries no manager's signature" in p for p in found), found
    assert all(("(audit " in p and "carries no manager's signature" in p)
               or (f"test session {failed}" in p and "graded again by the engine" in p) for p in found), found
    assert verify_cli(file_with_history).returncode == 1


def test_a_trigger_of_someone_elses_that_drops_wrong_answers_is_noticed(tmp_path):
    """Someone who can write the file adds a trigger of their own that silently skips every wrong answer
    (RAISE(IGNORE)): a practice of 10 right and 10 wrong was stored as 10 of 10, the chains whole, and verify
    called the file sound. Recording now says the answer was not stored, and verify names the trigger."""
    path = tmp_path / "data" / "records.sqlite3"
    path.parent.mkdir()
    with Desk.open(path) as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)
        desk.add_trainee("Aroha")
    tamper(path, "CREATE TRIGGER keep_the_good_ones BEFORE INSERT ON answers WHEN NEW.correct = 0 "
                 "BEGIN SELECT RAISE(IGNORE); END")
    assert any("trigger keep_the_good_ones" in p and "not one this program makes" in p for p in problems(path))
    assert verify_cli(path).returncode == 1
    with Desk.open(path) as desk:
        desk.choose_trainee("Aroha")
        session = desk.start_session("baccarat.table_of_play", Mode.PRACTICE, seed=3)
        item = session.next_item()
        session.submit(item.key, 2.0)
        item = session.next_item()
        assert session.recording_problem is None
        session.submit(dict(item.key, player="draw" if item.key["player"] == "stand" else "stand"), 2.0)
        assert "was not stored" in (session.recording_problem or "")


def _drawn_over(page_size, text: str):
    """A page that paints the whole page white and prints `text` on it, to lay over a scorecard's page."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    drawing = canvas.Canvas(buffer, pagesize=page_size)
    drawing.setFillColorRGB(1, 1, 1)
    drawing.rect(0, 0, page_size[0], page_size[1], fill=1, stroke=0)
    drawing.setFillColorRGB(0, 0, 0)
    drawing.drawString(72, page_size[1] - 100, text)
    drawing.save()
    return PdfReader(io.BytesIO(buffer.getvalue())).pages[0]


@pytest.mark.parametrize("how", ["written anew", "appended as an update"])
def test_a_sealed_scorecard_drawn_over_is_refused(file_with_history, tmp_path, how):
    """Hemi, who passed nothing, takes Aroha's sealed scorecard and lays over each page a white page that
    prints "Scorecard: Hemi, passed": the signed figures were all still in the pages' text (under the white),
    and `verify` called the PDF "genuine and unaltered" while it shows another trainee's pass. The seal signs
    the PDF's bytes too: written anew or with the change appended after the seal, it is refused."""
    from pypdf import PdfReader, PdfWriter

    with Desk.open(file_with_history) as desk:
        desk.add_trainee("Hemi")
        desk.unlock_manager(PIN, MANAGER)
        [aroha] = desk.export("pdf", tmp_path / "aroha.pdf", _only("Aroha"))
    forged = tmp_path / "hemi.pdf"
    if how == "written anew":
        reader = PdfReader(str(aroha))
        writer = PdfWriter(clone_from=reader)
        writer.add_metadata({"/Keywords": str(reader.metadata["/Keywords"])})
    else:
        writer = PdfWriter(str(aroha), incremental=True)
    for page in writer.pages:
        page.merge_page(_drawn_over((page.mediabox.width, page.mediabox.height),
                                    "Scorecard: Hemi. Baccarat: ready, test passed 3 of 3."))
    with open(forged, "wb") as handle:
        writer.write(handle)
    shown = " ".join(page.extract_text() for page in PdfReader(str(forged)).pages)
    assert "Scorecard: Hemi" in shown and "Scorecard: Aroha" in shown     # the old text is there, under the white
    done = verify_cli(file_with_history, str(forged))
    assert done.returncode == 1 and "genuine" not in done.stdout + done.stderr
    assert "scorecard was altered" in done.stderr
    assert verify_cli(file_with_history, str(aroha)).returncode == 0


def test_a_scorecard_sealed_over_its_figures_only_is_not_called_genuine(file_with_history, tmp_path):
    """A scorecard sealed the first way (its figures signed, not its pages, in our own format) cannot tell a page
    drawn over from the one exported, nor can any PDF reader check it: `verify` names it as the earlier kind and
    does not call it genuine."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(str(EARLIER_SCORECARD)))
    writer.add_metadata({"/Keywords": "dealerdrill-scorecard-seal-1:e30="})
    old = tmp_path / "old.pdf"
    with open(old, "wb") as handle:
        writer.write(handle)
    done = verify_cli(file_with_history, str(old))
    assert done.returncode == 1 and "seal of the earlier kind" in done.stderr and "export the scorecard again" \
        in done.stderr


def _managers_scorecard(path, tmp_path):
    """The scorecard a manager exports from these records (the role unlocked, so it is sealed if it may be),
    and its text."""
    from pypdf import PdfReader

    with Desk.open(path) as desk:
        desk.unlock_manager(PIN, MANAGER)
        [pdf] = desk.export("pdf", tmp_path / "aroha.pdf")
    return pdf, " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def test_a_scorecard_of_answers_changed_behind_the_programs_back_is_not_sealed(file_with_history, tmp_path):
    """Aroha's wrong answers rewritten as right with INSERT OR REPLACE (verify names them): the manager's
    scorecard export still sealed the forged 3/3 with the manager's key, and `verify SCORECARD.pdf` called it
    genuine, for anyone who checks the PDF and not the records. Like a records file, a scorecard whose answers
    no longer match their chain goes out unsealed, saying why."""
    with sqlite3.connect(file_with_history) as db:
        db.execute("INSERT OR REPLACE INTO answers SELECT id, uuid, session_id, seq, family, item, answer, expected, "
                   "given, 1, NULL, rule, seconds, timed_out, answered_at, chain_hash FROM answers WHERE correct = 0")
    pdf, text = _managers_scorecard(file_with_history, tmp_path)
    assert "Not sealed: the records it prints fail their check" in text and "Signed with a PDF signature" not in text
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 1 and "exported unsealed" in done.stderr and "does not match the answers chain" \
        in done.stderr


def test_a_scorecard_printing_a_sign_off_written_behind_the_programs_back_is_not_sealed(file_with_history, tmp_path):
    """A sign-off row written with plain SQL for Aroha's failed test (no signed statement; verify names it):
    the scorecard printed "signed off by Mere Smith" under the manager's seal, and `verify SCORECARD.pdf`
    called it genuine. Each sign-off a scorecard prints must be the one its signed statement says."""
    with sqlite3.connect(file_with_history) as db:
        failed = db.execute("SELECT s.id FROM sessions s WHERE s.mode = 'test' AND s.id NOT IN "
                            "(SELECT session_id FROM signoffs) ORDER BY s.id LIMIT 1").fetchone()[0]
        db.execute("INSERT INTO signoffs (session_id, manager, signed_at, note, reason) VALUES "
                   f"({failed}, '{MANAGER}', '2026-01-01T00:00:00.000000Z', 'seen on the floor', 'good enough')")
    pdf, text = _managers_scorecard(file_with_history, tmp_path)
    assert "seen on the floor" in text and "Signed with a PDF signature" not in text
    done = verify_cli(file_with_history, str(pdf))
    assert done.returncode == 1 and "exported unsealed" in done.stderr and "the sign-off of session" in done.stderr


def test_a_test_taken_while_the_target_in_force_was_edited_keeps_the_managers_pass_mark(file_with_history):
    """The table of the targets in force has no trigger of its own (a trigger on the signed target changes
    keeps it): the trainee lowered the pass mark there with plain SQL, took the test (1 of 3 right "passed",
    the session storing the edited target) and put the row back. verify found nothing: the session's target
    agreed with its ledger entry, the table with the last change. A session takes its target from the signed
    changes, which cannot be edited or taken back."""
    drill = "baccarat.table_of_play"
    tamper(file_with_history, f"UPDATE targets SET pass_mark = 0.3 WHERE drill = '{drill}'")
    with Desk.open(file_with_history) as desk:
        desk.choose_trainee("Aroha")
        session = desk.start_session(drill, Mode.TEST)
        for right in (True, False, False):
            item = session.next_item()
            wrong = dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")
            session.submit(item.key if right else wrong, 2.0)
        attempt = desk.end_session()
    tamper(file_with_history, f"UPDATE targets SET pass_mark = 0.6 WHERE drill = '{drill}'")
    assert attempt.target.pass_mark == 0.6 and attempt.passed is False
    with Desk.open(file_with_history) as desk:
        assert desk.records.session(attempt.uuid).passed is False
        assert desk.target_for(drill).pass_mark == 0.6


def test_a_failed_test_rewritten_to_a_pass_after_a_signed_unlock_is_named_and_refused(tmp_path):
    """A trainee fails a test; the manager unlocks (a signed checkpoint) and locks; the trainee rewrites every answer
    to the right one (the items follow from the stored seed), sets the finish's count, links the chains anew and puts
    the triggers back. The signature of the checkpoint no longer holds: the test is not trusted wherever its result
    is (it read passed, was signed off and went out sealed, because only verify looked at the signatures)."""
    import json

    from certified_desk import DRILL, MANAGER, PIN, take_test, workstation
    from relinked_records import Rewrite

    from dealerdrill.drills.regrade import make_drill
    from dealerdrill.drills.session import ItemsOfATest
    from dealerdrill.exports.scorecard_signature import check_scorecard

    path = tmp_path / "records" / "records.sqlite3"
    desk = workstation(path)
    desk.lock_manager()
    failed = take_test(desk, "Aroha", [False] * 20)
    assert not failed.passed
    desk.unlock_manager(PIN, MANAGER)
    desk.lock_manager()
    desk.close()
    with Rewrite(path) as db:
        session_id, settings_text = db.execute("SELECT id, settings FROM sessions WHERE uuid = ?",
                                               (failed.uuid,)).fetchone()
        settings = json.loads(settings_text)
        drill = make_drill(DRILL, settings_text)
        items = ItemsOfATest(drill, settings["test_issue"]["seed"], settings["difficulty"])
        for answer_id, in db.execute("SELECT id FROM answers WHERE session_id = ? ORDER BY seq",
                                     (session_id,)).fetchall():
            item = items.next()
            grade = drill.grade(item, item.key, 2.0)
            db.execute("UPDATE answers SET answer = ?, given = ?, correct = 1, category = NULL WHERE id = ?",
                       (json.dumps(item.key, sort_keys=True), grade.given, answer_id))
        seq, content = db.execute("SELECT seq, content FROM ledger WHERE kind = 'session_end' AND ref = ?",
                                  (failed.uuid,)).fetchone()
        event = json.loads(content)
        event["correct"] = event["items"]
        db.execute("UPDATE ledger SET content = ? WHERE seq = ?", (chain.event_content(event), seq))
    desk = Desk.open(path)
    desk.unlock_manager(PIN, MANAGER)
    [attempt] = desk.test_attempts()
    assert attempt.correct == 20 and not attempt.passed
    assert any("no longer matches the records" in problem for problem in attempt.problems)
    with pytest.raises(ValueError, match="no longer matches the records"):
        desk.sign_off(failed.uuid, "watched on table 4", confirmed=True, reason="rewritten")
    [pdf] = desk.export("pdf", tmp_path / "out" / "aroha.pdf")
    assert not check_scorecard(pdf).genuine
    assert any("no longer matches the records" in str(problem) for problem in desk.verify())
    desk.close()
