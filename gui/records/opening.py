"""Opening records by where they are: a file path (SQLite, one desk) or a postgresql:// URL (the training
room's server). Qt-free. The command line, the desk and worker processes all open records through here."""
from __future__ import annotations

from pathlib import Path

URL_SCHEMES = ("postgresql://", "postgres://")


def is_room_url(location) -> bool:
    return isinstance(location, str) and location.strip().lower().startswith(URL_SCHEMES)


def open_records(location: str | Path | None = None, **options):
    """Records at `location`: RoomRecords for a postgresql:// URL, Records (SQLite) for anything else
    (None: this workstation's file). `options` are those of the class's constructor."""
    if is_room_url(location):
        from .room_store import RoomRecords

        return RoomRecords(str(location), **options)
    from .store import Records

    return Records(location, **options)
