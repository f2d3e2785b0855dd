"""Regenerate the README's screenshots (resources/screenshots/*.png) from the app itself.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [--scale 2]

Runs with default settings in a throw-away home folder, so a developer's own settings never show.
The roulette shot uses a seeded engine RNG, so it is the same every time.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "resources" / "screenshots"
ROULETTE_SEED = 7
BACCARAT_SEED = 11
BACCARAT_COUPS = 34
PAIGOW_SEED = 5
ROULETTE_BETS = [((17,), [25, 10]), ((17, 20), [10]), ((13, 14, 16, 17), [5]), ((0, 1, 2, 3), [5]),
                 ((28, 29, 30), [5, 5]), ("red", [100]), ("dozen3", [25, 25]), ("column1", [10]), ((32,), [5]),
                 ((31, 32), [100, 25])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="device pixel ratio (2 = high-DPI shots)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["DEALERDRILL_HOME"] = tempfile.mkdtemp(prefix="dealerdrill-shots-")
    if args.scale != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)

    from PySide6.QtCore import QEventLoop, QTimer

    from dealerdrill.app import MainWindow, create_app
    from dealerdrill.core import Rng

    app = create_app([sys.argv[0]])
    window = MainWindow()
    window.resize(1366, 720)  # a laptop screen less its task bar and title bar
    window.show()
    app.processEvents()
    OUT.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.scale == 1.0 else f"@{args.scale:g}x"
    written = []

    roulette = window.tables["roulette"]
    roulette.use_rng(Rng(ROULETTE_SEED))
    for key, chips in ROULETTE_BETS:
        roulette.place(key, chips)
    roulette.layout_view.set_focused_key((26,))
    done = QEventLoop()
    roulette.spinFinished.connect(done.quit)
    QTimer.singleShot(0, roulette.spin)
    QTimer.singleShot(20_000, done.quit)  # never hang a script run
    # The default animation plays out in full here: the shot shows the wheel where a trainee sees it stop.
    done.exec()
    app.processEvents()
    _prepare_baccarat(window.tables["baccarat"])
    _prepare_paigow(window.tables["paigow"])
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        table_id = list(window.tables)[index]
        table = window.tables[table_id]
        if hasattr(table, "prepare_screenshot"):  # tables may set up a representative scene
            table.prepare_screenshot()
        app.processEvents()
        path = OUT / f"{table_id}{suffix}.png"
        if not window.grab().save(str(path)):
            print(f"could not write {path}", file=sys.stderr)
            return 1
        written.append(path)
    window.show_drills()
    window.desk.choose_guest()          # a guest: the screenshot records nothing
    window.drills.start("paigow.house_way")
    app.processEvents()
    path = OUT / f"drills{suffix}.png"
    window.grab().save(str(path))
    written.append(path)
    for path in written:
        print(path)
    window.close()
    return 0


def _prepare_baccarat(table) -> None:
    """A seeded shoe, burned, with a few dozen coups dealt (the results board fills) and the last face up."""
    from dealerdrill.core import baccarat

    table._shoe = baccarat.Shoe(seed=BACCARAT_SEED)
    table.deal()  # the burn
    for _ in range(BACCARAT_COUPS):
        table.deal()
    table.finish_reveal()


class _SeededPaiGow:
    """The engine's pai gow module with a fixed seed for the deal, so the shot is the same every time."""

    def __init__(self, seed: int):
        from dealerdrill.core import paigow

        self._paigow, self._seed = paigow, seed

    def deal(self, seed=None, count_from=1):
        return self._paigow.deal(seed=self._seed, count_from=count_from)

    def __getattr__(self, name):
        return getattr(self._paigow, name)


def _prepare_paigow(table) -> None:
    """A seeded deal, delivered, with the trainee's tiles set the way the engine's house way sets them."""
    from dealerdrill.core import paigow

    table._engine = _SeededPaiGow(PAIGOW_SEED)
    table.new_deal()
    table.finish_delivery()
    tiles = list(table.player_tiles)
    setting = paigow.house_way(tiles)
    high = list(setting.high)
    for index, face in enumerate(tiles):
        slot = "high" if face in high else "low"
        if slot == "high":
            high.remove(face)
        table.move_tile(index, slot)


if __name__ == "__main__":
    sys.exit(main())
