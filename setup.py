"""Build glue that pyproject.toml cannot express: the cffi extension and the package list.

The three source folders are mapped onto one import namespace (see package-dir in pyproject.toml):
gui/ -> dealerdrill, bindings/ -> dealerdrill.core, resources/ -> dealerdrill.resources.
Sub-packages are discovered here so that nothing installs a top-level `gui` or `bindings` module.
"""
from pathlib import Path

from setuptools import setup

ROOTS = {"dealerdrill": "gui", "dealerdrill.core": "bindings", "dealerdrill.resources": "resources"}


def _packages():
    here = Path(__file__).parent
    found = []
    for package, folder in ROOTS.items():
        found.append(package)
        for init in sorted((here / folder).rglob("__init__.py")):
            rel = init.parent.relative_to(here / folder)
            if rel.parts and not any(p.startswith((".", "_")) for p in rel.parts):
                name = ".".join((package, *rel.parts))
                if name not in ROOTS:
                    found.append(name)
    return found


def _cffi_modules():
    """The engine and the import's answer-line reader always; verify's scan where SQLite's and libcrypto's
    headers are, the CSV export's answer lines where SQLite's is (see their build scripts)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "bindings"))
    try:
        from _answer_lines_build import can_build as can_build_answer_lines
        from _answer_scan_build import can_build as can_build_answer_scan
        from _csv_answers_build import can_build as can_build_csv_answers
    finally:
        sys.path.pop(0)
    return (["bindings/_build.py:ffibuilder"]
            + (["bindings/_answer_lines_build.py:ffibuilder"] if can_build_answer_lines() else [])
            + (["bindings/_answer_scan_build.py:ffibuilder"] if can_build_answer_scan() else [])
            + (["bindings/_csv_answers_build.py:ffibuilder"] if can_build_csv_answers() else []))

setup(
    packages=_packages(),
    cffi_modules=_cffi_modules(),
)
