"""Schema version 4: the hash chains and signatures of gui/records/chain.py (issue 11).

The SQL adds the chain columns and tables and the triggers that keep them append-only; the Python step then
links every row a version-3 file already holds into the chains, in the order they were stored (answers by
id, other events by time), each such ledger entry marked as recorded before the chain existed. Nothing can
sign those old entries: verification reports them as unsigned history, never as tampering.
"""
from __future__ import annotations

import sqlite3

from . import chain

SQL = """
ALTER TABLE answers ADD COLUMN chain_hash BLOB;
ALTER TABLE signoffs ADD COLUMN reason TEXT NOT NULL DEFAULT '';
CREATE TABLE ledger (
    seq              INTEGER PRIMARY KEY,
    kind             TEXT NOT NULL,
    ref              TEXT NOT NULL,
    content          TEXT NOT NULL,
    answers_last_id  INTEGER NOT NULL,
    answers_head     BLOB NOT NULL,
    chain_hash       BLOB NOT NULL,
    signed_by_key    TEXT,
    signature        BLOB
);
CREATE INDEX ledger_by_ref ON ledger(kind, ref);
CREATE TABLE manager_keys (
    fingerprint  TEXT PRIMARY KEY,
    public_key   BLOB NOT NULL,
    manager      TEXT NOT NULL,
    origin       TEXT NOT NULL CHECK (origin IN ('this workstation', 'trusted')),
    added_at     TEXT NOT NULL
);
-- Every target a manager set, in order; `targets` holds the one in force for each drill, kept by trigger.
CREATE TABLE target_changes (
    id          INTEGER PRIMARY KEY,
    drill       TEXT NOT NULL,
    seconds     REAL NOT NULL,
    accuracy    REAL NOT NULL,
    test_items  INTEGER NOT NULL,
    pass_mark   REAL NOT NULL,
    set_by      TEXT NOT NULL,
    set_at      TEXT NOT NULL
);
INSERT INTO target_changes (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at)
SELECT drill, seconds, accuracy, test_items, pass_mark, set_by, set_at FROM targets ORDER BY set_at, drill;
CREATE TRIGGER target_changes_set_the_target AFTER INSERT ON target_changes
BEGIN
    INSERT INTO targets (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at)
    VALUES (NEW.drill, NEW.seconds, NEW.accuracy, NEW.test_items, NEW.pass_mark, NEW.set_by, NEW.set_at)
    ON CONFLICT(drill) DO UPDATE SET seconds = excluded.seconds, accuracy = excluded.accuracy,
        test_items = excluded.test_items, pass_mark = excluded.pass_mark, set_by = excluded.set_by,
        set_at = excluded.set_at;
END;
CREATE TRIGGER ledger_is_permanent_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger cannot be changed'); END;
CREATE TRIGGER ledger_is_permanent_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger cannot be deleted'); END;
CREATE TRIGGER manager_keys_are_permanent_update BEFORE UPDATE ON manager_keys
BEGIN SELECT RAISE(ABORT, 'a manager key cannot be changed'); END;
CREATE TRIGGER manager_keys_are_permanent_delete BEFORE DELETE ON manager_keys
BEGIN SELECT RAISE(ABORT, 'a manager key cannot be deleted'); END;
CREATE TRIGGER target_changes_are_permanent_update BEFORE UPDATE ON target_changes
BEGIN SELECT RAISE(ABORT, 'a target change cannot be changed'); END;
CREATE TRIGGER target_changes_are_permanent_delete BEFORE DELETE ON target_changes
BEGIN SELECT RAISE(ABORT, 'a target change cannot be deleted'); END;
-- A session's finish time is written once; nothing else about a session ever changes.
CREATE TRIGGER sessions_keep_what_they_recorded BEFORE UPDATE ON sessions
WHEN NEW.id IS NOT OLD.id OR NEW.uuid IS NOT OLD.uuid OR NEW.trainee_id IS NOT OLD.trainee_id
    OR NEW.drill IS NOT OLD.drill OR NEW.game IS NOT OLD.game OR NEW.mode IS NOT OLD.mode
    OR NEW.settings IS NOT OLD.settings OR NEW.target IS NOT OLD.target OR NEW.workstation IS NOT OLD.workstation
    OR NEW.started_at IS NOT OLD.started_at
BEGIN SELECT RAISE(ABORT, 'what a session recorded cannot be changed'); END;
-- Archiving changes a trainee's archive columns only.
CREATE TRIGGER trainees_keep_their_identity BEFORE UPDATE ON trainees
WHEN NEW.id IS NOT OLD.id OR NEW.uuid IS NOT OLD.uuid OR NEW.name IS NOT OLD.name
    OR NEW.created_at IS NOT OLD.created_at
BEGIN SELECT RAISE(ABORT, 'a trainee''s name and history cannot be changed'); END;
"""

# Every trigger a sound version-4 file has; verification reports any that is missing.
TRIGGERS = (
    "answers_are_permanent_update", "answers_are_permanent_delete", "sessions_are_permanent_delete",
    "finished_sessions_are_permanent", "trainees_are_permanent_delete", "signoffs_are_permanent_update",
    "signoffs_are_permanent_delete", "audit_is_permanent_update", "audit_is_permanent_delete",
    "answers_feed_answer_facts", "target_changes_set_the_target", "ledger_is_permanent_update",
    "ledger_is_permanent_delete", "manager_keys_are_permanent_update", "manager_keys_are_permanent_delete",
    "target_changes_are_permanent_update", "target_changes_are_permanent_delete",
    "sessions_keep_what_they_recorded", "trainees_keep_their_identity",
)

_ANSWER_UPDATE_TRIGGER = ("CREATE TRIGGER answers_are_permanent_update BEFORE UPDATE ON answers "
                          "BEGIN SELECT RAISE(ABORT, 'recorded answers cannot be changed'); END")


def link_existing_rows(db: sqlite3.Connection) -> None:
    """Link the rows of a version-3 file into the chains (inside the migration's transaction)."""
    db.execute("DROP TRIGGER answers_are_permanent_update")   # the one change an old answer ever gets
    head, last_id = chain.NO_HASH, 0
    cursor = db.execute(f"SELECT id, {chain.ANSWER_CONTENT_SQL} FROM answers ORDER BY id")
    while rows := cursor.fetchmany(5000):
        links = []
        for answer_id, content in rows:
            head = chain.link(head, content)
            links.append((head, answer_id))
            last_id = answer_id
        db.executemany("UPDATE answers SET chain_hash = ? WHERE id = ?", links)
    db.execute(_ANSWER_UPDATE_TRIGGER)
    for kind, ref, event in _earlier_events(db):
        event["recorded_before_the_chain"] = True
        append_entry(db, kind, ref, event, answers=(last_id, head))


def _earlier_events(db: sqlite3.Connection):
    """Every non-answer event of a version-3 file, oldest first, as ledger entries would hold it."""
    events = []
    for uuid, name, created in db.execute("SELECT uuid, name, created_at FROM trainees"):
        events.append((created, 0, "trainee", uuid, trainee_event(uuid, name, created)))
    for row in db.execute("SELECT s.uuid, t.uuid, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, "
                          "s.started_at, s.finished_at, s.id FROM sessions s JOIN trainees t ON t.id = s.trainee_id"):
        events.append((row[8], 1, "session", row[0], session_event(*row[:9])))
        if row[9] is not None:
            items, correct = db.execute("SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM answers "
                                        "WHERE session_id = ?", (row[10],)).fetchone()
            events.append((row[9], 2, "session_end", row[0], session_end_event(row[0], row[9], items, correct)))
    for uuid, manager, signed_at, note, reason in db.execute(
            "SELECT s.uuid, so.manager, so.signed_at, so.note, so.reason FROM signoffs so "
            "JOIN sessions s ON s.id = so.session_id"):
        events.append((signed_at, 3, "signoff", uuid, {"session": uuid, "signed_by": manager, "signed_at": signed_at,
                                                       "note": note, "reason": reason}))
    for change_id, drill, seconds, accuracy, items, pass_mark, set_by, set_at in db.execute(
            "SELECT id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at FROM target_changes"):
        events.append((set_at, 4, "target", str(change_id), target_event(change_id, drill, seconds, accuracy, items,
                                                                         pass_mark, set_by, set_at)))
    for audit_id, at, actor, action, detail in db.execute("SELECT id, at, actor, action, detail FROM audit"):
        events.append((at, 5, "audit", str(audit_id), audit_event(audit_id, at, actor, action, detail)))
    events.sort(key=lambda e: (e[0], e[1], e[3]))
    return [(kind, ref, event) for _, _, kind, ref, event in events]


# ------------------------------------------------------------------------------------------ event contents
# One function per kind, shared by the writer (gui/records/store.py) and the verifier, so both always build
# an event from a row the same way.

def trainee_event(uuid: str, name: str, created_at: str) -> dict:
    return {"uuid": uuid, "name": name, "created_at": created_at}


def session_event(uuid, trainee_uuid, drill, game, mode, settings, target, workstation, started_at) -> dict:
    return {"uuid": uuid, "trainee": trainee_uuid, "drill": drill, "game": game, "mode": mode,
            "settings": settings, "target": target, "workstation": workstation, "started_at": started_at}


def session_end_event(uuid: str, finished_at: str, items: int, correct: int) -> dict:
    return {"uuid": uuid, "finished_at": finished_at, "items": items, "correct": correct}


def target_event(change_id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level=None) -> dict:
    """A target change's event; `level` (schema version 7 on) only when the change names one, so that the
    events of changes made before it read as they were signed."""
    event = {"id": change_id, "drill": drill, "seconds": seconds, "accuracy": accuracy, "test_items": test_items,
             "pass_mark": pass_mark, "set_by": set_by, "set_at": set_at}
    if level is not None:
        event["level"] = level
    return event


def audit_event(audit_id, at, actor, action, detail) -> dict:
    return {"id": audit_id, "at": at, "actor": actor, "action": action, "detail": detail}


def append_entry(db: sqlite3.Connection, kind: str, ref: str, event: dict, *, answers: tuple[int, bytes] | None = None,
                 signer=None, previous: bytes | None = None) -> bytes:
    """Add one ledger entry after the last (inside the caller's transaction); returns its chain hash. With a
    signer, the entry's chain hash is signed (a checkpoint over everything before it, too). `previous`: the
    last entry's chain hash, when the caller has it (it added that entry, in this transaction; an import
    adds thousands), else it is read."""
    if previous is None:
        last = db.execute("SELECT chain_hash FROM ledger ORDER BY seq DESC LIMIT 1").fetchone()
        previous = last[0] if last else chain.NO_HASH
    if answers is None:
        last = db.execute("SELECT id, chain_hash FROM answers ORDER BY id DESC LIMIT 1").fetchone()
        answers = (last[0], last[1]) if last else (0, chain.NO_HASH)
    row = ledger_row(kind, ref, event, answers, previous, signer)
    db.execute(INSERT_LEDGER_ROW, row)
    return row[5]


INSERT_LEDGER_ROW = ("INSERT INTO ledger (kind, ref, content, answers_last_id, answers_head, chain_hash, "
                     "signed_by_key, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


def ledger_row(kind: str, ref: str, event: dict, answers: tuple[int, bytes], previous: bytes, signer=None) -> tuple:
    """The values of the ledger entry after the one whose chain hash is `previous`, for INSERT_LEDGER_ROW; its
    chain hash is the sixth (append_entry writes one; an import's chunk writes many in one statement)."""
    content = chain.event_content(event)
    chain_hash = chain.ledger_link(previous, kind, ref, content, answers[0], answers[1])
    key, signature = (signer.fingerprint, signer.sign(chain_hash)) if signer is not None else (None, None)
    return (kind, ref, content, answers[0], answers[1], chain_hash, key, signature)
