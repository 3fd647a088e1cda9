"""WebSocket routes of the games app (e.g. ws/games/<id>/), mounted by azulsite.routing."""

websocket_urlpatterns: list = []
