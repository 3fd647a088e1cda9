from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import logins, selectors, services, two_factor
from accounts.api.serializers import (
    ProfileSerializer,
    RegisteredSerializer,
    RegistrationSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)
from accounts.errors import CodeRequired
from accounts.throttles import RegisterThrottle
from kernel.api.schema import error_response
from kernel.api.validation import validated


class RegisterView(APIView):
    # No session authentication here: a stale cookie must not demand a CSRF token.
    authentication_classes = ()
    permission_classes = (AllowAny,)
    # Per client address, shared with the sign-up page (docs/operations.md).
    throttle_classes = (RegisterThrottle,)

    @extend_schema(
        operation_id="auth_register",
        request=RegistrationSerializer,
        responses={
            201: RegisteredSerializer,
            400: error_response(
                "invalid: bad or look-alike username or display name, or weak password "
                "(see `fields`)"
            ),
            429: error_response("throttled: too many sign-ups from this address"),
        },
        tags=["auth"],
    )
    def post(self, request):
        # RegistrationRejected answers 400 `invalid` with `fields` (kernel.api.errors).
        user = services.register_user(**validated(RegistrationSerializer, request.data))
        body = {"id": user.id, "username": user.username, "token": services.api_token_for(user)}
        return Response(RegisteredSerializer(body).data, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="auth_token",
        request=TokenRequestSerializer,
        responses={
            200: TokenSerializer,
            400: error_response("invalid: username or password missing"),
            401: error_response(
                "invalid_credentials: wrong username or password; code_required: two-factor "
                "sign-in is on and `code` is missing; invalid_code: wrong or used code"
            ),
            429: error_response(
                "login_locked_out: too many failed logins for this username from this address; "
                "too_many_failed_logins: too many from this address; too_many_wrong_codes: "
                "too many wrong codes for this account (`retry_after` in all three)"
            ),
        },
        tags=["auth"],
    )
    def post(self, request):
        credentials = validated(TokenRequestSerializer, request.data)
        code = credentials.pop("code")
        # Wrong credentials or code answer 401, spent budgets 429 with `retry_after`: each
        # accounts error carries its status (kernel.api.errors maps them).
        user = logins.check_credentials(**credentials, request=request)
        # A password alone must not buy a token that skips the login page's code step.
        if two_factor.is_enabled(user):
            if not code.strip():
                raise CodeRequired(_("Two-factor sign-in is on for this account: send `code` too."))
            two_factor.verify_code(user, code)
        return Response({"token": services.api_token_for(user)})


class UserProfileView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="users_retrieve",
        responses={200: ProfileSerializer, 404: error_response("not_found")},
        tags=["users"],
    )
    def get(self, request, username: str):
        profile = selectors.profile_of(username)
        if profile is None:
            raise NotFound(selectors.no_such_player(username))
        return Response(ProfileSerializer(profile).data)
