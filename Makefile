# The two commands a newcomer needs: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: run test setup node-setup system-packages lint typecheck jstest pytest coverage clean

run: setup
	$(BIN)/laundermat serve

test: setup system-packages lint typecheck jstest pytest

# The inner loop, about a minute: lint, types, the client's unit tests, and the games' and the
# rooms' tests without real servers or the longest property runs (`make test` runs them all).
check: setup lint typecheck jstest
	$(BIN)/pytest -q -n 2 -m "not server and not slow" tests/games tests/rooms

setup: $(STAMP)

# The project is installed by uv (itself installed by the venv's pip): the same versions as
# pip picks, for less than half of pip's CPU (docs/testing.md, "The suite's time"). Compiled to
# bytecode at install, as pip does: where PYTHONDONTWRITEBYTECODE is set, nothing imported
# later is ever cached, and every process would compile its imports again.
$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '.[dev]'
	touch $(STAMP)

# Debian packages the tests need (chromium, docker-compose, nodejs, npm, nginx, redis-server,
# prometheus for promtool).
system-packages:
	@scripts/ensure-system-packages.sh

# The client's linter and formatter, Biome, at the version package-lock.json pins (biome.json
# says what it checks). npm ci installs it into node_modules/, anew when the lock changes.
node-setup: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# lint-imports: the architecture's contracts (pyproject.toml, [tool.importlinter]).
lint: setup node-setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports
	node_modules/.bin/biome ci --error-on-warnings

typecheck: setup
	$(BIN)/mypy

# The browser client's pure modules and its import graph (no cycle): node's own test runner,
# no npm packages.
jstest:
	node --test tests/js

# Four workers (pytest-xdist), even on two cores: many tests wait on the servers, databases
# and browsers they start on free ports. The browser files run in two xdist groups
# (tests/e2e/conftest.py), so two Chromiums run at a time. On a quiet 2-core machine, a fresh
# clone: about 6 min 40 s, bound by CPU (853 s of it under load: docs/testing.md, "The suite's
# time"); `make pytest PYTEST_WORKERS=0` runs in one process.
PYTEST_WORKERS ?= 4
pytest: setup
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) --maxprocesses 4 --dist loadgroup --max-worker-restart 0 \
		$(PYTEST_ARGS)

# The line coverage of src/ by the same pytest run (pyproject.toml, [tool.coverage.run]).
coverage: setup
	rm -f .coverage .coverage.*
	COVERAGE_FILE=$(CURDIR)/.coverage $(BIN)/coverage run -m pytest -q -n $(PYTEST_WORKERS) \
		--maxprocesses 4 --dist loadgroup --max-worker-restart 0 $(PYTEST_ARGS); status=$$?; \
	$(BIN)/coverage combine -q && $(BIN)/coverage report --sort=cover; exit $$status

clean:
	rm -f .coverage .coverage.*
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache .grimp_cache
