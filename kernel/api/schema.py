"""OpenAPI pieces shared by every app's API views: the error body, paginated lists, and the
errors every operation can answer whatever its view declares (ApiAutoSchema).

The schema is checked against the running server by schemathesis (tests/api/test_api_fuzz.py):
what it says here must be what the API does.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS, AllowAny

ErrorSerializer = inline_serializer(
    name="Error",
    fields={
        "error": inline_serializer(
            name="ErrorBody",
            fields={
                "code": serializers.CharField(help_text="Stable code, listed in docs/api.md."),
                "detail": serializers.CharField(help_text="Human-readable explanation."),
                "fields": serializers.DictField(
                    child=serializers.ListField(child=serializers.CharField()),
                    required=False,
                    help_text="Per-field messages, for code `invalid`: nested fields by their "
                    'dotted path ("clock.kind", "bots.1.level").',
                ),
                "retry_after": serializers.IntegerField(
                    required=False, help_text="Seconds to wait, for code `throttled`."
                ),
            },
        )
    },
)


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=description)


def paginated(serializer_class, name: str):
    """The body of a PageNumberPagination page of `serializer_class` items."""
    return inline_serializer(
        name=name,
        fields={
            "count": serializers.IntegerField(help_text="items on all pages"),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer_class(many=True),
        },
    )


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema, plus the error answers the API gives every operation of a kind:
    bodies can be malformed or too large, queries invalid, tokens wrong, writes need a user,
    path ids can be unknown, and any request can be throttled. A view's own declaration of a
    status wins."""

    def _common_errors(self):
        errors = {"429": "throttled: too many requests (`retry_after` says how long to wait)"}
        if self.method not in SAFE_METHODS and self.get_request_serializer() is not None:
            errors["400"] = "parse_error, invalid: a malformed body or invalid fields"
            errors["413"] = "payload_too_large: the body is over the size limit"
            errors["415"] = "unsupported_media_type: the body is not application/json"
        elif any(p.get("in") == "query" for p in self._get_parameters()):
            errors["400"] = "invalid: a bad query parameter"
        authenticators = self.view.get_authenticators()
        if authenticators:
            errors["401"] = "not_authenticated, authentication_failed (an unknown token)"
        if self.method not in SAFE_METHODS and (
            any(isinstance(a, SessionAuthentication) for a in authenticators)
            or not all(isinstance(p, AllowAny) for p in self.view.get_permissions())
        ):
            errors["403"] = "forbidden, permission_denied (e.g. a missing CSRF token)"
        if "{" in self.path:
            errors["404"] = "not_found: no such resource"
        return errors

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for status, description in self._common_errors().items():
            if status not in responses:
                responses[status] = self._get_response_for_code(
                    error_response(description), status, direction=direction
                )
        return responses
