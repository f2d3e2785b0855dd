"""Write the seed corpus of the fuzz harnesses (core_c/fuzz/corpus/<harness>/).

Seeds only need to be valid enough to reach deep code; libFuzzer mutates them from there. The house-way
seeds are the compiled programs of the shipped ways (what bindings/houseway.py passes to dd_hw_build), in
the harness's input layout: u16 length in words, a flags byte, the words, then operation bytes.
Run with the project's venv: .venv/bin/python core_c/fuzz/make_seeds.py
"""
import json
import random
import struct
import tomllib
from pathlib import Path

from dealerdrill.core import houseway

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def write(harness: str, name: str, data: bytes) -> None:
    folder = HERE / "corpus" / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def main() -> None:
    rng = random.Random(2026)  # seeds are fixed files; the stream only has to be varied
    operations = bytes(rng.randrange(256) for _ in range(600))
    for way in ("nz", "foxwoods", "canberra"):
        text = (ROOT / "resources" / "house_ways" / f"{way}.toml").read_text(encoding="utf-8")
        _, program = houseway._compile(tomllib.loads(text), way)
        words = struct.pack(f"<{len(program)}i", *program)
        write("houseway", f"{way}-program", struct.pack("<HB", len(program), 0) + words + operations[:200])
    for harness in ("rng", "roulette", "baccarat", "paigow", "commission", "chips", "procedure"):
        for index in range(8):
            size = (16, 64, 256, 1024)[index % 4]
            data = bytes([index]) + bytes(rng.randrange(256) for _ in range(size))
            write(harness, f"seed-{index}", data)
    answer_line_seeds()


def answer_line_seeds() -> None:
    """Answer lines as an export writes them, in the harness's layout: flags (2: items numbered from 1), a
    u16 line limit, a u16 output room, then the lines."""
    session = "10000000-0000-4000-8000-000000000001"

    def line(seq: int, **changes) -> bytes:
        record = {"session": session, "uuid": f"20000000-0000-4000-8000-{seq:012d}", "seq": seq,
                  "family": "banker0.third1",
                  "item": json.dumps({"family": "banker0.third1", "prompt": {"cards": ["9h", "Ks"]},
                                      "text": f"Question {seq} \u00d7"}),
                  "answer": '"A"', "expected": "A", "given": "B", "correct": seq % 3 != 0,
                  "category": None if seq % 3 else "odds", "rule": "rule 9.5", "seconds": 1.5 + seq,
                  "timed_out": False, "answered_at": "2026-03-04T05:06:07.123456Z", **changes}
        return (json.dumps({"answer": record}, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")

    def head(room: int) -> bytes:
        return struct.pack("<BHH", 2, 4096, room)

    write("answer_lines", "three_lines", head(16384) + b"".join(line(seq) for seq in (1, 2, 3)))
    write("answer_lines", "escapes", head(16384) + line(1, given="tab\there \u00e9", item=json.dumps(
        {"t": "\ud83c\udca1 \"q\""})).replace("\u00e9".encode(), b"\\u00e9"))
    write("answer_lines", "then_a_session", head(16384) + line(1) + b'{"session":{"uuid":"x"}}\n' + line(2))
    write("answer_lines", "small_room", head(300) + line(1) + line(2))


if __name__ == "__main__":
    main()
