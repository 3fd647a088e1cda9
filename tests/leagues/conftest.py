"""Fixtures for the leagues tests: users and leagues built through the services.

`make_user` comes from tests/conftest.py.
"""

import pytest

BEAT_INTERVAL_SECONDS = "1"


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def celery_beat_process(celery_worker_process, subprocess_env, tmp_path):
    """A real `celery -A azulsite beat` sending the league deadline task every second to the
    real worker (celery_worker_process). Beside the harness's daphne and worker: same env."""
    import sys

    from tests.support.processes import _spawn

    beat = _spawn(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "azulsite",
            "beat",
            "--loglevel=INFO",
            "-s",
            str(tmp_path / "beat-schedule"),
            "--pidfile=",
        ],
        {
            **subprocess_env,
            "CELERY_EAGER": "false",
            "LEAGUES_DEADLINE_CHECK_SECONDS": BEAT_INTERVAL_SECONDS,
        },
        "celery-beat",
    )
    yield beat
    beat.stop()


