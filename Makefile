# The two commands of README: `make run` (set up + run) and `make test` (set up + test).
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: setup run test bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: setup
	$(VENV)/bin/hanabi simulate --players 3 --bot random --games 1000 --seed demo

test: setup
	$(VENV)/bin/python -m pytest -n 2 $(PYTEST_ARGS)

bench: setup
	$(VENV)/bin/python tests/bench/engine_throughput.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
