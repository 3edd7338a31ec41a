# The Quickstart commands: `make run`, `make test` and `make test-slow`. Each sets up .venv from
# scratch if needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CODE := pokersim tests benchmarks

.PHONY: run test test-slow lint typecheck doctest bench clean kernels

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

# The kernels compiled ahead of time (a run then starts without numba): built once, and again
# after a change of their sources (several minutes); nothing to do when they are fresh. Optional:
# without them numba compiles the same kernels (cached) and a run says so in one line.
kernels: $(STAMP)
	$(BIN)/python -m pokersim kernels

run: $(STAMP)
	$(BIN)/pokersim run --out results/default --force

# Lint, types and doctests first (seconds), then every test not marked `slow`.
test: lint typecheck doctest
	$(BIN)/pytest -n 2 -m 'not slow'

# The exhaustive tests marked `slow` (pytest exits 5 if none are collected: not a failure),
# after building the kernels ahead of time: one of them runs scenarios through both paths.
test-slow: kernels
	$(BIN)/pytest -n 2 -m slow || [ $$? -eq 5 ]

lint: $(STAMP)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)

typecheck: $(STAMP)
	$(BIN)/mypy

doctest: $(STAMP)
	$(BIN)/pytest -q --doctest-modules pokersim

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[test,bench]'
	$(BIN)/python benchmarks/bench_evaluator.py

clean:
	rm -rf $(VENV) results pokersim/_kernels_aot.*
