"""The scorecard charts drawn as PDF vector graphics with reportlab (Qt-free, no matplotlib figure).

The program's screens keep their matplotlib charts (charts.py); a cohort PDF needs hundreds of charts, and
rendering each through matplotlib took most of a second, so the PDF draws the same pictures from the same
data with reportlab's drawing shapes: accuracy and median seconds per drill as bars against their target
marks (green when met, red when not), the daily accuracy of the busiest drills, and the baccarat table of
play as a grid coloured like the app's (matplotlib's RdYlGn colour map; grey = never asked), with each
cell's accuracy written in it. Every function returns a reportlab Drawing, which platypus places like any
other flowable. Sizes are in points.
"""
from __future__ import annotations

import math
from datetime import date
from functools import cache, lru_cache

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors

from dealerdrill.records.models import Heatmap, SkillProgress

from .charts import MAX_TREND_LINES, RIGHT_COLOUR, SHORT_COLOUR, TARGET_COLOUR, short_title

FONT = "DejaVuSans"
AXIS_COLOUR = colors.HexColor("#404040")
GRID_COLOUR = colors.HexColor("#dddddd")
NOT_ASKED = colors.HexColor("#dddddd")
# matplotlib's default colour cycle, so that the trend lines look as they do on screen.
LINE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
ROW_HEIGHT = 16.0
LABEL_SIZE = 7.0
TITLE_SIZE = 8.5
MIN_BAR = 2.5         # points: the narrowest bar drawn, so that a value of 0 still shows


def nice_ticks(top: float, wanted: int = 5) -> list[float]:
    """Round tick values from 0 to at least `top` (steps of 1, 2 or 5 times a power of ten)."""
    if top <= 0:
        return [0.0, 1.0]
    rough = top / wanted
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    count = math.ceil(top / step - 1e-9)
    return [i * step for i in range(count + 1)]


def _label(value: float) -> str:
    return f"{value:g}"


def _bars(drawing: Drawing, left: float, bottom: float, width: float, skills: list[SkillProgress],
          values: list[float], targets: list[float], met: list[bool], ticks: list[float], title: str,
          axis_title: str) -> None:
    """Horizontal bars, first skill at the top, a target mark across each bar's row, x axis below."""
    top_value = ticks[-1]
    height = ROW_HEIGHT * len(skills)
    scale = width / top_value if top_value else 0
    for tick in ticks:
        x = left + tick * scale
        drawing.add(Line(x, bottom, x, bottom + height, strokeColor=GRID_COLOUR, strokeWidth=0.4))
        drawing.add(Line(x, bottom, x, bottom - 2.5, strokeColor=AXIS_COLOUR, strokeWidth=0.5))
        drawing.add(String(x, bottom - 10, _label(tick), fontName=FONT, fontSize=LABEL_SIZE, textAnchor="middle"))
    for row, (value, target, good) in enumerate(zip(values, targets, met)):
        y = bottom + height - (row + 1) * ROW_HEIGHT
        # A bar is never narrower than MIN_BAR: a drill at 0% shows a sliver in its colour, not nothing (an
        # empty row would read as "no answers"), and its value is written beside it.
        length = max(MIN_BAR, max(0.0, min(value, top_value)) * scale)
        drawing.add(Rect(left, y + 3, length, ROW_HEIGHT - 6, strokeColor=None,
                         fillColor=colors.HexColor(RIGHT_COLOUR if good else SHORT_COLOUR)))
        if value <= 0:
            drawing.add(String(left + length + 2, y + ROW_HEIGHT / 2 - LABEL_SIZE / 3, "0", fontName=FONT,
                               fontSize=LABEL_SIZE, fillColor=colors.HexColor(SHORT_COLOUR if not good
                                                                              else RIGHT_COLOUR)))
        x = left + min(target, top_value) * scale
        drawing.add(Line(x, y + 1, x, y + ROW_HEIGHT - 1, strokeColor=colors.HexColor(TARGET_COLOUR),
                         strokeWidth=1.6))
    drawing.add(Rect(left, bottom, width, height, strokeColor=AXIS_COLOUR, strokeWidth=0.6, fillColor=None))
    drawing.add(String(left + width / 2, bottom + height + 5, title, fontName=FONT, fontSize=TITLE_SIZE,
                       textAnchor="middle"))
    drawing.add(String(left + width / 2, bottom - 20, axis_title, fontName=FONT, fontSize=LABEL_SIZE,
                       textAnchor="middle"))


def skills_drawing(skills: list[SkillProgress], width: float) -> Drawing:
    """Accuracy and median seconds per drill against their targets, side by side (drill names on the left),
    and the daily accuracy below when any drill was practised on several days."""
    several_days = any(len(s.trend) > 1 for s in skills)
    trend_height = 150.0 if several_days else 0.0
    bars_height = ROW_HEIGHT * len(skills)
    height = bars_height + 42 + trend_height
    drawing = Drawing(width, height)
    names_width = 0.27 * width
    gap = 26.0                      # room for the left panel's last tick label and the right one's first
    panel = (width - names_width - gap - 6) / 2
    bottom = trend_height + 28
    for row, skill in enumerate(skills):
        y = bottom + bars_height - (row + 0.5) * ROW_HEIGHT - LABEL_SIZE / 3
        drawing.add(String(names_width - 4, y, short_title(skill.title), fontName=FONT, fontSize=LABEL_SIZE,
                           textAnchor="end"))
    _bars(drawing, names_width, bottom, panel, skills, [100 * s.accuracy for s in skills],
          [100 * s.target.accuracy for s in skills], [s.accuracy_met for s in skills], nice_ticks(100, 5),
          "Accuracy (bar) against target ( | )", "accuracy (%)")
    slowest = max([s.median_seconds for s in skills] + [s.target.seconds for s in skills] + [0.0])
    _bars(drawing, names_width + panel + gap, bottom, panel, skills, [s.median_seconds for s in skills],
          [s.target.seconds for s in skills], [s.speed_met for s in skills], nice_ticks(slowest * 1.05, 5),
          "Median seconds (bar) against target ( | )", "seconds per answer")
    if several_days:
        _trend(drawing, 34, 40, width - 40, trend_height - 62, skills)
    return drawing


def _trend(drawing: Drawing, left: float, bottom: float, width: float, height: float,
           skills: list[SkillProgress]) -> None:
    """Daily accuracy of the drills with the most answers, oldest day on the left, legend underneath."""
    busiest = sorted(skills, key=lambda s: -s.answered)[:MAX_TREND_LINES]
    days = sorted({p.day for skill in busiest for p in skill.trend})
    first, last = days[0].toordinal(), days[-1].toordinal()
    span = max(1, last - first)

    def x_of(day: date) -> float:
        return left + (width / 2 if last == first else (day.toordinal() - first) / span * width)

    def y_of(accuracy: float) -> float:
        return bottom + accuracy * 100 / 105 * height

    for percent in (0, 20, 40, 60, 80, 100):
        y = y_of(percent / 100)
        drawing.add(Line(left, y, left + width, y, strokeColor=GRID_COLOUR, strokeWidth=0.4))
        drawing.add(String(left - 3, y - 2.5, str(percent), fontName=FONT, fontSize=LABEL_SIZE, textAnchor="end"))
    shown = days if len(days) <= 10 else [days[round(i * (len(days) - 1) / 9)] for i in range(10)]
    for day in dict.fromkeys(shown):
        x = x_of(day)
        drawing.add(Line(x, bottom, x, bottom - 2.5, strokeColor=AXIS_COLOUR, strokeWidth=0.5))
        drawing.add(String(x, bottom - 10, day.strftime("%d %b"), fontName=FONT, fontSize=LABEL_SIZE,
                           textAnchor="middle"))
    for index, skill in enumerate(busiest):
        colour = colors.HexColor(LINE_COLOURS[index % len(LINE_COLOURS)])
        points = [(x_of(p.day), y_of(p.accuracy)) for p in skill.trend]
        if len(points) > 1:
            drawing.add(PolyLine([c for point in points for c in point], strokeColor=colour, strokeWidth=1.0))
        if len(points) <= 60:           # markers only while they stay apart
            for x, y in points:
                drawing.add(Circle(x, y, 1.4, fillColor=colour, strokeColor=None))
        column, line = index % 3, index // 3
        x = left + column * width / 3
        y = bottom - 22 - line * 10
        drawing.add(Line(x, y + 2.5, x + 12, y + 2.5, strokeColor=colour, strokeWidth=1.4))
        drawing.add(String(x + 15, y, short_title(skill.title, 30), fontName=FONT, fontSize=LABEL_SIZE))
    drawing.add(Rect(left, bottom, width, height, strokeColor=AXIS_COLOUR, strokeWidth=0.6, fillColor=None))
    drawing.add(String(left + width / 2, bottom + height + 5, "Accuracy by day", fontName=FONT,
                       fontSize=TITLE_SIZE, textAnchor="middle"))
    drawing.add(String(left - 26, bottom + height / 2, "%", fontName=FONT, fontSize=LABEL_SIZE))


def heat_colour(accuracy: float | None):
    """The cell colour: matplotlib's RdYlGn at the accuracy (0 red, 1 green), grey when never asked."""
    if accuracy is None:
        return NOT_ASKED
    return _heat_colour(round(max(0.0, min(1.0, accuracy)), 3))


@cache
def _heat_colour(accuracy: float):
    red, green, blue, _ = _colour_map()(accuracy)
    return colors.Color(red, green, blue)


@lru_cache(maxsize=1)
def _colour_map():
    # matplotlib hands out a fresh copy of a colour map on every lookup, and each copy builds its table on
    # first use: one copy, kept, instead of thousands.
    from matplotlib import colormaps

    return colormaps["RdYlGn"]


def heatmap_drawing(heatmap: Heatmap, width: float) -> Drawing:
    """Accuracy per Banker total (rows) and Player's third card (columns), with a colour scale."""
    cell = min(26.0, (width - 90) / len(heatmap.columns))
    grid_width, grid_height = cell * len(heatmap.columns), cell * 0.7 * len(heatmap.rows)
    row_height = cell * 0.7
    left, bottom = 44.0, 30.0
    drawing = Drawing(left + grid_width + 60, bottom + grid_height + 18)
    for r, row in enumerate(heatmap.rows):
        y = bottom + grid_height - (r + 1) * row_height
        drawing.add(String(left - 4, y + row_height / 2 - 2.5, str(row), fontName=FONT, fontSize=LABEL_SIZE,
                           textAnchor="end"))
        for c, column in enumerate(heatmap.columns):
            found = heatmap.cells.get((row, column))
            accuracy = found.accuracy if found and found.answered else None
            x = left + c * cell
            drawing.add(Rect(x, y, cell, row_height, fillColor=heat_colour(accuracy), strokeColor=colors.white,
                             strokeWidth=0.5))
            if accuracy is not None:
                fill = heat_colour(accuracy)
                dark = 0.299 * fill.red + 0.587 * fill.green + 0.114 * fill.blue < 0.5
                drawing.add(String(x + cell / 2, y + row_height / 2 - 2.3, f"{100 * accuracy:.0f}", fontName=FONT,
                                   fontSize=6, textAnchor="middle",
                                   fillColor=colors.white if dark else colors.black))
    for c, column in enumerate(heatmap.columns):
        drawing.add(String(left + (c + 0.5) * cell, bottom - 9, str(column), fontName=FONT, fontSize=LABEL_SIZE,
                           textAnchor="middle"))
    drawing.add(String(left + grid_width / 2, bottom - 20, "Player's third card", fontName=FONT,
                       fontSize=LABEL_SIZE, textAnchor="middle"))
    drawing.add(_vertical_text(12, bottom + grid_height / 2, "Banker total"))
    drawing.add(String(left + grid_width / 2, bottom + grid_height + 6, "Table of play: accuracy (%)",
                       fontName=FONT, fontSize=TITLE_SIZE, textAnchor="middle"))
    # The colour scale: 0 at the bottom, 100 at the top.
    scale_left, steps = left + grid_width + 14, 20
    for step in range(steps):
        drawing.add(Rect(scale_left, bottom + step * grid_height / steps, 9, grid_height / steps + 0.3,
                         fillColor=heat_colour((step + 0.5) / steps), strokeColor=None))
    for percent in (0, 50, 100):
        drawing.add(String(scale_left + 12, bottom + percent / 100 * grid_height - 2.5, str(percent), fontName=FONT,
                           fontSize=LABEL_SIZE))
    return drawing


def _vertical_text(x: float, y: float, text: str):
    from reportlab.graphics.shapes import Group

    group = Group(String(0, 0, text, fontName=FONT, fontSize=LABEL_SIZE, textAnchor="middle"))
    group.transform = (0, 1, -1, 0, x, y)     # turned a quarter to the left around (x, y)
    return group
