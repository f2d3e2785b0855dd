"""cffi build script (API mode, out of line) for the answers-chain scan of `dealerdrill verify`
(core_c/records/, linked with SQLite and OpenSSL's libcrypto).

Optional: setup.py builds it only where the two libraries' headers are found (Debian: libsqlite3-dev,
libssl-dev); without it verification takes its Python road, slower and otherwise the same.
"""
import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "core_c" / "records"
HEADER = FOLDER / "dd_answer_scan.h"
BEGIN = "/* --- cdef begin --- */"
END = "/* --- cdef end --- */"
LIBRARIES = ["sqlite3", "crypto"]


def cdef_text() -> str:
    text = HEADER.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise RuntimeError(f"{HEADER.name}: missing cdef markers")
    return text[start + len(BEGIN):end]


def can_build() -> bool:
    """Whether this machine has SQLite's and libcrypto's headers and libraries to link against."""
    if os.environ.get("DD_NO_ANSWER_SCAN"):
        return False
    import tempfile

    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CompileError, LinkError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    probe = ("#include <sqlite3.h>\n#include <openssl/evp.h>\n"
             "int main(void) { return sqlite3_libversion_number() > 0 && EVP_sha256() != 0 ? 0 : 1; }\n")
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
