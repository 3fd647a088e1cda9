"""The leagues REST API: an organiser's script runs a league; members cannot do organiser things."""

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.models import AuditLog, Fixture
from tests.support.games import client_for
from tests.support.leagues import players

pytestmark = pytest.mark.django_db


def test_an_organiser_script_runs_a_league_and_members_are_refused(organiser, make_user):
    olga = client_for(organiser)
    created = olga.post(
        "/api/v1/leagues",
        {
            "name": "Club",
            "visibility": "invite",
            "points_per_place": {"2": [3, 0]},
            "draw_points": 1,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    league = created.json()
    assert league["invite_code"]
    assert league["points_per_place"]["2"] == [3, 0]
    assert league["draw_points"] == 1

    p0, p1, p2 = players(make_user, 3)
    assert (
        client_for(p0)
        .post(f"/api/v1/leagues/{league['id']}/join", {}, format="json")
        .json()["error"]["code"]
        == "not_found"  # an invite-only league without its code is unknown, as a bad id
    )
    for user in (p0, p1):
        answer = client_for(user).post(
            f"/api/v1/leagues/{league['id']}/join", {"code": league["invite_code"]}, format="json"
        )
        assert answer.status_code == 200
        assert answer.json()["invite_code"] is None  # only organisers see it
    invited = olga.post(
        f"/api/v1/leagues/{league['id']}/invitations",
        {"username": "p2", "message": "asked by mail"},
        format="json",
    )
    assert invited.status_code == 201
    assert invited.json()["status"] == "pending"
    accepted = client_for(p2).post(f"/api/v1/invitations/{invited.json()['id']}/accept")
    assert accepted.status_code == 200
    assert accepted.json()["status"] == "accepted"

    # An invite-only league is hidden from outsiders.
    assert client_for().get(f"/api/v1/leagues/{league['id']}").status_code == 404
    assert client_for(p0).get(f"/api/v1/leagues/{league['id']}").status_code == 200

    season_id = league["current_season"]["id"]
    member = client_for(p0)
    refused = member.post(f"/api/v1/seasons/{season_id}/start")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "not_organiser"

    started = olga.post(f"/api/v1/seasons/{season_id}/start")
    assert started.status_code == 200
    rounds = started.json()["rounds"]
    assert len(rounds) == 3  # the organiser plays too: 4 players, single round-robin
    fixture = rounds[0]["fixtures"][0]
    assert fixture["status"] == "playing"
    assert fixture["game"]
    names = [player["username"] for player in fixture["players"]]

    forged = member.post(
        f"/api/v1/fixtures/{fixture['id']}/override",
        {"places": {names[0]: 1, names[1]: 2}, "reason": "trust me"},
        format="json",
    )
    assert forged.status_code == 403
    assert forged.json()["error"]["code"] == "not_organiser"
    assert Fixture.objects.get(pk=fixture["id"]).result is None

    bad = olga.post(
        f"/api/v1/fixtures/{fixture['id']}/override", {"places": {}, "reason": "x"}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid"

    overridden = olga.post(
        f"/api/v1/fixtures/{fixture['id']}/override",
        {"places": {names[0]: 1, names[1]: 1}, "reason": "agreed draw"},
        format="json",
    )
    assert overridden.status_code == 200
    assert overridden.json()["decided_by"] == "override"

    table = client_for().get(f"/api/v1/seasons/{season_id}/standings?code={league['invite_code']}")
    assert table.status_code == 200
    rows = table.json()["divisions"][0]["rows"]
    drawn = {row["username"]: row for row in rows if row["username"] in names}
    assert all(row["points"] == 1 and row["draws"] == 1 for row in drawn.values())

    audit = olga.get(f"/api/v1/leagues/{league['id']}/audit").json()
    assert [e["action"] for e in audit][:2] == ["override_result", "start_season"]
    assert AuditLog.objects.filter(action="override_result", reason="agreed draw").exists()


def test_the_leagues_api_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in (
        "/api/v1/leagues",
        "/api/v1/seasons/{season_id}/standings",
        "/api/v1/fixtures/{fixture_id}/override",
        "/api/v1/fixtures/{fixture_id}/extend",
    ):
        assert path in schema["paths"]


def test_anonymous_writes_are_refused(organiser):
    answer = client_for().post("/api/v1/leagues", {"name": "x"}, format="json")
    assert answer.status_code == 401


@pytest.mark.django_db(transaction=True)  # the withdrawal's game end arrives after commit
def test_organiser_endpoints_refuse_bad_input_and_change_nothing(organiser, make_user):
    olga = client_for(organiser)
    league = olga.post(
        "/api/v1/leagues", {"name": "Script club", "play": False}, format="json"
    ).json()
    p0, p1 = players(make_user, 2)
    for user in (p0, p1):
        client_for(user).post(f"/api/v1/leagues/{league['id']}/join", {}, format="json")
    season_id = league["current_season"]["id"]
    olga.post(f"/api/v1/seasons/{season_id}/start")
    fixture = olga.get(f"/api/v1/seasons/{season_id}/fixtures").json()["rounds"][0]["fixtures"][0]
    audit_before = AuditLog.objects.count()

    cases = [
        (
            "post",
            f"/api/v1/fixtures/{fixture['id']}/extend",
            {"until": "soon", "reason": "x"},
            400,
            "invalid",
        ),
        (
            "post",
            f"/api/v1/fixtures/{fixture['id']}/extend",
            {"until": "2020-01-01T00:00:00Z", "reason": "x"},
            400,
            "invalid",
        ),
        (
            "post",
            f"/api/v1/fixtures/{fixture['id']}/extend",
            {"until": "2099-01-01T00:00:00Z"},
            400,
            "invalid",
        ),
        (
            "post",
            "/api/v1/fixtures/999999/extend",
            {"until": "2099-01-01T00:00:00Z", "reason": "x"},
            404,
            "not_found",
        ),
        (
            "post",
            f"/api/v1/seasons/{season_id}/withdraw",
            {"username": "nobody", "reason": "x"},
            404,
            "not_found",
        ),
        ("post", f"/api/v1/seasons/{season_id}/withdraw", {"username": "p0"}, 400, "invalid"),
        ("post", f"/api/v1/seasons/{season_id}/close", None, 409, "wrong_state"),
        ("post", f"/api/v1/seasons/{season_id}/start", None, 409, "wrong_state"),
        (
            "patch",
            f"/api/v1/seasons/{season_id}",
            {"starts_at": "2099-01-01T00:00:00Z"},
            409,
            "wrong_state",
        ),
        (
            "post",
            f"/api/v1/leagues/{league['id']}/organisers",
            {"username": "olga", "organiser": False},
            409,
            "wrong_state",
        ),
        (
            "post",
            f"/api/v1/leagues/{league['id']}/invitations",
            {"username": "p0"},
            409,
            "already_member",
        ),
        (
            "post",
            f"/api/v1/leagues/{league['id']}/players/remove",
            {"username": "olga"},
            409,
            "not_member",
        ),
        ("get", "/api/v1/seasons/999999/standings", None, 404, "not_found"),
    ]
    for method, path, body, status, code in cases:
        answer = getattr(olga, method)(path, body, format="json")
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), path
    assert AuditLog.objects.count() == audit_before
    assert Fixture.objects.get(pk=fixture["id"]).status == "playing"

    later = timezone.now() + timedelta(days=30)
    extended = olga.post(
        f"/api/v1/fixtures/{fixture['id']}/extend",
        {"until": later.isoformat(), "reason": "exams"},
        format="json",
    )
    assert extended.status_code == 200
    assert extended.json()["deadline"].startswith(later.date().isoformat())
    withdrawn = olga.post(
        f"/api/v1/seasons/{season_id}/withdraw", {"username": "p0", "reason": "left"}, format="json"
    )
    assert withdrawn.status_code == 200
    decided = withdrawn.json()["rounds"][0]["fixtures"][0]
    assert decided["decided_by"] == "game"
    assert decided["forfeits"] == [{"username": "p0", "display_name": "p0"}]
    assert decided["result"][0] == {
        "username": "p1",
        "display_name": "p1",
        "place": 1,
        "score": decided["result"][0]["score"],
    }
    closed = olga.post(f"/api/v1/seasons/{season_id}/close")
    assert closed.status_code == 201
    assert closed.json()["number"] == 2
    actions = [e["action"] for e in olga.get(f"/api/v1/leagues/{league['id']}/audit").json()]
    assert actions[:3] == ["close_season", "withdraw_player", "extend_deadline"]
