"""Help ▸ Keys names the keys of every table and every drill panel, and fits a laptop screen."""
from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication, QMessageBox

from dealerdrill import app as app_module
from dealerdrill.views.drill_view import GAME_TITLES, available_drills


def sections() -> dict[str, str]:
    """Heading -> the plain text under it."""
    parts = re.split(r"<b>([^<]+)</b>", app_module.KEYS_HELP)
    return {heading: re.sub(r"<[^>]+>|&nbsp;", " ", body) for heading, body in zip(parts[1::2], parts[2::2])}


def test_every_table_has_its_keys_listed(qtbot):
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    help_sections = sections()
    for table_id, title, _ in app_module.TABLES:
        text = help_sections[f"{title} table"]
        for action in window.tables[table_id].table_actions():
            key = action.shortcut().toString()
            assert re.search(rf"(^|[\s,/(]){re.escape(key)}:", text), f"{title}: key {key} is not listed"


def test_every_drill_panel_has_its_keys_listed():
    panels = sections()["Drill panels"]
    entries, problems = available_drills()
    assert problems == []
    titles = [entry.title for entry in entries]
    for entry in entries:
        title = entry.title.split(":")[0]
        if titles.count(entry.title) > 1:   # two drills of one name: told apart by their game
            title = f"{entry.title} ({GAME_TITLES[entry.game].lower()})"
        assert title.lower() in panels.lower(), f"{entry.id}: no keys for {title!r}"


def test_the_keys_box_fits_a_laptop(qtbot):
    box = QMessageBox(QMessageBox.Icon.Information, "Keys", app_module.KEYS_HELP)
    qtbot.addWidget(box)
    box.show()
    QApplication.processEvents()
    assert box.width() <= 1366 and box.height() <= 688
    assert box.width() >= 600  # two columns side by side, not one tall column
