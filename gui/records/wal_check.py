"""Reading a records file's write-ahead log before SQLite does, to know whether it will replay it all.

SQLite replays the log's frames up to the first one whose checksum or salts do not match, and quietly
ignores the rest. Frames left over from an earlier use of the log carry other salts and are rightly
ignored; a frame that carries the log's current salts but a wrong checksum means the log was damaged, and
the answers committed after it would be lost without a word (a torn frame at the very end is a commit that
never finished, not a loss). So, before opening, the log is walked as
SQLite walks it (its documented format: a 32-byte header, then frames of a 24-byte header and one page, the
checksums running on from frame to frame), and a damaged log is copied aside first.
"""
from __future__ import annotations

import shutil
import struct
from datetime import datetime
from pathlib import Path

HEADER_BYTES, FRAME_HEADER_BYTES = 32, 24
MAGIC_LITTLE, MAGIC_BIG = 0x377F0682, 0x377F0683


def _checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def damaged_frames(database: Path) -> str | None:
    """None when the log replays whole (or there is none); else where it breaks, in words ("frame 12 of 40")."""
    log = Path(f"{database}-wal")
    try:
        with open(log, "rb") as handle:
            header = handle.read(HEADER_BYTES)
            if len(header) < HEADER_BYTES:
                return None
            magic, _, page_size, _, salt1, salt2, check1, check2 = struct.unpack(">8I", header)
            if magic not in (MAGIC_LITTLE, MAGIC_BIG) or page_size < 512 or page_size & (page_size - 1):
                return None        # not a log SQLite would read at all: it starts afresh, nothing to keep
            big = magic == MAGIC_BIG
            if _checksum(header[:24], big, 0, 0) != (check1, check2):
                return None        # SQLite ignores such a log entirely; nothing of it was ever replayed
            s0, s1 = check1, check2
            frames = (log.stat().st_size - HEADER_BYTES) // (FRAME_HEADER_BYTES + page_size)
            for number in range(1, frames + 1):
                frame = handle.read(FRAME_HEADER_BYTES + page_size)
                fields = struct.unpack(">6I", frame[:FRAME_HEADER_BYTES])
                if (fields[2], fields[3]) != (salt1, salt2):
                    return None    # the rest is left over from an earlier use of the log
                s0, s1 = _checksum(frame[:8] + frame[FRAME_HEADER_BYTES:], big, s0, s1)
                if (s0, s1) != (fields[4], fields[5]):
                    # A torn last frame is a commit that never finished (nothing reported stored is lost);
                    # frames of this log written after a bad one are what SQLite would drop.
                    for _ in range(number + 1, frames + 1):
                        later = handle.read(FRAME_HEADER_BYTES + page_size)
                        if struct.unpack(">6I", later[:FRAME_HEADER_BYTES])[2:4] == (salt1, salt2):
                            return f"frame {number} of {frames}"
                    return None
    except FileNotFoundError:
        return None
    except OSError:
        return None
    return None


def keep_copy(database: Path) -> Path:
    """Copy the log aside (SQLite will still open the file with it) as records.sqlite3-wal.damaged-<time>."""
    log = Path(f"{database}-wal")
    copy = log.with_name(f"{log.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    number = 1
    while copy.exists():
        number += 1
        copy = log.with_name(f"{log.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{number}")
    shutil.copy2(log, copy)
    return copy
