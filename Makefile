# Everything runs from a project-local virtual environment, created on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Every install reads lock files with every package pinned and hashed (requirements/*.txt, made
# from pyproject.toml by `make lock`), one per install set: the site's runtime dependencies alone
# (what `make run`, `worker`, `beat` need), then on top of them one of
#   test.txt   the `test`, `lint` and `train` extras: `make test` (the suite, its lint, and the
#              trainer that tests/bots/test_training*.py run), the development install;
#   lint.txt   the `lint` extra: `make lint`;
#   bench.txt  the `bench` extra: `make bench*`;
#   train.txt  the `train` extra: `make train`.
# Each set's stamp names a hash of pyproject.toml and its locks: a changed one installs again.
RUNTIME_LOCK := requirements/runtime.txt
TEST_LOCK := requirements/test.txt
LINT_LOCK := requirements/lint.txt
BENCH_LOCK := requirements/bench.txt
TRAIN_LOCK := requirements/train.txt
stamp = $(VENV)/.installed-$(1)-$(shell cat pyproject.toml $(RUNTIME_LOCK) $(2) | sha1sum | cut -c1-12)
RUNTIME_STAMP := $(call stamp,runtime)
TEST_STAMP := $(call stamp,test,$(TEST_LOCK))
LINT_STAMP := $(call stamp,lint,$(LINT_LOCK))
BENCH_STAMP := $(call stamp,bench,$(BENCH_LOCK))
TRAIN_STAMP := $(call stamp,train,$(TRAIN_LOCK))

HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install install-runtime install-lint install-bench install-train test lint lock migrate run worker beat messages bench bench-engine bench-bots bench-duel-bots

$(RUNTIME_STAMP): pyproject.toml $(RUNTIME_LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r $(RUNTIME_LOCK)
	@# The project itself, editable; its dependencies came from the lock above.
	$(PY) -m pip install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-runtime-*
	touch $(RUNTIME_STAMP)

# One extra set on top of the runtime install: $(call install_set,LOCK,NAME).
define install_set
	$(PY) -m pip install --quiet --require-hashes -r $(1)
	rm -f $(VENV)/.installed-$(2)-*
	touch $@
endef

$(TEST_STAMP): $(RUNTIME_STAMP) $(TEST_LOCK)
	@# tests/i18n extracts the messages with Django's makemessages, which runs GNU xgettext.
	@# A fresh machine may have no package lists yet: update them before installing.
	command -v xgettext >/dev/null || { apt-get update -qq && apt-get install -y -qq gettext; } || { sudo apt-get update -qq && sudo apt-get install -y -qq gettext; }
	$(call install_set,$(TEST_LOCK),test)

$(LINT_STAMP): $(RUNTIME_STAMP) $(LINT_LOCK)
	$(call install_set,$(LINT_LOCK),lint)

$(BENCH_STAMP): $(RUNTIME_STAMP) $(BENCH_LOCK)
	$(call install_set,$(BENCH_LOCK),bench)

$(TRAIN_STAMP): $(RUNTIME_STAMP) $(TRAIN_LOCK)
	$(call install_set,$(TRAIN_LOCK),train)

# The lock files again from pyproject.toml, after changing its dependencies (pip-tools resolves
# them on PyPI and records every file's hash; docs/operations.md). Each set is resolved within
# the one before it (-c): the test set within the runtime one, the others within the test set,
# so a package shared by two locks has one version in both. Commit every file.
LOCK_OPTIONS := --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links
COMPILE := $(VENV)/bin/pip-compile $(LOCK_OPTIONS)
lock:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet pip-tools
	$(COMPILE) --output-file=$(RUNTIME_LOCK) pyproject.toml
	$(COMPILE) --extra=test --extra=lint --extra=train -c $(RUNTIME_LOCK) --output-file=$(TEST_LOCK) pyproject.toml
	$(COMPILE) --extra=lint -c $(TEST_LOCK) --output-file=$(LINT_LOCK) pyproject.toml
	$(COMPILE) --extra=bench -c $(TEST_LOCK) --output-file=$(BENCH_LOCK) pyproject.toml
	$(COMPILE) --extra=train -c $(TEST_LOCK) --output-file=$(TRAIN_LOCK) pyproject.toml

# The site's runtime dependencies only.
install-runtime: $(RUNTIME_STAMP)

# Development: runtime dependencies plus the `test`, `lint` and `train` extras.
install: $(TEST_STAMP)

install-lint: $(LINT_STAMP)
install-bench: $(BENCH_STAMP)
install-train: $(TRAIN_STAMP)

# Extract every marked string into locale/fr/LC_MESSAGES/*.po, then (after translating) compile
# the .mo files. docs/i18n.md says how; tests/i18n fails until both are done.
I18N_IGNORE := --ignore=.venv --ignore=staticfiles --ignore=bench --ignore=tests
messages: install
	$(PY) manage.py makemessages -l fr --no-location $(I18N_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l fr --no-location $(I18N_IGNORE)
	$(PY) manage.py compilemessages -l fr $(I18N_IGNORE)

# Style (ruff), the import contracts (import-linter) and azul/ type-checked strictly (mypy,
# [tool.mypy] in pyproject.toml).
lint: install-lint
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

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
train: install-train
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
# DEBUG is off unless asked (`make run DEBUG=true`): visitors see the site's own 404 and 500 pages
# and WhiteNoise serves the collected, hashed static files. A local run serves plain HTTP on this
# machine, so the HTTPS-only settings of a deployment are off, and its SECRET_KEY is one made once
# for this checkout (.local-secret-key, git-ignored); any of them may still be given.
LOCAL_SECRET := .local-secret-key
run migrate: export DEBUG ?= false
run migrate: export SECURE_SSL_REDIRECT ?= false
run migrate: export SESSION_COOKIE_SECURE ?= false
run migrate: export CSRF_COOKIE_SECURE ?= false
run migrate: export SECURE_HSTS_SECONDS ?= 0
run migrate: export SECRET_KEY ?= $(shell test -s $(LOCAL_SECRET) || $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $(LOCAL_SECRET); cat $(LOCAL_SECRET))
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
# screens: the phone boards (classic and Duel), the round-end scoring and the home page.
.PHONY: docs-screenshots
docs-screenshots: install
	SCREENSHOTS=1 $(PY) -m pytest -q -p no:cacheprovider tests/e2e/test_board_layout.py tests/e2e/test_duel_layout.py \
		"tests/e2e/test_board_play.py::test_previews_confirm_undo_and_the_round_end_scoring" \
		"tests/e2e/test_table_end_screen.py::test_6_the_rematch_offer_is_right_under_the_result_on_a_phone" \
		"tests/e2e/test_table_phone.py::test_13_the_phone_game_header_is_one_line_with_a_menu" \
		"tests/e2e/test_table_duel.py::test_10_duel_chip_payments_are_pictures_with_what_is_kept[phone]" \
		tests/e2e/test_home.py
	cp test-artifacts/phone-board.png test-artifacts/duel-phone-board.png test-artifacts/round-end-scoring.png \
		test-artifacts/end-screen-phone.png test-artifacts/phone-header-menu.png test-artifacts/home-phone.png docs/img/
	cp test-artifacts/duel-payment-390-en.png docs/img/duel-payment.png

bench: bench-engine

bench-engine: install-bench
	$(PY) bench/engine_speed.py

# Classic bots: a quick arena round of every level (bench/bot_arena.py; the full figures of
# docs/benchmarks.md come from its --games/--budget options, pinned with taskset).
bench: bench-bots

bench-bots: install-bench
	$(PY) bench/bot_arena.py --quick --players 2,3,4

# Azul Duel bots: a quick arena round (bench/duel_arena.py).  The prerequisite-only line
# merges into bench-bots beside the classic arena, so `make bench-bots` includes Duel.
bench-bots: bench-duel-bots

bench-duel-bots: install-bench
	$(PY) bench/duel_arena.py --quick

# Game analysis: worker time per game at the default node budget, and agreement of two
# analyses (bench/analysis.py; docs/benchmarks.md pins it with taskset -c 0).
.PHONY: bench-analysis
bench: bench-analysis

bench-analysis: install-bench
	$(PY) bench/analysis.py

# Live play: the cost of one move through games.services (bench/live_play.py; SQLite unless
# DATABASE_URL is set). The prerequisite-only line adds it to `make bench`.
.PHONY: bench-live
bench: bench-live

bench-live: install-bench
	$(PY) bench/live_play.py

# Ratings and replays: rate, recompute, verify, replay and history timings
# (bench/ratings_replays.py; a scratch SQLite file unless DATABASE_URL is set).
.PHONY: bench-ratings
bench: bench-ratings

bench-ratings: install-bench
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

bench-ws: install-bench
ifdef ARGS
	$(PY) bench/ws_load.py $(ARGS)
else
	$(PY) bench/ws_load.py --tables 100 --mode capacity --duration 30
	$(PY) bench/ws_load.py --tables 100 --mode paced --rate 1 --duration 30
endif

# Tournaments under load (issue #40): an arena then a Swiss of scripted players on daphne, a
# prefork worker and beat, all started by bench/tournament_load.py (its own database
# azulsite_bench_tournaments, Redis db 12). The default is a small run of a few minutes;
# docs/benchmarks.md gives the issue's sizes, e.g. `make bench-tournaments ARGS="--format arena
# --players 1000 --minutes 10"`.
.PHONY: bench-tournaments
bench: bench-tournaments

bench-tournaments: install-bench
ifdef ARGS
	$(PY) bench/tournament_load.py $(ARGS)
else
	$(PY) bench/tournament_load.py --players 40 --minutes 1 --rounds 3 --think 0.05,0.2
endif
