"""The casino's certificate authority for scorecard signatures (issue 30). Qt-free.

`dealerdrill room setup` makes it once, on the machine of whoever owns the training room's database: an ECDSA P-256
key and its self-issued authority certificate, kept in one file (AUTHORITY_FILE_NAME in the owner's data folder, or
--ca-file), the private key encrypted as the manager's key is (AES-256-GCM under a key derived with scrypt at the
PIN file's cost, manager_key.py) from a passphrase the owner chooses. `room setup --manager NAME --pin-file PATH`
then issues that manager's signing certificate (the manager unlocks the key with the PIN, the owner the authority
with the passphrase) and keeps it in the PIN file, which goes to each desk where the manager unlocks: their
scorecards are then signed with a certificate a third party trusts by trusting the authority's one certificate,
which `dealerdrill room ca --out casino-ca.pem` writes. Nothing of it is in the room's database: a desk's login, or a
trainee holding one, can neither read the authority's key nor issue with it.
"""
from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from dealerdrill.exports import signing_certificate
from dealerdrill.settings import FileRefused, parse_bounded_json, read_bounded_text

from . import manager_key

AUTHORITY_FILE_NAME = "casino-ca-private.json"
AUTHORITY_FORMAT = "dealerdrill-casino-ca"
AUTHORITY_VERSION = 1
MAX_AUTHORITY_FILE_BYTES = 64 * 1024
MIN_PASSPHRASE_CHARACTERS = 10


class AuthorityError(RuntimeError):
    """The authority cannot be made, read or used; the message says why in plain words."""


def default_path() -> Path:
    from dealerdrill.paths import data_dir

    return data_dir() / AUTHORITY_FILE_NAME


def check_new_passphrase(passphrase: str) -> None:
    if not isinstance(passphrase, str) or len(passphrase) < MIN_PASSPHRASE_CHARACTERS:
        raise AuthorityError(f"The certificate authority's passphrase must have at least {MIN_PASSPHRASE_CHARACTERS} "
                             f"characters: whoever copies its file can try passphrases offline.")


def make_authority(path: Path, casino: str, passphrase: str) -> x509.Certificate:
    """A new authority for `casino` at `path` (which must not exist: an authority is made once, since every
    certificate it issued and every reader that trusts it depend on its key). Returns its certificate."""
    check_new_passphrase(passphrase)
    casino = " ".join(str(casino).split())
    if not casino:
        raise AuthorityError("Name the casino the certificate authority is for (--casino NAME).")
    path = Path(path)
    if path.exists():
        raise AuthorityError(f"{path} already exists: the casino has its certificate authority. Nothing was changed.")
    private_key = ec.generate_private_key(ec.SECP256R1())
    certificate = signing_certificate.authority_certificate(casino, private_key)
    der = certificate.public_bytes(serialization.Encoding.DER)
    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    n, r, p = manager_key.SCRYPT_N, manager_key.SCRYPT_R, manager_key.SCRYPT_P
    secret = manager_key.derive_key(passphrase, salt, n, r, p)
    raw = private_key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
    document: dict[str, Any] = {
        "format": AUTHORITY_FORMAT, "version": AUTHORITY_VERSION, "casino": casino,
        "certificate": signing_certificate.pem(certificate), "kdf": "scrypt", "n": n, "r": r, "p": p,
        "salt": salt.hex(), "cipher": "AES-256-GCM", "nonce": nonce.hex(),
        # The certificate is the cipher's associated data: the key cannot be paired with another certificate.
        "private_key": AESGCM(secret).encrypt(nonce, raw, der).hex()}
    manager_key.write_private_json(path, document)
    return certificate


def _read(path: Path) -> tuple[x509.Certificate, dict[str, Any]]:
    path = Path(path)
    try:
        data = parse_bounded_json(read_bounded_text(path, MAX_AUTHORITY_FILE_BYTES))
    except FileNotFoundError:
        raise AuthorityError(f"There is no certificate authority at {path}: `dealerdrill room setup --url URL` makes "
                             f"it (at a terminal, or with --ca-passphrase-stdin).") from None
    except FileRefused as refusal:
        raise AuthorityError(f"The certificate authority file {path} cannot be used because {refusal}.") from None
    try:
        if not isinstance(data, dict) or data.get("format") != AUTHORITY_FORMAT \
                or data.get("version") != AUTHORITY_VERSION:
            raise ValueError("not an authority file")
        certificate = x509.load_pem_x509_certificate(str(data["certificate"]).encode("ascii"))
        n, r, p = int(data["n"]), int(data["r"]), int(data["p"])
        if not (2 ** 10 <= n <= 2 ** 20 and 1 <= r <= 16 and 1 <= p <= 4):
            raise ValueError("scrypt costs out of range")
        encrypted: dict[str, Any] = {"salt": bytes.fromhex(str(data["salt"])), "n": n, "r": r, "p": p,
                                     "nonce": bytes.fromhex(str(data["nonce"])),
                                     "private_key": bytes.fromhex(str(data["private_key"]))}
    except (ValueError, KeyError, TypeError, OverflowError, UnicodeEncodeError):
        raise AuthorityError(f"The certificate authority file {path} is damaged.") from None
    return certificate, encrypted


def authority_certificate(path: Path) -> x509.Certificate:
    """The authority's certificate (public: what third parties trust)."""
    return _read(path)[0]


def _private_key(path: Path, passphrase: str) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    certificate, encrypted = _read(path)
    secret = manager_key.derive_key(passphrase, encrypted["salt"], encrypted["n"], encrypted["r"], encrypted["p"])
    try:
        raw = AESGCM(secret).decrypt(encrypted["nonce"], encrypted["private_key"],
                                     certificate.public_bytes(serialization.Encoding.DER))
    except InvalidTag:
        raise AuthorityError(f"That passphrase is not the one of the certificate authority {path}; nothing was "
                             f"issued.") from None
    private_key = serialization.load_der_private_key(raw, password=None)
    if not isinstance(private_key, ec.EllipticCurvePrivateKey) or private_key.public_key() != certificate.public_key():
        raise AuthorityError(f"The certificate authority file {path} does not hold a matching key pair.")
    return certificate, private_key


def issue(path: Path, passphrase: str, key: manager_key.ManagerKey, manager: str,
          room: str) -> tuple[x509.Certificate, x509.Certificate]:
    """The signing certificate of `manager`'s PDF signing key at `room`, issued by the authority at `path`, and the
    authority's certificate: what the manager's PIN file keeps (manager_key.add_certificates)."""
    authority, private_key = _private_key(path, passphrase)
    casino = signing_certificate.organisation(authority.subject) or signing_certificate.ORGANISATION
    subject = signing_certificate.subject_name(manager, room, casino)
    certificate = signing_certificate.signing_certificate(key.pdf_key.public_key(), subject, key.binding(),
                                                          authority.subject, private_key)
    return certificate, authority


def room_name(url: str) -> str:
    """A training room as a certificate names it: "training room HOST/DATABASE" (never a login or a password)."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    try:
        parameters = conninfo_to_dict(url)
    except psycopg.Error:           # an unreadable URL: the room stays unnamed
        return "training room"
    host, database = str(parameters.get("host") or "localhost"), str(parameters.get("dbname") or "")
    return f"training room {host}/{database}" if database else f"training room {host}"


def signing_place(records) -> str:
    """Where a scorecard is signed, as its certificate names it: the training room, or this workstation."""
    if getattr(records, "room", False):
        return room_name(records.url)
    return f"workstation {records.workstation}"
