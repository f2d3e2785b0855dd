"""Small helpers for writing the lessons' sentences: lists, counts and amounts in words. No game rule here."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from dealerdrill.domain import format_cents, format_money


def listed(words: Sequence[str], last: str = "and") -> str:
    """["a"] -> "a"; ["a", "b"] -> "a and b"; ["a", "b", "c"] -> "a, b and c"."""
    words = [str(w) for w in words]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def runs(values: Iterable[int], last: str = "or") -> str:
    """[2, 3, 4, 5] -> "2 to 5"; [6, 7] -> "6 or 7"; [0, 1, 8, 9] -> "0, 1, 8 or 9"; [0, 1, 2, 9] -> "0 to 2 or 9";
    [] -> "none"."""
    groups: list[list[int]] = []
    for value in sorted(values):
        if groups and value == groups[-1][-1] + 1:
            groups[-1].append(value)
        else:
            groups.append([value])
    if not groups:
        return "none"
    parts: list[str] = []
    for group in groups:
        parts.extend([f"{group[0]} to {group[-1]}"] if len(group) > 2 else [str(v) for v in group])
    return listed(parts, last)


def count(number: int, word: str, plural: str | None = None) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {plural or word + 's'}"


def dollars(amount: int) -> str:
    """Whole dollars: $5, $1,250."""
    return format_money(amount)


def cents(amount: int) -> str:
    """An amount in cents: $12, $12.50."""
    return format_cents(amount)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
