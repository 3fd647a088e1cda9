"""WebSocket routes of the notifications app, mounted by azulsite.routing."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [path("ws/me/", consumers.ME.as_asgi())]
