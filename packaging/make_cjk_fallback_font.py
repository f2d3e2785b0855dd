"""Make resources/fonts/DealerDrillCJK-Regular.ttf, the scorecards' fallback font for Chinese, Japanese and
Korean names and full-width forms, from Debian's fonts-lxgw-wenkai package (LXGW WenKai, SIL OFL 1.1).

    apt-get download fonts-lxgw-wenkai && dpkg-deb -x fonts-lxgw-wenkai_*.deb lxgw
    python packaging/make_cjk_fallback_font.py lxgw/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf

The whole font is 16 MB; the bundle's budget leaves room for about 5. The subset keeps what most names are
written with: every ideograph of GB 2312 (simplified Chinese) and of JIS X 0208 level 1 (everyday Japanese
kanji), the Hangul syllables the font has (2,367: KS X 1001's), kana, CJK punctuation and the half- and
full-width forms. The OFL lets a modified font be shipped under the same licence but not under
the Reserved Font Names ("LXGW", "霞鹜"), so the subset is renamed "Dealer Drill CJK".
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FAMILY = "Dealer Drill CJK"
POSTSCRIPT_NAME = "DealerDrillCJK-Regular"
OUT = Path(__file__).resolve().parents[1] / "resources" / "fonts" / f"{POSTSCRIPT_NAME}.ttf"


def _encodable(codec: str, first: int, last: int, lead_byte_at_most: int | None = None) -> set[int]:
    """The code points in [first, last] that a legacy character set holds (optionally only its rows up to
    a lead byte: the "level 1" characters, which those standards order first)."""
    found = set()
    for code in range(first, last + 1):
        try:
            encoded = chr(code).encode(codec)
        except UnicodeEncodeError:
            continue
        if lead_byte_at_most is None or encoded[0] <= lead_byte_at_most:
            found.add(code)
    return found


def kept_characters() -> set[int]:
    # GB 2312 whole (simplified Chinese) and JIS X 0208 level 1 (the Japanese kanji in everyday use: EUC-JP
    # lead bytes up to 0xCF, without JIS X 0212, which ISO-2022-JP lacks); traditional characters outside
    # both are left out for room.
    jis_level_1 = (_encodable("euc_jp", 0x4E00, 0x9FFF, lead_byte_at_most=0xCF)
                   & _encodable("iso2022_jp", 0x4E00, 0x9FFF))
    ideographs = _encodable("gb2312", 0x4E00, 0x9FFF) | jis_level_1
    ranges = [(0x3000, 0x303F),   # CJK symbols and punctuation
              (0x3040, 0x30FF),   # hiragana, katakana
              (0x31F0, 0x31FF),   # katakana phonetic extensions
              (0x3130, 0x318F),   # Hangul compatibility jamo
              (0xAC00, 0xD7A3),   # Hangul syllables
              (0xFF00, 0xFFEF)]   # half- and full-width forms
    return ideographs | {code for first, last in ranges for code in range(first, last + 1)}


def main(source: str) -> None:
    font = TTFont(source)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.hinting = False          # the PDF draws outlines; hints only add bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept_characters())
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (2, 17):
            names.setName("Regular", record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (3, 4):
            names.setName(f"{FAMILY} Regular", record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(POSTSCRIPT_NAME, record.nameID, record.platformID, record.platEncID, record.langID)
    names.setName("A subset of LXGW WenKai Regular for Dealer Drill's scorecards, renamed as the SIL Open "
                  "Font License asks of modified versions.", 10, 3, 1, 0x409)
    font.save(OUT)
    print(f"{OUT}: {OUT.stat().st_size / 1e6:.1f} MB, {len(font.getBestCmap())} characters")


if __name__ == "__main__":
    main(sys.argv[1])
