"""Scorecard PDFs (one trainee, or a whole cohort in one file) with reportlab, A4 portrait. Qt-free.

A scorecard holds: who (name, profile id, workstation), the period, readiness per game, per-skill
accuracy and speed against the targets, charts, test attempts with their results and sign-offs, error
categories, and signature lines for the trainee and the manager. A cohort file starts with a summary
page and then has each trainee's scorecard on its own pages.

Text uses DejaVu Sans (shipped with matplotlib) so that names such as "Tāne" or "Ngāi" print correctly:
the PDF core fonts only know Western European letters.
"""
from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path
from typing import Callable

from dealerdrill.records.merge import ExportCancelled, write_atomically
from dealerdrill.records.models import RecordFilter
from dealerdrill.records.queries import category_label

from . import charts

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
PAGE_MARGIN_MM = 16


def _register_fonts() -> None:
    from matplotlib import get_data_path
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = Path(get_data_path()) / "fonts" / "ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


def _styles():
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontName=BOLD, fontSize=17, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base["Heading2"], fontName=BOLD, fontSize=12, spaceBefore=8,
                             spaceAfter=4),
        "body": ParagraphStyle("body", parent=base["BodyText"], fontName=FONT, fontSize=9, leading=12),
        "small": ParagraphStyle("small", parent=base["BodyText"], fontName=FONT, fontSize=7.5, leading=9.5),
        "cell": ParagraphStyle("cell", parent=base["BodyText"], fontName=FONT, fontSize=8, leading=10),
    }


def _escape(text) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _day(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment else "—"


def period_text(f: RecordFilter) -> str:
    if f.date_from and f.date_to:
        return f"{f.date_from.isoformat()} to {f.date_to.isoformat()}"
    if f.date_from:
        return f"from {f.date_from.isoformat()}"
    if f.date_to:
        return f"up to {f.date_to.isoformat()}"
    return "all records"


def _table(rows, widths, styles, header=True):
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle

    cells = [[Paragraph(_escape(value), styles["cell"]) for value in row] for row in rows]
    table = Table(cells, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    commands = [("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e6e6e6")))
    table.setStyle(TableStyle(commands))
    return table


def trainee_story(records, name: str, f: RecordFilter, styles, width: float) -> list:
    """The flowables of one trainee's scorecard."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, Spacer

    trainee = records.trainee(name)
    mine = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, (trainee.name,), True)
    skills = records.skill_progress(trainee.name, mine)
    roster = records.roster(mine)
    attempts = records.test_attempts(mine)
    categories = records.error_categories(trainee.name, mine)
    story = [
        Paragraph(f"Scorecard: {_escape(trainee.name)}", styles["title"]),
        Paragraph(f"Period: {_escape(period_text(f))}. Printed {_day(records.clock())} on "
                  f"{_escape(records.workstation)}. Profile {trainee.uuid}"
                  + (f" (archived {_day(trainee.archived_at)})" if trainee.archived else "") + ".", styles["body"]),
    ]
    filters = [text for text in (f"game {f.game}" if f.game else "", f"drill {f.drill}" if f.drill else "",
                                 f"mode {getattr(f.mode, 'value', f.mode)}" if f.mode else "") if text]
    if filters:
        story.append(Paragraph("Selected: " + _escape(", ".join(filters)) + ".", styles["body"]))

    story.append(Paragraph("Readiness for the floor", styles["h2"]))
    games = roster[0].games if roster else {}
    rows = [["Game", "Ready", "Drills meeting targets"]]
    for game, readiness in games.items():
        rows.append([game, "yes" if readiness.ready else "not yet",
                     f"{readiness.drills_ready} of {len(readiness.drills)}"])
    story.append(_table(rows, [0.25 * width, 0.2 * width, 0.55 * width], styles))
    story.append(Paragraph("A drill meets its targets when the latest answers reach the accuracy target within "
                           "the speed target and a test reached its pass mark.", styles["small"]))

    story.append(Paragraph("Skills: accuracy and speed against targets", styles["h2"]))
    if skills:
        rows = [["Drill", "Answers", "Accuracy", "Target", "Median s", "Target s", "Met"]]
        for s in skills:
            met = "yes" if s.accuracy_met and s.speed_met else (
                "accuracy only" if s.accuracy_met else "speed only" if s.speed_met else "no")
            rows.append([s.title, s.answered, f"{100 * s.accuracy:.1f}%", f"{100 * s.target.accuracy:.0f}%",
                         f"{s.median_seconds:.1f}", f"{s.target.seconds:g}", met])
        story.append(_table(rows, [w * width for w in (0.34, 0.1, 0.11, 0.1, 0.11, 0.1, 0.14)], styles))
        figure = charts.skills_figure(skills, width_inches=width / 72)
        picture = io.BytesIO(charts.png_bytes(figure))
        inches = figure.get_size_inches()
        story += [Spacer(1, 3 * mm), Image(picture, width=width, height=width * inches[1] / inches[0])]
    else:
        story.append(Paragraph("No answers in this period.", styles["body"]))

    heatmap = records.heatmap(trainee.name, mine)
    if any(cell.answered for cell in heatmap.cells.values()):
        figure = charts.heatmap_figure(heatmap, width_inches=0.7 * width / 72)
        inches = figure.get_size_inches()
        story += [Paragraph("Baccarat table of play", styles["h2"]),
                  Image(io.BytesIO(charts.png_bytes(figure)), width=0.7 * width,
                        height=0.7 * width * inches[1] / inches[0])]

    story.append(Paragraph("Test attempts", styles["h2"]))
    if attempts:
        rows = [["Taken", "Drill", "Score", "Pass mark", "Result", "Signed off by", "Signed"]]
        for t in attempts:
            result = "passed" if t.passed else ("unfinished" if t.finished_at is None and not t.passed else "not passed")
            rows.append([_day(t.started_at), records.drill_info(t.drill).title,
                         f"{t.correct}/{t.items} ({100 * t.accuracy:.0f}%)", f"{100 * t.target.pass_mark:.0f}% of "
                         f"{t.target.test_items}", result, t.signed_by or "—", _day(t.signed_at)])
        story.append(_table(rows, [w * width for w in (0.15, 0.25, 0.13, 0.13, 0.11, 0.12, 0.11)], styles))
    else:
        story.append(Paragraph("No test attempts in this period.", styles["body"]))

    story.append(Paragraph("Errors by category", styles["h2"]))
    if categories:
        rows = [["Category", "Wrong answers"]] + [[category_label(c.key), c.answered] for c in categories]
        story.append(_table(rows, [0.75 * width, 0.25 * width], styles))
    else:
        story.append(Paragraph("No wrong answers in this period.", styles["body"]))

    story += [Spacer(1, 10 * mm), _signature_lines(styles, width)]
    return story


def _signature_lines(styles, width):
    from reportlab.platypus import KeepTogether, Paragraph, Spacer

    line = "_" * 38
    return KeepTogether([
        Paragraph("Sign-off", styles["h2"]),
        Paragraph(f"Trainee: {line}&nbsp;&nbsp;&nbsp;Date: {'_' * 14}", styles["body"]), Spacer(1, 16),
        Paragraph(f"Training manager: {line[:-8]}&nbsp;&nbsp;&nbsp;Date: {'_' * 14}", styles["body"]),
    ])


def cohort_summary_story(records, names: list[str], f: RecordFilter, styles, width) -> list:
    from reportlab.platypus import Paragraph

    wanted = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, tuple(names), True)
    entries = {e.trainee.name: e for e in records.roster(wanted)}
    games = sorted({g for e in entries.values() for g in e.games})
    rows = [["Trainee", "Answers", "Last active"] + [f"{g} ready" for g in games]]
    for name in names:
        entry = entries[records.trainee(name).name]
        rows.append([entry.trainee.name, entry.answered, _day(entry.last_active)]
                    + [("yes" if entry.games[g].ready else f"{entry.games[g].drills_ready}/{len(entry.games[g].drills)}")
                       for g in games])
    share = 0.45 / max(1, len(games))
    story = [Paragraph("Cohort scorecards", styles["title"]),
             Paragraph(f"Period: {_escape(period_text(f))}. {len(names)} trainees. Printed "
                       f"{_day(records.clock())} on {_escape(records.workstation)}.", styles["body"]),
             Paragraph("Readiness by game (drills meeting targets, or yes when all do)", styles["h2"]),
             _table(rows, [0.3 * width, 0.1 * width, 0.15 * width] + [share * width] * len(games), styles)]
    return story


def export_pdf(records, path: str | Path, names: list[str], f: RecordFilter | None = None,
               progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None) -> list[Path]:
    """Scorecards for `names` (one trainee, or several: a cohort file with a summary page) as one A4 PDF."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import PageBreak, SimpleDocTemplate

    if not names:
        raise ValueError("There is no trainee to print a scorecard for.")
    f = f or RecordFilter()
    _register_fonts()
    styles = _styles()
    margin = PAGE_MARGIN_MM * mm
    width = A4[0] - 2 * margin
    total = len(names) + 1
    if progress:
        progress(0, total)
    story = []
    if len(names) > 1:
        story += cohort_summary_story(records, names, f, styles, width) + [PageBreak()]
    for done, name in enumerate(names, start=1):
        if cancel and cancel():
            raise ExportCancelled("export cancelled")
        story += trainee_story(records, name, f, styles, width)
        if done < len(names):
            story.append(PageBreak())
        if progress:
            progress(done, total)
    if cancel and cancel():
        raise ExportCancelled("export cancelled")

    title = f"Dealer Drill scorecard{'s' if len(names) > 1 else ''}: " + (names[0] if len(names) == 1 else "cohort")

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.drawString(margin, 9 * mm, f"{title} · {period_text(f)}")
        canvas.drawRightString(A4[0] - margin, 9 * mm, f"page {document.page}")
        canvas.restoreState()

    def build(handle):
        document = SimpleDocTemplate(handle, pagesize=A4, leftMargin=margin, rightMargin=margin,
                                     topMargin=margin, bottomMargin=margin + 4 * mm, title=title,
                                     author="Dealer Drill", subject=period_text(f))
        document.build(story, onFirstPage=footer, onLaterPages=footer)

    written = write_atomically(path, build, binary=True)
    if progress:
        progress(total, total)
    return [written]
