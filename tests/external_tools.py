"""Programs some tests need from the system (LibreOffice, pdftotext, the desktop-file validators).

On a developer's machine without one, its tests are skipped with the Debian package to install; in CI
(.ci/run sets DEALERDRILL_REQUIRE_TOOLS=1, after installing them) a missing program fails the test instead,
so those tests can never be skipped there."""
from __future__ import annotations

import os
import shutil

import pytest

REQUIRED = "DEALERDRILL_REQUIRE_TOOLS"


def tool(program: str, debian_package: str) -> str:
    """The program's path, or skip (fail in CI) naming the package that provides it."""
    found = shutil.which(program)
    if found:
        return found
    message = f"{program} is not installed (Debian: apt-get install {debian_package})"
    if os.environ.get(REQUIRED):
        pytest.fail(f"{message}; {REQUIRED} is set, so this test must run")
    pytest.skip(message)
