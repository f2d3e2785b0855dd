"""The fonts the app ships (resources/fonts), registered with Qt when the app starts.

The app draws with DejaVu Sans, which lacks a few symbols the screens use (the timer's ⏱); Noto Sans Symbols 2
has them, and once it is registered Qt's font fallback draws those symbols from it. OFL licence beside it.
"""
from __future__ import annotations

from importlib import resources

from PySide6.QtGui import QFontDatabase

SHIPPED_FONTS = ("NotoSansSymbols2-Regular.ttf",)
_registered: dict[str, list[str]] = {}


def register_app_fonts() -> dict[str, list[str]]:
    """Add the shipped fonts to Qt's font database (once per run; needs the QGuiApplication). Returns the
    families each file added; a font that cannot be read is left out (the app still runs on DejaVu)."""
    if _registered:
        return dict(_registered)
    folder = resources.files("dealerdrill.resources") / "fonts"
    for name in SHIPPED_FONTS:
        try:
            data = (folder / name).read_bytes()
        except OSError:
            continue
        font_id = QFontDatabase.addApplicationFontFromData(data)
        if font_id >= 0:
            _registered[name] = list(QFontDatabase.applicationFontFamilies(font_id))
    return dict(_registered)
