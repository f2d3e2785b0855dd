"""Per-table settings with New Zealand defaults, validated and remembered between runs. Qt-free.

Each table has a frozen dataclass; every field carries its label and limits in `metadata`, so the settings
dialog can build its form and `validate` can check a value without either knowing the fields by name.
A bad or unreadable settings file never stops the program: the faulty values fall back to their defaults
and the caller gets a plain message saying what happened.

House ways: the shipped ones (HOUSE_WAY_CHOICES) plus the files a training manager loaded. The paths of
loaded files are part of the Pai Gow settings (`house_way_files`). Reading the settings never loads a file
into the engine: that is an explicit act of the application layer (`restore_house_way_files`, called once
at start by the desk), after which the choice of `house_way` is checked against the ways that exist then.
A file that has gone or no longer loads is dropped with a plain message, and a house way that is no longer
available falls back to New Zealand.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from dealerdrill.domain import format_money

from . import paths

ROUNDING_CHOICES = (
    ("cents", "Exact, to the cent"),
    ("up", "Commission rounded up to the smallest chip (the house's favour)"),
    ("down", "Commission rounded down to the smallest chip (the player's favour: the payment is the next "
             "amount payable, NSW-style rule 5.7)"),
)
COLLECTION_CHOICES = (
    ("at payment", "Taken at payment"),
    ("commission box", "Marked in the commission box"),
)
HOUSE_WAY_CHOICES = (
    ("nz", "New Zealand"),
    ("foxwoods", "Foxwoods"),
    ("canberra", "Canberra"),
)
DEFAULT_HOUSE_WAY = "nz"
# The house's reading of where the pai gow dice total is counted from: the rules that say it (rule 9.6 and the
# dice rules) are not among our pages, so a training manager sets the house's own (dealerdrill.core.
# paigow_procedure.DiceCount; the engine gives the box, dd_pg_dice_count_start).
DICE_COUNT_CHOICES = (
    ("banker", "The banker's box (the chung's) counts as 1"),
    ("box 1", "Box 1 counts as 1, whoever banks"),
)
# The house's reading of the order the roulette inside wagers are paid in: it is dealer practice, on no Gazette
# page, so a training manager sets the house's own (dealerdrill.core.roulette.PayingOrder; the engine orders
# the wagers, dd_roulette_pay_step_under). The outside wagers are paid first under both.
PAYING_ORDER_CHOICES = (
    ("by odds", "By odds: six lines, corners, streets, splits, straight ups"),
    ("streets first", "Streets before corners: six lines, streets, corners, splits, straight ups"),
)
MAX_CHIP_VALUES = 6  # the chip tray has one key (1-6) per value
# The house breakdown (the paying-in-chips drills): the fewest chips none larger than the house's largest payout
# chip, a house's own convention on no Gazette page, so a training manager sets it for each table. The drills
# pay with the table's largest chip value not above it; the engine makes and checks the breakdown.
DEFAULT_HOUSE_BREAKDOWN_CHIP = 25


def _house_breakdown_chip():
    return _setting(DEFAULT_HOUSE_BREAKDOWN_CHIP, "House breakdown: largest payout chip ($)", low=1, high=1_000_000,
                    help_text="The house's convention for paying in chips: the house breakdown pays the fewest "
                              "chips none larger than this (the largest chip value not above it); the paying-in-"
                              "chips drills grade by it")


# The settings that only change how things move on screen; every other setting decides some answer (a
# commission, a payout, a drawing rule, a house way) and is the manager's to set (gui/desk/settings_policy.py).
PRESENTATION_ONLY = frozenset({"animation_seconds"})


class SettingsError(ValueError):
    """A setting with a value the tables cannot use; the message names the setting in plain words."""


def _setting(default, label: str, *, low=None, high=None, choices=None, help_text: str = "", kind: str = ""):
    """A settings field. `choices` is a tuple of (value, label) or a function returning one (choices that
    change while the program runs); kind "paths" is a list of file names kept by the program, not typed."""
    meta = {"label": label, "low": low, "high": high, "choices": choices, "help": help_text, "kind": kind}
    if isinstance(default, tuple):
        return field(default_factory=lambda: default, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class RouletteSettings:
    first_four: bool = _setting(True, "Offer the first-four corner (0-1-2-3)",
                                help_text="NSW-style rule; the 1998 NZ rules list only the zero splits and streets")
    inside_paying_order: str = _setting("by odds", "Inside wagers paid", choices=PAYING_ORDER_CHOICES,
                                        help_text="The house's reading: the order the inside wagers are paid in, "
                                                  "after the outside wagers (dealer practice; no Gazette rule "
                                                  "gives it)")
    minimum_bet: int = _setting(5, "Table minimum per wager ($)", low=1, high=100_000)
    maximum_inside: int = _setting(250, "Maximum per inside wager ($)", low=1, high=1_000_000)
    maximum_outside: int = _setting(5_000, "Maximum per outside wager ($)", low=1, high=1_000_000)
    chip_values: tuple[int, ...] = _setting((1, 5, 10, 25, 100, 500), "Chip values ($)", low=1, high=1_000_000)
    house_breakdown_chip: int = _house_breakdown_chip()
    animation_seconds: float = _setting(6.0, "Wheel spin animation (seconds, 0 = none)", low=0.0, high=30.0)


@dataclass(frozen=True)
class BaccaratSettings:
    decks: int = _setting(8, "Decks in the shoe", low=4, high=8)
    # The engine needs at least 11 cards behind the cutting card (enough for a last coup) and room for the
    # largest burn (10 cards after the exposed one) in front of it; 150 fits the smallest shoe, 4 decks.
    cut_from_end: int = _setting(16, "Cutting card (cards from the end)", low=11, high=150,
                                 help_text="Rule 9.8: when the cutting card appears, one more coup is dealt")
    burn: bool = _setting(True, "Burn cards after each shuffle",
                          help_text="The first card is exposed and as many cards as its value are burned "
                                    "(10 for a ten or a picture card)")
    big_table: bool = _setting(False, "Big table: 14 seats (otherwise mini baccarat, 7 seats)")
    commission_percent: float = _setting(5.0, "Commission on winning Banker wagers (%)", low=0.0, high=10.0)
    commission_rounding: str = _setting("cents", "Commission rounding", choices=ROUNDING_CHOICES)
    commission_collection: str = _setting("commission box", "Commission collected", choices=COLLECTION_CHOICES)
    tie_odds: int = _setting(8, "Tie pays (to 1)", low=8, high=9)
    minimum_bet: int = _setting(10, "Table minimum ($)", low=1, high=100_000)
    maximum_bet: int = _setting(5_000, "Table maximum ($)", low=1, high=1_000_000)
    chip_values: tuple[int, ...] = _setting((1, 5, 25, 100, 500, 1000), "Chip values ($)", low=1, high=1_000_000)
    house_breakdown_chip: int = _house_breakdown_chip()
    animation_seconds: float = _setting(0.6, "Card dealing animation (seconds, 0 = none)", low=0.0, high=10.0)


@dataclass(frozen=True)
class PaiGowSettings:
    house_way: str = _setting(DEFAULT_HOUSE_WAY, "House way", choices=lambda: house_way_choices())
    dice_count_from: str = _setting("banker", "Dice counted from", choices=DICE_COUNT_CHOICES,
                                    help_text="The house's reading: where the dice total is counted from round "
                                              "the 8 boxes, counter-clockwise (the dice rules are not among the "
                                              "rule pages)")
    commission_percent: float = _setting(5.0, "Commission on winning wagers (%)", low=0.0, high=10.0)
    commission_rounding: str = _setting("cents", "Commission rounding", choices=ROUNDING_CHOICES)
    minimum_bet: int = _setting(10, "Table minimum ($)", low=1, high=100_000)
    maximum_bet: int = _setting(5_000, "Table maximum ($)", low=1, high=1_000_000)
    chip_values: tuple[int, ...] = _setting((1, 5, 25, 100, 500, 1000), "Chip values ($)", low=1, high=1_000_000)
    house_breakdown_chip: int = _house_breakdown_chip()
    animation_seconds: float = _setting(0.6, "Tile animation (seconds, 0 = none)", low=0.0, high=10.0)
    # Loaded by the manager page; kept so the ways come back at the next start. Not typed in the dialog.
    house_way_files: tuple[str, ...] = _setting((), "House-way files loaded by a manager", kind="paths")


TABLE_SETTINGS = {"roulette": RouletteSettings, "baccarat": BaccaratSettings, "paigow": PaiGowSettings}
TABLE_TITLES = {"roulette": "Roulette", "baccarat": "Baccarat", "paigow": "Pai Gow"}


@dataclass(frozen=True)
class Settings:
    roulette: RouletteSettings = field(default_factory=RouletteSettings)
    baccarat: BaccaratSettings = field(default_factory=BaccaratSettings)
    paigow: PaiGowSettings = field(default_factory=PaiGowSettings)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        out = {}
        for table in TABLE_SETTINGS:
            values = asdict(getattr(self, table))
            out[table] = {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
        return out


def default_of(f) -> Any:
    return f.default_factory() if f.default is MISSING else f.default


def choices_of(f) -> tuple[tuple[str, str], ...]:
    """The field's (value, label) choices as they are now; () for a field without choices."""
    choices = f.metadata["choices"]
    return tuple(choices() if callable(choices) else choices or ())


def is_typed(f) -> bool:
    """Whether a person sets this field in the settings dialog (file lists are kept by the program)."""
    return f.metadata.get("kind") != "paths"


def check_value(f, value: Any) -> Any:
    """The value converted to the field's type, or SettingsError saying in plain words what is wrong."""
    meta = f.metadata
    label = meta["label"]
    default = default_of(f)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise SettingsError(f"{label}: choose yes or no")
        return value
    if meta["choices"]:
        allowed = [choice for choice, _ in choices_of(f)]
        if value not in allowed:
            raise SettingsError(f"{label}: {_quoted(value)} is not one of {', '.join(allowed)}")
        return value
    if meta.get("kind") == "paths":
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
            raise SettingsError(f"{label}: not a list of file names")
        return tuple(dict.fromkeys(value))   # each file once, in the order they were loaded
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not value:
            raise SettingsError(f"{label}: give at least one value")
        converted = tuple(_number(v, int, label, meta) for v in value)
        if len(converted) > MAX_CHIP_VALUES:
            raise SettingsError(f"{label}: at most {MAX_CHIP_VALUES} values (one per key 1-{MAX_CHIP_VALUES})")
        if len(set(converted)) != len(converted):
            raise SettingsError(f"{label}: each value may appear only once")
        return tuple(sorted(converted))
    return _number(value, type(default), label, meta)


def _quoted(value) -> str:
    """A value from the settings file as a message repeats it: its repr, shortened when long."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}... (too long to show)"


def _shown(number) -> str:
    """A number as a person writes it: 12, not 12.0."""
    if isinstance(number, float) and number.is_integer():
        return str(int(number))
    return str(number)


_dollars = format_money


def _number(value, kind, label, meta):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SettingsError(f"{label}: {_quoted(value)} is not a number")
    if kind is int:
        if isinstance(value, float) and not value.is_integer():
            raise SettingsError(f"{label}: {_shown(value)} is not a whole number")
        value = int(value)
    else:
        value = float(value)
        if value != value:  # NaN compares unequal to itself
            raise SettingsError(f"{label}: not a number")
    if meta["low"] is not None and value < meta["low"]:
        raise SettingsError(f"{label}: {_shown(value)} is below the smallest allowed, {_shown(meta['low'])}")
    if meta["high"] is not None and value > meta["high"]:
        raise SettingsError(f"{label}: {_shown(value)} is above the largest allowed, {_shown(meta['high'])}")
    return value


def chips_can_make(amount: int, chip_values: tuple[int, ...]) -> bool:
    """Whether some handful of these chips adds up to exactly `amount` (any number of each value)."""
    reachable = [True] + [False] * amount
    for total in range(1, amount + 1):
        reachable[total] = any(v <= total and reachable[total - v] for v in chip_values)
    return reachable[amount]


def _check_table(table: str, values: Any) -> None:
    """Checks that involve more than one field, or that only the engine can make (the commission rates and
    tie odds it can settle: a rate the settings took but the engine refused would break every commission
    drill)."""
    title = TABLE_TITLES[table]
    if table in ("baccarat", "paigow"):
        from dealerdrill.core import commission

        try:
            commission.basis_points_of_percent(values.commission_percent)
        except ValueError as error:
            raise SettingsError(f"{title}: {error}") from None
    if table == "baccarat":
        from dealerdrill.core import baccarat

        if not baccarat.tie_odds_supported(values.tie_odds):
            raise SettingsError(f"{title}: a Tie cannot pay {values.tie_odds} to 1 under these rules")
    if table == "roulette":
        if values.maximum_inside < values.minimum_bet or values.maximum_outside < values.minimum_bet:
            raise SettingsError(f"{title}: a maximum is below the table minimum of {_dollars(values.minimum_bet)}")
    elif values.maximum_bet < values.minimum_bet:
        raise SettingsError(f"{title}: the table maximum is below the table minimum")
    chips = tuple(values.chip_values)
    chip_list = ", ".join(_dollars(v) for v in chips)
    if values.minimum_bet < min(chips):
        raise SettingsError(f"{title}: the table minimum of {_dollars(values.minimum_bet)} is below the smallest "
                            f"chip, {_dollars(min(chips))}, so no wager could be made at the minimum")
    if not chips_can_make(values.minimum_bet, chips):
        raise SettingsError(f"{title}: no handful of the chips ({chip_list}) adds up to the table minimum of "
                            f"{_dollars(values.minimum_bet)}")


def build_table(table: str, raw: dict[str, Any]) -> Any:
    """A validated settings object for one table from plain values; raises SettingsError on the first fault."""
    cls = TABLE_SETTINGS[table]
    unknown = set(raw) - {f.name for f in fields(cls)}
    if unknown:
        raise SettingsError(f"{TABLE_TITLES[table]}: unknown setting {_quoted(sorted(unknown)[0])}")
    values = {}
    for f in fields(cls):
        try:
            values[f.name] = check_value(f, raw[f.name]) if f.name in raw else default_of(f)
        except SettingsError as error:
            raise SettingsError(f"{TABLE_TITLES[table]}: {error}") from None
    result = cls(**values)
    _check_table(table, result)
    return result


def check_settings(settings: Settings) -> Settings:
    """Settings as every road into force checks them: the settings file (from_dict), the dialog (build_table)
    and the desk (Desk.apply_settings) all go through build_table, so each value is within its limits and
    choices and the engine can use what only it can judge (a commission rate it can charge: a 2.125% the
    dialog refused but the desk put in force stopped every commission drill). The checked settings, or
    SettingsError naming the table and the setting."""
    if not isinstance(settings, Settings):
        raise SettingsError("not table settings")
    checked = {}
    for table, cls in TABLE_SETTINGS.items():
        values = getattr(settings, table)
        if not isinstance(values, cls):
            raise SettingsError(f"{TABLE_TITLES[table]}: not {TABLE_TITLES[table]} settings")
        checked[table] = build_table(table, {f.name: getattr(values, f.name) for f in fields(cls)})
    return Settings(**checked)


def from_dict(data: Any) -> tuple[Settings, list[str]]:
    """Settings from stored data, tolerant: each faulty value falls back to its default with a message."""
    problems: list[str] = []
    if not isinstance(data, dict):
        return Settings(), ["The settings file does not hold settings; the defaults are used."]
    tables = {}
    for table, cls in TABLE_SETTINGS.items():
        raw = data.get(table, {})
        if not isinstance(raw, dict):
            problems.append(f"{TABLE_TITLES[table]} settings were unreadable; the defaults are used.")
            raw = {}
        values = {}
        for f in fields(cls):
            if f.name not in raw:
                values[f.name] = default_of(f)
                continue
            if f.name == "house_way" and _may_name_a_way(raw[f.name]):
                values[f.name] = raw[f.name]   # checked once the loaded files are back (restore_house_way_files)
                continue
            try:
                values[f.name] = check_value(f, raw[f.name])
            except SettingsError as error:
                if f.name == "house_way" and isinstance(raw[f.name], str):
                    problems.append(f"{TABLE_TITLES[table]}: the house way {_quoted(raw[f.name])} is no longer "
                                    f"available; {_house_way_name(DEFAULT_HOUSE_WAY)} is used.")
                elif f.name == "house_way_files":
                    problems.append(f"{TABLE_TITLES[table]}: {error}; no loaded house way is offered.")
                else:
                    problems.append(f"{TABLE_TITLES[table]}: {error}; the default is used.")
                values[f.name] = default_of(f)
        result = cls(**values)
        try:
            _check_table(table, result)
        except SettingsError as error:
            problems.append(f"{error}; the {TABLE_TITLES[table]} defaults are used.")
            result = cls()
        tables[table] = result
    return Settings(**tables), problems


# --- files read at the boundary ---------------------------------------------------------------------------------
# Every small file the program reads (settings, the manager's key files) is checked before it is parsed: a
# regular file (never a folder, a device or a pipe, which could be read forever or wait forever), of a size
# such a file can have, in UTF-8, and, for JSON, nested no deeper than it ever is.

MAX_SETTINGS_FILE_BYTES = 1 << 20      # the settings are about 2 KB
MAX_JSON_NESTING = 16                  # the settings nest 3 deep, the key files 1


class FileRefused(ValueError):
    """A file that is not what it should be; the message is a plain clause ("it is not a file ...")."""


def read_bounded_text(path: Path, max_bytes: int) -> str:
    """The text of a regular file of at most `max_bytes` bytes of UTF-8 (a byte-order mark is allowed).
    FileNotFoundError when there is no file; FileRefused, in plain words, for anything else wrong."""
    try:
        # Without blocking, so that a named pipe is refused at once instead of waiting for a writer.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except IsADirectoryError:                    # where a folder cannot be opened at all (Windows)
        raise FileRefused("it is a folder, not a file") from None
    except (OSError, ValueError) as error:       # ValueError: a name holding a NUL character
        raise FileRefused(f"it could not be opened ({getattr(error, 'strerror', None) or error})") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        is_folder = stat.S_ISDIR(os.fstat(descriptor).st_mode)
        os.close(descriptor)
        raise FileRefused("it is a folder, not a file" if is_folder else "it is not a file (a device or a pipe)")
    with os.fdopen(descriptor, "rb") as stream:
        try:
            data = stream.read(max_bytes + 1)
        except OSError as error:
            raise FileRefused(f"it could not be read ({error.strerror or error})") from None
    if len(data) > max_bytes:
        raise FileRefused(f"it is larger than any such file ({max_bytes:,} bytes at most)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileRefused(f"it is not UTF-8 text (byte {error.start + 1} cannot be read)") from None


def json_nesting(value: Any) -> int:
    """How deeply objects and lists nest in parsed JSON (a plain value counts 1), counted without recursion;
    counting stops just past MAX_JSON_NESTING."""
    deepest, pending = 0, [(value, 1)]
    while pending and deepest <= MAX_JSON_NESTING:
        item, depth = pending.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            pending.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            pending.extend((child, depth + 1) for child in item)
    return deepest


def parse_bounded_json(text: str) -> Any:
    """JSON text parsed, refused (FileRefused) when it nests deeper than MAX_JSON_NESTING: so nothing that
    walks the result recursively (a message showing a value, a comparison) can exhaust the stack."""
    too_deep = f"it nests more than {MAX_JSON_NESTING} levels deep, which no such file does"
    try:
        data = json.loads(text)
    except RecursionError:
        raise FileRefused(too_deep) from None
    except ValueError:
        raise FileRefused("it is damaged (not JSON)") from None
    if json_nesting(data) > MAX_JSON_NESTING:
        raise FileRefused(too_deep)
    return data


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there is no file) and any problems found, in plain words."""
    path = path or paths.settings_file()
    try:
        data = parse_bounded_json(read_bounded_text(path, MAX_SETTINGS_FILE_BYTES))
    except FileNotFoundError:
        return Settings(), []
    except FileRefused as refusal:
        return Settings(), [f"The settings file {path} could not be read because {refusal}; the defaults are used."]
    return from_dict(data)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically (a crash mid-write never leaves a half file behind)."""
    path = path or paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(settings.to_dict(), out, indent=2)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def with_table(settings: Settings, table: str, values: Any) -> Settings:
    return replace(settings, **{table: values})


# --- house ways loaded from files -----------------------------------------------------------------------------

@dataclass(frozen=True)
class LoadedHouseWay:
    """A house way a manager loaded from a file: its id, its name and the file (an absolute path)."""
    id: str
    name: str
    path: str


# The loaded ways on offer, id -> way, in the order they were loaded. The engine keeps every way it has
# checked for the life of the program; this is what the program offers (a forgotten way is not).
_LOADED_WAYS: dict[str, LoadedHouseWay] = {}


def house_way_choices() -> tuple[tuple[str, str], ...]:
    """(id, label) of every house way on offer: the shipped ones, then the loaded files."""
    return HOUSE_WAY_CHOICES + tuple((way.id, f"{way.name} (loaded file)") for way in _LOADED_WAYS.values())


def loaded_house_ways() -> list[LoadedHouseWay]:
    return list(_LOADED_WAYS.values())


def _house_way_name(way_id: str) -> str:
    for choice, label in HOUSE_WAY_CHOICES:
        if choice == way_id:
            return label
    loaded = _LOADED_WAYS.get(way_id)
    return loaded.name if loaded else way_id


def load_house_way_file(path: str | Path) -> LoadedHouseWay:
    """Have the engine check a house-way file in full and offer its way (replacing an earlier file that
    gave the same id). A refused file raises the engine's HouseWayError (a ValueError) whose message names
    the file, the rule and the reason; nothing on offer changes then."""
    from dealerdrill.core import paigow

    where = str(Path(path).expanduser().absolute())
    way_id = paigow.load_house_way(where)
    loaded = LoadedHouseWay(way_id, paigow.describe_house_way(way_id).name, where)
    _LOADED_WAYS.pop(way_id, None)   # a file loaded again goes to the end, as a newly loaded one would
    _LOADED_WAYS[way_id] = loaded
    return loaded


def forget_house_way(way_id: str) -> LoadedHouseWay:
    """Stop offering a loaded way; SettingsError for a shipped way or one that is not on offer."""
    if any(way_id == choice for choice, _ in HOUSE_WAY_CHOICES):
        raise SettingsError(f"{_house_way_name(way_id)} is shipped with the program and cannot be forgotten")
    try:
        forgotten = _LOADED_WAYS.pop(way_id)
    except KeyError:
        raise SettingsError(f"there is no loaded house way {way_id!r}") from None
    from dealerdrill.core import paigow

    if way_id in paigow.house_ways():
        paigow.unload_house_way(way_id)
    return forgotten


def forget_loaded_house_ways() -> None:
    """Stop offering every loaded way (the engine unloads them): the program as it starts, with none."""
    for way_id in list(_LOADED_WAYS):
        forget_house_way(way_id)


def with_loaded_house_ways(settings: Settings) -> tuple[Settings, str | None]:
    """The settings with `house_way_files` listing the loaded ways on offer now, and a house way that is
    no longer on offer replaced by New Zealand (with a message saying so, else None)."""
    section = settings.paigow
    files = tuple(way.path for way in _LOADED_WAYS.values())
    way, note = section.house_way, None
    if way not in {choice for choice, _ in house_way_choices()}:
        note = (f"The Pai Gow table's house way {way!r} is no longer available; "
                f"{_house_way_name(DEFAULT_HOUSE_WAY)} is used.")
        way = DEFAULT_HOUSE_WAY
    return replace(settings, paigow=replace(section, house_way=way, house_way_files=files)), note


def _may_name_a_way(value: Any) -> bool:
    """Whether a stored house way could be the id of a way loaded from a file (checked after loading)."""
    return isinstance(value, str) and 0 < len(value) <= 64 and value.isprintable()


def restore_house_way_files(settings: Settings) -> tuple[Settings, list[str]]:
    """Load again into the engine the house-way files the settings name, so what is on offer becomes exactly
    those that load; each file that has gone or is now refused is dropped with a message, and a house way no
    longer available falls back to New Zealand. Returns the settings as they are now and the messages."""
    problems: list[str] = []
    _load_remembered_files(settings.paigow.house_way_files, problems)
    wanted = settings.paigow.house_way
    settings, note = with_loaded_house_ways(settings)
    if note:
        problems.append(f"Pai Gow: the house way {wanted!r} is no longer available; "
                        f"{_house_way_name(DEFAULT_HOUSE_WAY)} is used.")
    return settings, problems


def _load_remembered_files(remembered: tuple[str, ...], problems: list[str]) -> None:
    _LOADED_WAYS.clear()
    for path in remembered:
        if not Path(path).is_file():
            problems.append(f"Pai Gow: the house-way file {path} is no longer there, so its house way is no "
                            "longer offered (load it again from the Manager page once it is back).")
            continue
        offered_before = set(_LOADED_WAYS)
        try:
            loaded = load_house_way_file(path)
        except ValueError as error:
            reason = str(error)
            for shown in (f"{path}: ", f"{Path(path).absolute()}: "):   # the engine names the file first
                reason = reason.removeprefix(shown)
            problems.append(f"Pai Gow: the house-way file {path} no longer loads ({reason}), so its house way "
                            "is no longer offered.")
            continue
        if loaded.id in offered_before:
            problems.append(f"Pai Gow: two house-way files give the house way {loaded.id!r}; the later one, "
                            f"{path}, is used.")


def answer_key_summary(table: str, values: dict) -> str:
    """A table's answer-key settings in words, as a scorecard prints them ("Decks in the shoe 8; ...")."""
    cls = TABLE_SETTINGS.get(table)
    if cls is None:
        return ", ".join(f"{k} {v}" for k, v in sorted(values.items()))
    parts = []
    for f in fields(cls):
        if f.name in PRESENTATION_ONLY or f.name not in values or not is_typed(f):
            continue
        value = values[f.name]
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, float) and value.is_integer():
            value = int(value)
        parts.append(f"{f.metadata['label']}: {value}")
    return "; ".join(parts)
