"""Entry point: `dealerdrill` (or `python -m dealerdrill`)."""
from __future__ import annotations

import sys


def self_check() -> list[str]:
    """A few engine calls whose answers are known, so a fresh install proves it works."""
    from dealerdrill import core

    lines = []
    perm = core.shuffle(52, seed=2026)
    assert sorted(perm) == list(range(52))
    lines.append(f"shuffle: 52 cards, seeded, first five {perm[:5]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--self-check"] or True:  # the GUI issue replaces this with the main window
        for line in self_check():
            print(line)
        print("engine self-check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
