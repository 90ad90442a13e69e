# The two commands of the README: `make run` and `make test`. Both do all of their own set-up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench install install-test lock clean messages check-messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Editable, so a checkout's changes show at once; requirements.lock pins every version.
# The C solver is compiled at install: a changed fastsolve.c means installing again.
$(VENV)/.installed: pyproject.toml requirements.lock setup.py app/players/solitaire/fastsolve.c \
		| $(BIN)/python
	$(BIN)/pip install -q -c requirements.lock -e '.[postgres]'
	touch $@

$(VENV)/.installed-test: pyproject.toml requirements.lock $(VENV)/.installed
	$(BIN)/pip install -q -c requirements.lock -e '.[postgres,test]'
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/golf migrate
	$(BIN)/golf serve --host $(HOST) --port $(PORT)

lint: install-test
	$(BIN)/ruff check app tests migrations

# pytest exits 5 when it collects nothing; make treats any non-zero exit as failure.
# Two pytest workers (pytest-xdist): each has its own databases, live server and browser, and
# the suite takes about half the time on two cores. TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 2
test: install-test lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

# Load benchmark (not part of `make test`): PLAYERS simulated players for SECONDS seconds.
PLAYERS ?= 50
SECONDS ?= 10
WORKERS ?= 1
DB ?= sqlite
bench: install-test
	nice -n 10 $(BIN)/python -m tests.bench.load --players $(PLAYERS) --seconds $(SECONDS) \
		--workers $(WORKERS) --db $(DB)

# Catalogs: `make messages` extracts the English text and merges it into every .po file
# (translate the new entries, then run the tests). The app reads the .po files at start-up,
# so there is no compile step and no binary catalog to commit; `check-messages` compiles
# them anyway to catch a broken catalog.
POT := app/locale/messages.pot
messages: install
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output \
		-k N_ -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d app/locale --no-fuzzy-matching --ignore-obsolete --width 100

check-messages: install
	$(BIN)/pybabel compile --statistics -d app/locale -o /dev/null -i app/locale/sv/LC_MESSAGES/messages.po

# Re-pin requirements.lock to the newest versions pyproject.toml allows (README, "Updating
# the pinned versions"): a fresh venv in a temporary directory, so nothing local leaks in.
lock:
	tmp=$$(mktemp -d) && $(PYTHON) -m venv $$tmp/venv \
	&& $$tmp/venv/bin/pip install -q '.[postgres,test]' \
	&& { sed -n '/^#/p' requirements.lock; $$tmp/venv/bin/pip freeze --exclude golf-cards; } \
		> $$tmp/lock && mv $$tmp/lock requirements.lock; status=$$?; rm -rf $$tmp; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist
