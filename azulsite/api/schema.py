"""OpenAPI pieces shared by every app's API views: the error body."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

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
                    help_text="Per-field messages, for code `invalid`.",
                ),
            },
        )
    },
)


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=description)
