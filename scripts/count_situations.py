"""Count how many different situations each drill asks at each level (docs/drills.md, "Situations per level").

A situation is what makes two items the same question (dealerdrill.drills.situations.situation_of: the family shown
the same thing, or the family with its right answer for a drill that says so). A test never asks one twice while
the level has unused ones, so a drill with fewer situations at a level than a test's items repeats some. Counted by
drawing DRAWS tests' first items (each from a seed of its own): a count that stopped growing over the last half of
the draws is taken as the level's number (marked "=" below; a very rare situation may still be missed); one still
growing is a lower bound ("≥"), in practice a space no test exhausts.

    .venv/bin/python scripts/count_situations.py [DRAWS]    # prints the Markdown table for docs/drills.md

"""
from __future__ import annotations

import sys

from dealerdrill.core import Rng
from dealerdrill.drills import registry
from dealerdrill.drills.levels import LEVEL_NAMES, LEVELS
from dealerdrill.drills.session import item_seed
from dealerdrill.drills.situations import situation_of


def count(drill, level: int, draws: int) -> tuple[int, bool]:
    """(distinct situations seen, whether the count stopped growing over the second half of the draws)."""
    rng = Rng(20261206)
    seen: set[str] = set()
    at_half = 0
    for draw in range(draws):
        seen.add(situation_of(drill.generate(Rng(item_seed(rng)), level, None), drill))
        if draw == draws // 2:
            at_half = len(seen)
    return len(seen), len(seen) == at_half


def main(argv: list[str]) -> int:
    draws = int(argv[0]) if argv else 2000
    print("| drill | " + " | ".join(LEVEL_NAMES[level] for level in LEVELS) + " |")
    print("|---|" + "---|" * len(LEVELS))
    for drill_id, cls in sorted(registry().items()):
        drill = cls()
        levels = getattr(drill, "max_difficulty", len(LEVELS))
        cells = []
        for level in LEVELS:
            if isinstance(levels, int) and level > levels:
                cells.append("—")
                continue
            found, settled = count(drill, level, draws)
            cells.append(f"= {found}" if settled else f"≥ {found}")
        print(f"| `{drill_id}` | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
