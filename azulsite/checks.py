"""System checks for settings that cost the site much more than they look.

`manage.py check --deploy` reports them; daphne logs the same warnings when it starts (asgi.py).
The master bot's weights are checked by every `manage.py` command that runs the checks (migrate,
runserver, check), and a Celery worker refuses to start without them (azulsite/celery.py).
"""

from django.conf import settings
from django.core.checks import Error, Warning, register

CONNECTION_PER_MESSAGE = "azulsite.W001"
CONNECTION_PER_THREAD = "azulsite.W002"
POOL_TOO_SMALL = "azulsite.W003"
MASTER_WEIGHTS = "azulsite.E001"


def load_bot_weights():
    """Load the master bot's value nets once in this process; raises MasterWeightsError."""
    from azul.bots.master import weights

    weights.use_directory(settings.BOT_WEIGHTS_DIR)
    return weights.load_all()


@register("bots")
def check_master_weights(app_configs, **kwargs):
    from azul.bots.master import MasterWeightsError

    try:
        load_bot_weights()
    except MasterWeightsError as error:
        return [Error(str(error), hint="The master bot cannot play without its weights: restore "
                      "azul/bots/master/weights/ or fix BOT_WEIGHTS_DIR.", id=MASTER_WEIGHTS)]
    return []


def connection_warnings() -> list[Warning]:
    """Database connections that cost the site capacity or run PostgreSQL out of them.

    The pool (DB_POOL, the default on PostgreSQL) needs CONN_MAX_AGE=0, which without it means a
    new connection for every request and socket message; and without it a kept connection
    belongs to a thread, while daphne runs every sync request in a thread of its own.
    """
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        return []
    pool = database.get("OPTIONS", {}).get("pool")
    if pool:
        max_size = pool.get("max_size", 4) if isinstance(pool, dict) else 4
        if max_size > settings.WEBSOCKET_DB_THREADS:
            return []
        return [
            Warning(
                f"DB_POOL_MAX_SIZE={max_size} leaves no connection for HTTP requests: each of the "
                f"WEBSOCKET_DB_THREADS={settings.WEBSOCKET_DB_THREADS} socket threads holds one.",
                hint="Leave DB_POOL_MAX_SIZE unset (WEBSOCKET_DB_THREADS + 4) or raise it.",
                id=POOL_TOO_SMALL,
            )
        ]
    if database.get("CONN_MAX_AGE", 0) != 0:
        return [
            Warning(
                "DB_POOL=false with DB_CONN_MAX_AGE keeps a connection per thread, and daphne runs "
                "every HTTP request in a new thread: the connections pile up until the collector "
                "closes them (70 per process under 8 clients), up to PostgreSQL's max_connections.",
                hint="Leave DB_POOL unset: a pool per process (in front of PgBouncer too).",
                id=CONNECTION_PER_THREAD,
            )
        ]
    return [
        Warning(
            "DB_CONN_MAX_AGE=0 without the pool opens a new database connection for every "
            "request and WebSocket message: 2.7x less move capacity in bench/ws_load.py.",
            hint="Leave DB_POOL unset: a pool per process reuses connections.",
            id=CONNECTION_PER_MESSAGE,
        )
    ]


@register("settings", deploy=True)
def check_database_connections(app_configs, **kwargs):
    return connection_warnings()
