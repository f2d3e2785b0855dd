"""Names and notes on the scorecard PDFs: right-to-left names (Hebrew, Arabic) are drawn in their visual order,
so a PDF reader gives them back in their logical order; characters DejaVu Sans lacks (Chinese, Japanese,
Korean, the full-width forms) are drawn from the shipped fallback fonts, never as a missing glyph; what no
export may hold becomes U+FFFD; a sealed scorecard with such text still verifies."""
from __future__ import annotations

import subprocess

import pytest
from external_tools import tool

from dealerdrill.domain import Mode
from dealerdrill.exports import export, pdf_text
from dealerdrill.exports.scorecard_signature import check_scorecard
from dealerdrill.records import RecordFilter

NAMES = {
    "Hebrew": "דוד כהן",
    "Arabic": "محمد علي",
    "Chinese": "张伟",
    "Japanese": "さくら 山田",
    "Korean": "김민준",
    "full-width": "Ｈｅｍｉ＝Ｔｅ",
    "Māori": "Tāne Ngata",
}
# A sign-off note in Hebrew long enough to wrap in its column, with an answer's noncharacter in it.
LONG_NOTE = ("הערה ארוכה מאוד על המבחן הזה שנכתבה בעברית כדי לבדוק שהשורות נשברות בסדר הנכון ושכל שורה "
             "נקראת מימין לשמאל גם כשהיא ארוכה \ufffe סוף")


@pytest.fixture
def drawn(monkeypatch):
    """Every (font, text) reportlab draws with a TrueType font while the test runs."""
    from reportlab.pdfbase.ttfonts import TTFont

    seen: list[tuple[str, str]] = []
    original = TTFont.splitString

    def recording(self, text, doc, encoding="utf-8"):
        seen.append((self.fontName, text if isinstance(text, str) else text.decode(encoding)))
        return original(self, text, doc, encoding)

    monkeypatch.setattr(TTFont, "splitString", recording)
    return seen


def characters_missing(drawn) -> list[tuple[str, str]]:
    """(font, character) for each character drawn with a font that has no glyph for it."""
    from reportlab.pdfbase import pdfmetrics

    missing = []
    for font, text in drawn:
        have = pdfmetrics.getFont(font).face.charToGlyph
        missing += [(font, character) for character in text if ord(character) not in have]
    return sorted(set(missing))


@pytest.fixture
def named(records, play, real_play, signer):
    for name in NAMES.values():
        records.create_trainee(name)
        play(name, "baccarat.table_of_play", Mode.PRACTICE, [("banker6.third7", True, 2.0)])
    attempt = real_play(NAMES["Hebrew"], Mode.TEST, [True] * 30)
    records.sign_off(attempt, NAMES["Arabic"], signer, note=LONG_NOTE)
    return records


def pdftotext(path) -> str:
    done = subprocess.run([tool("pdftotext", "poppler-utils"), str(path), "-"], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout


def test_every_name_comes_back_in_logical_order_with_no_glyph_missing(named, tmp_path, drawn, signer):
    [path] = export(named, "pdf", tmp_path / "cohort.pdf", signer=signer)
    text = pdftotext(path)
    for script, name in NAMES.items():
        assert f"Scorecard: {name}" in text.replace("\u202b", "").replace("\u202c", ""), script
    assert characters_missing(drawn) == []
    fonts = {font for font, _ in drawn}
    assert {"DejaVuSans", "DejaVuSans-Bold", "DealerDrillCJK"} <= fonts
    # The sealed figures, names and the wrapped right-to-left note among them, are found as printed.
    check = check_scorecard(path)
    assert check.genuine, check.message


def test_a_wrapped_right_to_left_note_reads_from_the_top(named, tmp_path):
    from pypdf import PdfReader

    [path] = export(named, "pdf", tmp_path / "hebrew.pdf", RecordFilter(trainees=(NAMES["Hebrew"],)))
    lines = [line.replace("\u202b", "").replace("\u202c", "").strip() for line in pdftotext(path).splitlines()]
    note_lines = [line for line in lines if line and all(not c.isascii() or c == " " for c in line)
                  and any("\u0590" <= c <= "\u05ff" for c in line) and line != NAMES["Hebrew"]]
    assert len(note_lines) >= 2, lines                          # the note wraps
    words = " ".join(note_lines).split()
    expected = LONG_NOTE.replace("\ufffe", "\ufffd").split()
    assert words == expected[:len(words)] and len(words) >= len(expected) - 1
    assert "\ufffd" in " ".join(note_lines)                       # the noncharacter is shown replaced
    assert all(page.extract_text() for page in PdfReader(path).pages)


def test_runs_draw_each_character_from_a_font_that_has_it():
    pdf_text.register_fonts()
    for text in ["Ｈｅｍｉ＝Ｔｅ", "张伟 and 김민준", "さくら", "♔ ♕ check", "Tāne"]:
        runs = pdf_text.runs(pdf_text.visual(text))
        assert "".join(piece for _, piece in runs) == text
        assert characters_missing(runs) == [], text
    assert pdf_text.runs("Tāne Ngata") == [("DejaVuSans", "Tāne Ngata")]


def test_right_to_left_lines_are_reordered_and_left_to_right_ones_are_not():
    assert pdf_text.visual("דוד כהן") == "ןהכ דוד"
    assert pdf_text.visual("Scorecard: דוד") == "Scorecard: " + "דוד"[::-1]
    assert pdf_text.visual("Tāne \ufffe") == "Tāne \ufffd"
