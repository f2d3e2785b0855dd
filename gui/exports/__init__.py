"""Exports of the records (Qt-free): scorecard PDFs, CSV and XLSX tables, JSON records files for merging.

One entry point for the views and the command line:

    export(records, "pdf" | "csv" | "xlsx" | "json", path, filter, progress=None, cancel=None) -> [paths]

`filter` (a RecordFilter) selects the trainees (its `trainees` names; None = every active trainee, plus
archived ones with include_archived), the period (local days) and game/drill/mode. `progress(done, total)`
is called as the export goes; `cancel()` is polled and, once it returns True, the export stops with
ExportCancelled and leaves no file. Exports may run in a worker thread: give them `records.clone()`
(SQLite connections belong to the thread that opened them), and post progress to the UI thread from the
callback (e.g. a Qt signal); the export never touches a widget.
"""
from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from dealerdrill.records import RecordsError, RecordsFullError
from dealerdrill.records.models import RecordFilter
from dealerdrill.records.transfer import ExportCancelled, dump_records

from .cells import neutralise
from .tabular import ANSWER_COLUMNS, SESSION_COLUMNS, export_csv, export_xlsx, sessions_csv_path

FORMATS = ("pdf", "csv", "xlsx", "json")


def selected_trainees(records, f: RecordFilter) -> list[str]:
    """The names a filter selects, in roster order (unknown names raise UnknownTraineeError)."""
    if f.trainees is not None:
        return [records.trainee(name).name for name in f.trainees]
    return [t.name for t in records.trainees(include_archived=f.include_archived)]


class ExportWriteError(OSError):
    """The export could not be written (a full disk, a size limit, a folder that cannot be written to); the
    message says so in plain words. Nothing else changed: the records are only read, and an earlier file of
    that name is untouched."""


def _disk_of(folder: Path) -> Path:
    """The mount point of the disk (file system) that holds `folder`."""
    folder = folder.absolute()
    while not os.path.ismount(folder) and folder.parent != folder:
        folder = folder.parent
    return folder


def _write_failure(error: OSError, path: Path) -> ExportWriteError:
    folder = path.absolute().parent
    untouched = f"so {path.name} was not written (an earlier file of that name is untouched; the records are " \
                f"unchanged)"
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        disk = _disk_of(folder)
        where = f"The disk at {disk}" + (f" (holding {folder})" if disk != folder else "")
        return ExportWriteError(f"{where} is full, {untouched}. Free some space there, or export to another disk.")
    if error.errno == errno.EFBIG:
        return ExportWriteError(f"The export grew larger than this system lets a file be, {untouched}. Export "
                                f"fewer trainees or a shorter period at a time.")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ExportWriteError(f"Dealer Drill may not write to {folder}, {untouched}. Choose another folder.")
    return ExportWriteError(f"Writing to {folder} failed ({error.strerror or error}), {untouched}.")


def export(records, format: str, path: str | Path, f: RecordFilter | None = None,
           progress: Callable[[int, int], None] | None = None,
           cancel: Callable[[], bool] | None = None, signer=None, judge=None) -> list[Path]:
    """Write an export; returns the files written (CSV writes two: answers and sessions). A PDF and a JSON
    records file are signed with `signer`, the manager's key, when given: a PDF with a standard PDF signature by
    its PDF signing key (scorecard_signature.py), a records file only if its answers check out against the chains
    (records_file_seal(path) says how it went). Tests are judged by `judge` (the
    asking desk's, dealerdrill.verdicts.Judge) when given. A failure to write raises ExportWriteError in plain
    words."""
    from dealerdrill.verdicts import judging_with

    try:
        with judging_with(judge):
            return _export(records, format, path, f, progress, cancel, signer)
    except ExportWriteError:
        raise
    except OSError as error:
        raise _write_failure(error, Path(path)) from None
    except RecordsFullError:
        # Only reading happened: SQLite found no room for the temporary files a large query needs. The
        # records' own message ("the last change was NOT stored") would be wrong here.
        raise ExportWriteError(
            f"A disk is full: reading the records for the export needs room for temporary files (in "
            f"{tempfile.gettempdir()} or beside the records in {records.path.parent}), so {Path(path).name} was "
            f"not written. The records are unchanged. Free some space, then export again.") from None
    except RecordsError as error:
        if type(error) is not RecordsError:      # damaged, locked...: their own words are right
            raise
        # A disk error while only reading (the records' own message would speak of a change not stored).
        raise ExportWriteError(
            f"Reading the records for the export failed: the disk holding them ({records.path.parent}) or the one "
            f"for temporary files ({tempfile.gettempdir()}) reported an error (it may be full or failing), so "
            f"{Path(path).name} was not written. The records are unchanged.") from None


def _export(records, format, path, f, progress, cancel, signer) -> list[Path]:
    f = f or RecordFilter()
    format = format.lower()
    names = selected_trainees(records, f)
    # Pin the selection to the names resolved now, so every part of the export covers the same people.
    f = RecordFilter(f.date_from, f.date_to, f.game, f.drill, f.mode, tuple(names), f.include_archived)
    if format == "pdf":
        from .scorecard import export_pdf

        return export_pdf(records, path, names, f, progress, cancel, signer)
    if format == "csv":
        return export_csv(records, path, f, progress, cancel)
    if format == "xlsx":
        return export_xlsx(records, path, f, progress, cancel)
    if format == "json":
        return [dump_records(records, path, f, progress, cancel, signer)]
    raise ValueError(f"{format!r} is not an export format ({', '.join(FORMATS)})")


__all__ = ["ANSWER_COLUMNS", "ExportCancelled", "ExportWriteError", "FORMATS", "SESSION_COLUMNS", "export",
           "export_csv", "export_xlsx", "neutralise", "selected_trainees", "sessions_csv_path"]
