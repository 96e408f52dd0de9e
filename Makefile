# Two commands on a fresh machine: `make run` starts the hall, `make test` runs the tests.
# Each creates the virtual environment it needs.

PYTHON ?= python3
# Python keeps each module's compiled bytecode (in __pycache__), and pytest its rewritten test modules, even
# where the environment says not to (this project's machines set PYTHONDONTWRITEBYTECODE): the test run
# starts hundreds of Python processes (pytest workers, halls, bot workers, the CLI), and each compiled the
# package and the tests again (collecting the tests: 17 s of CPU against 8 s; a hall's start 0.55 s against 0.4).
unexport PYTHONDONTWRITEBYTECODE
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint venv bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
# (setuptools as pyproject.toml's build backend asks: the wheel test then builds without an isolated
# environment, 6 s against 10)
	$(BIN)/pip install --quiet --upgrade pip "setuptools>=77"
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# Where the hall listens and keeps its data: `make run PORT=8080 HOST=0.0.0.0 DATA=./hall-data`
# (HOST=0.0.0.0 opens it to the other devices of your network, a phone included).
HOST ?= 127.0.0.1
PORT ?= 8000
DATA ?= data

run: $(STAMP)
	$(BIN)/meeple serve --host $(HOST) --port $(PORT) --data $(DATA)

# The test command lints (ruff), type-checks (mypy) and checks the layers (import-linter) beside the
# pure-Python tests, which run on two workers (pytest-xdist), test by test: a cold mypy is about 16 s on
# one core, and a failure of either still stops the run there. Then the tests that start processes
# (servers, PostgreSQL and Redis halls, proxies) and the browser tests run at the same time, each on two
# workers file by file, their outputs printed whole one after the other (tests/side_by_side.py): the
# process tests wait for servers, outages and proxies, and the browsers' rendering fills those waits (two
# fresh-clone CI runs on 6 December, quiet: side by side 576 s, one after the other 658 s). The browser
# tests drive Chromium's headless shell (tests/web/conftest.py; 50 s less than the full browser in the
# same place, fresh-clone CI runs of 6 December 22:00: the whole .ci/run 533 s against 588 s) and wait
# for the page's own signals (helpers.settled), never for time. Each worker has its own
# temporary folders, PostgreSQL databases (pg_url), Redis channel (tests/server/conftest.py), browser and
# hall per module. The longest modules go first (tests/conftest.py, LONGEST_FIRST), so that none is left
# for the end. Tried and not kept (5-6 December): everything as one run on four workers (a browser test
# timed out under its load); four workers for one part (13-16% more CPU, no less wall).
PARALLEL := tests/engine tests/testing tests/games tests/adapters tests/bots tests/analysis tests/test_bench_floors.py
PROCESS_TESTS := $(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder tests --ignore=tests/web \
                 $(foreach d,$(PARALLEL),--ignore=$(d))
BROWSER_TESTS := $(BIN)/python -m pytest -q -r fER -n 2 --dist loadfile --no-loadscope-reorder tests/web
test: $(STAMP)
	$(BIN)/python tests/side_by_side.py "$(MAKE) --no-print-directory lint" "$(BIN)/python -m pytest -q -n 2 $(PARALLEL)"
	$(BIN)/python tests/side_by_side.py "$(PROCESS_TESTS)" "$(BROWSER_TESTS)"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python bench/engine_playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
