"""ASGI entry point served by daphne: HTTP goes to Django, WebSockets to Channels consumers."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")
# Django must be set up before anything imports models (consumers, auth middleware).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from accounts.ws_auth import TokenOrSessionAuthMiddlewareStack  # noqa: E402
from azulsite.routing import websocket_urlpatterns  # noqa: E402
from realtime.origin import SameOriginWebsocketValidator  # noqa: E402
from realtime.quota import SocketsPerUser  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Scheme, host and port of the Origin against the site's own and CSRF_TRUSTED_ORIGINS;
        # then who it is, and whether they hold SOCKETS_PER_USER sockets already.
        "websocket": SameOriginWebsocketValidator(
            TokenOrSessionAuthMiddlewareStack(SocketsPerUser(URLRouter(websocket_urlpatterns)))
        ),
    }
)

# Embedded (no worker, no beat): this process runs the start-up and periodic tasks itself.
from azulsite import embedded_beat  # noqa: E402

embedded_beat.start()

# The settings `check --deploy` warns about, in daphne's log too (it runs no checks).
import logging  # noqa: E402

from azulsite.checks import connection_warnings, load_bot_weights  # noqa: E402

for warning in connection_warnings():
    logging.getLogger("azulsite").warning("%s: %s %s", warning.id, warning.msg, warning.hint)

# The master bot's weights, read once (before the freeze below): embedded, this process plays bot
# turns itself, so a missing or corrupt file stops it here (MasterWeightsError names the file),
# as it stops a worker and `manage.py`, not at a table.
load_bot_weights()

# Everything loaded so far (Django, the apps, their modules) lives as long as the process: frozen
# out of the cyclic collector's reach, whose full collections stop every socket of the process;
# the collector tuned for short pauses (azulsite/collector.py, docs/operations.md).
from azulsite import collector  # noqa: E402

collector.configure()
