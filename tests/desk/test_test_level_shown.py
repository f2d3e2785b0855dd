"""The level a test was taken at (Basic, Standard or Advanced: the one its manager's target named when the records
issued it) is shown beside the score wherever a result is read: the scorecard's test attempts and the Manager
page's tests table, where a manager decides a sign-off."""
from __future__ import annotations

import pytest
from certified_desk import MANAGER, PIN, take_test, workstation

from dealerdrill.drills.levels import level_name


@pytest.mark.parametrize(("settings", "name"), [
    ({"difficulty": 1}, "Basic"), ({"difficulty": 2}, "Standard"), ({"difficulty": 3}, "Advanced"),
    ({"difficulty": 9}, "Advanced"),                       # the drills read anything higher as Advanced
    ({}, "—"), ({"difficulty": 0}, "—"), ({"difficulty": True}, "—"), ({"difficulty": "3"}, "—"), (None, "—")])
def test_a_sessions_level_is_named_from_its_stored_settings(settings, name):
    assert level_name(settings) == name


def test_the_scorecard_names_the_level_of_each_test_attempt(tmp_path):
    from certified_desk import DRILL
    from pypdf import PdfReader

    from dealerdrill.domain import Target

    desk = workstation(tmp_path / "data" / "records.sqlite3")
    for level in (1, 3):
        desk.unlock_manager(PIN, MANAGER)
        desk.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.9, level=level))
        taken = take_test(desk, "Aroha", [True] * 20, difficulty=2)     # the trainee's choice is not used
        assert taken.passed and taken.settings["difficulty"] == level
    desk.unlock_manager(PIN, MANAGER)
    [pdf] = desk.export("pdf", tmp_path / "aroha.pdf")
    desk.close()
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    attempts = text.split("Test attempts", 1)[1].split("Settings in force")[0]
    assert "Drill (level)" in attempts
    assert attempts.count("(Basic)") == 1 and attempts.count("(Advanced)") == 1
