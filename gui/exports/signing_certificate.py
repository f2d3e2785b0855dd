"""The certificates of the scorecards' PDF signatures (issue 30): who signed, in the form every PDF reader reads.

A scorecard is signed with the manager's PDF signing key, an ECDSA P-256 key (dealerdrill.desk.manager_key derives
it from the manager's Ed25519 key: the PDF readers in use, poppler's pdfsig on Debian 12 among them, do not check
Ed25519 signatures). Its certificate names the manager (common name) and the workstation or training room (unit),
and is either
- self-issued, on a desk of its own: the third party compares its SHA-256 fingerprint, printed on every page, with
  the one the casino gives; or
- issued by the casino's certificate authority, which `dealerdrill room setup` makes (its private key stays with
  the room's owner, encrypted): the third party trusts that one certificate (`dealerdrill room ca`) and every
  manager's signature reads as trusted.

Either way the certificate carries the manager key binding: the manager's Ed25519 public key and its signature over
the certificate's public key. `dealerdrill verify` reads it to say whose key signed, and accepts the scorecard only
when that manager key is one the records accept, exactly as it accepts a sign-off; a certificate alone (anyone can
issue one, naming anyone) never does.

Certificates are made with `cryptography`; each is deterministic (serial number from the key and the names, RFC 6979
ECDSA), so the same key and names give the same certificate, and the same fingerprint, at every unlock.
"""
from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from asn1crypto import core
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from dealerdrill.records import chain

# Our own extension: an OID under the UUID arc (ITU-T X.667: 2.25 followed by a UUID as one integer), which anyone
# may mint without registering. Non-critical: a reader that does not know it ignores it.
MANAGER_KEY_BINDING = x509.ObjectIdentifier("2.25.270728832027162827812491292031224451691")
# ISO 32000's and RFC 9336's purpose for a key that signs documents.
DOCUMENT_SIGNING = x509.ObjectIdentifier("1.3.6.1.5.5.7.3.36")
ORGANISATION = "Dealer Drill"
AUTHORITY_NAME = "Dealer Drill certificate authority"
# Fixed, so that a certificate made again is the same certificate: from before any scorecard was signed this way
# to far beyond any scorecard's use.
VALID_FROM = datetime(2020, 1, 1, tzinfo=UTC)
VALID_UNTIL = datetime(2100, 1, 1, tzinfo=UTC)


def _public_key_info(public_key: ec.EllipticCurvePublicKey) -> bytes:
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def binding_statement(public_key: ec.EllipticCurvePublicKey) -> bytes:
    """What the manager's Ed25519 key signs to vouch for a PDF signing key: a statement no ledger entry, records
    file or grading seal can be read as (its own field names)."""
    return chain.event_content({"statement": "dealerdrill scorecard signing key",
                                "subject_public_key_info": _public_key_info(public_key).hex()}).encode("utf-8")


class _Binding(core.Sequence):
    """The binding's DER: SEQUENCE { managerKey OCTET STRING (Ed25519, 32 bytes), signature OCTET STRING }."""
    _fields = [("manager_key", core.OctetString), ("signature", core.OctetString)]


def _binding_value(manager_public: bytes, signature: bytes) -> bytes:
    value: bytes = _Binding({"manager_key": manager_public, "signature": signature}).dump()
    return value


def bound_manager_key(certificate: x509.Certificate) -> bytes | None:
    """The manager's Ed25519 public key the certificate's binding names, if its signature over the certificate's
    public key holds; None for a certificate without a binding, or with one that does not hold."""
    try:
        extension = certificate.extensions.get_extension_for_oid(MANAGER_KEY_BINDING).value
        public_key = certificate.public_key()
    except (x509.ExtensionNotFound, ValueError, TypeError):
        return None
    if not isinstance(extension, x509.UnrecognizedExtension) or not isinstance(public_key, ec.EllipticCurvePublicKey):
        return None
    try:
        parsed = _Binding.load(extension.value, strict=True)
        manager_public, signature = parsed["manager_key"].native, parsed["signature"].native
    except (ValueError, TypeError, KeyError, IndexError, OverflowError):
        return None
    if not isinstance(manager_public, bytes) or not isinstance(signature, bytes):
        return None
    if not chain.signature_is_valid(manager_public, signature, binding_statement(public_key)):
        return None
    return manager_public


def subject_name(manager: str, place: str, organisation: str = ORGANISATION) -> x509.Name:
    """The certificate's subject: the manager, the workstation or room (unit), the casino or Dealer Drill."""
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, _attribute(manager)),
                      x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, _attribute(place)),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, _attribute(organisation))])


def _attribute(text: str) -> str:
    """A name attribute: X.520 allows at most 64 characters, and none may be empty."""
    text = " ".join(str(text).split())
    return (text or "(none)")[:64]


def _serial(*parts: bytes) -> int:
    digest = hashlib.sha256(b"\x00".join(parts)).digest()
    return int.from_bytes(digest[:19], "big") | 1      # positive, below 2**152, never 0 (RFC 5280: at most 20 octets)


def signing_certificate(public_key: ec.EllipticCurvePublicKey, subject: x509.Name, binding: tuple[bytes, bytes],
                        issuer: x509.Name, issuer_key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    """The certificate of a PDF signing key: issued by `issuer` (the key's own private key and `subject` for a
    self-issued one), carrying the manager key binding (`binding`: the Ed25519 public key and its signature of
    binding_statement(public_key)).

    Besides what any document-signing certificate holds, it carries an e-mail-protection purpose, a subject
    alternative name and a CRL distribution point (the issuer, with no place to fetch from): poppler before 23
    (Debian 12's pdfsig) reads NSS's last error even when the certificate checks out, and NSS, checking an e-mail
    signer, looks for these extensions and leaves "extension not found" behind when one is missing, which pdfsig
    then reports as "Unknown issue with Certificate" instead of "Certificate is Trusted"."""
    issuer_public = issuer_key.public_key()
    builder = (x509.CertificateBuilder()
               .subject_name(subject).issuer_name(issuer).public_key(public_key)
               .serial_number(_serial(_public_key_info(public_key), subject.public_bytes(), issuer.public_bytes()))
               .not_valid_before(VALID_FROM).not_valid_after(VALID_UNTIL)
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                            data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                            crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
               .add_extension(x509.ExtendedKeyUsage([DOCUMENT_SIGNING, ExtendedKeyUsageOID.EMAIL_PROTECTION]),
                              critical=False)
               .add_extension(x509.SubjectAlternativeName([x509.DirectoryName(subject)]), critical=False)
               .add_extension(x509.CRLDistributionPoints([x509.DistributionPoint(None, None, None,
                                                                                 [x509.DirectoryName(issuer)])]),
                              critical=False)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_public), critical=False)
               .add_extension(x509.UnrecognizedExtension(MANAGER_KEY_BINDING, _binding_value(*binding)),
                              critical=False))
    return builder.sign(issuer_key, hashes.SHA256(), ecdsa_deterministic=True)


def authority_certificate(casino: str, private_key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    """The casino's certificate authority, which issues its managers' signing certificates (and nothing else: a
    path length of 0)."""
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, AUTHORITY_NAME),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, _attribute(casino))])
    public_key = private_key.public_key()
    builder = (x509.CertificateBuilder()
               .subject_name(name).issuer_name(name).public_key(public_key)
               .serial_number(_serial(_public_key_info(public_key), name.public_bytes()))
               .not_valid_before(VALID_FROM).not_valid_after(VALID_UNTIL)
               .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                            data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                            crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False))
    return builder.sign(private_key, hashes.SHA256(), ecdsa_deterministic=True)


def issued_by(certificate: x509.Certificate, issuer: x509.Certificate) -> bool:
    """Whether `issuer` (a certificate authority) signed `certificate`."""
    from cryptography.exceptions import InvalidSignature

    try:
        certificate.verify_directly_issued_by(issuer)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def self_issued(certificate: x509.Certificate) -> bool:
    return certificate.issuer == certificate.subject and issued_by(certificate, certificate)


def issuer_in_words(certificate: x509.Certificate) -> str:
    """"self-issued", or "issued by the certificate authority of CASINO" (as the certificate names its issuer)."""
    if self_issued(certificate):
        return "self-issued"
    issuer = organisation(certificate.issuer) or common_name(certificate.issuer)
    return f"issued by the certificate authority of {issuer}"


def fingerprint(certificate: x509.Certificate) -> str:
    """The certificate's SHA-256 fingerprint as PDF readers and `openssl x509 -fingerprint -sha256` show it."""
    return ":".join(f"{byte:02X}" for byte in certificate.fingerprint(hashes.SHA256()))


def authority_of(certificate: x509.Certificate) -> str:
    """An authority's certificate in words: "the certificate authority of CASINO"."""
    return f"the certificate authority of {organisation(certificate.subject) or common_name(certificate.subject)}"


def organisation(name: x509.Name) -> str | None:
    names = name.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)
    return str(names[0].value) if names else None


def common_name(name: x509.Name) -> str:
    names = name.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else name.rfc4514_string()


def pem(certificate: x509.Certificate) -> str:
    return certificate.public_bytes(serialization.Encoding.PEM).decode("ascii")
