"""A hostile house-way file chosen on the Manager page is refused in the engine's plain words, never with
"Something unexpected went wrong", and changes nothing."""
from __future__ import annotations

import pytest

from dealerdrill import app as app_module, settings as app_settings
from dealerdrill.views.records_manager import HOUSE_WAYS_TAB

PIN, MANAGER = "482648", "Mere Smith"
REFUSED = "This house-way file cannot be used, so nothing was changed.\n"


@pytest.fixture
def page(qtbot):
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.desk.set_first_pin(MANAGER, PIN, PIN)
    window.records_ui.show_manager()
    manager_page = window.records_ui.manager_page
    manager_page.tabs.setCurrentIndex(HOUSE_WAYS_TAB)
    yield manager_page
    window.close()
    app_settings.forget_loaded_house_ways()


TOO_DEEP = "tables or lists nest more than 32 levels deep, which no house way needs"


@pytest.mark.parametrize("kind, content, reason", [
    ("deep", "a = " + "[" * 5_000 + "]" * 5_000, TOO_DEEP),
    # 2,000 parts: enough to break a recursive walk, few enough that the parser stays small without the check
    ("dotted", "notes" + ".x" * 2_000 + " = 1", TOO_DEEP),
    ("latin-1", "name = 'Caf\xe9'".encode("latin-1"),
     "not UTF-8 text (byte 12 cannot be read); save the file as UTF-8"),
])
def test_a_hostile_file_is_refused_in_plain_words(page, tmp_path, kind, content, reason):
    path = tmp_path / f"{kind}.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert not page.load_house_way_file(path)
    assert page.ways_message.text() == f"{REFUSED}{path}: {reason}"
    assert page.ways_message.property("role") == "problem"
    assert [way for way, _ in app_settings.house_way_choices()] == ["nz", "foxwoods", "canberra"]


def test_a_folder_chosen_as_a_house_way_file_is_refused(page, tmp_path):
    assert not page.load_house_way_file(tmp_path)
    assert page.ways_message.text() == (f"{REFUSED}{tmp_path}: not a file (a folder, a device or a pipe cannot "
                                        "hold a house way)")
