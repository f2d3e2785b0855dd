"""Judging a stored test again: its items from its seed, its answers by the engine, its pass by the signed target.

    judge = Judge(records)                     # one per records; remembers the verdicts of finished tests
    verdict = judge.verdict(session_uuid)      # None for a session that is not a test
    summary = judge.judged(summary)            # a SessionSummary with the verdict in it (correct, target, problems)

What is checked, for each test (each failure is one of `Verdict.problems`, in plain words):
- the target it is judged by is the manager's signed target in force for its drill when the records issued it
  (the latest target change before its ledger entry whose signature is valid for a manager key these records
  accept; the drill's default when there is none), and its level is the target's;
- a test the records issued (its settings hold the issue): the answer-key settings are those of the manager's
  latest signed change before it, and each stored item is the item its seed gives at that place in the test;
- a test from before the records issued them: each item is the one its own stored seed gives;
- each stored answer graded again by the engine: the count of right answers is the engine's, and the stored
  grades must say the same;
- no more answers than the test has, and its times in order (started, each answer, finished; none in the future).

Making items again is what judging costs (about a millisecond an answer). A manager may seal the gradings a judge
made (Judge.unsealed_gradings, written by the desk as a signed GRADINGS_SEALED audit entry): each maps the digest of
exactly what a grading is made from (drill, settings, seed, level, every stored answer and item) to the engine's
count and the problems met. A judge takes a grading from a seal signed by a key it accepts, for a test whose
digest is the same, instead of making the items again; everything else of the verdict is judged as always. A
seal cannot be written without a manager's key, and it says nothing of a test whose stored answers changed since.

A training room's test taken offline from the desk's stock (its issue names the stocked test) is judged the same way,
and said to be so (`Verdict.taken_offline`): its seed was on the desk before it began, so its items could be read ahead
there, and it counts as a test of its target only once a manager signs it off.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dealerdrill import __version__
from dealerdrill.domain import Target
from dealerdrill.drills.levels import LEVEL_NAMES, level_of
from dealerdrill.drills.regrade import CannotRegrade, grade_as_made, make_drill, regrade_item
from dealerdrill.drills.session import ItemsOfATest
from dealerdrill.records import chain
from dealerdrill.records.models import GRADINGS_SEALED, ISSUE_KEY, SETTINGS_IN_FORCE, TAKEN_FROM_STOCK, SessionSummary
from dealerdrill.records.queries import stored_target
from dealerdrill.records.store import from_text

# A test whose start is later than this past the judge's clock was recorded under a clock set ahead.
FUTURE_SLACK = timedelta(minutes=10)
_TABLES = ("roulette", "baccarat", "paigow")


@dataclass(frozen=True)
class Verdict:
    """A test judged again. `correct` is the engine's count over the `items` answers stored; `target` the one it
    is judged by; `problems` what the stored test does not agree with (a test with any is never a pass);
    `not_counted` why it does not count as a test of its target ("" when it does): taken at another level, or not
    issued by the records (and not signed off by a manager)."""
    session: str
    items: int
    correct: int
    stored_correct: int
    target: Target
    level: int | None
    issued: bool
    problems: tuple[str, ...] = ()
    not_counted: str = ""
    taken_offline: str = ""      # a room's test taken offline from its desk's stock, in words ("" for any other)

    @property
    def passed(self) -> bool:
        if self.problems or self.not_counted or self.items < self.target.test_items:
            return False
        return self.correct / self.items >= self.target.pass_mark


@dataclass(frozen=True)
class _SignedEntry:
    seq: int
    values: dict[str, Any]


# Tests judged a batch at a time (one query for their sessions, one per 500 sessions for their answers); from
# WORKERS_FROM tests on, by worker processes (Judge._workers).
BATCH = 500
WORKERS_FROM = 400
_worker_judge: Judge | None = None


def _open_worker_judge(path: str, catalog, distrusted: frozenset[str], now: datetime) -> None:
    """In a worker process: its own read-only connection to the file and a Judge with the caller's eyes."""
    global _worker_judge
    from dealerdrill.drills.base import registry
    from dealerdrill.records import Records

    registry()           # the drills' modules, loaded as in the caller (they register their default targets)
    records = Records(path, read_only=True, check=False, catalog=catalog)
    _worker_judge = Judge(records, distrusted=distrusted, now=lambda: now)


def _judge_in_worker(batch: list[str]) -> tuple[dict[str, Verdict], dict[str, tuple[int, tuple[str, ...]]]]:
    """The batch's verdicts and the gradings the worker made (for its caller to seal)."""
    assert _worker_judge is not None
    verdicts = _worker_judge._judge_batch(batch)
    fresh, _worker_judge._fresh_gradings = _worker_judge._fresh_gradings, {}
    return verdicts, fresh


# A grading as sealed: (right answers by the engine, the problems met making the items and grading them).
Grading = tuple[int, tuple[str, ...]]
# At most this many gradings in one sealed entry (a file's first seal after an upgrade may cover thousands).
SEAL_SIZE = 2000


def grading_digest(drill_id: str, settings_text: str, seed: int | None, level: int, answers: list[tuple]) -> str:
    """The SHA-256 (hex) of everything a test's grading is made from: the program's version (the engine that
    grades), its drill, its settings as stored, the seed its items come from, its level, and each stored answer
    (number, item, answer given, timed out) in order."""
    made_from = [__version__, drill_id, settings_text, seed, level,
                 [[seq, item, answer, bool(timed_out)] for seq, item, answer, _, timed_out, _ in answers]]
    # SQLite keeps whatever type it is given: an item or answer written as a BLOB is digested as such (tagged, so it
    # is never the text of the same bytes) and judged as unreadable, never a TypeError that stops the judge.
    return hashlib.sha256(json.dumps(made_from, separators=(",", ":"), default=_tagged).encode()).hexdigest()


def _tagged(value):
    if isinstance(value, bytes | bytearray | memoryview):
        return {"bytes": bytes(value).hex()}
    raise TypeError(f"a stored value of type {type(value).__name__} cannot be digested")


class Judge:
    """Judges the tests of one Records. `distrusted`: manager keys whose signatures are not a manager's word
    here (a desk's: keys its PIN file does not explain). `now`: the clock a start in the future is judged by."""

    def __init__(self, records, *, distrusted: frozenset[str] = frozenset(), now=None,
                 drills: dict | None = None):
        """`drills`: drill classes by id beyond the registered ones (a desk's sessions of drills of its own)."""
        self.records = records
        self.distrusted = frozenset(distrusted)
        self.drills = drills if drills is not None else {}
        self._now = now or (lambda: datetime.now(UTC))
        # Finished tests' verdicts, by everything of the session row they were made from (a row changed behind
        # the program's back is judged again).
        self._cache: dict[tuple, Verdict] = {}
        self._drills: dict[tuple[str, str], Any] = {}
        self._loaded_to = -1
        self._targets: dict[str, list[_SignedEntry]] = {}
        self._settings: list[_SignedEntry] = []
        self._broken_signed: list[int] = []
        self._sealed: dict[str, Grading] = {}               # digest -> grading, from seals of accepted keys
        self._fresh_gradings: dict[str, Grading] = {}       # made here and not under any seal yet

    # ------------------------------------------------------------------------------------ what callers ask

    def verdict(self, session_uuid: str) -> Verdict | None:
        return self.verdicts([session_uuid]).get(session_uuid)

    def verdicts(self, session_uuids) -> dict[str, Verdict]:
        """session uuid -> its Verdict, for those of `session_uuids` that are tests. Many tests of a records file
        (verify over a whole file) are judged by worker processes, one a core: each makes items and grades."""
        wanted = list(dict.fromkeys(session_uuids))
        batches = [wanted[start:start + BATCH] for start in range(0, len(wanted), BATCH)]
        found: dict[str, Verdict] = {}
        pool = self._workers(len(wanted))
        if pool is None:
            for batch in batches:
                found.update(self._judge_batch(batch))
            return found
        with pool:
            for judged, fresh in pool.map(_judge_in_worker, batches):
                found.update(judged)
                self._fresh_gradings.update(fresh)
        return found

    def unsealed_gradings(self) -> dict[str, Grading]:
        """The gradings of finished tests this judge made (the engine's, items made again) that no seal it read
        holds: what a manager's seal may vouch for (dealerdrill.desk seals them while the role is held)."""
        return {digest: grading for digest, grading in self._fresh_gradings.items() if digest not in self._sealed}

    def sealed(self, gradings: dict[str, Grading]) -> None:
        """These gradings are now under a seal (the desk wrote it): not offered again."""
        self._sealed.update(gradings)

    def _workers(self, tests: int):
        """A pool of worker processes for `tests` tests, or None to judge here: a few tests, one core, a room
        (its connections are not a worker's), or drills of the caller's own (not importable by a worker)."""
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor

        from dealerdrill.drills.base import registry

        cores = os.cpu_count() or 1
        path = getattr(self.records, "path", None)
        own_drills = any(registry().get(drill_id) is not cls for drill_id, cls in self.drills.items())
        if (tests < WORKERS_FROM or cores < 2 or own_drills or getattr(self.records, "room", False)
                or path is None or not Path(path).is_file()):
            return None
        now = self._now()
        try:
            return ProcessPoolExecutor(min(cores, 4), mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_open_worker_judge,
                                       initargs=(str(path), self.records.catalog, self.distrusted, now))
        except (OSError, ValueError, NotImplementedError):      # no processes here: judge in this one
            return None

    def judged(self, summary: SessionSummary) -> SessionSummary:
        return self.judged_all([summary])[0]

    def judged_all(self, summaries) -> list[SessionSummary]:
        """The summaries with each test's verdict in it: the engine's count, the signed target, the problems."""
        summaries = list(summaries)
        verdicts = self.verdicts([s.uuid for s in summaries if s.mode == "test"])
        return [with_verdict(s, verdicts[s.uuid]) if s.uuid in verdicts else s for s in summaries]

    # ------------------------------------------------------------------------------------ judging

    def _judge_batch(self, uuids: list[str]) -> dict[str, Verdict]:
        if not uuids:
            return {}
        marks = ", ".join("?" * len(uuids))
        sessions = self.records.read(
            "SELECT s.id, s.uuid, s.drill, s.settings, s.target, s.started_at, s.finished_at, "
            "(SELECT l.seq FROM ledger l WHERE l.kind = 'session' AND l.ref = s.uuid), "
            "(SELECT COUNT(*) FROM answers a WHERE a.session_id = s.id) "
            f"FROM sessions s WHERE s.mode = 'test' AND s.uuid IN ({marks})", uuids)
        result: dict[str, Verdict] = {}
        to_judge = []
        for row in sessions:
            cached = self._cache.get(row[1:]) if row[6] is not None else None
            if cached is not None:
                result[row[1]] = cached
            else:
                to_judge.append(row)
        if not to_judge:
            return result
        self._load_signed(max((row[7] or 0) for row in to_judge))
        answers: dict[int, list[tuple]] = {row[0]: [] for row in to_judge}
        ids = list(answers)
        for start in range(0, len(ids), 500):
            part = ids[start:start + 500]
            for answer in self.records.read(
                    "SELECT session_id, seq, item, answer, correct, timed_out, answered_at FROM answers "
                    f"WHERE session_id IN ({', '.join('?' * len(part))}) ORDER BY session_id, seq", part):
                answers[answer[0]].append(answer[1:])
        for row in to_judge:
            verdict = self._judge(row, answers[row[0]])
            result[row[1]] = verdict
            if row[6] is not None:
                self._cache[row[1:]] = verdict
        return result

    def _judge(self, row: tuple, answers: list[tuple]) -> Verdict:
        _, uuid, drill_id, settings_text, target_text, started, finished, ledger_seq, _ = row
        problems: list[str] = []
        stored_correct = sum(int(bool(a[3])) for a in answers)
        settings = _json_object(settings_text)
        stored = stored_target(target_text)
        if settings is None or stored is None:
            return Verdict(uuid, len(answers), 0, stored_correct, stored or Target(), None, False,
                           ("what the test recorded (its settings or its target) cannot be read: the records were "
                            "edited by hand",))
        issue = settings.get(ISSUE_KEY)
        issued = isinstance(issue, dict)
        in_force = self._target_in_force(drill_id, ledger_seq)
        signed_off = self._signoff_statement(uuid)
        # A test signed off by a manager whose key these records accept (one imported from another workstation,
        # say) is judged by the target that manager signed it off under.
        vouched = signed_off is not None and (signed_off.get("test_items"), signed_off.get("pass_mark")) == \
            (stored.test_items, stored.pass_mark)
        target = stored if vouched else in_force
        level = _level(settings.get("difficulty"))
        not_counted = ""
        # What the records issued must be as they issued it: a difference is a problem. A test they did not issue
        # (from before they issued tests, or stored as a test some other way) never counts as a test of its
        # target, unless a manager's signature vouches for it; its own claims are then only reasons it does not.
        claims = problems if issued else []
        if ledger_seq is None:
            problems.append("it has no entry in the ledger (added behind the program's back)")
        else:
            later_broken = [seq for seq in self._broken_signed if seq > ledger_seq]
            if later_broken:
                problems.append(f"a manager's signed entry made since it started (ledger entry {later_broken[0]}) no "
                                "longer matches the records: they were rewritten and linked anew after it was signed")
        if stored != target:
            claims.append(f"it was stored under a target ({_target_words(stored)}) that is not the manager's target in "
                          f"force when it was issued ({_target_words(target)})")
        if level is None:
            claims.append("its settings name no level")
        elif level != target.level:
            not_counted = (f"it was taken at the {LEVEL_NAMES[level]} level; its target asks for "
                           f"{LEVEL_NAMES[target.level]}")
        if not issued and not not_counted and signed_off is None:
            not_counted = ("it was not issued by the records (taken before they issued tests, or started another "
                           "way)" + (f": {claims[0]}" if claims else ""))
        stock = issue.get("stock") if isinstance(issue, dict) else None
        taken_offline = _taken_offline_words(stock, started) if isinstance(stock, dict) else ""
        if taken_offline and not not_counted and signed_off is None:
            # Its seed was on the desk (the desk drew its items offline): whoever holds the desk's files could read
            # them, and their right answers, ahead. The manager's signature, after the review that says so, counts it.
            not_counted = (f"it was {TAKEN_FROM_STOCK}, whose seed was on the desk before it began (its items could be "
                           "read ahead there); it counts once a manager signs it off")
        seed = issue.get("seed") if isinstance(issue, dict) else None
        item_keys = None
        digest = issue.get("seed_sha256") if isinstance(issue, dict) else None
        if issued:
            if seed is None and isinstance(digest, str):
                seed, item_keys, problem = self._kept_seed(uuid, finished, digest)
                if problem:
                    problems.append(problem)
            elif isinstance(seed, bool) or not isinstance(seed, int):
                problems.append("its issue holds no seed")
            if not vouched and _answer_keys(settings) != _answer_keys(self._settings_in_force(ledger_seq)):
                problems.append("its answer-key settings are not those of the manager's latest signed change when it "
                                "was issued")
        problems += _time_problems(started, finished, [a[5] for a in answers], self._now())
        if len(answers) > stored.test_items:
            problems.append(f"it holds {len(answers)} answers; the test has {stored.test_items} items")
        correct, grading_problems = self._grade(drill_id, settings_text, seed if issued else None, level or 1,
                                                answers, item_keys if issued else None, finished is not None)
        problems += grading_problems
        if not grading_problems and correct != stored_correct:
            problems.append(f"its stored grades say {stored_correct} right; graded again by the engine, {correct} are")
        return Verdict(uuid, len(answers), correct, stored_correct, target, level, issued, tuple(problems),
                       not_counted, taken_offline)

    def _kept_seed(self, uuid: str, finished: str | None, digest: str):
        """(seed, item keys, problem) of a test whose records keep its seed to themselves (a room's server): once it
        has ended, its seed, which must be the one its issue named by its SHA-256; while it runs, its items' keys one
        at a time, as far as it was answered."""
        import hashlib

        from dealerdrill.records import RecordsError
        from dealerdrill.records.room_store import RecordsOfflineError

        try:
            if finished is None:
                return None, functools.partial(self.records.item_key, uuid), ""
            seed = self.records.test_seed(uuid)
        except AttributeError:
            return None, None, "its issue names a seed these records do not keep"
        except RecordsOfflineError:
            raise
        except (RecordsError, TypeError, ValueError) as error:   # the server refused: it issued no such test
            return None, None, f"the server gives no seed for it ({str(error).strip().splitlines()[0]})"
        if hashlib.sha256(str(seed).encode("ascii")).hexdigest() != digest:
            return None, None, "the seed the server kept is not the one its issue names"
        return seed, None, ""

    def _grade(self, drill_id: str, settings_text: str, seed: int | None, level: int,
               answers: list[tuple], item_keys=None, finished: bool = False) -> tuple[int, list[str]]:
        """(right answers by the engine, problems): each stored item must be the one the test's seed gives at its
        place (a test the records issued) or the one its own stored seed gives (an older test). A finished test's
        grading is taken from a seal when one holds it (see the module's text), else made and kept to be sealed."""
        if not answers:
            return 0, []
        if not finished or item_keys is not None:
            return self._grade_made(drill_id, settings_text, seed, level, answers, item_keys)
        digest = grading_digest(drill_id, settings_text, seed, level, answers)
        sealed = self._sealed.get(digest)
        if sealed is not None:
            return sealed[0], list(sealed[1])
        correct, problems = self._grade_made(drill_id, settings_text, seed, level, answers, None)
        self._fresh_gradings[digest] = (correct, tuple(problems))
        return correct, problems

    def _grade_made(self, drill_id: str, settings_text: str, seed: int | None, level: int,
                    answers: list[tuple], item_keys) -> tuple[int, list[str]]:
        try:
            drill = self._drill(drill_id, settings_text)
        except CannotRegrade as error:
            return 0, [f"it cannot be graded again here: {error}"]
        sequence = (ItemsOfATest(drill, seed, level, item_keys=item_keys)
                    if seed is not None or item_keys is not None else None)
        correct, problems = 0, []
        for place, (seq, item_text, answer_text, _, timed_out, _) in enumerate(answers, start=1):
            if seq != place:
                problems.append(f"its answers are numbered {seq} where {place} was due (an answer missing or added)")
                break
            record = _json_object(item_text)
            if record is None:
                problems.append(f"item {place} cannot be read")
                continue
            expected = None
            if sequence is not None:
                expected = sequence.next()
                stored_origin = record.get("origin")
                origin = stored_origin if isinstance(stored_origin, dict) else {}
                if origin.get("seed") != (expected.origin or {}).get("seed"):
                    problems.append(f"item {place} is not the item the test's seed gives at that place")
                    continue
            try:
                answer = json.loads(answer_text) if isinstance(answer_text, str) else None
                grade = (grade_as_made(drill, expected, record, answer, bool(timed_out)) if expected is not None
                         else regrade_item(drill, record, answer, bool(timed_out)))
            except (CannotRegrade, ValueError) as error:
                problems.append(f"item {place} cannot be graded again ({error})")
                continue
            correct += int(bool(grade.correct))
        return correct, problems

    def _signoff_statement(self, session_uuid: str) -> dict | None:
        """The statement of the session's sign-off when it is in the ledger, over this session, signed by a
        manager key these records accept (verify checks the rest of it: its score and answers); else None."""
        keys = self._keys()
        for (content,) in self.records.read("SELECT content FROM ledger WHERE kind = 'signoff' AND ref = ?",
                                            (session_uuid,)):
            event = _json_object(content) or {}
            statement, signature = event.get("statement"), event.get("signature")
            if not isinstance(statement, dict) or not isinstance(signature, str):
                continue
            key = keys.get(str(statement.get("key")))
            try:
                if (key is not None and statement.get("session") == session_uuid
                        and chain.signature_is_valid(key, bytes.fromhex(signature),
                                                     chain.event_content(statement).encode())):
                    return statement
            except ValueError:
                continue
        return None

    def _keys(self) -> dict[str, bytes]:
        return {fp: key for fp, (key, _, _) in self.records.manager_keys().items() if fp not in self.distrusted}

    def _drill(self, drill_id: str, settings_text: str):
        settings = _json_object(settings_text) or {}
        tables = json.dumps({t: settings.get(t) for t in _TABLES if t in settings}, sort_keys=True)
        made = self._drills.get((drill_id, tables))
        if made is None:
            made = self._drills[(drill_id, tables)] = make_drill(drill_id, tables, self.drills)
        return made

    # ------------------------------------------------------------------------------------ what was in force

    def _target_in_force(self, drill_id: str, ledger_seq: int | None) -> Target:
        changes = self._targets.get(drill_id, [])
        before = [c for c in changes if ledger_seq is not None and c.seq < ledger_seq]
        if not before:
            return self.records.catalog.default_target(drill_id)
        values = before[-1].values
        return Target(values["seconds"], values["accuracy"], values["test_items"], values["pass_mark"],
                      **({"level": values["level"]} if values.get("level") is not None else {}))

    def _settings_in_force(self, ledger_seq: int | None) -> dict[str, dict]:
        before = [e for e in self._settings if ledger_seq is not None and e.seq < ledger_seq]
        return before[-1].values if before else {}

    def _load_signed(self, up_to: int) -> None:
        """In one pass over the signed ledger entries (reread when a test is newer than what was read): the target
        changes and answer-key settings a manager signed, in ledger order, the gradings they sealed, and the signed
        entries that no longer hold."""
        if up_to <= self._loaded_to:
            return
        self._loaded_to = self.records.read("SELECT COALESCE(MAX(seq), 0) FROM ledger")[0][0]
        keys = {fp: key for fp, (key, _, origin) in self.records.manager_keys().items()
                if origin == "this workstation" and fp not in self.distrusted}
        every_key = {fp: key for fp, (key, _, _) in self.records.manager_keys().items()}
        targets: dict[str, list[_SignedEntry]] = {}
        settings: list[_SignedEntry] = []
        broken: list[int] = []
        # Targets from before the chains (a file upgraded to version 4 linked them unsigned, ahead of anything
        # signed) were a manager's then, as verify takes that history.
        first_signed = self.records.read("SELECT MIN(seq) FROM ledger WHERE signed_by_key IS NOT NULL")[0][0]
        for seq, kind, ref, content, last_id, head, stored, key, signature, previous in self.records.read(
                "SELECT l.seq, l.kind, l.ref, l.content, l.answers_last_id, l.answers_head, l.chain_hash, "
                "l.signed_by_key, l.signature, p.chain_hash FROM ledger l LEFT JOIN ledger p ON p.seq = l.seq - 1 "
                "WHERE l.signed_by_key IS NOT NULL OR l.kind = 'target' ORDER BY l.seq"):
            link = chain.ledger_link(bytes(previous) if previous is not None else chain.NO_HASH, kind, ref, content,
                                     last_id, bytes(head))
            holds = link == bytes(stored)
            if key is not None and not (holds and key in every_key and signature is not None
                                        and chain.signature_is_valid(every_key[key], bytes(signature), link)):
                # Every entry a manager signed vouches for the records as they stood then: one whose hash or
                # signature no longer holds (the records rewritten and their chains linked anew after it) is named
                # on each test before it.
                broken.append(seq)
                continue
            history = key is None and kind == "target" and (first_signed is None or seq < first_signed)
            if not holds or not (history or key in keys):
                continue
            if kind == "target":
                event = _json_object(content) or {}
                statement = event.get("statement") if not history else event
                if isinstance(statement, dict) and isinstance(statement.get("drill"), str):
                    targets.setdefault(statement["drill"], []).append(_SignedEntry(seq, statement))
            elif kind == "audit" and (SETTINGS_IN_FORCE in content or GRADINGS_SEALED in content):
                event = _json_object(content) or {}
                if event.get("action") == SETTINGS_IN_FORCE:
                    detail = _json_object(event.get("detail")) or {}
                    answer_keys = detail.get("answer_keys")
                    if isinstance(answer_keys, dict):
                        settings.append(_SignedEntry(seq, {t: v for t, v in answer_keys.items()
                                                           if isinstance(v, dict)}))
                elif event.get("action") == GRADINGS_SEALED:
                    self._sealed.update(_gradings_of(event.get("detail")))
        self._targets, self._settings, self._broken_signed = targets, settings, broken


def sealed_gradings_text(gradings: dict[str, Grading]) -> str:
    """The detail of a GRADINGS_SEALED audit entry: digest -> [right answers, [problems]]."""
    return json.dumps({"gradings": {digest: [correct, list(problems)]
                                    for digest, (correct, problems) in sorted(gradings.items())}},
                      separators=(",", ":"))


def _gradings_of(detail) -> dict[str, Grading]:
    """The gradings a sealed entry's detail holds; what is not of their shape is passed over."""
    gradings = (_json_object(detail) or {}).get("gradings")
    if not isinstance(gradings, dict):
        return {}
    found: dict[str, Grading] = {}
    for digest, grading in gradings.items():
        if (isinstance(grading, list) and len(grading) == 2 and type(grading[0]) is int and grading[0] >= 0
                and isinstance(grading[1], list) and all(isinstance(p, str) for p in grading[1])):
            found[digest] = (grading[0], tuple(grading[1]))
    return found


def with_verdict(summary: SessionSummary, verdict: Verdict) -> SessionSummary:
    return replace(summary, correct=verdict.correct, target=verdict.target, judged=True, problems=verdict.problems,
                   not_counted=verdict.not_counted, taken_offline=verdict.taken_offline)


def _taken_offline_words(stock: dict, started: str) -> str:
    """What the issue of a test taken offline from a desk's stock says of it, in words."""
    words = TAKEN_FROM_STOCK
    login, stocked_at, desk_clock = (stock.get(k) for k in ("login", "stocked_at", "desk_clock_started_at"))
    if isinstance(login, str) and isinstance(stocked_at, str):
        words += f" (issued ahead for the desk login {login} at {stocked_at}; the server received it at {started}"
        words += f", the desk's clock says it began at {desk_clock})" if isinstance(desk_clock, str) and desk_clock \
            else ")"
    return words


def _time_problems(started: str, finished: str | None, answered: list[str], now: datetime) -> list[str]:
    problems = []
    start = from_text(started)
    if start is not None and start > now + FUTURE_SLACK:
        problems.append(f"it started in the future ({started}): the clock that recorded it was set ahead")
    else:
        # A clock set ahead for the finish only (or for some answers): a sign-off made now would predate the test.
        end = _moment(finished)
        latest = max((moment for moment in map(_moment, answered) if moment is not None), default=None)
        if end is not None and end > now + FUTURE_SLACK:
            problems.append(f"it finished in the future ({finished}): the clock that recorded it was set ahead")
        elif latest is not None and latest > now + FUTURE_SLACK:
            problems.append("an answer was recorded in the future: the clock that recorded it was set ahead")
    if finished is not None and finished < started:
        problems.append(f"it finished ({finished}) before it started ({started})")
    if any(at < started for at in answered) or (finished is not None and any(at > finished for at in answered)):
        problems.append("an answer was recorded outside the time the test ran")
    if any(later < earlier for earlier, later in zip(answered, answered[1:])):
        problems.append("its answers were recorded out of order in time")
    return problems


def _moment(text) -> datetime | None:
    """The time a stored text holds, or None for one that holds none (empty, or written by hand unreadable)."""
    try:
        moment = from_text(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return moment if moment is None or moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _answer_keys(tables: dict) -> dict:
    """The answer-key settings `tables` give, every one named (a table or value not given is its default)."""
    from dealerdrill import settings as table_settings

    made, _ = table_settings.from_dict({t: v for t, v in tables.items() if t in _TABLES and isinstance(v, dict)})
    return {table: {name: value for name, value in values.items() if name not in table_settings.PRESENTATION_ONLY}
            for table, values in made.to_dict().items()}


def _level(difficulty) -> int | None:
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty < 1:
        return None
    return level_of(difficulty)


def _target_words(target: Target) -> str:
    return (f"{target.test_items} items at {LEVEL_NAMES[target.level]}, pass mark {target.pass_mark:.0%}")


def _json_object(text) -> dict | None:
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


# The judge of whoever asked for the current piece of work (a desk's: its distrusted keys and its own drills), so
# that an export judges with the same eyes as the desk that asked for it; a ContextVar, as exports run in threads.
_JUDGE_IN_USE: ContextVar[Judge | None] = ContextVar("judge_in_use", default=None)


@contextmanager
def judging_with(judge: Judge | None) -> Iterator[None]:
    """Within the block, judge_for(records) of the judge's records is `judge` (None: a plain Judge as before)."""
    token = _JUDGE_IN_USE.set(judge)
    try:
        yield
    finally:
        _JUDGE_IN_USE.reset(token)


def judge_for(records) -> Judge:
    """The judge in use for these records (judging_with), else a new Judge that trusts every accepted key."""
    judge = _JUDGE_IN_USE.get()
    return judge if judge is not None and judge.records is records else Judge(records)


def tests_problem(records, names: list[str], judge: Judge | None = None) -> str | None:
    """Before a manager's key vouches for the tests of these trainees (a sealed scorecard): the first test whose
    stored result does not agree with its verdict made again, in words; None when all agree."""
    from dealerdrill.records.schema_v5 import name_key

    judge = judge or judge_for(records)
    wanted = {name_key(name) for name in names}
    rows = [(uuid, name, drill) for uuid, name, drill in records.read(
        "SELECT s.uuid, t.name, s.drill FROM sessions s JOIN trainees t ON t.id = s.trainee_id WHERE s.mode = 'test' "
        "ORDER BY s.id") if name_key(name) in wanted]
    verdicts = judge.verdicts([uuid for uuid, _, _ in rows])
    for uuid, name, drill in rows:
        verdict = verdicts.get(uuid)
        if verdict is not None and verdict.problems:
            return f"the test of {name} on {drill} ({uuid}) cannot be trusted: {verdict.problems[0]}"
    return None


def judged_roster(records, f, judge: Judge | None = None) -> list:
    """records.roster(f) with each drill's "a test passed" (and "signed off") confirmed by the tests' verdicts made
    again: only a test that passes judged again, at the level the drill's target now names, counts."""
    from dealerdrill.records.models import RecordFilter
    from dealerdrill.records.schema_v5 import name_key

    judge = judge or judge_for(records)
    f = f or RecordFilter()
    entries = records.roster(f)
    claimed = {entry.trainee.name for entry in entries
               for game in entry.games.values() for drill in game.drills if drill.test_passed}
    if not claimed:
        return entries
    attempts = [a for a in records.test_attempts(RecordFilter(f.date_from, f.date_to, f.game, f.drill, "test",
                                                              tuple(sorted(claimed)), True)) if a.passed]
    verdicts = judge.verdicts([a.uuid for a in attempts])
    confirmed: dict[tuple[str, str], bool] = {}
    for attempt in attempts:
        verdict = verdicts.get(attempt.uuid)
        level_now = records.target(attempt.drill).level
        if verdict is not None and verdict.passed and verdict.level == level_now:
            key = (name_key(attempt.trainee), attempt.drill)
            confirmed[key] = confirmed.get(key, False) or bool(attempt.signed_by)
    judged = []
    for entry in entries:
        games = {}
        for game_id, game in entry.games.items():
            drills = []
            for drill in game.drills:
                key = (name_key(entry.trainee.name), drill.drill)
                drills.append(replace(drill, test_passed=key in confirmed,
                                      test_signed_off=confirmed.get(key, False)))
            games[game_id] = replace(game, drills=tuple(drills))
        judged.append(replace(entry, games=games))
    return judged
