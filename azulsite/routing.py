"""WebSocket routes of every app, mounted by azulsite.asgi."""

from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from leagues.routing import websocket_urlpatterns as leagues_websocket_urlpatterns
from notifications.routing import websocket_urlpatterns as notifications_websocket_urlpatterns
from tournaments.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

websocket_urlpatterns = [*games_websocket_urlpatterns, *leagues_websocket_urlpatterns,
                         *notifications_websocket_urlpatterns, *tournaments_websocket_urlpatterns]
