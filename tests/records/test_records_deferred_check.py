"""A large records file is opened without reading it whole (the window must not wait seconds for it); the
whole-file check then runs in the background, and damage found there is handled as at start-up: the file
is kept aside and a new one started."""
from __future__ import annotations

from pathlib import Path

from dealerdrill.records import Records

DRILL = "baccarat.table_of_play"


def _fill(records, answer_factory, count):
    records.create_trainee("Aroha")
    session = records.start_session("Aroha", DRILL, "practice")
    for n in range(count):
        records.record_answer(session, answer_factory(DRILL, f"banker{n % 8}.third{n % 10}", n % 2 == 0))
    records.finish_session(session)


def _scribble(path: Path) -> None:
    pages = path.stat().st_size // 4096
    with open(path, "r+b") as handle:  # damage b-tree pages deep in the file, keep the header and schema
        for page in range(3, pages, 3):
            handle.seek(page * 4096 + 100)
            handle.write(b"\xff" * 600)


def test_a_large_file_opens_unchecked_and_a_sound_one_verifies(tmp_path, answer_factory):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, 50)
    records, notices = Records.open_for_app(path, full_check_limit=0)
    try:
        assert notices == [] and records.checked_at_open is False
        assert Records.verify_file(path) is None
    finally:
        records.close()
    records, _ = Records.open_for_app(path)  # a small file is still read whole at once
    assert records.checked_at_open is True
    records.close()


def test_damage_found_later_is_kept_aside_and_a_new_file_started(tmp_path, answer_factory):
    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, 400)
    _scribble(path)
    records, notices = Records.open_for_app(path, full_check_limit=0)
    assert records is not None and notices == []
    problem = Records.verify_file(path)
    assert problem and "damaged" in problem
    replacement, notices = Records.replace_damaged(records)
    try:
        [kept] = [p for p in tmp_path.glob("records.sqlite3.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]
        assert str(kept) in notices[0]
        assert replacement.trainees() == []
        replacement.create_trainee("After")
    finally:
        replacement.close()


def test_the_window_replaces_a_damaged_large_file_found_in_the_background(tmp_path, answer_factory, qtbot,
                                                                         monkeypatch):
    from dealerdrill.app import MainWindow
    from dealerdrill.desk import Desk

    path = tmp_path / "records.sqlite3"
    with Records(path) as records:
        _fill(records, answer_factory, 400)
    _scribble(path)
    opened, _ = Records.open_for_app(path, full_check_limit=0)   # as a big file is opened at start-up
    shown = []
    monkeypatch.setattr("dealerdrill.views.messages.show_error", lambda parent, text: shown.append(text))
    window = MainWindow(desk=Desk(opened))
    qtbot.addWidget(window)
    # The check's result arrives through the event loop, so it cannot have been delivered before this wait.
    with qtbot.waitSignal(window.records_ui.damage_found, timeout=30_000):
        pass
    assert shown and "damaged" in shown[0] and "new, empty records file" in shown[0]
    replacement = window.desk.records
    assert replacement is not opened and replacement.trainees() == []
    assert list(tmp_path.glob("records.sqlite3.corrupt-*"))
