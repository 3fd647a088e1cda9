"""Every API error has the shape {"error": {"code", "detail"}} with a fitting status."""

import pytest
from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from azulsite.api.errors import ApiError
from azulsite.urls import urlpatterns as site_urlpatterns


class NeedsLogin(APIView):
    permission_classes = (IsAuthenticated,)

    def get(self, request):
        return Response({"ok": True})


class DomainErrorView(APIView):
    permission_classes = ()

    def get(self, request):
        raise ApiError("stale_version", "The game moved on to version 8.", 409)


urlpatterns = [
    path("api/test/needs-login", NeedsLogin.as_view()),
    path("api/test/domain-error", DomainErrorView.as_view()),
    *site_urlpatterns,
]

handler404 = "azulsite.views.not_found"

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


def test_unauthenticated_is_401_with_a_token_challenge(client):
    response = client.get("/api/test/needs-login")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["code"] == "not_authenticated"


def test_a_bad_token_is_401(client):
    response = client.get("/api/test/needs-login", HTTP_AUTHORIZATION="Token nonsense")

    assert response.status_code == 401
    assert response.json() == {"error": {"code": "authentication_failed", "detail": "Invalid token."}}


def test_domain_errors_keep_their_code_and_status(client):
    response = client.get("/api/test/domain-error")

    assert response.status_code == 409
    assert response.json() == {
        "error": {"code": "stale_version", "detail": "The game moved on to version 8."}
    }


def test_wrong_method_is_405(client):
    response = client.delete("/api/v1/auth/token")

    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/v1/no-such-thing")

    assert response.status_code == 404
    assert response.json() == {"error": {"code": "not_found", "detail": "No such resource."}}


def test_unknown_page_is_an_html_404(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
