# Every target sets itself up: a fresh clone needs only python3.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test test-slow lint bench screenshot exe smoke

$(STAMP): pyproject.toml setup.py
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/playtable

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# Tests run in parallel on every core (pytest-xdist); JOBS=1 runs them one by one.
JOBS ?= auto

# The quick suite: everything but the tests marked slow (whole games through the client,
# building a wheel). CI runs both targets.
test: lint
	$(PY) -m pytest -q -n $(JOBS) -m "not slow"

test-slow: $(STAMP)
	$(PY) -m pytest -q -n $(JOBS) -m slow

bench: $(STAMP)
	$(PY) tools/bench_rules.py

# The one-file desktop executable in dist/ (installs PyInstaller into .venv when missing).
exe: $(STAMP)
	$(PY) tools/build_exe.py

# The program's own check: menu, a few computer moves of each game, back, quit.
smoke: $(STAMP)
	$(PY) -m game --smoke
