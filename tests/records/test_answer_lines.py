"""The import's C reader of answer lines (core_c/records/dd_answer_lines.c, issue 13's speed) is a faster road
to the rows the Python checks give, never a different check: every line it takes, the Python road accepts too
and reads to the same values, of the same types; what it does not take, Python reads itself; and a whole
import gives the same records, the same refusals and the same messages with it as without it."""
from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from answer_edits import QUICK_EDITS
from certified_desk import MANAGER, PIN, take_test, workstation

from dealerdrill.records import answer_lines, transfer

pytestmark = pytest.mark.skipif(not answer_lines.AVAILABLE, reason="the C reader is not built on this machine")

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
LATEST = transfer.to_text(NOW + timedelta(days=1))
STARTED = "2024-01-01T00:00:00.000000Z"
SESSION = "10000000-0000-4000-8000-000000000001"
RECORD = {"session": SESSION, "uuid": "20000000-0000-4000-8000-000000000001", "seq": 1, "family": "banker0.third1",
          "item": json.dumps({"family": "banker0.third1", "prompt": {"cards": ["9h", "Ks"]}, "text": "Draw × ?"}),
          "answer": '"A"', "expected": "A", "given": "B", "correct": False, "category": "baccarat_banker_draw",
          "rule": "rule 9.5", "seconds": 1.53, "timed_out": False, "answered_at": "2026-03-04T05:06:07.123456Z"}


def line_of(record: dict, *, ascii_only: bool = False, separators=(",", ":")) -> bytes:
    return (json.dumps({"answer": record}, ensure_ascii=ascii_only, separators=separators) + "\n").encode("utf-8")


def c_road(raw: bytes, next_seq: int = 1) -> tuple | None:
    """The scratch row the C reader gives for the line, or None when it does not take it."""
    reader = answer_lines.AnswerLineReader(len(raw) + 64 * 1024, transfer.MAX_LINE_BYTES)
    run = reader.take(raw, 0, SESSION, STARTED, LATEST, next_seq)
    if run.lines == 0:
        return None
    assert run.lines == 1 and run.consumed == len(raw)
    scratch = transfer._Pass(Path("unused"), NOW, None)
    scratch.answers = 6
    current = transfer._Open(2, 1, {"uuid": SESSION, "started_at": STARTED}, 1)
    current.count = next_seq - 1
    batch: list[tuple] = []
    scratch._stage_run(run, current, batch)
    assert current.correct == run.correct and len(batch) == 1
    return batch[0]


def python_road(raw: bytes, next_seq: int = 1) -> tuple | None:
    """The row the Python road gives for the line in an open session expecting item next_seq, or None when it
    refuses the line (or the session would be refused for it)."""
    try:
        text = raw.decode("utf-8")
        value = transfer._parse_line(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if type(value) is not dict or len(value) != 1 or type(value.get("answer")) is not dict:
        return None
    record = value["answer"]
    try:
        if transfer._label(record, "session", "line") != SESSION:
            return None
        exact = transfer._exact_answer(record, "line 9 (answer)", NOW, STARTED)
    except transfer._Bad:
        return None
    if exact[1] != next_seq:
        return None
    quick = transfer._quick_answer(record, b"\\u" in raw, SESSION, STARTED, LATEST, set(), 7, 2)
    if quick is not None:
        assert quick[2:] == exact
    return (7, 2, *exact)


def typed(row: tuple) -> list:
    return [(type(v), v) for v in row]


def assert_no_more_than_python(raw: bytes, next_seq: int = 1) -> bool:
    """The rule the reader keeps: what it takes, Python takes too, with the same values and types."""
    c = c_road(raw, next_seq)
    if c is not None:
        python = python_road(raw, next_seq)
        assert python is not None, raw
        assert typed(c) == typed(python), raw
    return c is not None


# ------------------------------------------------------------------------------------------ lines one by one

TAKEN = {
    "as written": lambda r: r,
    "no category": lambda r: {**r, "category": None},
    "whole seconds": lambda r: {**r, "seconds": 3},
    "zero seconds": lambda r: {**r, "seconds": 0.0},
    "the longest time": lambda r: {**r, "seconds": 86400},
    "a leap day": lambda r: {**r, "answered_at": "2024-02-29T23:59:59.999999Z"},
    "right and timed out": lambda r: {**r, "correct": True, "timed_out": True},
    "empty expected, given and rule": lambda r: {**r, "expected": "", "given": "", "rule": ""},
    "control characters in the answer given": lambda r: {**r, "given": "a\tb\nc\x1b"},
    "an astral character in the item": lambda r: {**r, "item": json.dumps({"text": "🂡 ace"}, ensure_ascii=False)},
    "a JSON string answer": lambda r: {**r, "answer": json.dumps("stand")},
    "a JSON number answer": lambda r: {**r, "answer": "-12.5e-3"},
    "nested item": lambda r: {**r, "item": json.dumps({"a": [[1, {"b": [None, True, False]}], -0.0, 1e300]})},
    "item with inner escapes": lambda r: {**r, "item": json.dumps({"t": "a\"b\\c\u0001\ud800"})},
    "a long family": lambda r: {**r, "family": "f" * 300},
    "a whole number of 640 digits in the item": lambda r: {**r, "item": "[" + "7" * 640 + "]"},
    "a float of 5000 digits in the answer": lambda r: {**r, "answer": "1" * 5000 + ".5"},
}

# Python reads these itself (and accepts some of them): the quick checks' edits but those the reader takes too,
# and more.
TAKEN_TOO = {"as written", "whole seconds", "zero seconds", "a category"}
DECLINED_HERE = {name: edit for name, edit in QUICK_EDITS.items() if name not in TAKEN_TOO} | {
    "NaN in the item": lambda r: {**r, "item": '{"x": NaN}'},
    "seconds over a day": lambda r: {**r, "seconds": 86400.5},
    "negative seconds": lambda r: {**r, "seconds": -1.0},
    "seconds with an exponent": lambda r: {**r, "seconds": 1e-7},
    "the wrong item number": lambda r: {**r, "seq": 2},
    "another session": lambda r: {**r, "session": "10000000-0000-4000-8000-000000000002"},
    "fields in another order": lambda r: dict(reversed(list(r.items()))),
    "deeper than the reader reads": lambda r: {**r, "item": "[" * 70 + "]" * 70},
    # Python's int() refuses more than sys.get_int_max_str_digits() digits (4300; never set below 640), so
    # json.loads refuses these texts: the reader took them (found in review), the import refuses the line
    "a whole number Python's int() refuses in the item": lambda r: {**r, "item": "[" + "1" * 4301 + "]"},
    "a whole number Python's int() refuses in the answer": lambda r: {**r, "answer": "-" + "9" * 4301},
    "a whole number of 641 digits": lambda r: {**r, "item": "7" * 641},
}


@pytest.mark.parametrize("case", sorted(TAKEN))
def test_the_reader_takes_answer_lines_as_dealer_drill_writes_them_with_pythons_values(case):
    raw = line_of(TAKEN[case](dict(RECORD)))
    assert c_road(raw) is not None, raw
    assert assert_no_more_than_python(raw)


@pytest.mark.parametrize("case", sorted(DECLINED_HERE))
def test_lines_the_reader_does_not_take_are_left_to_python(case):
    record = DECLINED_HERE[case](dict(RECORD))
    try:
        raw = line_of(record)
    except UnicodeEncodeError:                 # text UTF-8 cannot carry only arrives as \u escapes
        raw = line_of(record, ascii_only=True)
    assert c_road(raw) is None, raw


@pytest.mark.parametrize("spelling", ["ascii escapes", "spaces", "carriage return", "escaped slash"])
def test_other_spellings_of_the_same_line_give_the_same_values(spelling):
    record = {**RECORD, "item": json.dumps({"text": "Tirohia 🂡 “quote”"}, ensure_ascii=False), "given": "é/ü"}
    raw = {"ascii escapes": line_of(record, ascii_only=True),
           "spaces": line_of(record, separators=(" , ", " : ")).replace(b'{"answer"', b'{ "answer"'),
           "carriage return": line_of(record)[:-1] + b" \r\n",
           "escaped slash": line_of(record).replace(b"\\u00e9/", b"\\u00e9\\/").replace("é/".encode(), b"\\u00e9\\/"),
           }[spelling]
    assert c_road(raw) == c_road(line_of(record)) == python_road(line_of(record))


def test_random_edits_of_real_lines_never_let_the_reader_take_more_than_python():
    """Bytes flipped, cut, repeated and inserted at random in answer lines, and JSON-level edits: the reader
    may decline what Python takes (rarely), but never takes what Python refuses or reads differently."""
    rng = random.Random(20261203)
    bases = [line_of(RECORD), line_of({**RECORD, "category": None, "correct": True}, ascii_only=True),
             line_of({**RECORD, "item": json.dumps({"k": [1, 2.5, "x\\y", {"z": None}]}), "seconds": 12})]
    alphabet = b'{}[]":,.-+0123456789eEtrufalsn \\\t\r/ubx\x00\x1f\x7f\xc3\xa9\xed\xa0\x80\xf0\x9f'
    taken = 0
    for _ in range(30_000):
        raw = bytearray(rng.choice(bases)[:-1])
        for _edit in range(rng.randint(1, 3)):
            at = rng.randrange(len(raw) + 1)
            kind = rng.randrange(4)
            if kind == 0 and at < len(raw):
                raw[at] = rng.choice(alphabet)
            elif kind == 1:
                raw[at:at] = bytes([rng.choice(alphabet)])
            elif kind == 2:
                del raw[at:at + rng.randint(1, 4)]
            else:
                raw[at:at] = raw[rng.randrange(len(raw)):][:rng.randint(1, 6)]
        taken += assert_no_more_than_python(bytes(raw).replace(b"\n", b" ") + b"\n")
    assert taken > 300        # edits inside strings and numbers keep many lines good: both roads are exercised


def test_item_texts_the_reader_takes_are_json_python_reads_whole():
    rng = random.Random(7)
    tokens = ['{', '}', '[', ']', '"', '"a"', ':', ',', ' ', '\n', '0', '-', '1', '.5', 'e3', 'E+', 'true', 'false',
              'null', 'NaN', 'Infinity', '\\u00e9', '\\ud83c', '\\"', '\\', 'x', '\x01', 'é', '"\\n"']
    taken = 0
    for _ in range(20_000):
        text = "".join(rng.choice(tokens) for _ in range(rng.randint(1, 12)))
        raw = line_of({**RECORD, "item": text})
        if c_road(raw) is not None:
            taken += 1
            assert transfer._is_json(text), text
    assert taken > 200
    for value in ([], {}, [[[]]], {"a": {"b": [1, -2, 3.5e-10, "c"]}}, "text", 0, -0.5, 1e308, True, None):
        assert c_road(line_of({**RECORD, "item": json.dumps(value)})) is not None, value


# ------------------------------------------------------------------------------------------ whole imports

def scratch_rows(path: Path, available: bool, monkeypatch, block: int | None = None):
    """What the one pass writes to the scratch database for the file, with the C reader or without it."""
    monkeypatch.setattr(answer_lines, "AVAILABLE", available)
    if block is not None:
        monkeypatch.setattr(transfer._Lines, "BLOCK", block)
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute(f"ATTACH '' AS {transfer._SCRATCH}")
    db.executescript(transfer._SCRATCH_TABLES)
    try:
        facts = transfer._Pass(path, datetime.now(UTC), db).run()
    except (transfer._Bad, ValueError) as error:
        return ("refused", str(error))
    rows = [[(type(v), v) for v in row] for table in ("sessions", "answers") for row in
            db.execute(f"SELECT *, typeof(n) FROM {transfer._SCRATCH}.{table} ORDER BY n")]
    kinds = db.execute(f"SELECT typeof(seq), typeof(correct), typeof(seconds), typeof(timed_out), typeof(category), "
                       f"COUNT(*) FROM {transfer._SCRATCH}.answers GROUP BY 1, 2, 3, 4, 5").fetchall()
    return rows, kinds, facts.digest.hexdigest(), facts.answers, facts.sessions


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exported")
    desk = workstation(folder / "desk" / "records.sqlite3")
    try:
        for seed, name in enumerate(("Aroha", "Hemi", "Łukasz Żółć")):
            take_test(desk, name, [True, False, True, True] * 5, seed=seed)
        desk.unlock_manager(PIN, MANAGER)
        return desk.export("json", folder / "a.json")[0]
    finally:
        desk.close()


@pytest.mark.parametrize("block", [None, 700, 4096])
def test_a_file_reads_to_the_same_scratch_rows_and_digest_with_the_reader_as_without(exported, monkeypatch, block):
    """Blocks smaller than a line and than a session make runs end and resume at every kind of boundary."""
    with_reader = scratch_rows(exported, True, monkeypatch, block)
    without = scratch_rows(exported, False, monkeypatch, block)
    assert with_reader == without
    _rows, kinds, digest, answers, _sessions = with_reader
    assert answers == 60 and digest == json.loads(exported.read_bytes().splitlines()[-1])["end"]["lines_sha256"]
    assert kinds == [("integer", "integer", "real", "integer", "null", 45), ("integer", "integer", "real", "integer",
                                                                              "text", 15)]


def test_the_reader_takes_the_answer_lines_of_a_real_export(exported, monkeypatch):
    taken = []
    original = answer_lines.AnswerLineReader.take

    def counted(self, *arguments):
        run = original(self, *arguments)
        taken.append(run.lines)
        return run

    monkeypatch.setattr(answer_lines.AnswerLineReader, "take", counted)
    scratch_rows(exported, True, monkeypatch)
    assert sum(taken) == 60


BAD_FILES = {
    "an answer line cut short": lambda lines: lines[:9] + [lines[9][:40] + b"\n"] + lines[10:],
    "an answer that is not UTF-8": lambda lines: lines[:9] + [lines[9].replace(b'"uuid":"', b'"uuid":"\xff', 1)]
    + lines[10:],
    "an answer out of order": lambda lines: lines[:8] + [lines[9], lines[8]] + lines[10:],
    "an answer of another session": lambda lines: lines[:6] + lines[30:31] + lines[6:30] + lines[31:],
    "a blank line among answers": lambda lines: lines[:9] + [b"   \n"] + lines[9:],
    "no newline at the end": lambda lines: lines[:-1] + [lines[-1].rstrip(b"\n")],
    "a line too long": lambda lines: lines[:9] + [lines[9][:-1] + b" " * 5000 + b"\n"] + lines[10:],
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_files_with_odd_lines_are_refused_or_read_alike_with_the_same_message(exported, tmp_path, monkeypatch,
                                                                               case):
    monkeypatch.setattr(transfer, "MAX_LINE_BYTES", 4096)
    lines = exported.read_bytes().splitlines(keepends=True)
    path = tmp_path / "odd.json"
    path.write_bytes(b"".join(BAD_FILES[case](lines)))
    assert scratch_rows(path, True, monkeypatch, 1024) == scratch_rows(path, False, monkeypatch, 1024)


def test_a_whole_number_python_cannot_convert_refuses_the_file_with_the_same_message(exported, tmp_path,
                                                                                      monkeypatch):
    """json.loads refuses a whole number past Python's int() digit limit (ValueError): the answer that holds one is
    "not JSON text" on both roads, the same line named."""
    lines = exported.read_bytes().splitlines(keepends=True)
    value = json.loads(lines[9])
    value["answer"]["answer"] = '{"player": ' + "1" * 4301 + "}"
    lines[9] = (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    path = tmp_path / "digits.json"
    path.write_bytes(b"".join(lines))
    refused = scratch_rows(path, True, monkeypatch)
    assert refused == ("refused", "line 10 (answer): 'answer' is not JSON text")
    assert refused == scratch_rows(path, False, monkeypatch)


def test_the_record_count_cap_counts_the_lines_the_reader_takes(exported, monkeypatch):
    """Two runs of 20 answer lines taken by the reader, then the third session's line, the 47th, is one too
    many: refused only if the lines the reader took were counted."""
    lines = exported.read_bytes().splitlines(keepends=True)
    assert [k for k, line in enumerate(lines, 1) if line.startswith(b'{"session"')] == [5, 26, 47]
    monkeypatch.setattr(transfer, "MAX_RECORDS", 46)
    refused = scratch_rows(exported, True, monkeypatch)
    assert refused == ("refused", "the file holds more than 46 records (lines), more than any records file "
                                  "Dealer Drill writes")
    assert refused == scratch_rows(exported, False, monkeypatch)


def test_a_file_growing_past_the_byte_limit_within_a_run_is_refused_as_python_says(exported, monkeypatch):
    """Both limits crossed within one run of answer lines: the reader leaves the run to Python, which names the
    limit it meets first, line by line, as it would without the reader."""
    lines = exported.read_bytes().splitlines(keepends=True)
    assert lines[4].startswith(b'{"session"') and all(line.startswith(b'{"answer"') for line in lines[5:25])
    monkeypatch.setattr(transfer, "MAX_RECORDS", 20)                            # passed at line 21
    limit = len(b"".join(lines[:15]))                                           # passed at line 16
    monkeypatch.setattr(transfer, "MAX_IMPORT_BYTES", limit)
    opening = transfer._open

    def grows_after_opening(path):           # the size checked at opening is within the limit; then it grows
        monkeypatch.setattr(transfer, "MAX_IMPORT_BYTES", 1 << 40)
        try:
            return opening(path)
        finally:
            monkeypatch.setattr(transfer, "MAX_IMPORT_BYTES", limit)

    monkeypatch.setattr(transfer, "_open", grows_after_opening)
    refused = scratch_rows(exported, True, monkeypatch)
    assert refused == ("refused", "the file grew past 0 GB while it was read")
    assert refused == scratch_rows(exported, False, monkeypatch)
