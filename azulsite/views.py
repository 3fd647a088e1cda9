"""Site-wide pages: the home page and error pages (JSON errors under /api/)."""

from django.http import JsonResponse
from django.shortcuts import render
from django.views import csrf, defaults


def home(request):
    return render(request, "home.html")


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "not_found", "detail": "No such resource."}}, status=404
        )
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "server_error", "detail": "Internal server error."}}, status=500
        )
    return defaults.server_error(request)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: under /api/ the error shape DRF gives a missing token, else Django's."""
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "permission_denied", "detail": f"CSRF Failed: {reason}"}},
            status=403,
        )
    return csrf.csrf_failure(request, reason)
