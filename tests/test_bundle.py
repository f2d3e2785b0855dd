"""The standalone bundle (make dist, packaging/dealerdrill.spec) works on a desk with nothing installed: copied
out of the checkout and started with a bare environment, it passes its self-check, opens its window
offscreen, and its command line reads and writes records with the fonts and data it carries.

The bundle is built once per change of its sources (the first run after a change takes about a minute
and a half; later runs reuse dist/DealerDrill). Its start time and size are measured by `make bench`."""
from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import bundle_probe
import pytest
from bundle_probe import ROOT, bare_environment
from external_tools import tool

APP_ID = "nz.dealerdrill.DealerDrill"


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    bundle = bundle_probe.build_bundle()
    return bundle_probe.copy_out(bundle, tmp_path_factory.mktemp("trainee-desk"))


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def run(program, home, *arguments, stdin: str = "", **more):
    return subprocess.run([str(program), *arguments], env=bare_environment(home, **more), cwd=home,
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_the_bundle_lies_outside_the_checkout(program):
    assert ROOT not in program.parents and program.is_file()


def test_self_check_passes_with_a_bare_environment(program, home):
    done = run(program, home, "--self-check")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "engine self-check passed"
    assert [line.split(":")[0] for line in lines[:-1]] == ["shuffle", "roulette", "baccarat", "pai gow",
                                                           "pai gow", "pai gow"]


def test_version_is_the_projects(program, home):
    from dealerdrill import __version__

    done = run(program, home, "--version")
    assert (done.returncode, done.stdout.strip()) == (0, f"dealerdrill {__version__}")


def test_the_window_comes_up_offscreen_and_opens_the_records(program, home):
    start = bundle_probe.start_until_window(program, home)
    log = start.tail()
    assert start.seconds_to_window is not None, f"the main window was never drawn:\n{log}"
    assert start.window_size[0] >= 800 and start.window_size[1] >= 600, start.window_size
    assert start.chooser_shown, f"the trainee chooser did not appear:\n{log}"
    assert start.running_when_seen, f"the program ended by itself:\n{log}"
    # It ran until told to stop; it has no SIGTERM handler today, so the signal ends it (a clean quit on
    # SIGTERM, exit status 0, would be as good: every answer is committed when given).
    assert start.returncode in (-signal.SIGTERM, 0), log
    assert not any("Traceback" in line or "cannot start" in line for line in start.log), log
    # The records live in the trainee's data folder (platformdirs under HOME), created by this start.
    records = home / ".local" / "share" / "DealerDrill" / "records.sqlite3"
    with sqlite3.connect(records) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def _records_file(path, trainee):
    """A JSON records file with one trainee's real answers (imports grade them again), written by this
    checkout's code."""
    from real_answers import play_for_real

    from dealerdrill.domain import Mode
    from dealerdrill.exports import export
    from dealerdrill.records import Records

    moments = iter(datetime(2026, 3, 2, 9, 0, tzinfo=UTC) + timedelta(seconds=5 * i) for i in range(99))
    records = Records(path.parent / "source.sqlite3", clock=lambda: next(moments), workstation="office")
    try:
        records.create_trainee(trainee)
        play_for_real(records, trainee, Mode.PRACTICE, [True, True, False])
        return export(records, "json", path)[0]
    finally:
        records.close()


def test_the_command_line_imports_and_exports_with_the_bundled_fonts_and_libraries(program, home, tmp_path):
    from openpyxl import load_workbook
    from pypdf import PdfReader

    from dealerdrill.desk import Desk

    records_file = _records_file(tmp_path / "records.json", "Tāne Ngata")
    # Importing and exporting are the manager's: a PIN is set on the bundle's own records (in HOME's data
    # folder, where the bundle looks with a bare environment), then given on the standard input.
    with Desk.open(home / ".local" / "share" / "DealerDrill" / "records.sqlite3") as desk:
        desk.set_first_pin("Mere Manager", "246824", "246824")
    as_manager = ("--manager", "Mere Manager", "--pin-stdin")
    done = run(program, home, "import", str(records_file), *as_manager, stdin="246824\n")
    assert done.returncode == 0, done.stderr
    for format in ("pdf", "xlsx"):
        done = run(program, home, "export", "--format", format, "--all", "--out", str(tmp_path / f"all.{format}"),
                   *as_manager, stdin="246824\n")
        assert done.returncode == 0, done.stderr
        if format == "pdf":      # signed and checked with the bundled pyHanko (without the parts the bundle leaves out)
            assert "genuine and unaltered" in done.stdout and "Mere Manager's" in done.stdout, done.stderr
    done = run(program, home, "verify", str(tmp_path / "all.pdf"))
    assert done.returncode == 0 and "genuine and unaltered" in done.stdout, done.stderr
    # The scorecard's text is in DejaVu Sans (from the bundled matplotlib data): the macron survives.
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(tmp_path / "all.pdf").pages)
    assert "Scorecard: Tāne Ngata" in text
    answers = list(load_workbook(tmp_path / "all.xlsx")["Answers"].iter_rows(values_only=True))
    assert len(answers) == 4 and {row[2] for row in answers[1:]} == {"Tāne Ngata"}
    assert [row[13] for row in answers[1:]] == [1, 1, 0]          # the "correct" column, as numbers


def _bundled_modules(program) -> set[str]:
    from PyInstaller.archive.readers import pkg_archive_contents

    return set(pkg_archive_contents(str(program), recursive=True))


def _checkout_modules() -> set[str]:
    """Every module of the dealerdrill namespace, from the folders setup.py maps onto it."""
    found = set()
    for package, folder in (("dealerdrill", "gui"), ("dealerdrill.core", "bindings"),
                            ("dealerdrill.resources", "resources")):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if "__pycache__" in parts or (folder == "resources" and parts[:1] == ("house_ways",)):
                continue
            found.add(".".join((package, *parts[:-1])) if parts[-1] == "__init__" else ".".join((package, *parts)))
    found.discard("dealerdrill.core._build")       # the cffi build script: build time only
    return found


def test_every_module_engine_and_data_file_is_in_the_bundle(program):
    internal = program.parent / "_internal"
    modules = _bundled_modules(program)
    assert _checkout_modules() - modules == set()
    assert {f"dealerdrill.views.drill_panels_{game}" for game in ("roulette", "baccarat", "paigow")} <= modules
    assert list((internal / "dealerdrill" / "core").glob("_engine*.so"))
    from dealerdrill.records import answer_scan

    if answer_scan.AVAILABLE:      # verify's C scan, built here, goes with the program (libsqlite3, libcrypto too)
        assert list((internal / "dealerdrill" / "records").glob("_answer_scan*.so"))
    from dealerdrill.records import answer_lines

    if answer_lines.AVAILABLE:     # and the import's reader of answer lines
        assert list((internal / "dealerdrill" / "records").glob("_answer_lines*.so"))
    shipped = {path.relative_to(ROOT / "resources").as_posix()
               for pattern in ("house_ways/*.toml", "house_ways/*.md", "rulebook/*.toml", "rulebook/*.md", "fonts/**/*")
               for path in (ROOT / "resources").glob(pattern) if path.is_file()}
    bundled = {path.relative_to(internal / "dealerdrill" / "resources").as_posix()
               for path in (internal / "dealerdrill" / "resources").rglob("*") if path.is_file()}
    assert {"house_ways/nz.toml", "house_ways/foxwoods.toml", "house_ways/canberra.toml"} <= shipped
    assert {f"rulebook/{name}.toml" for name in ("roulette", "baccarat", "paigow", "glossary")} <= shipped
    assert shipped <= bundled                       # fonts too, once resources/fonts/ holds some
    assert not any("screenshots" in name for name in bundled)


def test_the_bundle_leaves_out_test_tools_and_unused_qt(program):
    internal = program.parent / "_internal"
    modules = _bundled_modules(program)
    for absent in ("scipy", "pytest", "_pytest", "pytestqt", "PyInstaller", "tkinter",
                   "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick"):
        assert not any(name == absent or name.startswith(absent + ".") for name in modules), absent
        assert not (internal / absent).exists(), absent
    libraries = {path.name for path in (internal / "PySide6" / "Qt" / "lib").iterdir()}
    assert {"libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6", "libQt6Svg.so.6"} <= libraries
    for unused in ("Qt6Quick", "Qt6Qml", "Qt6Network", "Qt6Pdf", "Qt6WebEngine"):
        assert not any(unused in name for name in libraries), unused
    assert not (internal / "PySide6" / "Qt" / "translations").exists()
    platforms = {path.name for path in (internal / "PySide6" / "Qt" / "plugins" / "platforms").iterdir()}
    assert {"libqxcb.so", "libqwayland.so", "libqoffscreen.so"} <= platforms


def test_a_second_build_reuses_the_bundle(program):
    done = subprocess.run([sys.executable, str(bundle_probe.BUILD_SCRIPT)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "dist/DealerDrill is up to date", done.stdout


def test_the_bundles_desktop_files_hang_together(program):
    """share/ in the bundle is laid out as /usr/share: AppStream finds the desktop entry it launches."""
    appstreamcli = tool("appstreamcli", "appstream")
    done = subprocess.run([appstreamcli, "validate-tree", "--no-net", str(program.parent)], capture_output=True,
                          text=True)
    assert done.returncode == 0 and f"{APP_ID}.metainfo.xml" in done.stdout, done.stdout + done.stderr


def test_the_menu_entry_script_puts_the_program_in_the_users_menu_and_takes_it_out(program, home):
    validate = tool("desktop-file-validate", "desktop-file-utils")
    script = program.parent / "install-menu-entry.sh"
    done = subprocess.run(["sh", str(script)], env=bare_environment(home), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    data = home / ".local" / "share"
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert f'Exec="{program}"' in entry.read_text().splitlines()
    checked = subprocess.run([validate, str(entry)], capture_output=True, text=True)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    for size in (16, 32, 48, 128, 256):
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    done = subprocess.run(["sh", str(script), "--remove"], env=bare_environment(home), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    left = list(data.rglob(f"{APP_ID}*"))
    assert left == []


def test_every_bundled_library_finds_the_qt_and_python_libraries_it_links(program):
    """Leaving Qt parts out must not strand a plugin: what Qt, PySide6 or Python a bundled library links is
    in the bundle. (System libraries every desktop has, such as the X11 and Wayland clients, may come from
    the desk; this machine need not have them all.)"""
    from_bundle = re.compile(r"^\s*(lib(Qt6|pyside6|shiboken6|icu|python3)\S*) => not found", re.MULTILINE)
    stranded = {}
    for library in (program.parent / "_internal").rglob("*.so*"):
        if library.is_file() and not library.is_symlink():
            listed = subprocess.run(["ldd", str(library)], capture_output=True, text=True).stdout
            missing = from_bundle.findall(listed)
            if missing:
                stranded[library.name] = [name for name, _ in missing]
    assert stranded == {}
