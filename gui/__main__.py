"""Entry point: `dealerdrill` (or `python -m dealerdrill`) opens the trainer; `dealerdrill --self-check`
proves the engine works without starting Qt; `dealerdrill export ...` / `dealerdrill import ...` work on the
records without a window (gui/cli.py). Exit status: 0 done, 1 failed, 2 the command line was wrong."""
from __future__ import annotations

import sys

USAGE = """usage: dealerdrill [--self-check | --version | --help]
       dealerdrill export --format pdf|csv|xlsx|json (--trainee NAME | --all) [--from DATE] [--to DATE] --out PATH
                          [--manager NAME] [--pin-stdin]
       dealerdrill import PATH [--manager NAME] [--pin-stdin]   (merge records exported on another workstation)
       dealerdrill verify [--records PATH|URL] [FILE.pdf ...]   (check the records, or scorecards, for tampering)
       dealerdrill key --out FILE | dealerdrill trust FILE   (share a manager key / trust another workstation's)
       dealerdrill drills                                    (every drill: id, game and title)
       dealerdrill rule GAME:NUMBER | GAME                   (a rule of the rule book: baccarat:9.5; a game's rules)
       dealerdrill lessons [GAME]                            (every lesson of the Learn page: id, game and title)
       dealerdrill room setup --url URL | room add-desk NAME --url URL | room add-manager NAME --url URL
                                                             (a training room's PostgreSQL server)

  export and import need the manager role: the PIN is asked for at a terminal, or read from the first
  line of standard input with --pin-stdin; at a training room's desk the manager's room password too,
  asked for after the PIN, or read from the second line with --pin-stdin

  with no options: open the trainer window
  --self-check     check the game engine against known answers (no window) and say whether it passed
  --version        print the version
  --help, -h       print this help"""


def _expect(what: str, got, wanted) -> str:
    if got != wanted:
        raise RuntimeError(f"{what}: the engine answered {got!r}, the rules say {wanted!r}")
    return f"{what}: {got!r}"


def self_check() -> list[str]:
    """A few engine calls whose answers the rules fix, one or more per game, so a fresh install proves it
    works; RuntimeError names the first wrong answer."""
    from dealerdrill import core
    from dealerdrill.core import baccarat, paigow, roulette

    lines = []
    perm = core.shuffle(52, seed=2026)
    if sorted(perm) != list(range(52)):
        raise RuntimeError("the shuffle did not return a permutation")
    lines.append(f"shuffle: 52 cards, seeded, first five {perm[:5]}")
    # Roulette: $10 straight up on 17 pays 35 to 1; 17 is black, so red loses; 17 is in the second dozen (2 to 1).
    lines.append(_expect("roulette: 17 wins; $10 on 17, $10 on red, $5 on the second dozen",
                         roulette.settle([([17], 10), ("red", 10), ("dozen2", 5)], 17), [350, 0, 10]))
    # Baccarat: Player 9 and 10 (9, a natural), Banker 5 and 1 (6): no third cards, the Player wins 9 to 6.
    coup = baccarat.coup([9, 5, 10, 1])
    lines.append(_expect("baccarat: coup 9 5 10 1 (player, banker, player, banker)",
                         (coup.player, coup.banker, coup.player_total, coup.banker_total, coup.winner),
                         ([9, 10], [5, 1], 9, 6, "player")))
    # Pai gow: the Gee Joon pair is the highest hand; two pairs are played as two pairs, the higher in front;
    # Teen pair and Day pair (the two highest pairs after Gee Joon) win both hands against 4-4 and 1-3 pairs.
    lines.append(_expect("pai gow: Gee Joon pair against Teen pair", paigow.compare(("1-2", "2-4"), ("6-6", "6-6")), 1))
    way = paigow.house_way(["1-1", "6-6", "1-1", "6-6"], "nz")
    lines.append(_expect("pai gow: house way (nz) of 1-1 6-6 1-1 6-6", (way.high, way.low),
                         (("6-6", "6-6"), ("1-1", "1-1"))))
    lines.append(_expect("pai gow: Teen pair / Day pair against 4-4 pair / 1-3 pair",
                         paigow.outcome((("6-6", "6-6"), ("1-1", "1-1")), (("4-4", "4-4"), ("1-3", "1-3"))),
                         "win"))
    return lines


def main(argv: list[str] | None = None) -> int:
    # A frozen bundle starts the verifier's worker processes through this same program.
    import multiprocessing

    multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] in (["export"], ["import"], ["verify"], ["key"], ["trust"], ["drills"], ["room"], ["rule"],
                    ["lessons"]):
        # records from the command line: no window, no Qt import
        from .cli import main as records_command

        return records_command(argv)
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if argv in (["-V"], ["--version"]):
        from . import __version__

        print(f"dealerdrill {__version__}")
        return 0
    if argv == ["--self-check"]:
        try:
            lines = self_check()
        except Exception as error:  # a wrong answer or an engine that will not load: say which, no traceback
            print(f"engine self-check FAILED: {error}", file=sys.stderr)
            return 1
        for line in lines:
            print(line)
        print("engine self-check passed")
        return 0
    if argv:
        if argv[0] in ("--self-check", "--version", "-V", "--help", "-h"):
            problem = f"{argv[0]} takes nothing after it, not {argv[1]!r}"
        elif argv[0].startswith("-"):
            problem = f"unknown option {argv[0]!r}"
        else:
            problem = (f"unknown command {argv[0]!r} (the commands are export, import, verify, key, trust, drills, "
                       "room, rule, lessons)")
        print(f"dealerdrill: {problem}; see `dealerdrill --help`", file=sys.stderr)
        return 2
    try:
        from .app import run
    except ImportError as error:  # e.g. Qt or the compiled engine missing: say so without a traceback
        print(f"Dealer Drill cannot start: {error}. Reinstall it with `make build`.", file=sys.stderr)
        return 1
    return run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
