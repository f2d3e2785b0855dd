"""Synthetic records at scale, for the load tests and benchmarks (issue 7: 200 trainees, 2 million answers).
Test and benchmark data, kept out of the shipped package; Qt-free.

Everything is a pure function of the row number, so the expected counts are known without reading the
database back: `expected_counts()` recomputes them in Python from the same rules, and the tests compare
those with what the records report. The rows themselves are made inside SQLite (recursive CTEs, one
transaction, no journal, no sync) because building two million Python tuples would take far longer than
writing them; the file is built under a temporary name and renamed at the end, so a half-built file is
never mistaken for a finished one.

Layout: session j (1, 2, ...) belongs to trainee ((j - 1) mod T) + 1 and drill DRILLS[((j - 1) div T) mod D],
so every trainee practises every drill in turn; sessions start SESSION_GAP apart and hold
ANSWERS_PER_SESSION answers, ANSWER_GAP apart. Every TEST_EVERY-th session is a test, every third (not a
test) a timed session, the rest practice. Answer i is right unless (i * 37) mod 100 < WRONG_PERCENT, takes
1 + ((i * 53) mod 700) / 100 seconds, and asks about family FAMILIES[drill][i mod len].
"""
from __future__ import annotations

import os
import sqlite3
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from dealerdrill.records import schema

GENERATOR_VERSION = 3  # with the schema version in the file name, see Plan.file_name
START = datetime(2025, 1, 6, 8, 0, tzinfo=UTC)
SESSION_GAP = timedelta(minutes=6)
ANSWER_GAP = timedelta(seconds=3)
ANSWERS_PER_SESSION = 25
TEST_EVERY = 10
WRONG_PERCENT = 17

# (drill, game, families): real drill ids, with family strings in the drills' conventions so that the
# heatmap, wager-kind and house-way breakdowns have something to count.
DRILLS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("baccarat.table_of_play", "baccarat",
     tuple(f"banker{b}.third{c}" for b in range(8) for c in range(10))),
    ("baccarat.commission", "baccarat", ("commission.banker", "commission.tie")),
    ("baccarat.settle", "baccarat", ("settle.player", "settle.banker", "settle.tie")),
    ("baccarat.shoe", "baccarat", ("shoe.burn", "shoe.cut")),
    ("baccarat.procedure", "baccarat", ("procedure.deal",)),
    ("paigow.tiles", "paigow", ("tiles.rank", "tiles.points")),
    ("paigow.compare", "paigow", ("compare.high", "compare.low")),
    ("paigow.house_way", "paigow", ("paigow.nz-pairs", "paigow.nz-split-nines", "paigow.nz-no-pair")),
    ("paigow.expose", "paigow", ("expose.order",)),
    ("paigow.settle", "paigow", ("settle.copy", "settle.win")),
    ("roulette.payout", "roulette", tuple(f"roulette.payout.{k}" for k in
                                          ("straight", "split", "street", "corner", "six_line", "dozen", "red"))),
    ("roulette.completes", "roulette", ("roulette.completes.complete", "roulette.completes.picture")),
    ("roulette.payout_keys", "roulette", ("roulette.keys.17", "roulette.keys.8", "roulette.keys.35")),
    ("roulette.winners", "roulette", ("roulette.winners.clear.side",)),
)
WRONG_CATEGORY = {"baccarat": "baccarat_banker_draw", "paigow": "arithmetic", "roulette": "roulette_wrong_odds"}


def trainee_name(number: int) -> str:
    return f"Trainee {number:03d}"


def _text(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class Plan:
    trainees: int = 200
    answers: int = 2_000_000

    @property
    def sessions(self) -> int:
        return -(-self.answers // ANSWERS_PER_SESSION)

    def file_name(self) -> str:
        return f"records-{self.trainees}t-{self.answers}a-g{GENERATOR_VERSION}-s{schema.SCHEMA_VERSION}.sqlite3"

    # The rules, in Python, for the expected counts (the SQL below states the same ones).
    def session_of(self, answer: int) -> int:
        return (answer - 1) // ANSWERS_PER_SESSION + 1

    def trainee_of(self, session: int) -> int:
        return (session - 1) % self.trainees + 1

    def drill_of(self, session: int) -> int:
        return ((session - 1) // self.trainees) % len(DRILLS)

    @staticmethod
    def mode_of(session: int) -> str:
        return "test" if session % TEST_EVERY == 0 else ("timed" if session % 3 == 0 else "practice")

    @staticmethod
    def correct(answer: int) -> bool:
        return (answer * 37) % 100 >= WRONG_PERCENT

    @staticmethod
    def seconds(answer: int) -> float:
        return 1 + ((answer * 53) % 700) / 100

    def answered_at(self, answer: int) -> datetime:
        session = self.session_of(answer)
        seq = (answer - 1) % ANSWERS_PER_SESSION + 1
        return START + (session - 1) * SESSION_GAP + seq * ANSWER_GAP


@dataclass
class ExpectedCounts:
    answers_by_trainee: Counter          # trainee name -> answers
    correct_by_trainee: Counter
    answers_by_trainee_drill: Counter    # (name, drill) -> answers
    correct_by_trainee_drill: Counter
    sessions_by_mode: Counter


def expected_counts(plan: Plan) -> ExpectedCounts:
    """What the generated file holds, worked out from the rules alone (no database)."""
    answers_td, correct_td, modes = Counter(), Counter(), Counter()
    for session in range(1, plan.sessions + 1):
        modes[plan.mode_of(session)] += 1
        first = (session - 1) * ANSWERS_PER_SESSION + 1
        last = min(plan.answers, session * ANSWERS_PER_SESSION)
        key = (trainee_name(plan.trainee_of(session)), DRILLS[plan.drill_of(session)][0])
        answers_td[key] += last - first + 1
        correct_td[key] += sum(plan.correct(i) for i in range(first, last + 1))
    answers_t, correct_t = Counter(), Counter()
    for (name, _), count in answers_td.items():
        answers_t[name] += count
    for (name, _), count in correct_td.items():
        correct_t[name] += count
    return ExpectedCounts(answers_t, correct_t, answers_td, correct_td, modes)


def generate(path: str | Path, plan: Plan = Plan()) -> Path:
    """Write the records of `plan` to `path` (replacing it); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    building = path.with_name(path.name + f".building-{os.getpid()}")
    building.unlink(missing_ok=True)
    db = sqlite3.connect(str(building), isolation_level=None)
    try:
        # Version 2 first, rows next, then version 3, whose migration derives its tables from the rows in
        # one pass (much faster than its trigger firing two million times).
        schema.migrate(db, building, upto=2)
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA cache_size = -262144")     # 256 MiB: the indexes stay in memory while built
        db.execute("BEGIN")
        db.execute("CREATE TEMP TABLE plan_drills (k INTEGER PRIMARY KEY, drill TEXT, game TEXT, families INTEGER)")
        db.execute("CREATE TEMP TABLE plan_families (drill_k INTEGER, k INTEGER, family TEXT, "
                   "PRIMARY KEY (drill_k, k))")
        for k, (drill, game, families) in enumerate(DRILLS):
            db.execute("INSERT INTO plan_drills VALUES (?, ?, ?, ?)", (k, drill, game, len(families)))
            db.executemany("INSERT INTO plan_families VALUES (?, ?, ?)",
                           [(k, n, family) for n, family in enumerate(families)])
        db.executemany("INSERT INTO trainees (id, uuid, name, created_at) VALUES (?, ?, ?, ?)",
                       [(n, f"00000000-0000-4000-8000-{n:012x}", trainee_name(n), _text(START - timedelta(days=1)))
                        for n in range(1, plan.trainees + 1)])
        start_seconds = START.timestamp()
        db.execute(
            f"""WITH RECURSIVE n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < {plan.sessions})
            INSERT INTO sessions (id, uuid, trainee_id, drill, game, mode, settings, target, workstation,
                                  started_at, finished_at)
            SELECT j, printf('10000000-0000-4000-8000-%012x', j), (j - 1) % {plan.trainees} + 1, d.drill, d.game,
                   CASE WHEN j % {TEST_EVERY} = 0 THEN 'test' WHEN j % 3 = 0 THEN 'timed' ELSE 'practice' END,
                   '{{}}', '{{}}', 'synthetic',
                   strftime('%Y-%m-%dT%H:%M:%f', {start_seconds} + (j - 1) * {SESSION_GAP.total_seconds()},
                            'unixepoch') || '000Z',
                   strftime('%Y-%m-%dT%H:%M:%f', {start_seconds} + (j - 1) * {SESSION_GAP.total_seconds()}
                            + {ANSWERS_PER_SESSION + 1} * {ANSWER_GAP.total_seconds()}, 'unixepoch') || '000Z'
            FROM n JOIN plan_drills d ON d.k = ((j - 1) / {plan.trainees}) % {len(DRILLS)}""")
        db.execute(
            f"""WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {plan.answers})
            INSERT INTO answers (id, uuid, session_id, seq, family, item, answer, expected, given, correct,
                                 category, rule, seconds, timed_out, answered_at)
            SELECT i, printf('20000000-0000-4000-8000-%012x', i), s.id, (i - 1) % {ANSWERS_PER_SESSION} + 1,
                   f.family, '{{"family": "' || f.family || '", "prompt": {{}}, "text": "Question ' || i || '"}}',
                   '"A"', 'A', CASE WHEN (i * 37) % 100 >= {WRONG_PERCENT} THEN 'A' ELSE 'B' END,
                   (i * 37) % 100 >= {WRONG_PERCENT},
                   CASE WHEN (i * 37) % 100 >= {WRONG_PERCENT} THEN NULL ELSE
                        CASE d.game WHEN 'baccarat' THEN '{WRONG_CATEGORY["baccarat"]}'
                                    WHEN 'paigow' THEN '{WRONG_CATEGORY["paigow"]}'
                                    ELSE '{WRONG_CATEGORY["roulette"]}' END END,
                   'rule 1', 1 + ((i * 53) % 700) / 100.0, 0,
                   strftime('%Y-%m-%dT%H:%M:%f', {start_seconds} + (s.id - 1) * {SESSION_GAP.total_seconds()}
                            + ((i - 1) % {ANSWERS_PER_SESSION} + 1) * {ANSWER_GAP.total_seconds()}, 'unixepoch')
                            || '000Z'
            FROM n JOIN sessions s ON s.id = (i - 1) / {ANSWERS_PER_SESSION} + 1
                   JOIN plan_drills d ON d.drill = s.drill
                   JOIN plan_families f ON f.drill_k = d.k AND f.k = i % d.families""")
        db.execute("COMMIT")
        schema.migrate(db, building)
        db.execute("ANALYZE")
        db.execute("PRAGMA journal_mode = WAL")
    finally:
        db.close()
    os.replace(building, path)
    return path


def cached(folder: str | Path, plan: Plan = Plan()) -> Path:
    """The generated file for `plan` in `folder`, generated only when it is not there yet."""
    path = Path(folder) / plan.file_name()
    if not path.exists():
        generate(path, plan)
    return path
