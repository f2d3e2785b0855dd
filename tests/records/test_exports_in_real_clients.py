"""The exports read by real programs: LibreOffice Calc (headless) opens the XLSX workbook and the CSV files,
and poppler's pdftotext reads the PDF scorecards. Every cell LibreOffice reads must be the value the
database holds, as the export wrote it: numbers as numbers, times as dates, names that look like formulas
as text (never a formula), letters outside ASCII intact, and the answers continued on further sheets past
the row limit (lowered here, as in test_records_exports.py, so the split takes a few dozen rows).

What LibreOffice read is saved again by LibreOffice as XLSX and opened with openpyxl: a formula it had made
of a cell would show there as a formula, a number it had kept as text as a string."""
from __future__ import annotations

import json
import os
import re
import subprocess
import time
import zipfile
from datetime import datetime, timedelta

import pytest
from external_tools import tool

from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.exports import ANSWER_COLUMNS, SESSION_COLUMNS, export
from dealerdrill.records import RecordFilter
from dealerdrill.settings import answer_key_summary

HOSTILE = '=HYPERLINK("http://example.invalid","open me")'
# Letters outside ASCII (macrons, a stroke, an umlaut, Chinese) and names a spreadsheet would run as formulas.
NAMES = ("Tāne Ngata", "Ngāi Ōtautahi", "Zoë Łukasz", "李小龍", HOSTILE, "+64 Rewi", "@Mere", "-Kahu")
GIVEN = ("35 to 1", "=1+1", "-5", "@SUM(A1)", "line\nbreak, \"quoted\"", "  spaced  ", "<b>&</b>", "17")
ROWS_PER_SHEET = 20          # the lowered row limit: a header and 19 answers per sheet
DATE_COLUMNS = {"answered_at", "started_at", "finished_at", "signed_off_at"}
NUMBER_COLUMNS = {"item_number", "correct", "seconds", "timed_out", "items", "accuracy", "median_seconds",
                  "target_seconds", "target_accuracy", "test_items", "pass_mark"}
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")
# LibreOffice's text import: comma, double quotes, UTF-8, from line 1, standard columns, English (US)
# conventions, quoted fields may be numbers, "detect special numbers" on (so the times are read as times).
CSV_IMPORT = "CSV:44,34,76,1,,1033,false,true"


@pytest.fixture(autouse=True)
def new_zealand_time():
    """Local time is New Zealand's (from a rule string, no tz database needed): times in the exports are
    local, so they differ from the stored UTC ones and a mix-up shows."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "NZST-12NZDT,M9.5.0,M4.1.0/3"
    time.tzset()
    yield
    if before is None:
        os.environ.pop("TZ")
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.fixture
def cohort(records, real_play, answer_factory, signer):
    """Eight trainees, each with a practice session of varied answers and a signed or unsigned test."""
    manager = "Mere Manager"          # the desk checks the role; the records store the name
    for index, name in enumerate(NAMES):
        records.create_trainee(name)
        session = records.start_session(name, "roulette.payout", Mode.PRACTICE)
        for number, given in enumerate(GIVEN):
            correct = (index + number) % 3 != 0
            answered = answer_factory("roulette.payout", f"roulette.payout.{('split', 'corner')[number % 2]}",
                                      correct, seconds=1.5 + index / 8 + number / 1000,
                                      answer=[number, "ā"] if number == 4 else given,
                                      category=ErrorCategory.WRONG_ODDS, text=f"Pays {number}? Whāia")
            grade = answered.grade.__class__(**{**answered.grade.__dict__, "given": given})
            records.record_answer(session, answered.__class__(answered.item, answered.answer, grade))
        records.finish_session(session)
        attempt = real_play(name, Mode.TEST, [index % 2 == 0] * 3)
        if index in (0, 4):
            records.sign_off(attempt, manager, signer)
    return records


def _local(moment: datetime | None) -> datetime | None:
    return moment.astimezone().replace(tzinfo=None, microsecond=0) if moment else None


def expected_answers(records) -> list[dict]:
    """Each answer's cells, from the database: what the export must have written."""
    return [{
        "answer_id": a.uuid, "session_id": a.session_uuid, "trainee": a.trainee, "game": a.game, "drill": a.drill,
        "mode": a.mode, "item_number": a.seq, "answered_at": _local(a.answered_at), "family": a.family,
        "question": a.question, "answer": json.dumps(a.answer, ensure_ascii=False, sort_keys=True),
        "given": a.given, "expected": a.expected, "correct": int(a.correct), "error_category": a.category or "",
        "rule": a.rule, "seconds": round(a.seconds, 3), "timed_out": int(a.timed_out),
    } for a in records.answers()]


def expected_sessions(records) -> list[dict]:
    return [{
        "session_id": s.uuid, "trainee": s.trainee, "game": s.game, "drill": s.drill, "mode": s.mode,
        "started_at": _local(s.started_at), "finished_at": _local(s.finished_at), "items": s.items,
        "correct": s.correct, "accuracy": round(s.score, 4), "median_seconds": round(s.median_seconds, 3),
        "target_seconds": s.target.seconds, "target_accuracy": s.target.accuracy,
        "test_items": s.target.test_items, "pass_mark": s.target.pass_mark,
        "passed": "" if s.passed is None else ("yes" if s.passed else "no"), "test_result": s.test_result or "",
        "signed_off_by": s.signed_by or "",
        "signed_off_at": _local(s.signed_at), "workstation": s.workstation,
        "signoff_note": s.signoff_note, "signoff_reason": s.signoff_reason,
        "settings": answer_key_summary(s.game, s.settings.get(s.game, {})) if s.settings.get(s.game) else "",
    } for s in records.sessions()]


@pytest.fixture(scope="module")
def libreoffice(tmp_path_factory):
    """convert(sources, infilter=None) -> the files LibreOffice wrote back as XLSX, one per source. Its own
    profile folder, so a LibreOffice the developer has open (or another test run) is never in the way."""
    soffice = tool("soffice", "libreoffice-calc-nogui")
    profile = tmp_path_factory.mktemp("libreoffice-profile")

    def convert(sources, infilter=None):
        out = tmp_path_factory.mktemp("libreoffice-out")
        command = [soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                   "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out)]
        if infilter:
            command.append(f"--infilter={infilter}")
        done = subprocess.run(command + [str(path) for path in sources], capture_output=True, text=True,
                              timeout=300, env={**os.environ, "HOME": str(profile)})
        written = [out / (path.stem + ".xlsx") for path in sources]
        missing = [path.name for path in written if not path.is_file()]
        assert not missing, f"LibreOffice did not convert {missing}: {done.stdout}\n{done.stderr}"
        return written

    return convert


def read_back(path) -> dict[str, list[list]]:
    """LibreOffice's saved workbook: sheet title -> rows of cell values. Fails on any formula cell."""
    from openpyxl import load_workbook

    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/sheet"):
                xml = archive.read(name)
                assert b"<f>" not in xml and b"<f " not in xml, f"LibreOffice made a formula in {name}"
    workbook = load_workbook(path)
    sheets = {}
    for sheet in workbook.worksheets:
        rows = []
        for row in sheet.iter_rows():
            assert all(cell.data_type != "f" for cell in row)
            rows.append([cell.value for cell in row])
        sheets[sheet.title] = rows
    return sheets


def same(read, wanted, where: str) -> None:
    """One cell: LibreOffice's value against the expected one (empty text reads as an empty cell)."""
    if wanted is None:                  # no time (a session nobody signed)
        assert read is None, (where, read)
    elif isinstance(wanted, datetime):
        assert isinstance(read, datetime) and abs(read - wanted) < timedelta(milliseconds=1), (where, read, wanted)
    elif isinstance(wanted, str):
        assert (read if read is not None else "") == wanted and not isinstance(read, (int, float)), \
            (where, read, wanted)
    else:
        assert isinstance(read, (int, float)) and not isinstance(read, bool) and read == wanted, \
            (where, read, wanted)


def compare_table(rows, columns, expected, what: str) -> None:
    assert rows[0] == list(columns), what
    assert len(rows) - 1 == len(expected), (what, len(rows) - 1, len(expected))
    for number, (row, wanted) in enumerate(zip(rows[1:], expected), start=2):
        row = row + [None] * (len(columns) - len(row))
        for column, value in zip(columns, row):
            same(value, wanted[column], f"{what} row {number} {column}")


def test_libreoffice_reads_every_xlsx_cell_as_written_across_the_split_sheets(cohort, tmp_path, monkeypatch,
                                                                               libreoffice):
    from dealerdrill.exports import tabular

    monkeypatch.setattr(tabular, "EXCEL_MAX_ROWS", ROWS_PER_SHEET)
    [path] = export(cohort, "xlsx", tmp_path / "cohort.xlsx")
    answers, sessions = expected_answers(cohort), expected_sessions(cohort)
    per_sheet = ROWS_PER_SHEET - 1
    parts = -(-len(answers) // per_sheet)
    assert parts >= 3                                   # the split really happens, more than once
    sheets = read_back(libreoffice([path])[0])
    answer_titles = ["Answers"] + [f"Answers {n}" for n in range(2, parts + 1)]
    assert list(sheets) == answer_titles + ["Sessions"]
    for index, title in enumerate(answer_titles):
        compare_table(sheets[title], ANSWER_COLUMNS, answers[index * per_sheet:(index + 1) * per_sheet], title)
    compare_table(sheets["Sessions"], SESSION_COLUMNS, sessions, "Sessions")
    # The hostile names and answers came through as text, exactly (the XLSX needs no apostrophe).
    trainees = {row[2] for title in answer_titles for row in sheets[title][1:]}
    assert trainees == set(NAMES)
    givens = {row[11] for row in sheets["Answers"][1:]}
    assert {"=1+1", "@SUM(A1)", "-5"} <= givens


def csv_cell(column: str, value):
    """What a cell of the CSV export holds, as LibreOffice shows it: a time read as a date, a number as a
    number; text that would start a formula keeps the export's apostrophe; text that is a plain number
    (an answer "17") is read as that number, as a spreadsheet reads any CSV."""
    if column in DATE_COLUMNS or column in NUMBER_COLUMNS or value is None:
        return value if value is not None else ""
    text = "'" + value if value[:1] in ("=", "+", "-", "@") else value
    if PLAIN_NUMBER.fullmatch(text):
        return float(text) if "." in text else int(text)
    return text


def test_libreoffice_reads_every_csv_cell_as_written(cohort, tmp_path, libreoffice):
    answers_path, sessions_path = export(cohort, "csv", tmp_path / "cohort.csv")
    answers_read, sessions_read = (read_back(path) for path in libreoffice([answers_path, sessions_path],
                                                                             CSV_IMPORT))
    [answer_rows] = answers_read.values()
    [session_rows] = sessions_read.values()
    answers = [{column: csv_cell(column, value) for column, value in row.items()} for row in expected_answers(cohort)]
    sessions = [{column: csv_cell(column, value) for column, value in row.items()}
                for row in expected_sessions(cohort)]
    compare_table(answer_rows, ANSWER_COLUMNS, answers, "answers CSV")
    compare_table(session_rows, SESSION_COLUMNS, sessions, "sessions CSV")
    trainees = {row[2] for row in answer_rows[1:]}
    assert trainees == {"Tāne Ngata", "Ngāi Ōtautahi", "Zoë Łukasz", "李小龍", "'" + HOSTILE, "'+64 Rewi",
                        "'@Mere", "'-Kahu"}
    assert "'-5" in {row[11] for row in answer_rows[1:]}               # text, not the number -5


def pdf_text(path) -> str:
    pdftotext = tool("pdftotext", "poppler-utils")
    done = subprocess.run([pdftotext, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                          check=True, timeout=120)
    return " ".join(done.stdout.split())


def test_pdftotext_reads_a_scorecard_with_its_figures_and_letters(cohort, tmp_path):
    name = "Tāne Ngata"
    [path] = export(cohort, "pdf", tmp_path / "tane.pdf", RecordFilter(trainees=(name,)))
    text = pdf_text(path)
    assert f"Scorecard: {name}" in text and "Period: all records" in text
    for skill in cohort.skill_progress(name):
        assert f"{skill.title} {skill.answered} {100 * skill.accuracy:.1f}%" in text
    [attempt] = cohort.test_attempts(RecordFilter(trainees=(name,)))
    assert f"{attempt.correct}/{attempt.scored_over} ({100 * attempt.score:.0f}%)" in text
    assert "Mere Manager" in text and ErrorCategory.WRONG_ODDS.label in text
    assert "Trainee: ____" in text and "Training manager: ____" in text
    assert "Ngāi Ōtautahi" not in text                                    # only the one trainee


def test_pdftotext_reads_every_name_of_a_cohort_file(cohort, tmp_path):
    latin = tuple(name for name in NAMES if name != "李小龍")    # DejaVu Sans has Latin letters, not Chinese
    [path] = export(cohort, "pdf", tmp_path / "cohort.pdf", RecordFilter(trainees=latin))
    text = pdf_text(path)
    assert "Cohort scorecards" in text and f"{len(latin)} trainees" in text
    for name in latin:
        assert f"Scorecard: {name}" in text
