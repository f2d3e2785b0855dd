"""cffi build script (API mode, out of line) for the answer lines of an import (core_c/records/
dd_answer_lines.c, plain C11 with no library).

Built wherever the engine is; DD_NO_ANSWER_LINES=1 leaves it out, and an import then reads every line
in Python, slower and otherwise the same.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

sys.path.insert(0, str(Path(__file__).resolve().parent))   # cffi runs this file by path
from _optional_build import cdef_text, links

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "core_c" / "records"
HEADER = FOLDER / "dd_answer_lines.h"


def can_build() -> bool:
    """Whether this machine can compile and link plain C (the engine's own need)."""
    if os.environ.get("DD_NO_ANSWER_LINES"):
        return False
    return links("int main(void) { return 0; }\n", [])


ffibuilder = FFI()
ffibuilder.cdef(cdef_text(HEADER))
ffibuilder.set_source(
    "dealerdrill.records._answer_lines",
    '#include "dd_answer_lines.h"',
    sources=[str((FOLDER / "dd_answer_lines.c").relative_to(ROOT))],
    include_dirs=[str(FOLDER.relative_to(ROOT))],
    extra_compile_args=(["/O2"] if sys.platform == "win32" else ["-std=c11", "-O2"])
    + [f for f in os.environ.get("DD_EXTRA_CFLAGS", "").split() if f],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
