"""cffi build script (API mode, out of line) for the answers' lines of the CSV export (core_c/records/
dd_csv_answers.c, linked with SQLite).

Optional: setup.py builds it only where SQLite's header is found (Debian: libsqlite3-dev); without it the
CSV export takes its Python road, slower and otherwise the same.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "core_c" / "records"
HEADER = FOLDER / "dd_csv_answers.h"
BEGIN = "/* --- cdef begin --- */"
END = "/* --- cdef end --- */"
LIBRARIES = ["sqlite3"]


def cdef_text() -> str:
    text = HEADER.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise RuntimeError(f"{HEADER.name}: missing cdef markers")
    return text[start + len(BEGIN):end]


def can_build() -> bool:
    """Whether this machine has SQLite's header and library to link against."""
    if os.environ.get("DD_NO_CSV_ANSWERS"):
        return False
    import tempfile

    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CompileError, LinkError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    probe = "#include <sqlite3.h>\nint main(void) { return sqlite3_libversion_number() > 0 ? 0 : 1; }\n"
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text(probe, encoding="ascii")
        try:
            objects = compiler.compile([str(source)], output_dir=folder)
            compiler.link_executable(objects, str(Path(folder) / "probe"), libraries=LIBRARIES)
        except (CompileError, LinkError):
            return False
    return True


ffibuilder = FFI()
ffibuilder.cdef(cdef_text())
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
