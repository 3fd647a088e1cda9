# Everything runs from a project-local virtual environment, created on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Two installs, each from a lock file with every package pinned and hashed (requirements/*.txt,
# made from pyproject.toml by `make lock`): the site's runtime dependencies alone (what `make run`,
# `worker`, `beat` need) and the development install with the `test` extra (pytest, ruff,
# playwright...) for tests and benches. A changed pyproject.toml or lock file installs again.
RUNTIME_LOCK := requirements/runtime.txt
TEST_LOCK := requirements/test.txt
HASH := $(shell cat pyproject.toml $(RUNTIME_LOCK) $(TEST_LOCK) | sha1sum | cut -c1-12)
RUNTIME_STAMP := $(VENV)/.installed-runtime-$(HASH)
STAMP := $(VENV)/.installed-$(HASH)

HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install install-runtime test lint lock migrate run worker beat messages bench bench-engine bench-bots bench-duel-bots

$(RUNTIME_STAMP): pyproject.toml $(RUNTIME_LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r $(RUNTIME_LOCK)
	@# The project itself, editable; its dependencies came from the lock above.
	$(PY) -m pip install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-runtime-*
	touch $(RUNTIME_STAMP)

$(STAMP): $(RUNTIME_STAMP) $(TEST_LOCK)
	$(PY) -m pip install --quiet --require-hashes -r $(TEST_LOCK)
	@# tests/i18n extracts the messages with Django's makemessages, which runs GNU xgettext.
	@# A fresh machine may have no package lists yet: update them before installing.
	command -v xgettext >/dev/null || { apt-get update -qq && apt-get install -y -qq gettext; } || { sudo apt-get update -qq && sudo apt-get install -y -qq gettext; }
	rm -f $(VENV)/.installed-[0-9a-f]*
	touch $(STAMP)

# The lock files again from pyproject.toml, after changing its dependencies (pip-tools resolves
# them on PyPI and records every file's hash; docs/operations.md). Commit both files.
LOCK_OPTIONS := --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links
lock:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet pip-tools
	$(VENV)/bin/pip-compile $(LOCK_OPTIONS) --output-file=$(RUNTIME_LOCK) pyproject.toml
	$(VENV)/bin/pip-compile $(LOCK_OPTIONS) --extra=test --output-file=$(TEST_LOCK) pyproject.toml

# The site's runtime dependencies only.
install-runtime: $(RUNTIME_STAMP)

# Development: runtime dependencies plus the `test` extra.
install: $(STAMP)

# Extract every marked string into locale/fr/LC_MESSAGES/*.po, then (after translating) compile
# the .mo files. docs/i18n.md says how; tests/i18n fails until both are done.
I18N_IGNORE := --ignore=.venv --ignore=staticfiles --ignore=bench --ignore=tests
messages: install
	$(PY) manage.py makemessages -l fr --no-location $(I18N_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l fr --no-location $(I18N_IGNORE)
	$(PY) manage.py compilemessages -l fr $(I18N_IGNORE)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# The master bot's training recipe at a small size, as the shipped generations were made
# (docs/bots.md, "Training"): self-play of `strong`, a net fitted to final scores (generation 1),
# a TD net bootstrapped from it (2), self-play of the packaged master at depth 1, a TD net on both
# (3), then the gate of 3 against 2 (its verdict printed; a smoke run does not stop on it).
# `make train GAMES=20`; TRAIN_RULESET=duel, TRAIN_PLAYERS=3; the files go to TRAIN_DIR.
GAMES ?= 200
TRAIN_RULESET ?= classic
TRAIN_PLAYERS ?= 2
TRAIN_DIR ?= tools/train/data/smoke
TRAIN_SIDES := --ruleset $(TRAIN_RULESET) --players $(TRAIN_PLAYERS)
TRAIN_PLAY := $(PY) -m tools.train.selfplay $(TRAIN_SIDES) --games $(GAMES) --nodes 200
TRAIN_FIT := $(PY) -m tools.train.fit $(TRAIN_SIDES) --epochs 15
.PHONY: train
train: install
	mkdir -p $(TRAIN_DIR)
	$(TRAIN_PLAY) --seed 1 --out $(TRAIN_DIR)/strong.npz
	$(TRAIN_FIT) --data $(TRAIN_DIR)/strong.npz --out $(TRAIN_DIR)/gen1.npz --generation 1
	$(TRAIN_FIT) --data $(TRAIN_DIR)/strong.npz --out $(TRAIN_DIR)/gen2.npz --generation 2 \
		--bootstrap $(TRAIN_DIR)/gen1.npz --lam 0.3
	$(TRAIN_PLAY) --level master --depths 1 --seed 10001 --out $(TRAIN_DIR)/master.npz
	$(TRAIN_FIT) --data $(TRAIN_DIR)/strong.npz,$(TRAIN_DIR)/master.npz --out $(TRAIN_DIR)/gen3.npz \
		--generation 3 --bootstrap $(TRAIN_DIR)/gen2.npz --lam 0.3
	-$(PY) -m tools.train.gate $(TRAIN_SIDES) --candidate $(TRAIN_DIR)/gen3.npz \
		--against $(TRAIN_DIR)/gen2.npz --games $(GAMES) --depth 1 --nodes 200

# The suite runs on TEST_WORKERS processes (pytest-xdist): most of its time is spent waiting on
# browsers, sockets and servers, so two processes use a 2-core machine's second core. Each has
# its own test database and Redis database (tests/support/parallel_workers.py). `--dist
# worksteal`: a process that runs out of tests takes half of the other's queue, from its end,
# so one slow browser test no longer leaves a core idle while the other works through a queue
# handed out up front. Stealing breaks collection order (a process may run a stolen browser
# test, then steal others), which is safe: the harness sets Playwright's loop aside around every
# test that is not a browser test (tests/support/event_loops.py). TEST_WORKERS=0: one process.
# Hypothesis runs its short, derandomised "ci" profile; `make test-thorough` the long one
# (tests/support/hypothesis_profiles.py).
# --durations: the slowest tests of each run, to see where the budget goes.
# Tests that need PostgreSQL, Redis, a Celery worker or chromium skip when it is missing (fail under
# CI=true), and the run's last line counts them. `make test-services` starts throwaway PostgreSQL
# and Redis servers for the run (tools/with-services), so that nothing skips for want of them.
# TEST_ARGS narrows a run: `make test TEST_ARGS=tests/site`.
TEST_WORKERS ?= 2
TEST_ARGS ?=
PYTEST := $(PY) -m pytest -p tests.support.parallel_workers -n $(TEST_WORKERS) --dist worksteal --durations=30
.PHONY: test-services test-thorough
test: install lint
	HYPOTHESIS_PROFILE=ci $(PYTEST) $(TEST_ARGS)

# The same suite with hypothesis' "thorough" profile: many more examples, freshly random.
test-thorough: install lint
	HYPOTHESIS_PROFILE=thorough $(PYTEST) $(TEST_ARGS)

test-services: install lint
	HYPOTHESIS_PROFILE=ci tools/with-services $(PYTEST) $(TEST_ARGS)

migrate: install-runtime
	$(PY) manage.py migrate --noinput

# The site on http://$(HOST):$(PORT), served by daphne (HTTP and WebSocket); another address:
# `make run HOST=0.0.0.0 PORT=8080`.
run: migrate
	$(PY) manage.py ensure_bots
	$(PY) manage.py collectstatic --noinput -v 0
	@echo "Serving azulsite on http://$(HOST):$(PORT)"
	$(VENV)/bin/daphne -b $(HOST) -p $(PORT) azulsite.asgi:application

# A Celery worker (needs REDIS_URL; without it tasks run inside the web process).
worker: install-runtime
	$(VENV)/bin/celery -A azulsite worker --loglevel=INFO

# The Celery scheduler for periodic tasks (CELERY_BEAT_SCHEDULE); run exactly one.
beat: install-runtime
	$(VENV)/bin/celery -A azulsite beat --loglevel=INFO

# The screenshots of docs/web-pages.md (docs/img/), taken by the browser tests that check those
# screens: the phone boards (classic and Duel) and the round-end scoring.
.PHONY: docs-screenshots
docs-screenshots: install
	$(PY) -m pytest -q -p no:cacheprovider tests/e2e/test_board_layout.py tests/e2e/test_duel_layout.py \
		"tests/e2e/test_board_play.py::test_previews_confirm_undo_and_the_round_end_scoring"
	cp test-artifacts/phone-board.png test-artifacts/duel-phone-board.png test-artifacts/round-end-scoring.png docs/img/

bench: bench-engine

bench-engine: install
	$(PY) bench/engine_speed.py

# Classic bots: a quick arena round of every level (bench/bot_arena.py; the full figures of
# docs/benchmarks.md come from its --games/--budget options, pinned with taskset).
bench: bench-bots

bench-bots: install
	$(PY) bench/bot_arena.py --quick --players 2,3,4

# Azul Duel bots: a quick arena round (bench/duel_arena.py).  The prerequisite-only line
# merges into bench-bots beside the classic arena, so `make bench-bots` includes Duel.
bench-bots: bench-duel-bots

bench-duel-bots: install
	$(PY) bench/duel_arena.py --quick

# Game analysis: worker time per game at the default node budget, and agreement of two
# analyses (bench/analysis.py; docs/benchmarks.md pins it with taskset -c 0).
.PHONY: bench-analysis
bench: bench-analysis

bench-analysis: install
	$(PY) bench/analysis.py

# Live play: the cost of one move through games.services (bench/live_play.py; SQLite unless
# DATABASE_URL is set). The prerequisite-only line adds it to `make bench`.
.PHONY: bench-live
bench: bench-live

bench-live: install
	$(PY) bench/live_play.py

# Ratings and replays: rate, recompute, verify, replay and history timings
# (bench/ratings_replays.py; a scratch SQLite file unless DATABASE_URL is set).
.PHONY: bench-ratings
bench: bench-ratings

bench-ratings: install
	$(PY) bench/ratings_replays.py

# The bots' frozen ratings: a bot-vs-bot arena per ladder at a fixed node count (the same games on
# any machine), fitted and anchored; writes ratings/data/bot_ratings.json and arena_games.json
# (docs/bots.md, "Calibrated ratings"). A few minutes on 2 cores; commit both files.
.PHONY: calibrate-bots bench-rating-models
calibrate-bots: install
	$(PY) bench/calibrate_bots.py --jobs 2

# The rating models compared (accuracy, log-loss) on the arena's games and a simulated population,
# and a simulated year of the 2-player ladder (docs/ratings.md, "Measured").
bench: bench-rating-models
bench-rating-models: install
	$(PY) bench/rating_models.py --year

# Live play over WebSockets: tables of scripted players against daphne + PostgreSQL + Redis + a
# Celery worker, all started by bench/ws_load.py (its own database azulsite_bench, Redis db 9).
# `make bench-ws ARGS="--scenario restart --tables 200 --mode paced --rate 0.5"` runs one
# scenario with those options instead of the two default runs.
.PHONY: bench-ws
bench: bench-ws

bench-ws: install
ifdef ARGS
	$(PY) bench/ws_load.py $(ARGS)
else
	$(PY) bench/ws_load.py --tables 100 --mode capacity --duration 30
	$(PY) bench/ws_load.py --tables 100 --mode paced --rate 1 --duration 30
endif
