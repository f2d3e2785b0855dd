"""cffi build script (API mode, out of line) for the Dealer Drill engine in core_c/.

The cdef is read from the public headers, between the `--- cdef begin ---` / `--- cdef end ---`
markers, so the C headers stay the only place the interface is written down.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "core_c" / "include"
SOURCES = ROOT / "core_c" / "src"
# dd_common.h declares types the others use, so it goes first; the rest follow by name.
HEADER_ORDER = ["dd_common.h", "dd_rng.h"]

BEGIN = "/* --- cdef begin --- */"
END = "/* --- cdef end --- */"


def headers():
    found = sorted(p.name for p in INCLUDE.glob("dd_*.h"))
    ordered = [h for h in HEADER_ORDER if h in found] + [h for h in found if h not in HEADER_ORDER]
    return [INCLUDE / h for h in ordered]


def cdef_text(path):
    text = path.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise RuntimeError(f"{path.name}: missing cdef markers")
    return text[start + len(BEGIN):end]


def _compile_args():
    if sys.platform == "win32":
        return ["/O2"], ["bcrypt.lib"]
    # -O3 for the enumeration and simulation loops; users' builds never use -Werror (CI checks warnings).
    return ["-std=c11", "-O3"], []


ffibuilder = FFI()
ffibuilder.cdef("\n".join(cdef_text(h) for h in headers()))
_cflags, _libs = _compile_args()
ffibuilder.set_source(
    "dealerdrill.core._engine",
    "\n".join(f'#include "{h.name}"' for h in headers()),
    sources=[str(p.relative_to(ROOT)) for p in sorted(SOURCES.glob("*.c"))],
    include_dirs=[str(INCLUDE.relative_to(ROOT))],
    extra_compile_args=_cflags + [f for f in os.environ.get("DD_EXTRA_CFLAGS", "").split() if f],
    extra_link_args=[f for f in os.environ.get("DD_EXTRA_LDFLAGS", "").split() if f],
    libraries=_libs,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
