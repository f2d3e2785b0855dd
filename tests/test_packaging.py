"""A built wheel holds one namespace, `dealerdrill`, with the compiled engine and the shipped data, and a
non-editable install finds its resources (not the checkout's)."""
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(out), str(ROOT)], check=True, capture_output=True)
    (path,) = out.glob("dealerdrill-*.whl")
    return path


def test_wheel_has_one_namespace_with_engine_and_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top_level = {n.split("/")[0] for n in names if not n.startswith("dealerdrill-")}
    assert top_level == {"dealerdrill"}, top_level  # no top-level gui/ or bindings/ module
    assert any(n.startswith("dealerdrill/core/_engine") and n.endswith((".so", ".pyd")) for n in names)
    for way in ("nz", "foxwoods", "canberra"):
        assert f"dealerdrill/resources/house_ways/{way}.toml" in names
    for book in ("roulette", "baccarat", "paigow", "glossary"):
        assert f"dealerdrill/resources/rulebook/{book}.toml" in names
    assert "dealerdrill/drills/session.py" in names and "dealerdrill/views/drill_view.py" in names
    assert not any("screenshots" in n for n in names)


def test_installed_wheel_finds_its_resources(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    code = ("import dealerdrill.core as core, dealerdrill.resources as res; from dealerdrill.core import paigow;"
            "print(core.__file__); print(res.__file__);"
            "print(paigow.house_way(['6-6', '6-6', '4-5', '5-6']).rule); print(paigow.house_ways());"
            "from dealerdrill.reference import glossary, rulebook;"
            "print(rulebook.rule('baccarat', '9.5').title, len(glossary.glossary().terms()) > 50)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    core_file, resources_file, rule, ways, book = result.stdout.splitlines()
    assert core_file.startswith(str(target)) and resources_file.startswith(str(target))
    assert rule.startswith("nz-") and "canberra" in ways
    assert book == "The Banker's draw when the Player stood True"     # the rule book, read from the wheel
