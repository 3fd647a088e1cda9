"""System checks for settings that cost the site much more than they look.

`manage.py check --deploy` reports them; daphne logs the same warnings when it starts (asgi.py).
"""

from django.conf import settings
from django.core.checks import Warning, register

CONNECTION_PER_MESSAGE = "azulsite.W001"


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
