"""Every API error has the shape {"error": {"code", "detail"}} with a fitting status."""

import pytest
from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from azulsite.urls import urlpatterns as site_urlpatterns
from kernel.api.errors import ApiError


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


def test_nested_field_errors_are_flat_dotted_paths(client, django_user_model):
    """ErrorBody.fields is {path: [messages]} (the schema's shape), nested serializers included."""
    client.force_login(django_user_model.objects.create_user(username="alice", password=None))
    body = {"players": 2, "clock": {"kind": "sundial"}, "bots": [{"seat": 1, "level": "god"}]}

    response = client.post("/api/v1/tables", body, content_type="application/json")

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert set(fields) == {"clock.kind", "bots.0.level"}
    assert all(isinstance(m, str) for messages in fields.values() for m in messages)


@pytest.mark.parametrize("body", ["[]", "0", "false", '""', "null", '["code"]'])
def test_joining_refuses_a_body_that_is_not_an_object(client, django_user_model, body):
    from games import services as games
    from leagues import services as leagues

    alice = django_user_model.objects.create_user(username="alice", password=None)
    bob = django_user_model.objects.create_user(username="bob", password=None)
    league = leagues.create_league(alice, name="Open league")
    table = games.create_table(alice, players=2)
    client.force_login(bob)

    for url in (f"/api/v1/leagues/{league.pk}/join", f"/api/v1/tables/{table.pk}/join"):
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400, (url, response.content)
        assert response.json()["error"]["code"] == "invalid"
    assert not league.members.filter(user=bob).exists()
    assert not table.seats.filter(user=bob).exists()
    empty = client.post(f"/api/v1/leagues/{league.pk}/join", content_type="application/json")
    assert empty.status_code == 200  # no body: {}
    assert league.members.filter(user=bob).exists()
