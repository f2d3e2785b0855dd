"""Exports hold any text an answer can hold. Every character XML 1.0 forbids (U+FFFE, U+FFFF, the C0
controls but tab, line feed and carriage return) and lone surrogates become U+FFFD in every export, so one
answer can no longer make a workbook unreadable or stop a CSV or PDF export; CSV fields with a semicolon are
quoted (Excel in the locales that separate with one)."""
from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
import zipfile

import pytest
from external_tools import tool

from dealerdrill.domain import Mode
from dealerdrill.exports import export, sessions_csv_path

# (what the answer says, how every export must show it)
HOSTILE_GIVEN = [
    ("noncharacter \ufffe here", "noncharacter \ufffd here"),
    ("\uffff at the start", "\ufffd at the start"),
    ("vertical\x0btab and \x1b[2J escape", "vertical\ufffdtab and \ufffd[2J escape"),
    ("tab\tand line\nfeed stay", "tab\tand line\nfeed stay"),
]
# Lone surrogates cannot be stored as text, but the question and the answer are kept as JSON, where "\ud800"
# is a valid escape: the exports decode it, and must not pass it on.
HOSTILE_QUESTION = ("a lone \ud800 surrogate", "a lone \ufffd surrogate")
HOSTILE_ANSWER = ({"left": "\udfff", "right": "\ufffe"}, '{"left": "\ufffd", "right": "\ufffd"}')


@pytest.fixture
def hostile(records, answer_factory):
    records.create_trainee("Wiremu")
    session = records.start_session("Wiremu", "baccarat.table_of_play", Mode.PRACTICE)
    for index, (given, _) in enumerate(HOSTILE_GIVEN):
        answered = answer_factory("baccarat.table_of_play", f"banker{index}.third{index}", index % 2 == 0,
                                  answer=HOSTILE_ANSWER[0], text=HOSTILE_QUESTION[0])
        grade = answered.grade.__class__(**{**answered.grade.__dict__, "given": given})
        records.record_answer(session, answered.__class__(answered.item, answered.answer, grade))
    records.finish_session(session)
    return records


def test_the_xlsx_export_stays_readable_and_shows_replacements(hostile, tmp_path):
    from openpyxl import load_workbook

    [path] = export(hostile, "xlsx", tmp_path / "hostile.xlsx")
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith(".xml"):
                ElementTree.fromstring(archive.read(name))      # expat refuses what XML 1.0 forbids
    sheet = load_workbook(path)["Answers"]
    header = [cell.value for cell in sheet[1]]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2)]
    assert [row[header.index("given")] for row in rows] == [shown for _, shown in HOSTILE_GIVEN]
    assert {row[header.index("question")] for row in rows} == {HOSTILE_QUESTION[1]}
    assert {row[header.index("answer")] for row in rows} == {HOSTILE_ANSWER[1]}


def test_the_csv_export_is_valid_utf8_and_shows_replacements(hostile, tmp_path):
    answers, sessions = export(hostile, "csv", tmp_path / "hostile.csv")
    raw = answers.read_bytes()
    text = raw.decode("utf-8-sig")                      # strict: a lone surrogate could not even be written
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert [row["given"] for row in rows] == [shown for _, shown in HOSTILE_GIVEN]
    assert {row["question"] for row in rows} == {HOSTILE_QUESTION[1]}
    assert {row["answer"] for row in rows} == {HOSTILE_ANSWER[1]}
    sessions.read_bytes().decode("utf-8-sig")


def test_the_pdf_export_is_written_and_readable(hostile, tmp_path):
    from pypdf import PdfReader

    [path] = export(hostile, "pdf", tmp_path / "hostile.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    assert "Scorecard: Wiremu" in text
    if shutil.which("pdftotext") or __import__("os").environ.get("DEALERDRILL_REQUIRE_TOOLS"):
        subprocess.run([tool("pdftotext", "poppler-utils"), str(path), "-"], check=True, capture_output=True,
                       timeout=60)


def test_csv_fields_with_a_semicolon_are_quoted(records, answer_factory, tmp_path):
    records.create_trainee("Aroha; Ngata")
    session = records.start_session("Aroha; Ngata", "baccarat.table_of_play", Mode.PRACTICE)
    answered = answer_factory("baccarat.table_of_play", "banker.third", True, answer="x")
    grade = answered.grade.__class__(**{**answered.grade.__dict__, "given": "5;6"})
    records.record_answer(session, answered.__class__(answered.item, answered.answer, grade))
    records.finish_session(session)
    answers, sessions = export(records, "csv", tmp_path / "semi.csv")
    for path in (answers, sessions):
        lines = path.read_text(encoding="utf-8-sig").splitlines()
        assert '"Aroha; Ngata"' in lines[1]                  # quoted, as a semicolon-separating Excel needs
        assert ";" not in lines[1].replace('"Aroha; Ngata"', "").replace('"5;6"', "")
        # still the same values for any CSV reader
        assert next(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))["trainee"] == "Aroha; Ngata"
    assert '"5;6"' in answers.read_text(encoding="utf-8-sig").splitlines()[1]
    assert sessions == sessions_csv_path(tmp_path / "semi.csv")


def test_csv_fields_without_a_semicolon_are_quoted_only_when_needed(records, answer_factory, tmp_path):
    records.create_trainee("Hemi")
    session = records.start_session("Hemi", "baccarat.table_of_play", Mode.PRACTICE)
    records.record_answer(session, answer_factory("baccarat.table_of_play", "banker.third", True, answer="x"))
    records.finish_session(session)
    answers, _ = export(records, "csv", tmp_path / "plain.csv")
    line = answers.read_text(encoding="utf-8-sig").splitlines()[1]
    assert ",Hemi," in line and '"Hemi"' not in line


def test_the_json_export_keeps_its_own_escapes(hostile, tmp_path):
    """The JSON records file is not a spreadsheet: it keeps the text exactly, written as JSON escapes, and
    imports back unchanged."""
    [path] = export(hostile, "json", tmp_path / "hostile.json")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert any(HOSTILE_GIVEN[0][0] in json.dumps(line, ensure_ascii=False) for line in lines)


def test_the_exports_utf8_is_the_printable_texts_for_ascii_and_every_forbidden_start():
    """utf8_for_export's quick road (ASCII text looked at for control bytes only, other text for the bytes a
    forbidden character starts with) gives the bytes of the text with every forbidden character replaced."""
    from dealerdrill.exports.cells import printable, utf8_for_export

    texts = ["plain ASCII, 1,2\r\n", "", "\x00", "tab\tCR\rLF\n", "escape \x1b here", "\x7f delete is allowed",
             "Tāne", "퀀 Hangul starts with 0xED", "\ud7ff", "\ud800 lone", "\udfff", "\ufffd stays", "\ufffe",
             "\uffff", "\uefbf", "\U0001f0a1 card", "ASCII then \ufffe", "\ufeff byte-order mark"]
    texts += [a + b for a in texts[:6] for b in texts[6:]]
    for text in texts:
        assert utf8_for_export(text) == printable(text).encode("utf-8"), repr(text)
    assert utf8_for_export("퀀\ufffd") == "퀀\ufffd".encode()
