"""The training room on PostgreSQL (issue 14), each number beside SQLite's for the same work:

- 20 desks answering once a second for 5 minutes (DEALERDRILL_BENCH_ROOM_SECONDS shortens the run; the
  5-minute run is the measured one): the p99 time for `record_answer` to commit, and that nothing is lost;
  SQLite: 20 desks, each its own file, the same rhythm;
- the manager's roster over 10 million answers (200 trainees) on the server; SQLite's over its 2-million
  answer load file (bench_records' file);
- a CSV export of 2 million answers from the server, and from the 2-million-answer SQLite file.

The server is a throw-away cluster (tests/pg_cluster.py) with fsync on, on this machine's disk. The synthetic
rows follow tests/synthetic_records.py's layout, written by the server itself (generate_series) as the
database's owner with triggers off, then the summary tables derived in one pass, as the SQLite generator does
(the server's own summaries by the same SQL that fills them when a room is upgraded to version 7).
"""
from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from .harness import Result

DESKS = 20
SECONDS = int(os.environ.get("DEALERDRILL_BENCH_ROOM_SECONDS", "300"))
P99_BUDGET = 0.050
ROSTER_BUDGET = 1.0
EXPORT_BUDGET = 30.0
ROSTER_ANSWERS = int(os.environ.get("DEALERDRILL_BENCH_ROOM_ROSTER_ANSWERS", "10000000"))
EXPORT_ANSWERS = 2_000_000


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 100 else max(values)


def _answering_desks(open_desk, seconds: int) -> tuple[list[float], int, list[str]]:
    """DESKS threads, each recording one answer a second on its own records; (latencies, errors, uuids)."""
    from room_helpers import make_answer

    latencies: list[float] = []
    uuids: list[str] = []
    errors = [0]
    guard = threading.Lock()
    start_at = time.monotonic() + 1.0

    def desk(number: int) -> None:
        records = open_desk(number)
        try:
            name = f"Desk {number:02d} trainee"
            records.create_trainee(name)
            session = records.start_session(name, "baccarat.table_of_play", "practice", {})
            tick = start_at + number / DESKS           # desks spread over the second, as people are
            for item in range(seconds):
                time.sleep(max(0.0, tick - time.monotonic()))
                tick += 1.0
                began = time.perf_counter()
                try:
                    uuid = records.record_answer(session, make_answer("baccarat.table_of_play", f"f{item}",
                                                                      item % 5 > 0, 2.0))
                except Exception:
                    with guard:
                        errors[0] += 1
                    continue
                took = time.perf_counter() - began
                with guard:
                    latencies.append(took)
                    uuids.append(uuid)
            records.finish_session(session)
        finally:
            records.close()

    threads = [threading.Thread(target=desk, args=(n,)) for n in range(1, DESKS + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors[0], uuids


def _generate_on_server(cluster, database: str, answers: int, trainees: int = 200) -> float:
    """Synthetic records on the server (the SQLite generator's layout); returns the seconds it took."""
    import synthetic_records as synthetic

    from dealerdrill.records.room_schema import ROOM_SUMMARIES_FILL

    sessions = -(-answers // synthetic.ANSWERS_PER_SESSION)
    per = synthetic.ANSWERS_PER_SESSION
    start = synthetic.START.strftime("%Y-%m-%d %H:%M:%S+00")
    drills = ", ".join(f"({k}, '{d}', '{g}', {len(f)})" for k, (d, g, f) in enumerate(synthetic.DRILLS))
    families = ", ".join(f"({k}, {n}, '{family}')" for k, (_, _, f) in enumerate(synthetic.DRILLS)
                         for n, family in enumerate(f))
    stamp = "to_char(({}) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
    sql = f"""
    SET search_path = dealerdrill; SET session_replication_role = replica; SET synchronous_commit = off;
    SET maintenance_work_mem = '512MB';
    CREATE TEMP TABLE plan_drills (k int PRIMARY KEY, drill text, game text, families int);
    INSERT INTO plan_drills VALUES {drills};
    CREATE TEMP TABLE plan_families (drill_k int, k int, family text, PRIMARY KEY (drill_k, k));
    INSERT INTO plan_families VALUES {families};
    INSERT INTO trainees (id, uuid, name, name_key, created_at)
    SELECT n, '00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'), 'Trainee ' || lpad(n::text, 3, '0'),
           'trainee ' || lpad(n::text, 3, '0'), '2025-01-05T08:00:00.000000Z' FROM generate_series(1, {trainees}) n;
    INSERT INTO sessions (id, uuid, trainee_id, drill, game, mode, settings, target, workstation, started_at,
                          finished_at)
    SELECT j, '10000000-0000-4000-8000-' || lpad(to_hex(j), 12, '0'), (j - 1) % {trainees} + 1, d.drill, d.game,
           CASE WHEN j % {synthetic.TEST_EVERY} = 0 THEN 'test' WHEN j % 3 = 0 THEN 'timed' ELSE 'practice' END,
           '{{}}', '{{}}', 'synthetic', {stamp.format(f"timestamptz '{start}' + (j - 1) * interval '6 minutes'")},
           {stamp.format(f"timestamptz '{start}' + (j - 1) * interval '6 minutes' + {per + 1} * interval '3 seconds'")}
    FROM generate_series(1, {sessions}) j JOIN plan_drills d ON d.k = ((j - 1) / {trainees}) % {len(synthetic.DRILLS)};
    INSERT INTO answers (id, uuid, session_id, seq, family, item, answer, expected, given, correct, category, rule,
                         seconds, timed_out, answered_at)
    SELECT i, '20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), s.id, (i - 1) % {per} + 1, f.family,
           '{{"family": "' || f.family || '", "prompt": {{}}, "text": "Question ' || i || '"}}', '"A"', 'A',
           CASE WHEN (i * 37) % 100 >= {synthetic.WRONG_PERCENT} THEN 'A' ELSE 'B' END,
           CASE WHEN (i * 37) % 100 >= {synthetic.WRONG_PERCENT} THEN 1 ELSE 0 END,
           CASE WHEN (i * 37) % 100 >= {synthetic.WRONG_PERCENT} THEN NULL ELSE
                CASE d.game WHEN 'baccarat' THEN '{synthetic.WRONG_CATEGORY["baccarat"]}'
                            WHEN 'paigow' THEN '{synthetic.WRONG_CATEGORY["paigow"]}'
                            ELSE '{synthetic.WRONG_CATEGORY["roulette"]}' END END,
           'rule 1', 1 + ((i * 53) % 700) / 100.0, 0,
           {stamp.format(f"timestamptz '{start}' + (s.id - 1) * interval '6 minutes' "
                         f"+ ((i - 1) % {per} + 1) * interval '3 seconds'")}
    FROM generate_series(1, {answers}) i JOIN sessions s ON s.id = (i - 1) / {per} + 1
         JOIN plan_drills d ON d.drill = s.drill JOIN plan_families f ON f.drill_k = d.k AND f.k = i % d.families;
    INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
    SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, a.answered_at, s.id
    FROM answers a JOIN sessions s ON s.id = a.session_id;
    INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
    SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), min(game), count(*), sum(correct), max(answered_at)
    FROM answer_facts GROUP BY trainee_id, drill, mode, substr(answered_at, 1, 13);
    {ROOM_SUMMARIES_FILL}
    ANALYZE;
    """
    began = time.perf_counter()
    result = cluster.psql(sql, database=database)
    if result.returncode:
        raise RuntimeError(result.stderr)
    # A room's answers arrive one by one over months and autovacuum has long visited them when a manager
    # exports; rows loaded in bulk a moment ago are not so: the first read of each sets its hint bits and
    # writes the page again (the first export after loading took 36 s, the next ones 29 s). VACUUM puts the
    # generated room in the state a room in use is in. (Outside the load's transaction: VACUUM cannot run in one.)
    result = cluster.psql("VACUUM (ANALYZE) dealerdrill.answers, dealerdrill.sessions", database=database)
    if result.returncode:
        raise RuntimeError(result.stderr)
    return time.perf_counter() - began


def run(wanted):
    """The results one by one as they are measured (a generator: the harness prints each as it comes)."""
    if wanted and not wanted & {"room", "bench_room"}:
        return
    import pg_cluster  # tests/ is on the path (harness)

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import RecordFilter, Records, room_setup
    from dealerdrill.records.room_store import RoomRecords

    binaries = pg_cluster.find_binaries()
    if binaries is None:
        yield Result("training room (PostgreSQL)", 1, 1, "", None, "no PostgreSQL server binaries here")
        return
    cluster = pg_cluster.Cluster(binaries).start()
    folder = Path(tempfile.mkdtemp(prefix="dealerdrill-bench-room-"))
    try:
        url = cluster.create_database("room")
        room_setup.setup(url)
        for number in range(1, DESKS + 1):
            room_setup.add_login(url, f"desk_{number:02d}", "desk")

        # --- 20 desks, once a second
        def room_desk(number):
            return RoomRecords(cluster.url(f"desk_{number:02d}", "room"), catalog=DRILL_CATALOG,
                               outbox_path=folder / f"desk{number}" / "outbox.sqlite3", workstation=f"desk {number}")

        def file_desk(number):
            return Records(folder / f"file{number}" / "records.sqlite3", catalog=DRILL_CATALOG)

        room_latencies, room_errors, room_uuids = _answering_desks(room_desk, SECONDS)
        stored = cluster.psql("SELECT count(*), count(DISTINCT uuid) FROM dealerdrill.answers", database="room")
        stored_count = [int(v) for v in stored.stdout.split("\n")[2].split("|")]
        lost = len(room_uuids) - stored_count[1]
        file_latencies, file_errors, _ = _answering_desks(file_desk, SECONDS)
        room_p99, file_p99 = _p99(room_latencies), _p99(file_latencies)
        met = room_p99 <= P99_BUDGET and lost == 0 and room_errors == 0 and stored_count[0] == len(room_uuids)
        yield (Result(f"room: {DESKS} desks x 1 answer/s, {SECONDS} s: p99 commit", file_p99, room_p99,
                              "p99 <= 50 ms, none lost", met if SECONDS >= 300 else None,
                              f"'engine' = SQLite (a file per desk), 'reference' = the server; room: "
                              f"{len(room_latencies)} answers, median {statistics.median(room_latencies) * 1e3:.1f} ms,"
                              f" max {max(room_latencies) * 1e3:.1f} ms, {room_errors} errors, {lost} lost; SQLite: "
                              f"median {statistics.median(file_latencies) * 1e3:.1f} ms, {file_errors} errors"
                              + ("" if SECONDS >= 300
                                 else f" (a {SECONDS} s run: the 5-minute run is the measured one)")))

        # --- the roster over 10 M answers, and a 2 M-answer export
        import synthetic_records as synthetic

        from .bench_records import CACHE

        sqlite_file = synthetic.cached(CACHE, synthetic.Plan())
        with Records(sqlite_file, check=False, catalog=DRILL_CATALOG) as records:
            file_roster = min(_seconds(records.roster) for _ in range(3))
            from dealerdrill.exports import export

            file_export = _seconds(lambda: export(records.clone(), "csv", folder / "file.csv", RecordFilter()))
        cluster.psql("CREATE DATABASE export_room")
        room_setup.setup(cluster.url(database="export_room"))
        generated = _generate_on_server(cluster, "export_room", EXPORT_ANSWERS)
        with RoomRecords(cluster.url("desk_01", "export_room"), catalog=DRILL_CATALOG,
                         outbox_path=folder / "export-outbox.sqlite3", read_only=True) as records:
            from dealerdrill.exports import export

            room_export = _seconds(lambda: export(records, "csv", folder / "room.csv", RecordFilter()))
            same = (folder / "room.csv").read_bytes() == (folder / "file.csv").read_bytes()
        yield (Result(f"room: CSV export of {EXPORT_ANSWERS:,} answers", file_export, room_export, "< 30 s",
                              room_export < EXPORT_BUDGET,
                              f"'engine' = SQLite, 'reference' = the server (rows generated in {generated:.0f} s; "
                              f"server_answers.py: lines made by the server, read as two time ranges on two "
                              f"connections, the sessions read meanwhile); the two CSV files "
                              f"{'are identical' if same else 'DIFFER'}"))
        cluster.psql("CREATE DATABASE roster_room")
        room_setup.setup(cluster.url(database="roster_room"))
        generated = _generate_on_server(cluster, "roster_room", ROSTER_ANSWERS)
        with RoomRecords(cluster.url("desk_01", "roster_room"), catalog=DRILL_CATALOG,
                         outbox_path=folder / "roster-outbox.sqlite3", read_only=True) as records:
            first = _seconds(records.roster)
            room_roster = min(_seconds(records.roster) for _ in range(3))
        yield (Result(f"room: manager roster over {ROSTER_ANSWERS:,} answers", file_roster, room_roster,
                              "< 1 s", max(first, room_roster) < ROSTER_BUDGET,
                              f"'engine' = SQLite over its 2,000,000-answer file, 'reference' = the server; first "
                              f"call {first:.2f} s (rows generated in {generated:.0f} s)"))
    finally:
        cluster.destroy()
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


def _seconds(work) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began
