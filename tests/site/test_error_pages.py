"""The site's own 404 and 500 pages (templates/404.html, 500.html), in the visitor's language;
under /api/ the API's JSON error shape instead."""

from django.test import RequestFactory

from azulsite import views


def test_an_unknown_page_answers_the_friendly_not_found_page(client, db):
    answer = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 404
    assert 'data-testid="error-404"' in answer.content.decode()
    assert "This page does not exist" in answer.content.decode()

    french = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Cette page n’existe pas" in french.content.decode()


def test_a_missing_profile_is_the_same_page(client, db):
    answer = client.get("/u/nobody-of-that-name/")
    assert answer.status_code == 404
    assert 'data-testid="error-404"' in answer.content.decode()


def test_the_server_error_page_renders_without_the_request_context(db):
    answer = views.server_error(RequestFactory().get("/tables/1/"))
    assert answer.status_code == 500
    assert b'data-testid="error-500"' in answer.content
    assert b"Something went wrong on our side" in answer.content


def test_api_errors_keep_their_json_shape(client, db):
    answer = client.get("/api/v1/no-such-endpoint")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"
