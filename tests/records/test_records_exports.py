"""Every export read back and compared with the database: CSV and XLSX parsed, PDF text extracted."""
from __future__ import annotations

import csv
import zipfile

import pytest

from dealerdrill.drills.session import Mode
from dealerdrill.drills.taxonomy import ErrorCategory
from dealerdrill.exports import ANSWER_COLUMNS, SESSION_COLUMNS, ExportCancelled, export, sessions_csv_path
from dealerdrill.records import RecordFilter

HOSTILE = '=HYPERLINK("http://example.invalid","open me")'
NAMES = ("Tāne Ngata", HOSTILE, "+64 Rewi", "@Mere", "-Kahu")


@pytest.fixture
def filled(records, play, answer_factory):
    """Five trainees (four with names a spreadsheet would read as formulas), practice and a test each."""
    records.set_pin("2468", name="Mere")
    manager = records.unlock("2468", "Mere Manager")
    for index, name in enumerate(NAMES):
        records.create_trainee(name)
        play(name, "baccarat.table_of_play", Mode.PRACTICE,
             [("banker6.third7", True, 2.0 + index), ("banker3.third8", False, 5.0)],
             category=ErrorCategory.BANKER_DRAW)
        attempt = play(name, "roulette.payout", Mode.TEST, [("roulette.payout.split", True, 3.0)] * 12)
        if index == 0:
            records.sign_off(attempt, manager)
    session = records.start_session("Tāne Ngata", "roulette.payout", Mode.PRACTICE)
    records.record_answer(session, answer_factory("roulette.payout", "roulette.payout.corner", False,
                                                  answer="=1+1", category=ErrorCategory.WRONG_ODDS))
    return records


def _formula_like(text):
    return isinstance(text, str) and text[:1] in ("=", "+", "-", "@")


def test_csv_has_one_row_per_answer_and_per_session_matching_the_database(filled, tmp_path):
    written = export(filled, "csv", tmp_path / "out" / "all.csv", RecordFilter())
    assert written == [tmp_path / "out" / "all.csv", sessions_csv_path(tmp_path / "out" / "all.csv")]
    raw = written[0].read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw          # BOM for Excel, CRLF rows
    with open(written[0], encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    stored = filled.answers()
    assert list(rows[0]) == list(ANSWER_COLUMNS) and len(rows) == len(stored) == 5 * 14 + 1
    for row, answer in zip(rows, stored):
        assert row["answer_id"] == answer.uuid and row["session_id"] == answer.session_uuid
        expected_name = "'" + answer.trainee if _formula_like(answer.trainee) else answer.trainee
        assert row["trainee"] == expected_name
        assert (row["drill"], row["mode"], row["family"], int(row["item_number"])) == \
               (answer.drill, answer.mode, answer.family, answer.seq)
        assert int(row["correct"]) == answer.correct and float(row["seconds"]) == pytest.approx(answer.seconds)
        assert row["error_category"] == (answer.category or "")
    given = [r["given"] for r in rows if r["given"].startswith("'")]
    assert given == ["'=1+1"]                                           # a trainee's answer is no formula either
    assert not any(_formula_like(value) for row in rows for value in row.values())
    with open(written[1], encoding="utf-8-sig", newline="") as handle:
        session_rows = list(csv.DictReader(handle))
    sessions = filled.sessions()
    assert list(session_rows[0]) == list(SESSION_COLUMNS) and len(session_rows) == len(sessions) == 11
    for row, session in zip(session_rows, sessions):
        assert (row["session_id"], int(row["items"]), int(row["correct"])) == \
               (session.uuid, session.items, session.correct)
        assert row["passed"] == {None: "", True: "yes", False: "no"}[session.passed]
    signed = [r for r in session_rows if r["signed_off_by"]]
    assert [r["signed_off_by"] for r in signed] == ["Mere Manager"] and signed[0]["trainee"] == "Tāne Ngata"


def test_xlsx_keeps_exact_text_as_text_never_a_formula(filled, tmp_path):
    from openpyxl import load_workbook

    [path] = export(filled, "xlsx", tmp_path / "all.xlsx")
    workbook = load_workbook(path)
    assert workbook.sheetnames == ["Answers", "Sessions"]
    answers = list(workbook["Answers"].iter_rows())
    stored = filled.answers()
    assert [c.value for c in answers[0]] == list(ANSWER_COLUMNS) and len(answers) - 1 == len(stored)
    column = {name: i for i, name in enumerate(ANSWER_COLUMNS)}
    for cells, answer in zip(answers[1:], stored):
        assert cells[column["answer_id"]].value == answer.uuid
        assert cells[column["trainee"]].value == answer.trainee                  # exact text, no apostrophe
        assert cells[column["correct"]].value == int(answer.correct)
        assert cells[column["seconds"]].value == pytest.approx(answer.seconds)
        assert cells[column["answered_at"]].is_date
    hostile = [c for row in answers for c in row if _formula_like(c.value)]
    assert {c.value for c in hostile} >= {HOSTILE, "+64 Rewi", "@Mere", "-Kahu", "=1+1"}
    assert all(c.data_type == "s" and c.quotePrefix for c in hostile)
    with zipfile.ZipFile(path) as archive:                               # no formula element anywhere
        sheets = [archive.read(n) for n in archive.namelist() if n.startswith("xl/worksheets/sheet")]
    assert sheets and not any(b"<f>" in xml or b"<f " in xml for xml in sheets)
    sessions = list(workbook["Sessions"].iter_rows(values_only=True))
    assert len(sessions) - 1 == len(filled.sessions())


def test_pdf_scorecard_shows_the_trainees_figures_tests_errors_and_sign_off_lines(filled, tmp_path):
    from pypdf import PdfReader

    [path] = export(filled, "pdf", tmp_path / "tane.pdf", RecordFilter(trainees=("Tāne Ngata",)))
    reader = PdfReader(path)
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (595, 842)                  # A4 portrait in points
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Scorecard: Tāne Ngata" in text and "Period: all records" in text
    for skill in filled.skill_progress("Tāne Ngata"):
        assert f"{skill.title} {skill.answered} {100 * skill.accuracy:.1f}%" in text
    [attempt] = filled.test_attempts(RecordFilter(trainees=("Tāne Ngata",)))
    assert f"{attempt.correct}/{attempt.items} ({100 * attempt.accuracy:.0f}%)" in text
    assert "passed Mere Manager" in text
    assert ErrorCategory.BANKER_DRAW.label in text and ErrorCategory.WRONG_ODDS.label in text
    assert "Trainee: ____" in text and "Training manager: ____" in text
    assert HOSTILE not in text                                           # only the one trainee
    assert len(reader.pages[0].images) + len(reader.pages[-1].images) >= 1   # the charts


def test_pdf_for_a_cohort_holds_a_summary_and_every_trainees_scorecard(filled, tmp_path):
    from pypdf import PdfReader

    [path] = export(filled, "pdf", tmp_path / "cohort.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)
    assert "Cohort scorecards" in text and "5 trainees" in text
    for name in NAMES:
        assert f"Scorecard: {name}" in text


def test_progress_reaches_the_total_and_cancel_leaves_no_file(filled, tmp_path):
    for fmt in ("csv", "xlsx", "pdf", "json"):
        calls = []
        export(filled, fmt, tmp_path / f"ok.{fmt}", progress=lambda done, total: calls.append((done, total)))
        assert calls and calls[-1][0] == calls[-1][1] > 0
        assert [d for d, _ in calls] == sorted(d for d, _ in calls)
        target = tmp_path / f"cancelled.{fmt}"
        with pytest.raises(ExportCancelled):
            export(filled, fmt, target, cancel=lambda: True)
        assert not target.exists() and not list(tmp_path.glob(".*part"))


def test_an_export_for_an_unknown_trainee_says_so(filled, tmp_path):
    from dealerdrill.records import UnknownTraineeError

    with pytest.raises(UnknownTraineeError, match="Nobody"):
        export(filled, "pdf", tmp_path / "x.pdf", RecordFilter(trainees=("Nobody",)))
    with pytest.raises(ValueError, match="not an export format"):
        export(filled, "docx", tmp_path / "x.docx")
