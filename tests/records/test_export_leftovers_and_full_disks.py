"""An export killed half-way leaves its hidden part file, but the next export into that folder, of any name,
removes it (a part a live export is still writing is kept). An export onto a full disk says which disk is
full and that only the export failed, in one plain sentence, with no traceback from the zip module; it
leaves no part behind and any earlier file of that name untouched.

The full disk is a small tmpfs when this machine lets the tests mount one (CI runs as root), else a file-size
limit (RLIMIT_FSIZE) in the child process that exports. Every export here runs in a child process held to a
time limit."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dealerdrill.records.transfer import STALE_PART_SECONDS, hold_part, part_file

TESTS = Path(__file__).resolve().parents[1]
FORMATS = ("csv", "xlsx", "json", "pdf")


@pytest.fixture(scope="module")
def records_file(tmp_path_factory) -> Path:
    sys.path.insert(0, str(TESTS))
    import synthetic_records

    return synthetic_records.generate(tmp_path_factory.mktemp("records") / "records.sqlite3",
                                      synthetic_records.Plan(trainees=12, answers=12_000))


def run_export(records_file: Path, fmt: str, out: Path, *, kill_after_first_batch: bool = False,
               file_size_limit: int | None = None) -> subprocess.CompletedProcess:
    """Export in a child process; it prints the plain message of a failure, or "written"."""
    code = textwrap.dedent(f"""
        import os, resource, signal, sys
        if {file_size_limit or 0} > 0:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)      # a write past the limit fails (EFBIG) instead
            resource.setrlimit(resource.RLIMIT_FSIZE, ({file_size_limit!r}, {file_size_limit!r}))
        from dealerdrill.drills.catalog import DRILL_CATALOG
        from dealerdrill.exports import export
        from dealerdrill.records import Records
        records = Records({str(records_file)!r}, read_only=True, check=False, catalog=DRILL_CATALOG)
        if {file_size_limit or 0} > 0:
            # The limit holds for SQLite's temporary files too: keep them in memory, so that only the export
            # itself meets it.
            records._connection.execute("PRAGMA temp_store = MEMORY")

        def progress(done, total):
            if {kill_after_first_batch!r} and 0 < done < total:
                os.kill(os.getpid(), signal.SIGKILL)

        try:
            export(records, {fmt!r}, {str(out)!r}, progress=progress)
        except Exception as error:
            print(f"{{type(error).__name__}}: {{error}}")
        else:
            print("written")
        """)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240,
                          env={**os.environ, "DEALERDRILL_HOME": str(out.parent / ".home")})


def age(path: Path) -> None:
    """Make a file look as if it was last written a minute ago."""
    then = time.time() - max(60, 10 * STALE_PART_SECONDS)
    os.utime(path, (then, then))


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "json"])
def test_a_killed_exports_part_is_removed_by_the_next_export_into_the_folder(records_file, tmp_path, fmt):
    killed = tmp_path / f"killed.{fmt}"
    child = run_export(records_file, fmt, killed, kill_after_first_batch=True)
    assert child.returncode == -9, child.stdout + child.stderr
    left = part_file(killed)
    assert left.is_file() and left.stat().st_size > 0 and not killed.exists()
    age(left)
    # A part that a live export holds is never touched, however old it looks.
    busy = part_file(tmp_path / "busy.xlsx")
    with open(busy, "wb") as handle:
        hold_part(handle)
        handle.write(b"being written")
        handle.flush()
        age(busy)
        assert run_export(records_file, "csv", tmp_path / "next.csv").stdout.strip() == "written"
        assert not left.exists()
        assert busy.read_bytes() == b"being written"
    assert (tmp_path / "next.csv").is_file()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".part")) == [busy.name]


def test_a_part_just_made_is_not_taken_for_a_leftover(records_file, tmp_path):
    """Between making a part and locking it a writer holds no lock yet: a part younger than a few seconds
    is left alone."""
    fresh = part_file(tmp_path / "fresh.csv")
    fresh.write_bytes(b"just made")
    assert run_export(records_file, "json", tmp_path / "other.json").stdout.strip() == "written"
    assert fresh.read_bytes() == b"just made"


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "64k"):
    """A tmpfs of `size` mounted at `folder`, or None when this machine does not let the tests mount one."""
    folder.mkdir()
    try:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                                 capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        mounted = False
    try:
        yield folder if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], capture_output=True, timeout=30)


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_onto_a_full_disk_says_which_disk_and_changes_nothing(records_file, tmp_path, fmt):
    with small_disk(tmp_path / "disk") as disk:
        folder = disk if disk is not None else tmp_path / "disk"
        earlier = folder / f"out.{fmt}"
        earlier.write_bytes(b"an earlier export")
        if disk is not None:
            child = run_export(records_file, fmt, earlier)
            expected = (f"ExportWriteError: The disk at {disk} is full, so out.{fmt} was not written (an earlier "
                        "file of that name is untouched; the records are unchanged). Free some space there, or "
                        "export to another disk.")
        else:
            # Above what SQLite's shared-memory file needs (32 KB), below every export of these records.
            child = run_export(records_file, fmt, earlier, file_size_limit=48 * 1024)
            expected = (f"ExportWriteError: The export grew larger than this system lets a file be, so out.{fmt} "
                        "was not written (an earlier file of that name is untouched; the records are unchanged). "
                        "Export fewer trainees or a shorter period at a time.")
        assert child.stdout.strip() == expected, child.stderr[-2000:]
        assert "Traceback" not in child.stderr and "Exception ignored" not in child.stderr, child.stderr
        assert "NOT stored" not in child.stdout
        assert earlier.read_bytes() == b"an earlier export"
        assert sorted(path.name for path in folder.iterdir()) == [f"out.{fmt}"]   # no part left behind
