"""Time the parts of `dealerdrill verify` (issue 11) one after another, each in this one process, then the whole
verify with its worker processes; wall and CPU seconds, and the load average before each, so that a
measurement on the shared 2-core machine says how loaded it was.

    python scripts/time_verify.py [RECORDS_FILE] [--parts-only | --whole-only] [--python-road]

The parts use the C scan where it is built (--python-road: the Python check the scan stands in for).

Without a file, the benchmark's 2-million-answer file in the temporary folder (`python -m benchmarks records`
makes it). The parts' CPU seconds add up to what verify asks of the machine: on two cores the whole can take
no less than half their sum, however the work is spread.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path


def _default_file() -> Path:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import synthetic_records as synthetic

    return Path(tempfile.gettempdir()) / "dealerdrill-load-cache" / synthetic.Plan().file_name()


def _timed(name: str, fn):
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{name:<44} wall {wall:6.2f} s   cpu {cpu:6.2f} s   (load {load:.2f} before)", flush=True)
    return out, cpu


def main(argv: list[str]) -> int:
    from dealerdrill.records import Records, answer_scan, verify as v

    flags = {a for a in argv if a.startswith("--")}
    files = [a for a in argv if not a.startswith("--")]
    path = Path(files[0]) if files else _default_file()
    records = Records(path, check=False)
    last = records.read("SELECT COALESCE(MAX(id), 0) FROM answers")[0][0]
    print(f"{path} ({last:,} answers); load average {os.getloadavg()}")
    if "--whole-only" not in flags:
        found = v._Found()
        total = 0.0
        _, cpu = _timed("triggers", lambda: v._check_triggers(records, found))
        total += cpu
        scan = answer_scan.AVAILABLE and "--python-road" not in flags
        road = "C scan" if scan else "Python"
        if scan:
            facts, cpu = _timed("answer_facts by session and hour (C scan)",
                                lambda: answer_scan.scan_facts(str(path), last))
        else:
            facts, cpu = _timed("answer_facts by session and hour (SQL)", lambda: v._facts_by_hour(records))
        total += cpu
        groups: dict = {}
        half = last // 2
        for first, end in ((1, half + 1), (half + 1, last + 1)):
            (_problems, part), cpu = _timed(f"answers chain ({road}), rows {first:,}-{end - 1:,}",
                                            lambda f=first, e=end: (v._scanned_range(str(path), f, e) if scan else
                                                                    v._answer_range(records.stream, records.read, f,
                                                                                    e)))
            total += cpu
            for key, values in part.items():
                mine = groups.get(key)
                groups[key] = values if mine is None else [mine[0] + values[0], mine[1] + values[1],
                                                           mine[2] + values[2], mine[3] + values[3],
                                                           mine[4] + values[4], max(mine[5], values[5])]
        counts = v.session_counts_of(groups)
        _, cpu = _timed("ledger (chain, signatures, entries)",
                        lambda: v._check_ledger(records, found, lambda count: None, lambda: counts))
        total += cpu
        _, cpu = _timed("summaries compared", lambda: v._check_summaries(records, found, groups, facts))
        total += cpu
        print(f"parts: {total:.2f} CPU seconds, so at least {total / 2:.2f} s on two cores; "
              f"{len(found)} problems")
    if "--parts-only" not in flags:
        found_all, _ = _timed("whole verify (C scan threads or workers for the chain)", records.verify)
        print(f"{len(found_all)} problems")
    records.close()
    return 0


if __name__ == "__main__":   # the verify's spawned workers import this file again: only run here
    sys.exit(main(sys.argv[1:]))
