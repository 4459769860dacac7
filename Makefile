# The two commands of README: `make run` (set up + run) and `make test` (set up + test).
# The interpreter of .venv: the first of /usr/bin/python3 and python3 that is 3.11 or newer and can
# make a venv. A distribution's build comes first: Debian's is compiled with profile-guided and
# link-time optimisation, as the deploy image's is, with the interpreter linked into the
# executable; pyenv's default build has neither (and runs the interpreter from a shared library),
# and there the app spent 14-20% more CPU per request (docs/benchmarks.md, decisions).
# `make PYTHON=...` picks another.
PYTHON ?= $(or $(shell for candidate in /usr/bin/python3 python3; do \
	$$candidate -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 \
	&& { echo $$candidate; break; }; done),python3)
VENV := .venv
STAMP := $(VENV)/.installed

SDK_DIR := sdk/hanabi-sdk
HLE := hanabi-learning-environment==0.0.4

.PHONY: setup run lint test test-fast browser cluster-packages bench sdk clean

setup: $(STAMP)

# The whole project: the light package (engine, bots, simulator, runner, the SDK's hanabi_client),
# the server's extra and the test tools, editable. Then DeepMind's hanabi-learning-environment for
# the HLE adapter's tests (tests/bots/test_hle.py): PyPI has only its source, a C++ core built with
# cmake and g++; CMake 4 needs CMAKE_POLICY_VERSION_MINIMUM to build its CMakeLists. Where it cannot
# be built those tests skip, saying why (and fail when CI is set).
$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e '.[server,test]'
	CMAKE_POLICY_VERSION_MINIMUM=3.5 $(VENV)/bin/python -m pip install --quiet '$(HLE)' \
		|| echo "$(HLE) could not be built here (it needs cmake and g++): the HLE tests will skip (or fail under CI)"
	touch $(STAMP)

# The service with embedded defaults: Postgres from pgserver in $HANABI_DATA_DIR (default .hanabi/),
# migrations applied, the API on 127.0.0.1:8000. SERVE_ARGS passes options, e.g. SERVE_ARGS="--port 9000".
run: setup
	$(VENV)/bin/hanabi serve $(SERVE_ARGS)

# Format, lint and type-check (pyproject's [tool.ruff] and [tool.mypy]: the engine, strictly) before
# the tests, so such an error fails fast.
lint: setup
	$(VENV)/bin/ruff format --check service tests
	$(VENV)/bin/ruff check service tests
	$(VENV)/bin/mypy

test: setup browser cluster-packages lint
	$(VENV)/bin/python -m pytest -n 2 $(PYTEST_ARGS)

# The inner loop: the engine, the bots, the store and the API in-process, without the tests marked
# slow (browsers, worker and server processes, the SDK over HTTP, schemathesis, faults, the cluster,
# long simulations: tests/conftest.py's SLOW_FOLDERS and @pytest.mark.slow). `make test` runs them all.
# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: pytest keeps the test modules it
# rewrote for its assertions there, and without them each worker rewrites every module each run.
FAST_TESTS := tests/engine tests/bots tests/arena tests/store tests/api $(wildcard tests/test_*.py)
test-fast: setup lint
	PYTHONDONTWRITEBYTECODE= $(VENV)/bin/python -m pytest -n 2 -m 'not slow' $(FAST_TESTS) $(PYTEST_ARGS)

# The browser tests (tests/web) drive Debian's Chromium, never a downloaded browser: installed with
# apt-get when missing and we are root; otherwise they skip, saying why (and fail when CI is set).
CHROMIUM := /usr/bin/chromium
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; } \
			|| echo "apt-get could not install chromium: the browser tests will skip (or fail under CI)"; \
	else \
		echo "$(CHROMIUM) is missing and installing it needs root and apt-get: the browser tests will skip (or fail under CI)"; \
	fi

# The cluster test (tests/cluster) runs deploy/'s parts from Debian's packages: HAProxy, PgBouncer,
# Redis and PostgreSQL 15, each installed with apt-get when its program is missing and we are root;
# otherwise those tests skip, saying why (and fail when CI is set).
CLUSTER_PACKAGES := haproxy:/usr/sbin/haproxy pgbouncer:/usr/sbin/pgbouncer redis-server:/usr/bin/redis-server \
	postgresql-15:/usr/lib/postgresql/15/bin/postgres
cluster-packages:
	@missing=""; for entry in $(CLUSTER_PACKAGES); do \
		[ -x "$${entry#*:}" ] || missing="$$missing $${entry%%:*}"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's$$missing for the cluster test"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y --no-install-recommends $$missing >/dev/null \
			|| { apt-get update >/dev/null && apt-get install -y --no-install-recommends $$missing >/dev/null; } \
			|| echo "apt-get could not install$$missing: the cluster test will skip (or fail under CI)"; \
	else \
		echo "$$missing missing, and installing needs root and apt-get: the cluster test will skip (or fail under CI)"; \
	fi

bench: setup
	$(VENV)/bin/python tests/bench/engine_throughput.py

# Regenerate the Python SDK from openapi.yaml (tests/sdk/test_generated_is_current.py checks it is current).
# The editable install of the project serves hanabi_client from sdk/hanabi-sdk/, so nothing to reinstall.
sdk: setup
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/openapi-python-client generate --path openapi.yaml \
		--meta setup --config sdk/openapi-python-client.yaml --output-path $(SDK_DIR) --overwrite --fail-on-warning

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
