"""Dealer Drill: a desktop trainer for roulette, baccarat and pai gow dealers."""
# The one place the version is written: pyproject.toml reads it from here (dynamic version).
__version__ = "0.1.0"
