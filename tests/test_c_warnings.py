"""The C core compiles as strict C11 with no warnings (enforced here, so CI enforces it; users' builds
are never made to fail on warnings)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
C_FILES = sorted((ROOT / "core_c" / "src").glob("*.c"))
COMPILER = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


@pytest.mark.parametrize("source", C_FILES, ids=[p.name for p in C_FILES])
def test_compiles_without_warnings(source, tmp_path):
    assert COMPILER, "a C compiler is needed to build the engine at all"
    result = subprocess.run(
        [COMPILER, "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow",
         "-O2", "-Werror", "-c", str(source), "-I", str(ROOT / "core_c" / "include"),
         "-o", str(tmp_path / "out.o")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_headers_have_no_python():
    for path in (ROOT / "core_c").rglob("*.[ch]"):
        assert "Python.h" not in path.read_text(encoding="utf-8"), path
