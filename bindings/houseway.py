"""Pai gow house ways as data: load, check and compile house-way files; set hands; analyse exhaustively.

A house way file (TOML, format in resources/house_ways/FORMAT.md) is an ordered list of rules, each with
an id, a title, the text a trainee reads, a `when` table of conditions and a `play` list of steps. This
module only translates words into the integer program of core_c/include/dd_houseway.h; the C engine
runs the rules on all 3,620 distinct hands, refuses a way with a rule that never decides a hand or a hand
that no rule decides, and does every setting and every analysis.

Public API:
    house_ways() -> list[str]                         ids of the available ways ("nz" first)
    house_way(tiles, way="nz") -> HouseWaySetting     .high, .low (faces), .rule, .text, .title
    house_way_many(hands, way="nz") -> list[HouseWaySetting]
    describe_house_way(way="nz") -> HouseWay          the way's name, source and rules
    load_house_way(path) -> str                       check a user's file and make it a way; its id
    parse_house_way(text, source="<text>") -> HouseWay   check a file's text without registering it
    analyze(way="nz", commission=0.05, player_way=None) -> Analysis
    setting_values(tiles, way="nz", commission=0.05) -> list[SettingValue]
    bank_setting_values(tiles, way="nz", commission=0.05) -> list[SettingValue]   (the bank's side)
"""
from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ._engine import ffi, lib
from ._errors import InvalidInput, check, require_items, shown, shown_path

__all__ = [
    "Analysis", "HouseWay", "HouseWayError", "HouseWayRule", "HouseWaySetting", "SettingValue", "SideStats",
    "analyze", "describe_house_way", "house_way", "house_way_many", "house_ways", "load_house_way",
    "bank_setting_values", "parse_house_way", "setting_values", "unload_house_way",
]

DEFAULT_WAY = "nz"
SHIPPED_WAYS = ("nz", "foxwoods", "canberra")


class HouseWayError(InvalidInput):
    """A house-way file that cannot be used; the message names the file, the rule id and the reason."""


class UnknownHouseWayRule(HouseWayError, KeyError):
    """A rule id the way does not have; a KeyError too, as a lookup by id always raised."""
    __str__ = BaseException.__str__   # the sentence, not KeyError's quoted key


# ------------------------------------------------------------------------------------------ vocabulary

KIND_NAMES = ("teen", "day", "yun", "gor", "mooy", "chong", "bon", "foo", "ping", "tit", "look",
              "chop_gow", "chop_bot", "chop_chit", "chop_ng", "gee_joon")
_KIND = {name: 1 << i for i, name in enumerate(KIND_NAMES)}
# Pip classes as the published ways use them (Gee Joon is a class of its own, never a 3 or a 6), and the
# "high"/"low" names of the two kinds of one pip count.
TILE_CLASSES: dict[str, int] = {
    **_KIND,
    "12": _KIND["teen"], "2": _KIND["day"], "11": _KIND["foo"],
    "10": _KIND["mooy"] | _KIND["ping"], "9": _KIND["chop_gow"], "8": _KIND["yun"] | _KIND["chop_bot"],
    "7": _KIND["tit"] | _KIND["chop_chit"], "6": _KIND["chong"] | _KIND["look"], "5": _KIND["chop_ng"],
    "4": _KIND["gor"] | _KIND["bon"], "teen_day": _KIND["teen"] | _KIND["day"],
    "high_10": _KIND["mooy"], "low_10": _KIND["ping"], "high_8": _KIND["yun"], "low_8": _KIND["chop_bot"],
    "high_7": _KIND["tit"], "low_7": _KIND["chop_chit"], "high_6": _KIND["chong"], "low_6": _KIND["look"],
    "high_4": _KIND["gor"], "low_4": _KIND["bon"], "any": 0xFFFF,
}
CATEGORIES = {"points": lib.DD_PG_POINTS, "high_nine": lib.DD_PG_HIGH_NINE, "gong": lib.DD_PG_GONG,
              "wong": lib.DD_PG_WONG, "pair": lib.DD_PG_PAIR}
METRICS = {"low": lib.DD_HW_M_LOW, "high": lib.DD_HW_M_HIGH, "low_points": lib.DD_HW_M_LOW_POINTS,
           "high_points": lib.DD_HW_M_HIGH_POINTS, "total_points": lib.DD_HW_M_TOTAL_POINTS}


def _points_threshold(points: int, lowest_kind: int = lib.DD_HW_ANY_TILE) -> int:
    """The engine's threshold "that many points with a higher tile of at least that kind, or better"."""
    out = ffi.new("int32_t *")
    check(lib.dd_hw_points_threshold(points, lowest_kind, out))
    return out[0]


def _named_threshold(category: int) -> int:
    """The engine's threshold "the lowest hand of this named category (rule 4.2), or better"."""
    out = ffi.new("int32_t *")
    check(lib.dd_hw_named_threshold(category, out))
    return out[0]


# Named thresholds: "this hand or any better one".
THRESHOLDS = {
    "harmony3": _points_threshold(3, lib.DD_PG_GOR),     # 3 points, higher tile at least Gor ("high 4")
    "high3": _points_threshold(3, lib.DD_PG_CHONG),      # 3 points, higher tile at least Chong ("high 6")
    "high_nine": _named_threshold(lib.DD_PG_HIGH_NINE),
    "gong": _named_threshold(lib.DD_PG_GONG),
    "wong": _named_threshold(lib.DD_PG_WONG),
    "pair": _named_threshold(lib.DD_PG_PAIR),
}

_CONDITIONS = ("pairs", "pair", "others", "hand", "contains", "best_low_at_least", "best_low_below",
               "best_high_at_least", "best_high_below")
_STEPS = ("keep_pair", "split_pair", "undominated", "high_category", "low_category", "low_at_least",
          "low_below", "high_at_least", "high_below", "at_least", "high_is", "low_is", "hand_is", "max",
          "min", "prefer_high", "prefer_high_has", "prefer_low_has", "highest_tile", "highest_tile_low_if")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,47}$")


class _Refusal(Exception):
    """A reason a file is refused; the loader adds the file and rule."""


def _words(value, what: str) -> list:
    if isinstance(value, list):
        if not value:
            raise _Refusal(f"{what} is an empty list")
        return value
    return [value]


def _tile_class(value, what: str) -> int:
    mask = 0
    for word in _words(value, what):
        if isinstance(word, int) and not isinstance(word, bool):
            word = str(word)
        if not isinstance(word, str) or word not in TILE_CLASSES:
            raise _Refusal(f"unknown tile class {shown(word)} in {what} (known: {', '.join(TILE_CLASSES)})")
        mask |= TILE_CLASSES[word]
    return mask


def _classes(value, count: int | None, what: str) -> list[int]:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        need = f"{count} tile classes" if count else "a list of tile classes"
        raise _Refusal(f"{what} must be {need}, not {shown(value)}")
    return [_tile_class(v, what) for v in value]


def _alternatives(value, count: int, what: str) -> list[int]:
    if not isinstance(value, list) or not value:
        raise _Refusal(f"{what} must be a list of alternatives, each of {count} tile classes")
    out: list[int] = []
    for alt in value:
        out += _classes(alt, count, what)
    return out


def _threshold(value, what: str) -> int:
    if isinstance(value, bool):
        raise _Refusal(f"{what}: {shown(value)} is not a threshold")
    if isinstance(value, int):
        if not 0 <= value <= 9:
            raise _Refusal(f"{what}: a points threshold is 0 to 9, not {value}")
        return _points_threshold(value)
    if isinstance(value, str):
        if value not in THRESHOLDS:
            raise _Refusal(f"unknown threshold {shown(value)} in {what} (known: 0-9, {', '.join(THRESHOLDS)},"
                           " or {{ points = n, tile = kind }})")
        return THRESHOLDS[value]
    if isinstance(value, dict):
        if set(value) != {"points", "tile"}:
            raise _Refusal(f"{what}: a threshold table has exactly the keys points and tile")
        points, tile = value["points"], value["tile"]
        if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= 9:
            raise _Refusal(f"{what}: points must be 1 to 9, not {shown(points)}")
        if tile not in _KIND:
            raise _Refusal(f"{what}: tile must be one kind name ({', '.join(KIND_NAMES)}), not {shown(tile)}")
        return _points_threshold(points, KIND_NAMES.index(tile) + 1)
    raise _Refusal(f"{what}: {shown(value)} is not a threshold")


def _category_list(value, what: str) -> list[int]:
    out = []
    for word in _words(value, what):
        if word not in CATEGORIES:
            raise _Refusal(f"unknown hand category {shown(word)} in {what} (known: {', '.join(CATEGORIES)})")
        if CATEGORIES[word] in out:
            raise _Refusal(f"{what} names {shown(word)} twice")
        out.append(CATEGORIES[word])
    return out


def _flag(value, what: str) -> None:
    if value is not True:
        raise _Refusal(f"{what} takes the value true")


def _item(op: int, args: Sequence[int]) -> list[int]:
    return [op, len(args), *args]


def _condition(key: str, value) -> list[int]:
    what = f"condition {key}"
    if key == "pairs":
        counts = _words(value, what)
        mask = 0
        for n in counts:
            if isinstance(n, bool) or n not in (0, 1, 2):
                raise _Refusal(f"{what}: a hand holds 0, 1 or 2 pairs, not {shown(n)}")
            mask |= 1 << n
        return _item(lib.DD_HW_C_PAIRS, [mask])
    if key == "pair":
        return _item(lib.DD_HW_C_PAIR, [_tile_class(value, what)])
    if key == "others":
        return _item(lib.DD_HW_C_OTHERS, _alternatives(value, 2, what))
    if key == "hand":
        return _item(lib.DD_HW_C_HAND, _alternatives(value, 4, what))
    if key == "contains":
        if not isinstance(value, list) or not 1 <= len(value) <= 4:
            raise _Refusal(f"{what} must list 1 to 4 tile classes")
        return _item(lib.DD_HW_C_CONTAINS, _classes(value, None, what))
    ops = {"best_low_at_least": lib.DD_HW_C_BEST_LOW_AT_LEAST, "best_low_below": lib.DD_HW_C_BEST_LOW_BELOW,
           "best_high_at_least": lib.DD_HW_C_BEST_HIGH_AT_LEAST,
           "best_high_below": lib.DD_HW_C_BEST_HIGH_BELOW}
    if key in ops:
        return _item(ops[key], [_threshold(value, what)])
    raise _Refusal(f"unknown condition {shown(key)} (known: {', '.join(_CONDITIONS)})")


def _step(step, tie_break: bool) -> list[int]:
    if not isinstance(step, dict) or len(step) != 1:
        raise _Refusal(f"each step is a table with exactly one key, such as {{ max = \"low\" }}, not {shown(step)}")
    (key, value), = step.items()
    what = f"step {key}"
    if key not in _STEPS:
        raise _Refusal(f"unknown step {shown(key)} (known: {', '.join(_STEPS)})")
    choose = key in ("max", "min", "prefer_high", "prefer_high_has", "prefer_low_has", "highest_tile",
                     "highest_tile_low_if")
    if tie_break and not choose:
        raise _Refusal(f"tie_break can only choose among settings; {shown(key)} is a require step")
    if key in ("keep_pair", "split_pair", "undominated"):
        _flag(value, what)
        op = {"keep_pair": lib.DD_HW_S_KEEP_PAIR, "split_pair": lib.DD_HW_S_SPLIT_PAIR,
              "undominated": lib.DD_HW_S_UNDOMINATED}[key]
        return _item(op, [])
    if key in ("high_category", "low_category"):
        mask = 0
        for c in _category_list(value, what):
            mask |= 1 << c
        return _item(lib.DD_HW_S_HIGH_CATEGORY if key == "high_category" else lib.DD_HW_S_LOW_CATEGORY,
                     [mask])
    thresholds = {"low_at_least": lib.DD_HW_S_LOW_AT_LEAST, "low_below": lib.DD_HW_S_LOW_BELOW,
                  "high_at_least": lib.DD_HW_S_HIGH_AT_LEAST, "high_below": lib.DD_HW_S_HIGH_BELOW}
    if key in thresholds:
        return _item(thresholds[key], [_threshold(value, what)])
    if key == "at_least":
        if not isinstance(value, list) or not value:
            raise _Refusal(f"{what} must be a list of [low threshold, high threshold] alternatives")
        args: list[int] = []
        for alt in value:
            if not isinstance(alt, list) or len(alt) != 2:
                raise _Refusal(f"{what}: each alternative is [low threshold, high threshold], not {shown(alt)}")
            args += [_threshold(alt[0], what), _threshold(alt[1], what)]
        return _item(lib.DD_HW_S_AT_LEAST, args)
    if key in ("high_is", "low_is", "hand_is"):
        op = {"high_is": lib.DD_HW_S_HIGH_IS, "low_is": lib.DD_HW_S_LOW_IS, "hand_is": lib.DD_HW_S_HAND_IS}[key]
        return _item(op, _classes(value, 2, what))
    if key in ("max", "min"):
        if value not in METRICS:
            raise _Refusal(f"unknown measure {shown(value)} in {what} (known: {', '.join(METRICS)})")
        return _item(lib.DD_HW_S_MAX if key == "max" else lib.DD_HW_S_MIN, [METRICS[value]])
    if key == "prefer_high":
        return _item(lib.DD_HW_S_PREFER_HIGH, _category_list(value, what))
    if key in ("prefer_high_has", "prefer_low_has"):
        op = lib.DD_HW_S_PREFER_HIGH_HAS if key == "prefer_high_has" else lib.DD_HW_S_PREFER_LOW_HAS
        return _item(op, [_tile_class(value, what)])
    if key == "highest_tile":
        if value not in ("low", "high"):
            raise _Refusal(f"{what} is \"low\" or \"high\", not {shown(value)}")
        return _item(lib.DD_HW_S_HIGHEST_TILE, [1 if value == "high" else 0])
    # highest_tile_low_if = { hand = "low"|"high", at_most = 0-9, otherwise = "high"|"either" }
    if not isinstance(value, dict) or set(value) - {"hand", "at_most", "otherwise"} or \
            not {"hand", "at_most"} <= set(value):
        raise _Refusal(f"{what} is a table {{ hand = \"low\" or \"high\", at_most = points,"
                       " otherwise = \"high\" or \"either\" }}")
    hand, at_most, otherwise = value["hand"], value["at_most"], value.get("otherwise", "either")
    if hand not in ("low", "high") or otherwise not in ("high", "either") or isinstance(at_most, bool) \
            or not isinstance(at_most, int) or not 0 <= at_most <= 9:
        raise _Refusal(f"{what}: hand is low or high, at_most 0-9 points, otherwise high or either")
    return _item(lib.DD_HW_S_HIGHEST_TILE_IF, [int(hand == "high"), at_most, int(otherwise == "high")])


def _text(table: dict, key: str, what: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _Refusal(f"{what} needs a non-empty text {shown(key)}")
    return " ".join(value.split())


# ------------------------------------------------------------------------------------------ the ways

@dataclass(frozen=True)
class HouseWayRule:
    id: str
    title: str
    text: str


@dataclass(frozen=True)
class HouseWay:
    id: str
    name: str
    source: str                       # where the published way comes from
    notes: str                        # readings of unclear or missing text
    rules: tuple[HouseWayRule, ...]
    path: str                         # the file it was read from

    def rule(self, rule_id: str) -> HouseWayRule:
        for r in self.rules:
            if r.id == rule_id:
                return r
        raise UnknownHouseWayRule(f"the house way {self.id!r} has no rule {shown(rule_id)}")


@dataclass(frozen=True)
class HouseWaySetting:
    high: tuple[str, str]             # faces, the higher-ranking tile first
    low: tuple[str, str]
    rule: str                         # id of the rule that decided the setting
    title: str
    text: str                         # the rule's explanation for the trainee


def _hand_name(index: int) -> str:
    kinds = ffi.new("uint8_t[4]")
    check(lib.dd_hw_hand_kinds(index, kinds))
    return ", ".join(KIND_NAMES[k - 1] for k in kinds)


def _compile(data: dict, source: str) -> tuple[HouseWay, list[int]]:
    """Words -> program; raises HouseWayError naming the file, rule id and reason."""
    rule_id = None
    try:
        unknown = set(data) - {"id", "name", "source", "notes", "tie_break", "rule"}
        if unknown:
            raise _Refusal(f"unknown top-level key {shown(sorted(unknown)[0])}"
                           " (known: id, name, source, notes, tie_break, rule)")
        way_id = data.get("id")
        if not isinstance(way_id, str) or not _ID.match(way_id):
            raise _Refusal("the way needs an id of lower-case letters, digits, - and _ (such as \"nz\")")
        name = _text(data, "name", "the way")
        origin = _text(data, "source", "the way")
        notes = " ".join(str(data.get("notes", "")).split())
        tie = data.get("tie_break", [])
        if not isinstance(tie, list):
            raise _Refusal("tie_break must be a list of choose steps")
        program = [lib.DD_HW_MAGIC, 0, len(tie)]
        for step in tie:
            program += _step(step, tie_break=True)
        rules_data = data.get("rule")
        if not isinstance(rules_data, list) or not rules_data:
            raise _Refusal("the way has no [[rule]] entries")
        if len(rules_data) > lib.DD_HW_MAX_RULES:
            raise _Refusal(f"a way may have at most {lib.DD_HW_MAX_RULES} rules")
        rules: list[HouseWayRule] = []
        for position, rule in enumerate(rules_data, start=1):
            rule_id = f"#{position}"
            if not isinstance(rule, dict):
                raise _Refusal("a rule must be a table")
            if not isinstance(rule.get("id"), str) or not _ID.match(rule["id"]):
                raise _Refusal("the rule needs an id of lower-case letters, digits, - and _")
            rule_id = rule["id"]
            if any(r.id == rule_id for r in rules):
                raise _Refusal("the same rule id is used twice")
            extra = set(rule) - {"id", "title", "text", "when", "play"}
            if extra:
                raise _Refusal(f"unknown rule key {shown(sorted(extra)[0])} (known: id, title, text, when, play)")
            rules.append(HouseWayRule(rule_id, _text(rule, "title", "the rule"), _text(rule, "text", "the rule")))
            when = rule.get("when", {})
            if not isinstance(when, dict):
                raise _Refusal("when must be a table of conditions")
            play = rule.get("play")
            if not isinstance(play, list) or not play:
                raise _Refusal("play must be a non-empty list of steps")
            program.append(len(when))
            for key, value in when.items():
                program += _condition(key, value)
            program.append(len(play))
            for step in play:
                program += _step(step, tie_break=False)
        rule_id = None
        program[1] = len(rules)
        if len(program) > lib.DD_HW_MAX_PROGRAM:
            raise _Refusal("the way is too long to compile")
    except _Refusal as why:
        raise HouseWayError(_where(source, rule_id) + str(why)) from None
    return HouseWay(way_id, name, origin, notes, tuple(rules), source), program


def _where(source: str, rule_id: str | None) -> str:
    return f"{source}: rule {rule_id}: " if rule_id else f"{source}: "


def _build(way: HouseWay, program: list[int]):
    """The engine's table for a compiled way (kept inside this module: no cffi object leaves it)."""
    table = ffi.new("dd_hw_table *")
    diagnosis = ffi.new("dd_hw_diagnosis *")
    status = lib.dd_hw_build(ffi.new("int32_t[]", program), len(program), table, diagnosis)
    if status == lib.DD_E_HOUSE_WAY:
        rule_id = way.rules[diagnosis.rule].id if 0 <= diagnosis.rule < len(way.rules) else None
        if diagnosis.reason == lib.DD_HW_DEAD_RULE:
            why = "the rule can never decide a hand (earlier rules or its own conditions exclude every hand)"
        elif diagnosis.reason == lib.DD_HW_NO_SETTING:
            why = (f"no rule decides the hand {_hand_name(diagnosis.hand)}: every hand needs a setting"
                   " (end the way with a rule that always applies)")
        else:
            why = f"the compiled program is malformed at item {diagnosis.offset}"
        raise HouseWayError(_where(way.path, rule_id) + why)
    check(status)
    return table


# What a house-way file may be. The shipped ways are about 7 KB and 8 levels deep (a rule's step holding a
# list of thresholds); a way at the engine's limit of 512 rules stays well under a megabyte. Anything beyond
# these is refused before it is parsed or walked, so no file can exhaust memory or the parser's recursion.
MAX_FILE_BYTES = 1 << 20
MAX_NESTING = 32


def _nesting_depth(value) -> int:
    """How deeply tables and lists nest in parsed TOML (a plain value counts 1); counted without recursion,
    so a hostile structure cannot exhaust the stack while it is measured."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, depth = pending.pop()
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            break
        if isinstance(item, dict):
            pending.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            pending.extend((child, depth + 1) for child in item)
    return deepest


# What a nesting count looks at in TOML text: what nests or separates, and where strings and comments
# begin (their contents are passed over).
_TOML_MARKS = re.compile(r"""[\[\]{}.,=\n"'#]""")


def _string_end(text: str, start: int, quote: str) -> int:
    """Where the TOML string opening at `start` ends (just past its closing quote), or -1 when it never
    ends (a one-line string must end on its line). Linear: every search covers new text only."""
    closing = quote * 3 if text.startswith(quote * 3, start) else quote
    position = start + len(closing)
    while True:
        found = text.find(closing, position)
        if found < 0 or len(closing) == 1 and text.find("\n", position, found) >= 0:
            return -1
        backslashes = 0
        while quote == '"' and text[found - 1 - backslashes] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:       # not an escaped quote
            return found + len(closing)
        position = found + 1


def _nests_too_deeply(text: str) -> bool:
    """Whether brackets and braces, or the parts of one dotted key, nest beyond MAX_NESTING, judged from the
    text before it is parsed: Python's TOML parser recurses once per bracket and slows down with the square
    of a dotted key's length, so a hostile file must be refused before it is handed over. A number has at
    most one dot between separators, so only a key has a long run of dots. A string that never ends stops
    the count: the parser then refuses the file at once."""
    depth = dots = position = 0
    while (found := _TOML_MARKS.search(text, position)) is not None:
        mark, position = found.group(), found.end()
        if mark == "#":
            position = text.find("\n", position)
            if position < 0:
                break
        elif mark in "\"'":
            position = _string_end(text, found.start(), mark)
            if position < 0:
                break
        elif mark == ".":
            dots += 1
            if dots >= MAX_NESTING:
                return True
        else:
            dots = 0
            if mark in "[{":
                depth += 1
                if depth > MAX_NESTING:
                    return True
            elif mark in "]}":
                depth = max(depth - 1, 0)
    return False


def _source_name(source) -> str:
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise HouseWayError(f"the source of a house way is named by a text, not {shown(source)}")
    return source


def _parse(text, source: str):
    if not isinstance(text, str):
        raise HouseWayError(f"{source}: a house way is read from text, not {shown(text)}")
    if len(text) > MAX_FILE_BYTES:
        raise HouseWayError(f"{source}: too large for a house-way file ({len(text):,} characters; "
                            f"at most {MAX_FILE_BYTES:,})")
    deep = (f"{source}: tables or lists nest more than {MAX_NESTING} levels deep, which no house way needs")
    if _nests_too_deeply(text):
        raise HouseWayError(deep)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseWayError(f"{source}: not a readable TOML file: {exc}") from None
    except RecursionError:
        raise HouseWayError(deep) from None
    if _nesting_depth(data) > MAX_NESTING:
        raise HouseWayError(deep)
    way, program = _compile(data, source)
    return way, _build(way, program)


def parse_house_way(text: str, source: str = "<text>") -> HouseWay:
    """Check a house way written in the file format without making it available;
    HouseWayError explains a refusal."""
    return _parse(text, _source_name(source))[0]


def _read_house_way_file(path: Path) -> str:
    """The text of a house-way file: a regular file of at most MAX_FILE_BYTES of UTF-8 (a byte-order mark
    is allowed); HouseWayError in plain words for anything else (a folder, a device, a pipe, a huge file)."""
    named = shown_path(path)
    not_a_file = f"{named}: not a file (a folder, a device or a pipe cannot hold a house way)"
    try:
        # Opened without blocking, so that a named pipe with no writer is refused instead of waiting forever.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise HouseWayError(not_a_file) from None
    except (OSError, ValueError) as exc:   # ValueError: a path holding a NUL character
        raise HouseWayError(f"{named}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise HouseWayError(not_a_file)
    with os.fdopen(descriptor, "rb") as stream:
        try:
            data = stream.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise HouseWayError(f"{named}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise HouseWayError(f"{named}: too large for a house-way file (more than {MAX_FILE_BYTES:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise HouseWayError(f"{named}: not UTF-8 text (byte {exc.start + 1} cannot be read); save the file "
                            "as UTF-8") from None


# id -> (the way, its engine table)
_WAYS: dict[str, tuple[HouseWay, Any]] = {}


def _shipped(way_id: str):
    folder = resources.files("dealerdrill.resources") / "house_ways"
    resource = folder / f"{way_id}.toml"
    return _parse(resource.read_text(encoding="utf-8"), f"house_ways/{way_id}.toml")


def _way(way):
    """(HouseWay, engine table) for a way id."""
    if not isinstance(way, str):
        raise InvalidInput(f"a house way is named by its id, such as 'nz', not {shown(way)}")
    found = _WAYS.get(way)
    if found is None:
        if way not in SHIPPED_WAYS:
            raise InvalidInput(f"there is no house way {shown(way)}; available: {', '.join(house_ways())}")
        found = _WAYS[way] = _shipped(way)
    return found


def house_ways() -> list[str]:
    """Ids of the available house ways: the shipped ones ("nz" first), then the loaded files."""
    return list(SHIPPED_WAYS) + [w for w in _WAYS if w not in SHIPPED_WAYS]


def describe_house_way(way: str = DEFAULT_WAY) -> HouseWay:
    """The way's name, source, reading notes and rules (id, title, text) in order."""
    return _way(way)[0]


def load_house_way(path) -> str:
    """Check a user's house-way file and make it available under its id (replacing an earlier file
    with that id); the shipped ways cannot be replaced. Returns the id."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise HouseWayError(f"a house-way file is named by its path, not {shown(path)}")
    path = Path(path)
    way, table = _parse(_read_house_way_file(path), shown_path(path))
    if way.id in SHIPPED_WAYS:
        raise HouseWayError(f"{shown_path(path)}: the id {shown(way.id)} belongs to a shipped house way; "
                            f"choose another id")
    _WAYS[way.id] = (way, table)
    return way.id


def unload_house_way(way_id: str) -> None:
    """Stop offering a loaded way (its compiled table is freed); shipped ways cannot be unloaded."""
    if not isinstance(way_id, str):
        raise HouseWayError(f"a house way is named by its id, such as 'my-casino', not {shown(way_id)}")
    if way_id in SHIPPED_WAYS:
        raise HouseWayError(f"{shown(way_id)} is a shipped house way and cannot be unloaded")
    if _WAYS.pop(way_id, None) is None:
        raise HouseWayError(f"there is no loaded house way {shown(way_id)}")


# ------------------------------------------------------------------------------------------ setting hands

def _pg():
    from . import paigow  # imported late: paigow re-exports this module's functions
    return paigow


def _four(tiles, what: str = "a pai gow hand") -> list[int]:
    if isinstance(tiles, (str, bytes)) or not hasattr(tiles, "__len__") or len(tiles) != 4:
        raise InvalidInput(f"{what} is four tiles, such as ('6-6', '1-3', '5-5', '2-2'), not {shown(tiles)}")
    return _pg()._ids(tiles)


def _faces(ids) -> tuple[str, str]:
    tiles = _pg().TILES
    return (tiles[ids[0]].face, tiles[ids[1]].face)


def _result(way: HouseWay, setting, rule_index: int) -> HouseWaySetting:
    rule = way.rules[rule_index]
    return HouseWaySetting(_faces(setting[0:2]), _faces(setting[2:4]), rule.id, rule.title, rule.text)


def house_way(tiles: Sequence[str], way: str = DEFAULT_WAY) -> HouseWaySetting:
    """Set four tiles the house way: the setting and the rule that decided it."""
    chosen, table = _way(way)
    ids = ffi.new("uint8_t[4]", _four(tiles))
    setting = ffi.new("uint8_t[4]")
    rule = ffi.new("int *")
    check(lib.dd_hw_set(table, ids, setting, rule))
    return _result(chosen, list(setting), rule[0])


def house_way_many(hands: Sequence[Sequence[str]], way: str = DEFAULT_WAY) -> list[HouseWaySetting]:
    """house_way() for many hands in one call into the engine."""
    chosen, table = _way(way)
    flat: list[int] = []
    for i, hand in enumerate(require_items(hands, "the hands")):
        flat += _four(hand, f"hand {i}")
    n = len(flat) // 4
    if n == 0:
        return []
    settings = ffi.new("uint8_t[]", 4 * n)
    rules = ffi.new("int16_t[]", n)
    bad = ffi.new("size_t *")
    check(lib.dd_hw_set_many(table, ffi.new("uint8_t[]", flat), n, settings, rules, bad))
    return [_result(chosen, settings[4 * i:4 * i + 4], rules[i]) for i in range(n)]


# ------------------------------------------------------------------------------------------ analysis

@dataclass(frozen=True)
class SideStats:
    win: float
    lose: float
    push: float
    house_edge: float                 # the house's advantage over this side, a fraction of the wager


@dataclass(frozen=True)
class Analysis:
    way: str                          # how the bank's hands are set
    player_way: str                   # how the player's hands are set
    commission: float
    player: SideStats
    banker: SideStats                 # the banking side: wins the player's losses, pays commission
    wins: int                         # player wins, counted over tile-disjoint (player, bank) deals
    losses: int
    pushes: int
    deals: int                        # 35,960 x 20,475


def _commission(commission) -> float:
    # The range is checked before the conversion to float, which a huge whole number would overflow.
    if isinstance(commission, bool) or not isinstance(commission, (int, float)) or \
            not 0 <= commission <= 1 or not math.isfinite(commission):
        raise InvalidInput(f"the commission is a fraction from 0 to 1 (0.05 for 5%), not {shown(commission)}")
    return float(commission)


def _side(s) -> SideStats:
    return SideStats(s.win, s.lose, s.push, s.house_edge)


def analyze(way: str = DEFAULT_WAY, commission: float = 0.05, player_way: str | None = None) -> Analysis:
    """Every player hand (set `player_way`, by default the same way) against every tile-disjoint bank
    hand set the house way: exact win/lose/push probabilities and house edges for both sides."""
    bank, bank_table = _way(way)
    player, player_table = (bank, bank_table) if player_way is None else _way(player_way)
    rate = _commission(commission)
    out = ffi.new("dd_hw_analysis *")
    check(lib.dd_hw_analyze(player_table, bank_table, rate, out))
    return Analysis(bank.id, player.id, rate, _side(out.player), _side(out.banker), out.wins, out.losses,
                    out.pushes, out.deals)


@dataclass(frozen=True)
class SettingValue:
    """One setting of four tiles valued for the side holding them (a player's or the bank's)."""
    high: tuple[str, str]
    low: tuple[str, str]
    win: float
    lose: float
    push: float
    ev: float                         # expected net per unit wagered, commission on that side's wins deducted
    wins: int                         # counted over the 20,475 hands of the other side from the other 28 tiles
    losses: int
    pushes: int
    deals: int
    house_way: bool                   # this is the setting the house way plays


def setting_values(tiles: Sequence[str], way: str = DEFAULT_WAY, commission: float = 0.05) -> list[SettingValue]:
    """The three settings of four tiles (in paigow.settings order), each played against every bank hand
    of the remaining 28 tiles set the house way `way`."""
    return _values(lib.dd_hw_setting_values, tiles, way, commission)


def bank_setting_values(tiles: Sequence[str], way: str = DEFAULT_WAY,
                        commission: float = 0.05) -> list[SettingValue]:
    """The bank's side: the three settings of the bank's four tiles (in paigow.settings order), each
    against every player hand of the remaining 28 tiles set the house way `way`. Wins, losses and .ev
    are the bank's: it takes copies, and `commission` comes off its wins as in analyze()."""
    return _values(lib.dd_hw_bank_setting_values, tiles, way, commission)


def _values(engine_call, tiles, way, commission) -> list[SettingValue]:
    _, table = _way(way)
    rate = _commission(commission)
    ids = _four(tiles)
    out = ffi.new("dd_hw_setting_value[3]")
    check(engine_call(table, ffi.new("uint8_t[4]", ids), rate, out))
    played = house_way(tiles, way)
    result = []
    for v in out:
        high, low = _faces(v.high), _faces(v.low)
        result.append(SettingValue(high, low, v.wins / v.deals, v.losses / v.deals, v.pushes / v.deals, v.ev,
                                   v.wins, v.losses, v.pushes, v.deals,
                                   sorted((high, low)) == sorted((played.high, played.low))))
    return result
