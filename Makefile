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

# The test command lints (ruff) and type-checks (mypy, on the packages pyproject.toml names) first.
# The pure-Python tests run on two workers (pytest-xdist); the server and browser tests, which start
# processes and share PostgreSQL, Redis and the artifacts folder, run after them in one process.
# (On two workers the browser tests took 6 minutes, but two browsers, two servers
# and their bots on two cores made clicks race the pages: they stay in one process.)
PARALLEL := tests/engine tests/testing tests/games tests/adapters tests/bots tests/analysis tests/test_bench_floors.py
test: lint
	$(BIN)/python -m pytest -q -n 2 $(PARALLEL)
	$(BIN)/python -m pytest -q tests $(foreach d,$(PARALLEL),--ignore=$(d))

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python bench/engine_playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
