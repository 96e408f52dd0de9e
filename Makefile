# Two commands on a fresh machine: `make run` starts the hall, `make test` runs the tests.
# Each creates the virtual environment it needs.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint venv bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
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

# The test command lints (ruff), type-checks (mypy) and checks the layers (import-linter) first.
# The pure-Python tests run on two workers (pytest-xdist), test by test; then the server tests and the
# other tests that start processes, on two workers file by file (a module's server starts once): each
# worker has its own temporary folders, PostgreSQL databases (pg_url) and Redis channel
# (tests/server/conftest.py). The browser tests run last, on two workers file by file: each worker its
# own browser and its own hall per module; they wait for the page's own signals (helpers.settled), never
# for time. The longest modules go first (tests/conftest.py, LONGEST_FIRST), so that none is left for the
# end; each part's two workers end within a second of each other. Tried and not kept (5-6 December):
# everything as one run on four workers (13:57 against 14:21, a browser test timed out under its load);
# four workers for one part (13-16% more CPU, no less wall); the pure and process parts at once (277 s
# against 315 s, the process tests' outage timings beside a busy CPU); the process and browser parts at
# once (fresh-clone CI, quiet: 576 s against 163 + 335 s one after the other: each slowed the other by
# far more than the process tests' waits gave back).
PARALLEL := tests/engine tests/testing tests/games tests/adapters tests/bots tests/analysis tests/test_bench_floors.py
test: lint
	$(BIN)/python -m pytest -q -n 2 $(PARALLEL)
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder tests --ignore=tests/web $(foreach d,$(PARALLEL),--ignore=$(d))
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder tests/web

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python bench/engine_playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
