"""System checks for settings that cost the site much more than they look.

`manage.py check --deploy` reports them; daphne logs the same warnings when it starts (asgi.py).
The master bot's weights are checked by every `manage.py` command that runs the checks (migrate,
runserver, check), and a Celery worker refuses to start without them (azulsite/celery.py).
"""

from django.conf import settings
from django.core.checks import Error, Warning, register

CONNECTION_PER_MESSAGE = "azulsite.W001"
MASTER_WEIGHTS = "azulsite.E001"


def load_bot_weights():
    """Load the master bot's value nets once in this process; raises MasterWeightsError."""
    from games.bots.master import weights

    weights.use_directory(settings.BOT_WEIGHTS_DIR)
    return weights.load_all()


@register("bots")
def check_master_weights(app_configs, **kwargs):
    from games.bots.master import MasterWeightsError

    try:
        load_bot_weights()
    except MasterWeightsError as error:
        return [Error(str(error), hint="The master bot cannot play without its weights: restore "
                      "games/bots/master/weights/ or fix BOT_WEIGHTS_DIR.", id=MASTER_WEIGHTS)]
    return []


def connection_warnings() -> list[Warning]:
    """A database connection closed after every request or socket message (DB_CONN_MAX_AGE=0)."""
    database = settings.DATABASES["default"]
    if database.get("CONN_MAX_AGE", 0) != 0 or database["ENGINE"].endswith("sqlite3"):
        return []
    return [
        Warning(
            "DB_CONN_MAX_AGE=0 opens a new database connection for every request and WebSocket "
            "message: 2.7x less move capacity in bench/ws_load.py.",
            hint="Leave DB_CONN_MAX_AGE unset (60 s) or set it to a number of seconds.",
            id=CONNECTION_PER_MESSAGE,
        )
    ]


@register("settings", deploy=True)
def check_database_connections(app_configs, **kwargs):
    return connection_warnings()
