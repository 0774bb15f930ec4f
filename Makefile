# Two commands do all the set-up from a fresh clone: `make demo` and `make test`.
# Both create .venv (Python 3.11+) and install the package with its test tools first.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DEMO   := campaigns/demo

.PHONY: demo test lint install clean help

help:
	@echo "make demo   build the demo campaign and show its books"
	@echo "make test   run every test"
	@echo "make lint   ruff"

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "drawsteel-kit needs Python 3.11 or newer (set PYTHON=python3.11)")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m drawsteel_kit.demo $(DEMO)

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
