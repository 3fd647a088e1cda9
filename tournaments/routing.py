"""WebSocket routes of the tournaments app, mounted by azulsite.routing."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", consumers.TOURNAMENT.as_asgi()),
]
