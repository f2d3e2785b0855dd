"""`make run` on Linux checks for every X11 library Qt's xcb platform links (scripts/window_libraries.sh) and
names each one missing with its package instead of letting Qt abort; it checks nothing when QT_QPA_PLATFORM
chooses a platform, or off Linux. The program started is replaced by a stand-in (RUN=...) and ldconfig and
uname by scripts that answer as a machine with or without the libraries would. On a minimal Debian the
check found libxcb-cursor0 but Qt's window then also needed libxcb-icccm4, libxcb-keysyms1 and
libxkbcommon-x11-0, and aborted with Qt's own page."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STAMP = ".venv/.dealerdrill-installed"
SCRIPT = ROOT / "scripts" / "window_libraries.sh"
# The script's table: library -> (Debian package, Fedora package).
TABLE = {library: (debian, fedora) for library, debian, fedora in re.findall(
    r"^(?:LIBRARIES=')?(lib\S+\.so\.\d+) (\S+) ([^\s']+)'?$", SCRIPT.read_text(encoding="utf-8"), re.MULTILINE)}
SMALL_DEBIAN_LACKS = {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"}


def listing(libraries) -> str:
    """`ldconfig -p` as a machine with these libraries answers."""
    return "".join(f"\t{name} (libc6,x86-64) => /lib/x86_64-linux-gnu/{name}\n" for name in sorted(libraries))


WITH_EVERY_ONE = listing(TABLE)
WITHOUT = listing({"libxcb.so.1"})

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
    assert "sudo apt install" in done.stderr and "libxcb-cursor0" in done.stderr and "QT_QPA_PLATFORM" in done.stderr


def test_a_minimal_debian_is_told_every_library_the_window_lacks(tmp_path):
    done, started = run_target(tmp_path, listing(set(TABLE) - SMALL_DEBIAN_LACKS))
    assert done.returncode != 0 and not started
    apt = next(line for line in done.stderr.splitlines() if "sudo apt install" in line).split()
    assert {TABLE[library][0] for library in SMALL_DEBIAN_LACKS} == set(apt[3:-2]), done.stderr
    for library in SMALL_DEBIAN_LACKS:
        assert library in done.stderr


def test_with_every_library_make_run_starts_the_program(tmp_path):
    done, started = run_target(tmp_path, WITH_EVERY_ONE)
    assert done.returncode == 0 and started, done.stderr


def test_the_check_covers_every_x11_library_qt_s_window_links():
    # The installed xcb plugin and the Qt library behind it, as readelf reads their NEEDED entries (binutils,
    # which CI installs): every X11 library among them is in the script's table.
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    needed = set()
    for linked in (qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"):
        dynamic = subprocess.run(["readelf", "-d", str(linked)], capture_output=True, text=True, check=True).stdout
        needed |= set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))
    x11 = {name for name in needed if re.match(r"lib(xcb|X11|xkbcommon)", name)}
    assert x11 and x11 <= set(TABLE), sorted(x11 - set(TABLE))


def test_the_readme_installs_what_a_minimal_debian_lacks():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    apt = re.search(r"sudo apt install ([^\n]+)", readme)
    assert apt and {TABLE[library][0] for library in SMALL_DEBIAN_LACKS} <= set(apt.group(1).split())


def test_a_chosen_qt_platform_or_another_system_is_not_checked(tmp_path):
    done, started = run_target(tmp_path, WITHOUT, platform="offscreen")
    assert done.returncode == 0 and started, done.stderr
    other = tmp_path / "mac"
    other.mkdir()
    done, started = run_target(other, WITHOUT, system="Darwin")
    assert done.returncode == 0 and started, done.stderr
