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

run: $(STAMP)
	$(BIN)/meeple serve

# The test command lints (ruff) and type-checks (mypy, on the packages pyproject.toml names) first.
# The pure-Python tests run on two workers (pytest-xdist). The browser tests run on two workers too,
# a module to a worker (each module starts its own server on a free port with its own data folder).
# The server tests, which share PostgreSQL, Redis and their channel, run after them in one process.
PARALLEL := tests/engine tests/games tests/adapters tests/bots tests/analysis tests/test_bench_floors.py
test: lint
	$(BIN)/python -m pytest -q -n 2 $(PARALLEL)
	$(BIN)/python -m pytest -q -n 2 --dist loadfile tests/web
	$(BIN)/python -m pytest -q tests $(foreach d,$(PARALLEL) tests/web,--ignore=$(d))

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/engine_playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
