"""Fixtures for the GUI tests: an offscreen Qt application (pytest-qt's qapp) and a throw-away home folder so
no test reads or writes the real user's settings."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def dealerdrill_home(tmp_path, monkeypatch):
    """DEALERDRILL_HOME pointed at an empty temporary folder for every test."""
    home = tmp_path / "dealerdrill-home"
    monkeypatch.setenv("DEALERDRILL_HOME", str(home))
    return home


@pytest.fixture
def roulette_table(qtbot):
    """A shown roulette table at a size where one layout unit is about one pixel, with a seeded RNG."""
    from dealerdrill.core import Rng
    from dealerdrill.settings import RouletteSettings
    from dealerdrill.views.roulette_table import RouletteTable

    table = RouletteTable(RouletteSettings(animation_seconds=0.3), rng=Rng(2024))
    qtbot.addWidget(table)
    table.resize(1400, 640)
    table.show()
    qtbot.waitExposed(table)
    table.setFocus()
    return table
