"""REST views of one's own account: the download of one's data, deleting the account, and who
may follow you (docs/api.md, "Your account"). Parse, call one service, answer."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import deletion, privacy
from accounts.models import FollowPolicy
from kernel.api.schema import error_response
from kernel.api.validation import validated


class AccountDeletionSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=128, trim_whitespace=False, required=False, allow_blank=True, default="",
        write_only=True, help_text="The account's password.",
    )
    username = serializers.CharField(
        max_length=150, required=False, allow_blank=True, default="",
        help_text="An account that never had a password types its username instead.",
    )


class PrivacySerializer(serializers.Serializer):
    follow_policy = serializers.ChoiceField(
        choices=FollowPolicy.values,
        help_text="Who may follow you and see you online: everyone, followed (only players you "
        "follow) or nobody.",
    )


class AccountExportView(APIView):
    permission_classes = (IsAuthenticated,)
    throttle_classes = (privacy.ExportThrottle,)

    @extend_schema(
        operation_id="account_export",
        responses={
            200: {"type": "object", "description": "account, games (with moves), ratings, "
                  "rating_history, chat_messages, following, muted, leagues, notification "
                  "settings, push_subscriptions"},
            429: error_response("throttled: too many downloads of this account's data"),
        },
        tags=["account"],
        description="Everything the site keeps about you, as one JSON download.",
    )
    def get(self, request):
        response = Response(privacy.own_data(request.user))
        response["Content-Disposition"] = 'attachment; filename="azulsite-my-data.json"'
        return response


class AccountDeletionView(APIView):
    permission_classes = (IsAuthenticated,)
    throttle_classes = (privacy.DeletionThrottle,)

    @extend_schema(
        operation_id="account_delete",
        request=AccountDeletionSerializer,
        responses={
            204: None,
            400: error_response("deletion_not_confirmed: wrong password (or username)"),
            429: error_response("throttled: too many tries"),
        },
        tags=["account"],
        description="Delete your account for good: your games stay, shown as a deleted player's.",
    )
    def post(self, request):
        deletion.delete_own_account(request.user, **validated(AccountDeletionSerializer, request.data))
        return Response(status=status.HTTP_204_NO_CONTENT)


class PrivacyView(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="account_privacy_retrieve", responses={200: PrivacySerializer},
                   tags=["account"])
    def get(self, request):
        return Response({"follow_policy": request.user.follow_policy})

    @extend_schema(
        operation_id="account_privacy_update",
        request=PrivacySerializer,
        responses={200: PrivacySerializer, 400: error_response("invalid")},
        tags=["account"],
    )
    def put(self, request):
        policy = validated(PrivacySerializer, request.data)["follow_policy"]
        return Response({"follow_policy": privacy.set_follow_policy(request.user, policy).follow_policy})
