"""Lint and types are part of the suite, so CI enforces them: ruff with the project's rule set over every
Python file, mypy over the Qt-free layers (scripts/check_types.py). Each check is also shown to catch a
planted fault, so that a misconfigured run (no files found, a config not read) cannot pass unnoticed."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def _ruff(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *arguments], cwd=cwd,
                          capture_output=True, text=True, timeout=300, check=False)


def test_ruff_finds_nothing_in_the_repository():
    done = _ruff("--config", str(PYPROJECT), ".")
    assert done.returncode == 0, f"ruff found problems (fix them, do not silence them):\n{done.stdout}{done.stderr}"


def test_ruff_with_the_project_rules_catches_a_planted_unused_import_and_unsorted_imports(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("import sys\nimport json\n\n\ndef f(values=[]):\n    return values\n")
    done = _ruff("--config", str(PYPROJECT), "--output-format", "concise", str(planted), cwd=tmp_path)
    assert done.returncode == 1
    for rule in ("F401", "I001", "B006"):        # pyflakes, isort and bugbear are on
        assert rule in done.stdout, done.stdout


def test_mypy_finds_nothing_in_the_qt_free_layers():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "check_types.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"
    assert "Success: no issues found" in done.stdout
    checked = int(done.stdout.rsplit("in ", 1)[1].split()[0])
    assert checked >= 50, done.stdout        # the layers were really found, not an empty run


def test_mypy_with_the_project_settings_catches_a_planted_optional_misuse(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def name(value: str | None) -> str:\n    return value.upper()\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(PYPROJECT), "--no-incremental",
                           str(planted)], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1
    assert 'Item "None" of "str | None" has no attribute "upper"' in done.stdout, done.stdout
