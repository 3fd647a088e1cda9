"""WebSocket routes of the games app, mounted by azulsite.routing."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", consumers.GAME.as_asgi()),
    path("ws/lobby/", consumers.LOBBY.as_asgi()),
]
