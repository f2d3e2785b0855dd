# Dealer Drill: `make run` starts the program, `make test` runs the whole test suite.
# Both create .venv and install everything on first use; later runs only rebuild what changed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.dealerdrill-installed
C_SOURCES := $(wildcard core_c/include/*.h core_c/src/*.c core_c/records/dd_*.h core_c/records/dd_*.c)

.PHONY: run test bench build clean engine hooks

# Qt's xcb platform, the one Qt uses on a Linux desktop unless told otherwise, links X11 libraries a minimal
# system may lack (libxcb-cursor0 since Qt 6.5, libxcb-icccm4, libxcb-keysyms1, libxkbcommon-x11-0, ...);
# without one Qt aborts with a page about platform plugins that names no package. So `make run` looks for
# every one first (scripts/window_libraries.sh), only on Linux and only when QT_QPA_PLATFORM chooses no
# platform, and names what to install. RUN is the program started (a test starts something else).
RUN ?= $(VENV)/bin/dealerdrill
LDCONFIG ?= $(shell command -v ldconfig 2>/dev/null || echo /sbin/ldconfig)

run: $(STAMP)
	@if [ "$$(uname -s)" = Linux ] && [ -z "$$QT_QPA_PLATFORM" ] && [ -x "$(LDCONFIG)" ]; then \
		LDCONFIG="$(LDCONFIG)" sh scripts/window_libraries.sh || exit 1; \
	fi
	$(RUN)

# The suite runs under coverage.py (branch coverage, [tool.coverage] in pyproject.toml); the report and the
# floor it must not fall below come after the tests pass.
test: $(STAMP)
	rm -f .coverage .coverage.*
	QT_QPA_PLATFORM=offscreen $(PY) -m coverage run -m pytest $(PYTEST_ARGS)
	$(PY) -m coverage combine --quiet
	$(PY) -m coverage report

# The git hook that runs the suite's lint, type and layer checks before each commit (.pre-commit-config.yaml).
hooks: $(STAMP)
	$(PY) -m pip install --quiet pre-commit
	$(VENV)/bin/pre-commit install

bench: $(STAMP)
	$(PY) -m benchmarks

build: $(STAMP)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# An editable install: gui/, bindings/ and resources/ are used in place, the C engine is compiled into
# bindings/. A change to the C sources or the build files rebuilds the extension.
$(STAMP): $(VENV)/bin/python pyproject.toml setup.py $(wildcard bindings/_*build.py) $(C_SOURCES)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info bindings/_engine.* bindings/*.so

# Fast rebuild of the C engine in place after editing core_c/ (developers; serialised so parallel
# builds in one checkout never overwrite each other's output half-written). The build's own exit status
# is the target's: a compile error fails `make engine` (pipefail), while setuptools' chatter about
# warnings is filtered out of the log (grep's status is ignored: an empty filtered log is fine).
engine: SHELL := /bin/bash
engine: $(VENV)/bin/python
	set -o pipefail; flock /tmp/dealerdrill-build.lock $(PY) setup.py -q build_ext --inplace --force 2>&1 \
		| { grep -vE 'Warning|warn|^\s*$$' || true; }

# Hardening of the C engine (no Python): `make c-tests` runs the plain C tests of every entry point and
# replays the fuzz corpus; `make sanitize` does the same built with AddressSanitizer + UBSan; `make fuzz`
# fuzzes every harness for FUZZ_SECONDS in all (libFuzzer when clang is installed). See docs/fuzzing.md.
.PHONY: c-tests sanitize fuzz
FUZZ_SECONDS ?= 60

c-tests:
	core_c/tests/run_c_tests.sh plain

sanitize:
	core_c/tests/run_c_tests.sh sanitize

fuzz:
	core_c/fuzz/run_fuzz.sh $(FUZZ_SECONDS)

# The standalone bundle for trainees' desks (PyInstaller, one folder): dist/DealerDrill/, and the same folder
# as dist/DealerDrill-<version>-linux-<machine>.tar.gz to hand out. Rebuilt only when what goes into it
# changed (packaging/build_bundle.py keeps a fingerprint); see packaging/README.md for Windows and macOS.
.PHONY: dist
dist: $(STAMP)
	$(PY) packaging/build_bundle.py --archive
