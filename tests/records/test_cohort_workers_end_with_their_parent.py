"""A cohort PDF export reads its figures in worker processes. They are spawned (never forked from the
window's process) and end with their parent: when the exporting process is killed, no worker survives it
and nothing holds the records file open any more."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dealerdrill.exports import scorecard

TESTS = Path(__file__).resolve().parents[1]


def holders_of(path: Path) -> set[int]:
    """The processes that have `path` open (from /proc)."""
    target = str(path.resolve())
    holders = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for descriptor in (entry / "fd").iterdir():
                if os.readlink(descriptor) == target:
                    holders.add(int(entry.name))
                    break
        except OSError:
            continue
    return holders


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status          # a zombie has ended; only its parent's wait is missing


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see processes and their files")
def test_killing_a_cohort_export_leaves_no_worker_and_no_open_records(tmp_path):
    sys.path.insert(0, str(TESTS))
    import synthetic_records

    trainees = scorecard.WORKERS_FROM + 2
    records_file = synthetic_records.generate(tmp_path / "records.sqlite3",
                                              synthetic_records.Plan(trainees=trainees, answers=trainees * 400))
    code = textwrap.dedent(f"""
        import multiprocessing, sys, time
        from dealerdrill.drills.catalog import DRILL_CATALOG
        from dealerdrill.exports import export
        from dealerdrill.records import Records
        records = Records({str(records_file)!r}, read_only=True, check=False, catalog=DRILL_CATALOG)

        def progress(done, total):
            if done == 1:                      # the workers are reading the next trainees' figures now
                print(" ".join(str(child.pid) for child in multiprocessing.active_children()), flush=True)
                time.sleep(120)                # stay in the middle of the export until killed

        export(records, "pdf", {str(tmp_path / "cohort.pdf")!r}, progress=progress)
        """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "DEALERDRILL_HOME": str(tmp_path / "home")})
    try:
        line = child.stdout.readline()
        workers = [int(pid) for pid in line.split()]
        assert workers, f"no worker was started: {line!r} {child.stderr.read() if child.poll() is not None else ''}"
        deadline = time.monotonic() + 30
        while not all(pid in holders_of(records_file) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(pid in holders_of(records_file) for pid in workers), "the workers never opened the records"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        survivors = [pid for pid in workers if alive(pid)]
        assert not survivors, f"workers {survivors} outlived the killed export"
        assert holders_of(records_file) == set()
        assert not (tmp_path / "cohort.pdf").exists()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
        for pid in workers if "workers" in locals() else []:
            try:
                os.kill(pid, signal.SIGKILL)      # never leave one behind, whatever the outcome
            except OSError:
                pass


def test_a_cohort_export_with_workers_still_matches_one_without(records, play, tmp_path, monkeypatch):
    """The spawned workers read the same figures this process would (the cohort is just big enough)."""
    from pypdf import PdfReader

    from dealerdrill.exports import export

    for number in range(scorecard.WORKERS_FROM):
        name = f"Trainee {number:02d}"
        records.create_trainee(name)
        play(name, "baccarat.table_of_play", "practice", [("banker.third", number % 3 != 0, 2.0)] * 3)
    [with_workers] = export(records, "pdf", tmp_path / "with.pdf")
    monkeypatch.setattr(scorecard, "WORKERS", 0)
    [without] = export(records, "pdf", tmp_path / "without.pdf")

    def text(path):   # the pages' text, less the printing time (the test's clock moves on)
        return [re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d", "<time>", page.extract_text()) for page in PdfReader(path).pages]

    assert text(with_workers) == text(without)
