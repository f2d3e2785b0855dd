"""The standalone bundle as a trainee meets it, for its tests and for `make bench`: built once per change of
its sources (packaging/build_bundle.py), copied out of the checkout, started with a bare environment.

The window is proven up from Qt's own log, not from a hook in the program: with the categories
qt.widgets.showhide and qt.widgets.painting on, Qt reports when it has painted the whole main window and
flushed it to its platform window, and when the trainee chooser (the ProfilePicker dialog) was shown.
"""
from __future__ import annotations

import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = ROOT / "packaging" / "build_bundle.py"
PROGRAM = "DealerDrill.exe" if sys.platform == "win32" else "DealerDrill"

# Qt's messages once the whole main window was drawn and handed to the screen (offscreen: its buffer).
WINDOW_DRAWN = re.compile(r"Flushing QRegion\(0,0 (\d+)x(\d+)\) of MainWindow\(0x[0-9a-f]+\) "
                          r'to QWidgetWindow\(0x[0-9a-f]+, name="MainWindowClassWindow"\)')
CHOOSER_SHOWN = re.compile(r'Setting visibility of ProfilePicker\(0x[0-9a-f]+, name="profilePicker"\).* to true')
QT_LOG_RULES = "qt.widgets.showhide.debug=true;qt.widgets.painting.debug=true"


def build_bundle() -> Path:
    """dist/DealerDrill in the checkout, built now unless its fingerprint says it is current."""
    done = subprocess.run([sys.executable, str(BUILD_SCRIPT)], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"building the bundle failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return ROOT / "dist" / "DealerDrill"


def copy_out(bundle: Path, folder: Path) -> Path:
    """A copy of the bundle in `folder` (outside the checkout); returns its program."""
    shutil.copytree(bundle, folder / "DealerDrill", symlinks=True)
    return folder / "DealerDrill" / PROGRAM


def bare_environment(home: Path, **more: str) -> dict[str, str]:
    """What `env -i HOME=... PATH=/usr/bin:/bin` leaves: no virtual environment, no PYTHONPATH, no
    project folder, no locale, no XDG folders (so the data folder is HOME's)."""
    return {"HOME": str(home), "PATH": "/usr/bin:/bin", **more}


@dataclass
class Start:
    seconds_to_window: float | None = None      # from the start of the process to the whole window drawn
    window_size: tuple[int, int] | None = None
    chooser_shown: bool = False
    running_when_seen: bool = False             # still alive once the window was seen (did not crash)
    returncode: int | None = None
    log: list[str] = field(default_factory=list)

    def tail(self, lines: int = 40) -> str:
        return "".join(self.log[-lines:])


def start_until_window(program: Path, home: Path, timeout: float = 60.0) -> Start:
    """Start the program offscreen with a bare environment, wait until Qt reports the main window drawn and
    the trainee chooser shown, then end it with SIGTERM (the program keeps every answer committed, so an
    ending by signal loses nothing). Never waits longer than `timeout`."""
    environment = bare_environment(home, QT_QPA_PLATFORM="offscreen", QT_LOGGING_RULES=QT_LOG_RULES)
    result = Start()
    lines: queue.Queue[str | None] = queue.Queue()
    started = time.perf_counter()
    process = subprocess.Popen([str(program)], env=environment, cwd=home, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")

    def read() -> None:  # the log goes on while the program runs: keep the pipe drained
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = started + timeout
    try:
        while result.seconds_to_window is None or not result.chooser_shown:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                break
            if line is None:
                break
            result.log.append(line)
            drawn = WINDOW_DRAWN.search(line)
            if drawn and result.seconds_to_window is None:
                result.seconds_to_window = time.perf_counter() - started
                result.window_size = (int(drawn.group(1)), int(drawn.group(2)))
            if CHOOSER_SHOWN.search(line):
                result.chooser_shown = True
        result.running_when_seen = process.poll() is None
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            result.returncode = process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            result.returncode = process.wait()
        reader.join(timeout=5)
        while True:
            try:
                line = lines.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                result.log.append(line)
    return result
