"""Data shipped with Dealer Drill (house-way files, rule texts, art); read with importlib.resources."""
