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

from pathlib import Path
from typing import Callable

from dealerdrill.records.transfer import ExportCancelled, dump_records
from dealerdrill.records.models import RecordFilter

from .cells import neutralise
from .tabular import ANSWER_COLUMNS, SESSION_COLUMNS, export_csv, export_xlsx, sessions_csv_path

FORMATS = ("pdf", "csv", "xlsx", "json")


def selected_trainees(records, f: RecordFilter) -> list[str]:
    """The names a filter selects, in roster order (unknown names raise UnknownTraineeError)."""
    if f.trainees is not None:
        return [records.trainee(name).name for name in f.trainees]
    return [t.name for t in records.trainees(include_archived=f.include_archived)]


def export(records, format: str, path: str | Path, f: RecordFilter | None = None,
           progress: Callable[[int, int], None] | None = None,
           cancel: Callable[[], bool] | None = None, signer=None) -> list[Path]:
    """Write an export; returns the files written (CSV writes two: answers and sessions). A PDF and a JSON
    records file are sealed with `signer`, the manager's key, when given (a records file only if its answers
    check out against the chains: records_file_seal(path) says how it went)."""
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


__all__ = ["ANSWER_COLUMNS", "ExportCancelled", "FORMATS", "SESSION_COLUMNS", "export", "export_csv",
           "export_xlsx", "neutralise", "selected_trainees", "sessions_csv_path"]
