# Commands on a fresh machine: `make dashboards` (serve every notebook with Voilà), `make test`
# (install, then run every test) and `make site` (build the static site into site/). All create
# .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866

.PHONY: test test-fast test-browser lint bench dashboards gallery install chromium npm site clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,jupyter,dask]"
	# notebooks/.gitattributes: outputs of a run notebook never reach git (clean filter)
	-git config filter.ftw-notebook.clean "$(abspath $(BIN))/python tools/clean_notebook.py" 2>/dev/null
	touch $(STAMP)

install: $(STAMP)

# Debian's chromium for the browser tests (Playwright's own browser download does not work here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core; \
	  else echo "browser tests need Debian's chromium: sudo apt-get install chromium"; fi; \
	fi

# npm for the static site's Pyodide (site_src/package-lock.json); Debian's package if missing.
npm:
	@if ! command -v npm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq npm; \
	  else echo "the static site needs npm: sudo apt-get install npm"; fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check ftwkit widgets tests benchmarks tools
	$(BIN)/ruff format --check ftwkit widgets tests benchmarks tools
	$(BIN)/mypy

test: $(STAMP) chromium npm lint
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not browser and not slow"

test-browser: $(STAMP) chromium npm
	$(BIN)/python -m pytest -m browser tests/browser

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py

gallery: $(STAMP)
	$(BIN)/python tools/gallery.py

# Every notebook as a Voilà dashboard; the root URL redirects to the index. voila/voila.json holds
# the configuration (loopback only, sources hidden, at most 24 kernels, kernels of closed tabs
# culled, nothing loaded from outside). More options in DASHBOARD_OPTS, e.g.
# DASHBOARD_OPTS="--max-kernels=8", or on a network
# DASHBOARD_OPTS="--Voila.ip=0.0.0.0 --allowed-hosts=games.example.org" (other Host names: 403).
dashboards: $(STAMP)
	$(BIN)/python voila/serve.py --port=$(PORT) $(DASHBOARD_OPTS)

# The static site: site/ holds plain files any static host serves (see README, "Share as a
# static site"); npm ci fetches Pyodide into site_src/node_modules when needed.
site: $(STAMP) npm
	$(BIN)/python tools/build_site.py --out site

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache test-artifacts site site_src/node_modules
