"""How every screen, drill and export writes money: $12, $12.50, $1,250, -$5 (cents only when there are
any), and how an amount a trainee typed is read (one reading for every answer box). Qt-free, so drills,
settings and records use the very same formatter and reader as the views."""
from __future__ import annotations

import re


def format_money(amount: float) -> str:
    """An amount in dollars."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if float(amount).is_integer():
        return f"{sign}${int(amount):,}"
    return f"{sign}${amount:,.2f}"


def format_cents(cents: int) -> str:
    """An amount kept in whole cents (exact: no float rounding on the way)."""
    dollars, rest = divmod(abs(int(cents)), 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}${dollars:,}" + (f".{rest:02d}" if rest else "")


# An amount as a person writes it: "12", "12.50", ".50", "$1,250.50". A comma only between groups of three
# digits (the thousands), a dollar sign only in front, a point before the cents.
_WRITTEN = re.compile(r"\$?((?:\d{1,3}(?:,\d{3})+|\d+)?)(?:\.(\d*))?")
# A comma where the cents should be ("9,50", "$12,5"): the decimal comma of much of the world. Refused, never
# read as 950: the trainee meant $9.50 or mistyped, and no reading of it is safe to grade.
_DECIMAL_COMMA = re.compile(r"\$?\d*,\d{1,2}")


def written_amount_problem(text: str) -> str | None:
    """Why `text` is not an amount written in dollars (such as 12, 12.50 or $1,250.50), in plain words, or
    None when it is one. One reading for every answer box: what is not exactly an amount is refused."""
    text = text.strip()
    if not text:
        return "nothing was typed: type the amount in digits, such as 47.50"
    if _DECIMAL_COMMA.fullmatch(text):
        return (f"“{text}” is not an amount: a comma only separates thousands (such as 1,250); the cents "
                f"follow a point, such as {text.replace(',', '.')}")
    if not _WRITTEN.fullmatch(text) or not any(ch.isdigit() for ch in text):
        if "," in text:
            return (f"“{text}” is not an amount: a comma only separates groups of three digits (such as "
                    f"1,250.50)")
        return f"“{text}” is not an amount: type it in digits, such as 47.50"
    return None


def read_written_amount(text: str) -> tuple[str, str]:
    """(dollars, cents digits as typed) of an amount written in dollars: "$1,250.5" -> ("1250", "5"), ".50" ->
    ("", "50"). ValueError, in plain words, when `text` is not exactly an amount (written_amount_problem)."""
    problem = written_amount_problem(text)
    found = _WRITTEN.fullmatch(text.strip())
    if problem or found is None:
        raise ValueError(problem or f"“{text}” is not an amount")
    return found.group(1).replace(",", ""), found.group(2) or ""
