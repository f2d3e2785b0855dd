"""Read-only views of the records for the trainee and manager screens and the exports. Qt-free.

Each function takes a Records object and a RecordFilter and returns the plain dataclasses of models.py.
Counting happens here, in Python, over the rows SQL selects (one query per call): the numbers are small
(a busy trainee answers a few thousand items a month) and the rules stay readable in one place.

Definitions a manager sees (documented here once):
- accuracy: right answers / answers, timeouts counting as wrong; speed: the median seconds per answer.
- trend: per local calendar day; recent_change: accuracy over the latest TREND_WINDOW answers minus the
  TREND_WINDOW before them (None until there are 2 x TREND_WINDOW answers).
- readiness for a drill: over the latest READINESS_ANSWERS answers in the period, accuracy at least the
  target's and median time within the speed target, each only once there are enough answers to say
  (Target.answers_for_a_verdict: a test's number of items, at most READINESS_ANSWERS; the same rule for
  "met" on every screen and export), and a test attempt in the period that passed, judged again
  (dealerdrill.verdicts) at the level its target names. A game is ready when all its drills are.
"""
from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from dealerdrill.domain import Target
from dealerdrill.domain.catalog import BANKER_TOTALS, THIRD_CARD_VALUES
from dealerdrill.domain.targets import READINESS_ANSWERS

from .models import (
    AnswerRecord,
    Breakdown,
    CohortRow,
    DrillReadiness,
    GameReadiness,
    Heatmap,
    HeatmapCell,
    RecordFilter,
    RosterEntry,
    SessionSummary,
    SkillProgress,
    Streaks,
    TrendPoint,
)
from .schema_v5 import name_key

TREND_WINDOW = 20


@dataclass(frozen=True)
class _Fact:
    """The few columns of an answer that the counts need."""
    trainee: str
    drill: str
    game: str
    mode: str
    family: str
    correct: bool
    seconds: float
    category: str | None
    answered_at: datetime
    session_uuid: str


# ------------------------------------------------------------------------------------------ filters

def local_day_start(day: date) -> datetime:
    """Midnight at the start of a local calendar day, as an aware datetime."""
    return datetime.combine(day, time.min).astimezone()


def local_day(moment: datetime) -> date:
    return moment.astimezone().date()


def where_clause(records, f: RecordFilter, trainee: str | None, time_column: str) -> tuple[str, list]:
    """WHERE over `ANSWERS_FROM` (or sessions s joined to trainees t) for the filter, one named trainee
    instead of the filter's trainees when given; times compared in `time_column`. Returns (SQL, parameters)."""
    from .store import mode_value, to_text

    clauses, parameters = [], []
    if trainee is not None:
        clauses.append("t.name_key = ?")      # a named trainee is shown even when archived
        parameters.append(name_key(" ".join(str(getattr(trainee, "name", trainee)).split())))
    else:
        if f.trainees is not None:
            names = [name_key(" ".join(str(n).split())) for n in f.trainees]
            clauses.append(f"t.name_key IN ({', '.join('?' * len(names))})" if names else "1 = 0")
            parameters.extend(names)
        if not f.include_archived:
            clauses.append("t.archived_at IS NULL")
    if f.game:
        clauses.append("s.game = ?")
        parameters.append(f.game)
    if f.drill:
        clauses.append("s.drill = ?")
        parameters.append(f.drill)
    if f.mode:
        clauses.append("s.mode = ?")
        parameters.append(mode_value(f.mode))
    if f.date_from is not None:
        clauses.append(f"{time_column} >= ?")
        parameters.append(to_text(local_day_start(f.date_from)))
    if f.date_to is not None:
        clauses.append(f"{time_column} < ?")
        parameters.append(to_text(local_day_start(f.date_to + timedelta(days=1))))
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", parameters


# The answers with their session (s) and trainee (t), for queries built on where_clause.
ANSWERS_FROM = " FROM answers a JOIN sessions s ON a.session_id = s.id JOIN trainees t ON s.trainee_id = t.id"


def _facts(records, f: RecordFilter, trainee: str | None = None) -> list[_Fact]:
    """The answers' counting columns; with records.reuse_latest_facts the latest reading is handed out
    again for the same question (a scorecard's three figures of one trainee ask it three times)."""
    key = (f, trainee)
    if records.reuse_latest_facts and records.latest_facts[0] == key:
        return records.latest_facts[1]
    facts = _read_facts(records, f, trainee)
    if records.reuse_latest_facts:
        records.latest_facts = (key, facts)
    return facts


def _read_facts(records, f: RecordFilter, trainee: str | None) -> list[_Fact]:
    from .store import from_text

    where, parameters = where_clause(records, f, trainee, "a.answered_at")
    rows = records.read("SELECT t.name, s.drill, s.game, s.mode, a.family, a.correct, a.seconds, a.category, "
                         "a.answered_at, s.uuid" + ANSWERS_FROM + where + " ORDER BY a.answered_at, s.id, a.seq",
                         parameters)
    return [_Fact(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], r[7], from_text(r[8]), r[9]) for r in rows]


def _median(values) -> float:
    """The median of the numbers among `values` (a file edited by hand may hold text or NULL where seconds
    belong: those are left out, as verification reports the edit)."""
    values = [v for v in values if isinstance(v, (int, float))]
    return float(statistics.median(values)) if values else 0.0


# ------------------------------------------------------------------------------------------ rows

def answer_records(records, f: RecordFilter) -> list[AnswerRecord]:
    from .store import from_text, json_or_text

    where, parameters = where_clause(records, f, None, "a.answered_at")
    rows = records.read("SELECT a.uuid, s.uuid, t.name, s.drill, s.game, s.mode, a.seq, a.family, a.item, "
                         "a.answer, a.expected, a.given, a.correct, a.category, a.rule, a.seconds, a.timed_out, "
                         "a.answered_at" + ANSWERS_FROM + where + " ORDER BY a.answered_at, s.id, a.seq",
                         parameters)
    return [AnswerRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], json_or_text(r[8]), json_or_text(r[9]),
                         r[10], r[11], bool(r[12]), r[13], r[14], r[15], bool(r[16]), from_text(r[17]))
            for r in rows]


def streaming_order(records, f: RecordFilter) -> tuple[str, list, str]:
    """WHERE clause, parameters and ORDER BY for reading many answers oldest first without a sort: for a
    large selection the trainee names are made unusable as an index ("+t.name"), so SQLite walks
    answers_by_time, whose order (time, then row id) is the ORDER BY, and starts returning rows at once;
    sorting two million wide rows first would take minutes. A few trainees are found through their sessions."""
    where, parameters = where_clause(records, f, None, "a.answered_at")
    if f.trainees is None or len(f.trainees) > 20:
        return (where.replace("t.name_key IN", f"{records.dialect.no_index('t.name_key')} IN"), parameters,
                " ORDER BY a.answered_at, a.id")
    return where, parameters, " ORDER BY a.answered_at, s.id, a.seq"


def iter_answer_records(records, f: RecordFilter, batch: int = 5000):
    """The answers of answer_records, oldest first, a batch at a time: an export of millions of answers
    never holds them all in memory."""
    from .store import from_text, json_or_text

    where, parameters, order = streaming_order(records, f)
    for rows in records.stream(
            "SELECT a.uuid, s.uuid, t.name, s.drill, s.game, s.mode, a.seq, a.family, a.item, a.answer, a.expected, "
            "a.given, a.correct, a.category, a.rule, a.seconds, a.timed_out, a.answered_at" + ANSWERS_FROM + where
            + order, parameters, batch):
        for r in rows:
            yield AnswerRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], json_or_text(r[8]),
                               json_or_text(r[9]), r[10], r[11], bool(r[12]), r[13], r[14], r[15], bool(r[16]),
                               from_text(r[17]))


def count_answers(records, f: RecordFilter) -> int:
    """How many answers the filter selects. On the training room's server, for a filter without a period (which
    then selects whole sessions), the sum of the sessions' session_totals (room_schema._V7, kept by the server's
    trigger with every answer, checked against the answers by verify): counting two million answers took a
    second of both the server's cores before an export could begin."""
    if records.dialect.name == "postgresql" and f.date_from is None and f.date_to is None:
        where, parameters = where_clause(records, f, None, "s.started_at")
        return records.read("SELECT coalesce(sum(h.answered), 0) FROM session_totals h JOIN sessions s "
                            "ON h.session_id = s.id JOIN trainees t ON s.trainee_id = t.id" + where, parameters)[0][0]
    where, parameters = where_clause(records, f, None, "a.answered_at")
    return records.read("SELECT COUNT(*)" + ANSWERS_FROM + where, parameters)[0][0]


_SESSIONS_FROM = (" FROM sessions s JOIN trainees t ON s.trainee_id = t.id "
                  "LEFT JOIN signoffs so ON so.session_id = s.id")


def count_sessions(records, f: RecordFilter) -> int:
    """How many summaries session_summaries(records, f) gives."""
    where, parameters = where_clause(records, f, None, "s.started_at")
    return records.read("SELECT COUNT(*)" + _SESSIONS_FROM + where, parameters)[0][0]


def session_summaries(records, f: RecordFilter, *, uuids: tuple[str, ...] | None = None,
                      newest_first: bool = False, limit: int | None = None,
                      with_median: bool = True) -> list[SessionSummary]:
    """Sessions started in the filter's period (or exactly those `uuids`), with counts and sign-offs."""

    from .store import from_text

    where, parameters = where_clause(records, f, None, "s.started_at")
    if uuids is not None:
        where += (" AND " if where else " WHERE ") + f"s.uuid IN ({', '.join('?' * len(uuids))})"
        parameters += list(uuids)
    order = "DESC" if newest_first else "ASC"
    tail = f" ORDER BY s.started_at {order}, s.id {order}" + (f" LIMIT {int(limit)}" if limit else "")
    rows = records.read(
        "SELECT s.id, s.uuid, t.name, s.drill, s.game, s.mode, s.started_at, s.finished_at, s.target, s.settings, "
        "s.workstation, so.manager, so.signed_at, so.note, so.reason" + _SESSIONS_FROM + where + tail, parameters)
    if not rows:
        return []
    ids = [r[0] for r in rows]
    figures = _session_figures_of_room if records.dialect.name == "postgresql" else _session_figures
    counts, correct, seconds = figures(records, ids, with_median)
    summaries = []
    # Many sessions hold the same target text: each text is read once (a Target cannot be changed, so the
    # sessions may share one). The settings are read for each: a dict can be changed.
    targets: dict[str | None, Target | None] = {}
    for (sid, uuid, name, drill, game, mode, started, finished, target, settings, workstation, manager,
         signed_at, note, reason) in rows:
        if target not in targets:
            targets[target] = stored_target(target)
        readable_target, readable_settings = targets[target], stored_settings(settings)
        summaries.append(SessionSummary(
            uuid, name, drill, game, mode, from_text(started), from_text(finished),
            counts[sid],
            correct[sid], _median(seconds[sid]), readable_target or Target(), readable_settings or {},
            workstation, manager, from_text(signed_at), note or "", reason or "",
            unreadable=readable_target is None or readable_settings is None))
    return summaries


def _session_figures(records, ids: list[int], with_median: bool):
    """(answers, right answers, seconds) of each of these sessions (by row id) of a records file; the seconds are
    all of them, or none without `with_median`."""
    seconds: dict[int, list[float]] = defaultdict(list)
    correct: dict[int, int] = defaultdict(int)
    counts: dict[int, int] = defaultdict(int)
    for chunk_start in range(0, len(ids), 500):  # SQLite caps the number of parameters
        chunk = ids[chunk_start:chunk_start + 500]
        marks = ', '.join('?' * len(chunk))
        if with_median:
            # In-process, SQLite hands every answer over as quickly as it would sort them.
            for session_id, answer_seconds, answer_correct in records.read(
                    f"SELECT session_id, seconds, correct FROM answers WHERE session_id IN ({marks})", chunk):
                seconds[session_id].append(answer_seconds)
                correct[session_id] += answer_correct
                counts[session_id] += 1
            continue
        for session_id, count, right in records.read(
                f"SELECT session_id, COUNT(*), SUM(correct) FROM answers WHERE session_id IN ({marks}) "
                f"GROUP BY session_id", chunk):
            counts[session_id], correct[session_id] = count, right
    return counts, correct, seconds


def _session_figures_of_room(records, ids: list[int], with_median: bool):
    """_session_figures on the training room's server, in one query for all the sessions: of the seconds only
    the middle one or two of each session's come over the network (an export of two million answers read every
    one of them into Python), whose median is statistics.median's of them all. One query with the row ids as an
    array, not one per 500 ids: a statement's parameters are parsed in Python, and each query sorted its
    answers again."""
    seconds: dict[int, list[float]] = defaultdict(list)
    correct: dict[int, int] = defaultdict(int)
    counts: dict[int, int] = defaultdict(int)
    # PostgreSQL keeps one sorted array for the two identical aggregates.
    middle = (", (array_agg(seconds ORDER BY seconds))[(COUNT(*) + 1) / 2], "
              "(array_agg(seconds ORDER BY seconds))[(COUNT(*) + 2) / 2]") if with_median else ""
    for session_id, count, right, *middles in records.read(
            f"SELECT session_id, COUNT(*), SUM(correct){middle} FROM answers WHERE session_id = ANY(?) "
            f"GROUP BY session_id", (ids,)):
        counts[session_id], correct[session_id] = count, right
        if middles:
            seconds[session_id] = middles[:1] if count % 2 else middles
    return counts, correct, seconds


def stored_target(text: str | None) -> Target | None:
    """A session's target as the records hold it (JSON), or None where the text is not a target: the records
    may have been edited by hand, and one such session must not stop every summary."""
    import json

    try:
        value = json.loads(text or "{}")
        return Target.from_dict(value) if isinstance(value, dict) else None
    except (TypeError, ValueError, RecursionError):
        return None


def stored_settings(text: str | None) -> dict | None:
    """A session's table settings as the records hold them (a JSON object), or None where they are not one."""
    import json

    try:
        value = json.loads(text or "{}")
    except (TypeError, ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


# ------------------------------------------------------------------------------------------ trainee view

def skill_progress(records, trainee: str, f: RecordFilter) -> list[SkillProgress]:
    """Per drill the trainee has answered in the period: accuracy, median time, daily trend."""
    by_drill: dict[str, list[_Fact]] = defaultdict(list)
    for fact in _facts(records, f, trainee):
        by_drill[fact.drill].append(fact)
    result = []
    for drill, facts in sorted(by_drill.items()):
        info = records.drill_info(drill)
        per_day: dict[date, list[_Fact]] = defaultdict(list)
        for fact in facts:
            per_day[local_day(fact.answered_at)].append(fact)
        trend = tuple(TrendPoint(day, len(day_facts), sum(x.correct for x in day_facts) / len(day_facts),
                                 _median(x.seconds for x in day_facts))
                      for day, day_facts in sorted(per_day.items()))
        change = None
        if len(facts) >= 2 * TREND_WINDOW:
            latest = facts[-TREND_WINDOW:]
            before = facts[-2 * TREND_WINDOW:-TREND_WINDOW]
            change = (sum(x.correct for x in latest) - sum(x.correct for x in before)) / TREND_WINDOW
        result.append(SkillProgress(drill, info.title, info.game, len(facts), sum(x.correct for x in facts),
                                    _median(x.seconds for x in facts), records.target(drill), trend, change))
    return result


def table_of_play_heatmap(records, trainee: str | None, f: RecordFilter) -> Heatmap:
    """Answers about Table 2 cells (the catalogue's table_of_play_cell), counted per Banker total x third card."""
    counts: dict[tuple[int, int], list[int]] = {(b, c): [0, 0] for b in BANKER_TOTALS for c in THIRD_CARD_VALUES}
    for fact in _facts(records, f, trainee):
        cell = records.catalog.table_of_play_cell(fact.game, fact.family)
        if cell is not None:
            counts[cell][0] += 1
            counts[cell][1] += fact.correct
    return Heatmap(BANKER_TOTALS, THIRD_CARD_VALUES,
                   {key: HeatmapCell(key[0], key[1], n, right) for key, (n, right) in counts.items()})


def _breakdown(facts, key_of, label_of) -> list[Breakdown]:
    groups: dict[str, list[_Fact]] = defaultdict(list)
    for fact in facts:
        key = key_of(fact)
        if key is not None:
            groups[key].append(fact)
    return [Breakdown(key, label_of(key), len(group), sum(x.correct for x in group), _median(x.seconds for x in group))
            for key, group in sorted(groups.items())]


def by_wager_kind(records, trainee: str | None, f: RecordFilter) -> list[Breakdown]:
    """Roulette accuracy per wager kind (the catalogue's wager_kind)."""
    catalog = records.catalog
    return _breakdown(_facts(records, f, trainee), lambda x: catalog.wager_kind(x.game, x.family),
                      catalog.wager_kind_label)


def by_house_way_rule(records, trainee: str | None, f: RecordFilter) -> list[Breakdown]:
    """Pai gow accuracy per house-way rule (the catalogue's house_way_rule)."""
    catalog = records.catalog
    return _breakdown(_facts(records, f, trainee), lambda x: catalog.house_way_rule(x.game, x.family),
                      catalog.house_way_rule_label)


def category_label(value: str) -> str:
    from dealerdrill.domain import ErrorCategory

    try:
        return ErrorCategory(value).label  # type: ignore[call-arg]  # Enum lookup by value, not a new member
    except ValueError:  # a category from a newer version, imported from elsewhere
        return value


def by_error_category(records, trainee: str | None, f: RecordFilter) -> list[Breakdown]:
    """Wrong answers per error category (answered = how many; correct is always 0), most frequent first."""
    rows = _breakdown((x for x in _facts(records, f, trainee) if not x.correct and x.category),
                      lambda x: x.category, category_label)
    return sorted(rows, key=lambda b: (-b.answered, b.key))


def streaks(records, trainee: str, f: RecordFilter) -> Streaks:
    facts = _facts(records, f, trainee)
    best = run = 0
    for fact in facts:
        run = run + 1 if fact.correct else 0
        best = max(best, run)
    days = sorted({local_day(x.answered_at) for x in facts})
    best_days = run_days = 0
    previous = None
    for day in days:
        run_days = run_days + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best_days = max(best_days, run_days)
        previous = day
    today = local_day(records.clock())
    current_days = run_days if days and today - days[-1] <= timedelta(days=1) else 0
    return Streaks(run, best, current_days, best_days, days[-1] if days else None)


# ------------------------------------------------------------------------------------------ manager view

def _selected_trainees(records, f: RecordFilter):
    everyone = records.trainees(include_archived=True)
    if f.trainees is not None:
        wanted = {name_key(" ".join(str(n).split())) for n in f.trainees}
        everyone = [t for t in everyone if name_key(t.name) in wanted]
    return [t for t in everyone if f.include_archived or not t.archived or f.trainees is not None]


def _trainee_ids(records, trainees) -> dict[int, str]:
    """Internal id -> name of the given Trainee objects."""
    wanted = {t.uuid for t in trainees}
    return {row[0]: row[2] for row in records.read("SELECT id, uuid, name FROM trainees") if row[1] in wanted}


def _facts_where(f: RecordFilter) -> tuple[str, list]:
    """WHERE clause over answer_facts (the narrow copy of answers, schema version 3) for the filter's
    period, game, drill and mode (not its trainees: the callers give one trainee at a time)."""
    from .store import mode_value, to_text

    clauses, parameters = [], []
    for column, value in (("game", f.game), ("drill", f.drill), ("mode", mode_value(f.mode) if f.mode else None)):
        if value:
            clauses.append(f"{column} = ?")
            parameters.append(value)
    if f.date_from is not None:
        clauses.append("answered_at >= ?")
        parameters.append(to_text(local_day_start(f.date_from)))
    if f.date_to is not None:
        clauses.append("answered_at < ?")
        parameters.append(to_text(local_day_start(f.date_to + timedelta(days=1))))
    return " AND ".join(clauses) or "1 = 1", parameters


def _median_seconds(records, trainee_id: int, drill: str, where: str, parameters: list, count: int) -> float:
    """The median time of `count` answers of one trainee on one drill: the middle one or two of the
    (trainee, drill, seconds)-ordered answer_facts range, without reading the rest into Python."""
    if count <= 0:
        return 0.0
    rows = records.read(f"SELECT seconds FROM answer_facts WHERE trainee_id = ? AND drill = ? AND {where} "
                         f"ORDER BY seconds LIMIT ? OFFSET ?",
                         [trainee_id, drill, *parameters, 2 - count % 2, (count - 1) // 2])
    return float(sum(r[0] for r in rows) / len(rows)) if rows else 0.0


def _hour_after(text: str) -> str:
    """The first whole UTC hour at or after a stored time, as an answer_hours key ('YYYY-MM-DDTHH')."""
    hour = text[:13]
    if text[13:].strip("0:.Z") == "":
        return hour
    moment = datetime.strptime(hour, "%Y-%m-%dT%H") + timedelta(hours=1)
    return moment.strftime("%Y-%m-%dT%H")


def _pair_totals(records, f: RecordFilter, trainee_ids: dict[int, str]):
    """(trainee_id, drill) -> [answered, correct, last answered_at text] for the filter (its trainees
    ignored: trainee_ids decides). Whole hours come from answer_hours; the answers of a part hour at either
    end of the period are counted one by one, so the totals are exact whatever the time zone."""
    from .store import mode_value, to_text

    clauses: list[str] = []
    parameters: list[int | str] = []
    ids = sorted(trainee_ids)
    if len(ids) <= 500:                # beyond that a full scan costs the same; the others are dropped below
        clauses.append(f"trainee_id IN ({', '.join('?' * len(ids))})" if ids else "1 = 0")
        parameters.extend(ids)
    for column, value in (("game", f.game), ("drill", f.drill), ("mode", mode_value(f.mode) if f.mode else None)):
        if value:
            clauses.append(f"{column} = ?")
            parameters.append(value)
    start = to_text(local_day_start(f.date_from)) if f.date_from is not None else None
    end = to_text(local_day_start(f.date_to + timedelta(days=1))) if f.date_to is not None else None
    hour_clauses, hour_parameters = list(clauses), list(parameters)
    part_ranges = []
    if start is not None:
        first_hour = _hour_after(start)
        hour_clauses.append("hour >= ?")
        hour_parameters.append(first_hour)
        if first_hour != start[:13]:
            part_ranges.append((start, first_hour + ":00:00.000000Z"))
    if end is not None:
        hour_clauses.append("hour < ?")
        hour_parameters.append(end[:13])
        if _hour_after(end) != end[:13]:
            part_ranges.append((end[:13] + ":00:00.000000Z", end))
    if start is not None and end is not None:
        if start >= end:
            return {}
        if start[:13] == end[:13]:          # both ends in one hour: that part hour once
            part_ranges = [(start, end)]
    totals: dict[tuple[int, str], list] = {}

    def add(trainee_id, drill, answered, correct, last):
        if trainee_id not in trainee_ids:
            return
        entry = totals.setdefault((trainee_id, drill), [0, 0, last])
        entry[0] += answered
        entry[1] += correct
        entry[2] = max(entry[2], last)

    hours_where = " AND ".join(hour_clauses) or "1 = 1"
    for row in records.read("SELECT trainee_id, drill, SUM(answered), SUM(correct), MAX(last_at) FROM answer_hours "
                            f"WHERE {hours_where} GROUP BY trainee_id, drill", hour_parameters):
        add(*row)
    session_clauses = [c.replace("trainee_id", "s.trainee_id").replace("game", "s.game").replace(
        "drill", "s.drill").replace("mode", "s.mode") for c in clauses]
    for low, high in part_ranges:
        low, high = max(low, start or low), min(high, end or high)
        if low >= high:
            continue
        for row in records.read(
                "SELECT s.trainee_id, s.drill, COUNT(*), SUM(a.correct), MAX(a.answered_at) FROM answers a "
                "JOIN sessions s ON s.id = a.session_id WHERE a.answered_at >= ? AND a.answered_at < ? "
                f"{''.join(' AND ' + c for c in session_clauses)} GROUP BY s.trainee_id, s.drill",
                [low, high, *parameters]):
            add(*row)
    return totals


def _latest_answers(records, trainee_id: int, drill: str, f: RecordFilter, limit: int) -> list[tuple[int, float]]:
    """(correct, seconds) of the trainee's latest `limit` answers on the drill in the filter's period, newest
    first ("latest" by session start, then item order). Walks the trainee's sessions of the drill newest
    first through sessions_by_trainee_drill and stops at `limit`: the cost does not grow with the history."""
    where, more = _latest_clauses(f)
    clauses, parameters = ["s.trainee_id = ?", "s.drill = ?", *where], [trainee_id, drill, *more]
    return records.read("SELECT a.correct, a.seconds FROM sessions s JOIN answers a ON a.session_id = s.id "
                         f"WHERE {' AND '.join(clauses)} ORDER BY s.started_at DESC, s.id DESC, a.seq DESC "
                         f"LIMIT {int(limit)}", parameters)


def _latest_answers_of_pairs(records, pairs: list[tuple[int, str]], f: RecordFilter,
                             limit: int) -> dict[tuple[int, str], list[tuple[int, float]]] | None:
    """_latest_answers for many (trainee, drill) pairs in one statement, where the server can (a LATERAL
    join: one round trip instead of one per pair, which is what a roster costs over a network); None where
    it cannot (SQLite, in-process, asks pair by pair as cheaply)."""
    if records.dialect.name != "postgresql" or not pairs:
        return None
    found: dict[tuple[int, str], list[tuple[int, float]]] = {pair: [] for pair in pairs}
    for start in range(0, len(pairs), 2000):
        chunk = pairs[start:start + 2000]
        clauses = ["s.trainee_id = p.trainee_id", "s.drill = p.drill"]
        parameters: list = [value for pair in chunk for value in pair]
        where, more = _latest_clauses(f)
        rows = records.read(
            f"SELECT p.trainee_id, p.drill, x.correct, x.seconds FROM (VALUES "
            f"{', '.join(['(CAST(? AS bigint), CAST(? AS text))'] * len(chunk))}) AS p(trainee_id, drill) "
            f"CROSS JOIN LATERAL (SELECT a.correct, a.seconds, s.started_at, s.id, a.seq FROM sessions s "
            f"JOIN answers a ON a.session_id = s.id WHERE {' AND '.join(clauses + where)} "
            f"ORDER BY s.started_at DESC, s.id DESC, a.seq DESC LIMIT {int(limit)}) AS x "
            f"ORDER BY p.trainee_id, p.drill, x.started_at DESC, x.id DESC, x.seq DESC", parameters + more)
        for trainee_id, drill, correct, seconds in rows:
            found[(trainee_id, drill)].append((correct, seconds))
    return found


def _latest_clauses(f: RecordFilter) -> tuple[list[str], list]:
    from .store import mode_value, to_text

    clauses: list[str] = []
    parameters: list = []
    if f.mode:
        clauses.append("s.mode = ?")
        parameters.append(mode_value(f.mode))
    if f.date_from is not None:
        start = to_text(local_day_start(f.date_from))
        # A session finished before the period holds no answer in it (answers come before the finish).
        clauses += ["(s.finished_at IS NULL OR s.finished_at >= ?)", "a.answered_at >= ?"]
        parameters += [start, start]
    if f.date_to is not None:
        end = to_text(local_day_start(f.date_to + timedelta(days=1)))
        clauses += ["s.started_at < ?", "a.answered_at < ?"]     # no answer comes before its session
        parameters += [end, end]
    return clauses, parameters


def _room_summaries_cover(records, f: RecordFilter) -> bool:
    """Whether the training room's own summaries (room_schema._V7) answer for this filter: on the server, and
    for the whole history of every mode (they are kept per trainee and drill, not per period or mode)."""
    from .room_schema import LATEST_ANSWERS_KEPT

    return (records.dialect.name == "postgresql" and not f.mode and f.date_from is None and f.date_to is None
            and READINESS_ANSWERS <= LATEST_ANSWERS_KEPT)


def _pair_totals_of_room(records, f: RecordFilter, trainee_ids: dict[int, str]):
    """_pair_totals from the room's pair_totals, for a filter _room_summaries_cover."""
    clauses: list[str] = ["trainee_id = ANY(?)"]
    parameters: list = [sorted(trainee_ids)]
    for column, value in (("game", f.game), ("drill", f.drill)):
        if value:
            clauses.append(f"{column} = ?")
            parameters.append(value)
    totals: dict[tuple[int, str], list] = {}
    for trainee_id, drill, answered, correct, last in records.read(
            f"SELECT trainee_id, drill, answered, correct, last_at FROM pair_totals WHERE {' AND '.join(clauses)}",
            parameters):
        entry = totals.setdefault((trainee_id, drill), [0, 0, last])
        entry[0] += answered
        entry[1] += correct
        entry[2] = max(entry[2], last)
    return totals


def _readiness_figures(latest: list[tuple[int, float]]) -> tuple[int, int, float]:
    """(answers, right answers, median seconds) of a trainee's latest answers on a drill."""
    return len(latest), sum(c for c, _ in latest), _median(x for _, x in latest)


def _readiness_of_room(records, pairs: list[tuple[int, str]], limit: int) -> dict[tuple[int, str], tuple]:
    """_readiness_figures of the latest `limit` answers of each pair, counted by the server in its
    latest_answers (for a filter _room_summaries_cover): the answers, the right ones, and the middle one or two
    of their seconds, whose median is then statistics.median's, as _readiness_figures takes it. The table
    holds LATEST_ANSWERS_KEPT answers a pair: all of them when that is the limit, else the latest `limit`."""
    from .room_schema import LATEST_ANSWERS_KEPT

    if not pairs:
        return {}
    source = "latest_answers WHERE trainee_id = ANY(?) AND drill = ANY(?)"
    if limit < LATEST_ANSWERS_KEPT:
        source = (f"(SELECT trainee_id, drill, correct, seconds, row_number() OVER (PARTITION BY trainee_id, drill "
                  f"ORDER BY started_at DESC, session_id DESC, seq DESC) AS place FROM {source}) AS ranked "
                  f"WHERE place <= {int(limit)}")
    rows = records.read(
        "SELECT trainee_id, drill, answered, correct, ordered[(answered + 1) / 2], ordered[(answered + 2) / 2] "
        "FROM (SELECT trainee_id, drill, count(*)::integer AS answered, sum(correct) AS correct, "
        f"array_agg(seconds ORDER BY seconds) AS ordered FROM {source} GROUP BY trainee_id, drill) AS pairs",
        [sorted({t for t, _ in pairs}), sorted({d for _, d in pairs})])
    wanted = set(pairs)
    return {(trainee_id, drill): (count, correct, _median([low] if count % 2 else [low, high]))
            for trainee_id, drill, count, correct, low, high in rows if (trainee_id, drill) in wanted}


def _test_results(records, test_filter: RecordFilter) -> dict[tuple[str, str], tuple[bool, bool]]:
    """(name key, drill) -> (a test attempt in the filter passed, one of those passes is signed off). On the
    server the attempts' counts come from session_totals, and attempts alike in all that decides a pass (target,
    answers, right answers, whether signed) are counted once; a file's attempts are read one by one."""

    results: dict[tuple[str, str], tuple[bool, bool]] = {}

    def add(key: tuple[str, str], attempt: SessionSummary) -> None:
        passed, signed = results.get(key, (False, False))
        if attempt.passed:
            passed, signed = True, signed or bool(attempt.signed_by)
        results[key] = (passed, signed)

    if records.dialect.name != "postgresql":
        for attempt in session_summaries(records, test_filter, with_median=False):
            add((name_key(attempt.trainee), attempt.drill), attempt)
        return results
    where, parameters = where_clause(records, test_filter, None, "s.started_at")
    targets: dict[str, Target | None] = {}
    for name, drill, target, answered, correct, signed in records.read(
            "SELECT t.name, s.drill, s.target, coalesce(st.answered, 0), coalesce(st.correct, 0), "
            "bool_or(so.manager IS NOT NULL AND so.manager <> '') "
            "FROM sessions s JOIN trainees t ON s.trainee_id = t.id LEFT JOIN signoffs so ON so.session_id = s.id "
            "LEFT JOIN session_totals st ON st.session_id = s.id" + where
            + " GROUP BY t.name, s.drill, s.target, coalesce(st.answered, 0), coalesce(st.correct, 0)", parameters):
        if target not in targets:
            targets[target] = stored_target(target)
        # A summary of such an attempt, for its `passed` (the rule lives there): its times do not matter here.
        add((name_key(name), drill), SessionSummary("", name, drill, "", "test", datetime.min, None, answered, correct,
                                                    0.0, targets[target] or Target(), {}, "",
                                                    "signed" if signed else None,
                                                    unreadable=targets[target] is None))
    return results


def roster(records, f: RecordFilter) -> list[RosterEntry]:
    """Each selected trainee's readiness per game (games and drills narrowed by the filter)."""
    from .store import from_text

    trainees = _selected_trainees(records, f)
    ids = _trainee_ids(records, trainees)
    id_of = {name_key(name): trainee_id for trainee_id, name in ids.items()}
    open_filter = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, None, True)
    summarised = _room_summaries_cover(records, open_filter)
    totals = (_pair_totals_of_room if summarised else _pair_totals)(records, open_filter, ids)
    answered: dict[int, int] = defaultdict(int)
    last_active: dict[int, str] = {}
    for (trainee_id, _), (count, _, last) in totals.items():
        answered[trainee_id] += count
        last_active[trainee_id] = max(last_active.get(trainee_id, last), last)
    tests: dict[tuple[str, str], tuple[bool, bool]] = {}
    if not f.mode or str(getattr(f.mode, "value", f.mode)) == "test":
        tests = _test_results(records, RecordFilter(f.date_from, f.date_to, f.game, f.drill, "test", None, True))
    drills_by_game: dict[str, list] = defaultdict(list)
    for info in records.drill_infos().values():
        if (f.game is None or info.game == f.game) and (f.drill is None or info.id == f.drill):
            drills_by_game[info.game].append(info)
    targets = {info.id: records.target(info.id) for infos in drills_by_game.values() for info in infos}
    shown = {info.id for infos in drills_by_game.values() for info in infos}
    pairs = [pair for pair in sorted(totals) if pair[1] in shown]
    figures: dict[tuple[int, str], tuple] | None
    if summarised:
        figures = _readiness_of_room(records, pairs, READINESS_ANSWERS)
    else:
        batched = _latest_answers_of_pairs(records, pairs, open_filter, READINESS_ANSWERS)
        figures = None if batched is None else {pair: _readiness_figures(latest) for pair, latest in batched.items()}
    entries = []
    for trainee in trainees:
        key = name_key(trainee.name)
        trainee_id = id_of[key]
        games = {}
        for game, infos in sorted(drills_by_game.items()):
            readiness = []
            for info in infos:
                if figures is not None:
                    count, right, median = figures.get((trainee_id, info.id), (0, 0, 0.0))
                else:
                    count, right, median = _readiness_figures(
                        _latest_answers(records, trainee_id, info.id, open_filter, READINESS_ANSWERS)
                        if (trainee_id, info.id) in totals else [])
                passed, signed = tests.get((key, info.id), (False, False))
                readiness.append(DrillReadiness(info.id, info.title, targets[info.id], count,
                                                right / count if count else 0.0, median, passed, signed))
            games[game] = GameReadiness(game, tuple(readiness))
        entries.append(RosterEntry(trainee, from_text(last_active.get(trainee_id)), answered[trainee_id], games))
    return entries


def cohort(records, f: RecordFilter) -> list[CohortRow]:
    """Every selected trainee x every drill they answered in the period (trainee, then drill order).
    Counted in answer_facts: one grouped scan of the narrow table and one short OFFSET read per median."""
    ids = _trainee_ids(records, _selected_trainees(records, f))
    open_filter = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, None, True)
    totals = _pair_totals(records, open_filter, ids)
    where, parameters = _facts_where(open_filter)
    targets: dict[str, Target] = {}
    rows = []
    for (trainee_id, drill), (count, correct, _) in sorted(totals.items(),
                                                           key=lambda kv: (name_key(ids[kv[0][0]]), kv[0][1])):
        if drill not in targets:
            targets[drill] = records.target(drill)
        rows.append(CohortRow(ids[trainee_id], drill, records.drill_info(drill).game, count, correct,
                              _median_seconds(records, trainee_id, drill, where, parameters, count), targets[drill]))
    return rows
