"""The records at the size issue 7 names (200 trainees, 2,000,000 answers): every view counts exactly what
was generated. How fast they are is measured in benchmarks/bench_records.py, not here.

The database is generated once (about half a minute) and cached in the temporary folder under a name that
holds the generator's and the schema's versions, so later runs and the benchmark reuse it. The expected
numbers come from the generator's rules (synthetic.Plan), recomputed in Python, never read back from SQL.
"""
from __future__ import annotations

import statistics
import tempfile
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
import synthetic_records as synthetic

from dealerdrill.drills.catalog import DRILL_CATALOG
from dealerdrill.records import RecordFilter, Records

PLAN = synthetic.Plan()            # 200 trainees, 2,000,000 answers
CACHE = Path(tempfile.gettempdir()) / "dealerdrill-load-cache"


@pytest.fixture(scope="module")
def big():
    path = synthetic.cached(CACHE, PLAN)
    records = Records(path, check=False, catalog=DRILL_CATALOG)   # the whole-file check is the benchmark's business
    yield records
    records.close()


@pytest.fixture(scope="module")
def expected():
    return synthetic.expected_counts(PLAN)


def _answers_of(trainee: int, drill: str | None = None):
    """Answer numbers of one trainee (optionally one drill), in time order, by the generator's rules."""
    for session in range(trainee, PLAN.sessions + 1, PLAN.trainees):
        if drill is None or synthetic.DRILLS[PLAN.drill_of(session)][0] == drill:
            first = (session - 1) * synthetic.ANSWERS_PER_SESSION + 1
            yield from range(first, min(PLAN.answers, session * synthetic.ANSWERS_PER_SESSION) + 1)


def test_the_generated_file_holds_the_planned_rows(big, expected):
    assert len(big.trainees()) == PLAN.trainees
    assert sum(expected.answers_by_trainee.values()) == PLAN.answers
    assert big.read("SELECT COUNT(*) FROM answers")[0][0] == PLAN.answers
    assert big.read("SELECT COUNT(*) FROM answer_facts")[0][0] == PLAN.answers
    assert big.read("SELECT SUM(answered) FROM answer_hours")[0][0] == PLAN.answers


def test_roster_counts_every_trainees_answers_and_latest_activity(big, expected):
    roster = big.roster()
    assert [e.trainee.name for e in roster] == [synthetic.trainee_name(n) for n in range(1, PLAN.trainees + 1)]
    assert {e.trainee.name: e.answered for e in roster} == dict(expected.answers_by_trainee)
    entry = roster[6]
    last = max(_answers_of(7))
    assert entry.last_active == PLAN.answered_at(last)
    drills = [d for game in entry.games.values() for d in game.drills]
    assert {d.drill for d in drills} >= {drill for drill, _, _ in synthetic.DRILLS}
    table = next(d for d in drills if d.drill == "baccarat.table_of_play")
    latest = list(_answers_of(7, "baccarat.table_of_play"))[-50:]
    assert table.answered == 50
    assert table.accuracy == pytest.approx(sum(PLAN.correct(i) for i in latest) / 50)
    assert table.median_seconds == pytest.approx(statistics.median(PLAN.seconds(i) for i in latest))


def test_cohort_counts_and_medians_match_the_plan(big, expected):
    rows = big.cohort()
    assert {(r.trainee, r.drill): r.answered for r in rows} == dict(expected.answers_by_trainee_drill)
    assert {(r.trainee, r.drill): r.correct for r in rows} == dict(expected.correct_by_trainee_drill)
    by_key = {(r.trainee, r.drill): r for r in rows}
    for trainee, drill in ((1, "baccarat.table_of_play"), (113, "roulette.payout"), (200, "paigow.house_way")):
        seconds = [PLAN.seconds(i) for i in _answers_of(trainee, drill)]
        assert by_key[(synthetic.trainee_name(trainee), drill)].median_seconds == \
               pytest.approx(statistics.median(seconds))


def test_a_filtered_cohort_counts_only_the_period_game_and_mode(big):
    first_day = (synthetic.START + timedelta(days=60)).astimezone().date()
    last_day = first_day + timedelta(days=12)      # a whole round of the drills (one per 20 hours)
    selection = RecordFilter(date_from=first_day, date_to=last_day, game="roulette", mode="practice")
    wanted: Counter = Counter()
    for session in range(1, PLAN.sessions + 1):
        drill, game, _ = synthetic.DRILLS[PLAN.drill_of(session)]
        if game != "roulette" or PLAN.mode_of(session) != "practice":
            continue
        for i in range((session - 1) * synthetic.ANSWERS_PER_SESSION + 1, session * synthetic.ANSWERS_PER_SESSION + 1):
            if first_day <= PLAN.answered_at(i).astimezone().date() <= last_day:
                wanted[(synthetic.trainee_name(PLAN.trainee_of(session)), drill)] += 1
    assert wanted and {(r.trainee, r.drill): r.answered for r in big.cohort(selection)} == dict(wanted)


def test_test_attempts_are_every_test_session_with_its_score(big, expected):
    attempts = big.test_attempts()
    assert len(attempts) == expected.sessions_by_mode["test"]
    first = attempts[0]                           # session 10 is the first test (every TEST_EVERY-th)
    numbers = range(9 * synthetic.ANSWERS_PER_SESSION + 1, 10 * synthetic.ANSWERS_PER_SESSION + 1)
    assert (first.trainee, first.items, first.correct) == \
           (synthetic.trainee_name(PLAN.trainee_of(10)), 25, sum(PLAN.correct(i) for i in numbers))
    assert first.median_seconds == pytest.approx(statistics.median(PLAN.seconds(i) for i in numbers))


def test_one_trainees_views_count_that_trainees_answers(big):
    name, number = synthetic.trainee_name(42), 42
    progress = {p.drill: (p.answered, p.correct) for p in big.skill_progress(name)}
    wanted: dict[str, list[int]] = {}
    for drill, _, _ in synthetic.DRILLS:
        numbers = list(_answers_of(number, drill))
        wanted[drill] = [len(numbers), sum(PLAN.correct(i) for i in numbers)]
    assert progress == {drill: tuple(counts) for drill, counts in wanted.items()}
    heatmap = big.heatmap(name)
    assert sum(cell.answered for cell in heatmap.cells.values()) == wanted["baccarat.table_of_play"][0]
    wrong = sum(answered - right for answered, right in wanted.values())
    assert sum(c.answered for c in big.error_categories(name)) == wrong
    run = best = 0
    for i in _answers_of(number):
        run = run + 1 if PLAN.correct(i) else 0
        best = max(best, run)
    assert big.streaks(name).best_correct == best


def test_answers_filtered_by_trainee_and_day_are_exactly_that_days(big):
    numbers = list(_answers_of(5))
    day = PLAN.answered_at(numbers[len(numbers) // 2]).astimezone().date()
    selection = RecordFilter(date_from=day, date_to=day, trainees=(synthetic.trainee_name(5),))
    found = big.answers(selection)
    wanted = [i for i in numbers if PLAN.answered_at(i).astimezone().date() == day]
    assert [a.uuid for a in found] == [f"20000000-0000-4000-8000-{i:012x}" for i in wanted]
    assert [a.correct for a in found] == [PLAN.correct(i) for i in wanted]


def test_one_trainees_csv_and_xlsx_exports_hold_exactly_the_generated_answers(big, tmp_path):
    import csv

    from openpyxl import load_workbook

    from dealerdrill.exports import export

    number = 42
    numbers = list(_answers_of(number))
    selection = RecordFilter(trainees=(synthetic.trainee_name(number),))
    [answers_path, _] = export(big, "csv", tmp_path / "one.csv", selection)
    with open(answers_path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["answer_id"] for r in rows] == [f"20000000-0000-4000-8000-{i:012x}" for i in numbers]
    assert [int(r["correct"]) for r in rows] == [int(PLAN.correct(i)) for i in numbers]
    assert [float(r["seconds"]) for r in rows] == [round(PLAN.seconds(i), 3) for i in numbers]
    assert [r["question"] for r in rows] == [f"Question {i}" for i in numbers]
    assert [r["answered_at"] for r in rows] == [
        PLAN.answered_at(i).astimezone().strftime("%Y-%m-%d %H:%M:%S") for i in numbers]
    assert {r["trainee"] for r in rows} == {synthetic.trainee_name(number)}

    [workbook_path] = export(big, "xlsx", tmp_path / "one.xlsx", selection)
    sheet = load_workbook(workbook_path, read_only=True)["Answers"]
    cells = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [row[0] for row in cells] == [r["answer_id"] for r in rows]
    assert [row[13] for row in cells] == [int(r["correct"]) for r in rows]
    assert [row[7].strftime("%Y-%m-%d %H:%M:%S") for row in cells] == [r["answered_at"] for r in rows]
