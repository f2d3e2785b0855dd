"""Where Dealer Drill keeps per-user files. Qt-free.

The folders come from platformdirs; setting DEALERDRILL_HOME puts everything under one folder instead
(used by the tests and by portable installs on a USB stick).
"""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "DealerDrill"
HOME_VARIABLE = "DEALERDRILL_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def config_dir(create: bool = True) -> Path:
    """Folder for settings (settings.json)."""
    home = _override()
    if home is not None:
        folder = home / "config"
    else:
        import platformdirs

        folder = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_dir(create: bool = True) -> Path:
    """Folder for records, logs and exports."""
    home = _override()
    if home is not None:
        folder = home / "data"
    else:
        import platformdirs

        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_file() -> Path:
    return config_dir() / "settings.json"


def error_log_file() -> Path:
    return data_dir() / "errors.log"
