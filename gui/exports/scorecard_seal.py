"""The seal on a scorecard PDF: its figures, signed with the manager's key, so a third party can check it.

The scorecard's printed figures (each table row, as printed, and the headings that say whose and which
period) are collected while the PDF is laid out. The manager's key signs them, and every page prints the
key's fingerprint and a short code of that signature. The figures alone do not say what the pages show: a
PDF whose pages still hold every figure, under a white box or in invisible text, can show anything else on
top. So the key also signs the bytes of the whole PDF as written (its length and SHA-256, as a PDF
signature's byte range does), and the seal is added after them as a PDF incremental update that holds
nothing but a new document-information entry whose Keywords carry the seal. `dealerdrill verify FILE.pdf`
(check_scorecard) checks both signatures, that the file is those signed bytes followed by exactly that
update, and that every signed figure is printed, and it accepts the scorecard only when the key is one this
workstation's records accept as a manager's (anyone can make a key and seal with it); the fingerprint says
whose key it is, to compare with the one the casino knows for its manager.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealerdrill.records import chain

SEAL_MARK = "dealerdrill-scorecard-seal-2:"
# The first seals signed the figures only; such a file's pages can be drawn over without breaking its seal.
FIGURES_ONLY_SEAL_MARK = "dealerdrill-scorecard-seal-1:"
MAX_PDF_BYTES = 512 * 1024 ** 2
# The Keywords of a scorecard a manager exported that went out unsealed, followed by the reason.
UNSEALED_MARK = "dealerdrill-scorecard-unsealed:"
# The document-information entries an unsealed scorecard carries that its seal's update keeps.
_KEPT_INFORMATION = ("/Title", "/Author", "/Subject")


def figures_signature(figures: list[list[str]], signer) -> tuple[bytes, str]:
    """(the signature of the figures, the short code of it printed on each page)."""
    signature = signer.sign(chain.event_content({"figures": figures}).encode("utf-8"))
    return signature, short_code(signature)


def _bytes_statement(pdf: bytes, signature: bytes) -> bytes:
    return chain.event_content({"figures_signature": signature.hex(), "pdf_bytes": len(pdf),
                                "pdf_sha256": hashlib.sha256(pdf).hexdigest()}).encode("utf-8")


def sealed_pdf(pdf: bytes, figures: list[list[str]], signature: bytes, signer) -> bytes:
    """`pdf` (the whole scorecard as written, its pages printing the code of `signature`) with its seal
    appended."""
    document = {"figures": figures, "signature": signature.hex(), "public_key": signer.public.raw.hex(),
                "fingerprint": signer.fingerprint, "pdf_bytes": len(pdf),
                "pdf_signature": signer.sign(_bytes_statement(pdf, signature)).hex()}
    blob = base64.b64encode(json.dumps(document, ensure_ascii=False).encode("utf-8")).decode("ascii")
    return pdf + _seal_update(pdf, SEAL_MARK + blob)


def _text_string(text: str) -> str:
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _seal_update(pdf: bytes, keywords: str) -> bytes:
    """The incremental update that gives `pdf` a document-information entry whose Keywords are `keywords`
    (ASCII: the seal's mark and base64), keeping its title, author and subject. The same `pdf` and
    `keywords` always give the same bytes, so a check can rebuild it and compare."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    trailer: Any = reader.trailer            # pypdf's objects, read as the PDF reference says
    previous = re.findall(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf[-1024:])
    if not previous or "/Root" not in trailer or "/Size" not in trailer:
        raise ValueError("the PDF to seal has no classic trailer")
    old_information = trailer.get("/Info")
    old_information = old_information.get_object() if old_information is not None else {}
    entries = [f"{name} {_text_string(str(old_information[name]))}" for name in _KEPT_INFORMATION
               if name in old_information]
    number = int(trailer["/Size"])
    body = f"{number} 0 obj\n<< {' '.join(entries + [f'/Keywords ({keywords})'])} >>\nendobj\n"
    offset = len(pdf)
    xref_at = offset + len(body.encode("ascii"))
    identifier = ""
    if "/ID" in trailer:
        identifier = " /ID [" + "".join(f"<{bytes(part.original_bytes).hex()}>" for part in trailer["/ID"]) + "]"
    root = trailer.raw_get("/Root")
    update = (f"{body}xref\n{number} 1\n{offset:010d} 00000 n \ntrailer\n<< /Size {number + 1} "
              f"/Root {root.idnum} {root.generation} R /Info {number} 0 R /Prev {int(previous[-1])}{identifier} "
              f">>\nstartxref\n{xref_at}\n%%EOF\n")
    return update.encode("ascii")


def short_code(signature: bytes) -> str:
    digest = hashlib.sha256(signature).hexdigest()[:12].upper()
    return "-".join(digest[i:i + 4] for i in range(0, 12, 4))


@dataclass(frozen=True)
class SealCheck:
    genuine: bool            # signature valid and every signed figure still printed
    fingerprint: str | None
    message: str             # in plain words, for `dealerdrill verify`
    accepted: bool = False   # genuine, and sealed with a key the records checked against accept as a manager's


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
    """Whether the PDF at `path` is a sealed scorecard whose figures are as signed (`genuine`), and whether it was
    sealed with one of `known_keys` (the records' manager_keys that this workstation accepts as a manager's:
    `accepted`, the key's manager named). A genuine seal of a key not among them is said to be not accepted."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    path = Path(path)
    try:
        if not path.is_file():
            return SealCheck(False, None, f"{path} is not a file.")
        if path.stat().st_size > MAX_PDF_BYTES:
            return SealCheck(False, None, f"{path} is far larger than any scorecard Dealer Drill prints.")
        data = path.read_bytes()
        metadata = PdfReader(io.BytesIO(data)).metadata
        keywords = str((metadata.get("/Keywords", "") if metadata is not None else "") or "")
    except (OSError, PyPdfError, ValueError, KeyError, TypeError) as error:
        return SealCheck(False, None, f"{path} cannot be read as a PDF ({type(error).__name__}).")
    if keywords.startswith(FIGURES_ONLY_SEAL_MARK):
        return SealCheck(False, None, f"{path} carries a seal of the first kind, which signs the figures but not "
                                      f"the pages, so it cannot tell whether they were drawn over: export the "
                                      f"scorecard again to have one that can be checked.")
    if keywords.startswith(UNSEALED_MARK):
        return SealCheck(False, None, f"{path} carries no Dealer Drill seal: it was exported unsealed, as the "
                                      f"records it prints failed their check ({keywords[len(UNSEALED_MARK):]}).")
    if not keywords.startswith(SEAL_MARK):
        return SealCheck(False, None, f"{path} carries no Dealer Drill seal: it is not a signed scorecard, or its "
                                      f"seal was removed.")
    try:
        document = json.loads(base64.b64decode(keywords[len(SEAL_MARK):], validate=True))
        figures = document["figures"]
        public = bytes.fromhex(document["public_key"])
        signature = bytes.fromhex(document["signature"])
        pdf_signature = bytes.fromhex(document["pdf_signature"])
        signed_bytes = document["pdf_bytes"]
        if not isinstance(figures, list) or not all(isinstance(row, list) for row in figures) \
                or type(signed_bytes) is not int:
            raise ValueError
    except (ValueError, KeyError, TypeError):
        return SealCheck(False, None, f"{path} has a damaged seal: it was altered.")
    fingerprint = chain.fingerprint_of(public)
    payload = chain.event_content({"figures": figures}).encode("utf-8")
    if not chain.signature_is_valid(public, signature, payload):
        return SealCheck(False, fingerprint, f"{path}: the seal's signature does not match its figures: the "
                                             f"scorecard was altered.")
    signed = data[:signed_bytes]
    if not 0 < signed_bytes < len(data) \
            or not chain.signature_is_valid(public, pdf_signature, _bytes_statement(signed, signature)):
        return SealCheck(False, fingerprint, f"{path}: the seal's signature does not match the file's pages: the "
                                             f"scorecard was altered (drawn over, pages added or changed).")
    try:
        rebuilt = _seal_update(signed, keywords)
        pages_text = _squeezed(" ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(signed)).pages))
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as error:
        return SealCheck(False, fingerprint, f"{path}: the signed part cannot be read as a PDF "
                                             f"({type(error).__name__}).")
    if data[signed_bytes:] != rebuilt:
        return SealCheck(False, fingerprint, f"{path}: something was added to the file after its seal (a change to "
                                             f"its pages, say): the scorecard was altered.")
    missing = [row for row in figures if not all(_printed(str(cell), pages_text) for cell in row)]
    if missing:
        shown = " | ".join(str(cell) for cell in missing[0])
        return SealCheck(False, fingerprint, f"{path}: {len(missing)} signed figure(s) are not printed as signed "
                                             f"(the first: {shown}): the pages were altered.")
    sealed = f"signed with the key {fingerprint} (code {short_code(signature)})"
    if known_keys and fingerprint in known_keys:
        _, manager, origin = known_keys[fingerprint]
        return SealCheck(True, fingerprint, f"{path}: genuine and unaltered; {sealed}. This workstation knows the "
                                            f"key: {manager}'s ({origin}).", accepted=True)
    # Anyone can make a key and seal a scorecard with it: an intact seal says who signed only when the key is one
    # a manager here accepted.
    why = ("this workstation does not accept that key as a manager's" if known_keys is not None else
           "there are no records here to say which keys are a manager's")
    return SealCheck(True, fingerprint, f"{path}: NOT ACCEPTED: the seal is intact ({sealed}), but {why}. Anyone can "
                                        f"make a key and seal a scorecard with it, so this does not show that your "
                                        f"manager signed it. If the key is your manager's (compare every group of the "
                                        f"fingerprint with them), trust it with `dealerdrill trust KEYFILE` and check "
                                        f"again.")
