"""The files that make Dealer Drill a desktop program (packaging/): the icon the project draws, its PNGs
rendered from it, the Linux desktop entry and the AppStream metadata, checked by the freedesktop.org
validators Debian ships (desktop-file-utils, appstream)."""
from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import numpy
from external_tools import tool

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "nz.dealerdrill.DealerDrill"


def _render_icons_module():
    spec = importlib.util.spec_from_file_location("render_icons", PACKAGING / "render_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pixels(image) -> numpy.ndarray:
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    return numpy.frombuffer(bytes(image.constBits()), dtype=numpy.uint8).reshape(image.height(), image.width(), 4)


def test_every_icon_png_is_the_svg_rendered_at_its_size(qapp):
    from PySide6.QtGui import QImage

    icons = _render_icons_module()
    for size in icons.SIZES:
        committed = QImage(str(icons.png_path(size)))
        assert (committed.width(), committed.height()) == (size, size), size
        fresh, stored = _pixels(icons.render(size)).astype(int), _pixels(committed).astype(int)
        # Antialiasing may differ by a step between Qt versions; a changed drawing differs by far more.
        assert numpy.abs(fresh - stored).mean() < 1.0, f"dealerdrill-{size}.png is not the SVG's rendering"
        corner, centre = stored[0, 0], stored[size // 2, size // 2]
        assert corner[3] == 0 and centre[3] == 255          # rounded corners clear, the chip opaque


def test_the_desktop_entry_passes_desktop_file_validate():
    validate = tool("desktop-file-validate", "desktop-file-utils")
    entry = PACKAGING / "linux" / f"{APP_ID}.desktop"
    done = subprocess.run([validate, str(entry)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    fields = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert (fields["Icon"], fields["Exec"], fields["Type"]) == (APP_ID, "DealerDrill", "Application")


def test_the_appstream_metadata_passes_appstreamcli_validate():
    appstreamcli = tool("appstreamcli", "appstream")
    metainfo = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"
    done = subprocess.run([appstreamcli, "validate", "--no-net", str(metainfo)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    text = metainfo.read_text()
    assert f"<id>{APP_ID}</id>" in text and f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in text
