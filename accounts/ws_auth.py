"""WebSocket authentication: the session cookie (web pages) or ?token=<key> (scripts, bots)."""

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware

from .languages import language_for_scope


@database_sync_to_async
def _user_for_token(key: str):
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active or token.user.is_bot:
        return None
    return token.user


class QueryTokenAuthMiddleware(BaseMiddleware):
    """Sets scope["user"] from a ?token= query parameter when one is given.

    A token that matches no active user leaves the session's user (usually anonymous) in
    place; consumers decide what an anonymous connection may do (watch, not move).
    """

    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        keys = query.get("token")
        if keys:
            user = await _user_for_token(keys[0])
            if user is not None:
                scope = dict(scope, user=user)
        return await super().__call__(scope, receive, send)


class SocketLanguageMiddleware(BaseMiddleware):
    """Puts the socket's language (language_for_scope: the account's, the cookie's,
    Accept-Language's) in scope["language"], where the realtime layer reads it."""

    async def __call__(self, scope, receive, send):
        return await super().__call__({**scope, "language": language_for_scope(scope)}, receive, send)


def TokenOrSessionAuthMiddlewareStack(inner):  # noqa: N802 (named like Channels' stacks)
    return AuthMiddlewareStack(QueryTokenAuthMiddleware(SocketLanguageMiddleware(inner)))
