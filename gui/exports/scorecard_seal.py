"""The seal on a scorecard PDF: its figures, signed with the manager's key, so a third party can check it.

The scorecard's printed figures (each table row, as printed, and the headings that say whose and which
period) are collected while the PDF is laid out. The manager's key signs them; the figures, the signature
and the public key travel in the PDF's metadata (its Keywords entry), and every page prints the key's
fingerprint and a short code of the signature. `dealerdrill verify FILE.pdf` (check_scorecard) checks the
signature and that every signed figure is still printed in the PDF; the fingerprint says whose key it is,
to compare with the one the casino knows for its manager.
"""
from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from dealerdrill.records import chain

SEAL_MARK = "dealerdrill-scorecard-seal-1:"
MAX_PDF_BYTES = 512 * 1024 ** 2


def seal_text(figures: list[list[str]], signer) -> tuple[str, str]:
    """(the Keywords text carrying the seal, the short code printed on each page)."""
    payload = chain.event_content({"figures": figures})
    signature = signer.sign(payload.encode("utf-8"))
    document = {"figures": figures, "signature": signature.hex(), "public_key": signer.public.raw.hex(),
                "fingerprint": signer.fingerprint}
    blob = base64.b64encode(json.dumps(document, ensure_ascii=False).encode("utf-8")).decode("ascii")
    return SEAL_MARK + blob, short_code(signature)


def short_code(signature: bytes) -> str:
    digest = hashlib.sha256(signature).hexdigest()[:12].upper()
    return "-".join(digest[i:i + 4] for i in range(0, 12, 4))


@dataclass(frozen=True)
class SealCheck:
    genuine: bool            # signature valid and every signed figure still printed
    fingerprint: str | None
    message: str             # in plain words, for `dealerdrill verify`


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _printed(cell: str, pages_text: str) -> bool:
    """Whether a signed figure is printed in the pages' text (spaces aside). Right-to-left text is drawn in
    its visual order, line by line as it wraps, and a PDF reader puts it back in logical order by guesses of
    its own (a neutral character such as U+FFFD can land at the other end of a line): such a figure is
    looked for word by word, each word in its logical or its drawn order."""
    from .pdf_text import right_to_left, visual

    if _squeezed(cell) in pages_text:
        return True
    return right_to_left(cell) and all(_squeezed(word) in pages_text or _squeezed(visual(word)) in pages_text
                                       for word in cell.split())


def check_scorecard(path: str | Path, known_keys: dict[str, tuple[bytes, str, str]] | None = None) -> SealCheck:
    """Whether the PDF at `path` is a sealed scorecard whose figures are as signed. `known_keys` (the
    records' manager_keys) names the key's manager when this workstation knows it."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    path = Path(path)
    try:
        if not path.is_file():
            return SealCheck(False, None, f"{path} is not a file.")
        if path.stat().st_size > MAX_PDF_BYTES:
            return SealCheck(False, None, f"{path} is far larger than any scorecard Dealer Drill prints.")
        reader = PdfReader(str(path))
        metadata = reader.metadata
        keywords = str((metadata.get("/Keywords", "") if metadata is not None else "") or "")
        pages_text = _squeezed(" ".join(page.extract_text() or "" for page in reader.pages))
    except (OSError, PyPdfError, ValueError, KeyError, TypeError) as error:
        return SealCheck(False, None, f"{path} cannot be read as a PDF ({type(error).__name__}).")
    if not keywords.startswith(SEAL_MARK):
        return SealCheck(False, None, f"{path} carries no Dealer Drill seal: it is not a signed scorecard, or its "
                                      f"seal was removed.")
    try:
        document = json.loads(base64.b64decode(keywords[len(SEAL_MARK):], validate=True))
        figures = document["figures"]
        public = bytes.fromhex(document["public_key"])
        signature = bytes.fromhex(document["signature"])
        if not isinstance(figures, list) or not all(isinstance(row, list) for row in figures):
            raise ValueError
    except (ValueError, KeyError, TypeError):
        return SealCheck(False, None, f"{path} has a damaged seal: it was altered.")
    fingerprint = chain.fingerprint_of(public)
    payload = chain.event_content({"figures": figures}).encode("utf-8")
    if not chain.signature_is_valid(public, signature, payload):
        return SealCheck(False, fingerprint, f"{path}: the seal's signature does not match its figures: the "
                                             f"scorecard was altered.")
    missing = [row for row in figures if not all(_printed(str(cell), pages_text) for cell in row)]
    if missing:
        shown = " | ".join(str(cell) for cell in missing[0])
        return SealCheck(False, fingerprint, f"{path}: {len(missing)} signed figure(s) are not printed as signed "
                                             f"(the first: {shown}): the pages were altered.")
    who = ""
    if known_keys and fingerprint in known_keys:
        _, manager, origin = known_keys[fingerprint]
        who = f" This workstation knows the key: {manager}'s ({origin})."
    elif known_keys is not None:
        who = " This workstation does not know the key: compare the fingerprint with your manager's."
    return SealCheck(True, fingerprint, f"{path}: genuine and unaltered; signed with the key {fingerprint} "
                                        f"(code {short_code(signature)}).{who}")
