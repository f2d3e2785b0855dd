"""Per-table settings with New Zealand defaults, validated and remembered between runs. Qt-free.

Each table has a frozen dataclass; every field carries its label and limits in `metadata`, so the settings
dialog can build its form and `validate` can check a value without either knowing the fields by name.
A bad or unreadable settings file never stops the program: the faulty values fall back to their defaults
and the caller gets a plain message saying what happened.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from . import paths
from .money import format_money

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
MAX_CHIP_VALUES = 6  # the chip tray has one key (1-6) per value


class SettingsError(ValueError):
    """A setting with a value the tables cannot use; the message names the setting in plain words."""


def _setting(default, label: str, *, low=None, high=None, choices=None, help_text: str = ""):
    meta = {"label": label, "low": low, "high": high, "choices": choices, "help": help_text}
    if isinstance(default, tuple):
        return field(default_factory=lambda: default, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class RouletteSettings:
    first_four: bool = _setting(True, "Offer the first-four corner (0-1-2-3)",
                                help_text="NSW-style rule; the 1998 NZ rules list only the zero splits and streets")
    minimum_bet: int = _setting(5, "Table minimum per wager ($)", low=1, high=100_000)
    maximum_inside: int = _setting(250, "Maximum per inside wager ($)", low=1, high=1_000_000)
    maximum_outside: int = _setting(5_000, "Maximum per outside wager ($)", low=1, high=1_000_000)
    chip_values: tuple[int, ...] = _setting((1, 5, 10, 25, 100, 500), "Chip values ($)", low=1, high=1_000_000)
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
    animation_seconds: float = _setting(0.6, "Card dealing animation (seconds, 0 = none)", low=0.0, high=10.0)


@dataclass(frozen=True)
class PaiGowSettings:
    house_way: str = _setting("nz", "House way", choices=HOUSE_WAY_CHOICES)
    commission_percent: float = _setting(5.0, "Commission on winning wagers (%)", low=0.0, high=10.0)
    commission_rounding: str = _setting("cents", "Commission rounding", choices=ROUNDING_CHOICES)
    minimum_bet: int = _setting(10, "Table minimum ($)", low=1, high=100_000)
    maximum_bet: int = _setting(5_000, "Table maximum ($)", low=1, high=1_000_000)
    chip_values: tuple[int, ...] = _setting((1, 5, 25, 100, 500, 1000), "Chip values ($)", low=1, high=1_000_000)
    animation_seconds: float = _setting(0.6, "Tile animation (seconds, 0 = none)", low=0.0, high=10.0)


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
        allowed = [choice for choice, _ in meta["choices"]]
        if value not in allowed:
            raise SettingsError(f"{label}: {value!r} is not one of {', '.join(allowed)}")
        return value
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


def _shown(number) -> str:
    """A number as a person writes it: 12, not 12.0."""
    if isinstance(number, float) and number.is_integer():
        return str(int(number))
    return str(number)


_dollars = format_money


def _number(value, kind, label, meta):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SettingsError(f"{label}: {value!r} is not a number")
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
    """Checks that involve more than one field."""
    title = TABLE_TITLES[table]
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
        raise SettingsError(f"{TABLE_TITLES[table]}: unknown setting {sorted(unknown)[0]!r}")
    values = {}
    for f in fields(cls):
        try:
            values[f.name] = check_value(f, raw[f.name]) if f.name in raw else default_of(f)
        except SettingsError as error:
            raise SettingsError(f"{TABLE_TITLES[table]}: {error}") from None
    result = cls(**values)
    _check_table(table, result)
    return result


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
            try:
                values[f.name] = check_value(f, raw[f.name])
            except SettingsError as error:
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


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there is no file) and any problems found, in plain words."""
    path = path or paths.settings_file()
    if not path.exists():
        return Settings(), []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        reason = "it is damaged" if isinstance(error, ValueError) else f"it could not be opened ({error})"
        return Settings(), [f"The settings file {path} could not be read because {reason}; the defaults are used."]
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
