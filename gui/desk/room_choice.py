"""Which records a desk uses: its own SQLite file, or the training room's PostgreSQL server. Qt-free.

The room is chosen, in this order, by
1. DEALERDRILL_RECORDS_URL=postgresql://... in the environment (a desk set up by IT, the tests), with
   DEALERDRILL_MANAGER_RECORDS_URL for the manager's own login at that desk;
2. the "Training room server" setting on the Manager page (a manager's choice, kept in room.json in the data
   folder: the URLs only, never a password; libpq's password or service file, or the OS keyring, hold the desk
   login's; the manager's is typed at each unlock and kept in memory until the role locks);
3. neither: the desk's own records file (SQLite), as before.
A changed setting applies when Dealer Drill starts next.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

ROOM_FILE_NAME = "room.json"
URL_VARIABLE = "DEALERDRILL_RECORDS_URL"
MANAGER_URL_VARIABLE = "DEALERDRILL_MANAGER_RECORDS_URL"


@dataclass(frozen=True)
class RoomChoice:
    url: str
    manager_url: str | None
    source: str               # "environment" | "setting"


def room_file(data_folder: Path | None = None) -> Path:
    from dealerdrill import paths

    return (data_folder or paths.data_dir()) / ROOM_FILE_NAME


def chosen_room(data_folder: Path | None = None) -> RoomChoice | None:
    """The room this desk uses, or None for its own records file. A setting file that cannot be read is
    taken as no room (the desk's own file), never as a crash."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    if url:
        return RoomChoice(url, os.environ.get(MANAGER_URL_VARIABLE, "").strip() or None, "environment")
    try:
        saved = json.loads(room_file(data_folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(saved, dict) or not isinstance(saved.get("url"), str) or not saved["url"].strip():
        return None
    manager = saved.get("manager_url")
    return RoomChoice(saved["url"].strip(), manager.strip() if isinstance(manager, str) and manager.strip() else None,
                      "setting")


def save_room(url: str | None, manager_url: str | None = None, data_folder: Path | None = None) -> Path:
    """Keep the setting (None or "": back to the desk's own records file). RoomUrlError, nothing written, for
    a URL that is not PostgreSQL's or that holds a password."""
    from dealerdrill.records.room_connection import check_url
    from dealerdrill.records.transfer import write_atomically

    target = room_file(data_folder)
    if not url or not url.strip():
        target.unlink(missing_ok=True)
        return target
    check_url(url, allow_password=False)
    if manager_url and manager_url.strip():
        check_url(manager_url, allow_password=False)
    document = {"url": url.strip(), "manager_url": manager_url.strip() if manager_url and manager_url.strip() else None}
    return write_atomically(target, lambda handle: handle.write(json.dumps(document, indent=1) + "\n"))
