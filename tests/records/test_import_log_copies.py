"""An import's chunks leave the copying of the log (WAL) into the records file to a thread of its own
(Records.checkpoints_on_a_thread, issue 13's speed): afterwards everything is copied, the connection
checkpoints at its commits again, and the log never grows far past its bound while the chunks are written."""
from __future__ import annotations

import os
import threading

from certified_desk import MANAGER, PIN, take_test, workstation

from dealerdrill.records import store, transfer


def test_an_import_copies_the_whole_log_and_keeps_it_bounded(tmp_path, monkeypatch):
    a, b = (workstation(tmp_path / name / "records.sqlite3") for name in "ab")
    try:
        for seed, name in enumerate(("Aroha", "Hemi", "Kiri", "Mere", "Tama", "Wiremu", "Rangi", "Huia", "Tui")):
            take_test(a, name, [True, False, True, True] * 5, seed=30 + seed)
        a.unlock_manager(PIN, MANAGER)
        path = a.export("json", tmp_path / "a.json")[0]
        b.unlock_manager(PIN, MANAGER)
        b.trust_manager_key(a.role.key.public.raw, MANAGER)
        monkeypatch.setattr(transfer, "CHUNK_ANSWERS", 1)              # each session its own chunk
        monkeypatch.setattr(store._LogCopier, "FRAMES_BEFORE_WAITING", 8)
        log = b.records.path.with_name(b.records.path.name + "-wal")
        sizes = []
        copied = store._LogCopier.committed

        def watched(self):
            copied(self)
            sizes.append(os.path.getsize(log))
        monkeypatch.setattr(store._LogCopier, "committed", watched)
        before = os.path.getsize(log)
        result = b.import_records(path)
        assert result.sessions_added == 9 and b.verify() == []
        assert len(sizes) == 10                                         # nine chunks and the last, empty, flush
        # Waiting for the copy whenever the last copy left more than 8 pages in the log lets it start again from
        # its beginning (the file keeps its size and is written over). The copy of one chunk may still be running
        # while the next ones commit (on a busy machine up to four of them were seen), so the log grows by no
        # more than the bound and five chunks; without the waiting it grows by every chunk, all nine.
        one_chunk = max(later - earlier for earlier, later in zip([before, *sizes], sizes))
        assert max(sizes) - before <= 8 * 4096 + 5 * one_chunk
        connection = b.records._connection
        assert connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
        busy, frames, checkpointed = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and frames == checkpointed
        assert not [t for t in threading.enumerate() if t.name == "records log copier"]
    finally:
        a.close()
        b.close()
