"""The chain check before a scorecard is sealed (transfer.answers_chain_problem) on its two roads: the C scan
of the whole answers chain narrowed to the printed trainees (records files, where the scan is built), and
the Python check of those trainees' answers one by one (a room's server, or no scan). Both give the same
answer: nothing for sound records or for an answer of a trainee the scorecard does not print, the same
first broken answer in the same words otherwise."""
from __future__ import annotations

import os
import sqlite3

import pytest

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode
from dealerdrill.records import answer_scan, transfer

needs_scan = pytest.mark.skipif(not answer_scan.AVAILABLE and not os.environ.get("DEALERDRILL_REQUIRE_TOOLS"),
                                reason="the C scan is not built on this machine (no SQLite/libcrypto headers)")
DRILL = "baccarat.table_of_play"


@pytest.fixture
def two_trainees(tmp_path):
    """Aroha's and Hemi's answers interleaved in one chain (each one's previous row is often the other's)."""
    path = tmp_path / "records.sqlite3"
    with Desk.open(path) as desk:
        for round_ in range(3):
            for name in ("Aroha", "Hemi"):
                if name not in desk.trainee_names():
                    desk.add_trainee(name)
                desk.choose_trainee(name)
                session = desk.start_session(DRILL, Mode.PRACTICE, seed=round_)
                for _ in range(4):
                    session.submit(session.next_item().key, 2.0)
                desk.end_session()
    return path


def _rewrite_as_right(path, trainee: str, nth: int) -> None:
    """One answer of the trainee's changed behind the program's back (its stored chain hash kept)."""
    with sqlite3.connect(path) as db:
        ids = [i for (i,) in db.execute("SELECT a.id FROM answers a JOIN sessions s ON s.id = a.session_id JOIN "
                                        "trainees t ON t.id = s.trainee_id WHERE t.name = ? ORDER BY a.id",
                                        (trainee,))]
        db.execute("INSERT OR REPLACE INTO answers SELECT id, uuid, session_id, seq, family, item, answer, expected, "
                    "given, correct, category, rule, seconds + 1, timed_out, answered_at, chain_hash FROM answers "
                    "WHERE id = ?", (ids[nth],))


def _both_roads(path, names, monkeypatch) -> tuple:
    from dealerdrill.records import Records

    with Records(path) as records:
        scanned = transfer.answers_chain_problem(records, names)
        with monkeypatch.context() as patched:
            patched.setattr(answer_scan, "AVAILABLE", False)      # the Python road
            checked = transfer.answers_chain_problem(records, names)
    return scanned, checked


@needs_scan
@pytest.mark.parametrize(("changed", "printed", "named"), [
    (None, ["Aroha"], False),
    (("Aroha", 5), ["Aroha"], True),
    (("Aroha", 5), ["Aroha", "Hemi"], True),
    (("Hemi", 2), ["Aroha"], False),               # not a trainee this scorecard prints
    (("Hemi", 2), ["Hemi"], True),
])
def test_the_scan_and_the_python_check_give_the_same_answer(two_trainees, monkeypatch, changed, printed, named):
    if changed is not None:
        _rewrite_as_right(two_trainees, *changed)
    scanned, checked = _both_roads(two_trainees, printed, monkeypatch)
    assert scanned == checked
    assert (scanned is not None) == named
    if named:
        assert f"({changed[0]}, {DRILL}, item " in scanned and "does not match the answers chain" in scanned


@needs_scan
def test_many_broken_answers_of_other_trainees_leave_the_check_to_python(two_trainees, monkeypatch):
    """More broken links than the scan lists: the printed trainee's may be past them, so Python checks."""
    monkeypatch.setattr(transfer, "_SCAN_PROBLEMS", 3)
    for nth in range(4):
        _rewrite_as_right(two_trainees, "Hemi", nth)
    _rewrite_as_right(two_trainees, "Aroha", 11)
    scanned, checked = _both_roads(two_trainees, ["Aroha"], monkeypatch)
    assert scanned == checked and scanned is not None and "(Aroha, " in scanned
