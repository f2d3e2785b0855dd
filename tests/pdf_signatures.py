"""What a third party's tools say of a scorecard's PDF signature: poppler's pdfsig (Debian 12's, the NSS it uses
given the certificates a reader chose to trust) and pyHanko's own validator; and the ways a signed scorecard gets
changed after the manager signed it."""
from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from external_tools import tool

# NSS's trust flags (SSL, e-mail/documents, code): a certificate authority trusted to issue signers' certificates,
# and a single signer's own (self-issued) certificate trusted as it is.
TRUSTED_AUTHORITY, TRUSTED_SIGNER = ",C,", ",P,"


def pdfsig(path: Path, trusted: tuple[tuple[Path, str], ...] = (), folder: Path | None = None) -> str:
    """pdfsig's report of the PDF at `path`, run as a third party would: without network (-no-ocsp), trusting
    nothing but `trusted` ((certificate PEM file, NSS trust flags) in a database of their own)."""
    command = [tool("pdfsig", "poppler-utils")]
    folder = Path(folder or Path(path).parent / "nss-database")
    if folder.exists():
        for old in folder.iterdir():
            old.unlink()
    else:
        folder.mkdir(parents=True)
    certutil = tool("certutil", "libnss3-tools")
    subprocess.run([certutil, "-N", "-d", f"sql:{folder}", "--empty-password"], check=True, capture_output=True,
                   timeout=60)
    for number, (certificate, flags) in enumerate(trusted):
        subprocess.run([certutil, "-A", "-d", f"sql:{folder}", "-n", f"trusted {number}", "-t", flags, "-i",
                        str(certificate)], check=True, capture_output=True, timeout=60)
    done = subprocess.run(command + ["-nssdir", f"sql:{folder}", "-no-ocsp", str(path)], capture_output=True,
                          text=True, timeout=120)
    return done.stdout + done.stderr


def reported(report: str, line: str) -> bool:
    """Whether pdfsig's report has `line` as one of its lines ("Total document signed" is not "Not total ...")."""
    return any(text.strip(" -") == line for text in report.splitlines())


def pyhanko_status(path: Path, trust_roots: list[Path]):
    """pyHanko's validation of the PDF's one signature, trusting the certificates in `trust_roots` (PEM files)."""
    import warnings

    from asn1crypto import pem, x509
    from cryptography.utils import CryptographyDeprecationWarning

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning)
        from pyhanko.pdf_utils.reader import PdfFileReader
        from pyhanko.sign.validation import validate_pdf_signature
        from pyhanko_certvalidator import ValidationContext

    roots = [x509.Certificate.load(pem.unarmor(Path(root).read_bytes())[2]) for root in trust_roots]
    with open(path, "rb") as handle:
        [signature] = PdfFileReader(handle).embedded_signatures
        return validate_pdf_signature(signature, ValidationContext(trust_roots=roots, allow_fetching=False))


def signer_certificate(path: Path):
    """The signing certificate the PDF's signature carries (a cryptography x509.Certificate)."""
    import warnings

    from cryptography import x509
    from cryptography.utils import CryptographyDeprecationWarning

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning)
        from pyhanko.pdf_utils.reader import PdfFileReader

    with open(path, "rb") as handle:
        [signature] = PdfFileReader(handle).embedded_signatures
        return x509.load_der_x509_certificate(signature.signer_cert.dump())


def with_one_byte_changed_in_a_page(data: bytes) -> bytes:
    """The file with one digit of the first page's size changed, in place: the signed bytes are no longer those
    signed."""
    found = re.search(rb"/MediaBox \[ ?0 0 (\d)", data)
    assert found, "no page size found"
    at = found.start(1)
    return data[:at] + (b"6" if data[at:at + 1] != b"6" else b"7") + data[at + 1:]


def with_pages_swapped_in_place(data: bytes) -> bytes:
    """The file with its first two pages' places in the page tree swapped, byte for byte in place."""
    found = re.search(rb"/Kids \[ ?(\d+ 0 R) (\d+ 0 R)", data)
    assert found and len(found.group(1)) == len(found.group(2)), "no two pages to swap in place"
    first, second = found.span(1), found.span(2)
    return (data[:first[0]] + found.group(2) + data[first[1]:second[0]] + found.group(1) + data[second[1]:])


def with_pages_swapped_in_an_update(path: Path) -> bytes:
    """The file with its first two pages swapped in an incremental update appended after the signature."""
    from pypdf import PdfWriter

    writer = PdfWriter(str(path), incremental=True)
    kids = writer._root_object["/Pages"]["/Kids"]
    kids[0], kids[1] = kids[1], kids[0]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_an_overlay_in_an_update(path: Path, text: str) -> bytes:
    """The file with a white page laid over each page, printing `text`, in an incremental update appended after
    the signature (what a PDF editor's "save" does)."""
    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfgen import canvas

    writer = PdfWriter(str(path), incremental=True)
    for page in writer.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        buffer = io.BytesIO()
        drawing = canvas.Canvas(buffer, pagesize=size)
        drawing.setFillColorRGB(1, 1, 1)
        drawing.rect(0, 0, size[0], size[1], fill=1, stroke=0)
        drawing.setFillColorRGB(0, 0, 0)
        drawing.drawString(72, size[1] - 100, text)
        drawing.save()
        page.merge_page(PdfReader(io.BytesIO(buffer.getvalue())).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
