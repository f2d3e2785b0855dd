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

All cryptography comes from the `cryptography` package and the standard library's scrypt.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

from dealerdrill.records.chain import fingerprint_of
from dealerdrill.settings import FileRefused, parse_bounded_json, read_bounded_text

from . import pin as pin_hash_file

KEY_FORMAT = "dealerdrill-manager-key"
KEY_VERSION = 2
MAX_KEY_FILE_BYTES = 64 * 1024
# scrypt at n=2**17, r=8, p=2: 128 MiB and about 0.7 s per try on one core here (benchmarks/bench_pin.py), so a
# copied file costs that much per guessed PIN: 6 digits take days, 8 digits years (docs/guarantees.md), while an
# unlock stays under a second. The cost before issue 28 (n=2**15, r=8, p=1: about 0.1 s) let a 4-digit PIN fall in
# minutes; files written at it are encrypted again at this cost at their next unlock.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 17, 8, 2
EARLIER_SCRYPT_N, EARLIER_SCRYPT_R, EARLIER_SCRYPT_P = 2 ** 15, 8, 1


class KeyFileError(RuntimeError):
    """The key file exists but cannot be used; deleting it resets the PIN (the reset is audited)."""


@dataclass(frozen=True)
class PublicKey:
    raw: bytes

    @property
    def fingerprint(self) -> str:
        return fingerprint_of(self.raw)


class ManagerKey:
    """The unlocked private key: signs for the manager while the role is held (a chain.Signer)."""

    def __init__(self, private: Ed25519PrivateKey):
        self._private = private
        self.public = PublicKey(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))
        self.fingerprint = self.public.fingerprint

    def sign(self, data: bytes) -> bytes:
        return self._private.sign(data)


@dataclass(frozen=True)
class KeyFile:
    """What the key file says without the PIN: its public key (None for a format-1 PIN hash file)."""
    path: Path
    public: PublicKey | None
    legacy_hash: pin_hash_file.PinHash | None = None
    _encrypted: dict | None = None

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
        secret = _derive(pin, bytes.fromhex(data["salt"]), data["n"], data["r"], data["p"])
        try:
            raw = AESGCM(secret).decrypt(bytes.fromhex(data["nonce"]), bytes.fromhex(data["private_key"]),
                                         public.raw)
        except InvalidTag:
            return None
        key = ManagerKey(Ed25519PrivateKey.from_private_bytes(raw))
        if key.public != self.public:
            raise KeyFileError(f"The manager key file {self.path} does not hold a matching key pair.")
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
        return KeyFile(path, public, None, encrypted)
    except (ValueError, KeyError, TypeError, OverflowError):   # OverflowError: int() of an infinite number
        raise KeyFileError(f"The manager PIN file {path} is damaged. Delete it to reset the PIN (the reset is "
                           f"logged), then set a new PIN.") from None


def write_key_file(path: Path, key: ManagerKey, pin: str) -> None:
    """Write the key file for `key` under `pin`, atomically (temporary file, sync, rename), at today's scrypt
    cost. `pin` is any PIN a file may hold (4 to 12 digits: a PIN of before issue 28 is encrypted again under
    itself); a new PIN's length is checked where it is chosen (pin.check_new_pin)."""
    pin_hash_file.check_pin_format(pin)
    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    secret = _derive(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    raw = key._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    document = {"format": KEY_FORMAT, "version": KEY_VERSION, "kdf": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R,
                "p": SCRYPT_P, "salt": salt.hex(), "cipher": "AES-256-GCM", "nonce": nonce.hex(),
                "private_key": AESGCM(secret).encrypt(nonce, raw, key.public.raw).hex(),
                "public_key": key.public.raw.hex(), "fingerprint": key.fingerprint}
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


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    if not isinstance(pin, str):
        pin = ""
    return hashlib.scrypt(pin.encode("utf-8", "replace"), salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024,
                          dklen=32)
