"""Timing helpers: best-of-N wall-clock per call, so the numbers are the machine's, not its noise."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

# The references live in tests/reference and are imported as `reference.*`, as the tests do.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def best_time(fn, repeat: int = 5, min_seconds: float = 0.2) -> float:
    """Seconds per call: calls are batched until a batch lasts min_seconds, best batch of `repeat` wins."""
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds or calls >= 1 << 20:
            break
        calls *= 2
    best = elapsed / calls
    for _ in range(repeat - 1):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


@dataclass
class Result:
    name: str
    engine_seconds: float          # per unit of work (one shuffle, one enumeration, N coups...)
    reference_seconds: float       # the same unit of work in the Python reference
    target: str = ""
    met: bool | None = None
    note: str = ""
    unit: str = "s"                # what the two value columns count: seconds, or e.g. "MB" for a size

    @property
    def ratio(self) -> float:
        return self.reference_seconds / self.engine_seconds


def fmt_value(value: float, unit: str = "s") -> str:
    return fmt_seconds(value) if unit == "s" else f"{value:.1f} {unit}"


def fmt_seconds(s: float) -> str:
    if s < 1e-6:
        return f"{s * 1e9:.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.1f} us"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"
