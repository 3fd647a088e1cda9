"""One error shape for the whole API: {"error": {"code": ..., "detail": ...}}.

Every DRF error goes through api_exception_handler, and so does every domain error
(kernel.errors.DomainError: accounts, games, leagues, social, matchmaking, notifications, learn)
that an API view lets through: its code, detail, status and `extra` (e.g. retry_after, fields)
become the body here, the one place that maps them (see docs/api.md for the codes).
"""

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from kernel.errors import DomainError

from .parsers import PayloadTooLarge


class ApiError(exceptions.APIException):
    """An error with a stable code, e.g. ApiError("stale_version", "...", 409)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "error"

    def __init__(self, code: str, detail: str, status_code: int = 400, extra: dict | None = None):
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.error_code = code
        self.extra = extra or {}


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for field, value in detail.items():
            message = _first_message(value)
            return message if field in ("non_field_errors", "detail") else f"{field}: {message}"
        return "Invalid input."
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else "Invalid input."
    return str(detail)


def _field_messages(detail, path="") -> dict[str, list[str]]:
    """DRF's nested error detail as flat {"field path": [messages]}: nested serializers, lists
    and dicts of them join their keys with dots ("clock.kind", "bots.1.level"); a nested
    serializer's own non-field errors stay on its path ("clock")."""
    fields: dict[str, list[str]] = {}

    def walk(value, at):
        if isinstance(value, dict):
            for key, inner in value.items():
                key = str(key)
                if key == api_settings.NON_FIELD_ERRORS_KEY and at:
                    walk(inner, at)
                else:
                    walk(inner, f"{at}.{key}" if at else key)
        elif isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
            for index, inner in enumerate(value):
                walk(inner, f"{at}.{index}" if at else str(index))
        elif isinstance(value, list):
            fields.setdefault(at or api_settings.NON_FIELD_ERRORS_KEY, []).extend(map(str, value))
        else:
            fields.setdefault(at or api_settings.NON_FIELD_ERRORS_KEY, []).append(str(value))

    walk(detail, path)
    return fields


def error_body(code: str, detail: str, **extra) -> dict:
    return {"error": {"code": code, "detail": detail, **extra}}


def api_exception_handler(exc, context):
    if isinstance(exc, DomainError):
        exc = ApiError(exc.code, exc.detail, exc.status, extra=getattr(exc, "extra", None))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):  # the body was read through Django's request.body
        exc = PayloadTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = exception_handler(exc, context)
    if response is None:
        return None  # not an API exception: a 500, handled by Django

    if isinstance(exc, ApiError):
        response.data = error_body(exc.error_code, str(exc.detail), **exc.extra)
    elif isinstance(exc, exceptions.ValidationError):
        response.data = error_body(
            "invalid", _first_message(exc.detail), fields=_field_messages(exc.detail)
        )
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        if not isinstance(code, str):
            code = exc.default_code
        extra = {}
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            extra["retry_after"] = int(exc.wait)
        response.data = error_body(code, _first_message(detail), **extra)
    return response

