"""Which language a page, an API error and a socket speak: the account's stored choice, then the
switcher's cookie, then Accept-Language; the same URLs in both languages; codes stay English."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from accounts.services import api_token_for
from azulsite.asgi import application
from games import services as games

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def heading(response):
    html = response.content.decode()
    return html[html.index("<h1>") + 4: html.index("</h1>")]


def test_accept_language_picks_a_first_visits_language(client):
    french = client.get("/learn/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    english = client.get("/learn/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    other = client.get("/learn/", HTTP_ACCEPT_LANGUAGE="de")

    assert heading(french) == "Apprendre à jouer"
    assert french["Content-Language"] == "fr"
    assert '<html lang="fr">' in french.content.decode()
    assert heading(english) == "Learn to play"
    assert english["Content-Language"] == "en"
    assert heading(other) == "Learn to play"  # no German: the default, English


def test_the_switcher_sets_the_cookie_for_a_visitor_and_goes_back(client):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/learn/"},
                           HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 302
    assert response["Location"] == "/learn/"
    assert response.cookies[COOKIE].value == "fr"
    # The cookie wins over the browser's Accept-Language; the URL is the same.
    assert heading(client.get("/learn/", HTTP_ACCEPT_LANGUAGE="en")) == "Apprendre à jouer"


def test_a_signed_in_players_choice_is_stored_and_wins_everywhere(alice):
    phone = Client()
    phone.force_login(alice)
    phone.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "fr"

    laptop = Client()  # another device: no cookie, an English browser
    laptop.force_login(alice)
    assert heading(laptop.get("/learn/", HTTP_ACCEPT_LANGUAGE="en")) == "Apprendre à jouer"
    laptop.cookies[COOKIE] = "en"  # an old cookie of that device: the account's choice wins
    assert heading(laptop.get("/learn/", HTTP_ACCEPT_LANGUAGE="en")) == "Apprendre à jouer"

    laptop.post("/i18n/setlang/", {"language": "en", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "en"
    assert heading(phone.get("/learn/", HTTP_ACCEPT_LANGUAGE="fr")) == "Learn to play"


def test_the_switcher_refuses_unknown_languages_get_and_forged_posts(alice):
    client = Client()
    client.force_login(alice)
    refused = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert COOKIE not in refused.cookies
    alice.refresh_from_db()
    assert alice.language == ""

    assert client.get("/i18n/setlang/?language=fr").status_code == 405

    forged = Client(enforce_csrf_checks=True)
    forged.force_login(alice)
    assert forged.post("/i18n/setlang/", {"language": "fr"}).status_code == 403
    alice.refresh_from_db()
    assert alice.language == ""

    # A foreign `next` is not followed (Django's safe-URL check).
    assert client.post("/i18n/setlang/", {"language": "fr", "next": "https://evil.test/"})["Location"] == "/"


def test_the_header_switcher_is_a_csrf_protected_form_without_script(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<form id="language-form" method="post" action="/i18n/setlang/">' in html
    assert 'name="csrfmiddlewaretoken"' in html.split('id="language-form"')[1]
    assert 'form="language-form" name="language" value="fr" lang="fr"' in html
    assert '<script src="/jsi18n/?language=en"></script>' in html


def test_the_js_catalogue_follows_the_language(client):
    french = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Journal des coups" in french
    assert "Journal des coups" not in english


def test_api_error_details_are_french_and_codes_stay_english(client, alice):
    client.force_login(alice)
    body = {"players": 2, "ruleset": "chess"}

    french = client.post("/api/v1/tables", body, content_type="application/json",
                         HTTP_ACCEPT_LANGUAGE="fr").json()["error"]
    english = client.post("/api/v1/tables", body, content_type="application/json",
                          HTTP_ACCEPT_LANGUAGE="en").json()["error"]
    missing = client.get("/api/v1/games/99999", HTTP_ACCEPT_LANGUAGE="fr").json()["error"]

    assert french["code"] == english["code"] == "invalid"
    assert "chess" in french["detail"]
    assert french["detail"] != english["detail"]
    assert missing["code"] == "not_found"
    assert missing["detail"] == "aucune partie 99999"


def test_social_matchmaking_and_analysis_errors_are_french_with_english_codes(client, alice, make_user):
    table = games.create_table(alice, players=2)
    games.join_table(table.pk, make_user("bob"))
    running = games.start_table(table.pk, alice)
    client.force_login(alice)

    def refusal(path, body, language):
        response = client.post(path, body, content_type="application/json",
                               HTTP_ACCEPT_LANGUAGE=language)
        return response.status_code, response.json()["error"]

    requests = {
        "social": ("/api/v1/mutes", {"username": "alice"}),
        "matchmaking": ("/api/v1/quickplay/computer", {"level": "grandmaster"}),
        "analysis": (f"/api/v1/games/{running.pk}/analysis", {}),
    }
    french = {name: refusal(*request, "fr") for name, request in requests.items()}
    english = {name: refusal(*request, "en") for name, request in requests.items()}

    assert french["social"] == (400, {"code": "cannot_mute_self",
                                      "detail": "vous ne pouvez pas vous rendre muet vous-même"})
    assert english["social"][1]["detail"] == "you cannot mute yourself"
    status, error = french["matchmaking"]
    assert status == 400
    assert error["code"] == "invalid"
    assert error["detail"].startswith("level doit valoir l’un de ")
    assert english["matchmaking"][1]["detail"].startswith("level must be one of ")
    status, error = french["analysis"]
    assert status == 409
    assert error["code"] == english["analysis"][1]["code"] == "game_not_finished"
    assert error["detail"] == (f"la partie {running.pk} est au statut « en cours » : "
                               "seules les parties terminées sont analysées")
    assert english["analysis"][1]["detail"] == (
        f"game {running.pk} is playing: only finished games are analysed")


@pytest.mark.django_db(transaction=True)
def test_socket_errors_speak_the_players_language(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    alice.language = "fr"
    alice.save(update_fields=["language"])
    table = games.create_table(alice, players=2)
    games.join_table(table.pk, bob)
    game = games.start_table(table.pk, alice)
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]

    tokens = {user.username: api_token_for(user) for user in (alice, bob)}

    @async_to_sync
    async def errors():
        answers = {}
        for name, extra in (("alice", []), ("bob", [(b"cookie", f"{COOKIE}=en".encode())])):
            socket = WebsocketCommunicator(
                application, f"/ws/games/{game.pk}/?token={tokens[name]}", headers=headers + extra)
            connected, _ = await socket.connect(timeout=5)
            assert connected
            await socket.send_to(text_data="[1, 2]")
            while True:
                message = await socket.receive_json_from(timeout=5)
                if message["type"] == "error":
                    answers[name] = message
                    break
            await socket.disconnect()
        return answers

    answers = errors()
    assert answers["alice"]["code"] == answers["bob"]["code"] == "malformed"
    assert answers["alice"]["detail"] == "un message est un objet JSON avec un type"
    assert answers["bob"]["detail"] == "a message is a JSON object with a type"


def test_a_new_account_keeps_the_language_chosen_before_signing_up(client, django_user_model):
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    client.post("/accounts/signup/", {"username": "camille", "password1": "correct-horse-battery-9",
                                      "password2": "correct-horse-battery-9"})
    assert django_user_model.objects.get(username="camille").language == "fr"
