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
# The pure-Python tests run on two workers (pytest-xdist), test by test; then the server tests and the
# other tests that start processes, on two workers file by file (a module's server starts once): each
# worker has its own temporary folders, PostgreSQL databases (pg_url) and Redis channel
# (tests/server/conftest.py). The browser tests run last, on two workers file by file: each worker its
# own browser and its own hall per module. (They once stayed in one process because two browsers on two
# cores made clicks race the pages; they now wait for the page's own signals, helpers.settled: on two
# workers at load 16 to 26 they passed but for one test's random game, in 20 min, 334 s of CPU.) The
# longest modules go first (tests/conftest.py, LONGEST_FIRST), so that none is left for the end. One run of
# everything on four workers (--dist loadgroup) was tried on 5 December: 13:57 of tests against 14:21 for
# the three parts on a quiet machine, with a browser test timing out under its load: not kept. On 6 December each
# part's two workers ended within a second of each other (pure 0.5 s, process 0.8 s, browser 0.9 s apart), so no
# core idles at a part's end. Four workers used more CPU than two, not less wall: the process part 189 s against
# 181 s (13% more CPU), the pure and process tests as one run (--dist loadgroup) 493 s against 200 + 181 s (16%
# more CPU), at loads 3-8 with others' runs beside them: not kept.
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
