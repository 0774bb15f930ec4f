# Two commands do all the set-up from a fresh clone: `make demo` and `make test`.
# Both create .venv (Python 3.11+) and install the package with its test tools first.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DEMO   := campaigns/demo
# The demo campaigns of the other rule systems (issue 7), built by `make demo` too.
SYSTEM_DEMOS := campaigns/dungeon-world-demo campaigns/pf2e-demo campaigns/condition-sheet-demo
PORT   ?= 8866

.PHONY: demo test test-fast test-deep bench lint install clean help screenshots

help:
	@echo "make demo   build the demo campaign, show its books, serve the players' dashboard"
	@echo "make test   run every test, in parallel (CI runs this)"
	@echo "make test-fast  every test but the slow ones (browser, kernel, server, load)"
	@echo "make test-deep  every test, hypothesis exploring 10x the examples at random (nightly)"
	@echo "make lint   ruff, the import contracts, mypy, modules long enough for a review"
	@echo "make screenshots  every player page and Director panel, desktop and phone, in docs/screenshots"

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "drawsteel-kit needs Python 3.11 or newer (set PYTHON=python3.11)")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# Builds the demo's books (the week of downtime resolved through the papermill notebook) and
# the other systems' demo campaigns, then serves the Draw Steel players' dashboard until
# Ctrl-C (PORT=... to pick another port; DEMO=campaigns/pf2e-demo to serve another).
demo: $(STAMP)
	@for d in $(SYSTEM_DEMOS); do $(BIN)/python -m drawsteel_kit.workbook.demo $$d > /dev/null || exit 1; \
	  echo "Built $$d (serve it with: $(BIN)/drawsteel-kit serve $$d)"; done
	$(BIN)/python -m drawsteel_kit.workbook.demo $(DEMO)
	$(BIN)/drawsteel-kit serve $(DEMO) --port $(PORT)

# lint-imports first: the layers of docs/architecture.md (contracts in pyproject.toml); then
# mypy, the type checker over the package ([tool.mypy] in pyproject.toml).
# Tests run in parallel (pytest-xdist) on one worker more than the machine has cores
# (WORKERS=1 for one process): about a third of the suite's time is waiting (a page to draw,
# a kernel to be culled, a soak's clock), which the extra worker fills. On 2 cores: 4 min 35 s
# with 3 workers, 4 min 35 s with 4, 5-6 min with 2 (whole clean-clone runs; 7-9 min with 3
# on a slower machine, where a bare interpreter starts in 40 ms instead of 22). A file whose
# tests share a module-scoped server or browser stays on one worker (tests/suite_tiers.py
# groups them).
# pytest exits 5 when no test ran, so a filter that selects nothing still fails.
# --no-loadscope-reorder: xdist hands out work in the order tests/suite_tiers.py gives
# (soak and load tests first, then the other slow ones, the quick ones last to fill in);
# by default it would put every group of several tests first and the minute-long single
# tests after them, near the end of the run.
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1)')
XDIST    = -n $(WORKERS) --dist loadgroup --no-loadscope-reorder
# Tests run with Python's bytecode cache on, as an installed package has it, even where the
# environment turns it off (PYTHONDONTWRITEBYTECODE=1): otherwise every test process, kernel
# and command recompiles the package and pytest rewrites every test module's asserts again.
# The cache is __pycache__/ beside the sources (ignored by git, never in the wheel).
CACHED   = PYTHONDONTWRITEBYTECODE=
test: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(CACHED) $(BIN)/python -m pytest $(XDIST)

# The edit-test loop: no browser, kernel, server or load test (`slow`, marked by
# tests/suite_tiers.py from what a test uses), a fifth of the hypothesis examples.
test-fast: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(CACHED) HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest $(XDIST) -m "not slow"

# Nightly-style: hypothesis explores (profile "deep": random, ten times the examples) from a
# seed printed first and after a failure; SEED=... repeats a run.
test-deep: $(STAMP)
	@seed="$(SEED)"; seed=$${seed:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	echo "hypothesis seed $$seed (repeat with: make test-deep SEED=$$seed)"; \
	$(CACHED) HYPOTHESIS_PROFILE=deep $(BIN)/python -m pytest $(XDIST) --hypothesis-seed=$$seed

# The benchmark suite: one markdown table, kept in benchmarks/latest.md (built ledgers are
# cached in .bench/; the first run builds a 1,000,000-event campaign, about 3 minutes).
bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Every player page and Director panel in headless Chromium (Debian's chromium and
# chromium-driver), at a desktop's and a phone's width, written to docs/screenshots/ (which
# docs/workbook.md shows); the same checks as the test run.
screenshots: $(STAMP)
	rm -f docs/screenshots/*.png
	SCREENSHOTS_DIR=docs/screenshots $(BIN)/python -m pytest tests/workbook/test_screenshots.py -q

# A module over 400 lines is named for review (a warning: a module is as long as its one job).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	@$(BIN)/python tests/review_long_modules.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
