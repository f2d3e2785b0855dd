"""Build the standalone bundle, dist/DealerDrill/, unless the one there was built from the same sources.

    python packaging/build_bundle.py [--force] [--archive]

Steps: the checkout is built as a wheel (with `python -m build`, from its sdist) and installed into
build/bundle/site; PyInstaller then runs packaging/dealerdrill.spec on that install. The wheel route gives
PyInstaller an ordinary `dealerdrill` package (an editable install maps gui/ and bindings/ with an import
hook PyInstaller cannot follow) and proves the bundle holds exactly what the wheel ships.

A fingerprint of everything the bundle is made from (the sources, the packaging files, the Python and the
versions of every installed distribution) is written next to the bundle once it is complete; a later call
with the same fingerprint does nothing, so the test suite and `make dist` share one build per change.
--archive also packs the folder into one file to hand out, dist/DealerDrill-<version>-<system>-<machine>
(.tar.gz, or .zip on Windows), again only when the bundle is newer than the archive.
Runs with the project's virtual environment's Python (it needs PyInstaller and the program's dependencies).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUNDLE = DIST / "DealerDrill"
FINGERPRINT = DIST / "DealerDrill.fingerprint"
WORK = ROOT / "build" / "bundle"
SPEC = ROOT / "packaging" / "dealerdrill.spec"
APP_ID = "nz.dealerdrill.DealerDrill"     # the desktop entry's and AppStream's name for the program

# What goes into the bundle: folders whose files count (generated and compiled files excepted) and single files.
SOURCE_FOLDERS = ("gui", "bindings", "core_c/include", "core_c/src", "resources", "packaging")
SOURCE_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in")
NOT_SOURCES = {".pyc", ".so", ".pyd", ".o", ".a", ".dylib"}
# Generated, or never part of the bundle (the icon's renderer and the packaging notes).
GENERATED = {"bindings/_engine.c", "packaging/render_icons.py", "packaging/README.md"}
README_ONLY = "resources/screenshots"   # in the repository for the README, never shipped


def source_files() -> list[Path]:
    found = [ROOT / name for name in SOURCE_FILES if (ROOT / name).is_file()]
    for folder in SOURCE_FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if (path.is_file() and "__pycache__" not in path.parts and path.suffix not in NOT_SOURCES
                    and relative not in GENERATED and not relative.startswith(README_ONLY)):
                found.append(path)
    return sorted(found)


def fingerprint() -> str:
    digest = hashlib.sha256()
    digest.update(f"{sys.version}\n{sys.platform}\n".encode())
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    # The installed libraries go into the bundle as well: a new PySide6 or PyInstaller means a new build.
    installed = sorted(f"{d.metadata['Name']}=={d.version}".lower() for d in metadata.distributions()
                       if d.metadata["Name"])
    digest.update("\n".join(installed).encode())
    return digest.hexdigest()


def is_current(wanted: str) -> bool:
    return (FINGERPRINT.is_file() and FINGERPRINT.read_text().strip() == wanted
            and (BUNDLE / executable_name()).is_file())


def executable_name() -> str:
    return "DealerDrill.exe" if sys.platform == "win32" else "DealerDrill"


@contextmanager
def build_lock():
    """One build at a time per checkout (two test runs, or a test run and `make dist`)."""
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK.parent / "bundle.lock", "w") as handle:
        try:
            import fcntl
        except ImportError:      # Windows: no concurrent builds expected on a packager's machine
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run(command: list[str], **options) -> None:
    shown = command if len(command) < 12 else [*command[:3], f"... ({len(command) - 3} more)"]
    print("+", " ".join(shown), flush=True)
    subprocess.run(command, check=True, **options)


def build() -> None:
    wheels, site = WORK / "wheel", WORK / "site"
    for folder in (wheels, site):
        shutil.rmtree(folder, ignore_errors=True)
    # python -m build makes the sdist, then the wheel from the unpacked sdist: a clean tree, where a wheel
    # built in the checkout would also pack whatever stale files build/lib still holds.
    run([sys.executable, "-m", "build", "--quiet", "--outdir", str(wheels), str(ROOT)])
    (wheel,) = wheels.glob("dealerdrill-*.whl")
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)])
    # PYTHONPATH puts the staged install ahead of the editable one in PyInstaller's own subprocesses too.
    environment = {**os.environ, "DEALERDRILL_BUNDLE_SITE": str(site), "PYTHONPATH": str(site)}
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", str(DIST),
         "--workpath", str(WORK / "pyinstaller"), str(SPEC)], env=environment, cwd=ROOT)
    strip_debug_information(BUNDLE)
    if sys.platform == "linux":
        add_desktop_integration(BUNDLE)


def add_desktop_integration(bundle: Path) -> None:
    """share/ beside the program, laid out as under /usr/share (desktop entry, AppStream metadata, icons), and
    install-menu-entry.sh, which puts them in the trainee's own menu."""
    linux, icons = ROOT / "packaging" / "linux", ROOT / "packaging" / "icons"
    share = bundle / "share"
    shutil.rmtree(share, ignore_errors=True)
    placed = {share / "applications" / f"{APP_ID}.desktop": linux / f"{APP_ID}.desktop",
              share / "metainfo" / f"{APP_ID}.metainfo.xml": linux / f"{APP_ID}.metainfo.xml",
              share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": icons / "dealerdrill.svg"}
    for png in icons.glob("dealerdrill-*.png"):
        size = png.stem.rsplit("-", 1)[1]
        placed[share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = png
    for target, source in placed.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    shutil.copy2(linux / "install-menu-entry.sh", bundle / "install-menu-entry.sh")


def strip_debug_information(bundle: Path) -> None:
    """Drop the debugging sections of the interpreter's own libraries and of the engine (a Python built from
    source keeps them: about 20 MB). Only those: wheels' libraries were rewritten by auditwheel (patchelf),
    and stripping such files can break them, which is why the spec leaves PyInstaller's strip off."""
    strip = shutil.which("strip")
    if sys.platform != "linux" or strip is None:
        return
    internal = bundle / "_internal"
    targets = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so"),
               *internal.glob("dealerdrill/core/_engine*.so")]
    if targets:
        run([strip, "--strip-debug", *map(str, targets)])


def archive() -> Path:
    """The bundle packed as one file (its top folder is DealerDrill/, or DealerDrill.app on macOS), remade
    when the bundle is newer."""
    import platform

    from dealerdrill import __version__

    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    stem = DIST / f"DealerDrill-{__version__}-{system}-{platform.machine().lower()}"
    kind = "zip" if sys.platform == "win32" else "gztar"
    target = stem.with_name(stem.name + (".zip" if kind == "zip" else ".tar.gz"))
    if target.is_file() and target.stat().st_mtime >= FINGERPRINT.stat().st_mtime:
        print(f"{target.relative_to(ROOT)} is up to date")
        return target
    # On macOS the program to hand out is the application bundle PyInstaller makes beside the folder.
    top = "DealerDrill.app" if sys.platform == "darwin" and (DIST / "DealerDrill.app").is_dir() else BUNDLE.name
    partial = shutil.make_archive(str(stem) + ".part", kind, root_dir=DIST, base_dir=top)
    os.replace(partial, target)
    print(f"packed {target.relative_to(ROOT)} ({target.stat().st_size / 1e6:.0f} MB)")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if the bundle is up to date")
    parser.add_argument("--archive", action="store_true", help="also pack the bundle into one file")
    arguments = parser.parse_args(argv)
    with build_lock():
        wanted = fingerprint()
        if not arguments.force and is_current(wanted):
            print(f"{BUNDLE.relative_to(ROOT)} is up to date")
        else:
            FINGERPRINT.unlink(missing_ok=True)        # no fingerprint while a bundle is half built
            started = time.monotonic()
            build()
            FINGERPRINT.write_text(wanted + "\n")
            print(f"built {BUNDLE.relative_to(ROOT)} in {time.monotonic() - started:.0f} s")
        if arguments.archive:
            archive()
    return 0


if __name__ == "__main__":
    sys.exit(main())
