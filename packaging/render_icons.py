"""Render the application icon, packaging/icons/dealerdrill.svg, to the PNGs beside it (one per size the
desktops ask for), with Qt's own SVG renderer: `python packaging/render_icons.py` after editing the SVG.
The test suite renders it again and compares, so a changed SVG without new PNGs is noticed."""
from __future__ import annotations

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent / "icons"
SOURCE = ICONS / "dealerdrill.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return ICONS / f"dealerdrill-{size}.png"


def render(size: int):
    """The icon as a QImage of size x size pixels (needs a QGuiApplication)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise ValueError(f"{SOURCE} is not an SVG Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for size in SIZES:
        if not render(size).save(str(png_path(size)), "PNG"):
            raise OSError(f"could not write {png_path(size)}")
        print(png_path(size).relative_to(ICONS.parent.parent))
    del application
    return 0


if __name__ == "__main__":
    sys.exit(main())
