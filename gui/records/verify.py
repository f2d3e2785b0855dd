"""Checking a records file whole: `dealerdrill verify`, and the app's background check at start. Qt-free.

What is checked (each failure becomes a Problem naming the row):
- every trigger that keeps results permanent is present;
- the answers chain: each answer's hash is that of the answer before it and its own content;
- the ledger chain: the same for every other event, each entry's record of the answers chain agreeing with
  the answers, every signature valid for a manager key the file accepts, sign-offs and targets signed;
- every trainee, session, finished session, sign-off, target, audit entry and manager key has its ledger
  entry, and the entry says what the row says (sign-offs: the score and a digest of the session's answers);
- the summary tables the manager's views read (answer_facts, answer_hours) say what the answers say.
"""
from __future__ import annotations

import json
from typing import Callable

from . import chain
from .chain import Problem
from .schema_v4 import (TRIGGERS, audit_event, session_end_event, session_event, target_event, trainee_event)

MAX_PROBLEMS = 200   # a file rewritten wholesale would list every row; the first ones say enough


class _Found(list):
    def add(self, where: str, what: str) -> None:
        if len(self) < MAX_PROBLEMS:
            self.append(Problem(where, what))


def verify_records(records, progress: Callable[[int, int], None] | None = None) -> list[Problem]:
    found = _Found()
    total = records.read("SELECT (SELECT COUNT(*) FROM answers) + (SELECT COUNT(*) FROM ledger)")[0][0]
    done = [0]

    def step(count: int) -> None:
        done[0] += count
        if progress is not None:
            progress(done[0], total)

    _check_triggers(records, found)
    answer_hashes = _check_answers(records, found, step)
    _check_ledger(records, found, answer_hashes, step)
    _check_summaries(records, found)
    return list(found)


def _check_triggers(records, found: _Found) -> None:
    present = {name for (name,) in records.read("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    for name in TRIGGERS:
        if name not in present:
            found.add(f"trigger {name}", "is missing: someone removed what keeps the results permanent")


def _check_answers(records, found: _Found, step) -> dict[int, bytes]:
    """Walk the answers chain; returns the stored hash of every answer, by id, for the ledger's checks."""
    hashes: dict[int, bytes] = {}
    previous, previous_uuid = chain.NO_HASH, None
    columns = ", ".join(chain.ANSWER_COLUMNS)
    for rows in records.stream(f"SELECT {columns}, chain_hash FROM answers ORDER BY id", batch=5000):
        for row in rows:
            stored = row[-1]
            if stored is None:
                found.add(_answer(row), "is not linked into the answers chain (added behind the program's back)")
            elif chain.link(previous, chain.answer_content(row[:-1])) != stored:
                found.add(_answer(row), "was changed after it was recorded, or the answer before it was "
                                        f"({previous_uuid or 'none'}): its hash does not match")
            hashes[row[0]] = bytes(stored) if stored is not None else b""
            previous, previous_uuid = (bytes(stored) if stored is not None else chain.NO_HASH), row[1]
        step(len(rows))
    return hashes


def _answer(row) -> str:
    return f"answer {row[1]} (row {row[0]}, item {row[3]} of its session)"


def _check_ledger(records, found: _Found, answer_hashes: dict[int, bytes], step) -> None:
    keys = {fp: key for fp, (key, _, _) in records.manager_keys().items()}
    rows = {kind: {} for kind in ("trainee", "session", "session_end", "signoff", "target", "audit", "key")}
    for uuid, name, created in records.read("SELECT uuid, name, created_at FROM trainees"):
        rows["trainee"][uuid] = trainee_event(uuid, name, created)
    counts = {sid: (n, right) for sid, n, right in
              records.read("SELECT session_id, COUNT(*), SUM(correct) FROM answers GROUP BY session_id")}
    for row in records.read("SELECT s.uuid, t.uuid, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, "
                            "s.started_at, s.finished_at, s.id FROM sessions s JOIN trainees t ON t.id = s.trainee_id"):
        rows["session"][row[0]] = session_event(*row[:9])
        if row[9] is not None:
            items, right = counts.get(row[10], (0, 0))
            rows["session_end"][row[0]] = session_end_event(row[0], row[9], items, right)
    for uuid, manager, signed_at, note, reason in records.read(
            "SELECT s.uuid, so.manager, so.signed_at, so.note, so.reason FROM signoffs so "
            "JOIN sessions s ON s.id = so.session_id"):
        rows["signoff"][uuid] = {"signed_by": manager, "signed_at": signed_at, "note": note, "reason": reason}
    for row in records.read("SELECT id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at "
                            "FROM target_changes"):
        rows["target"][str(row[0])] = target_event(*row)
    for row in records.read("SELECT id, at, actor, action, detail FROM audit"):
        rows["audit"][str(row[0])] = audit_event(*row)
    for fp, key, manager, origin, added in records.read("SELECT fingerprint, public_key, manager, origin, added_at "
                                                        "FROM manager_keys"):
        rows["key"][fp] = {"fingerprint": fp, "public_key": bytes(key).hex(), "manager": manager, "origin": origin,
                           "added_at": added}
    seen = {kind: set() for kind in rows}
    previous, expected_seq = chain.NO_HASH, 1
    for batch in records.stream("SELECT seq, kind, ref, content, answers_last_id, answers_head, chain_hash, "
                                "signed_by_key, signature FROM ledger ORDER BY seq", batch=5000):
        for seq, kind, ref, content, last_id, head, stored, key, signature in batch:
            where = f"ledger entry {seq} ({kind} {ref})"
            if seq != expected_seq:
                found.add(f"ledger entries {expected_seq}-{seq - 1}", "are missing (deleted)")
            expected_seq = seq + 1
            head = bytes(head)
            if chain.ledger_link(previous, kind, ref, content, last_id, head) != bytes(stored):
                found.add(where, "was changed after it was recorded (its hash does not match)")
            previous = bytes(stored)
            if last_id and answer_hashes.get(last_id) != head:
                found.add(where, f"records answers up to row {last_id} that are not there as they were then "
                                 "(answers removed or rewritten)")
            if key is not None and (key not in keys or not chain.signature_is_valid(keys[key], bytes(signature),
                                                                                     bytes(stored))):
                found.add(where, f"carries a signature that is not valid for manager key {key}")
            _check_entry(records, found, where, kind, ref, content, rows, seen, keys, key)
        step(len(batch))
    if answer_hashes:
        last_answer = max(answer_hashes)
        latest = records.read("SELECT MAX(answers_last_id) FROM ledger")[0][0] or 0
        if latest > last_answer:
            found.add("answers", f"end at row {last_answer}, but the ledger saw up to row {latest}")
    for kind, wanted in rows.items():
        for ref in set(wanted) - seen[kind]:
            found.add(f"{_KIND_WORDS[kind]} {ref}", "has no ledger entry (added or changed behind the program's back)")
    current = dict(((drill), (s, a, n, p, by, at)) for drill, s, a, n, p, by, at in records.read(
        "SELECT drill, seconds, accuracy, test_items, pass_mark, set_by, set_at FROM target_changes "
        "WHERE id IN (SELECT MAX(id) FROM target_changes GROUP BY drill)"))
    for drill, s, a, n, p, by, at in records.read("SELECT drill, seconds, accuracy, test_items, pass_mark, set_by, "
                                                  "set_at FROM targets"):
        if current.get(drill) != (s, a, n, p, by, at):
            found.add(f"target for {drill}", "is not the one a manager last set (changed behind the program's back)")


_KIND_WORDS = {"trainee": "trainee", "session": "session", "session_end": "the finish of session",
               "signoff": "sign-off of session", "target": "target change", "audit": "audit entry",
               "key": "manager key"}


def _check_entry(records, found: _Found, where: str, kind: str, ref: str, content: str, rows, seen, keys,
                 entry_key) -> None:
    try:
        event = json.loads(content)
    except ValueError:
        found.add(where, "does not hold readable content")
        return
    if kind == "checkpoint":
        if entry_key is None:
            found.add(where, "is a checkpoint without a manager's signature")
        return
    if kind not in rows:
        found.add(where, f"is of a kind this program does not know ({kind!r})")
        return
    if ref in seen[kind]:
        found.add(where, "repeats an earlier entry")
    seen[kind].add(ref)
    legacy = event.pop("recorded_before_the_chain", False) is True
    if kind in ("signoff", "target") and not legacy:
        _check_statement(records, found, where, kind, ref, event, rows, keys)
        return
    row = rows[kind].get(ref)
    if kind == "signoff" and row is not None:
        row = {"session": ref, **row}
    if row is None:
        found.add(where, f"is about a {_KIND_WORDS[kind]} that is not in the records (deleted)")
    elif row != event:
        found.add(where, f"does not say what the {_KIND_WORDS[kind]} says now (changed behind the program's back)")


def _check_statement(records, found: _Found, where, kind, ref, event, rows, keys) -> None:
    statement, signature = event.get("statement"), event.get("signature")
    if not isinstance(statement, dict) or not isinstance(signature, str):
        found.add(where, "is not a signed statement")
        return
    key = keys.get(statement.get("key"))
    try:
        valid = key is not None and chain.signature_is_valid(key, bytes.fromhex(signature),
                                                             chain.event_content(statement).encode())
    except ValueError:
        valid = False
    if not valid:
        found.add(where, f"is not signed by a manager key this file accepts ({statement.get('key')})")
    row = rows[kind].get(ref)
    if row is None:
        found.add(where, f"is about a {_KIND_WORDS[kind]} that is not in the records (deleted)")
        return
    if kind == "target":
        said = {k: statement.get(k) for k in row}
        if said != row:
            found.add(where, "does not say what the target change says now")
        return
    said = {k: statement.get(k) for k in ("signed_by", "signed_at", "note", "reason")}
    if said != row:
        found.add(where, "does not say what the sign-off says now")
    summary = records.session(ref)
    if (statement.get("items"), statement.get("correct")) != (summary.items, summary.correct):
        found.add(where, f"signed a score of {statement.get('correct')}/{statement.get('items')}; the records now "
                         f"say {summary.correct}/{summary.items}")
    if statement.get("answers_digest") != records.session_answers_digest(ref):
        found.add(where, "signed answers that are not the session's answers now")


def _check_summaries(records, found: _Found) -> None:
    facts = records.read(
        "SELECT a.uuid FROM answers a JOIN sessions s ON s.id = a.session_id WHERE NOT EXISTS (SELECT 1 FROM "
        "answer_facts f WHERE f.trainee_id = s.trainee_id AND f.drill = s.drill AND f.seconds = a.seconds AND "
        "f.answer_id = a.id AND f.game = s.game AND f.mode = s.mode AND f.correct = a.correct AND "
        "f.answered_at = a.answered_at AND f.session_id = s.id) LIMIT 20")
    for (uuid,) in facts:
        found.add(f"answer {uuid}", "is counted differently in the manager's summary table (answer_facts changed)")
    extra = records.read("SELECT (SELECT COUNT(*) FROM answer_facts) - (SELECT COUNT(*) FROM answers)")[0][0]
    if extra:
        found.add("answer_facts", f"counts {extra:+} answers that the answers table does not hold")
    recount = ("SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), COUNT(*), SUM(correct), MAX(answered_at) "
               "FROM answer_facts GROUP BY trainee_id, drill, mode, substr(answered_at, 1, 13)")
    stored = "SELECT trainee_id, drill, mode, hour, answered, correct, last_at FROM answer_hours"
    for first, second in ((recount, stored), (stored, recount)):
        for trainee_id, drill, mode, hour, *_ in records.read(f"{first} EXCEPT {second} LIMIT 20"):
            found.add(f"answer_hours {drill} {mode} {hour}", "does not add up to the answers of that hour "
                                                             f"(trainee row {trainee_id}; the summary was changed)")
