"""`make run` on Linux checks for libxcb-cursor0, which Qt's xcb platform needs, and says what to install
instead of letting Qt abort; it checks nothing when QT_QPA_PLATFORM chooses a platform, or off Linux. The
program started is replaced by a stand-in (RUN=...) and ldconfig and uname by scripts that answer as a
machine with or without the library would."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STAMP = ".venv/.dealerdrill-installed"
WITH_CURSOR = "\tlibxcb-cursor.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libxcb-cursor.so.0\n"
WITHOUT = "\tlibxcb.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libxcb.so.1\n"

pytestmark = pytest.mark.skipif(shutil.which("make") is None or not (ROOT / STAMP).exists(),
                                reason="needs make and the checkout's .venv (make build)")


def run_target(tmp_path, libraries: str, system: str = "Linux", platform: str | None = None):
    tools = tmp_path / "tools"
    tools.mkdir(exist_ok=True)
    (tools / "ldconfig").write_text(f"#!/bin/sh\nprintf '%s' '{libraries}'\n")
    (tools / "uname").write_text(f"#!/bin/sh\necho {system}\n")
    for tool in tools.iterdir():
        tool.chmod(0o755)
    started = tmp_path / "started"
    env = {key: value for key, value in os.environ.items() if key != "QT_QPA_PLATFORM"}
    env["PATH"] = f"{tools}{os.pathsep}{env['PATH']}"
    if platform is not None:
        env["QT_QPA_PLATFORM"] = platform
    # -o: the installed stamp is taken as it is (nothing rebuilt); RUN: a stand-in for the program.
    done = subprocess.run(["make", "--no-print-directory", "-o", STAMP, "run", f"LDCONFIG={tools / 'ldconfig'}",
                           f"RUN=touch {started}"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    return done, started.exists()


def test_without_the_library_make_run_says_what_to_install_and_starts_nothing(tmp_path):
    done, started = run_target(tmp_path, WITHOUT)
    assert done.returncode != 0 and not started
    assert "sudo apt install libxcb-cursor0" in done.stderr and "QT_QPA_PLATFORM" in done.stderr


def test_with_the_library_make_run_starts_the_program(tmp_path):
    done, started = run_target(tmp_path, WITH_CURSOR)
    assert done.returncode == 0 and started, done.stderr


def test_a_chosen_qt_platform_or_another_system_is_not_checked(tmp_path):
    done, started = run_target(tmp_path, WITHOUT, platform="offscreen")
    assert done.returncode == 0 and started, done.stderr
    other = tmp_path / "mac"
    other.mkdir()
    done, started = run_target(other, WITHOUT, system="Darwin")
    assert done.returncode == 0 and started, done.stderr
