"""Dealer Drill: a desktop trainer for roulette, baccarat and pai gow dealers."""
__version__ = "0.1.0"
