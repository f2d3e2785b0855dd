"""Which settings a trainee may change: the settings policy. Qt-free.

Almost every table setting changes an answer key: the decks and cutting card (the shoe drills), the
commission rate, rounding and collection (every commission answer), the tie odds, the first four, the
house way and its files, the chip values and table limits (payout and settlement answers). A trainee who
could set the commission to 0% would have every commission answer graded right at $0, so these change
only with the manager role. Only the settings listed in PRESENTATION_ONLY (how fast things move on screen)
are anyone's; a setting added later is an answer-key setting until it is listed here.
"""
from __future__ import annotations

from dataclasses import fields

from dealerdrill.settings import (
    PRESENTATION_ONLY,
    TABLE_SETTINGS,
    TABLE_TITLES,
    Settings,
)


def answer_key_changes(old: Settings, new: Settings) -> list[str]:
    """The answer-key settings that differ between `old` and `new`, in words ("Baccarat: Tie pays (to 1)
    8 → 9"), in the order of the tables and their fields."""
    changes = []
    for table in TABLE_SETTINGS:
        before, after = getattr(old, table), getattr(new, table)
        for field in fields(before):
            if field.name in PRESENTATION_ONLY:
                continue
            was, now = getattr(before, field.name), getattr(after, field.name)
            if was != now:
                changes.append(f"{TABLE_TITLES[table]}: {field.metadata['label']} {_shown(was)} → {_shown(now)}")
    return changes


def _shown(value) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def settings_of_issue(issued: dict, current: Settings) -> Settings:
    """The settings a test is taken under: the answer-key settings the records issued it with (a manager's
    signed change; the defaults for what it does not name) and the desk's own presentation settings.
    ValueError when the issued settings cannot be used here (a house way not loaded on this desk)."""
    from dealerdrill import settings as table_settings

    wanted = {table: dict(values) for table, values in issued.items()
              if table in TABLE_SETTINGS and isinstance(values, dict)}
    for table, values in current.to_dict().items():
        for name, value in values.items():
            if name in PRESENTATION_ONLY:
                wanted.setdefault(table, {})[name] = value
    settings, problems = table_settings.from_dict(wanted)
    if problems:
        raise ValueError(f"The test's settings cannot be used on this desk: {problems[0]}")
    way = settings.paigow.house_way
    if way not in {choice for choice, _ in table_settings.house_way_choices()}:
        raise ValueError(f"The test's settings cannot be used on this desk: its house way {way!r} is not loaded "
                         f"here (a manager loads it on the Manager page).")
    return settings


def default_answer_keys() -> dict[str, dict]:
    """Every answer-key setting at its default (New Zealand), by table: what a test is issued under where no
    manager ever changed one (the records hold the signed changes, not the program's defaults)."""
    return {table: {name: value for name, value in values.items() if name not in PRESENTATION_ONLY}
            for table, values in Settings().to_dict().items()}
