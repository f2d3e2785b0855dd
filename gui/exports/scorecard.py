"""Scorecard PDFs (one trainee, or a whole cohort in one file) with reportlab, A4 portrait. Qt-free.

A scorecard holds: who (the trainee's name; the profile id and the workstation only when the manager asks for
them, `with_identifiers`), the period, readiness per game, per-skill
accuracy and speed against the targets, charts, test attempts with their results, sign-offs and the
manager's notes, the answer-key settings the sessions were taken under, error categories, and signature
lines for the trainee and the manager. A cohort file starts with a summary page and then has each
trainee's scorecard on its own pages. Exported by a manager, the PDF carries a standard PDF signature made with the
manager's key (scorecard_signature.py: the figures it prints attached and signed with the pages), and each page
names who signed and the certificate's fingerprint.

Text uses DejaVu Sans (shipped with matplotlib) so that names such as "Tāne" or "Ngāi" print correctly
(the PDF core fonts only know Western European letters), with fallback fonts for the characters it lacks
and right-to-left names drawn in their visual order: see pdf_text.py.
"""
from __future__ import annotations

import contextvars
import dataclasses
import io
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from dealerdrill.domain.catalog import game_name, title_told_apart, titles_shared_by_games
from dealerdrill.drills.levels import level_name
from dealerdrill.records.models import Heatmap, RecordFilter
from dealerdrill.records.queries import category_label
from dealerdrill.records.transfer import ExportCancelled, write_atomically
from dealerdrill.verdicts import judged_roster

from . import pdf_text, vector_charts
from .cells import printable
from .scorecard_signature import UNSEALED_MARK

FONT, BOLD = pdf_text.FONT, pdf_text.BOLD
PAGE_MARGIN_MM = 16
CELL_PADDING = 6          # points, left and right in table cells (reportlab's default)
HEADING_ROOM_MM = 28      # a heading starts a new page unless this much room is left for it and its first rows
NO_BREAK = "\u00a0"       # between a date and its time, so that a moment is never split over two lines

# Whether scorecards print the database's profile ids and the workstation's name. A trainee's scorecard is
# handed around (to the trainee, to the floor), so by default it names neither; a manager who needs them (to
# match a scorecard with the records) asks for them: `dealerdrill export --with-ids`, or the box on the
# Manager page's export panel, which run the export inside with_identifiers().
_IDENTIFIERS_SHOWN: contextvars.ContextVar[bool] = contextvars.ContextVar("scorecard_identifiers", default=False)


@contextmanager
def with_identifiers(shown: bool = True):
    """Print (or not) profile ids and machine names on the scorecards exported inside this block (in this
    thread: an export job run on a worker thread opens the block there)."""
    token = _IDENTIFIERS_SHOWN.set(bool(shown))
    try:
        yield
    finally:
        _IDENTIFIERS_SHOWN.reset(token)


def identifiers_shown() -> bool:
    return _IDENTIFIERS_SHOWN.get()


_register_fonts = pdf_text.register_fonts


def _styles():
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontName=BOLD, fontSize=17, spaceAfter=4),
        # No keepWithNext: it would move a long table whole onto the next page (the cohort summary left its
        # first page blank); _heading() keeps a heading with its table's first rows instead.
        "h2": ParagraphStyle("h2", parent=base["Heading2"], fontName=BOLD, fontSize=12, spaceBefore=8,
                             spaceAfter=4),
        "body": ParagraphStyle("body", parent=base["BodyText"], fontName=FONT, fontSize=9, leading=12),
        "small": ParagraphStyle("small", parent=base["BodyText"], fontName=FONT, fontSize=7.5, leading=9.5),
        "cell": ParagraphStyle("cell", parent=base["BodyText"], fontName=FONT, fontSize=8, leading=10),
    }


def _escape(text) -> str:
    """Paragraph markup for a text printed on one line or wrapped by the paragraph (pdf_text.markup)."""
    return pdf_text.markup(str(text))


def _day(moment: datetime | None) -> str:
    return moment.astimezone().strftime(f"%Y-%m-%d{NO_BREAK}%H:%M") if moment else "—"


def _heading(text: str, styles) -> list:
    """A section heading that is never left alone at the foot of a page: it starts a new page when less than
    HEADING_ROOM_MM is left (room for the heading and its table's first rows), and otherwise stays, however
    long the table after it, which then simply continues on the next page."""
    from reportlab.lib.units import mm
    from reportlab.platypus import CondPageBreak, Paragraph

    return [CondPageBreak(HEADING_ROOM_MM * mm), Paragraph(text, styles["h2"])]


def _text_column(widest: str, styles) -> float:
    """The width of a table column whose widest cell is `widest`, on one line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    cell = styles["cell"]
    return stringWidth(widest, cell.fontName, cell.fontSize) + 2 * CELL_PADDING + 2


def _date_column(styles) -> float:
    """The width of a table column that holds a date and time on one line."""
    return _text_column(f"2026-12-31{NO_BREAK}23:59", styles)


def _shared_titles(records) -> set[str]:
    """Drill titles that more than one game uses ("Settle the table"): those are printed with their game."""
    return titles_shared_by_games(records.drill_infos().values())


def drill_title(records, drill_id: str, shared: set[str] | None = None) -> str:
    """A drill's title as a scorecard prints it: with its game when another game has a drill of that title
    ("Baccarat: Settle the table", "Pai Gow: Settle the table")."""
    shared = _shared_titles(records) if shared is None else shared
    return title_told_apart(records.drill_info(drill_id), shared)


def period_text(f: RecordFilter) -> str:
    if f.date_from and f.date_to:
        return f"{f.date_from.isoformat()} to {f.date_to.isoformat()}"
    if f.date_from:
        return f"from {f.date_from.isoformat()}"
    if f.date_to:
        return f"up to {f.date_to.isoformat()}"
    return "all records"


def _table(rows, widths, styles, header=True, seal: list | None = None):
    """A grid table. A cell's text is drawn as it is when it fits its column and wrapped in a Paragraph only
    when it does not: a cohort PDF has tens of thousands of cells, and laying out a Paragraph costs far more.
    The rows below the header go into `seal` (the figures signed with the pages)."""
    # What is sealed is what is printed: the characters no export holds are replaced first.
    rows = [[printable(str(value)) for value in row] for row in rows]
    if seal is not None:
        seal.extend([str(value) for value in row] for row in rows[1 if header else 0:])
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph, Table, TableStyle

    cell_style = styles["cell"]
    room = [width - 2 * CELL_PADDING for width in widths]
    cells = []
    for row in rows:
        line = []
        for text, space in zip(row, room):
            fits = "\n" not in text and pdf_text.is_plain(text, cell_style.fontName) \
                and stringWidth(text, cell_style.fontName, cell_style.fontSize) <= space
            line.append(text if fits else Paragraph(
                pdf_text.wrapped_markup(text, cell_style.fontName, cell_style.fontSize, space), cell_style))
        cells.append(line)
    table = Table(cells, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    commands = [("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), cell_style.fontName, cell_style.fontSize, cell_style.leading),
                ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e6e6e6")))
    table.setStyle(TableStyle(commands))
    return table


@dataclass(frozen=True)
class TraineeFigures:
    """What one scorecard shows besides the roster entry (read by trainee_figures, possibly in a worker)."""
    skills: list
    attempts: list
    categories: list
    heatmap: Heatmap


def _mine(name: str, f: RecordFilter) -> RecordFilter:
    return RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, (name,), True)


def trainee_figures(records, name: str, f: RecordFilter) -> TraineeFigures:
    from dealerdrill.verdicts import judge_for

    mine = _mine(name, f)
    attempts = judge_for(records).judged_all(records.test_attempts(mine))
    return TraineeFigures(records.skill_progress(name, mine), attempts, records.error_categories(name, mine),
                          records.heatmap(name, mine))


def trainee_story(records, name: str, f: RecordFilter, styles, width: float, roster_entry=None,
                  figures: TraineeFigures | None = None, seal: list | None = None) -> list:
    """The flowables of one trainee's scorecard. `roster_entry` (the trainee's entry of records.roster for
    this filter) and `figures` are read here unless the caller has them already (a cohort reads the roster
    once for everyone, and the figures in worker processes)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    trainee = records.trainee(name)
    mine = _mine(trainee.name, f)
    figures = figures or trainee_figures(records, trainee.name, f)
    shared = _shared_titles(records)
    # Titles as printed, in the tables and in the charts alike (a game's name where two games share one).
    skills = [dataclasses.replace(s, title=drill_title(records, s.drill, shared)) for s in figures.skills]
    attempts, categories = figures.attempts, figures.categories
    roster = [roster_entry] if roster_entry is not None else judged_roster(records, mine)
    if seal is not None:
        seal.append([f"Scorecard: {trainee.name}", f"Period: {period_text(f)}."])
    printed = f"Printed {_day(records.clock())}"
    if identifiers_shown():
        printed += f" on {_escape(records.workstation)}. Profile {trainee.uuid}"
    story = [
        Paragraph(f"Scorecard: {_escape(trainee.name)}", styles["title"]),
        Paragraph(f"Period: {_escape(period_text(f))}. {printed}"
                  + (f" (archived {_day(trainee.archived_at)})" if trainee.archived else "") + ".", styles["body"]),
    ]
    filters = [text for text in (f"game {f.game}" if f.game else "", f"drill {f.drill}" if f.drill else "",
                                 f"mode {getattr(f.mode, 'value', f.mode)}" if f.mode else "") if text]
    if filters:
        story.append(Paragraph("Selected: " + _escape(", ".join(filters)) + ".", styles["body"]))

    story += _heading("Readiness for the floor", styles)
    games = roster[0].games if roster else {}
    rows = [["Game", "Ready", "Drills meeting targets"]]
    for game, readiness in games.items():
        rows.append([game_name(game), "yes" if readiness.ready else "not yet",
                     f"{readiness.drills_ready} of {len(readiness.drills)}"])
    story.append(_table(rows, [0.25 * width, 0.2 * width, 0.55 * width], styles, seal=seal))
    story.append(Paragraph("A drill meets its targets when the latest answers reach the accuracy target within "
                           "the speed target and a test reached its pass mark.", styles["small"]))

    story += _heading("Skills: accuracy and speed against targets", styles)
    if skills:
        rows = [["Drill", "Answers", "Accuracy", "Target", "Median s", "Target s", "Met"]]
        for s in skills:
            met = ("too few answers" if not s.target.enough_answers(s.answered) else
                   "yes" if s.accuracy_met and s.speed_met else
                   "accuracy only" if s.accuracy_met else "speed only" if s.speed_met else "no")
            rows.append([s.title, s.answered, f"{100 * s.accuracy:.1f}%", f"{100 * s.target.accuracy:.0f}%",
                         f"{s.median_seconds:.1f}", f"{s.target.seconds:g}", met])
        story.append(_table(rows, [w * width for w in (0.34, 0.1, 0.11, 0.1, 0.11, 0.1, 0.14)], styles, seal=seal))
        story += [Spacer(1, 3 * mm), vector_charts.skills_drawing(skills, width)]
    else:
        story.append(Paragraph("No answers in this period.", styles["body"]))

    heatmap = figures.heatmap
    if any(cell.answered for cell in heatmap.cells.values()):
        story += _heading("Baccarat table of play", styles) + [vector_charts.heatmap_drawing(heatmap, width)]

    story += _heading("Test attempts", styles)
    date = _date_column(styles)
    if attempts:
        # The drill with the level it was taken at, the trainee's choice for a test as for practice: a pass at
        # Basic must not read like one at Advanced.
        rows = [["Taken", "Drill (level)", "Score", "Pass mark", "Result", "Signed off by", "Signed"]]
        for t in attempts:
            # Scored over the test's full length: a test stopped after 1 of 30 reads 1/30, "stopped after 1 of 30".
            rows.append([_day(t.started_at), f"{drill_title(records, t.drill, shared)} ({level_name(t.settings)})",
                         f"{t.correct}/{t.scored_over}{NO_BREAK}({100 * t.score:.0f}%)",
                         f"{100 * t.target.pass_mark:.0f}%{NO_BREAK}of{NO_BREAK}{t.target.test_items}", t.test_result,
                         t.signed_by or "—", _day(t.signed_at)])
        score, mark = _text_column(f"500/500{NO_BREAK}(100%)", styles), _text_column("100% of 500", styles)
        rest = width - 2 * date - score - mark
        story.append(_table(rows, [date, 0.4 * rest, score, mark, 0.3 * rest, 0.3 * rest, date], styles, seal=seal))
        notes = [[_day(t.started_at), t.signed_by, " ".join((t.signoff_note + (f" Reason for signing off: "
                                                                                f"{t.signoff_reason}"
                                                                                if t.signoff_reason else "")).split())]
                 for t in attempts if t.signed_by and (t.signoff_note or t.signoff_reason)]
        if notes:
            story += _heading("Sign-off notes", styles)
            story.append(_table([["Taken", "Signed off by", "Note"]] + notes,
                                [date, 0.2 * width, width - date - 0.2 * width], styles, seal=seal))
    else:
        story.append(Paragraph("No test attempts in this period.", styles["body"]))
    story += _settings_story(records, mine, styles, width, seal)

    story += _heading("Errors by category", styles)
    if categories:
        rows = [["Category", "Wrong answers"]] + [[category_label(c.key), c.answered] for c in categories]
        story.append(_table(rows, [0.75 * width, 0.25 * width], styles, seal=seal))
    else:
        story.append(Paragraph("No wrong answers in this period.", styles["body"]))

    story += [Spacer(1, 10 * mm), _signature_lines(styles, width)]
    return story


def _settings_story(records, mine: RecordFilter, styles, width, seal) -> list:
    """The answer-key settings the period's sessions were taken under (each distinct set once, with how many
    sessions used it): a scorecard says under which rules its figures were earned."""
    from reportlab.platypus import Paragraph

    from dealerdrill.settings import answer_key_summary

    used: dict[tuple[str, str], int] = {}
    for session in records.sessions(mine):
        values = session.settings.get(session.game) if isinstance(session.settings, dict) else None
        if isinstance(values, dict):
            key = (session.game, answer_key_summary(session.game, values))
            used[key] = used.get(key, 0) + 1
    story = _heading("Settings in force", styles)
    if not used:
        return story + [Paragraph("No sessions in this period.", styles["body"])]
    rows = [["Game", "Sessions", "Answer-key settings"]] + [[game_name(game), count, words]
                                                              for (game, words), count in sorted(used.items())]
    return story + [_table(rows, [0.14 * width, 0.11 * width, 0.75 * width], styles, seal=seal)]


def _signature_lines(styles, width):
    from reportlab.platypus import KeepTogether, Paragraph, Spacer

    line = "_" * 38
    return KeepTogether([
        Paragraph("Sign-off", styles["h2"]),
        Paragraph(f"Trainee: {line}&nbsp;&nbsp;&nbsp;Date: {'_' * 14}", styles["body"]), Spacer(1, 16),
        Paragraph(f"Training manager: {line[:-8]}&nbsp;&nbsp;&nbsp;Date: {'_' * 14}", styles["body"]),
    ])


def cohort_roster(records, names: list[str], f: RecordFilter) -> dict:
    """name -> roster entry for the named trainees (archived ones included), in one reading."""
    wanted = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, tuple(names), True)
    return {e.trainee.name: e for e in judged_roster(records, wanted)}


def cohort_summary_story(records, names: list[str], f: RecordFilter, styles, width, entries=None,
                         seal: list | None = None) -> list:
    from reportlab.platypus import Paragraph

    entries = entries if entries is not None else cohort_roster(records, names, f)
    games = sorted({g for e in entries.values() for g in e.games})
    rows = [["Trainee", "Answers", "Last active"] + [f"{game_name(g)} ready" for g in games]]
    for name in names:
        entry = entries[records.trainee(name).name]
        readiness = [entry.games[g] for g in games]
        rows.append([entry.trainee.name, entry.answered, _day(entry.last_active)]
                    + [("yes" if game.ready else f"{game.drills_ready}/{len(game.drills)}") for game in readiness])
    date = _date_column(styles)
    rest = width - date
    share = 0.5 / max(1, len(games))
    where = f" on {_escape(records.workstation)}" if identifiers_shown() else ""
    # The heading is the page's own (no CondPageBreak): a long roster runs on to the next pages from here.
    story = [Paragraph("Cohort scorecards", styles["title"]),
             Paragraph(f"Period: {_escape(period_text(f))}. {len(names)} trainees. Printed "
                       f"{_day(records.clock())}{where}.", styles["body"]),
             Paragraph("Readiness by game (drills meeting targets, or yes when all do)", styles["h2"]),
             _table(rows, [0.38 * rest, 0.12 * rest, date] + [share * rest] * len(games), styles, seal=seal)]
    return story


# A cohort's figures (three passes over each trainee's answers) are read by worker processes while this
# process lays out the pages: on two cores that nearly halves the time of a 200-trainee cohort. The workers
# are spawned, never forked: this process may be the window's, with Qt's threads, and a fork of it would copy
# them (and, killed, would leave forked children holding the records open). A spawned worker is a new
# interpreter that imports only what it needs (the program's entry point calls freeze_support, so this works
# in the bundle too), opens its own read-only connection and ends with its parent: at once on Linux
# (PR_SET_PDEATHSIG), and within a second elsewhere (a watchdog thread that sees the parent gone). Below
# WORKERS_FROM trainees (start-up costs more than it saves) this process reads the figures itself.
WORKERS = 2
WORKERS_FROM = 12
PARENT_CHECK_SECONDS = 1.0
_worker_records = None


def _end_with_parent(parent: int) -> None:
    """In a worker: make sure it does not outlive the process that started it."""
    import os
    import threading

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass                       # the watchdog below still ends the worker
    if os.getppid() != parent:         # the parent died before the signal was asked for
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent watchdog", daemon=True).start()


def _open_worker(path: str, catalog, parent: int | None = None) -> None:
    """In a worker process: its own read-only connection. Skill progress, error categories and the heatmap
    each read the trainee's answers, the same reading three times; the worker's records hand out the latest
    reading again (reuse_latest_facts), so a trainee's three figures share it (a third of the work, and the
    workers are what a cohort waits for)."""
    global _worker_records
    if parent is not None:
        _end_with_parent(parent)
    from dealerdrill.drills.base import registry
    from dealerdrill.records import Records

    # A new interpreter: the drills' modules, which register their default targets as they load, are loaded
    # here as they were in the parent (the catalog arrives with its list of drills already made, so asking
    # it would not load them).
    registry()

    _worker_records = Records(path, read_only=True, check=False, catalog=catalog)
    _worker_records.reuse_latest_facts = True


def _worker_figures(name: str, f: RecordFilter) -> TraineeFigures:
    return trainee_figures(_worker_records, name, f)


def _figures_in_order(records, names: list[str], f: RecordFilter, pool):
    """Each trainee's figures, in the order of `names`: from the pool's workers when there is one (the
    next few already being read while the caller uses this one), else read here."""
    if pool is None:
        for name in names:
            yield trainee_figures(records, name, f)
        return
    ahead = WORKERS * 3
    pending = [pool.submit(_worker_figures, name, f) for name in names[:ahead]]
    for index in range(len(names)):
        if index + ahead < len(names):
            pending.append(pool.submit(_worker_figures, names[index + ahead], f))
        yield pending[index].result()
        pending[index] = None


def _start_workers(records, count: int):
    if count < WORKERS_FROM or WORKERS < 1:
        return None
    if getattr(records, "room", False):
        return None   # a forked worker would share the room's server connections; the server does the reading
    from dealerdrill.verdicts import judge_for

    judge = judge_for(records)
    if judge.drills or judge.distrusted:
        return None   # the asking desk's judge (its own drills, keys it distrusts) judges here, not a worker's own
    try:
        return ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_open_worker,
                                   initargs=(str(records.path), records.catalog, os.getpid()))
    except (OSError, ValueError, NotImplementedError):   # no processes here: read everything in this one
        return None


@contextmanager
def _quick_reportlab():
    """reportlab settings for a large document, restored afterwards: no type check on every attribute a
    chart shape is given (the shapes here are made by this module), and page streams compressed but not
    also ASCII85-encoded (smaller files, less work; every PDF reader takes binary streams)."""
    from reportlab import rl_config

    before = rl_config.shapeChecking, rl_config.useA85
    rl_config.shapeChecking, rl_config.useA85 = 0, 0
    try:
        yield
    finally:
        rl_config.shapeChecking, rl_config.useA85 = before


def export_pdf(records, path: str | Path, names: list[str], f: RecordFilter | None = None,
               progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None, signer=None) -> list[Path]:
    """Scorecards for `names` (one trainee, or several: a cohort file with a summary page) as one A4 PDF,
    signed with `signer` (the manager's key: its scorecard_identity()) when given."""
    with _quick_reportlab():
        return _export_pdf(records, path, names, f, progress, cancel, signer)


def _export_pdf(records, path: str | Path, names: list[str], f: RecordFilter | None,
                progress: Callable[[int, int], None] | None, cancel: Callable[[], bool] | None,
                signer=None) -> list[Path]:
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
    names = [records.trainee(name).name for name in names]
    story = []
    entries = {}
    seal: list[list[str]] = []
    pool = _start_workers(records, len(names))
    try:
        figures = _figures_in_order(records, names, f, pool)
        if len(names) > 1:
            entries = cohort_roster(records, names, f)
            story += cohort_summary_story(records, names, f, styles, width, entries, seal) + [PageBreak()]
        for done, name in enumerate(names, start=1):
            if cancel and cancel():
                raise ExportCancelled("export cancelled")
            story += trainee_story(records, name, f, styles, width, entries.get(name), next(figures), seal)
            if done < len(names):
                story.append(PageBreak())
            if progress:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    if cancel and cancel():
        raise ExportCancelled("export cancelled")

    title = f"Dealer Drill scorecard{'s' if len(names) > 1 else ''}: " + (names[0] if len(names) == 1 else "cohort")
    unsealed_because = ""
    if signer is not None:
        from dealerdrill.records.transfer import answers_chain_problem
        from dealerdrill.records.verify import signoffs_problem
        from dealerdrill.verdicts import tests_problem

        # The manager's key does not vouch for results or sign-offs changed behind the program's back, nor for a
        # test whose stored result its verdict made again does not confirm.
        unsealed_because = (answers_chain_problem(records, names) or signoffs_problem(records, names)
                            or tests_problem(records, names) or "")
        if unsealed_because:
            signer = None
    if signer is not None:
        from .scorecard_signature import printed_lines

        identity = signer.scorecard_identity()
        sealed, certified = printed_lines(identity, with_place=identifiers_shown())
    elif unsealed_because:
        sealed, certified = "Not sealed: the records it prints fail their check (run `dealerdrill verify` on them)", ""
    else:
        sealed, certified = "Not sealed: exported without a manager's key", ""

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        pdf_text.draw(canvas, margin, 9 * mm, f"{title} · {period_text(f)}", FONT, 7.5)
        canvas.drawRightString(A4[0] - margin, 9 * mm, f"page {document.page}")
        # Who signed: at most the text width, a long name or place drawn smaller rather than past the margin.
        for line, height in ((sealed, 6 * mm), (certified, 3.5 * mm)):
            size = min(6.5, 6.5 * width / max(1.0, pdf_text.width_of(line, FONT, 6.5)))
            pdf_text.draw(canvas, margin, height, line, FONT, size)
        canvas.restoreState()

    def build(handle):
        # Signed, the PDF is laid out in memory first, then signed as an incremental update.
        target = io.BytesIO() if signer is not None else handle
        document = SimpleDocTemplate(target, pagesize=A4, leftMargin=margin, rightMargin=margin,
                                     topMargin=margin, bottomMargin=margin + 4 * mm, title=title,
                                     author="Dealer Drill", subject=period_text(f),
                                     keywords=UNSEALED_MARK + unsealed_because if unsealed_because else "")
        document.build(story, onFirstPage=footer, onLaterPages=footer)
        if signer is not None:
            from .scorecard_signature import signed_pdf

            handle.write(signed_pdf(target.getvalue(), seal, identity))

    written = write_atomically(path, build, binary=True)
    if progress:
        progress(total, total)
    return [written]
