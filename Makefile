# Everything runs from a project-local virtual environment, created on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-12)

.PHONY: install test lint bench bench-engine

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

lint: install
	$(VENV)/bin/ruff check .

test: install lint
	$(PY) -m pytest

bench: bench-engine

bench-engine: install
	$(PY) bench/engine_speed.py
