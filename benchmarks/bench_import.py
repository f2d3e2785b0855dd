"""Importing a records file (issue 13's target with issue 11's rules): answers per second and peak memory of
the import as it was (the two-pass import, frozen in benchmarks/legacy_transfer.py) against the one-pass
import, on its two paths, in the same run and on the same records:
- trusted: the file is signed by a manager key the importing workstation trusts, so the grades are taken as
  recorded (issue 13's target: at least 30,000 answers a second, at most 300 MB resident for 2 M answers);
- graded again: the same file from a key it does not trust, so every answer goes to the grading engine.

The records are the load tests' synthetic ones (tests/synthetic_records.py; IMPORT_ANSWERS answers, 200,000
unless DEALERDRILL_BENCH_IMPORT_ANSWERS says otherwise, e.g. 2000000). Their items were never made by a drill,
so the real engine cannot grade them again; all three imports are given the same stand-in engine, which
reads the synthetic rule for each answer (a JSON read and a sum, a few microseconds), so the comparison
measures the import itself. The real engine's own cost is measured apart, on real drill answers: it is what
bounds the graded-again path (150 to 300 answers a second on this machine in issue 11's measurements).

Each import runs in a child process of its own (a new interpreter, a new empty records file), so that its peak
resident memory (ru_maxrss) is its own. The files (a version-3 signed file; a version-2 file for the old
import) are written once and kept in the benchmarks' cache folder with the key that signed them.
`python -m benchmarks import` runs this suite alone.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .harness import Result

IMPORT_ANSWERS = int(os.environ.get("DEALERDRILL_BENCH_IMPORT_ANSWERS", "200000"))
TRAINEES = 200
# The old import takes some 15 minutes over 2 M answers: DEALERDRILL_BENCH_IMPORT_OLD=0 leaves it out.
MEASURE_OLD = os.environ.get("DEALERDRILL_BENCH_IMPORT_OLD", "1") != "0"
RATE_TARGET = 30_000          # answers a second, trusted path
RSS_TARGET_MB = 300           # for 2 M answers
CACHE = Path(tempfile.gettempdir()) / "dealerdrill-load-cache"
ROOT = Path(__file__).resolve().parent.parent


def stand_in_engine(drill, settings, item, answer, timed_out) -> bool:
    """The synthetic records' own rule for answer i (its item's text is "Question i")."""
    import synthetic_records as synthetic

    return synthetic.Plan.correct(int(json.loads(item)["text"].rsplit(" ", 1)[1]))


def _key(folder: Path):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

    from dealerdrill.desk.manager_key import ManagerKey

    path = folder / "bench-import-manager.key"
    if not path.exists():
        raw = Ed25519PrivateKey.generate().private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
        path.write_text(raw.hex())
    return ManagerKey(Ed25519PrivateKey.from_private_bytes(bytes.fromhex(path.read_text())))


def _files(plan) -> tuple[Path, Path, list[Result]]:
    """(the signed version-3 file, the version-2 file), written once into the cache."""
    import synthetic_records as synthetic

    from dealerdrill.records import Records, transfer

    from . import legacy_transfer

    results = []
    stem = f"import-{plan.trainees}t-{plan.answers}a-g{synthetic.GENERATOR_VERSION}"
    signed = CACHE / f"{stem}-v{transfer.FORMAT_VERSION}-signed.jsonl"
    old = CACHE / f"{stem}-v{legacy_transfer.FORMAT_VERSION}.jsonl"
    if signed.exists() and old.exists():
        return signed, old, results
    path = synthetic.cached(CACHE, plan)
    key = _key(CACHE)
    with Records(path, check=False, read_only=True) as records:
        start = time.perf_counter()
        transfer.dump_records(records, signed, signer=key)
        seconds = time.perf_counter() - start
        seal = transfer.records_file_seal(signed)
        results.append(Result(f"export {plan.answers:,} answers, signed", seconds, seconds, "", None,
                              f"once, cached; {plan.answers / seconds:,.0f} answers/s with every answer's chain "
                              f"link checked; {signed.stat().st_size / 2 ** 20:.0f} MB; "
                              f"{'signed' if seal.signed else 'NOT signed: ' + seal.unsigned_reason}"))
        legacy_transfer.dump_records(records, old)
    return signed, old, results


def _peak_rss_mb() -> float:
    """This process's peak resident memory. Linux keeps ru_maxrss across exec (a child started from a large
    parent would report the parent's), so the kernel's high-water mark of this program's own memory is read
    instead where there is one."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child(mode: str, file: str, folder: str) -> None:
    """In a child process: import `file` into a new records file in `folder`; print what happened as JSON."""
    sys.path.insert(0, str(ROOT / "tests"))
    from dealerdrill.records import Records, import_records

    from . import legacy_transfer

    records = Records(Path(folder) / "records.sqlite3", workstation="bench-importer")
    if mode == "trusted":
        # As a manager at the importing desk trusts another workstation's key: the trust is signed by this
        # workstation's own manager key (a key trusted by itself is no trust: chain.accepted_keys).
        from dealerdrill.desk import manager_key

        own = manager_key.new_key("246824")
        records.add_manager_key(own.public.raw, "Importing Manager", "this workstation", own, "Importing Manager")
        key = _key(CACHE)
        records.add_manager_key(key.public.raw, "Bench Manager", "trusted", own, "Importing Manager")
    importer = legacy_transfer.import_records if mode == "old" else import_records
    before = _peak_rss_mb()
    start, cpu = time.perf_counter(), time.process_time()
    result = importer(records, file, regrade=stand_in_engine)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    added = records.read("SELECT COUNT(*) FROM answers")[0][0]
    if mode == "trusted" and not result.grading.startswith("grades taken"):
        # The trusted path measured on the graded-again road would be a wrong number, not a slow one.
        raise SystemExit(f"the trusted import did not take the file's grades: {result.grading}")
    records.close()
    print(json.dumps({"seconds": seconds, "cpu": cpu, "answers_added": result.answers_added, "stored": added,
                      "refused": len(result.refused), "grading": getattr(result, "grading", ""),
                      "rss_before_mb": before, "rss_mb": _peak_rss_mb()}))


def _measure(mode: str, file: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix=f"dealerdrill-bench-import-{mode}-") as folder:
        done = subprocess.run([sys.executable, "-m", "benchmarks.bench_import", "--child", mode, str(file), folder],
                              cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        return {"failed": (done.stderr.strip().splitlines() or ["no output"])[-1][:160]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _engine_rate() -> tuple[float, int]:
    """Answers a second the real engine grades again (real answers of three drills, fresh drills each time
    as an import of many sessions makes them)."""
    from real_answers import play_for_real

    from dealerdrill.domain import Mode
    from dealerdrill.drills.regrade import Regrader
    from dealerdrill.records import Records

    with tempfile.TemporaryDirectory(prefix="dealerdrill-bench-engine-") as folder:
        with Records(Path(folder) / "records.sqlite3") as records:
            records.create_trainee("Bench")
            from real_answers import play_for_real

            for seed in range(4):
                play_for_real(records, "Bench", Mode.PRACTICE, [True, False] * 25, seed=seed)
            rows = records.read("SELECT s.drill, s.settings, a.item, a.answer, a.timed_out FROM answers a "
                                "JOIN sessions s ON s.id = a.session_id")
    regrade = Regrader()
    start = time.perf_counter()
    for drill, settings, item, answer, timed_out in rows:
        regrade(drill, settings, item, answer, bool(timed_out))
    return len(rows) / (time.perf_counter() - start), len(rows)


def _calibration() -> float:
    """CPU seconds of a fixed piece of Python, to compare runs on different or busy machines."""
    start = time.process_time()
    for _ in range(5000):
        sum(range(1000))
    return (time.process_time() - start) / 5000


def run(wanted):
    if wanted and not wanted & {"import", "records"}:
        return []
    import synthetic_records as synthetic

    plan = synthetic.Plan(trainees=TRAINEES, answers=IMPORT_ANSWERS)
    signed, old_file, results = _files(plan)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    modes = ("old", "trusted", "regrade") if MEASURE_OLD else ("trusted", "regrade")
    measured = {mode: _measure(mode, old_file if mode == "old" else signed) for mode in modes}
    if not MEASURE_OLD:
        measured["old"] = {"seconds": float("nan"), "cpu": float("nan"), "answers_added": None, "stored": None,
                           "rss_mb": float("nan"), "rss_before_mb": float("nan")}
    old = measured["old"]
    n = plan.answers
    for mode, label in (("trusted", "trusted (signed file)"), ("regrade", "graded again (stand-in engine)")):
        new = measured[mode]
        if "failed" in new or "failed" in old:
            results.append(Result(f"import {n:,} answers: {label}", 1, 1, f">= {RATE_TARGET:,}/s", False,
                                  f"FAILED: {new.get('failed') or old.get('failed')}"))
            continue
        rate = n / new["seconds"]
        same = (new["answers_added"], new["stored"]) == (old["answers_added"], old["stored"])
        results.append(Result(
            f"import {n:,} answers: {label}", new["seconds"], old["seconds"],
            f">= {RATE_TARGET:,}/s" if mode == "trusted" else "", rate >= RATE_TARGET if mode == "trusted" else None,
            f"new {rate:,.0f} answers/s ({n / new['cpu']:,.0f} per CPU second), old {n / old['seconds']:,.0f}/s "
            f"({n / old['cpu']:,.0f} per CPU second); {new['answers_added']:,} added, "
            f"{new['refused']} sessions refused (tests under another pass mark), "
            f"{'the same as' if same else 'NOT the same as'} the old import; {new['grading'][:90]}"))
        results.append(Result(
            f"import peak RSS: {label}", new["rss_mb"], old["rss_mb"], f"<= {RSS_TARGET_MB} MB",
            new["rss_mb"] <= RSS_TARGET_MB if mode == "trusted" else None,
            f"child process, peak (VmHWM); {new['rss_before_mb']:.0f} MB before the import (interpreter, "
            f"modules), old {old['rss_before_mb']:.0f} MB",
            unit="MB"))
    rate, count = _engine_rate()
    results.append(Result("engine: grade a real answer again", 1 / rate, 1 / rate, "", None,
                          f"{rate:,.0f} answers/s over {count} answers of real drills: the bound of the graded-again "
                          f"path"))
    results.append(Result("machine: sum(range(1000)), for comparison", _calibration(), _calibration(), "", None,
                          f"load average {load:.1f} on {os.cpu_count()} cores as the imports began: the imports "
                          f"share the machine, so compare answers per CPU second too"))
    return results


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(*sys.argv[2:5])
