"""Invitations as the invitee and the organiser meet them: pages, the REST API, forged requests.
(Services and the consent rules themselves: test_consent.py.)"""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from leagues import services
from leagues.models import AuditLog, Invitation, Member
from leagues.services import invitations
from tests.support.games import client_for

pytestmark = pytest.mark.django_db


def logged_in(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


@pytest.fixture
def club(make_user):
    olga = make_user("olga")
    league = services.create_league(olga, name="Hidden club", visibility="invite", rated=True)
    return league, olga


def test_the_invitee_sees_the_invitation_and_accepts_it_on_the_page(club, make_user):
    league, olga = club
    ann = make_user("ann")
    ann.display_name = "Ann the Bold"
    ann.save(update_fields=["display_name"])
    organiser = logged_in(olga)
    organiser.post(f"/leagues/{league.pk}/invitations/", {"username": "ann", "message": "Tuesdays?"})
    invitation = Invitation.objects.get(league=league, user=ann)

    # The organiser sees the pending invitation, with a way to revoke it.
    page = organiser.get(f"/leagues/{league.pk}/").content.decode()
    assert 'data-invitee="ann" data-status="pending"' in page
    assert "Ann the Bold" in page
    assert 'data-testid="revoke-invitation"' in page

    # The invitee: a count in the header, the invitations page and the league page.
    invitee = logged_in(ann)
    home = invitee.get("/").content.decode()
    assert 'data-testid="nav-invitations"' in home
    assert "Invitations (1)" in home
    mine = invitee.get("/leagues/invitations/").content.decode()
    assert f'data-invitation="{invitation.pk}"' in mine
    assert "Tuesdays?" in mine
    # What they are asked to agree to.
    assert "rated" in mine
    assert "3 days per move" in mine
    assert 'data-testid="accept-invitation"' in mine
    assert 'data-testid="decline-invitation"' in mine
    assert f'data-invitation="{invitation.pk}"' in invitee.get("/leagues/").content.decode()
    league_page = invitee.get(f"/leagues/{league.pk}/").content.decode()
    assert 'data-testid="my-invitation"' in league_page
    assert 'data-testid="join-league"' not in league_page  # no code: the invitation is the way

    answer = invitee.post(
        f"/leagues/invitations/{invitation.pk}/accept/", {"next": f"/leagues/{league.pk}/"}
    )
    assert answer.status_code == 302
    assert answer.url == f"/leagues/{league.pk}/"
    assert Member.objects.get(league=league, user=ann).is_player
    assert "Invitations (" not in invitee.get("/").content.decode()
    page = organiser.get(f"/leagues/{league.pk}/").content.decode()
    assert 'data-invitee="ann" data-status="accepted"' in page


def test_the_invitee_declines_on_the_invitations_page(club, make_user):
    league, olga = club
    ann = make_user("ann")
    invitation = invitations.invite_player(league.pk, olga, "ann")
    answer = logged_in(ann).post(f"/leagues/invitations/{invitation.pk}/decline/", follow=True)
    assert "You declined" in answer.content.decode()
    invitation.refresh_from_db()
    assert invitation.status == "declined"
    assert not Member.objects.filter(league=league, user=ann).exists()
    assert logged_in(ann).get(f"/leagues/{league.pk}/").status_code == 404  # invite-only again


def test_forged_and_foreign_answers_on_the_pages_change_nothing(club, make_user):
    league, olga = club
    ann, eve = make_user("ann"), make_user("eve")
    invitation = invitations.invite_player(league.pk, olga, "ann")
    audit = AuditLog.objects.count()

    # A cross-site form (no CSRF token) cannot accept for the invitee.
    forged = logged_in(ann, enforce_csrf_checks=True).post(
        f"/leagues/invitations/{invitation.pk}/accept/"
    )
    assert forged.status_code == 403
    # The invitee's session on the API needs the CSRF token just the same.
    session_api = APIClient(enforce_csrf_checks=True)
    session_api.force_login(ann)
    assert session_api.post(f"/api/v1/invitations/{invitation.pk}/accept").status_code == 403
    # Another user, a GET, an unknown id.
    foreign = logged_in(eve).post(f"/leagues/invitations/{invitation.pk}/accept/", follow=True)
    assert "for another player" in foreign.content.decode()
    assert logged_in(ann).get(f"/leagues/invitations/{invitation.pk}/accept/").status_code == 405
    unknown = logged_in(ann).post("/leagues/invitations/999999/accept/", follow=True)
    assert "no invitation" in unknown.content.decode()
    anonymous = Client().post(f"/leagues/invitations/{invitation.pk}/accept/")
    assert anonymous.status_code == 302
    assert "/login" in anonymous.url
    # An organiser of another league cannot revoke it through their own league's URL.
    other = services.create_league(eve, name="Other")
    logged_in(eve).post(f"/leagues/{other.pk}/invitations/{invitation.pk}/revoke/")

    invitation.refresh_from_db()
    assert invitation.status == "pending"
    assert not Member.objects.filter(league=league, user__in=[ann, eve]).exists()
    assert AuditLog.objects.count() == audit + 1  # only "create_league" of the other league


def test_following_an_invite_link_joins_nobody_and_a_revoked_link_is_refused(club, make_user):
    league, olga = club
    guest = logged_in(make_user("guest"))
    link = f"/leagues/{league.pk}/invite/{league.invite_code}/"
    assert guest.get(link).status_code == 302
    assert not Member.objects.filter(league=league, user__username="guest").exists()
    page = guest.get(f"/leagues/{league.pk}/").content.decode()
    assert 'data-testid="join-league"' in page
    assert "3 days per move" in page

    organiser = logged_in(olga)
    organiser.post(f"/leagues/{league.pk}/invite-link/revoke/")
    league.refresh_from_db()
    assert league.invite_code is None
    # The remembered code opens nothing any more, and the old link is refused.
    assert guest.get(f"/leagues/{league.pk}/").status_code == 404
    assert guest.get(link).status_code == 404
    guest.post(f"/leagues/{league.pk}/join/")
    assert not Member.objects.filter(league=league, user__username="guest").exists()
    assert 'data-testid="invite-link-revoked"' in organiser.get(f"/leagues/{league.pk}/").content.decode()

    organiser.post(f"/leagues/{league.pk}/invite-link/new/")
    league.refresh_from_db()
    assert league.invite_code
    assert league.invite_code not in link
    # Anyone else cannot make or revoke links.
    current = league.invite_code
    logged_in(make_user("max")).post(f"/leagues/{league.pk}/invite-link/revoke/")
    league.refresh_from_db()
    assert league.invite_code == current


def test_the_invitations_api(club, make_user):
    league, olga = club
    ann, eve = make_user("ann"), make_user("eve")
    organiser, invitee = client_for(olga), client_for(ann)

    made = organiser.post(
        f"/api/v1/leagues/{league.pk}/invitations", {"username": "ann"}, format="json"
    )
    assert made.status_code == 201
    body = made.json()
    assert body["status"] == "pending"
    assert body["user"]["username"] == "ann"
    assert body["league"]["rated"] is True
    assert body["league"]["clock"]["days_per_move"] == 3
    assert organiser.get(f"/api/v1/leagues/{league.pk}/invitations").json()[0]["id"] == body["id"]
    assert [i["id"] for i in invitee.get("/api/v1/invitations").json()] == [body["id"]]
    # The invitee reads the league they are invited to; strangers get 404 as for unknown ids.
    assert invitee.get(f"/api/v1/leagues/{league.pk}").status_code == 200
    assert client_for(eve).get(f"/api/v1/leagues/{league.pk}").status_code == 404

    refusals = [
        (client_for(eve).post(f"/api/v1/invitations/{body['id']}/accept"), 403, "not_invitee"),
        (client_for().post(f"/api/v1/invitations/{body['id']}/accept"), 401, "not_authenticated"),
        (invitee.post("/api/v1/invitations/999999/accept"), 404, "not_found"),
        (invitee.post(f"/api/v1/invitations/{body['id']}/revoke"), 403, "not_organiser"),
        (invitee.get(f"/api/v1/leagues/{league.pk}/invitations"), 403, "not_organiser"),
        (client_for().get("/api/v1/invitations"), 401, "not_authenticated"),
        (
            organiser.post(
                f"/api/v1/leagues/{league.pk}/invitations", {"username": "ann"}, format="json"
            ),
            409,
            "already_invited",
        ),
        (
            organiser.post(f"/api/v1/leagues/{league.pk}/invitations", {}, format="json"),
            400,
            "invalid",
        ),
        (
            organiser.post(f"/api/v1/leagues/{league.pk}/players", {"username": "eve"}),
            404,
            "not_found",
        ),
    ]
    for answer, status, code in refusals:
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert Invitation.objects.get(pk=body["id"]).status == "pending"

    accepted = invitee.post(f"/api/v1/invitations/{body['id']}/accept")
    assert accepted.status_code == 200
    assert accepted.json()["status"] == "accepted"
    again = invitee.post(f"/api/v1/invitations/{body['id']}/decline")
    assert (again.status_code, again.json()["error"]["code"]) == (409, "invitation_answered")

    old = league.invite_code
    reset = organiser.post(f"/api/v1/leagues/{league.pk}/invite-link")
    assert reset.status_code == 200
    assert reset.json()["invite_code"] not in (None, old)
    refused = client_for(eve).post(f"/api/v1/leagues/{league.pk}/join", {"code": old}, format="json")
    # A stranger with a dead code learns nothing: the league is unknown to them, as a bad id.
    assert (refused.status_code, refused.json()["error"]["code"]) == (404, "not_found")
    revoked = organiser.delete(f"/api/v1/leagues/{league.pk}/invite-link")
    assert revoked.status_code == 200
    assert revoked.json()["invite_code"] is None


def test_the_invitation_endpoints_are_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path, method in (
        ("/api/v1/invitations", "get"),
        ("/api/v1/invitations/{invitation_id}/accept", "post"),
        ("/api/v1/invitations/{invitation_id}/decline", "post"),
        ("/api/v1/invitations/{invitation_id}/revoke", "post"),
        ("/api/v1/leagues/{league_id}/invitations", "get"),
        ("/api/v1/leagues/{league_id}/invitations", "post"),
        ("/api/v1/leagues/{league_id}/invite-link", "post"),
        ("/api/v1/leagues/{league_id}/invite-link", "delete"),
    ):
        assert method in paths[path], path
    assert "/api/v1/leagues/{league_id}/players" not in paths  # organisers no longer seat anyone
    components = schema["components"]["schemas"]
    create = components["LeagueCreateRequest"]["properties"]
    assert create["ruleset"]["allOf"] == [{"$ref": "#/components/schemas/RulesetEnum"}]
    assert components["RulesetEnum"]["enum"] == ["classic", "duel"]
    assert create["round_hours"]["minimum"] == 24
    clock = components["LeagueClockChoiceRequest"]["properties"]["kind"]["allOf"][0]["$ref"]
    assert components[clock.rsplit("/", 1)[1]]["enum"] == ["correspondence", "none"]
