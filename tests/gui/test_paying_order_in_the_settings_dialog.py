"""The house's reading of the roulette paying order is set in the settings dialog (Roulette page), with the
manager role only, saved, signed, and used by the payout drill."""
from __future__ import annotations

import json

from reference import roulette as ref

from dealerdrill import app as app_module, paths
from dealerdrill.core import Rng, roulette
from dealerdrill.drills.base import registry

PIN = "482648"
MANAGER = "Mere Smith"


def test_a_manager_sets_the_house_s_paying_order_and_the_drill_grades_by_it(qtbot):
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_settings()
    box = window.settings_dialog._editors["roulette"]["inside_paying_order"]
    assert [box.itemData(i) for i in range(box.count())] == [r.value for r in roulette.PayingOrder]
    assert not box.isEnabled()                                  # locked: a trainee cannot change it
    window.settings_dialog.reject()

    window.desk.set_first_pin(MANAGER, PIN, PIN)
    window.open_settings()
    dialog = window.settings_dialog
    box = dialog._editors["roulette"]["inside_paying_order"]
    assert box.isEnabled() and box.currentData() == "by odds"   # the dialog shows the reading in force
    box.setCurrentIndex(box.findData("streets first"))
    dialog.accept()
    assert window.settings().roulette.inside_paying_order == "streets first"
    saved = json.loads(paths.settings_file().read_text(encoding="utf-8"))
    assert saved["roulette"]["inside_paying_order"] == "streets first"
    audit = [entry for entry in window.desk.records.audit_log() if entry.action == "settings_changed"]
    assert audit and audit[0].detail == "Roulette: Inside wagers paid by odds → streets first"

    drill = registry()["roulette.payout"](window.drills.settings())
    for seed in range(60):
        item = drill.generate(Rng(seed), 3, "roulette.payout.street")
        kinds = ["column" if isinstance(p, str) else ref.classify(p) for p, _ in item.key["payments"]]
        if {"street", "corner"} <= set(kinds):
            break
    assert ref.first_paid_too_late(kinds, "streets first") is None
    assert kinds.index("street") < kinds.index("corner")
    window.close()
