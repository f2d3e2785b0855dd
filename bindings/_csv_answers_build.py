"""cffi build script (API mode, out of line) for the answers' lines of the CSV export (core_c/records/
dd_csv_answers.c, linked with SQLite).

Optional: setup.py builds it only where SQLite's header is found (Debian: libsqlite3-dev); without it the
CSV export takes its Python road, slower and otherwise the same.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

sys.path.insert(0, str(Path(__file__).resolve().parent))   # cffi runs this file by path
from _optional_build import cdef_text, links

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "core_c" / "records"
HEADER = FOLDER / "dd_csv_answers.h"
LIBRARIES = ["sqlite3"]


def can_build() -> bool:
    """Whether this machine has SQLite's header and library to link against."""
    if os.environ.get("DD_NO_CSV_ANSWERS"):
        return False
    probe = "#include <sqlite3.h>\nint main(void) { return sqlite3_libversion_number() > 0 ? 0 : 1; }\n"
    return links(probe, LIBRARIES)


ffibuilder = FFI()
ffibuilder.cdef(cdef_text(HEADER))
ffibuilder.set_source(
    "dealerdrill.exports._csv_answers",
    '#include "dd_csv_answers.h"',
    sources=[str((FOLDER / "dd_csv_answers.c").relative_to(ROOT))],
    include_dirs=[str(FOLDER.relative_to(ROOT))],
    extra_compile_args=(["/O2"] if sys.platform == "win32" else ["-std=c11", "-O2"])
    + [f for f in os.environ.get("DD_EXTRA_CFLAGS", "").split() if f],
    libraries=LIBRARIES + ([] if sys.platform == "win32" else ["m"]),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
