"""The level a test is taken at: the trainee chooses Basic, Standard or Advanced for a test as for practice,
and nothing a manager or a third party reads says which."""
from __future__ import annotations

import pytest
from certified_desk import MANAGER, PIN, take_test, workstation


@pytest.mark.xfail(strict=True, reason="A test's level is the trainee's choice and no target names one: a test "
                                       "passed at Basic reads on the scorecard as one passed at Advanced. The "
                                       "fix (a level in the target, checked by `passed`, the sign-off statement "
                                       "and imports, or at least the level printed) is larger than this round.")
def test_a_test_passed_at_the_easiest_level_says_so_on_the_scorecard(tmp_path):
    from pypdf import PdfReader

    desk = workstation(tmp_path / "data" / "records.sqlite3")
    attempt = take_test(desk, "Aroha", [True] * 20)           # take_test starts at the default level, Basic
    assert attempt.passed and attempt.settings.get("difficulty") == 1
    desk.unlock_manager(PIN, MANAGER)
    [pdf] = desk.export("pdf", tmp_path / "aroha.pdf")
    desk.close()
    tests = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages).split("Test attempts", 1)[1]
    assert "Basic" in tests.split("Settings in force")[0]
