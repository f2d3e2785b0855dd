"""Checking a records file whole: `dealerdrill verify`, and the app's background check at start. Qt-free.

What is checked (each failure becomes a Problem naming the row):
- every trigger that keeps results permanent is present;
- the answers chain: each answer's hash is that of the answer before it and its own content;
- the ledger chain: the same for every other event, each entry's record of the answers chain agreeing with
  the answers, every signature valid for a manager key the file accepts, sign-offs and targets signed;
- every trainee, session, finished session, sign-off, target, audit entry and manager key has its ledger
  entry, and the entry says what the row says (sign-offs: the score and a digest of the session's answers);
- the summary tables the manager's views read (answer_facts, answer_hours, and on the training room's server
  its own session_totals, pair_totals and latest_answers) say what the answers say.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable

from . import answer_scan, chain
from .chain import Problem
from .schema_v4 import (
    TRIGGERS,
    audit_event,
    session_end_event,
    session_event,
    target_event,
    trainee_event,
)
from .schema_v5 import TRIGGERS as NAME_TRIGGERS
from .schema_v6 import TRIGGERS as LOGIN_TRIGGERS
from .store import signoff_is_of_another_session

# The audit entry of the first unlock of records that replaced the file the PIN's key had signed, with a file
# of an older version (gui/desk/roles.py: records_replaced_after_the_pin): its history is nobody's word.
RECORDS_REPLACED = "records_replaced"
# Entries the program always signs over the chains as they stand (besides checkpoints): a target, a manager
# key, and the audit entry of each unlock (followed by its checkpoint). Sign-offs carry their signature in
# their statement (an imported one is not signed again here).
ALWAYS_SIGNED = ("target", "key")
ALWAYS_SIGNED_AUDIT = ("manager_unlocked", RECORDS_REPLACED)
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
    answers = _AnswersCheck(records)        # on other threads or processes, meanwhile the ledger here
    try:
        facts = answers.facts()
        summary_rows = _summary_rows(records)      # read now: after the scans only the comparing is left
        _check_ledger(records, found, step, answers.session_counts)
        problems, groups = answers.results()
        for where, what in problems:
            found.add(where, what)
        _check_summaries(records, found, groups, facts.result() if facts is not None else _facts_by_hour(records),
                         summary_rows)
        _check_backend_summaries(records, found)
    finally:
        answers.close()
    step(total - done[0])
    return list(found)


def _check_triggers(records, found: _Found) -> None:
    present = {name for (name,) in records.read(records.dialect.triggers_sql)}
    known = TRIGGERS + NAME_TRIGGERS + LOGIN_TRIGGERS + records.extra_triggers
    for name in known:
        if name not in present:
            found.add(f"trigger {name}", "is missing: someone removed what keeps the results permanent")
    if records.dialect.name == "sqlite":
        # A file's triggers are all the program's (on the room's server only its owner can add one): another
        # runs inside every write the program makes, and may change or skip what it stores (RAISE(IGNORE)
        # drops a row without an error, and the chains link the rows that are left).
        for name in sorted(present - set(known)):
            found.add(f"trigger {name}", "is not one this program makes: someone added it to change what is stored")


# Below this many answers the chain is walked here; above it, on WORKERS threads (the C scan, which lets
# Python's lock go) or worker processes (the Python road), one part of the file each, while this thread
# checks the ledger: a 2-million-answer file on two cores.
PARALLEL_FROM = 200_000
WORKERS = 2


class _AnswersCheck:
    """The answers chain, and the answers counted by session and hour for the summary tables' check, in one
    pass over the answers (the only pass over the wide rows). On a SQLite file, by the C scan of
    dealerdrill.records.answer_scan where it was built, each part it cannot answer for walked in Python."""

    def __init__(self, records):
        self.records = records
        last = self.last = records.read("SELECT COALESCE(MAX(id), 0) FROM answers")[0][0]
        self.pool = self.threads = None
        self._results: tuple[list[tuple[str, str]], dict] | None = None
        workers = 1 if last < PARALLEL_FROM else WORKERS
        bounds = [1 + (last * k) // workers for k in range(workers)] + [last + 1]
        self.parts = [(bounds[k], bounds[k + 1]) for k in range(workers)]
        if records.dialect.name == "sqlite" and answer_scan.AVAILABLE:
            from concurrent.futures import ThreadPoolExecutor

            # One thread more than the parts: the answer_facts scan runs beside them (see facts()).
            self.threads = ThreadPoolExecutor(workers + 1)
            self.futures = [self.threads.submit(_scanned_range, records.location, first, end)
                            for first, end in self.parts]
            return
        if workers == 1:
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # "spawn": a new interpreter, never a fork of this process (which may be the window's, with Qt).
        self.pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"))
        self.futures = [self.pool.submit(check_answer_range, records.location, first, end)
                        for first, end in self.parts]

    def facts(self):
        """A future of _facts_by_hour's answer from the C scan, on a thread of its own; None without one."""
        if self.threads is None:
            return None
        return self.threads.submit(_scanned_facts, self.records.location, self.last)

    def results(self) -> tuple[list[tuple[str, str]], dict]:
        """(problems, {(session id, UTC hour): [answers, right, milliseconds, id sum, right id sum, last]})."""
        if self._results is None:
            self._results = self._gather()
        return self._results

    def _gather(self) -> tuple[list[tuple[str, str]], dict]:
        if self.pool is None and self.threads is None:
            return _answer_range(self.records.stream, self.records.read, *self.parts[0],
                                 content_sql=self.records.dialect.answer_content_sql())
        problems: list[tuple[str, str]] = []
        groups: dict[tuple[int, str], list] = {}
        for (first, end), future in zip(self.parts, self.futures):
            scanned = future.result()
            if scanned is None:       # a part the C scan could not answer for: the Python road, here
                scanned = _answer_range(self.records.stream, self.records.read, first, end,
                                        content_sql=self.records.dialect.answer_content_sql())
            part_problems, part_groups = scanned
            problems += part_problems
            for key, values in part_groups.items():
                mine = groups.get(key)
                groups[key] = values if mine is None else [mine[0] + values[0], mine[1] + values[1],
                                                           mine[2] + values[2], mine[3] + values[3],
                                                           mine[4] + values[4], max(mine[5], values[5])]
        return problems, groups

    def session_counts(self) -> dict[int, tuple[int, int]]:
        """(answers, right) of each session, from the groups results() gives (waiting for them)."""
        return session_counts_of(self.results()[1])

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        if self.threads is not None:
            self.threads.shutdown(wait=True, cancel_futures=True)


def session_counts_of(groups: dict) -> dict[int, tuple[int, int]]:
    """(answers, right) of each session, added up from its (session, hour) groups."""
    counts: dict[int, tuple[int, int]] = {}
    for (session_id, _), (count, right, *_) in groups.items():
        mine = counts.get(session_id)
        counts[session_id] = (count, right) if mine is None else (mine[0] + count, mine[1] + right)
    return counts


UNLINKED_WORDS = "is not linked into the answers chain (added behind the program's back)"
CHANGED_WORDS = "was changed after it was recorded, or the answer before it was: its hash does not match"
_SCAN_PROBLEM_WORDS = {answer_scan.UNLINKED: UNLINKED_WORDS, answer_scan.CHANGED: CHANGED_WORDS}


def _scanned_range(location: str, first: int, end: int):
    """_answer_range's answer for the rows first..end-1 from the C scan, on a connection of its own; None
    where the scan cannot answer for them."""
    from .opening import open_records

    with open_records(location, read_only=True, check=False) as records:
        scanned = answer_scan.scan_answers(location, first, end, _hash_before(records.read, first), MAX_PROBLEMS + 1)
        if scanned is None:
            return None
        problems, groups = scanned
        return [_answer_problem(records.read, answer_id, _SCAN_PROBLEM_WORDS[kind])
                for answer_id, kind in problems], groups


def _scanned_facts(location: str, last_answer_id: int) -> dict:
    """_facts_by_hour's answer from the C scan (the facts of the answers the chain check covers); from SQL
    where the scan cannot answer for the file."""
    facts = answer_scan.scan_facts(location, last_answer_id)
    if facts is not None:
        return facts
    from .opening import open_records

    with open_records(location, read_only=True, check=False) as records:
        return _facts_by_hour(records)


def check_answer_range(location: str, first: int, end: int):
    """In a worker process: _answer_range over the rows with ids first..end-1, on a connection of its own (to
    the same file, or the same room server)."""
    from .opening import open_records

    with open_records(location, read_only=True, check=False) as records:
        return _answer_range(records.stream, records.read, first, end,
                             content_sql=records.dialect.answer_content_sql())


MILLIS = "CAST(round({} * 1000) AS INTEGER)"


def _answer_range(stream, read, first: int, end: int, content_sql: str = chain.ANSWER_CONTENT_SQL):
    """Each answer's stored hash against the stored hash of the answer before it and its own content; and
    the answers counted by session and UTC hour as the summary tables count them."""
    found: list[tuple[str, str]] = []
    groups: dict = {}
    previous = _hash_before(read, first)
    sha = hashlib.sha256
    for rows in stream(f"SELECT id, {content_sql}, chain_hash, session_id, substr(answered_at, 1, 13), "
                       f"correct, {MILLIS.format('seconds')}, answered_at FROM answers WHERE id >= ? AND id < ? "
                       f"ORDER BY id", (first, end), 20_000):
        for answer_id, content, stored, session_id, hour, right, millis, at in rows:
            if stored is None:
                found.append(_answer_problem(read, answer_id, UNLINKED_WORDS))
                previous = chain.NO_HASH
            else:
                stored = _as_hash_bytes(stored)
                if sha(previous + content).digest() != stored:
                    found.append(_answer_problem(read, answer_id, CHANGED_WORDS))
                previous = stored
            group = groups.get((session_id, hour))
            if group is None:
                groups[(session_id, hour)] = [1, right, millis, answer_id, answer_id * right, at]
            else:
                group[0] += 1
                group[1] += right
                group[2] += millis
                group[3] += answer_id
                group[4] += answer_id * right
                if at > group[5]:
                    group[5] = at
        if len(found) > MAX_PROBLEMS:
            del found[MAX_PROBLEMS:]
    return found, groups


def _hash_before(read, first: int) -> bytes:
    """The stored hash of the answer before row `first` (the chain's start where there is none)."""
    before = read("SELECT chain_hash FROM answers WHERE id < ? ORDER BY id DESC LIMIT 1", (first,))
    return _as_hash_bytes(before[0][0]) if before and before[0][0] is not None else chain.NO_HASH


def _as_hash_bytes(stored) -> bytes:
    """A stored hash as bytes, whatever someone wrote there (a text or a number never matches a hash)."""
    if isinstance(stored, bytes):
        return stored
    return str(stored).encode("utf-8", "surrogatepass")


def _answer_problem(read, answer_id: int, what: str) -> tuple[str, str]:
    row = read("SELECT uuid, seq FROM answers WHERE id = ?", (answer_id,))
    uuid, seq = row[0] if row else ("?", "?")
    return _answer(answer_id, uuid, seq), what


def _answer(answer_id, uuid, seq) -> str:
    return f"answer {uuid} (row {answer_id}, item {seq} of its session)"


def _check_ledger(records, found: _Found, step,
                  session_counts: Callable[[], dict[int, tuple[int, int]]] | None = None) -> None:
    """The ledger chain and every entry against the row it is about. A session's finish is compared with
    the session's answers counted (answers, right) by `session_counts` after the walk, so that counting
    can come from the answers scan running meanwhile; without it, counted here in SQL."""
    keys = {fp: key for fp, (key, _, _) in records.manager_keys().items()}
    kinds = ("trainee", "session", "session_end", "signoff", "target", "audit", "key")
    rows: dict[str, dict[str, dict]] = {kind: {} for kind in kinds}
    for uuid, name, created in records.read("SELECT uuid, name, created_at FROM trainees"):
        rows["trainee"][uuid] = trainee_event(uuid, name, created)
    finished: dict[str, tuple[int, str]] = {}
    for row in records.read("SELECT s.uuid, t.uuid, s.drill, s.game, s.mode, s.settings, s.target, s.workstation, "
                            "s.started_at, s.finished_at, s.id FROM sessions s JOIN trainees t ON t.id = s.trainee_id"):
        rows["session"][row[0]] = session_event(*row[:9])
        if row[9] is not None:
            finished[row[0]] = (row[10], row[9])
            rows["session_end"][row[0]] = _LATER
    for uuid, manager, signed_at, note, reason in records.read(
            "SELECT s.uuid, so.manager, so.signed_at, so.note, so.reason FROM signoffs so "
            "JOIN sessions s ON s.id = so.session_id"):
        rows["signoff"][uuid] = {"signed_by": manager, "signed_at": signed_at, "note": note, "reason": reason}
    for row in records.read("SELECT id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level "
                            "FROM target_changes"):
        rows["target"][str(row[0])] = target_event(*row)
    for row in records.read("SELECT id, at, actor, action, detail FROM audit"):
        rows["audit"][str(row[0])] = audit_event(*row)
    for fp, key, manager, origin, added in records.read("SELECT fingerprint, public_key, manager, origin, added_at "
                                                        "FROM manager_keys"):
        rows["key"][fp] = {"fingerprint": fp, "public_key": bytes(key).hex(), "manager": manager, "origin": origin,
                           "added_at": added}
    seen: dict[str, set[str]] = {kind: set() for kind in rows}
    ends: list[tuple[str, str, dict]] = []      # (where, session uuid, event): compared after the walk
    answer_hashes = _answer_hashes(records)
    previous, expected_seq = chain.NO_HASH, 1
    history = True      # still in the entries the version-4 upgrade wrote for a file's earlier rows
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
            history = _check_entry(records, found, where, kind, ref, content, rows, seen, keys, key, ends,
                                   history) and history
        step(len(batch))
    counts = session_counts() if session_counts is not None else {sid: (n, right) for sid, n, right in records.read(
        "SELECT session_id, COUNT(*), SUM(correct) FROM answers GROUP BY session_id")}
    for where, ref, event in ends:
        session_id, finished_at = finished[ref]
        items, right = counts.get(session_id, (0, 0))
        if session_end_event(ref, finished_at, items, right) != event:
            found.add(where, "does not say what the finish of session says now (changed behind the program's back)")
    if answer_hashes:
        last_answer = max(answer_hashes)
        latest = records.read("SELECT MAX(answers_last_id) FROM ledger")[0][0] or 0
        if latest > last_answer:
            found.add("answers", f"end at row {last_answer}, but the ledger saw up to row {latest}")
    for kind, wanted in rows.items():
        for ref in set(wanted) - seen[kind]:
            found.add(f"{_KIND_WORDS[kind]} {ref}", "has no ledger entry (added or changed behind the program's back)")
    current = {row[0]: row[1:] for row in records.read(
        "SELECT drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level FROM target_changes "
        "WHERE id IN (SELECT MAX(id) FROM target_changes GROUP BY drill)")}
    for row in records.read("SELECT drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level "
                            "FROM targets"):
        if current.get(row[0]) != row[1:]:
            drill = row[0]
            found.add(f"target for {drill}", "is not the one a manager last set (changed behind the program's back)")


_KIND_WORDS = {"trainee": "trainee", "session": "session", "session_end": "the finish of session",
               "signoff": "sign-off of session", "target": "target change", "audit": "audit entry",
               "key": "manager key"}


_scan_json = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # the C scanner under json.loads


def _parsed(content):
    """json.loads(content), by the JSON scanner directly where the content is one value with nothing around it
    (as the program writes every entry): json.loads' own layers cost more than the parsing, entry by entry."""
    if isinstance(content, str):
        try:
            value, end = _scan_json(content, 0)
        except StopIteration:
            value, end = None, -1
        if end == len(content):
            return value
    return json.loads(content)


_LATER: dict = {}    # a session finish's row, made once the answers are counted (see _check_ledger)


def _check_entry(records, found: _Found, where: str, kind: str, ref: str, content: str, rows, seen, keys,
                 entry_key, ends: list, history: bool = True) -> bool:
    """One entry against the row it is about; returns whether it is an entry of the history the version-4
    upgrade linked (`history`: no entry before it was recorded with the chains)."""
    try:
        event = _parsed(content)
    except ValueError:
        found.add(where, "does not hold readable content")
        return False
    if kind == "checkpoint":
        if entry_key is None:
            found.add(where, "is a checkpoint without a manager's signature")
        return False
    if kind not in rows or not isinstance(event, dict):
        found.add(where, f"is of a kind this program does not know ({kind!r})" if kind not in rows
                  else "does not hold readable content")
        return False
    if ref in seen[kind]:
        found.add(where, "repeats an earlier entry")
    seen[kind].add(ref)
    legacy = event.pop("recorded_before_the_chain", False) is True
    if legacy and (not history or entry_key is not None):
        # The upgrade writes such entries, unsigned, as the ledger's first ones, before anything is recorded
        # with the chains; one after them is an entry someone added to pass for history nobody signed.
        found.add(where, "claims to be history from before the chains existed, but follows entries recorded with "
                         "them (added behind the program's back)")
        legacy = False
    if not legacy and entry_key is None and (kind in ALWAYS_SIGNED or kind == "audit"
                                             and event.get("action") in ALWAYS_SIGNED_AUDIT):
        # Left unsigned, an entry such as this lets the chain be linked anew past it: the signature the
        # program made over the chain as it stood was taken off.
        found.add(where, "carries no manager's signature, which the program always makes for it (it was taken off "
                         "behind the program's back)")
    if kind in ("signoff", "target") and not legacy:
        _check_statement(records, found, where, kind, ref, event, rows, keys)
        return False
    if kind == "key":
        _check_key_signer(found, where, ref, event, entry_key, seen["key"])
    row = rows[kind].get(ref)
    if row is _LATER:
        ends.append((where, ref, event))
        return legacy
    if kind == "signoff" and row is not None:
        row = {"session": ref, **row}
    if row is None:
        found.add(where, f"is about a {_KIND_WORDS[kind]} that is not in the records (deleted)")
    elif row != event:
        found.add(where, f"does not say what the {_KIND_WORDS[kind]} says now (changed behind the program's back)")
    if kind == "audit" and event.get("action") == RECORDS_REPLACED:
        found.add(where, "is the first unlock of a records file that replaced the one this workstation's manager "
                         "key had signed (a file of an older version, its history signed by no manager): everything "
                         "recorded before it may be forged")
    return legacy


def _check_key_signer(found: _Found, where: str, fingerprint: str, event: dict, entry_key, accepted: set) -> None:
    """Who signed a key's entry: this workstation's own key signs its own entry when the PIN is set; a key
    trusted from elsewhere is signed by the manager here who trusted it, with a key accepted before it. A key
    that signs its own trust (or is not signed) was put in by someone else: its signatures prove nothing."""
    if event.get("origin") == "trusted":
        if entry_key is None or entry_key == fingerprint or entry_key not in accepted:
            found.add(where, "trusts a manager key without the signature of a manager key these records accepted "
                             "before it (added behind the program's back)")
    elif entry_key != fingerprint:
        found.add(where, "adds a manager key of this workstation without that key's own signature (added behind "
                         "the program's back)")


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
        # The level too when either names one: a change from before levels names none on either side.
        said = {k: statement.get(k) for k in (*row, "level")}
        if said != {**row, "level": row.get("level")}:
            found.add(where, "does not say what the target change says now")
        return
    said = {k: statement.get(k) for k in ("signed_by", "signed_at", "note", "reason")}
    if said != row:
        found.add(where, "does not say what the sign-off says now")
    summary = records.session(ref)
    other = signoff_is_of_another_session(statement, ref, summary.trainee, summary.drill, summary.mode)
    if other:
        found.add(where, f"is attached to a session it was not made for: {other}")
    if (statement.get("items"), statement.get("correct")) != (summary.items, summary.correct):
        found.add(where, f"signed a score of {statement.get('correct')}/{statement.get('items')}; the records now "
                         f"say {summary.correct}/{summary.items}")
    if statement.get("answers_digest") != records.session_answers_digest(ref):
        found.add(where, "signed answers that are not the session's answers now")


def _answer_hashes(records) -> dict[int, bytes]:
    """The stored hash of each answer a ledger entry records as the last one of its time (and of the last)."""
    wanted = sorted({last for (last,) in records.read("SELECT DISTINCT answers_last_id FROM ledger")}
                    | {records.read("SELECT COALESCE(MAX(id), 0) FROM answers")[0][0]})
    hashes: dict[int, bytes] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        for answer_id, stored in records.read(f"SELECT id, chain_hash FROM answers WHERE id IN "
                                              f"({', '.join('?' * len(chunk))})", chunk):
            hashes[answer_id] = _as_hash_bytes(stored) if stored is not None else b""
    return hashes


def _facts_by_hour(records) -> dict:
    """answer_facts counted as _answer_range counts the answers, with the session each row claims."""
    return {(r[0], r[1]): list(r[2:]) for r in records.read(
        f"SELECT session_id, substr(answered_at, 1, 13), COUNT(*), SUM(correct), SUM({MILLIS.format('seconds')}), "
        "SUM(answer_id), SUM(answer_id * correct), MAX(answered_at), MIN(trainee_id), MAX(trainee_id), MIN(drill), "
        "MAX(drill), MIN(mode), MAX(mode) FROM answer_facts GROUP BY session_id, substr(answered_at, 1, 13)")}


def _check_backend_summaries(records, found: _Found) -> None:
    """The summaries only this backend keeps (the training room's server: room_schema.ROOM_SUMMARY_CHECKS),
    each compared with the answers by the backend itself, in one query that names the rows that differ."""
    for where, what, differing in records.summary_checks:
        for key in records.read(differing):
            found.add(where.format(*key), what)


def _summary_rows(records) -> tuple[dict, dict]:
    """What _check_summaries reads besides the counts: each session's trainee, drill and mode, and answer_hours
    (read while the workers still walk the answers chain)."""
    sessions = {sid: (trainee, drill, mode) for sid, trainee, drill, mode in records.read(
        "SELECT id, trainee_id, drill, mode FROM sessions")}
    stored = {tuple(r[:4]): list(r[4:]) for r in records.read(
        "SELECT trainee_id, drill, mode, hour, answered, correct, last_at FROM answer_hours")}
    return sessions, stored


def _check_summaries(records, found: _Found, groups: dict, facts: dict,
                     summary_rows: tuple[dict, dict] | None = None) -> None:
    """The summary tables against the answers: answer_facts and answer_hours must count exactly what the
    answers hold, hour by hour (counts, right answers, times in milliseconds, sums over the answer ids so
    that an answer moved between groups shows, the last time), each under its own session's trainee, drill
    and mode. Only the groups that differ are sorted, for the report (the same order as sorting them all)."""
    sessions, stored = summary_rows if summary_rows is not None else _summary_rows(records)
    nobody = (None, None, None)
    wrong = []
    for key in itertools.chain(groups, (key for key in facts if key not in groups)):
        want, have = groups.get(key), facts.get(key)
        owner = sessions.get(key[0], nobody)
        if want is None or have is None or have[:6] != want or have[6:] != [owner[0], owner[0], owner[1],
                                                                             owner[1], owner[2], owner[2]]:
            wrong.append(key)
    for key in sorted(wrong, key=str):
        found.add(f"answer_facts of session row {key[0]}, hour {key[1]}",
                  "does not count what the answers hold (the summary table was changed)")
    hours: dict = {}
    for (session_id, hour), (count, right, _, _, _, last) in groups.items():
        trainee, drill, mode = sessions.get(session_id, nobody)
        mine = hours.get((trainee, drill, mode, hour))
        hours[(trainee, drill, mode, hour)] = [count, right, last] if mine is None else [
            mine[0] + count, mine[1] + right, max(mine[2], last)]
    wrong = [key for key in itertools.chain(hours, (key for key in stored if key not in hours))
             if hours.get(key) != stored.get(key)]
    for key in sorted(wrong, key=str):
        found.add(f"answer_hours {key[1]} {key[2]} {key[3]}", "does not add up to the answers of that hour "
                                                              f"(trainee row {key[0]}; the summary was changed)")


def signoffs_problem(records, names: list[str]) -> str | None:
    """Before a manager's key vouches for the sign-offs of these trainees (a sealed scorecard): the first
    sign-off that is not as its ledger entry's signed statement says (none, a statement no accepted key
    signed, or one of other answers, another score, another session), in words; None when all check out. A
    sign-off the version-4 upgrade brought in unsigned is history only before the first signed entry."""
    from .schema_v5 import name_key

    keys = {fp: key for fp, (key, _, _) in records.manager_keys().items()}
    first_signed = records.read("SELECT MIN(seq) FROM ledger WHERE signed_by_key IS NOT NULL")[0][0]
    wanted = {name_key(name) for name in names}
    for uuid, trainee, manager, signed_at, note, reason in records.read(
            "SELECT s.uuid, t.name, so.manager, so.signed_at, so.note, so.reason FROM signoffs so "
            "JOIN sessions s ON s.id = so.session_id JOIN trainees t ON t.id = s.trainee_id ORDER BY s.id"):
        if name_key(trainee) not in wanted:
            continue
        where = f"the sign-off of session {uuid} ({trainee})"
        entries = records.read("SELECT seq, content FROM ledger WHERE kind = 'signoff' AND ref = ? ORDER BY seq",
                               (uuid,))
        if len(entries) != 1:
            return f"{where} has {len(entries)} ledger entries, not one: it was written behind the program's back"
        seq, content = entries[0]
        try:
            event = _parsed(content)
        except ValueError:
            return f"{where}: its ledger entry does not hold readable content"
        if not isinstance(event, dict):
            return f"{where}: its ledger entry does not hold readable content"
        if event.pop("recorded_before_the_chain", False) is True:
            if first_signed is not None and seq > first_signed:
                return f"{where}: its ledger entry claims to be history from before the chains, but follows signed ones"
            continue
        found = _Found()
        row = {"signed_by": manager, "signed_at": signed_at, "note": note, "reason": reason}
        _check_statement(records, found, where, "signoff", uuid, event, {"signoff": {uuid: row}}, keys)
        if found:
            return str(found[0])
    return None
