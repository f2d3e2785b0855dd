"""How every screen, drill and export writes money: $12, $12.50, $1,250, -$5 (cents only when there are
any). Qt-free, so drills, settings and records use the very same formatter as the views."""
from __future__ import annotations


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
