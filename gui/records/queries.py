"""Read-only views of the records for the trainee and manager screens and the exports. Qt-free.

Each function takes a Records object and a RecordFilter and returns the plain dataclasses of models.py.
Counting happens here, in Python, over the rows SQL selects (one query per call): the numbers are small
(a busy trainee answers a few thousand items a month) and the rules stay readable in one place.

Definitions a manager sees (documented here once):
- accuracy: right answers / answers, timeouts counting as wrong; speed: the median seconds per answer.
- trend: per local calendar day; recent_change: accuracy over the latest TREND_WINDOW answers minus the
  TREND_WINDOW before them (None until there are 2 x TREND_WINDOW answers).
- readiness for a drill: over the latest READINESS_ANSWERS answers in the period, accuracy at least the
  target's (with at least min(test items, 20) answers) and median time within the speed target, and a test
  attempt in the period that reached its pass mark. A game is ready when all its drills are.
"""
from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from dealerdrill.drills.targets import Target

from . import families
from .models import (AnswerRecord, Breakdown, CohortRow, DrillReadiness, GameReadiness, Heatmap, HeatmapCell,
                     RecordFilter, RosterEntry, SessionSummary, SkillProgress, Streaks, TrendPoint)

TREND_WINDOW = 20
READINESS_ANSWERS = 50


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


def _where(records, f: RecordFilter, trainee: str | None, time_column: str) -> tuple[str, list]:
    from .store import mode_value, to_text

    clauses, parameters = [], []
    if trainee is not None:
        clauses.append("t.name = ?")          # a named trainee is shown even when archived
        parameters.append(" ".join(str(getattr(trainee, "name", trainee)).split()))
    else:
        if f.trainees is not None:
            names = [" ".join(str(n).split()) for n in f.trainees]
            clauses.append(f"t.name IN ({', '.join('?' * len(names))})" if names else "0")
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


_ANSWERS_FROM = " FROM answers a JOIN sessions s ON a.session_id = s.id JOIN trainees t ON s.trainee_id = t.id"


def _facts(records, f: RecordFilter, trainee: str | None = None) -> list[_Fact]:
    from .store import from_text

    where, parameters = _where(records, f, trainee, "a.answered_at")
    rows = records._read("SELECT t.name, s.drill, s.game, s.mode, a.family, a.correct, a.seconds, a.category, "
                         "a.answered_at, s.uuid" + _ANSWERS_FROM + where + " ORDER BY a.answered_at, s.id, a.seq",
                         parameters)
    return [_Fact(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], r[7], from_text(r[8]), r[9]) for r in rows]


def _median(values) -> float:
    values = list(values)
    return float(statistics.median(values)) if values else 0.0


# ------------------------------------------------------------------------------------------ rows

def answer_records(records, f: RecordFilter) -> list[AnswerRecord]:
    from .store import from_text, json_or_text

    where, parameters = _where(records, f, None, "a.answered_at")
    rows = records._read("SELECT a.uuid, s.uuid, t.name, s.drill, s.game, s.mode, a.seq, a.family, a.item, "
                         "a.answer, a.expected, a.given, a.correct, a.category, a.rule, a.seconds, a.timed_out, "
                         "a.answered_at" + _ANSWERS_FROM + where + " ORDER BY a.answered_at, s.id, a.seq",
                         parameters)
    return [AnswerRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], json_or_text(r[8]), json_or_text(r[9]),
                         r[10], r[11], bool(r[12]), r[13], r[14], r[15], bool(r[16]), from_text(r[17]))
            for r in rows]


def session_summaries(records, f: RecordFilter, *, uuids: tuple[str, ...] | None = None,
                      newest_first: bool = False, limit: int | None = None) -> list[SessionSummary]:
    """Sessions started in the filter's period (or exactly those `uuids`), with counts and sign-offs."""
    import json

    from .store import from_text

    where, parameters = _where(records, f, None, "s.started_at")
    if uuids is not None:
        where += (" AND " if where else " WHERE ") + f"s.uuid IN ({', '.join('?' * len(uuids))})"
        parameters += list(uuids)
    order = "DESC" if newest_first else "ASC"
    tail = f" ORDER BY s.started_at {order}, s.id {order}" + (f" LIMIT {int(limit)}" if limit else "")
    rows = records._read(
        "SELECT s.id, s.uuid, t.name, s.drill, s.game, s.mode, s.started_at, s.finished_at, s.target, s.settings, "
        "s.workstation, so.manager, so.signed_at, so.note FROM sessions s JOIN trainees t ON s.trainee_id = t.id "
        "LEFT JOIN signoffs so ON so.session_id = s.id" + where + tail, parameters)
    if not rows:
        return []
    ids = [r[0] for r in rows]
    seconds: dict[int, list[float]] = defaultdict(list)
    correct: dict[int, int] = defaultdict(int)
    for chunk_start in range(0, len(ids), 500):  # SQLite caps the number of parameters
        chunk = ids[chunk_start:chunk_start + 500]
        for session_id, answer_seconds, answer_correct in records._read(
                f"SELECT session_id, seconds, correct FROM answers WHERE session_id IN "
                f"({', '.join('?' * len(chunk))})", chunk):
            seconds[session_id].append(answer_seconds)
            correct[session_id] += answer_correct
    summaries = []
    for (sid, uuid, name, drill, game, mode, started, finished, target, settings, workstation, manager,
         signed_at, note) in rows:
        summaries.append(SessionSummary(
            uuid, name, drill, game, mode, from_text(started), from_text(finished), len(seconds[sid]),
            correct[sid], _median(seconds[sid]), Target.from_dict(json.loads(target or "{}")),
            json.loads(settings or "{}"), workstation, manager, from_text(signed_at), note or ""))
    return summaries


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
    """Answers about Table 2 cells (families.table_of_play_cell), counted per Banker total x third card."""
    counts: dict[tuple[int, int], list[int]] = {(b, c): [0, 0] for b in families.BANKER_TOTALS
                                                for c in families.THIRD_CARD_VALUES}
    for fact in _facts(records, f, trainee):
        cell = families.table_of_play_cell(fact.game, fact.family)
        if cell is not None:
            counts[cell][0] += 1
            counts[cell][1] += fact.correct
    return Heatmap(families.BANKER_TOTALS, families.THIRD_CARD_VALUES,
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
    """Roulette accuracy per wager kind (families.wager_kind)."""
    return _breakdown(_facts(records, f, trainee), lambda x: families.wager_kind(x.game, x.family),
                      families.wager_kind_label)


def by_house_way_rule(records, trainee: str | None, f: RecordFilter) -> list[Breakdown]:
    """Pai gow accuracy per house-way rule (families.house_way_rule)."""
    return _breakdown(_facts(records, f, trainee), lambda x: families.house_way_rule(x.game, x.family),
                      families.house_way_rule_label)


def category_label(value: str) -> str:
    from dealerdrill.drills.taxonomy import ErrorCategory

    try:
        return ErrorCategory(value).label
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
        wanted = {" ".join(str(n).split()).casefold() for n in f.trainees}
        everyone = [t for t in everyone if t.name.casefold() in wanted]
    return [t for t in everyone if f.include_archived or not t.archived or f.trainees is not None]


def roster(records, f: RecordFilter) -> list[RosterEntry]:
    """Each selected trainee's readiness per game (games and drills narrowed by the filter)."""
    trainees = _selected_trainees(records, f)
    open_filter = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, None, True)
    facts_by: dict[tuple[str, str], list[_Fact]] = defaultdict(list)
    last_active: dict[str, datetime] = {}
    answered: dict[str, int] = defaultdict(int)
    for fact in _facts(records, open_filter):
        key = fact.trainee.casefold()
        facts_by[(key, fact.drill)].append(fact)
        last_active[key] = fact.answered_at
        answered[key] += 1
    tests_by: dict[tuple[str, str], list[SessionSummary]] = defaultdict(list)
    for attempt in session_summaries(records, open_filter):
        if attempt.mode == "test":
            tests_by[(attempt.trainee.casefold(), attempt.drill)].append(attempt)
    drills_by_game: dict[str, list] = defaultdict(list)
    for info in records.drill_infos().values():
        if (f.game is None or info.game == f.game) and (f.drill is None or info.id == f.drill):
            drills_by_game[info.game].append(info)
    entries = []
    for trainee in trainees:
        key = trainee.name.casefold()
        games = {}
        for game, infos in sorted(drills_by_game.items()):
            readiness = []
            for info in infos:
                latest = facts_by[(key, info.id)][-READINESS_ANSWERS:]
                passed = [t for t in tests_by[(key, info.id)] if t.passed]
                readiness.append(DrillReadiness(
                    info.id, info.title, records.target(info.id), len(latest),
                    sum(x.correct for x in latest) / len(latest) if latest else 0.0,
                    _median(x.seconds for x in latest), bool(passed), any(t.signed_by for t in passed)))
            games[game] = GameReadiness(game, tuple(readiness))
        entries.append(RosterEntry(trainee, last_active.get(key), answered[key], games))
    return entries


def cohort(records, f: RecordFilter) -> list[CohortRow]:
    """Every selected trainee x every drill they answered in the period (trainee, then drill order)."""
    names = {t.name.casefold(): t.name for t in _selected_trainees(records, f)}
    open_filter = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, None, True)
    groups: dict[tuple[str, str], list[_Fact]] = defaultdict(list)
    for fact in _facts(records, open_filter):
        if fact.trainee.casefold() in names:
            groups[(fact.trainee.casefold(), fact.drill)].append(fact)
    rows = []
    for (key, drill), group in sorted(groups.items()):
        rows.append(CohortRow(names[key], drill, group[0].game, len(group), sum(x.correct for x in group),
                              _median(x.seconds for x in group), records.target(drill)))
    return rows
