"""The PDF signature on a scorecard (issue 30): a standard one, so that any PDF reader can check it. Qt-free.

A scorecard a manager exports is signed with pyHanko: a PAdES baseline B-B signature (ISO 32000 signature
dictionary, CMS, ETSI.CAdES.detached, SHA-256 with ECDSA P-256), invisible, in an incremental update that covers the
whole file. Before signing, the figures the pages print (each table row as printed, and the headings that say whose
and which period) are attached to the PDF as scorecard-figures.json, so that they are signed with the pages. Every
page prints who signed and the certificate's SHA-256 fingerprint; the certificate (signing_certificate.py) names the
manager and the workstation or room and carries the manager key the records know.

`dealerdrill verify FILE.pdf` (check_scorecard) has pyHanko check the signature: intact, and covering the entire
file, so that nothing (an overlay, a page swapped, a form filled) was added after it. It then checks that every
signed figure is printed on the pages, and that the certificate's manager key is one the records accept, as it
accepts a sign-off: anyone can issue a certificate naming anyone, so only that makes a scorecard accepted.

Scorecards sealed before issue 30 carried a seal of Dealer Drill's own format in their Keywords, which no PDF reader
could check; they are named as such, not checked (export them again).
"""
from __future__ import annotations

import io
import json
import warnings
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from dealerdrill.records import chain

from . import signing_certificate

# The Keywords of a scorecard a manager exported that went out unsigned, followed by the reason.
UNSEALED_MARK = "dealerdrill-scorecard-unsealed:"
# The Keywords of the seals before issue 30: the first signed the figures only, the second the file's bytes too.
EARLIER_SEAL_MARKS = ("dealerdrill-scorecard-seal-1:", "dealerdrill-scorecard-seal-2:")
FIGURES_FILE = "scorecard-figures.json"
SIGNATURE_FIELD = "Manager"
MAX_PDF_BYTES = 512 * 1024 ** 2


@dataclass(frozen=True)
class SigningIdentity:
    """What signs a scorecard: the manager's PDF signing key and its certificate (with the certificate authority's
    when one issued it), the manager and the workstation or room, and the manager key's fingerprint."""
    manager: str
    place: str
    manager_fingerprint: str
    private_key: ec.EllipticCurvePrivateKey
    certificate: x509.Certificate
    chain: tuple[x509.Certificate, ...] = ()

    @property
    def certificate_fingerprint(self) -> str:
        return signing_certificate.fingerprint(self.certificate)

    @property
    def authority(self) -> str | None:
        """The issuing certificate authority in words; None for a self-issued certificate."""
        for issuer in self.chain:
            if signing_certificate.issued_by(self.certificate, issuer):
                return signing_certificate.authority_of(issuer)
        return None


def printed_lines(identity: SigningIdentity, with_place: bool = False) -> tuple[str, str]:
    """The two lines every page of a signed scorecard prints at its foot: who signed (and where, `with_place`: a
    scorecard names no machine unless the manager asks, scorecard.with_identifiers) and how to check the
    certificate; then its SHA-256 fingerprint, as PDF readers show it."""
    authority = identity.authority
    how = (f"certificate issued by {authority}" if authority
           else "certificate self-issued: compare its fingerprint with the one the casino gives")
    where = f" ({identity.place})" if with_place else ""
    return (f"Signed with a PDF signature by {identity.manager}{where}; {how}. SHA-256:",
            identity.certificate_fingerprint)


def _pyhanko():
    """pyHanko's modules, imported on first use (a second or so) and without the warning its import of DSA gives."""
    from cryptography.utils import CryptographyDeprecationWarning

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning)
        from pyhanko.pdf_utils import embed
        from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
        from pyhanko.pdf_utils.reader import PdfFileReader
        from pyhanko.sign import signers, validation
    return embed, IncrementalPdfFileWriter, PdfFileReader, signers, validation


def _asn1_certificate(certificate: x509.Certificate):
    from asn1crypto import x509 as asn1_x509

    return asn1_x509.Certificate.load(certificate.public_bytes(serialization.Encoding.DER))


def signed_pdf(pdf: bytes, figures: list[list[str]], identity: SigningIdentity) -> bytes:
    """`pdf` (a whole scorecard as reportlab wrote it) with its figures attached and a PAdES B-B signature by
    `identity` over the whole, as one incremental update."""
    embed, IncrementalPdfFileWriter, _, signers, _ = _pyhanko()
    from asn1crypto import keys as asn1_keys
    from pyhanko.sign.fields import SigSeedSubFilter
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    document = json.dumps({"figures": figures}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    attached = embed.EmbeddedFileObject.from_file_data(
        writer, document, mime_type="application/json",
        params=embed.EmbeddedFileParams(embed_size=True, embed_checksum=False))   # the signature covers it
    embed.embed_file(writer, embed.FileSpec(
        file_spec_string=FIGURES_FILE, file_name=FIGURES_FILE, embedded_data=attached,
        description="The figures printed on these pages, signed with them"))
    key = asn1_keys.PrivateKeyInfo.load(identity.private_key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    signer = signers.SimpleSigner(signing_cert=_asn1_certificate(identity.certificate), signing_key=key,
                                  cert_registry=SimpleCertificateStore.from_certs(
                                      [_asn1_certificate(c) for c in identity.chain]))
    metadata = signers.PdfSignatureMetadata(
        field_name=SIGNATURE_FIELD, md_algorithm="sha256", subfilter=SigSeedSubFilter.PADES,
        name=identity.manager, location=identity.place,
        reason=f"Training scorecard signed by the training manager (manager key {identity.manager_fingerprint})")
    output = signers.sign_pdf(writer, metadata, signer=signer)
    signed: bytes = output.getvalue()
    return signed


@dataclass(frozen=True)
class ScorecardCheck:
    genuine: bool            # signature intact over the whole file, its certificate naming a manager key, every
                             # signed figure printed
    fingerprint: str | None  # the manager key's
    message: str             # in plain words, for `dealerdrill verify`
    accepted: bool = False   # genuine, and signed with a manager key the records checked against accept


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


def _unsigned(path: Path, data: bytes) -> ScorecardCheck:
    """What a PDF without a signature is: a scorecard exported unsigned (and why), one of the seals before issue
    30, or no scorecard Dealer Drill signed."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        metadata = PdfReader(io.BytesIO(data)).metadata
        keywords = str((metadata.get("/Keywords", "") if metadata is not None else "") or "")
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError):
        keywords = ""
    if keywords.startswith(EARLIER_SEAL_MARKS):
        return ScorecardCheck(False, None, f"{path} carries a seal of the earlier kind (Dealer Drill's own format, "
                                           f"from before scorecards had standard PDF signatures), which this "
                                           f"version does not check and no PDF reader can: export the scorecard "
                                           f"again to have one any PDF reader can check.")
    if keywords.startswith(UNSEALED_MARK):
        return ScorecardCheck(False, None, f"{path} carries no PDF signature: it was exported unsealed, as the "
                                           f"records it prints failed their check ({keywords[len(UNSEALED_MARK):]}).")
    return ScorecardCheck(False, None, f"{path} carries no PDF signature: it is not a signed scorecard, or its "
                                       f"signature was removed (carries no Dealer Drill seal).")


def _attached_figures(reader) -> list | None:
    """The figures attached as FIGURES_FILE, or None when there are none (or they cannot be read)."""
    try:
        names = reader.root["/Names"]["/EmbeddedFiles"]["/Names"]
        for index in range(0, len(names) - 1, 2):
            if str(names[index]) == FIGURES_FILE:
                figures = json.loads(names[index + 1]["/EF"]["/F"].data)["figures"]
                if isinstance(figures, list) and all(isinstance(row, list) for row in figures):
                    return figures
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None


def check_scorecard(path: str | Path, known_keys: dict[str, tuple[bytes, str, str]] | None = None) -> ScorecardCheck:
    """Whether the PDF at `path` is a signed scorecard, untouched since it was signed and printing the figures
    signed (`genuine`), and whether its signing certificate names one of `known_keys` (the records' manager keys
    this workstation accepts as a manager's: `accepted`, the key's manager named). A genuine signature by a key not
    among them is said to be not accepted."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    path = Path(path)
    try:
        if not path.is_file():
            return ScorecardCheck(False, None, f"{path} is not a file.")
        if path.stat().st_size > MAX_PDF_BYTES:
            return ScorecardCheck(False, None, f"{path} is far larger than any scorecard Dealer Drill prints.")
        data = path.read_bytes()
    except OSError as error:
        return ScorecardCheck(False, None, f"{path} cannot be read ({error.strerror or error}).")
    _, _, PdfFileReader, _, validation = _pyhanko()
    from pyhanko.pdf_utils.misc import PdfError
    from pyhanko_certvalidator import ValidationContext

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = reader.embedded_regular_signatures
    except (PdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as error:
        return ScorecardCheck(False, None, f"{path} cannot be read as a PDF, or its signature cannot be read "
                                           f"({type(error).__name__}): it is no scorecard Dealer Drill signed, or it "
                                           f"was altered.")
    if not signatures:
        return _unsigned(path, data)
    if len(signatures) > 1:
        return ScorecardCheck(False, None, f"{path} carries {len(signatures)} PDF signatures, where a scorecard "
                                           f"Dealer Drill signs carries one: it was signed again after the manager.")
    [signature] = signatures
    try:
        certificate = x509.load_der_x509_certificate(signature.signer_cert.dump())
        # Trust is decided below, by the manager key the certificate carries (the certificate is its own root here);
        # and no difference analysis: anything after the signature is refused, whatever pyHanko would make of it.
        status = validation.validate_pdf_signature(signature, ValidationContext(
            trust_roots=[signature.signer_cert], allow_fetching=False), skip_diff=True)
    except (PdfError, ValueError, KeyError, TypeError, AttributeError, IndexError) as error:   # pyHanko's
        # errors of a signature it cannot read are ValueErrors
        return ScorecardCheck(False, None, f"{path}: its PDF signature cannot be checked ({type(error).__name__}): "
                                           f"the scorecard was altered, or was not signed by Dealer Drill.")
    manager_public = signing_certificate.bound_manager_key(certificate)
    fingerprint = chain.fingerprint_of(manager_public) if manager_public is not None else None
    if not (status.intact and status.valid):
        return ScorecardCheck(False, fingerprint, f"{path}: its PDF signature does not match the file: the "
                                                  f"scorecard was altered (a page or a figure changed).")
    if status.coverage != validation.SignatureCoverageLevel.ENTIRE_FILE:
        return ScorecardCheck(False, fingerprint, f"{path}: something was added to the file after its PDF signature "
                                                  f"(an incremental update: drawn over, pages added, swapped or "
                                                  f"changed): the scorecard was altered.")
    if manager_public is None:
        return ScorecardCheck(False, None, f"{path}: its PDF signature is intact, but its certificate "
                                           f"({certificate.subject.rfc4514_string()}) names no Dealer Drill manager "
                                           f"key: it was not signed by a manager's Dealer Drill.")
    figures = _attached_figures(reader)
    if figures is None:
        return ScorecardCheck(False, fingerprint, f"{path}: its PDF signature is intact, but the signed figures "
                                                  f"({FIGURES_FILE}) are missing: it is no scorecard Dealer Drill "
                                                  f"signed.")
    try:
        pages_text = _squeezed(" ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages))
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as error:
        return ScorecardCheck(False, fingerprint, f"{path}: its pages cannot be read ({type(error).__name__}).")
    missing = [row for row in figures if not all(_printed(str(cell), pages_text) for cell in row)]
    if missing:
        shown = " | ".join(str(cell) for cell in missing[0])
        return ScorecardCheck(False, fingerprint, f"{path}: {len(missing)} signed figure(s) are not printed as "
                                                  f"signed (the first: {shown}): the pages were altered.")
    signed = (f"signed by the manager key {fingerprint}; certificate {certificate.subject.rfc4514_string()}, "
              f"{signing_certificate.issuer_in_words(certificate)}, SHA-256 "
              f"{signing_certificate.fingerprint(certificate)}")
    if known_keys and fingerprint in known_keys:
        _, manager, origin = known_keys[fingerprint]
        return ScorecardCheck(True, fingerprint, f"{path}: genuine and unaltered; {signed}. This workstation knows "
                                                 f"the key: {manager}'s ({origin}).", accepted=True)
    # Anyone can make a key and a certificate naming anyone: an intact signature says who signed only when the key
    # is one a manager here accepted.
    why = ("this workstation does not accept that key as a manager's" if known_keys is not None else
           "there are no records here to say which keys are a manager's")
    return ScorecardCheck(True, fingerprint, f"{path}: NOT ACCEPTED: the PDF signature is intact ({signed}), but "
                                             f"{why}. Anyone can make a key and sign a scorecard with it, so this "
                                             f"does not show that your manager signed it. If the key is your "
                                             f"manager's (compare every group of the fingerprint with them), trust "
                                             f"it with `dealerdrill trust KEYFILE` and check again.")
