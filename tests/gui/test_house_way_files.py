"""House-way files of a training manager's own: loaded on the Manager page (House ways tab), offered in the
settings dialog, used by the Pai Gow table and the house-way drill, remembered between runs; refused files and
files that have gone are explained in plain words, and nothing is loaded while the manager role is locked.

The custom way is the shipped New Zealand file under another id ("my-casino"), its rule ids renamed "mc-..."
and the two-pairs rule given other words, so every use of it can be told from the shipped way.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from dealerdrill import app as app_module, paths, settings as app_settings
from dealerdrill.core import Rng, houseway, paigow
from dealerdrill.drills.base import registry
from dealerdrill.views.records_manager import HOUSE_WAYS_TAB

PIN = "482648"
MANAGER = "Mere Smith"
NZ_FILE = Path(app_settings.__file__).resolve().parents[1] / "resources" / "house_ways" / "nz.toml"
TWO_PAIRS_TEXT = "My Casino: two pairs are never split; the higher pair goes in front."


def custom_way_text(two_pairs_title: str = "Two pairs, kept") -> str:
    text = NZ_FILE.read_text(encoding="utf-8")
    text = text.replace('id = "nz"', 'id = "my-casino"', 1).replace('name = "New Zealand"', 'name = "My Casino"', 1)
    text = text.replace('id = "nz-', 'id = "mc-')
    shipped_text = "With two pairs, play each pair as a hand: the higher pair in front as the high hand."
    assert shipped_text in text and 'title = "Two pairs"' in text   # the copy really changes the rule
    return (text.replace(shipped_text, TWO_PAIRS_TEXT, 1)
            .replace('title = "Two pairs"', f'title = "{two_pairs_title}"', 1))


@pytest.fixture
def custom_file(tmp_path) -> Path:
    path = tmp_path / "ways" / "my-casino.toml"
    path.parent.mkdir()
    path.write_text(custom_way_text(), encoding="utf-8")
    return path


@pytest.fixture
def broken_file(tmp_path) -> Path:
    """The custom way with a word the format does not know in its split-nines rule."""
    path = tmp_path / "broken.toml"
    path.write_text(custom_way_text().replace('pair = "9"', 'pair = "ninez"', 1), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def nothing_loaded_afterwards():
    """No loaded way stays on offer: later tests start as a new run would."""
    yield
    app_settings.forget_loaded_house_ways()


def new_window(qtbot):
    window = app_module.MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot):
    main = new_window(qtbot)
    yield main
    main.close()


def unlock(window) -> None:
    desk = window.desk
    if not desk.pin_is_set():
        desk.set_first_pin(MANAGER, PIN, PIN)
    else:
        desk.unlock_manager(PIN, MANAGER)


def open_house_ways(window):
    unlock(window)
    window.records_ui.show_manager()
    page = window.records_ui.manager_page
    page.tabs.setCurrentIndex(HOUSE_WAYS_TAB)
    return page


def pick_file(monkeypatch, path: Path) -> list:
    """The file dialog answers with `path`; the list records each time it was asked."""
    asked = []

    def answer(*args, **kwargs):
        asked.append(args)
        return str(path), "House-way files (*.toml)"

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(answer))
    return asked


def press(qtbot, button) -> None:
    """Reach the button with the keyboard and press it with Space."""
    button.setFocus()
    qtbot.keyClick(button, Qt.Key_Space)


def saved_settings() -> dict:
    return json.loads(paths.settings_file().read_text(encoding="utf-8"))


def way_column(page) -> list[str]:
    return [page.ways_table.item(row, 1).text() for row in range(page.ways_table.rowCount())]


# --- loading through the manager page --------------------------------------------------------------------------

def test_a_custom_file_loads_on_the_manager_page_and_its_rules_can_be_read(qtbot, window, custom_file,
                                                                             monkeypatch):
    page = open_house_ways(window)
    assert way_column(page) == ["nz", "foxwoods", "canberra"]
    asked = pick_file(monkeypatch, custom_file)
    press(qtbot, page.load_way_button)
    assert len(asked) == 1
    assert way_column(page) == ["nz", "foxwoods", "canberra", "my-casino"]
    assert page.selected_house_way() == "my-casino"
    message = page.ways_message.text()
    assert message.startswith("Loaded the My Casino house way (my-casino, 13 rules)") and str(custom_file) in message
    # What trainees will be told: the file's own rules, in its order, the changed rule with its new words.
    rules = page.house_way_rows()
    assert [rule_id for rule_id, _, _ in rules] == [r.id for r in paigow.describe_house_way("my-casino").rules]
    assert rules[0] == ("mc-two-pairs", "Two pairs, kept", TWO_PAIRS_TEXT)
    assert all(rule_id.startswith("mc-") for rule_id, _, _ in rules)
    # Remembered in the saved settings; the table keeps its way until the manager chooses another.
    assert saved_settings()["paigow"]["house_way_files"] == [str(custom_file)]
    assert window.settings().paigow.house_way == "nz"
    assert page.forget_way_button.isEnabled() and page.use_way_button.isEnabled()
    page.select_house_way("nz")
    assert not page.forget_way_button.isEnabled()       # a shipped way cannot be forgotten
    assert page.house_way_rows()[0][0] == "nz-two-pairs"


def test_the_loaded_way_is_used_at_the_table_offered_in_settings_and_set_by_the_drill(qtbot, window, custom_file,
                                                                                      monkeypatch):
    page = open_house_ways(window)
    assert page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    press(qtbot, page.use_way_button)
    assert window.settings().paigow.house_way == "my-casino"
    assert saved_settings()["paigow"]["house_way"] == "my-casino"
    assert page.ways_table.item(way_column(page).index("my-casino"), 4).text() == "In use"

    # The settings dialog offers it (and the shipped ways), with the loaded way chosen.
    window.open_settings()
    box = window.settings_dialog._editors["paigow"]["house_way"]
    offered = [box.itemData(i) for i in range(box.count())]
    assert offered == ["nz", "foxwoods", "canberra", "my-casino"]
    assert box.currentData() == "my-casino" and box.currentText() == "My Casino (loaded file)"
    box.setCurrentIndex(offered.index("canberra"))
    window.settings_dialog.accept()
    assert window.settings().paigow.house_way == "canberra"
    assert window.settings().paigow.house_way_files == (str(custom_file),)   # the dialog keeps the files
    window.open_settings()
    box = window.settings_dialog._editors["paigow"]["house_way"]
    box.setCurrentIndex(box.findData("my-casino"))
    window.settings_dialog.accept()
    assert window.settings().paigow.house_way == "my-casino"

    # The Pai Gow table sets the bank's tiles by the loaded way.
    table = window.tables["paigow"]
    table.new_deal()
    table.toggle_exposed()
    bank = paigow.house_way(table.deal_result.hand_of(table.showdown.bank_box), "my-casino")
    assert bank.rule.startswith("mc-")
    assert table.showdown.way == "my-casino" and table.showdown.way_name == "My Casino"
    assert (table.showdown.bank_high, table.showdown.bank_low, table.showdown.rule_title) == \
        (bank.high, bank.low, bank.title)

    # The house-way drill (made with the window's settings, as the Drills page makes it) asks the loaded way.
    drill = registry()["paigow.house_way"](window.drills.settings())
    assert drill.families() == [rule.id for rule in paigow.describe_house_way("my-casino").rules]
    item = drill.generate(Rng(7), family="mc-two-pairs")
    assert item.prompt["way_name"] == "My Casino"
    assert (item.key["rule"], item.key["text"]) == ("mc-two-pairs", TWO_PAIRS_TEXT)
    assert paigow.house_way(item.prompt["tiles"], "my-casino").rule == "mc-two-pairs"


def test_the_loaded_way_survives_a_restart_and_the_file_is_read_again(qtbot, window, custom_file):
    page = open_house_ways(window)
    page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    page.use_selected_house_way()
    window.close()
    app_settings.forget_loaded_house_ways()         # a new run starts with no loaded way
    assert "my-casino" not in [way for way, _ in app_settings.house_way_choices()]

    again = new_window(qtbot)
    try:
        assert again.notice is None                 # nothing to report: the file is read again and loads
        assert again.settings().paigow.house_way == "my-casino"
        assert again.settings().paigow.house_way_files == (str(custom_file),)
        again_page = open_house_ways(again)
        assert "my-casino" in way_column(again_page)
        assert again_page.house_way_rows()[0][1] == "Two pairs, kept"   # the way in use is shown first
    finally:
        again.close()


def test_a_file_edited_since_the_manager_loaded_it_is_not_loaded_at_start(qtbot, window, custom_file):
    """Anyone can edit the file on disk; only what a manager loaded is what drills grade by (issue 11)."""
    page = open_house_ways(window)
    page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    page.use_selected_house_way()
    window.close()
    custom_file.write_text(custom_way_text(two_pairs_title="Two pairs, edited"), encoding="utf-8")
    app_settings.forget_loaded_house_ways()
    again = new_window(qtbot)
    try:
        assert (f"the house-way file {custom_file} has changed since a manager loaded it, so it is not loaded"
                in again.notice.text())
        assert again.settings().paigow.house_way == "nz" and "my-casino" not in paigow.house_ways()
        again_page = open_house_ways(again)              # the manager loads the edited file on purpose
        assert again_page.load_house_way_file(custom_file)
        assert paigow.describe_house_way("my-casino").rules[0].title == "Two pairs, edited"
    finally:
        again.close()


def test_a_file_loaded_again_after_an_edit_gives_the_drill_its_new_rules(window, custom_file):
    page = open_house_ways(window)
    page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    page.use_selected_house_way()
    drill = registry()["paigow.house_way"](window.settings())
    assert drill.generate(Rng(3), family="mc-two-pairs").key["title"] == "Two pairs, kept"
    custom_file.write_text(custom_way_text(two_pairs_title="Two pairs, edited").replace('"mc-', '"mc2-'),
                           encoding="utf-8")
    assert page.load_house_way_file(custom_file)
    assert "replaces" not in page.ways_message.text()             # same file, same id: simply read again
    assert "It is in use at the Pai Gow table" in page.ways_message.text()
    drill = registry()["paigow.house_way"](window.settings())
    item = drill.generate(Rng(3), family="mc2-two-pairs")        # the drill's hands follow the new rule ids
    assert (item.key["rule"], item.key["title"]) == ("mc2-two-pairs", "Two pairs, edited")


# --- refusals --------------------------------------------------------------------------------------------------

def test_a_malformed_file_is_explained_in_plain_words_and_changes_nothing(qtbot, window, broken_file,
                                                                         custom_file, monkeypatch):
    page = open_house_ways(window)
    before_settings = window.settings()
    pick_file(monkeypatch, broken_file)
    press(qtbot, page.load_way_button)
    message = page.ways_message.text()
    assert page.ways_message.isVisible() and page.ways_message.property("role") == "problem"
    with pytest.raises(houseway.HouseWayError) as refusal:
        houseway.parse_house_way(broken_file.read_text(encoding="utf-8"), str(broken_file))
    assert message == f"This house-way file cannot be used, so nothing was changed.\n{refusal.value}"
    assert "rule mc-split-nines: unknown tile class 'ninez'" in message
    assert "Traceback" not in message and "Error" not in message
    assert window.settings() == before_settings and not paths.settings_file().exists()
    assert way_column(page) == ["nz", "foxwoods", "canberra"]
    assert [way for way, _ in app_settings.house_way_choices()] == ["nz", "foxwoods", "canberra"]
    # The page stays usable: a good file loads next.
    pick_file(monkeypatch, custom_file)
    press(qtbot, page.load_way_button)
    assert page.ways_message.property("role") == "done" and "my-casino" in way_column(page)


def test_a_file_that_cannot_be_read_is_explained(window, tmp_path):
    page = open_house_ways(window)
    assert not page.load_house_way_file(tmp_path / "nowhere.toml")
    assert page.ways_message.text().startswith("This house-way file cannot be used, so nothing was changed.\n")
    assert "nowhere.toml: cannot be read" in page.ways_message.text()


def test_a_file_may_not_take_a_shipped_ways_id(window, tmp_path):
    impostor = tmp_path / "impostor.toml"
    impostor.write_text(custom_way_text().replace('id = "my-casino"', 'id = "foxwoods"'), encoding="utf-8")
    page = open_house_ways(window)
    assert not page.load_house_way_file(impostor)
    assert "the id 'foxwoods' belongs to a shipped house way; choose another id" in page.ways_message.text()
    assert paigow.describe_house_way("foxwoods").name == "Foxwoods"


def test_the_house_ways_are_refused_while_the_manager_role_is_locked(qtbot, window, custom_file, monkeypatch):
    page = window.records_ui.manager_page
    asked = pick_file(monkeypatch, custom_file)
    assert not window.desk.unlocked
    assert not page.tabs.isEnabled()                 # the tab cannot be reached
    page.choose_house_way_file()
    assert asked == []                               # no file dialog for a locked role
    assert not page.load_house_way_file(custom_file)
    assert page.ways_message.text() == ("Only a training manager can load or forget a house-way file. Unlock the "
                                        "manager role with the PIN.")
    assert "my-casino" not in [way for way, _ in app_settings.house_way_choices()]
    # Locking again after a load: using and forgetting are refused too.
    page = open_house_ways(window)
    page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    window.records_ui.lock_manager()
    assert not page.tabs.isEnabled() and page.ways_table.rowCount() == 0
    assert not page.use_selected_house_way() and not page.forget_selected_house_way()
    assert window.settings().paigow.house_way == "nz"
    assert "my-casino" in [way for way, _ in app_settings.house_way_choices()]


# --- forgetting, and files that have gone ------------------------------------------------------------------------

def test_forgetting_the_way_in_use_puts_the_table_back_on_new_zealand(window, custom_file):
    page = open_house_ways(window)
    page.load_house_way_file(custom_file)
    page.select_house_way("my-casino")
    page.use_selected_house_way()
    page.select_house_way("my-casino")
    assert page.forget_selected_house_way()
    assert window.settings().paigow == app_settings.PaiGowSettings()    # way nz, no files
    assert saved_settings()["paigow"]["house_way_files"] == [] and saved_settings()["paigow"]["house_way"] == "nz"
    assert way_column(page) == ["nz", "foxwoods", "canberra"]
    assert page.ways_message.text() == (
        f"The My Casino house way is no longer offered (the file {custom_file} was not touched). The Pai Gow "
        "table's house way 'my-casino' is no longer available; New Zealand is used.")
    assert custom_file.exists()


def write_settings(paigow_section: dict) -> None:
    paths.settings_file().write_text(json.dumps({"paigow": paigow_section}), encoding="utf-8")


def test_a_remembered_file_deleted_before_the_start_is_dropped_with_a_message(qtbot, window, custom_file):
    kept = custom_file.with_name("kept.toml")
    kept.write_text(custom_way_text().replace('id = "my-casino"', 'id = "kept-way"'), encoding="utf-8")
    page = open_house_ways(window)
    assert page.load_house_way_file(custom_file) and page.load_house_way_file(kept)
    page.select_house_way("my-casino")
    page.use_selected_house_way()
    window.close()
    app_settings.forget_loaded_house_ways()
    custom_file.unlink()
    again = new_window(qtbot)
    try:
        notice = again.notice.text()
        assert notice.startswith("Some settings could not be used:\n")
        assert (f"Pai Gow: the house-way file {custom_file} is no longer there, so its house way is no longer "
                "offered (load it again from the Manager page once it is back).") in notice
        assert "Pai Gow: the house way 'my-casino' is no longer available; New Zealand is used." in notice
        assert "Traceback" not in notice
        assert again.settings().paigow.house_way == "nz"
        assert again.settings().paigow.house_way_files == (str(kept),)     # the file that still loads stays
        assert [way for way, _ in app_settings.house_way_choices()] == ["nz", "foxwoods", "canberra", "kept-way"]
    finally:
        again.close()


def test_a_file_no_manager_loaded_is_not_loaded_from_the_settings_file(qtbot, custom_file):
    write_settings({"house_way": "my-casino", "house_way_files": [str(custom_file)]})
    window = new_window(qtbot)
    try:
        assert window.settings().paigow.house_way == "nz" and "my-casino" not in paigow.house_ways()
        assert "no manager set on this workstation" in window.notice.text()
    finally:
        window.close()


# --- the settings on their own -------------------------------------------------------------------------------

def test_the_house_way_setting_accepts_exactly_the_ways_on_offer(custom_file):
    with pytest.raises(app_settings.SettingsError, match="not one of nz, foxwoods, canberra$"):
        app_settings.build_table("paigow", {"house_way": "my-casino"})
    loaded = app_settings.load_house_way_file(custom_file)
    assert loaded == app_settings.LoadedHouseWay("my-casino", "My Casino", str(custom_file))
    assert app_settings.build_table("paigow", {"house_way": "my-casino"}).house_way == "my-casino"
    app_settings.forget_house_way("my-casino")
    with pytest.raises(app_settings.SettingsError, match="not one of nz, foxwoods, canberra$"):
        app_settings.build_table("paigow", {"house_way": "my-casino"})
    with pytest.raises(app_settings.SettingsError, match="shipped with the program"):
        app_settings.forget_house_way("nz")


def test_two_remembered_files_with_one_id_keep_the_later(custom_file, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text(custom_way_text(two_pairs_title="The other file's"), encoding="utf-8")
    read, problems = app_settings.from_dict(
        {"paigow": {"house_way": "my-casino", "house_way_files": [str(custom_file), str(other)]}})
    assert problems == [] and "my-casino" not in paigow.house_ways()   # reading loads nothing
    settings, problems = app_settings.restore_house_way_files(read)   # the desk's explicit act, at start
    assert problems == [f"Pai Gow: two house-way files give the house way 'my-casino'; the later one, {other}, "
                        "is used."]
    assert settings.paigow.house_way_files == (str(other),) and settings.paigow.house_way == "my-casino"
    assert paigow.describe_house_way("my-casino").rules[0].title == "The other file's"


def test_a_damaged_file_list_is_dropped_with_a_message():
    settings, problems = app_settings.from_dict({"paigow": {"house_way_files": "not a list"}})
    assert problems == ["Pai Gow: House-way files loaded by a manager: not a list of file names; no loaded house "
                        "way is offered."]
    assert settings.paigow.house_way_files == ()
