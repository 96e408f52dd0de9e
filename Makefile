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

# The test command lints (ruff, mypy, the import layers) first, then runs every test in one pytest run on
# four workers (pytest-xdist, --dist loadgroup; tests/conftest.py sets the groups and the order). A module
# that starts servers or a browser (tests/server, tests/web, the top-level tests) is one group, run on one
# worker, so that its module's servers start once; each worker has its own temporary folders, PostgreSQL
# databases (pg_url), Redis channel (tests/server/conftest.py), shared hall, and a browser while it runs
# browser modules (tests/web/conftest.py). The pure-Python tests are handed out one at a time. The longest
# modules go first (LONGEST_FIRST), the pure tests last: being small, they fill the end evenly. Four workers
# on two cores, because a browser test mostly waits (for a bot, a page, a round trip) while the others use
# the cores. (Before, the pure, server and browser parts ran one after the other on two workers: 3:07, 2:44
# and 8:30 on a quiet machine; their CPU, measured at load 15-33: 295 s, 195 s and 316 s.)
test: lint
	$(BIN)/python -m pytest -q -n 4 --dist loadgroup --no-loadscope-reorder tests

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python bench/engine_playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
