"""The manager key file's scrypt at a test's cost (issue 28): the real cost (dealerdrill.desk.manager_key) is some
0.7 s a try by design, and the suite sets and unlocks PINs hundreds of times. tests/conftest.py puts this cost in
place for every test not marked `real_pin_kdf`; a child process the tests start (a `dealerdrill` command) calls
`install()` through CHILD_PRELUDE. Files written at this cost are read back at the cost they record, as any file
is; the tests marked `real_pin_kdf` check the real cost and the re-encryption of files of a lower one."""
from __future__ import annotations

from pathlib import Path

QUICK_SCRYPT = (2 ** 10, 8, 1)           # 1 MiB, about a millisecond


def install(monkeypatch=None) -> None:
    """Use QUICK_SCRYPT for key files written from now on (through `monkeypatch` in a test, for good in a child)."""
    from dealerdrill.desk import manager_key

    n, r, p = QUICK_SCRYPT
    for name, value in (("SCRYPT_N", n), ("SCRYPT_R", r), ("SCRYPT_P", p)):
        if monkeypatch is not None:
            monkeypatch.setattr(manager_key, name, value)
        else:
            setattr(manager_key, name, value)


# Python source that a child process runs first (`python -c CHILD_PRELUDE + "..."`): the quick cost, as in its parent.
CHILD_PRELUDE = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); "
                 f"import quick_pin_kdf; quick_pin_kdf.install(); ")
