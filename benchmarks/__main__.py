"""`make bench` / `python -m benchmarks [name ...]`: time each engine hot path against its reference."""
from __future__ import annotations

import importlib
import os
import sys

from .harness import fmt_value

SUITES = ["bench_rng", "bench_roulette", "bench_baccarat", "bench_paigow", "bench_recording", "bench_records",
          "bench_import", "bench_verdicts", "bench_gui", "bench_learn", "bench_review", "bench_bundle", "bench_room",
          "bench_pin"]


def main(argv: list[str]) -> int:
    wanted = set(argv)
    print(f"Dealer Drill benchmarks on {os.cpu_count()} cores (engine vs pure-Python reference, same run)")
    print(f"{'benchmark':46} {'engine':>11} {'reference':>11} {'ratio':>9}  target")
    all_met = True
    for suite in SUITES:
        try:
            module = importlib.import_module(f"benchmarks.{suite}")
        except ModuleNotFoundError as exc:
            print(f"  ({suite}: not available: {exc})")
            continue
        for result in module.run(wanted):
            mark = "" if result.met is None else ("  ok" if result.met else "  MISSED")
            all_met &= result.met is not False
            print(f"{result.name:46} {fmt_value(result.engine_seconds, result.unit):>11} "
                  f"{fmt_value(result.reference_seconds, result.unit):>11} {result.ratio:>8.0f}x  "
                  f"{result.target}{mark}")
            if result.note:
                print(f"    {result.note}")
    print("all targets met" if all_met else "some targets missed")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
