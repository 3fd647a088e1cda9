"""The organisers' log stores events (kind and parameters) and shows them in the reader's language;
old English rows are converted by a migration (#38 defect 2). The league form's tie-break hint
names the criteria in the page's language; bots are named in it on server-rendered pages."""

from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client

from accounts.services import ensure_bot_accounts
from leagues import services
from leagues.models import AuditLog, League
from tests.support.leagues import started_season

pytestmark = pytest.mark.django_db
MIGRATION = "leagues.migrations.0005_audit_log_events"


def page(user, path, language):
    client = Client()
    client.force_login(user)
    return client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def log_texts(league, language):
    client = Client()
    client.force_login(league.created_by)
    answer = client.get(f"/api/v1/leagues/{league.pk}/audit", HTTP_ACCEPT_LANGUAGE=language)
    return [entry["summary"] for entry in answer.json()]


def test_2_the_log_stores_events_and_shows_them_in_the_readers_language(organiser, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    league, season = started_season(organiser, [ann, ben])
    services.set_organiser(league.pk, organiser, "ann")
    started = AuditLog.objects.get(league=league, action="start_season")
    assert started.summary == ""  # an event, not a sentence
    assert started.data == {"season": 1, "players": 2, "divisions": 1, "rounds": 1}

    english = page(organiser, f"/leagues/{league.pk}/", "en")
    french = page(organiser, f"/leagues/{league.pk}/", "fr")
    assert "olga created the league" in english
    assert "started season 1: 2 players, 1 division, 1 round" in english
    assert "olga a créé la ligue" in french
    assert "created the league" not in french
    assert "a lancé la saison 1 : 2 joueurs, 1 division, 1 tour" in french
    assert "a nommé ann organisateur" in french
    assert "a nommé ann organisateur" in log_texts(league, "fr")
    assert "made ann an organiser" in log_texts(league, "en")


def test_2_old_english_rows_are_converted_to_events(organiser):
    convert = import_module(MIGRATION)
    league = services.create_league(organiser, name="Old log")
    old = {
        "create_league": ("olga created the league", {}),
        "start_season": ("started season 2: 5 players, 2 divisions, 4 rounds", {}),
        "close_season": ("closed season 2: ann up to 1; ben down to 2", {"moves": ["ann up to 1", "ben down to 2"]}),
        "override_result": ("set the result of fixture 7: ann 1, ben 2", {"fixture": 7}),
        "site_rules": ("the site set the clock to correspondence, 3 days per move and rounds to 24 hours",
                       {"changes": ["x"]}),
        "set_organiser": ("removed ann as organiser", {"user": 3, "organiser": False}),
        "withdraw_player": ("something nobody wrote", {}),
    }
    AuditLog.objects.filter(league=league).delete()
    for action, (summary, data) in old.items():
        AuditLog.objects.create(league=league, actor=None, action=action, summary=summary, data=data)

    convert.forwards(apps, None)

    rows = {row.action: row for row in AuditLog.objects.filter(league=league)}
    assert rows["close_season"].data["moves"] == [{"name": "ann", "tier": 1, "up": True},
                                                  {"name": "ben", "tier": 2, "up": False}]
    assert rows["override_result"].data["places"] == [["ann", 1], ["ben", 2]]
    assert rows["site_rules"].data["days_per_move"] == 3
    assert rows["site_rules"].data["round_hours"] == 24
    assert all(rows[action].summary == "" for action in old if action != "withdraw_player")
    assert rows["withdraw_player"].summary == "something nobody wrote"  # kept, shown as it was
    french = page(organiser, f"/leagues/{league.pk}/", "fr")
    for text in ("olga a créé la ligue", "a lancé la saison 2 : 5 joueurs, 2 divisions, 4 tours",
                 "a clos la saison 2 : ann monte en division 1; ben descend en division 2",
                 "a fixé le résultat de la rencontre 7 : ann 1, ben 2",
                 "le site a réglé la pendule en correspondance, 3 jours par coup et les tours à 24 heures",
                 "a retiré le rôle d’organisateur à ann", "something nobody wrote"):
        assert text in french, text
    # Backwards, the English sentences again.
    convert.backwards(apps, None)
    assert AuditLog.objects.get(league=league, action="start_season").summary == \
        "started season 2: 5 players, 2 divisions, 4 rounds"


def test_2_the_league_forms_tie_break_hint_names_the_criteria_in_french(organiser):
    french = page(organiser, "/leagues/new/", "fr")
    assert "head_to_head" not in french
    assert "points, victoires, score, confrontation directe" in french
    client = Client()
    client.force_login(organiser)
    answer = client.post("/leagues/new/", {
        "name": "Départages", "visibility": "public", "players_per_game": 2, "variant": "standard",
        "days_per_move": 2, "round_hours": 48, "cycles": 1, "tie_breaks": "victoires, confrontation directe",
        "deadline_rule": "forfeit", "divisions": 1, "promotion": 1,
    }, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert League.objects.get(name="Départages").tie_breaks == ["wins", "head_to_head"]


def test_2_bots_are_named_in_french_on_server_rendered_pages(make_user):
    ensure_bot_accounts()
    me = make_user("lecteur")
    lobby = page(me, "/lobby/", "fr")
    assert "Robot aléatoire" in lobby
    assert "Random bot" not in lobby
    assert "Bot: random" not in lobby
    profile = page(me, "/u/bot-random/", "fr")
    assert "Robot aléatoire" in profile
    assert "Random bot" not in profile
