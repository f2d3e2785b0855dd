"""Charts of a trainee's progress with matplotlib, without pyplot (no global state: safe in a worker
thread). Qt-free.

Each draw_* function fills a matplotlib Axes, so the Qt views can put the pictures on a QtAgg canvas
(FigureCanvasQTAgg(Figure()) -> figure.add_subplot() -> draw_...(axes, data)); png_bytes renders a figure
with Agg. The PDF scorecards draw the same pictures from the same data as vector graphics instead
(vector_charts.py): a cohort has hundreds of charts, and each matplotlib render took most of a second.
"""
from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from dealerdrill.records.models import Heatmap, SkillProgress

RIGHT_COLOUR = "#2e7d32"
SHORT_COLOUR = "#c62828"
TARGET_COLOUR = "#202020"
MAX_TREND_LINES = 6


def short_title(title: str, limit: int = 28) -> str:
    return title if len(title) <= limit else title[:limit - 1] + "…"


def draw_skill_accuracy(axes, skills: list[SkillProgress]) -> None:
    """Horizontal bars: accuracy per drill (green when the target is met, red when not), target ticks."""
    names = [short_title(s.title) for s in skills]
    positions = range(len(skills))
    axes.barh(positions, [100 * s.accuracy for s in skills],
              color=[RIGHT_COLOUR if s.accuracy_met else SHORT_COLOUR for s in skills])
    axes.scatter([100 * s.target.accuracy for s in skills], positions, marker="|", s=300, color=TARGET_COLOUR,
                 label="target", zorder=3)
    axes.set_yticks(list(positions), names, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("accuracy (%)", fontsize=8)
    axes.set_title("Accuracy (bar) against target ( | )", fontsize=9)
    axes.tick_params(axis="x", labelsize=8)


def draw_skill_speed(axes, skills: list[SkillProgress]) -> None:
    """Horizontal bars: median seconds per answer (green within the speed target), target ticks."""
    positions = range(len(skills))
    axes.barh(positions, [s.median_seconds for s in skills],
              color=[RIGHT_COLOUR if s.speed_met else SHORT_COLOUR for s in skills])
    axes.scatter([s.target.seconds for s in skills], positions, marker="|", s=300, color=TARGET_COLOUR,
                 label="target", zorder=3)
    axes.set_yticks(list(positions), [""] * len(skills))
    axes.invert_yaxis()
    axes.set_xlabel("seconds per answer", fontsize=8)
    axes.set_title("Median seconds (bar) against target ( | )", fontsize=9)
    axes.tick_params(axis="x", labelsize=8)


def draw_trend(axes, skills: list[SkillProgress]) -> None:
    """Daily accuracy per drill (the drills with the most answers), oldest day on the left."""
    busiest = sorted(skills, key=lambda s: -s.answered)[:MAX_TREND_LINES]
    for skill in busiest:
        axes.plot([p.day for p in skill.trend], [100 * p.accuracy for p in skill.trend], marker="o",
                  markersize=3, linewidth=1.2, label=short_title(skill.title, 22))
    from matplotlib.dates import AutoDateLocator, DateFormatter

    days = sorted({p.day for skill in busiest for p in skill.trend})
    if len(days) <= 10:
        axes.set_xticks(days)        # one tick per practised day, never hours
    else:
        axes.xaxis.set_major_locator(AutoDateLocator(maxticks=10))
    axes.xaxis.set_major_formatter(DateFormatter("%d %b"))
    axes.set_ylim(0, 105)
    axes.set_ylabel("accuracy (%)", fontsize=8)
    axes.set_title("Accuracy by day", fontsize=9)
    axes.tick_params(labelsize=7)
    for label in axes.get_xticklabels():
        label.set_rotation(30)
        label.set_horizontalalignment("right")
    if busiest:
        axes.legend(fontsize=6, loc="lower left")


def draw_heatmap(axes, heatmap: Heatmap) -> None:
    """Table of play: accuracy per Banker total (rows) x Player third card (columns); grey = not asked."""
    import numpy

    grid = numpy.full((len(heatmap.rows), len(heatmap.columns)), numpy.nan)
    for (row, column), cell in heatmap.cells.items():
        if cell.answered and cell.accuracy is not None:
            grid[heatmap.rows.index(row), heatmap.columns.index(column)] = 100 * cell.accuracy
    from matplotlib import colormaps

    colours = colormaps["RdYlGn"].with_extremes(bad="#dddddd")
    image = axes.imshow(numpy.ma.masked_invalid(grid), cmap=colours, vmin=0, vmax=100, aspect="auto")
    axes.set_xticks(range(len(heatmap.columns)), [str(c) for c in heatmap.columns], fontsize=7)
    axes.set_yticks(range(len(heatmap.rows)), [str(r) for r in heatmap.rows], fontsize=7)
    axes.set_xlabel("Player's third card", fontsize=8)
    axes.set_ylabel("Banker total", fontsize=8)
    axes.set_title("Table of play: accuracy (%)", fontsize=9)
    axes.figure.colorbar(image, ax=axes, shrink=0.8).ax.tick_params(labelsize=7)


def skills_figure(skills: list[SkillProgress], width_inches: float = 7.0) -> Figure:
    """Accuracy and speed side by side (and the daily trend below when there are several days)."""
    several_days = any(len(s.trend) > 1 for s in skills)
    rows = 2 if several_days else 1
    height = max(1.6, 0.32 * len(skills) + 1.0)
    figure = Figure(figsize=(width_inches, height + (2.4 if several_days else 0)), layout="constrained")
    grid = figure.add_gridspec(rows, 2, height_ratios=[height, 2.4][:rows])
    draw_skill_accuracy(figure.add_subplot(grid[0, 0]), skills)
    draw_skill_speed(figure.add_subplot(grid[0, 1]), skills)
    if several_days:
        draw_trend(figure.add_subplot(grid[1, :]), skills)
    return figure


def heatmap_figure(heatmap: Heatmap, width_inches: float = 5.0) -> Figure:
    figure = Figure(figsize=(width_inches, 3.2), layout="constrained")
    draw_heatmap(figure.add_subplot(), heatmap)
    return figure


def png_bytes(figure: Figure, dpi: int = 200) -> bytes:
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
