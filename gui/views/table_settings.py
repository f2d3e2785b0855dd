"""Reading a table's settings from whatever the window passes: the app's Settings (with a section per
table), that section itself, a table's own defaults dataclass, or a plain dict. Shared by the baccarat and
pai gow tables so both read the app's names the same way."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The app's settings (dealerdrill.settings) name some values differently; read them through these.
ALIASES = {
    "commission_rate": ("commission_percent", lambda percent: float(percent) / 100),
    "table_min": ("minimum_bet", int),
    "table_max": ("maximum_bet", int),
    "deal_step_ms": ("animation_seconds", lambda seconds: int(round(float(seconds) * 1000))),
}
# Settings whose None is a real value (no seed: the OS seeds the engine), never "missing".
NONE_IS_A_VALUE = ("seed", "count_from")


def setting_reader(section_name: str, defaults: type) -> Callable[[Any, str], Any]:
    """A function (settings, name) -> value for one table, falling back to `defaults`' class attributes."""

    def read(settings, name: str):
        default = getattr(defaults, name, None)
        if settings is None:
            return default
        section = getattr(settings, section_name, settings)
        if isinstance(section, dict):
            lookup = section.get
        else:
            def lookup(key, missing=None):
                return getattr(section, key, missing)
        value = lookup(name, None)
        if value is not None or name in NONE_IS_A_VALUE:
            return default if value is None else value
        alias = ALIASES.get(name)
        if alias is not None and lookup(alias[0], None) is not None:
            return alias[1](lookup(alias[0], None))
        return default

    read.__doc__ = (f"Read a {section_name} setting from the app's Settings, its .{section_name} section, "
                    f"{defaults.__name__} or a dict, falling back to the defaults.")
    return read
