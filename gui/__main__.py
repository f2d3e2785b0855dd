"""Entry point: `dealerdrill` (or `python -m dealerdrill`) opens the trainer; `dealerdrill --self-check`
proves the engine works without starting Qt; `dealerdrill export ...` / `dealerdrill import ...` work on the
records without a window (gui/cli.py)."""
from __future__ import annotations

import sys


def self_check() -> list[str]:
    """A few engine calls whose answers are known, so a fresh install proves it works."""
    from dealerdrill import core

    lines = []
    perm = core.shuffle(52, seed=2026)
    if sorted(perm) != list(range(52)):
        raise RuntimeError("the shuffle did not return a permutation")
    lines.append(f"shuffle: 52 cards, seeded, first five {perm[:5]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--self-check"]:
        for line in self_check():
            print(line)
        print("engine self-check passed")
        return 0
    if argv[:1] in (["export"], ["import"]):  # records from the command line: no window, no Qt import
        from .cli import main as records_command

        return records_command(argv)
    if argv[:1] in (["-h"], ["--help"]):
        print("usage: dealerdrill [--self-check]\n  with no options: open the trainer window\n"
              "       dealerdrill export --format pdf|csv|xlsx|json (--trainee NAME | --all) [--from DATE] "
              "[--to DATE] --out PATH\n"
              "       dealerdrill import PATH   (merge records exported on another workstation)")
        return 0
    try:
        from .app import run
    except ImportError as error:  # e.g. Qt or the compiled engine missing: say so without a traceback
        print(f"Dealer Drill cannot start: {error}. Reinstall it with `make build`.", file=sys.stderr)
        return 1
    return run([sys.argv[0], *argv])


if __name__ == "__main__":
    sys.exit(main())
