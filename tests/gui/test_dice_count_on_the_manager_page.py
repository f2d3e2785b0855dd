"""The house's reading of the pai gow dice count is set on the Manager page (House ways tab), with the manager
role only, saved and used by the dice-and-delivery drill and the Pai Gow table."""
from __future__ import annotations

import json

from reference import procedure as ref

from dealerdrill import app as app_module, paths
from dealerdrill.core import Rng
from dealerdrill.drills.base import registry
from dealerdrill.views.paigow_table import PaiGowTable
from dealerdrill.views.records_manager import HOUSE_WAYS_TAB

PIN = "482648"
MANAGER = "Mere Smith"


def test_a_manager_sets_the_house_s_dice_count_and_the_drill_counts_by_it(qtbot):
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    page = window.records_ui.manager_page
    page.dice_count_box.setCurrentIndex(page.dice_count_box.findData("box 1"))
    assert not page.use_chosen_dice_count()                    # locked: refused, nothing changes
    assert "training manager" in page.ways_message.text()
    assert window.settings().paigow.dice_count_from == "banker"

    window.desk.set_first_pin(MANAGER, PIN, PIN)
    window.records_ui.show_manager()
    page.tabs.setCurrentIndex(HOUSE_WAYS_TAB)
    assert page.dice_count_box.currentData() == "banker"      # the page shows the reading in force
    page.dice_count_box.setCurrentIndex(page.dice_count_box.findData("box 1"))
    page.use_dice_count_button.click()
    assert window.settings().paigow.dice_count_from == "box 1"
    assert json.loads(paths.settings_file().read_text(encoding="utf-8"))["paigow"]["dice_count_from"] == "box 1"
    assert "dice count is now: Box 1 counts as 1, whoever banks." in page.ways_message.text()
    audit = [entry for entry in window.desk.records.audit_log() if entry.action == "settings_changed"]
    assert audit and audit[0].detail == "Pai Gow: Dice counted from banker → box 1"

    drill = registry()["paigow.delivery"](window.drills.settings())
    item = next(i for i in (drill.generate(Rng(seed), 3) for seed in range(40)) if i.prompt["banker_box"] > 1)
    assert (item.key["first"], item.key["order"]) == ref.delivery(item.prompt["dice"], 1)
    window.close()


def test_the_pai_gow_table_counts_the_dice_by_the_reading(qtbot):
    for reading, start in (("banker", 5), ("box 1", 1)):
        table = PaiGowTable({"banker_box": 5, "dice_count_from": reading, "deal_step_ms": 0})
        qtbot.addWidget(table)
        table.new_deal()
        dealt = table.deal_result
        assert dealt.first_box == ref.delivery(dealt.dice, start)[0], reading
