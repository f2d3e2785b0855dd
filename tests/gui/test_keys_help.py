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


def test_the_table_of_play_keys_are_what_the_panel_does(qtbot):
    # The box said "Backspace restarts"; the panel never takes a draw or stand call back (the card it dealt
    # would tell the answer), and says so when Backspace is pressed.
    from PySide6.QtCore import Qt

    from dealerdrill.core import Rng
    from dealerdrill.drills.baccarat_drills import TableOfPlayDrill
    from dealerdrill.views.drill_panels_baccarat import TableOfPlayPanel

    line = next(line for line in sections()["Drill panels"].split("\n") if line.startswith("Table of play"))
    assert "restart" not in line and "final" in line
    panel = TableOfPlayPanel()
    qtbot.addWidget(panel)
    drill = TableOfPlayDrill()
    item = drill.generate(Rng(2), 1, None)
    panel.show_item(item)
    panel.handle_key(Qt.Key_S, "s")
    panel.handle_key(Qt.Key_Backspace, "")
    assert panel.choices == {"player": "stand"} and "final" in panel.entry.text()


def test_the_drills_keys_name_left_and_right_for_the_mode():
    assert "Left/Right: mode" in sections()["Drills"]
