# Dealer Drill: `make run` starts the program, `make test` runs the whole test suite.
# Both create .venv and install everything on first use; later runs only rebuild what changed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.dealerdrill-installed
C_SOURCES := $(wildcard core_c/include/*.h core_c/src/*.c)

.PHONY: run test bench build clean engine hooks

run: $(STAMP)
	$(VENV)/bin/dealerdrill

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
$(STAMP): $(VENV)/bin/python pyproject.toml setup.py bindings/_build.py $(C_SOURCES)
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
