"""Start-up never fails over one file. Every small file the program reads at start (settings.json, the
house-way files the settings list, the manager PIN file) and a manager's public-key file are checked at
their boundary: a regular file (not a folder, a device or a pipe), of a size such a file can have, UTF-8,
nested no deeper than it ever is. A file that fails is refused with a plain sentence and the program goes
on with the defaults or without that file.

A regression here could read /dev/zero until memory runs out or wait on a pipe forever, so those cases run
in a child process held to 30 seconds and 1 GB."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dealerdrill import paths, settings as app_settings
from dealerdrill.desk import Desk, KeyFileError
from dealerdrill.desk.manager_key import read_key_file
from dealerdrill.desk.pin import PIN_FILE_NAME
from dealerdrill.settings import Settings, load_settings

NZ_FILE = Path(app_settings.__file__).resolve().parents[1] / "resources" / "house_ways" / "nz.toml"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "a = " + "{ b = " * 2_000 + "1" + " }" * 2_000


def good_way_file(folder: Path) -> Path:
    path = folder / "good-way.toml"
    path.write_text(NZ_FILE.read_text(encoding="utf-8").replace('id = "nz"', 'id = "good-way"', 1)
                    .replace('id = "nz-', 'id = "gw-'), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def no_way_stays_loaded():
    yield
    app_settings.forget_loaded_house_ways()


def in_a_bounded_child(code: str) -> str:
    """Run `code` in a child process (same DEALERDRILL_HOME) held to 30 s and 1 GB; its output, or why not."""
    program = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n" + textwrap.dedent(code)
    try:
        child = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "still running after 30 seconds"
    return child.stdout.strip() or f"exit {child.returncode}: {child.stderr.strip()[-400:]}"


def settings_path() -> Path:
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


# --- settings.json --------------------------------------------------------------------------------------------

SETTINGS_REFUSALS = {
    "deeply nested": (lambda path: path.write_text(DEEP_JSON, encoding="utf-8"),
                      "it nests more than 16 levels deep, which no such file does"),
    "nested inside a setting": (
        lambda path: path.write_text(json.dumps({"roulette": {"minimum_bet": _nested(40)}}), encoding="utf-8"),
        "it nests more than 16 levels deep, which no such file does"),
    "not UTF-8": (lambda path: path.write_bytes(b'{"roulette": {"minimum_bet": "\xff\xfe"}}'),
                  "it is not UTF-8 text (byte 31 cannot be read)"),
    "a folder": (lambda path: path.mkdir(), "it is a folder, not a file"),
    "damaged": (lambda path: path.write_text("{ not json", encoding="utf-8"), "it is damaged (not JSON)"),
}


def _nested(depth: int) -> list:
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    return nested


@pytest.mark.parametrize("kind", SETTINGS_REFUSALS)
def test_a_hostile_settings_file_gives_the_defaults_and_a_plain_sentence(kind):
    write, reason = SETTINGS_REFUSALS[kind]
    path = settings_path()
    write(path)
    assert load_settings() == (Settings(), [f"The settings file {path} could not be read because {reason}; the "
                                            "defaults are used."])
    desk, problems, _ = Desk.open_for_app()       # and the program starts
    try:
        assert desk.settings == Settings() and any(reason in problem for problem in problems)
    finally:
        desk.close()


def test_a_settings_file_with_a_byte_order_mark_is_read():
    chosen = Settings().to_dict()
    chosen["roulette"]["animation_seconds"] = 2.5
    settings_path().write_bytes(b"\xef\xbb\xbf" + json.dumps(chosen).encode("utf-8"))
    settings, problems = load_settings()
    assert problems == [] and settings.roulette.animation_seconds == 2.5


def test_a_long_value_in_the_settings_is_named_shortly():
    settings_path().write_text(json.dumps({"roulette": {"minimum_bet": "x" * 100_000}}), encoding="utf-8")
    settings, problems = load_settings()
    assert settings.roulette.minimum_bet == Settings().roulette.minimum_bet
    assert problems == ["Roulette: Table minimum per wager ($): 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (too "
                        "long to show) is not a number; the default is used."]


@pytest.mark.parametrize("kind", ["a named pipe", "/dev/zero", "a sparse 8 GB file"])
def test_a_settings_file_that_could_be_read_forever_is_refused_at_once(kind):
    path = settings_path()
    if kind == "a named pipe":
        os.mkfifo(path)
        reason = "it is not a file (a device or a pipe)"
    elif kind == "/dev/zero":
        path.symlink_to("/dev/zero")
        reason = "it is not a file (a device or a pipe)"
    else:
        with path.open("wb") as sparse:
            sparse.truncate(8 << 30)
        reason = "it is larger than any such file (1,048,576 bytes at most)"
    said = in_a_bounded_child("""
        from dealerdrill.desk import Desk
        desk, problems, notices = Desk.open_for_app()
        print(problems[0])
        desk.close()
        """)
    assert said == f"The settings file {path} could not be read because {reason}; the defaults are used."


# --- house-way files listed in the settings ---------------------------------------------------------------------

def test_a_deeply_nested_house_way_file_in_the_settings_does_not_stop_the_start(tmp_path):
    """With the records unavailable, the house-way files of settings.json are loaded as listed: the deep file
    is dropped with a plain sentence, the good one after it still loads."""
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP_TOML, encoding="utf-8")
    good = good_way_file(tmp_path)
    settings_path().write_text(json.dumps({"paigow": {"house_way_files": [str(deep), str(good)]}}), encoding="utf-8")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the records folder should be", encoding="utf-8")
    desk, problems, notices = Desk.open_for_app(blocker / "records.sqlite3")
    try:
        assert desk.records is None and notices
        assert (f"Pai Gow: the house-way file {deep} no longer loads (tables or lists nest more than 32 levels "
                "deep, which no house way needs), so its house way is no longer offered.") in problems
        assert desk.settings.paigow.house_way_files == (str(good),)
        assert "good-way" in [way for way, _ in app_settings.house_way_choices()]
    finally:
        desk.close()


@pytest.mark.parametrize("kind", ["a named pipe", "/dev/zero"])
def test_a_house_way_entry_that_is_no_file_is_dropped_at_once(tmp_path, kind):
    target = tmp_path / "way.toml"
    if kind == "a named pipe":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    settings_path().write_text(json.dumps({"paigow": {"house_way_files": [str(target)]}}), encoding="utf-8")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    said = in_a_bounded_child(f"""
        from dealerdrill.desk import Desk
        desk, problems, notices = Desk.open_for_app({str(blocker / "records.sqlite3")!r})
        print(problems)
        desk.close()
        """)
    assert "Pai Gow: the house-way file" in said and "no longer offered" in said


# --- the manager PIN file -------------------------------------------------------------------------------------

PIN_FILE_REFUSALS = {
    "deeply nested": (lambda path: path.write_text("[" * 30_000 + "]" * 30_000, encoding="utf-8"),
                      "it nests more than 16 levels deep, which no such file does"),
    "not UTF-8": (lambda path: path.write_bytes(b'{"format": "\xc3\x28"}'),
                  "it is not UTF-8 text (byte 13 cannot be read)"),
    "too large": (lambda path: path.write_text(" " * (64 * 1024 + 1), encoding="utf-8"),
                  "it is larger than any such file (65,536 bytes at most)"),
    "a folder": (lambda path: path.mkdir(), "it is a folder, not a file"),
}


@pytest.mark.parametrize("kind", PIN_FILE_REFUSALS)
def test_a_hostile_pin_file_is_refused_in_plain_words_and_the_desk_still_opens(records_path, kind):
    write, reason = PIN_FILE_REFUSALS[kind]
    pin_file = records_path.parent / PIN_FILE_NAME
    pin_file.parent.mkdir(parents=True)
    write(pin_file)
    expected = (f"The manager PIN file {pin_file} cannot be used because {reason}. Delete it to reset the PIN "
                "(the reset is logged), then set a new PIN.")
    with pytest.raises(KeyFileError) as refusal:
        read_key_file(pin_file)
    assert str(refusal.value) == expected
    desk, _, _ = Desk.open_for_app(records_path)
    try:
        assert desk.key_notice == expected
    finally:
        desk.close()


def test_a_pin_file_with_an_infinite_scrypt_cost_is_damaged(records_path, tmp_path):
    pin_file = tmp_path / PIN_FILE_NAME
    pin_file.write_text('{"format": "dealerdrill-manager-key", "version": 2, "salt": "00", "n": Infinity, "r": 8, '
                        '"p": 1, "nonce": "00", "private_key": "00", "public_key": "00"}', encoding="utf-8")
    with pytest.raises(KeyFileError, match="is damaged"):
        read_key_file(pin_file)


def test_a_pin_file_that_is_a_pipe_is_refused_at_once(records_path):
    pin_file = records_path.parent / PIN_FILE_NAME
    pin_file.parent.mkdir(parents=True)
    os.mkfifo(pin_file)
    said = in_a_bounded_child(f"""
        from dealerdrill.desk.manager_key import read_key_file, KeyFileError
        try:
            read_key_file({str(pin_file)!r})
        except KeyFileError as error:
            print(error)
        """)
    assert said == (f"The manager PIN file {pin_file} cannot be used because it is not a file (a device or a pipe). "
                    "Delete it to reset the PIN (the reset is logged), then set a new PIN.")


# --- a manager's public-key file --------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [
    "[" * 2_000 + "]" * 2_000,                                    # within the 4 KB cap, past the JSON parser's depth
    b'{"format": "dealerdrill-manager-public-key", "manager": "\xff"}',
    '{"format": "dealerdrill-manager-public-key", "manager": ["Mere"], "public_key": "' + "00" * 32 + '"}',
])
def test_a_hostile_public_key_file_is_not_a_key_file(tmp_path, content):
    path = tmp_path / "mere.key"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=r"is not a manager's key file"):
        Desk.read_public_key_file(path)


def test_a_public_key_file_that_is_a_pipe_is_refused_at_once(tmp_path):
    path = tmp_path / "mere.key"
    os.mkfifo(path)
    said = in_a_bounded_child(f"""
        from dealerdrill.desk import Desk
        try:
            Desk.read_public_key_file({str(path)!r})
        except ValueError as error:
            print(error)
        """)
    assert said.startswith(f"{path} is not a manager's key file")
