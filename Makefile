# Each target installs what it needs into .venv first, so a fresh clone needs only Python 3.11+.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
TSTAMP  := $(VENV)/.installed-test

.PHONY: demo test bench lint install clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/simkit run experiments/lets-take-a-hike/demo.toml --out runs/demo
	$(BIN)/simkit report runs/demo

# The example plug-in game (examples/summit-dice), installed as a designer would install theirs;
# tests/test_plugins.py plays it end to end.
EXAMPLE := $(VENV)/.installed-example

$(EXAMPLE): examples/summit-dice/pyproject.toml $(TSTAMP)
	$(BIN)/pip install --quiet -e examples/summit-dice
	touch $@

# The compiled engines first, one a core (numba keeps them on disk: minutes on a fresh clone,
# nothing after), then the example game's own tests, then the suite on every core (pytest-xdist;
# idle workers take tests from busy ones), so the suite's count is the run's closing line.
test: $(TSTAMP) $(EXAMPLE)
	$(BIN)/simkit compile
	$(BIN)/python -m pytest examples/summit-dice
	$(BIN)/python -m pytest -n auto --dist worksteal

# Let's Take a Hike's kernel is also timed against its C port (bench/c_reference), which simkit
# bench builds with the machine's cc -O2 (or $CC) and skips, saying so, when there is none.
bench: $(STAMP)
	$(BIN)/simkit bench --json bench.json

lint: $(TSTAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) runs
