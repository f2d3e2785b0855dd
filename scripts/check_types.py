"""Type-check the Qt-free layers with mypy (configured in pyproject.toml, [tool.mypy]).

The source folders are not named after the package they install as (gui/ is `dealerdrill`, bindings/ is
`dealerdrill.core`), and mypy cannot follow the editable install's import hook. So this builds the package
as it is imported, out of symbolic links into the source folders, in a scratch folder, and checks that;
mypy's messages name the scratch paths, which this script turns back into the repository's.

    python scripts/check_types.py          # the Qt-free layers; exit status 0 when clean
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The Qt-free layers, bottom up (the views and app.py are Qt and checked only by the test suite).
PACKAGES = ("dealerdrill.core", "dealerdrill.domain", "dealerdrill.reference", "dealerdrill.drills",
            "dealerdrill.records", "dealerdrill.lessons", "dealerdrill.verdicts", "dealerdrill.exports",
            "dealerdrill.desk")
MODULES = ("dealerdrill.settings", "dealerdrill.paths", "dealerdrill.cli")


def build_tree(folder: Path) -> Path:
    """folder/dealerdrill: gui/'s entries and core -> bindings/, as links."""
    package = folder / "dealerdrill"
    package.mkdir()
    for entry in (ROOT / "gui").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "core").symlink_to(ROOT / "bindings")
    (package / "resources").symlink_to(ROOT / "resources")
    return package


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="dealerdrill-types-") as scratch:
        package = build_tree(Path(scratch))
        command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                   "--cache-dir", str(ROOT / ".mypy_cache")]
        for name in PACKAGES:
            command += ["-p", name]
        for name in MODULES:
            command += ["-m", name]
        done = subprocess.run(command + argv, cwd=scratch, capture_output=True, text=True, check=False)
        links = {f"dealerdrill/{e.name}": f"gui/{e.name}" for e in package.iterdir()}
        links["dealerdrill/core"] = "bindings"
        for line in (done.stdout + done.stderr).splitlines():
            for linked, real in links.items():
                if line.startswith(linked):
                    line = real + line[len(linked):]
                    break
            print(line)
        return done.returncode


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main(sys.argv[1:]))
