"""The manager's key: an Ed25519 key pair whose private half is kept encrypted under the PIN. Qt-free.

The key file (data_dir()/manager-pin.json, the same file the PIN always lived in) holds the public key in
clear and the private key encrypted with AES-256-GCM under a key derived from the PIN with scrypt; the
public key is the cipher's associated data, so the two cannot be paired up differently. Unlocking the role
is decrypting the private key: a wrong PIN fails the cipher's check, and nobody who lacks the PIN can make
a signature, even with write access to every file. The records keep each public key they accept
(manager_keys), so a key file written over the old one shows as a different key: a PIN reset.

Files from before issue 11 hold only a scrypt hash of the PIN (format 1); the first unlock with the right
PIN replaces such a file with a key file (the PIN stays the same). A key file written at a lower scrypt cost
than today's (before issue 28: n=2**15, p=1) is encrypted again at today's cost at its next unlock, with the
same key and the same PIN.

Scorecards carry a standard PDF signature (issue 30), and the PDF readers in use check RSA and ECDSA signatures,
not Ed25519 ones (Debian 12's pdfsig calls an Ed25519 signature "corrupted"). So the manager also holds a PDF signing
key, an ECDSA P-256 key derived from the Ed25519 key: HKDF-SHA256 over the Ed25519 private key (with a label of its
own) gives 384 bits, reduced to a scalar in [1, n-1] as FIPS 186-5 A.2.1 does with random bits (it asks for 64 more
than n's 256). Derived, not stored: every copy of a PIN file (a room's
manager unlocks at several desks with copies of one) gives the same key, files written before issue 30 work as they
are (nothing to add, nothing an older release would not read), and the key is exactly as secret as the manager key.
The records' ledger signatures stay Ed25519. A room's manager's PIN file may also hold the certificate the casino's
certificate authority issued for that key (`dealerdrill room setup --manager`, room_ca.py): public data, used only
when its key is the one the PIN derives.

All cryptography comes from the `cryptography` package and the standard library's scrypt.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography import x509
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)
from cryptography.x509.oid import NameOID

from dealerdrill.records.chain import fingerprint_of
from dealerdrill.settings import FileRefused, parse_bounded_json, read_bounded_text

from . import pin as pin_hash_file

if TYPE_CHECKING:     # the exports' modules are loaded when a scorecard is signed, not with every desk
    from dealerdrill.exports.scorecard_signature import SigningIdentity

KEY_FORMAT = "dealerdrill-manager-key"
KEY_VERSION = 2
MAX_KEY_FILE_BYTES = 64 * 1024
# scrypt at n=2**17, r=8, p=2: 128 MiB and about 0.7 s per try on one core here (benchmarks/bench_pin.py), so a
# copied file costs that much per guessed PIN: 6 digits take days, 8 digits years (docs/guarantees.md), while an
# unlock stays under a second. The cost before issue 28 (n=2**15, r=8, p=1: about 0.1 s) let a 4-digit PIN fall in
# minutes; files written at it are encrypted again at this cost at their next unlock.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 17, 8, 2
EARLIER_SCRYPT_N, EARLIER_SCRYPT_R, EARLIER_SCRYPT_P = 2 ** 15, 8, 1
# The label of the PDF signing key's derivation (HKDF's info): no other key is derived with it.
PDF_KEY_LABEL = b"dealerdrill manager key: ECDSA P-256 key for PDF signatures"
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
# A PIN file's certificates (the PDF signing key's, then its authority's): a few kilobytes at most.
MAX_CERTIFICATES = 4


class KeyFileError(RuntimeError):
    """The key file exists but cannot be used; deleting it resets the PIN (the reset is audited)."""


@dataclass(frozen=True)
class PublicKey:
    raw: bytes

    @property
    def fingerprint(self) -> str:
        return fingerprint_of(self.raw)


def pdf_signing_key(private: Ed25519PrivateKey) -> ec.EllipticCurvePrivateKey:
    """The manager's PDF signing key (ECDSA P-256), derived from the Ed25519 key (the module's docstring says how
    and why)."""
    seed = private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    material = HKDF(algorithm=hashes.SHA256(), length=48, salt=None, info=PDF_KEY_LABEL).derive(seed)
    return ec.derive_private_key(int.from_bytes(material, "big") % (P256_ORDER - 1) + 1, ec.SECP256R1())


class ManagerKey:
    """The unlocked private key: signs for the manager while the role is held (a chain.Signer), and signs
    scorecards as `manager` at `place` (signing_as) with the PDF signing key derived from it."""

    def __init__(self, private: Ed25519PrivateKey, issued: tuple[x509.Certificate, ...] = (),
                 signs_as: tuple[str, str] | None = None):
        self._private = private
        self.public = PublicKey(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))
        self.fingerprint = self.public.fingerprint
        self._pdf_key: ec.EllipticCurvePrivateKey | None = None
        # The PDF signing key's certificate and its authority's, when the casino's authority issued one.
        self.issued = issued
        self.signs_as = signs_as

    def sign(self, data: bytes) -> bytes:
        return self._private.sign(data)

    @property
    def pdf_key(self) -> ec.EllipticCurvePrivateKey:
        if self._pdf_key is None:
            self._pdf_key = pdf_signing_key(self._private)
        return self._pdf_key

    def binding(self) -> tuple[bytes, bytes]:
        """This key's public half and its signature vouching for the PDF signing key (a certificate carries both)."""
        from dealerdrill.exports import signing_certificate

        return self.public.raw, self.sign(signing_certificate.binding_statement(self.pdf_key.public_key()))

    def signing_as(self, manager: str, place: str) -> ManagerKey:
        """This key, signing scorecards as `manager` at `place` (the workstation or the training room)."""
        return ManagerKey(self._private, self.issued, (manager, place))

    def with_certificates(self, certificates: tuple[x509.Certificate, ...]) -> ManagerKey:
        """This key with the certificate an authority issued for its PDF signing key (and the authority's)."""
        return ManagerKey(self._private, certificates, self.signs_as)

    def scorecard_identity(self) -> SigningIdentity:
        """What signs a scorecard: the certificate the casino's authority issued for the PDF signing key (from the
        PIN file), else one self-issued naming the manager and the place."""
        from dealerdrill.exports import signing_certificate
        from dealerdrill.exports.scorecard_signature import SigningIdentity

        manager, place = self.signs_as or (f"manager key {self.fingerprint}", "a workstation")
        if self.issued and self.issued[0].public_key() == self.pdf_key.public_key():
            issued = self.issued[0]
            named = issued.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
            return SigningIdentity(str(named[0].value) if named else manager, _unit(issued) or place,
                                   self.fingerprint, self.pdf_key, issued, tuple(self.issued[1:]))
        subject = signing_certificate.subject_name(manager, place)
        certificate = signing_certificate.signing_certificate(self.pdf_key.public_key(), subject, self.binding(),
                                                              subject, self.pdf_key)
        return SigningIdentity(manager, place, self.fingerprint, self.pdf_key, certificate)


def _unit(certificate: x509.Certificate) -> str | None:
    units = certificate.subject.get_attributes_for_oid(NameOID.ORGANIZATIONAL_UNIT_NAME)
    return str(units[0].value) if units else None


@dataclass(frozen=True)
class KeyFile:
    """What the key file says without the PIN: its public key (None for a format-1 PIN hash file)."""
    path: Path
    public: PublicKey | None
    legacy_hash: pin_hash_file.PinHash | None = None
    _encrypted: dict | None = None
    # The certificates the casino's authority issued for the manager's PDF signing key (PEM, the key's first).
    certificates: tuple[str, ...] = ()

    @property
    def weaker_than_today(self) -> bool:
        """The file's scrypt cost is below the one new files get (a file of before issue 28, or a PIN hash)."""
        if self._encrypted is None:
            return True
        data = self._encrypted
        return data["n"] * data["r"] * data["p"] < SCRYPT_N * SCRYPT_R * SCRYPT_P

    def unlock(self, pin: str) -> ManagerKey | None:
        """The private key if `pin` is right, else None. A format-1 file is upgraded to a key file, and a key
        file of a lower scrypt cost is encrypted again at today's (same key, same PIN)."""
        if self.legacy_hash is not None:
            if not self.legacy_hash.matches(pin):
                return None
            key = ManagerKey(Ed25519PrivateKey.generate())
            write_key_file(self.path, key, pin)
            return key
        data, public = self._encrypted, self.public
        if data is None or public is None:
            raise ValueError("the key file holds neither a key nor a PIN hash")
        secret = derive_key(pin, bytes.fromhex(data["salt"]), data["n"], data["r"], data["p"])
        try:
            raw = AESGCM(secret).decrypt(bytes.fromhex(data["nonce"]), bytes.fromhex(data["private_key"]),
                                         public.raw)
        except InvalidTag:
            return None
        key = ManagerKey(Ed25519PrivateKey.from_private_bytes(raw))
        if key.public != self.public:
            raise KeyFileError(f"The manager key file {self.path} does not hold a matching key pair.")
        issued = _certificates_of(self.certificates)
        if issued and issued[0].public_key() == key.pdf_key.public_key():
            key = key.with_certificates(issued)     # a certificate of another key is not this manager's: left out
        if self.weaker_than_today:
            try:
                write_key_file(self.path, key, pin)
            except OSError:
                pass     # a folder that cannot be written: the file keeps working at its old cost
        return key


def new_key(pin: str) -> ManagerKey:
    """A new key for a new PIN (6 to 12 digits: pin.check_new_pin)."""
    pin_hash_file.check_new_pin(pin)
    return ManagerKey(Ed25519PrivateKey.generate())


def read_key_file(path: Path) -> KeyFile | None:
    """The key file, or None when there is none (no PIN set); KeyFileError for a file that cannot be used."""
    path = Path(path)
    try:
        # A regular file (not a device or a pipe), at most MAX_KEY_FILE_BYTES, UTF-8, flat JSON.
        text = read_bounded_text(path, MAX_KEY_FILE_BYTES)
        data = parse_bounded_json(text)
    except FileNotFoundError:
        return None
    except FileRefused as refusal:
        raise KeyFileError(f"The manager PIN file {path} cannot be used because {refusal}. Delete it to reset "
                           f"the PIN (the reset is logged), then set a new PIN.") from None
    try:
        if isinstance(data, dict) and data.get("algorithm") == "scrypt":      # format 1: a PIN hash only
            return KeyFile(path, None, pin_hash_file.PinHash.from_json(text))
        if not isinstance(data, dict) or data.get("format") != KEY_FORMAT or data.get("version") != KEY_VERSION:
            raise ValueError("not a manager key file")
        encrypted: dict[str, Any] = {"salt": str(data["salt"]), "n": int(data["n"]), "r": int(data["r"]),
                                     "p": int(data["p"]), "nonce": str(data["nonce"]),
                                     "private_key": str(data["private_key"])}
        if not (2 ** 10 <= encrypted["n"] <= 2 ** 20 and 1 <= encrypted["r"] <= 16 and 1 <= encrypted["p"] <= 4):
            raise ValueError("scrypt costs out of range")
        public = PublicKey(bytes.fromhex(data["public_key"]))
        if len(public.raw) != 32:
            raise ValueError("not an Ed25519 public key")
        certificates = data.get("certificates", [])
        if not isinstance(certificates, list) or len(certificates) > MAX_CERTIFICATES \
                or not all(isinstance(text, str) for text in certificates):
            raise ValueError("not a list of certificates")
        return KeyFile(path, public, None, encrypted, tuple(certificates))
    except (ValueError, KeyError, TypeError, OverflowError):   # OverflowError: int() of an infinite number
        raise KeyFileError(f"The manager PIN file {path} is damaged. Delete it to reset the PIN (the reset is "
                           f"logged), then set a new PIN.") from None


def write_key_file(path: Path, key: ManagerKey, pin: str) -> None:
    """Write the key file for `key` under `pin`, atomically (temporary file, sync, rename), at today's scrypt
    cost. `pin` is any PIN a file may hold (4 to 12 digits: a PIN of before issue 28 is encrypted again under
    itself); a new PIN's length is checked where it is chosen (pin.check_new_pin)."""
    pin_hash_file.check_pin_format(pin)
    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    secret = derive_key(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    raw = key._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    document: dict[str, Any] = {
        "format": KEY_FORMAT, "version": KEY_VERSION, "kdf": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P,
        "salt": salt.hex(), "cipher": "AES-256-GCM", "nonce": nonce.hex(),
        "private_key": AESGCM(secret).encrypt(nonce, raw, key.public.raw).hex(),
        "public_key": key.public.raw.hex(), "fingerprint": key.fingerprint}
    if key.issued:
        document["certificates"] = [_pem(certificate) for certificate in key.issued]
    write_private_json(path, document)


def add_certificates(path: Path, key: ManagerKey, certificates: tuple[x509.Certificate, ...]) -> None:
    """Keep in the key file at `path` (which holds `key`) the certificates an authority issued for its PDF signing
    key, the key's first; the rest of the file stays as it is (the PIN, its cost)."""
    if not certificates or certificates[0].public_key() != key.pdf_key.public_key():
        raise ValueError("the certificate is not the one of this manager's PDF signing key")
    key_file = read_key_file(path)
    if key_file is None or key_file.public != key.public:
        raise KeyFileError(f"The manager key file {path} does not hold the key {key.fingerprint}.")
    document = parse_bounded_json(read_bounded_text(Path(path), MAX_KEY_FILE_BYTES))
    document["certificates"] = [_pem(certificate) for certificate in certificates]
    write_private_json(path, document)


def _pem(certificate: x509.Certificate) -> str:
    return certificate.public_bytes(Encoding.PEM).decode("ascii")


def _certificates_of(texts: tuple[str, ...]) -> tuple[x509.Certificate, ...]:
    """The certificates a key file holds; none when one of them cannot be read (they are then not used)."""
    try:
        return tuple(x509.load_pem_x509_certificate(text.encode("ascii")) for text in texts)
    except (ValueError, UnicodeEncodeError):
        return ()


def write_private_json(path: Path, document: dict[str, Any]) -> None:
    """Write a private JSON file (the key file, the casino authority's) atomically (temporary file, sync, rename),
    readable by the workstation account only."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(document, indent=1))
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.chmod(temporary, 0o600)   # only the workstation account reads it (no effect on Windows)
    except OSError:
        pass
    os.replace(temporary, path)


def derive_key(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    if not isinstance(pin, str):
        pin = ""
    return hashlib.scrypt(pin.encode("utf-8", "replace"), salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024,
                          dklen=32)
