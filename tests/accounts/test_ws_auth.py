"""WebSocket connections know their user from the session cookie or from ?token=."""

import pytest
from asgiref.sync import async_to_sync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts import services
from accounts.models import User
from accounts.ws_auth import TokenOrSessionAuthMiddlewareStack


class WhoAmI(AsyncJsonWebsocketConsumer):
    async def connect(self):
        await self.accept()
        user = self.scope["user"]
        await self.send_json({"username": user.username if user.is_authenticated else None})


application = TokenOrSessionAuthMiddlewareStack(WhoAmI.as_asgi())


@async_to_sync
async def who_is_connected(path: str, headers=()) -> str | None:
    communicator = WebsocketCommunicator(application, path, headers=list(headers))
    connected, _ = await communicator.connect()
    assert connected
    answer = await communicator.receive_json_from()
    await communicator.disconnect()
    return answer["username"]


# transaction=True: the middleware reads users from another thread's connection.
@pytest.mark.django_db(transaction=True)
def test_token_in_query_string_identifies_the_user():
    key = services.api_token_for(User.objects.create_user("ws_player", password="x-Azul-2026"))

    assert who_is_connected(f"/ws/test/?token={key}") == "ws_player"
    assert who_is_connected("/ws/test/?token=not-a-token") is None
    assert who_is_connected("/ws/test/") is None


@pytest.mark.django_db(transaction=True)
def test_bot_tokens_are_refused():
    bot = services.ensure_bot_accounts()[0]
    key = services.api_token_for(bot)

    assert who_is_connected(f"/ws/test/?token={key}") is None


@pytest.mark.django_db(transaction=True)
def test_session_cookie_identifies_the_user():
    client = Client()
    client.force_login(User.objects.create_user("cookie_player", password="x-Azul-2026"))
    headers = [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]

    assert who_is_connected("/ws/test/", headers) == "cookie_player"
