"""Batches of rows read in a thread of their own while the caller writes the previous ones. Qt-free.

An export of millions of answers from the training room spends its time in two places that can run at
once: the server making the rows and Python writing them. psycopg lets other threads run while it waits
for a batch, so reading the next batch in a thread while this one is written keeps both busy.

Not for SQLite: sqlite3 gives the interpreter lock back and takes it again for every row, and a reading
thread then waits its turn behind the writing one row after row (measured slower than one thread).
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator


class _End:
    """What the reading thread hands over last: nothing more, or the error that stopped it."""

    def __init__(self, error: BaseException | None = None):
        self.error = error


def read_ahead(open_batches: Callable[[], Iterable], depth: int = 2) -> Iterator:
    """The batches `open_batches()` yields, `depth` at most read ahead of the caller. `open_batches` is called
    in the reading thread. An error while reading is
    raised here, where the caller reads; when the caller stops early (a cancelled export, a failed write),
    the reading thread stops at its next batch and closes what it read from."""
    handed: queue.Queue = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def hand(item) -> bool:
        while not stop.is_set():
            try:
                handed.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def read() -> None:
        try:
            batches = iter(open_batches())
            try:
                for batch in batches:
                    if not hand(batch):
                        return
            finally:
                close = getattr(batches, "close", None)
                if close is not None:
                    close()
        except BaseException as error:         # handed to the caller, who raises it
            hand(_End(error))
            return
        hand(_End())

    reader = threading.Thread(target=read, name="dealerdrill-export-reader", daemon=True)
    reader.start()
    try:
        while True:
            item = handed.get()
            if isinstance(item, _End):
                if item.error is not None:
                    raise item.error
                return
            yield item
    finally:
        stop.set()
        reader.join()
