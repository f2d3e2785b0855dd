"""Scorecards as issue 12 asks: a cohort's first page is its summary (never blank, however long the roster), no
database ids or machine names unless the manager asks (`with_identifiers`, `dealerdrill export --with-ids`),
dates and times never split over two lines, the two "Settle the table" drills named with their game, 0% bars
drawn, and the seal still checks."""
from __future__ import annotations

import re

import pytest

from dealerdrill.domain import ErrorCategory, Mode
from dealerdrill.exports import export, scorecard, vector_charts
from dealerdrill.exports.scorecard_signature import check_scorecard

DATE_SPLIT = re.compile(r"\d{4}-\d\d-\d\d\s*\n\s*\d\d:\d\d")


def pages_of(path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.fixture
def settled(records, play, real_play, signer):
    """Two trainees who practised both "Settle the table" drills (one all wrong) and passed a test."""
    for name in ("Aroha Te Whata", "Hemi"):
        records.create_trainee(name)
        play(name, "baccarat.settle", Mode.PRACTICE, [("banker.sides", False, 20.0)] * 3,
             category=ErrorCategory.PAID_WRONG_SIDE)
        play(name, "paigow.settle", Mode.PRACTICE, [("settle.house", True, 60.0)] * 2)
        attempt = real_play(name, Mode.TEST, [True] * 30)
        records.sign_off(attempt, "Mere Manager", signer)
    return records


def test_a_long_cohort_begins_with_its_summary_on_the_first_page(records, play):
    names = [f"Trainee {n:02d}" for n in range(45)]
    for name in names:
        records.create_trainee(name)
        play(name, "baccarat.table_of_play", Mode.PRACTICE, [("banker6.third7", True, 2.0)])
    [path] = export(records, "pdf", records.path.parent / "cohort.pdf")
    first = pages_of(path)[0]
    # The roster starts under its heading on page 1 (it used to move whole to page 2, leaving page 1 blank).
    assert "Cohort scorecards" in first and "Readiness by game" in first
    assert sum(name in first for name in names) > 30
    assert all(len(page.split()) > 20 for page in pages_of(path))


def test_no_ids_or_machine_names_unless_the_manager_asks(settled, tmp_path, signer):
    profiles = [settled.trainee(name).uuid for name in ("Aroha Te Whata", "Hemi")]
    [plain] = export(settled, "pdf", tmp_path / "plain.pdf", signer=signer)
    text = " ".join(pages_of(plain))
    assert settled.workstation not in text and not any(uuid in text for uuid in profiles)
    with scorecard.with_identifiers():
        [shown] = export(settled, "pdf", tmp_path / "ids.pdf", signer=signer)
    text = " ".join(" ".join(page.split()) for page in pages_of(shown))
    assert settled.workstation in text and all(uuid in text for uuid in profiles)
    assert not scorecard.identifiers_shown()          # the choice lasts for that export only
    for path in (plain, shown):
        assert check_scorecard(path).genuine


def test_dates_and_times_never_wrap_and_the_settle_drills_name_their_game(settled, tmp_path, signer):
    [path] = export(settled, "pdf", tmp_path / "cohort.pdf", signer=signer)
    pages = pages_of(path)
    text = "\n".join(pages)
    assert re.search(r"\d{4}-\d\d-\d\d\s\d\d:\d\d", text)
    assert not DATE_SPLIT.search(text), DATE_SPLIT.search(text)
    flat = " ".join(text.split())
    assert "Baccarat: Settle the table" in flat and "Pai Gow: Settle the table" in flat
    assert len(re.findall(r"(?<!: )Settle the table", flat)) == 0   # never without its game
    assert "Table of play" in flat and "Baccarat: Table of play" not in flat     # a title of its own stays
    assert check_scorecard(path).genuine


def _bar_widths(drawing, colour: str) -> list[float]:
    from reportlab.graphics.shapes import Rect
    from reportlab.lib import colors

    wanted = colors.HexColor(colour)
    return [shape.width for shape in drawing.contents
            if isinstance(shape, Rect) and shape.fillColor is not None and shape.fillColor == wanted]


def test_a_drill_at_zero_percent_shows_a_bar(settled):
    from dealerdrill.exports.charts import SHORT_COLOUR

    skills = settled.skill_progress("Hemi")
    zero = [s for s in skills if s.accuracy == 0]
    assert zero, "the fixture has a drill answered all wrong"
    drawing = vector_charts.skills_drawing(skills, 500)
    widths = _bar_widths(drawing, SHORT_COLOUR)
    assert len(widths) >= len(zero) and min(widths) >= vector_charts.MIN_BAR > 0
    labels = [shape.text for shape in drawing.contents if getattr(shape, "text", None) == "0"]
    assert len(labels) >= len(zero)


def test_a_heading_is_never_left_alone_at_the_foot_of_a_page(tmp_path):
    """A page filled so that "Errors by category" would be its last line: the heading moves on with its table."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Spacer

    scorecard._register_fonts()
    styles = scorecard._styles()
    path = tmp_path / "heading.pdf"
    document = SimpleDocTemplate(str(path), pagesize=A4, topMargin=40, bottomMargin=40)
    filler = document.height - 40
    table = scorecard._table([["Category", "Wrong answers"]] + [["Wrong odds", 3]] * 5, [300, 100], styles)
    document.build([Spacer(1, filler)] + scorecard._heading("Errors by category", styles) + [table])
    pages = pages_of(path)
    assert len(pages) == 2 and "Errors by category" not in pages[0]
    assert pages[1].split()[:3] == ["Errors", "by", "category"]


def test_a_heading_stays_with_a_long_table_that_runs_on(tmp_path):
    """A long table after a heading starts under it and runs on to the next page, instead of moving whole."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    scorecard._register_fonts()
    styles = scorecard._styles()
    path = tmp_path / "long.pdf"
    document = SimpleDocTemplate(str(path), pagesize=A4, topMargin=40, bottomMargin=40)
    rows = [["Row", "Value"]] + [[f"row {n}", n] for n in range(120)]
    document.build([Paragraph("Title", styles["title"])] + scorecard._heading("Long", styles)
                   + [scorecard._table(rows, [300, 100], styles)])
    pages = pages_of(path)
    assert "Long" in pages[0] and "row 0" in pages[0] and "row 119" in pages[-1]


def test_the_command_line_prints_ids_only_with_with_ids(tmp_path, monkeypatch, clock):
    import io

    from real_answers import play_for_real

    from dealerdrill.cli import main
    from dealerdrill.desk import Desk
    from dealerdrill.records import Records, default_database_path

    with Records(default_database_path(), clock=clock, workstation="bench-12") as stored:
        stored.create_trainee("Kiri")
        play_for_real(stored, "Kiri", Mode.PRACTICE, [True, False], "baccarat.table_of_play")
        profile = stored.trainee("Kiri").uuid
    with Desk.open(default_database_path()) as desk:
        desk.set_first_pin("Mere Smith", "246824", "246824")
        workstation = desk.records.workstation
    texts = {}
    for flags in ((), ("--with-ids",)):
        out = tmp_path / f"kiri{len(flags)}.pdf"
        monkeypatch.setattr("sys.stdin", io.StringIO("246824\n"))
        assert main(["export", "--format", "pdf", "--trainee", "Kiri", "--out", str(out), *flags,
                     "--manager", "Mere Smith", "--pin-stdin"]) == 0
        texts[flags] = " ".join(" ".join(page.split()) for page in pages_of(out))
        assert check_scorecard(out).genuine
    assert profile not in texts[()] and workstation not in texts[()]
    assert profile in texts[("--with-ids",)] and workstation in texts[("--with-ids",)]
