"""What the optional C modules' cffi build scripts share (_answer_scan_build.py, _csv_answers_build.py): the
cdef text between a header's markers, and whether this machine can compile and link a probe against the
libraries a module needs (setup.py builds a module only where it can)."""
from pathlib import Path

BEGIN = "/* --- cdef begin --- */"
END = "/* --- cdef end --- */"


def cdef_text(header: Path) -> str:
    text = header.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise RuntimeError(f"{header.name}: missing cdef markers")
    return text[start + len(BEGIN):end]


def links(probe: str, libraries: list[str]) -> bool:
    """Whether the C program `probe` compiles and links against `libraries` here."""
    import tempfile

    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CompileError, LinkError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text(probe, encoding="ascii")
        try:
            objects = compiler.compile([str(source)], output_dir=folder)
            compiler.link_executable(objects, str(Path(folder) / "probe"), libraries=libraries)
        except (CompileError, LinkError):
            return False
    return True
