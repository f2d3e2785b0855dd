"""The manager PIN: a salted scrypt hash in its own small file, never the PIN itself. Qt-free.

The file (data_dir()/manager-pin.json) is apart from the records database on purpose: a forgotten PIN is
reset by deleting that one file, which leaves every record in place. The next time Dealer Drill opens the
records it notices that a PIN had been set and the file is gone, and writes "PIN reset" to the audit log;
the first person to set a new PIN then becomes able to unlock the manager role.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

PIN_FILE_NAME = "manager-pin.json"
MIN_DIGITS, MAX_DIGITS = 4, 12       # any PIN a file may hold: those set before issue 28 may have 4 digits
NEW_PIN_MIN_DIGITS = 6               # a PIN set or changed now: a copied file then holds out for days, not minutes

# scrypt cost: n=2**14, r=8 needs 16 MiB and about 50 ms, slow enough to make guessing a stolen file
# expensive, quick enough for a person unlocking the manager role.
SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES = 2 ** 14, 8, 1, 32


class PinFileError(RuntimeError):
    """The PIN file exists but cannot be read; deleting it resets the PIN."""


@dataclass(frozen=True)
class PinHash:
    salt: bytes
    key: bytes
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    def matches(self, pin: str) -> bool:
        candidate = _derive(pin, self.salt, self.n, self.r, self.p, len(self.key))
        return hmac.compare_digest(candidate, self.key)

    def to_json(self) -> str:
        return json.dumps({"algorithm": "scrypt", "n": self.n, "r": self.r, "p": self.p,
                           "salt": self.salt.hex(), "key": self.key.hex()}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> PinHash:
        data = json.loads(text)
        if data.get("algorithm") != "scrypt":
            raise ValueError("not a scrypt PIN hash")
        return cls(bytes.fromhex(data["salt"]), bytes.fromhex(data["key"]), int(data["n"]), int(data["r"]),
                   int(data["p"]))


def check_pin_format(pin: str) -> str:
    """The PIN itself must be 4 to 12 digits; ValueError with a plain message otherwise."""
    if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() \
            or not MIN_DIGITS <= len(pin) <= MAX_DIGITS:
        raise ValueError(f"A manager PIN is {MIN_DIGITS} to {MAX_DIGITS} digits.")
    return pin


def check_new_pin(pin: str) -> str:
    """A PIN being set or changed must be 6 to 12 digits; ValueError with a plain message otherwise."""
    if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() \
            or not NEW_PIN_MIN_DIGITS <= len(pin) <= MAX_DIGITS:
        raise ValueError(f"A new manager PIN is {NEW_PIN_MIN_DIGITS} to {MAX_DIGITS} digits: someone who copies the "
                         f"PIN file can try every shorter PIN within a day.")
    return pin


def hash_pin(pin: str) -> PinHash:
    check_pin_format(pin)
    salt = secrets.token_bytes(16)
    return PinHash(salt, _derive(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES))


def read_pin_file(path: Path) -> PinHash | None:
    """The stored hash, or None when no PIN is set (the file is absent)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise PinFileError(f"The manager PIN file {path} cannot be read ({error}).") from None
    try:
        return PinHash.from_json(text)
    except (ValueError, KeyError, TypeError):
        raise PinFileError(f"The manager PIN file {path} is damaged. Delete it to reset the PIN "
                           f"(the reset is logged), then set a new PIN.") from None


def write_pin_file(path: Path, pin_hash: PinHash) -> None:
    """Write atomically (temporary file + rename) so a crash never leaves half a PIN file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(pin_hash.to_json())
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.chmod(temporary, 0o600)  # only the workstation account reads it (no effect on Windows)
    except OSError:
        pass
    os.replace(temporary, path)


def _derive(pin: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=128 * 1024 * 1024,
                          dklen=length)
