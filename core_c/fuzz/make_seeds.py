"""Write the seed corpus of the fuzz harnesses (core_c/fuzz/corpus/<harness>/).

Seeds only need to be valid enough to reach deep code; libFuzzer mutates them from there. The house-way
seeds are the compiled programs of the shipped ways (what bindings/houseway.py passes to dd_hw_build), in
the harness's input layout: u16 length in words, a flags byte, the words, then operation bytes.
Run with the project's venv: .venv/bin/python core_c/fuzz/make_seeds.py
"""
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


if __name__ == "__main__":
    main()
