"""Settings read from the environment: embedded defaults, service-backed mode, production."""

import json
import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "k7#pQ2v!Lm9@zR4x$Tn8^Wb3&Yc6*Hd1(Jf5)Gs0-Ua_Ei+Oo=Ku",
    "ALLOWED_HOSTS": "azul.example.org",
    "DATABASE_URL": "postgres://azul:secret@db.internal:5432/azulsite",
    "REDIS_URL": "redis://cache.internal:6379/0",
}

SHOW_SETTINGS = """
import json, django
from django.conf import settings
django.setup()
from azulsite.celery import app
print(json.dumps({
    "db": settings.DATABASES["default"]["ENGINE"],
    "channels": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "eager": app.conf.task_always_eager,
    "broker": app.conf.broker_url,
    "debug": settings.DEBUG,
}))
"""


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {key: value for key, value in os.environ.items()
             if key not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS",
                            "CELERY_EAGER", "DJANGO_ALLOW_ASYNC_UNSAFE", "DB_CONN_MAX_AGE",
                            "DB_POOL", "DB_POOL_MAX_SIZE", "WEBSOCKET_DB_THREADS",
                            "CACHE_DIR"}}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env={**clean, "DJANGO_SETTINGS_MODULE": "azulsite.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return run_python(
        "import sys; from django.core.management import execute_from_command_line; "
        f"execute_from_command_line(['manage.py', *{list(args)!r}])",
        env,
    )


def test_without_environment_the_site_runs_embedded():
    result = run_python(SHOW_SETTINGS, {})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "db": "django.db.backends.sqlite3",
        "channels": "channels.layers.InMemoryChannelLayer",
        "cache": "django.core.cache.backends.locmem.LocMemCache",
        "eager": True,
        "broker": "memory://",
        "debug": True,
    }


def test_database_and_redis_urls_switch_to_real_services():
    result = run_python(SHOW_SETTINGS, {
        "DATABASE_URL": "postgres://azul@127.0.0.1:5432/azulsite",
        "REDIS_URL": "redis://127.0.0.1:6379/3",
    })
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "db": "django.db.backends.postgresql",
        "channels": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "cache": "azulsite.redis_cache.SharedRedisCache",
        "eager": False,
        "broker": "redis://127.0.0.1:6379/3",
        "debug": True,
    }


def test_postgresql_prepares_statements_and_keeps_the_url_options():
    result = run_python(
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps(settings.DATABASES['default']['OPTIONS']))",
        {"DATABASE_URL": "postgres://azul@127.0.0.1:5432/azulsite?sslmode=require"},
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)
    assert options.pop("pool")  # the pool's sizes: test_production_takes_database_connections...
    assert options == {"sslmode": "require", "prepare_threshold": 3}


def test_the_queue_based_channel_layer_can_be_chosen():
    result = run_python(SHOW_SETTINGS, {
        "REDIS_URL": "redis://127.0.0.1:6379/3", "CHANNEL_LAYER": "queues",
    })
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["channels"] == "channels_redis.core.RedisChannelLayer"


def test_an_unknown_channel_layer_kind_is_refused():
    result = run_python(SHOW_SETTINGS, {
        "REDIS_URL": "redis://127.0.0.1:6379/3", "CHANNEL_LAYER": "carrier-pigeon",
    })
    assert result.returncode != 0
    assert "CHANNEL_LAYER must be pubsub or queues" in result.stderr


def test_deploy_check_passes_with_production_variables():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


SHOW_DATABASE = """
import json, django
from django.conf import settings
django.setup()
database = settings.DATABASES["default"]
print(json.dumps({"max_age": database["CONN_MAX_AGE"], "options": database["OPTIONS"]}))
"""


def test_production_takes_database_connections_from_a_pool_by_default():
    result = run_python(SHOW_DATABASE, PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    database = json.loads(result.stdout)
    # Django hands a pooled connection back when a request ends; it requires CONN_MAX_AGE=0.
    assert database["max_age"] == 0
    assert database["options"]["pool"]["max_size"] == 8 + 4  # the socket threads, plus requests
    assert database["options"]["prepare_threshold"] == 3  # the move's statements stay prepared


def test_the_embedded_default_closes_sqlite_connections_after_each_request():
    result = run_python(SHOW_DATABASE, {})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["max_age"] == 0


def test_connections_without_the_pool_are_warned_about_by_the_deploy_check_and_daphne():
    # One process per setting (each start costs seconds): first what daphne imports when it
    # starts, then the deploy check, with a marker between their outputs.
    for max_age, code in (("0", "azulsite.W001"), ("60", "azulsite.W002")):
        env = {**PRODUCTION_ENV, "DB_POOL": "false", "DB_CONN_MAX_AGE": max_age}
        result = run_python(
            "import sys; import azulsite.asgi; sys.stderr.write('\\n-- deploy check --\\n'); "
            "from django.core.management import execute_from_command_line; "
            "execute_from_command_line(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])",
            env,
        )
        served, checked = result.stderr.split("-- deploy check --")
        assert code in served, result.stderr
        assert result.returncode != 0
        assert code in checked, result.stderr


def test_a_pool_no_larger_than_the_socket_threads_is_warned_about():
    env = {**PRODUCTION_ENV, "DB_POOL_MAX_SIZE": "8", "WEBSOCKET_DB_THREADS": "8"}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "azulsite.W003" in result.stderr, result.stderr


def test_deploy_check_reports_insecure_overrides():
    env = {**PRODUCTION_ENV, "SESSION_COOKIE_SECURE": "false", "SECURE_HSTS_SECONDS": "0"}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "security.W012" in result.stderr  # SESSION_COOKIE_SECURE
    assert "security.W004" in result.stderr  # HSTS


def test_production_refuses_to_start_without_a_secret_key():
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != "SECRET_KEY"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
