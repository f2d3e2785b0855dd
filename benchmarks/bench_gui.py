"""The desktop app: time from launch to a shown main window, and the roulette wheel's frame rate.

Both run in a child process with Qt offscreen and a throw-away DEALERDRILL_HOME, so a developer's records
and settings never count. There is no Python reference for these: the "reference" column shows the
target, and the ratio is target / measured (above 1 = within target)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

from .harness import Result

STARTUP_TARGET = 1.5     # seconds to a window
FPS_TARGET = 55.0        # frames per second while the wheel spins

_PROBE = r"""
import json, sys, time
start = time.perf_counter()
from dealerdrill.app import MainWindow, create_app
app = create_app(["bench"])
window = MainWindow()
window.show()
app.processEvents()
shown = time.perf_counter() - start
from PySide6.QtCore import QEventLoop, QTimer
from dealerdrill.core import Rng
table = window.tables["roulette"]
wheel = table.wheel
loop = QEventLoop()
wheel.spinFinished.connect(loop.quit)
before = wheel.frames_painted
t0 = time.perf_counter()
wheel.spin_to(17, 3.0)
QTimer.singleShot(10_000, loop.quit)
loop.exec()
elapsed = time.perf_counter() - t0
print(json.dumps({"startup": shown, "fps": (wheel.frames_painted - before) / elapsed}))
"""


def _probe() -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALERDRILL_HOME=tempfile.mkdtemp(prefix="dd-bench-"))
    # A user's install keeps compiled bytecode; a shell that forbids writing it would time the compiler.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(wanted):
    if wanted and not wanted & {"gui", "startup", "fps"}:
        return []
    _probe()  # warm-up: writes the bytecode cache, as a user's first start does once
    runs = [_probe() for _ in range(3)]
    startup = min(r["startup"] for r in runs)
    fps = max(r["fps"] for r in runs)
    return [
        Result("start-up to a shown window (best of 3)", startup, STARTUP_TARGET, f"< {STARTUP_TARGET} s",
               startup < STARTUP_TARGET, note=f"{startup:.2f} s; reference column = the target"),
        Result("roulette wheel frames per second (3 s spin)", 1 / fps, 1 / FPS_TARGET, f">= {FPS_TARGET:g} fps",
               fps >= FPS_TARGET, note=f"{fps:.0f} frames per second; ratio = fps / target"),
    ]
