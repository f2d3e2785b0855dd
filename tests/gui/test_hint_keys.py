"""The hint's keys never collide with a panel's own: on every drill's page, at every level, H gives the hint
exactly where the hint button and the key line say it does, and F1 gives it everywhere. The house-way panel
said "Hint (H / F1)" while H put a tile in the high hand."""
from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealerdrill import app as app_module
from dealerdrill.domain import Mode
from dealerdrill.views import drill_view
from dealerdrill.views.drill_view import DrillView


def test_every_panel_s_hint_keys_are_the_keys_that_give_the_hint(qtbot):
    entries, problems = drill_view.available_drills()
    assert problems == []
    view = DrillView(entries=entries, seed=3)
    qtbot.addWidget(view)
    view.resize(1366, 768)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitActive(view):
        view.activateWindow()
    keeping_h = set()
    for entry in entries:
        for level in (1, 2, 3):
            view.start(entry.id, Mode.PRACTICE, difficulty=level)
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_H)
            h_gave_the_hint = view.hint_label.isVisible()
            said = (view.hint_button.text(), view.keys_label.text())
            if h_gave_the_hint:
                assert said[0] == "Hint (H / F1)" and "H or F1: hint" in said[1], (entry.id, said)
            else:
                keeping_h.add(entry.title)
                assert said[0] == "Hint (F1)" and "F1: hint" in said[1] and "H or" not in said[1], (entry.id, said)
            view.hint_label.hide()
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_F1)
            assert view.hint_label.isVisible(), f"{entry.id}: F1 gave no hint"
            view.finish()
    # The panels found keeping H are the ones Help ▸ Keys names as taking the hint on F1 only.
    assert keeping_h == {"Tiles: names, ranks, points, pairs", "Set the bank's hand the house way"}
    line = re.sub(r"\s+", " ", app_module.KEYS_HELP.split("H or F1: hint; F1 only in ")[1].split("<br>")[0])
    named = re.split(r" and |, ", line)
    for title in keeping_h:
        assert any(title.startswith(name) for name in named), f"Help ▸ Keys does not name {title!r} (F1 only)"
