"""Text on the scorecard PDFs: the fonts, characters outside them, and right-to-left writing. Qt-free.

Text is drawn with DejaVu Sans (shipped with matplotlib), which covers Latin, Greek, Cyrillic, Hebrew and
Arabic. A character it lacks (a Chinese, Japanese or Korean name, the full-width equals sign U+FF1D) is drawn from the
fallback fonts the program ships in resources/fonts: Dealer Drill CJK (a subset of LXGW WenKai) and Noto
Sans Symbols 2; reportlab does not fall back on its own, so each text is cut into runs, each run in the
first font that has its characters.

PDF text is drawn left to right in the order given, so a Hebrew or Arabic name would come out backwards:
each line is turned into its visual order by the Unicode bidirectional algorithm (python-bidi) before it
is drawn. A text that must wrap is broken into lines in its logical order first, then each line is
reordered, so the lines of a right-to-left note still read from the top. Arabic letters are drawn in the
order and forms the text holds (no contextual shaping).

Every text also loses the characters no export may hold (cells.printable: U+FFFD in their place).
"""
from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

from .cells import printable

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
# (reportlab name, file in resources/fonts), tried in this order for what DejaVu Sans lacks.
FALLBACK_FONTS = (("DealerDrillCJK", "DealerDrillCJK-Regular.ttf"),
                  ("NotoSansSymbols2", "NotoSansSymbols2-Regular.ttf"))

# Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms, and the
# right-to-left scripts beyond the first plane: text holding one of these is reordered for drawing.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")


def register_fonts() -> None:
    """DejaVu Sans and its bold, for every scorecard (the fallback fonts are registered when first needed)."""
    from matplotlib import get_data_path
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = Path(get_data_path()) / "fonts" / "ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


@cache
def _fallbacks() -> tuple[tuple[str, frozenset], ...]:
    """The fallback fonts that could be read, each with the characters it has (registered on first use:
    reading the CJK font takes a moment, and most scorecards never need it)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    found = []
    folder = resources.files("dealerdrill.resources") / "fonts"
    for name, file in FALLBACK_FONTS:
        try:
            with resources.as_file(folder / file) as path:
                if name not in pdfmetrics.getRegisteredFontNames():
                    pdfmetrics.registerFont(TTFont(name, str(path)))
        except (OSError, TTFError):
            continue                   # a font that is missing or unreadable: its characters stay boxes
        found.append((name, frozenset(pdfmetrics.getFont(name).face.charToGlyph)))
    return tuple(found)


@cache
def _characters_of(font: str) -> frozenset:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def right_to_left(text: str) -> bool:
    return not text.isascii() and _RIGHT_TO_LEFT.search(text) is not None


def is_plain(text: str, font: str = FONT) -> bool:
    """Whether `text` can be drawn as it is, in `font` alone: no right-to-left writing, no character the
    font lacks, none that an export may not hold. Most texts are: they are checked quickly."""
    if text.isascii():
        return text.isprintable() or printable(text) == text
    if _RIGHT_TO_LEFT.search(text) or printable(text) != text:
        return False
    have = _characters_of(font)
    return all(ord(character) in have for character in text)


def visual(text: str) -> str:
    """One line of text in the order it is drawn (left to right), with what no export holds replaced."""
    text = printable(text)
    if right_to_left(text):
        from bidi import get_display

        return get_display(text)
    return text


def runs(text: str, font: str = FONT) -> list[tuple[str, str]]:
    """(font, piece) runs of a line already in visual order: each character in `font` when it has it, else in
    the first fallback font that does (`font` again when none has it); a space inside a fallback run stays
    in that run."""
    have = _characters_of(font)
    found: list[tuple[str, str]] = []
    fallbacks: tuple[tuple[str, frozenset], ...] | None = None
    for character in text:
        code = ord(character)
        if found and character.isspace() and found[-1][0] != font and \
                any(name == found[-1][0] and code in characters for name, characters in fallbacks or ()):
            chosen = found[-1][0]      # a space inside a fallback run stays in it
        elif code in have:
            chosen = font
        else:
            fallbacks = fallbacks if fallbacks is not None else _fallbacks()
            chosen = next((name for name, characters in fallbacks if code in characters), font)
        if found and found[-1][0] == chosen:
            found[-1] = (chosen, found[-1][1] + character)
        else:
            found.append((chosen, character))
    return found


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def markup(text, font: str = FONT) -> str:
    """Paragraph markup for one line of text: in visual order, escaped, with <font> tags around the runs a
    fallback font draws (the rest keeps the paragraph's own font, bold or not)."""
    text = str(text)
    if is_plain(text, font):
        return _escape(text)
    return "".join(_escape(piece) if chosen == font else f'<font name="{chosen}">{_escape(piece)}</font>'
                   for chosen, piece in runs(visual(text), font))


def width_of(text: str, font: str, size: float) -> float:
    """How wide a line in logical order is drawn, each run in its own font."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(piece, chosen, size) for chosen, piece in runs(visual(text), font))


def wrapped_markup(text, font: str, size: float, width: float) -> str:
    """Paragraph markup for a text that may need several lines of `width` points: a right-to-left text is
    broken into lines in its logical order and each line reordered for drawing (a paragraph that reordered
    the whole text and then broke it would put its last words on the first line); any other text is left to
    the paragraph to wrap."""
    text = str(text)
    if not right_to_left(text):
        return markup(text, font)
    lines = []
    for paragraph in printable(text).split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and width_of(candidate, font, size) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return "<br/>".join(markup(line, font) for line in lines)


def draw(canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """Draw one line on a canvas at (x, y), left- or right-aligned, each run in its font."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pieces = runs(visual(text), font)
    total = sum(stringWidth(piece, chosen, size) for chosen, piece in pieces)
    position = x - total if align == "right" else x
    for chosen, piece in pieces:
        canvas.setFont(chosen, size)
        canvas.drawString(position, y, piece)
        position += stringWidth(piece, chosen, size)
    canvas.setFont(font, size)
