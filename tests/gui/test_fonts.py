"""Every character the app's screens use is drawn from a font that has it (no missing-glyph boxes)."""
from __future__ import annotations

import os
import re
from importlib import resources
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtGui import QFont, QTextLayout

from dealerdrill.views.fonts import SHIPPED_FONTS, register_app_fonts

GUI = Path(__file__).resolve().parents[2] / "gui"


def characters_in_the_app() -> list[str]:
    """Every non-ASCII character written anywhere in the app's source (texts, labels, symbols)."""
    found = set()
    for path in GUI.rglob("*.py"):
        found.update(re.findall(r"[^\x00-\x7f]", path.read_text(encoding="utf-8")))
    return sorted(found)


def drawn_by_a_font_that_has_it(character: str, family: str) -> bool:
    layout = QTextLayout(character, QFont(family))
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    return bool(runs) and all(run.rawFont().supportsCharacter(ord(character)) for run in runs)


def test_the_shipped_fonts_and_their_licence_are_in_the_package():
    folder = resources.files("dealerdrill.resources") / "fonts"
    for name in SHIPPED_FONTS:
        assert (folder / name).read_bytes()[:4] in (b"\x00\x01\x00\x00", b"OTTO", b"true")
    assert "SIL OPEN FONT LICENSE Version 1.1" in (folder / "OFL.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("family", ["DejaVu Sans", "DejaVu Serif"])
def test_every_character_the_app_uses_has_a_glyph(qapp, family):
    families = register_app_fonts()
    assert families and all(families.values())
    characters = characters_in_the_app()
    assert "⏱" in characters and "✓" in characters
    missing = [c for c in characters if not drawn_by_a_font_that_has_it(c, family)]
    assert missing == []
