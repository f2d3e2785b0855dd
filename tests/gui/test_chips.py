"""Chips: one money formatter for every screen (each table's tray colours are tested with that table)."""
from __future__ import annotations

import pytest

from dealerdrill.domain import format_cents, format_money


@pytest.mark.parametrize("amount, text", [
    (12, "$12"), (12.0, "$12"), (12.5, "$12.50"), (1000, "$1,000"), (1000.0, "$1,000"), (1250.25, "$1,250.25"),
    (0, "$0"), (-5, "-$5"), (-0.5, "-$0.50"),
])
def test_money_is_written_one_way(amount, text):
    assert format_money(amount) == text


@pytest.mark.parametrize("cents, text", [
    (1200, "$12"), (1250, "$12.50"), (100000, "$1,000"), (5, "$0.05"), (-50, "-$0.50"), (123456789, "$1,234,567.89"),
])
def test_cents_are_written_as_money_is(cents, text):
    assert format_cents(cents) == text

