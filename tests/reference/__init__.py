"""Pure-Python reference implementations of each game, used only to check the C engine exhaustively.

Nothing outside tests/ (and benchmarks/, which times the engine against them) may import these.
"""
