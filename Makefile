# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MODELS := swarmkit/models
CODEGEN = $(BIN)/datamodel-codegen --input schema --output

.PHONY: demo test codegen codegen-check bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-run the install only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/python examples/demo.py

test: $(VENV)/.installed-dev codegen-check
	$(BIN)/python -m pytest

# Regenerate swarmkit/models/ from schema/ (settings: [tool.datamodel-codegen] in pyproject.toml).
codegen: $(VENV)/.installed-dev
	rm -rf $(MODELS)
	$(CODEGEN) $(MODELS)
	mkdir -p $(MODELS)/schema
	cp schema/*.schema.json $(MODELS)/schema/

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
