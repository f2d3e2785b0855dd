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
    """The engine always; the verify scan where SQLite's and libcrypto's headers are (see its build script)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "bindings"))
    try:
        from _answer_scan_build import can_build
    finally:
        sys.path.pop(0)
    return ["bindings/_build.py:ffibuilder"] + (["bindings/_answer_scan_build.py:ffibuilder"] if can_build() else [])


setup(
    packages=_packages(),
    cffi_modules=_cffi_modules(),
)
