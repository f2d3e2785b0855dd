"""House-way files are checked at the boundary before anything parses or walks them: text only, at most a
megabyte, tables and lists nested at most 32 deep, a regular file (never a folder, a device or a pipe),
UTF-8. Each refusal is the engine's HouseWayError, in plain words naming the file, and quick."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dealerdrill.core import houseway
from dealerdrill.core.houseway import HouseWayError

NZ_TEXT = (Path(houseway.__file__).resolve().parents[1] / "resources" / "house_ways" / "nz.toml").read_text(
    encoding="utf-8")
MY_WAY_TEXT = NZ_TEXT.replace('id = "nz"', 'id = "hostile-test"', 1).replace('id = "nz-', 'id = "ht-')

# Deep enough that Python's TOML parser recurses past its limit (arrays, inline tables), or builds a
# structure deeper than anything walking it recursively could take (dotted keys, table headers). The dotted
# keys stay short of what would hurt if the check were gone: the parser's time and memory grow with the
# square of a key's parts (100,000 parts take it past 20 GB), and a regression must fail, not swamp the machine.
DEEP_TEXTS = {
    "arrays": "a = " + "[" * 5_000 + "]" * 5_000,
    "inline tables": "a = " + "{ b = " * 2_000 + "1" + " }" * 2_000,
    "dotted keys": "notes" + ".x" * 2_000 + " = 1",
    "a table header": "[" + ".".join(["t"] * 2_000) + "]",
    "just over the limit": "a = " + "[" * 32 + "]" * 32,   # 33 levels with the top table
}


@pytest.fixture(autouse=True)
def nothing_stays_loaded():
    yield
    if "hostile-test" in houseway.house_ways():
        houseway.unload_house_way("hostile-test")


@pytest.mark.parametrize("kind", DEEP_TEXTS)
def test_deeply_nested_text_is_refused_in_plain_words(kind):
    started = time.monotonic()
    with pytest.raises(HouseWayError) as refusal:
        houseway.parse_house_way(DEEP_TEXTS[kind], "deep.toml")
    assert str(refusal.value) == ("deep.toml: tables or lists nest more than 32 levels deep, which no house way "
                                  "needs")
    assert time.monotonic() - started < 10


def test_nesting_up_to_the_limit_is_read_and_judged_on_its_words():
    """32 levels are parsed; the file is then refused for what it says, not for its shape."""
    with pytest.raises(HouseWayError, match="unknown top-level key 'a'"):
        houseway.parse_house_way("a = " + "[" * 31 + "]" * 31, "deep.toml")


def test_a_text_over_a_megabyte_is_refused_before_it_is_parsed():
    huge = MY_WAY_TEXT + "#" * (houseway.MAX_FILE_BYTES + 1)
    started = time.monotonic()
    with pytest.raises(HouseWayError, match=r"^big\.toml: too large for a house-way file \(1,05\d,\d{3} characters; "
                                            r"at most 1,048,576\)$"):
        houseway.parse_house_way(huge, "big.toml")
    assert time.monotonic() - started < 1


@pytest.mark.parametrize("text", [None, b"id = 'x'", 42, ["id = 'x'"]])
def test_parse_takes_only_text(text):
    with pytest.raises(HouseWayError, match="a house way is read from text"):
        houseway.parse_house_way(text)


# --- files ----------------------------------------------------------------------------------------------------

def test_a_good_file_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + MY_WAY_TEXT.encode("utf-8"))
    assert houseway.load_house_way(path) == "hostile-test"


def test_a_deeply_nested_file_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(DEEP_TEXTS["inline tables"], encoding="utf-8")
    with pytest.raises(HouseWayError, match=f"^{path}: tables or lists nest more than 32 levels deep"):
        houseway.load_house_way(path)
    assert "hostile-test" not in houseway.house_ways()


def test_a_file_that_is_not_utf8_is_refused_in_plain_words(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(MY_WAY_TEXT.replace('name = "New Zealand"', 'name = "Café"').encode("latin-1"))
    with pytest.raises(HouseWayError) as refusal:
        houseway.load_house_way(path)
    assert str(refusal.value).startswith(f"{path}: not UTF-8 text (byte ")
    assert str(refusal.value).endswith("cannot be read); save the file as UTF-8")
    assert "codec" not in str(refusal.value)


def load_in_a_bounded_child(path: Path) -> str:
    """load_house_way(path) in a child process held to 30 seconds and 1 GB of memory, so that a regression
    (reading /dev/zero without end, waiting on a pipe) fails this test instead of the machine; the child's
    report: the refusal's message, or what went wrong."""
    code = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from dealerdrill.core import houseway
        try:
            houseway.load_house_way({str(path)!r})
        except houseway.HouseWayError as error:
            print(error)
        else:
            print("loaded")
        """)
    try:
        child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "still waiting after 30 seconds"
    return child.stdout.strip() or f"exit {child.returncode}: {child.stderr.strip()[-300:]}"


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as sparse:
        sparse.truncate(8 << 30)     # 8 GB that take no room on the disk
    started = time.monotonic()
    assert load_in_a_bounded_child(path) == f"{path}: too large for a house-way file (more than 1,048,576 bytes)"
    assert time.monotonic() - started < 20


NOT_A_FILE = ": not a file (a folder, a device or a pipe cannot hold a house way)"


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(HouseWayError) as refusal:
        houseway.load_house_way(tmp_path)
    assert str(refusal.value) == f"{tmp_path}{NOT_A_FILE}"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_without_reading_it(device):
    if not Path(device).exists():
        pytest.skip(f"this machine has no {device}")
    assert load_in_a_bounded_child(Path(device)) == f"{device}{NOT_A_FILE}"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_at_once_instead_of_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "way.toml"
    os.mkfifo(pipe)
    started = time.monotonic()
    assert load_in_a_bounded_child(pipe) == f"{pipe}{NOT_A_FILE}"
    assert time.monotonic() - started < 20


def test_a_path_the_system_cannot_take_is_refused(tmp_path):
    with pytest.raises(HouseWayError, match=r"cannot be read: embedded null byte"):
        houseway.load_house_way(str(tmp_path / "way\x00.toml"))
    with pytest.raises(HouseWayError, match="a house-way file is named by its path"):
        houseway.load_house_way(None)
