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
