"""`python -m build` makes an sdist and, from it, a wheel with the compiled engine and the shipped data; the
version is written once (gui/__init__.py) and both carry it; the wheel installed with its dependencies into
a fresh virtual environment gives a working `dealerdrill --self-check`."""
from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(sdist, wheel) from `python -m build`, which builds the wheel from the unpacked sdist."""
    out = tmp_path_factory.mktemp("python-build")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,) = out.glob("dealerdrill-*.tar.gz")
    (wheel,) = out.glob("dealerdrill-*.whl")
    return sdist, wheel


def _shipped_resources() -> set[str]:
    resources = ROOT / "resources"
    return {path.relative_to(resources).as_posix()
            for pattern in ("house_ways/*.toml", "house_ways/*.md", "rulebook/*.toml", "rulebook/*.md", "fonts/**/*")
            for path in resources.glob(pattern) if path.is_file()}


def test_the_version_is_written_once_and_both_packages_carry_it(built):
    from dealerdrill import __version__

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    sdist, wheel = built
    assert sdist.name == f"dealerdrill-{__version__}.tar.gz"
    assert wheel.name.startswith(f"dealerdrill-{__version__}-")
    metadata = zipfile.ZipFile(wheel).read(f"dealerdrill-{__version__}.dist-info/METADATA").decode()
    assert f"\nVersion: {__version__}\n" in metadata


def test_the_sdist_holds_what_building_the_engine_needs(built):
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for folder in ("core_c/include", "core_c/src", "core_c/records"):
        wanted = {path.relative_to(ROOT).as_posix() for path in (ROOT / folder).glob("*.[ch]")}
        assert wanted and wanted <= names, wanted - names
    assert {"bindings/_build.py", "bindings/_answer_lines_build.py", "bindings/_answer_scan_build.py",
            "bindings/_csv_answers_build.py", "setup.py",
            "pyproject.toml", "packaging/dealerdrill.spec"} <= names
    assert {f"resources/{name}" for name in _shipped_resources()} <= names
    assert top.startswith("dealerdrill-")


def test_the_wheel_holds_the_compiled_engine_and_the_resources(built):
    _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        engines = [name for name in names if name.startswith("dealerdrill/core/_engine")]
        assert len(engines) == 1 and engines[0].endswith((".so", ".pyd"))
        engine = archive.read(engines[0])
    assert engine[:4] == b"\x7fELF" or engine[:2] == b"MZ"              # a compiled library, not a stub
    assert b"dd_roulette" in engine                                      # with the engine's entry points in it
    assert {f"dealerdrill/resources/{name}" for name in _shipped_resources()} <= names
    assert not any("screenshots" in name for name in names)
    from dealerdrill.records import answer_scan

    if answer_scan.AVAILABLE:          # built here, so the wheel built here carries verify's C scan too
        assert any(name.startswith("dealerdrill/records/_answer_scan") for name in names)
    from dealerdrill.records import answer_lines

    if answer_lines.AVAILABLE:         # and the import's reader of answer lines
        assert any(name.startswith("dealerdrill/records/_answer_lines") for name in names)
    from dealerdrill.exports import answers_csv

    if answers_csv.AVAILABLE:          # and the CSV export's C road
        assert any(name.startswith("dealerdrill/exports/_csv_answers") for name in names)


def test_the_wheel_installed_into_a_fresh_environment_passes_its_self_check(built, tmp_path):
    from dealerdrill import __version__

    _, wheel = built
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # With its dependencies, from the package index; --no-compile spares a minute of byte-compiling them.
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-compile",
                           str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    environment = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}       # the venv is not even on PATH
    check = subprocess.run([str(venv / "bin" / "dealerdrill"), "--self-check"], capture_output=True, text=True,
                           env=environment, cwd=tmp_path)
    assert check.returncode == 0 and check.stdout.splitlines()[-1] == "engine self-check passed", check.stderr
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import dealerdrill, dealerdrill.core._engine as e; print(dealerdrill.__version__);"
                            "print(e.__file__)"], capture_output=True, text=True, env=environment, cwd=tmp_path)
    version, engine = where.stdout.split()
    assert version == __version__ and engine.startswith(str(venv))      # the installed copy, not the checkout
