"""WebSocket routes of the leagues app, mounted by azulsite.routing."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/leagues/<int:league_id>/", consumers.LEAGUE.as_asgi()),
]
