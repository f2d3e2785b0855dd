"""The C engine's own hardening checks, run from pytest so that `make test` covers them too.

core_c/tests/test_engine.c calls every public entry point with good and bad input (NULLs, out-of-range
ids, huge counts, corrupted structs, a failing getrandom) and checks the status codes; each fuzz harness
(core_c/fuzz/fuzz_*.c) replays its seed corpus and the inputs of past findings (core_c/fuzz/regressions).
Here they are built plainly; `make sanitize` builds the same with AddressSanitizer + UBSan (.ci/run does)."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "core_c" / "include"
ENGINE_SOURCES = sorted(str(p) for p in (ROOT / "core_c" / "src").glob("*.c"))
HARNESSES = sorted(p.stem.removeprefix("fuzz_") for p in (ROOT / "core_c" / "fuzz").glob("fuzz_*.c"))
# The harnesses link the engine, but for the import's answer-line reader, which is core_c/records' own.
HARNESS_SOURCES = {"answer_lines": ["-I", str(ROOT / "core_c" / "records"),
                                    str(ROOT / "core_c" / "records" / "dd_answer_lines.c")]}
COMPILER = shutil.which("cc") or shutil.which("gcc")
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Werror", "-O1"]


def test_every_header_function_is_called_by_the_c_tests():
    """Each function declared in a header's public (cdef) region appears in test_engine.c."""
    tests = (ROOT / "core_c" / "tests" / "test_engine.c").read_text(encoding="utf-8")
    missing = []
    for header in sorted(INCLUDE.glob("dd_*.h")):
        text = header.read_text(encoding="utf-8")
        public = text.split("/* --- cdef begin --- */")[1].split("/* --- cdef end --- */")[0]
        for name in re.findall(r"^\s*(?:const\s+)?\w+\s*\*?\s*(dd_\w+)\(", public, flags=re.MULTILINE):
            if name + "(" not in tests:
                missing.append(f"{header.name}: {name}")
    assert not missing, missing


def test_c_tests_pass(tmp_path):
    exe = tmp_path / "test_engine"
    subprocess.run([COMPILER, *STRICT, "-I", str(INCLUDE), str(ROOT / "core_c" / "tests" / "test_engine.c"),
                    *ENGINE_SOURCES, "-Wl,--wrap=getrandom", "-lm", "-o", str(exe)], check=True)
    result = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    passed, failed = map(int, re.search(r"(\d+) passed, (\d+) failed", result.stdout).groups())
    assert failed == 0 and passed > 500, result.stdout


@pytest.mark.parametrize("harness", HARNESSES)
def test_fuzz_harness_replays_its_corpus_and_regressions(harness, tmp_path):
    exe = tmp_path / f"replay_{harness}"
    subprocess.run([COMPILER, *STRICT, "-I", str(INCLUDE), "-I", str(ROOT / "core_c" / "fuzz"),
                    str(ROOT / "core_c" / "fuzz" / f"fuzz_{harness}.c"),
                    str(ROOT / "core_c" / "fuzz" / "standalone_main.c"),
                    *HARNESS_SOURCES.get(harness, ENGINE_SOURCES), "-o", str(exe)],
                   check=True)
    folders = [ROOT / "core_c" / "fuzz" / kind / harness for kind in ("corpus", "regressions")]
    inputs = [p for folder in folders if folder.is_dir() for p in folder.iterdir()]
    assert inputs, "every harness has a seed corpus"
    # A few thousand blind mutations too (deterministic), so a harness that cannot run at all shows here.
    present = [str(folder) for folder in folders if folder.is_dir()]
    result = subprocess.run([str(exe), "-runs=3000", "-seed=7", *present],
                            capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert f"replayed {len(inputs)} inputs, ran 3000 mutated inputs: no crash" in result.stdout


def test_regression_inputs_are_kept_for_the_findings():
    """Findings of the fuzz campaign stay as regression inputs (docs/fuzzing.md lists them)."""
    regressions = ROOT / "core_c" / "fuzz" / "regressions"
    kept = sorted(p.relative_to(regressions).as_posix() for p in regressions.rglob("*") if p.is_file())
    documented = (ROOT / "docs" / "fuzzing.md").read_text(encoding="utf-8")
    assert kept and all(name in documented for name in kept), kept
