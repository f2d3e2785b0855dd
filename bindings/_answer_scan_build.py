"""cffi build script (API mode, out of line) for the answers-chain scan of `dealerdrill verify`
(core_c/records/, linked with SQLite and OpenSSL's libcrypto).

Optional: setup.py builds it only where the two libraries' headers are found (Debian: libsqlite3-dev,
libssl-dev); without it verification takes its Python road, slower and otherwise the same.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

sys.path.insert(0, str(Path(__file__).resolve().parent))   # cffi runs this file by path
from _optional_build import cdef_text, links

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "core_c" / "records"
HEADER = FOLDER / "dd_answer_scan.h"
LIBRARIES = ["sqlite3", "crypto"]


def can_build() -> bool:
    """Whether this machine has SQLite's and libcrypto's headers and libraries to link against."""
    if os.environ.get("DD_NO_ANSWER_SCAN"):
        return False
    probe = ("#include <sqlite3.h>\n#include <openssl/evp.h>\n"
             "int main(void) { return sqlite3_libversion_number() > 0 && EVP_sha256() != 0 ? 0 : 1; }\n")
    return links(probe, LIBRARIES)


ffibuilder = FFI()
ffibuilder.cdef(cdef_text(HEADER))
ffibuilder.set_source(
    "dealerdrill.records._answer_scan",
    '#include "dd_answer_scan.h"',
    sources=[str((FOLDER / "dd_answer_scan.c").relative_to(ROOT))],
    include_dirs=[str(FOLDER.relative_to(ROOT))],
    extra_compile_args=(["/O2"] if sys.platform == "win32" else ["-std=c11", "-O2"])
    + [f for f in os.environ.get("DD_EXTRA_CFLAGS", "").split() if f],
    libraries=LIBRARIES,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
