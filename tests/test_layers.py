"""The layers of design.md as an import-linter contract (pyproject.toml, [tool.importlinter]): engine
bindings → domain → settings → drills / records → exports → application layer (desk) → views → window.

The installed package maps three folders onto one name (gui/ → dealerdrill, bindings/ → dealerdrill.core),
which import-linter cannot follow, so the test lays the package out as it installs, in a temporary folder,
and runs lint-imports over that copy. A second run over a copy with one forbidden import added shows the
check really fails when a layer is broken.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def staged_package(folder: Path) -> Path:
    """The dealerdrill package as installed (gui/ with bindings/ as its core), under `folder`."""
    package = folder / "dealerdrill"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.o")
    shutil.copytree(ROOT / "gui", package, ignore=ignore)
    shutil.copytree(ROOT / "bindings", package / "core", ignore=ignore)
    return package


def lint(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", str(ROOT / "pyproject.toml")], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=300)


def test_the_layer_contract_holds(tmp_path):
    staged_package(tmp_path)
    result = lint(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


@pytest.mark.parametrize("module, forbidden, contract", [
    ("records/queries.py", "from dealerdrill.drills import families", "The records import neither"),
    ("drills/scheduler.py", "import dealerdrill.desk", "Layers call downwards only"),
    ("desk/roles.py", "from PySide6 import QtCore", "Only the views and the window import Qt"),
])
def test_a_forbidden_import_breaks_the_contract(tmp_path, module, forbidden, contract):
    package = staged_package(tmp_path)
    target = package / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{forbidden}  # a layer broken on purpose\n",
                      encoding="utf-8")
    result = lint(tmp_path)
    assert result.returncode != 0
    assert f"{contract}" in result.stdout and "BROKEN" in result.stdout
