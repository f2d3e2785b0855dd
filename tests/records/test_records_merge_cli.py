"""Merging records from another workstation without duplicates, and the command line on a fresh folder."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
from datetime import timedelta

import pytest
from quick_pin_kdf import CHILD_PRELUDE
from real_answers import play_for_real, regrader

from dealerdrill.domain import Mode
from dealerdrill.exports import ANSWER_COLUMNS
from dealerdrill.records import Records, default_database_path, dump_records, import_records


def _play(records, name, drill, mode, outcomes, make_answer=None, **options):
    """A session of real answers (the engine can grade them again, as every import does)."""
    return play_for_real(records, name, mode, outcomes, drill, **options)


def test_import_adds_what_is_missing_and_never_duplicates(tmp_path, clock):
    with Records(tmp_path / "a" / "records.sqlite3", clock=clock, workstation="bench-a") as a, \
            Records(tmp_path / "b" / "records.sqlite3", clock=clock, workstation="bench-b") as b:
        a.create_trainee("Aroha")
        a.create_trainee("Hemi")
        _play(a, "Aroha", "baccarat.table_of_play", Mode.TEST, [True] * 20)
        _play(a, "Hemi", "baccarat.table_of_play", Mode.PRACTICE, [True, False], seed=8)
        b.create_trainee("aroha")                       # the same person, created separately on bench B
        _play(b, "aroha", "baccarat.table_of_play", Mode.PRACTICE, [False] * 3, seed=9)

        own_b = {x.uuid for x in b.answers()}
        dump_records(a, tmp_path / "from-a.json")
        result = import_records(b, tmp_path / "from-a.json", regrade=regrader())
        assert (result.answers_added, result.answers_already_present, result.sessions_added,
                result.trainees_added, result.refused) == (22, 0, 2, 1, ())
        merged = {x.uuid: x for x in b.answers()}
        assert set(merged) == {x.uuid for x in a.answers()} | own_b and len(merged) == 25
        for original in a.answers():
            copy = merged[original.uuid]
            assert (copy.trainee.casefold(), copy.item, copy.answer, copy.correct, copy.seconds, copy.answered_at,
                    copy.session_uuid) == (original.trainee.casefold(), original.item, original.answer,
                                           original.correct, original.seconds, original.answered_at,
                                           original.session_uuid)
        assert [t.name for t in b.trainees()] == ["aroha", "Hemi"]          # matched by name, not duplicated

        again = import_records(b, tmp_path / "from-a.json", regrade=regrader())   # the same file twice
        assert (again.answers_added, again.answers_already_present, again.sessions_added) == (0, 22, 0)
        assert len(b.answers()) == 25

        dump_records(b, tmp_path / "from-b.json")                            # and back the other way
        back = import_records(a, tmp_path / "from-b.json", regrade=regrader())
        assert (back.answers_added, back.answers_already_present) == (3, 22)
        assert {x.uuid for x in a.answers()} == {x.uuid for x in b.answers()}
        assert "records_imported" in {e.action for e in b.audit_log()}
        assert a.verify() == [] and b.verify() == []                        # both chains still whole


def test_an_unfinished_session_gets_its_finish_from_a_later_export(tmp_path, clock):
    with Records(tmp_path / "a.sqlite3", clock=clock) as a, Records(tmp_path / "b.sqlite3", clock=clock) as b:
        a.create_trainee("Aroha")
        session = _play(a, "Aroha", "baccarat.table_of_play", Mode.PRACTICE, [True, False], finish=False)
        dump_records(a, tmp_path / "early.json")
        import_records(b, tmp_path / "early.json", regrade=regrader())
        assert b.session(session).finished_at is None and b.session(session).items == 2
        a.finish_session(session)
        dump_records(a, tmp_path / "late.json")
        result = import_records(b, tmp_path / "late.json", regrade=regrader())
        assert (result.answers_added, result.answers_already_present) == (0, 2)
        assert b.session(session).finished_at == a.session(session).finished_at
        assert b.verify() == []


def test_files_that_are_not_records_files_are_refused_and_change_nothing(records, tmp_path):
    records.create_trainee("Aroha")
    cases = {"not-json.json": "hello", "other.json": '{"format": "something else"}',
             "future.json": '{"format": "dealerdrill-records", "version": 99}',
             "broken.json": '{"format": "dealerdrill-records", "version": 1, "trainees": [{"name": "X"}]}'}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(ValueError):
            import_records(records, tmp_path / name)
    with pytest.raises(ValueError, match="does not exist"):
        import_records(records, tmp_path / "missing.json")
    assert [t.name for t in records.trainees()] == ["Aroha"]


PIN, MANAGER = "246824", "Mere Smith"
AS_MANAGER = ("--manager", MANAGER, "--pin-stdin")


def _cli(home, *arguments, pin: str | None = PIN):
    """Run `dealerdrill ...` in a child process on `home` (the PIN on its standard input), and report whether
    it imported Qt."""
    code = (CHILD_PRELUDE + "from dealerdrill.__main__ import main; status = main(sys.argv[1:]); "
            "print('QT-LOADED' if any(m.startswith('PySide6') for m in sys.modules) else 'NO-QT'); "
            "sys.exit(status)")
    return subprocess.run([sys.executable, "-c", code, *arguments], capture_output=True, text=True,
                          input=f"{pin}\n" if pin is not None else "",
                          env={**os.environ, "DEALERDRILL_HOME": str(home)}, timeout=120)


def _set_pin(home):
    from dealerdrill.desk import Desk

    with Desk.open(home / "data" / "records.sqlite3") as desk:
        desk.set_first_pin(MANAGER, PIN, PIN)


def test_cli_export_works_on_a_fresh_data_folder_without_qt(tmp_path):
    home = tmp_path / "fresh-home"
    _set_pin(home)
    done = _cli(home, "export", "--format", "csv", "--all", "--out", str(tmp_path / "empty.csv"), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    assert "NO-QT" in done.stdout and (home / "data" / "records.sqlite3").exists()
    with open(tmp_path / "empty.csv", encoding="utf-8-sig") as handle:
        assert list(csv.reader(handle)) == [list(ANSWER_COLUMNS)]


def test_cli_export_and_import_round_trip(tmp_path, monkeypatch, clock, answer_factory):
    home, other = tmp_path / "home", tmp_path / "other"
    monkeypatch.setenv("DEALERDRILL_HOME", str(home))
    with Records(default_database_path(), clock=clock) as records:
        records.create_trainee("Tāne")
        records.create_trainee("Kiri")
        _play(records, "Tāne", "baccarat.table_of_play", Mode.PRACTICE, [True, False, True])
        clock.advance(days=3)
        _play(records, "Kiri", "baccarat.table_of_play", Mode.TIMED, [True] * 4, seed=3)
        first_day = (clock.now - timedelta(days=3)).astimezone().date()
        stored = {a.uuid: a for a in records.answers()}
    _set_pin(home)
    _set_pin(other)

    out = tmp_path / "tane.csv"
    done = _cli(home, "export", "--format", "csv", "--trainee", "Tāne", "--from", first_day.isoformat(),
                "--to", first_day.isoformat(), "--out", str(out), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    with open(out, encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["answer_id"], r["trainee"], int(r["correct"])) for r in rows] == \
           [(a.uuid, a.trainee, int(a.correct)) for a in stored.values() if a.trainee == "Tāne"]

    done = _cli(home, "export", "--format", "pdf", "--all", "--out", str(tmp_path / "cohort.pdf"), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "cohort.pdf").pages)
    assert "Scorecard: Tāne" in text and "Scorecard: Kiri" in text

    done = _cli(home, "export", "--format", "json", "--all", "--out", str(tmp_path / "all.json"), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    assert f"the records file is signed with {MANAGER}'s key" in done.stdout     # the manager is told it is sealed
    done = _cli(other, "import", str(tmp_path / "all.json"), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    assert "7 answers and 2 sessions added (0 answers already here)" in done.stdout and "NO-QT" in done.stdout
    # `other` does not trust home's key: every answer was graded again, and the command says so and why.
    assert "graded again by the engine: 7 answers (the file is signed with" in done.stdout
    assert "which this workstation does not trust" in done.stdout
    done = _cli(other, "import", str(tmp_path / "all.json"), *AS_MANAGER)
    assert "0 answers and 0 sessions added (7 answers already here)" in done.stdout
    with Records(other / "data" / "records.sqlite3") as copy:
        assert {a.uuid for a in copy.answers()} == set(stored)


def test_cli_reports_mistakes_plainly(tmp_path):
    _set_pin(tmp_path / "h")
    done = _cli(tmp_path / "h", "export", "--format", "pdf", "--trainee", "Nobody", "--out", str(tmp_path / "x.pdf"),
                *AS_MANAGER)
    assert done.returncode == 1 and "no trainee called 'Nobody'" in done.stderr and "Traceback" not in done.stderr
    done = _cli(tmp_path / "h", "export", "--format", "csv", "--all", "--from", "2026-02-30", "--out", "x.csv")
    assert done.returncode == 2 and "YYYY-MM-DD" in done.stderr
    done = _cli(tmp_path / "h", "import", str(tmp_path / "nothing.json"), *AS_MANAGER)
    assert done.returncode == 1 and "does not exist" in done.stderr


def test_cli_import_and_export_need_the_manager_role(tmp_path, clock, answer_factory):
    home = tmp_path / "h"
    with Records(home / "data" / "records.sqlite3", clock=clock) as records:
        records.create_trainee("Aroha")
        _play(records, "Aroha", "baccarat.table_of_play", Mode.PRACTICE, [True])
        dump_records(records, tmp_path / "records.json")
    done = _cli(home, "import", str(tmp_path / "records.json"))
    assert done.returncode == 1 and "no manager PIN is set on this workstation" in done.stderr
    _set_pin(home)
    done = _cli(home, "import", str(tmp_path / "records.json"), pin=None)   # no terminal, no --pin-stdin
    assert done.returncode == 1 and "--pin-stdin" in done.stderr
    done = _cli(home, "import", str(tmp_path / "records.json"), *AS_MANAGER, pin="1111")
    assert done.returncode == 1 and "That PIN is not right." in done.stderr and "Traceback" not in done.stderr
    done = _cli(home, "export", "--format", "csv", "--all", "--out", str(tmp_path / "x.csv"), "--pin-stdin")
    assert done.returncode == 1 and "--manager NAME" in done.stderr and not (tmp_path / "x.csv").exists()
    with Records(home / "data" / "records.sqlite3") as records:
        log = [(e.actor, e.action) for e in records.audit_log()]
        assert (MANAGER, "unlock_refused") in log and "records_imported" not in {action for _, action in log}
    done = _cli(home, "import", str(tmp_path / "records.json"), *AS_MANAGER)
    assert done.returncode == 0, done.stderr
    with Records(home / "data" / "records.sqlite3") as records:
        assert (MANAGER, "records_imported") in [(e.actor, e.action) for e in records.audit_log()]
