"""The standalone bundle (make dist): time from starting it to its whole main window drawn, and its size.

The bundle is built first if its sources changed (packaging/build_bundle.py), then copied to a temporary
folder and started as a trainee's desk would start it: a bare environment (no virtual environment, no
project on any path), Qt offscreen, a new home folder each time (so each start is a first start, with the
trainee chooser). The time runs from launching the process to Qt's report that the whole main window was
painted and flushed (tests/bundle_probe.py); best of 3 after one start that warms the disk cache, the
first start in the note. The size is the bytes of every file in dist/DealerDrill (1 MB = 10^6 bytes).
No reference implementation: the "reference" column holds the budget, so the ratio reads as "times within
budget" (below 1x: missed).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from .harness import Result

START_BUDGET = 2.0        # seconds
SIZE_BUDGET_MB = 250.0


def _size_mb(folder: Path) -> float:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink()) / 1e6


def run(wanted):
    if wanted and not wanted & {"bundle", "dist", "startup"}:
        return []
    import bundle_probe  # tests/ is on the path (harness.py)

    bundle = bundle_probe.build_bundle()
    size = _size_mb(bundle)
    with tempfile.TemporaryDirectory(prefix="dd-bench-bundle-") as scratch:
        scratch = Path(scratch)
        program = bundle_probe.copy_out(bundle, scratch)
        starts = []
        for index in range(4):
            home = scratch / f"home-{index}"
            home.mkdir()
            start = bundle_probe.start_until_window(program, home)
            if start.seconds_to_window is None:
                raise RuntimeError(f"the bundle's window never came up:\n{start.tail()}")
            starts.append(start.seconds_to_window)
    best = min(starts[1:])
    fingerprint = bundle.parent / "DealerDrill.fingerprint"
    archives = [path for path in sorted(bundle.parent.glob("DealerDrill-*.tar.gz"))
                if path.stat().st_mtime >= fingerprint.stat().st_mtime]      # packed from this very bundle
    packed = f"; packed {archives[-1].stat().st_size / 1e6:.0f} MB ({archives[-1].name})" if archives else ""
    runs = ", ".join(f"{seconds:.2f}" for seconds in starts[1:])
    return [
        Result("bundle: start to a drawn window (best of 3)", best, START_BUDGET, f"<= {START_BUDGET:g} s",
               best <= START_BUDGET, note=f"first start {starts[0]:.2f} s; then {runs} s"),
        Result("bundle: size of dist/DealerDrill", size, SIZE_BUDGET_MB, f"<= {SIZE_BUDGET_MB:g} MB",
               size <= SIZE_BUDGET_MB, note=f"{size:.1f} MB in files{packed}", unit="MB"),
    ]
