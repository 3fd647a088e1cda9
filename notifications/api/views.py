"""REST endpoints of the notifications app: your turn, settings, Web Push subscriptions."""

from django.conf import settings
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import MatchmakingWriteThrottle
from kernel.api.schema import error_response

from .. import errors, inbox, selectors, services
from ..models import KINDS

YourTurnRow = inline_serializer(name="YourTurnGame", many=True, fields={
    "game": serializers.IntegerField(), "version": serializers.IntegerField(),
    "table": serializers.IntegerField(),
    "url": serializers.CharField(), "ruleset": serializers.CharField(),
    "players": serializers.IntegerField(), "clock": serializers.CharField(),
    "round": serializers.IntegerField(allow_null=True),
    "opponents": serializers.ListField(child=serializers.CharField()),
    "opponent_names": serializers.ListField(child=serializers.CharField()),
    "turn_started_at": serializers.DateTimeField(allow_null=True),
    "deadline_at": serializers.DateTimeField(allow_null=True),
    "seconds_left": serializers.IntegerField(allow_null=True),
})
SettingsBody = inline_serializer(name="NotificationSettings", fields={
    **{kind: serializers.BooleanField(required=False) for kind in KINDS},
    "email": serializers.BooleanField(required=False),
    "turn_sound": serializers.BooleanField(required=False),
})
SubscriptionBody = inline_serializer(name="PushSubscription", fields={
    "endpoint": serializers.URLField(),
    "keys": inline_serializer(name="PushKeys", fields={
        "p256dh": serializers.CharField(), "auth": serializers.CharField()}),
})
AUTH = {401: error_response("not_authenticated"), 429: error_response("throttled")}


class NotificationsApiView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MatchmakingWriteThrottle]


def _settings_body(user):
    prefs = services.settings_of(user)
    return {field: getattr(prefs, field) for field in (*KINDS, "email", "turn_sound")}


class YourTurnView(NotificationsApiView):
    @extend_schema(operation_id="your_turn_list", responses={200: YourTurnRow, **AUTH},
                   tags=["notifications"],
                   description="Running games where it is your move, most urgent first.")
    def get(self, request):
        return Response(selectors.your_turn_games(request.user))


InboxBody = inline_serializer(name="Inbox", fields={
    "unread": serializers.IntegerField(),
    "notifications": inline_serializer(name="InboxLine", many=True, fields={
        "id": serializers.IntegerField(), "kind": serializers.CharField(),
        "text": serializers.CharField(), "url": serializers.CharField(),
        "created_at": serializers.DateTimeField(), "read": serializers.BooleanField()}),
})


def _inbox_body(user):
    return {"unread": selectors.inbox_unread_count(user), "notifications": selectors.inbox(user)}


class InboxView(NotificationsApiView):
    @extend_schema(operation_id="inbox_list", responses={200: InboxBody, **AUTH},
                   tags=["notifications"],
                   description="Your latest 50 notifications, newest first, in your language.")
    def get(self, request):
        return Response(_inbox_body(request.user))


class InboxReadView(NotificationsApiView):
    @extend_schema(operation_id="inbox_read", request=inline_serializer(name="InboxRead", fields={
        "ids": serializers.ListField(child=serializers.IntegerField(), required=False),
        "all": serializers.BooleanField(required=False)}),
        responses={200: InboxBody, 400: error_response("invalid"),
                   404: error_response("not_found"), **AUTH}, tags=["notifications"],
        description="Mark notifications read: `ids` (at most 100, all yours, else nothing "
                    "changes) or `all: true`.")
    def post(self, request):
        body = request.data if isinstance(request.data, dict) else {}
        if body.get("all") is True:
            inbox.mark_all_read(request.user)
        else:
            inbox.mark_read(request.user, body.get("ids"))
        return Response(_inbox_body(request.user))


class SettingsView(NotificationsApiView):
    @extend_schema(operation_id="notification_settings_retrieve",
                   responses={200: SettingsBody, **AUTH}, tags=["notifications"])
    def get(self, request):
        return Response(_settings_body(request.user))

    @extend_schema(operation_id="notification_settings_update", request=SettingsBody,
                   responses={200: SettingsBody, 400: error_response("invalid"), **AUTH},
                   tags=["notifications"])
    def patch(self, request):
        services.update_settings(request.user, request.data if isinstance(request.data, dict)
                                 else None)
        return Response(_settings_body(request.user))


class PushSubscriptionsView(NotificationsApiView):
    @extend_schema(operation_id="push_key", responses={200: inline_serializer(
        name="PushKey", fields={"public_key": serializers.CharField(allow_blank=True)}), **AUTH},
        tags=["notifications"], description="The VAPID public key (empty: push is off).")
    def get(self, request):
        return Response({"public_key": settings.VAPID_PUBLIC_KEY if services.push_enabled()
                         else ""})

    @extend_schema(operation_id="push_subscribe", request=SubscriptionBody,
                   responses={201: inline_serializer(name="PushSubscribed", fields={
                       "endpoint": serializers.CharField()}),
                       400: error_response("invalid, endpoint_refused"),
                       409: error_response("too_many_subscriptions, endpoint_taken, push_disabled"),
                       **AUTH},
                   tags=["notifications"])
    def post(self, request):
        if not services.push_enabled():
            raise errors.PushDisabled()
        row = services.subscribe_push(request.user, request.data)
        return Response({"endpoint": row.endpoint}, status=201)

    @extend_schema(operation_id="push_unsubscribe", request=inline_serializer(
        name="PushEndpoint", fields={"endpoint": serializers.CharField()}),
        responses={204: None, 400: error_response("invalid"), 404: error_response("not_found"),
                   **AUTH}, tags=["notifications"])
    def delete(self, request):
        endpoint = request.data.get("endpoint") if isinstance(request.data, dict) else None
        services.unsubscribe_push(request.user, endpoint)
        return Response(status=204)
