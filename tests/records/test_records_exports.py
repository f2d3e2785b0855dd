"""Every export read back and compared with the database: CSV and XLSX parsed, PDF text extracted."""
from __future__ import annotations

import csv
import re
import zipfile

import pytest

from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.exports import ANSWER_COLUMNS, SESSION_COLUMNS, ExportCancelled, export, sessions_csv_path
from dealerdrill.records import RecordFilter

HOSTILE = '=HYPERLINK("http://example.invalid","open me")'
NAMES = ("Tāne Ngata", HOSTILE, "+64 Rewi", "@Mere", "-Kahu")


@pytest.fixture
def filled(records, play, real_play, answer_factory, signer):
    """Five trainees (four with names a spreadsheet would read as formulas), practice and a test each (issued by
    the records and answered for real, so that the scorecard's check grades it again)."""
    manager = "Mere Manager"
    for index, name in enumerate(NAMES):
        records.create_trainee(name)
        play(name, "baccarat.table_of_play", Mode.PRACTICE,
             [("banker6.third7", True, 2.0 + index), ("banker3.third8", False, 5.0)],
             category=ErrorCategory.BANKER_DRAW)
        attempt = real_play(name, Mode.TEST, [True] * 30)
        if index == 0:
            records.sign_off(attempt, manager, signer)
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
    assert list(rows[0]) == list(ANSWER_COLUMNS) and len(rows) == len(stored) == 5 * 32 + 1
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
    # The charts are vector drawings now: their titles and axis labels are text on the page.
    for words in ("Accuracy (bar) against target", "Median seconds (bar) against target", "seconds per answer",
                  "Table of play: accuracy (%)", "Player's third card", "Banker total"):
        assert words in text
    # Readiness per game under the games' names, not their ids.
    [entry] = filled.roster(RecordFilter(trainees=("Tāne Ngata",)))
    assert set(entry.games) == {"baccarat", "paigow", "roulette"}
    for game, name in (("baccarat", "Baccarat"), ("paigow", "Pai Gow"), ("roulette", "Roulette")):
        readiness = entry.games[game]
        assert f"{name} {'yes' if readiness.ready else 'not yet'} {readiness.drills_ready} of" in text


def test_pdf_for_a_cohort_holds_a_summary_and_every_trainees_scorecard(filled, tmp_path):
    from pypdf import PdfReader

    [path] = export(filled, "pdf", tmp_path / "cohort.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)
    assert "Cohort scorecards" in text and "5 trainees" in text
    for name in NAMES:
        assert f"Scorecard: {name}" in text


def test_progress_reaches_the_total_and_cancel_leaves_no_file(filled, tmp_path):
    for fmt in ("csv", "xlsx", "pdf", "json"):
        calls: list[tuple[int, int]] = []
        def progress(done: int, total: int, calls: list = calls) -> None:
            calls.append((done, total))

        export(filled, fmt, tmp_path / f"ok.{fmt}", progress=progress)
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


# ------------------------------------------------------------------------------------------ exact values

TRICKY_GIVEN = ("  <b>Tāne & co</b>  ", "\x07=bell", "line\nbreak, \"quoted\"", "-5", "")
TRICKY_ANSWERS = ({"b": 1, "a": ["ā", 2]}, [1, "two"], 3.25, None, "plain")


@pytest.fixture
def tricky(records, answer_factory):
    """One trainee whose answers hold text that needs care in XML and CSV (markup characters, spaces at
    the ends, a control character, line breaks, letters outside ASCII, JSON answers of every shape)."""
    records.create_trainee("Wiremu")
    session = records.start_session("Wiremu", "baccarat.table_of_play", Mode.PRACTICE)
    for index, (given, value) in enumerate(zip(TRICKY_GIVEN, TRICKY_ANSWERS)):
        answered = answer_factory("baccarat.table_of_play", f"banker{index}.third{index}", index % 2 == 0,
                                  seconds=1.23456 + index, answer=value, text=f"Whāia <{index}> & more")
        grade = answered.grade.__class__(**{**answered.grade.__dict__, "given": given})
        records.record_answer(session, answered.__class__(answered.item, answered.answer, grade))
    records.finish_session(session)
    return records


def _local(moment):
    return moment.astimezone().replace(tzinfo=None, microsecond=0)


@pytest.fixture
def new_zealand_time():
    """The process's local time zone set to New Zealand's (rules in the TZ string, no tz database needed)."""
    import os
    import time

    before = os.environ.get("TZ")
    os.environ["TZ"] = "NZST-12NZDT,M9.5.0,M4.1.0/3"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_csv_values_are_those_of_the_stored_answers_in_local_time(tricky, tmp_path, new_zealand_time):
    import json

    [answers_path, _] = export(tricky, "csv", tmp_path / "w.csv")
    with open(answers_path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    stored = tricky.answers()
    assert len(rows) == len(stored) == len(TRICKY_GIVEN)
    for row, answer, given, value in zip(rows, stored, TRICKY_GIVEN, TRICKY_ANSWERS):
        assert row["answered_at"] == _local(answer.answered_at).strftime("%Y-%m-%d %H:%M:%S")
        assert row["answered_at"] != answer.answered_at.strftime("%Y-%m-%d %H:%M:%S")   # not UTC
        assert row["question"] == answer.question == f"Whāia <{answer.seq - 1}> & more"
        expected_answer = json.dumps(value, ensure_ascii=False, sort_keys=True)
        assert row["answer"] == ("'" + expected_answer if expected_answer.startswith("-") else expected_answer)
        printed = given.replace("\x07", "\ufffd")   # what XML 1.0 forbids is replaced in every export
        assert row["given"] == ("'" + printed if printed.startswith("-") else printed)
        assert float(row["seconds"]) == round(answer.seconds, 3)
    assert rows[0]["answer"] == '{"a": ["ā", 2], "b": 1}'                 # letters as letters, keys sorted


def test_xlsx_values_survive_markup_spaces_and_control_characters(tricky, tmp_path, new_zealand_time):
    import json

    from openpyxl import load_workbook

    [path] = export(tricky, "xlsx", tmp_path / "w.xlsx")
    sheet = load_workbook(path)["Answers"]
    column = {name: i for i, name in enumerate(ANSWER_COLUMNS)}
    rows = list(sheet.iter_rows(min_row=2))
    stored = tricky.answers()
    assert len(rows) == len(stored)
    for cells, answer, given, value in zip(rows, stored, TRICKY_GIVEN, TRICKY_ANSWERS):
        shown = cells[column["given"]]
        assert (shown.value or "") == given.replace("\x07", "\ufffd")  # XML cannot hold the bell: replaced
        assert shown.quotePrefix == (given.replace("\x07", "")[:1] in ("=", "-") or given.startswith("\x07"))
        assert cells[column["answer"]].value == json.dumps(value, ensure_ascii=False, sort_keys=True)
        assert cells[column["question"]].value == answer.question
        assert abs((cells[column["answered_at"]].value - _local(answer.answered_at)).total_seconds()) < 0.001
        assert cells[column["item_number"]].value == answer.seq
        assert cells[column["trainee"]].value == "Wiremu"
        assert cells[column["seconds"]].value == pytest.approx(round(answer.seconds, 3))
    assert rows[0][column["given"]].value == "  <b>Tāne & co</b>  "     # spaces at both ends kept


def test_xlsx_parts_are_well_formed_and_all_declared(filled, tmp_path):
    import xml.etree.ElementTree as ElementTree

    [path] = export(filled, "xlsx", tmp_path / "all.xlsx")
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        parts = {name: ElementTree.fromstring(archive.read(name)) for name in names}   # raises if malformed
    types = parts["[Content_Types].xml"]
    declared = {e.get("PartName").lstrip("/") for e in types if e.tag.endswith("Override")}
    defaults = {e.get("Extension") for e in types if e.tag.endswith("Default")}
    for name in names:
        assert name == "[Content_Types].xml" or name in declared or name.rsplit(".", 1)[1] in defaults
    targets = {"xl/" + e.get("Target") for e in parts["xl/_rels/workbook.xml.rels"]}
    assert targets == {n for n in names if n.startswith("xl/worksheets/")} | {"xl/styles.xml"}
    assert {e.get("Target") for e in parts["_rels/.rels"]} <= set(names)


def test_xlsx_answers_continue_on_further_sheets_past_the_row_limit(filled, tmp_path, monkeypatch):
    from openpyxl import load_workbook

    from dealerdrill.exports import tabular

    monkeypatch.setattr(tabular, "EXCEL_MAX_ROWS", 61)       # 60 answers and the header per sheet
    [path] = export(filled, "xlsx", tmp_path / "split.xlsx")
    workbook = load_workbook(path)
    stored = filled.answers()                                  # 161 answers: 60 + 60 + 41
    assert workbook.sheetnames == ["Answers", "Answers 2", "Answers 3", "Sessions"]
    ids = []
    for title, count in (("Answers", 60), ("Answers 2", 60), ("Answers 3", 41)):
        rows = list(workbook[title].iter_rows(values_only=True))
        assert rows[0] == ANSWER_COLUMNS and len(rows) == count + 1
        assert workbook[title].auto_filter.ref == f"A1:R{count + 1}"
        ids += [row[0] for row in rows[1:]]
    assert ids == [a.uuid for a in stored]


def test_a_cohort_read_by_worker_processes_prints_the_same_scorecards(filled, tmp_path, monkeypatch):
    from pypdf import PdfReader

    from dealerdrill.exports import scorecard

    def scorecards(name):
        pages = PdfReader(tmp_path / name).pages
        text = " ".join(" ".join(page.extract_text().split()) for page in pages)
        # The same except the print time (the test clock moves on every reading) and the page footers.
        return [re.sub(r"Printed \S+ \S+\.", "Printed", part) for part in text.split("Scorecard: ")[1:]], len(pages)

    monkeypatch.setattr(scorecard, "WORKERS_FROM", 100)
    export(filled, "pdf", tmp_path / "here.pdf")
    monkeypatch.setattr(scorecard, "WORKERS_FROM", 2)
    started = []
    real_start = scorecard._start_workers
    monkeypatch.setattr(scorecard, "_start_workers", lambda *a: started.append(real_start(*a)) or started[-1])
    calls = []
    export(filled, "pdf", tmp_path / "workers.pdf", progress=lambda done, total: calls.append(done))
    assert started and started[0] is not None                      # the workers did the reading
    assert scorecards("workers.pdf") == scorecards("here.pdf")
    assert calls == list(range(len(NAMES) + 2))


def test_cancelling_a_cohort_read_by_workers_leaves_no_file(filled, tmp_path, monkeypatch):
    from dealerdrill.exports import scorecard

    monkeypatch.setattr(scorecard, "WORKERS_FROM", 2)
    asked = []
    target = tmp_path / "cancelled.pdf"
    with pytest.raises(ExportCancelled):
        export(filled, "pdf", target, cancel=lambda: asked.append(1) or len(asked) > 2)
    assert not target.exists() and not list(tmp_path.glob(".*part"))


def test_house_way_rules_are_found_in_a_loaded_way_whatever_their_ids(tmp_path):
    from importlib.resources import files

    from dealerdrill.core import paigow
    from dealerdrill.drills import families

    text = (files("dealerdrill.resources") / "house_ways" / "nz.toml").read_text(encoding="utf-8")
    text = text.replace('id = "nz"', 'id = "salon"', 1).replace('id = "nz-', 'id = "hr-')
    text = text.replace('title = "Two pairs"', 'title = "Two pairs, the salon way"')
    path = tmp_path / "salon.toml"
    path.write_text(text, encoding="utf-8")
    assert families.house_way_rule_label("hr-two-pairs") == "hr-two-pairs"        # not loaded yet
    assert paigow.load_house_way(path) == "salon"
    try:
        assert families.house_way_rule_label("hr-two-pairs") == "Two pairs, the salon way"
        assert families.house_way_rule_label("nz-two-pairs") == "Two pairs"         # the prefix's way first
        assert families.house_way_rule_label("hr-no-such-rule") == "hr-no-such-rule"
    finally:
        paigow.unload_house_way("salon")
    assert families.house_way_rule_label("hr-two-pairs") == "hr-two-pairs"        # forgotten with the way
