from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import logins, selectors, services
from accounts.api.serializers import (
    CredentialsSerializer,
    ProfileSerializer,
    RegisteredSerializer,
    RegistrationSerializer,
    TokenSerializer,
)
from accounts.errors import InvalidCredentials, LoginThrottled, RegistrationRejected
from accounts.throttles import RegisterThrottle
from azulsite.api.errors import ApiError
from azulsite.api.schema import error_response
from azulsite.api.validation import validated


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
        try:
            user = services.register_user(**validated(RegistrationSerializer, request.data))
        except RegistrationRejected as error:
            raise ApiError("invalid", error.detail, 400, {"fields": error.field_errors}) from error
        body = {"id": user.id, "username": user.username, "token": services.api_token_for(user)}
        return Response(RegisteredSerializer(body).data, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="auth_token",
        request=CredentialsSerializer,
        responses={
            200: TokenSerializer,
            400: error_response("invalid: username or password missing"),
            401: error_response("invalid_credentials: wrong username or password"),
            429: error_response(
                "login_locked_out: too many failed logins for this username from this address; "
                "too_many_failed_logins: too many from this address (`retry_after` in both)"
            ),
        },
        tags=["auth"],
    )
    def post(self, request):
        credentials = validated(CredentialsSerializer, request.data)
        try:
            user = logins.check_credentials(**credentials, request=request)
        except InvalidCredentials as error:
            raise ApiError(error.code, error.detail, 401) from error
        except LoginThrottled as error:
            raise ApiError(
                error.code, error.detail, 429, {"retry_after": error.retry_after_seconds}
            ) from error
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
