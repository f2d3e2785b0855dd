"""Charts on the Progress and Manager pages: the scorecard's own figures (dealerdrill.exports.charts) on a
matplotlib QtAgg canvas, so the app and the PDF show the same pictures.

matplotlib is imported only when the first chart is drawn (it takes most of a second to load), so the
window starts without it.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget


class ChartView(QWidget):
    """A box that shows one matplotlib Figure (replaced on each show_figure), or a note when empty."""

    def __init__(self, empty_text: str = "Nothing to draw yet.", height: int = 300, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(height)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.empty_label = QLabel(empty_text)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setProperty("role", "muted")
        self._layout.addWidget(self.empty_label)
        self.canvas = None
        self.figure = None

    def show_figure(self, figure, height: int | None = None) -> None:
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

        self._drop_canvas()
        self.empty_label.hide()
        figure.set_facecolor("#ffffff")
        self.figure = figure
        self.canvas = FigureCanvasQTAgg(figure)
        self.canvas.setObjectName("chartCanvas")
        self.canvas.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        if height is not None:
            self.setFixedHeight(height)
        self._layout.addWidget(self.canvas)
        self.canvas.draw_idle()

    def show_empty(self, text: str | None = None) -> None:
        self._drop_canvas()
        if text is not None:
            self.empty_label.setText(text)
        self.empty_label.show()

    def _drop_canvas(self) -> None:
        if self.canvas is not None:
            self._layout.removeWidget(self.canvas)
            self.canvas.hide()
            self.canvas.deleteLater()
        self.canvas = None
        self.figure = None


def skills_chart(view: ChartView, skills) -> None:
    """Accuracy and speed per drill against targets (and the daily trend): the scorecard's figure."""
    if not skills:
        view.show_empty("No answers in this period yet.")
        return
    from dealerdrill.exports import charts

    figure = charts.skills_figure(skills, width_inches=9.0)
    view.show_figure(figure, height=int(figure.get_size_inches()[1] * 72) + 40)


def heatmap_chart(view: ChartView, heatmap) -> None:
    if not any(cell.answered for cell in heatmap.cells.values()):
        view.show_empty("No table-of-play answers yet (Baccarat drills).")
        return
    from dealerdrill.exports import charts

    view.show_figure(charts.heatmap_figure(heatmap, width_inches=6.0), height=300)


BREAKDOWN_COLOUR = "#3d6a98"   # neutral: a breakdown has no target of its own to be met or missed


def breakdown_chart(view: ChartView, rows, title: str, empty_text: str) -> None:
    """Accuracy per key of a breakdown (wager kinds, house-way rules) as labelled horizontal bars."""
    if not rows:
        view.show_empty(empty_text)
        return
    from matplotlib.figure import Figure

    height = max(1.8, 0.3 * len(rows) + 1.0)
    figure = Figure(figsize=(6.0, height), layout="constrained")
    axes = figure.add_subplot()
    positions = range(len(rows))
    axes.barh(positions, [100 * r.accuracy for r in rows], color=BREAKDOWN_COLOUR)
    for position, row in zip(positions, rows):
        share = 100 * row.accuracy
        text = f"{share:.0f}% of {row.answered}"
        if share >= 70:   # inside the bar's end, light on dark
            axes.text(share - 1, position, text, va="center", ha="right", fontsize=7, color="white")
        else:
            axes.text(share + 1, position, text, va="center", ha="left", fontsize=7, color="#1f2a37")
    axes.set_yticks(list(positions), [r.label if len(r.label) <= 34 else r.label[:33] + "…" for r in rows],
                    fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("accuracy (%)", fontsize=8)
    axes.set_title(title, fontsize=9)
    axes.tick_params(axis="x", labelsize=8)
    view.show_figure(figure, height=int(height * 72) + 30)
