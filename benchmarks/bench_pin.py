"""What one guess at a copied manager PIN file costs (issue 28): seconds per try of the key file's scrypt at the cost
of before (n=2**15, r=8, p=1) and at today's (dealerdrill.desk.manager_key: n=2**17, r=8, p=2), on one core, and
from that how long trying every PIN of 6 and of 8 digits takes. A try is what an attacker with the file does for
each PIN (derive the key, then AES-GCM's check, which costs nothing beside it) and what the manager waits for at
each unlock. The first column is the cost of before, the second today's: the ratio says how many times dearer a
guess became. Target: today's cost between 0.5 s and 1 s a try here."""
from __future__ import annotations

import hashlib
import time

from .harness import Result

TRIES = 5


def seconds_per_try(n: int, r: int, p: int) -> float:
    """The best of TRIES derivations of a key from a PIN (the least an attacker's core pays)."""
    best = float("inf")
    for attempt in range(TRIES):
        start = time.perf_counter()
        hashlib.scrypt(b"24682468", salt=attempt.to_bytes(16, "big"), n=n, r=r, p=p, maxmem=256 * 1024 * 1024,
                       dklen=32)
        best = min(best, time.perf_counter() - start)
    return best


def whole_space(seconds: float, digits: int) -> str:
    """Every PIN of `digits` digits tried on one core, in plain units."""
    total = seconds * 10 ** digits
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if total >= size:
            return f"{total / size:,.1f} {unit}"
    return f"{total:.0f} s"


def run(wanted):
    if wanted and not wanted & {"pin", "kdf"}:
        return []
    from dealerdrill.desk import manager_key as key_file

    today = seconds_per_try(key_file.SCRYPT_N, key_file.SCRYPT_R, key_file.SCRYPT_P)
    before = seconds_per_try(key_file.EARLIER_SCRYPT_N, key_file.EARLIER_SCRYPT_R, key_file.EARLIER_SCRYPT_P)
    note = (f"every PIN tried on one core: 4 digits {whole_space(before, 4)} before, {whole_space(today, 4)} now; "
            f"6 digits {whole_space(before, 6)} before, {whole_space(today, 6)} now; 8 digits "
            f"{whole_space(before, 8)} before, {whole_space(today, 8)} now (half that on average; divide by the "
            f"cores an attacker uses)")
    return [Result("manager PIN file: one try, before | now", before, today, "now 0.5-1 s a try",
                   0.5 <= today <= 1.0, note)]
