"""The manager's review of a 50-item test before sign-off (issue 28): from a click on Review in the Manager page's
tests tab to the review shown, its first item drawn by the drill's panel. Every answer is graded again and every
item made again from its seed on the way, so it grows with the test's length.

Run in a child process with Qt offscreen and a throw-away DEALERDRILL_HOME (as bench_gui), over three 50-item
tests of each of three drills, one of each game; each test is opened once (the first open of a test is the one
a manager waits for). There is no Python reference: the "reference" column shows the target, and the ratio is
target / measured (above 1 = within target)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .harness import Result

OPEN_TARGET = 0.5        # seconds from Review to the review on screen
ITEMS = 50
TESTS_PER_DRILL = 3
DRILLS = ("roulette.payout", "baccarat.table_of_play", "paigow.house_way")

_PROBE = r"""
import json, statistics, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])                   # tests/: the right and wrong answers of every drill
from drill_answers import right_answer, wrong_answers
from dealerdrill.app import MainWindow, create_app
from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target

items, per_drill, drills = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(",")
PIN, MANAGER = "24681357", "Mere Smith"
app = create_app(["bench"])
desk = Desk.open(Path(sys.argv[5]) / "records.sqlite3")
desk.set_first_pin(MANAGER, PIN, PIN)
for drill in drills:
    desk.set_target(drill, Target(test_items=items, level=2, pass_mark=0.8))
desk.lock_manager()
desk.add_trainee("Bench")
desk.choose_trainee("Bench")
tests = []
for drill in drills:
    for _ in range(per_drill):
        session = desk.start_session(drill, Mode.TEST)
        for number in range(items):
            item = session.next_item()
            session.submit(right_answer(item) if number % 7 else wrong_answers(item)[0], 2.0)
        tests.append((drill, session.finish().uuid))
desk.unlock_manager(PIN, MANAGER)
window = MainWindow(desk=desk)
window.resize(1366, 740)
window.show()
app.processEvents()
window.records_ui.show_manager()
page = window.records_ui.manager_page
page.tabs.setCurrentIndex(3)
app.processEvents()
opens, data = {}, {}
for drill, uuid in tests:
    start = time.perf_counter()
    review = page.open_review(uuid)
    app.processEvents()                           # laid out and painted: on screen
    opens.setdefault(drill, []).append(time.perf_counter() - start)
    assert review is not None and review.items_table.rowCount() == items and review.panel.item is not None
    review.close()
    app.processEvents()
    start = time.perf_counter()
    desk.review_test(uuid)                        # the records' part alone (the verdict is cached by now)
    data.setdefault(drill, []).append(time.perf_counter() - start)
print(json.dumps({"opens": opens, "data": data}))
"""


def _probe() -> dict:
    folder = tempfile.mkdtemp(prefix="dd-bench-review-")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALERDRILL_HOME=folder)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    tests = str(Path(__file__).resolve().parent.parent / "tests")
    out = subprocess.run([sys.executable, "-c", _PROBE, tests, str(ITEMS), str(TESTS_PER_DRILL), ",".join(DRILLS),
                          folder], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(wanted):
    if wanted and not wanted & {"gui", "review", "signoff"}:
        return []
    measured = _probe()
    slowest = max(max(times) for times in measured["opens"].values())
    by_drill = ", ".join(f"{drill} {max(times):.2f} s (records {max(measured['data'][drill]):.2f} s)"
                         for drill, times in measured["opens"].items())
    return [Result(f"open the review of a {ITEMS}-item test (slowest)", slowest, OPEN_TARGET,
                   f"<= {OPEN_TARGET} s", slowest <= OPEN_TARGET,
                   note=f"slowest of {TESTS_PER_DRILL} opens per drill: {by_drill}; reference column = the target")]
