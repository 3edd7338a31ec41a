# The two Quickstart commands: `make run` and `make test`. Each sets up .venv from scratch if needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pokersim run --out results/default --force

test: $(STAMP)
	$(BIN)/pytest -n 2 -q

test-fast: $(STAMP)
	$(BIN)/pytest -n 2 -q -m 'not slow'

lint: $(STAMP)
	$(BIN)/ruff check pokersim
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[test,bench]'
	$(BIN)/python benchmarks/bench_evaluator.py

clean:
	rm -rf $(VENV) results
