# The two commands of the README: `make run` and `make test`. Both do all of their own set-up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[postgres]'
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/pip install -q -e '.[postgres,test]'
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/golf migrate
	$(BIN)/golf serve --host $(HOST) --port $(PORT)

lint: install-test
	$(BIN)/ruff check app tests migrations

# pytest exits 5 when it collects nothing; make treats any non-zero exit as failure.
test: install-test lint
	$(BIN)/python -m pytest

# Load benchmark (not part of `make test`): PLAYERS simulated players for SECONDS seconds.
PLAYERS ?= 50
SECONDS ?= 10
WORKERS ?= 1
DB ?= sqlite
bench: install-test
	nice -n 10 $(BIN)/python -m tests.bench.load --players $(PLAYERS) --seconds $(SECONDS) \
		--workers $(WORKERS) --db $(DB)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
