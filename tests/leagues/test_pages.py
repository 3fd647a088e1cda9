"""The leagues pages: organisers see and use their controls; members see none and are refused."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from leagues import services
from leagues.models import AuditLog, Fixture, League
from tests.support.leagues import league_with, open_fixtures, players, started_season

pytestmark = pytest.mark.django_db


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_organiser_creates_a_league_through_the_form(organiser):
    client = logged_in(organiser)
    answer = client.post(
        "/leagues/new/",
        {
            "name": "Sunday tiles",
            "description": "<b>friendly</b>",
            "visibility": "invite",
            "players_per_game": 4,
            "variant": "standard",
            "days_per_move": 2,
            "round_hours": 48,
            "cycles": 1,
            "points": "5, 3, 1, 0",
            "tie_breaks": "points, score",
            "deadline_rule": "forfeit",
            "divisions": 1,
            "promotion": 1,
            "play": "on",
        },
    )
    league = League.objects.get(name="Sunday tiles")
    assert answer.status_code == 302
    assert answer.url == f"/leagues/{league.pk}/"
    assert league.points_per_place["4"] == [5, 3, 1, 0]
    assert league.tie_breaks == ["points", "score"]
    page = client.get(answer.url).content.decode()
    assert "&lt;b&gt;friendly&lt;/b&gt;" in page  # text, never markup
    assert f"/leagues/{league.pk}/invite/{league.invite_code}/" in page

    bad = client.post("/leagues/new/", {"name": "x", "tie_breaks": "luck", "days_per_move": 2})
    assert bad.status_code == 200
    assert League.objects.count() == 1


def test_invite_link_lets_a_player_see_and_join(organiser, make_user):
    league = services.create_league(organiser, name="Hidden", visibility="invite")
    guest = logged_in(make_user("guest"))
    assert guest.get(f"/leagues/{league.pk}/").status_code == 404
    assert guest.get(f"/leagues/{league.pk}/invite/wrong/").status_code == 404
    assert guest.get(f"/leagues/{league.pk}/invite/{league.invite_code}/").status_code == 302
    assert guest.get(f"/leagues/{league.pk}/").status_code == 200
    guest.post(f"/leagues/{league.pk}/join/")
    assert league.members.filter(user__username="guest", is_player=True).exists()


def test_members_see_no_organiser_controls_and_are_refused(organiser, make_user):
    members = players(make_user, 2)
    league = league_with(organiser, members)
    season = league.seasons.get()
    member = logged_in(members[0])

    page = member.get(f"/leagues/{league.pk}/").content.decode()
    assert 'data-testid="start-season"' not in page
    assert "Add player" not in page
    answer = member.post(f"/leagues/{league.pk}/seasons/1/start/", follow=True)
    assert "only the league&#x27;s organisers" in answer.content.decode()
    season.refresh_from_db()
    assert season.status == "registration"

    services.start_season(season.pk, organiser)
    (fixture,) = open_fixtures(season)
    # The player finds their game on the league page.
    league_page = member.get(f"/leagues/{league.pk}/").content.decode()
    assert f'href="/tables/{fixture.table_id}/" data-testid="play-fixture"' in league_page
    fixtures_page = member.get(f"/leagues/{league.pk}/seasons/1/fixtures/").content.decode()
    assert "Override" not in fixtures_page
    assert "Withdraw a player" not in fixtures_page
    member.post(
        f"/leagues/{league.pk}/fixtures/{fixture.pk}/override/",
        {"places": "p0=1, p1=2", "reason": "mine"},
    )
    fixture.refresh_from_db()
    assert fixture.result is None
    assert not AuditLog.objects.filter(action="override_result").exists()

    olga = logged_in(organiser)
    organiser_page = olga.get(f"/leagues/{league.pk}/seasons/1/fixtures/").content.decode()
    assert "Override" in organiser_page
    assert "Withdraw a player" in organiser_page
    olga.post(
        f"/leagues/{league.pk}/fixtures/{fixture.pk}/override/",
        {"places": "p0=2, p1=1", "reason": "p0 conceded by mail"},
    )
    fixture.refresh_from_db()
    assert fixture.decided_by == Fixture.DecidedBy.OVERRIDE
    league_page = member.get(f"/leagues/{league.pk}/").content.decode()
    assert "p0 conceded by mail" in league_page  # the audit log is public on the league page

    standings = member.get(f"/leagues/{league.pk}/seasons/1/").content.decode()
    assert 'data-player="p1"' in standings
    assert "override" in standings


def test_organiser_picks_season_dates_with_the_browser_picker(organiser, make_user):
    """Issue 18: dates come from a native date/time picker (datetime-local) and the server
    checks them: a malformed, impossible or past date, or a registration closing after the
    planned start, is refused with a message and changes nothing."""
    league = services.create_league(organiser, name="Dated")
    olga = logged_in(organiser)
    page = olga.get(f"/leagues/{league.pk}/").content.decode()
    assert 'type="datetime-local" name="registration_closes_at"' in page
    assert 'type="datetime-local" name="starts_at"' in page

    closes = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    starts = closes + timedelta(days=1)
    picked = {
        "registration_closes_at": closes.strftime("%Y-%m-%dT%H:%M"),
        "starts_at": starts.strftime("%Y-%m-%dT%H:%M"),
    }
    olga.post(f"/leagues/{league.pk}/seasons/1/dates/", picked)
    season = league.seasons.get()
    assert (season.registration_closes_at, season.starts_at) == (closes, starts)
    page = olga.get(f"/leagues/{league.pk}/").content.decode()
    assert f'value="{picked["registration_closes_at"]}"' in page  # the picker shows the date

    refused = [
        ({"registration_closes_at": "next tuesday"}, "pick a date and a time"),
        ({"registration_closes_at": "2026-02-30T10:00"}, "pick a date and a time"),
        ({"registration_closes_at": "2020-01-01T10:00"}, "must be in the future"),
        (
            {"registration_closes_at": picked["starts_at"], "starts_at": picked["registration_closes_at"]},
            "must close before the planned start",
        ),
    ]
    for body, message in refused:
        answer = olga.post(f"/leagues/{league.pk}/seasons/1/dates/", body, follow=True)
        assert message in answer.content.decode(), body
        season.refresh_from_db()
        assert (season.registration_closes_at, season.starts_at) == (closes, starts)


def test_a_closed_registration_refuses_late_joins(organiser, make_user):
    league = services.create_league(organiser, name="Dated")
    league.seasons.update(registration_closes_at=timezone.now() - timedelta(minutes=1))
    late = logged_in(make_user("late"))
    answer = late.post(f"/leagues/{league.pk}/join/", follow=True).content.decode()
    assert "registration is closed" in answer
    assert not league.members.filter(user__username="late").exists()


def test_league_pages_name_players_by_display_name(organiser, make_user):
    """Issue 18: fixtures showed usernames where the standings showed display names."""
    members = players(make_user, 2)
    for member, shown in zip(members, ("Ada Tiles", "Bo Mosaic"), strict=True):
        member.display_name = shown
        member.save(update_fields=["display_name"])
    league, season = started_season(organiser, members)
    (fixture,) = open_fixtures(season)
    viewer = logged_in(members[0])

    fixtures = viewer.get(f"/leagues/{league.pk}/seasons/1/fixtures/").content.decode()
    assert "Ada Tiles" in fixtures
    assert "Bo Mosaic" in fixtures
    assert ">p0<" not in fixtures
    assert ">p1<" not in fixtures
    detail = viewer.get(f"/leagues/{league.pk}/").content.decode()
    assert "Ada Tiles · Bo Mosaic" in detail or "Bo Mosaic · Ada Tiles" in detail  # your game

    services.override_result(fixture.pk, organiser, {"p0": 1, "p1": 2}, "by mail")
    for page in (f"/leagues/{league.pk}/seasons/1/", f"/leagues/{league.pk}/seasons/1/fixtures/"):
        html = viewer.get(page).content.decode()
        assert "Ada Tiles 1st" in html, page
        assert "Bo Mosaic 2nd" in html, page


def test_a_league_game_links_back_to_its_league_and_fixture(organiser, make_user):
    members = players(make_user, 2)
    league, season = started_season(organiser, members, visibility="invite")
    (fixture,) = open_fixtures(season)
    game_id = fixture.table.game.pk
    fixture_url = f"/leagues/{league.pk}/seasons/1/fixtures/#fixture-{fixture.pk}"

    member = logged_in(members[0])
    for page in (f"/tables/{fixture.table_id}/", f"/games/{game_id}/replay"):
        html = member.get(page).content.decode()
        assert 'data-testid="league-game-link"' in html, page
        assert f'href="/leagues/{league.pk}/"' in html
        assert fixture_url in html
        assert "season 1, round 1" in html
    fixtures = member.get(f"/leagues/{league.pk}/seasons/1/fixtures/").content.decode()
    assert f'id="fixture-{fixture.pk}"' in fixtures  # the anchor exists
    # An invite-only league stays hidden from spectators who are not in it.
    stranger = logged_in(make_user("stranger"))
    html = stranger.get(f"/tables/{fixture.table_id}/").content.decode()
    assert 'data-testid="league-game-link"' not in html
    assert league.name not in html
    # A table that is no league game shows nothing.
    from games import services as game_services

    lone = game_services.create_table(members[0], players=2)
    assert 'data-testid="league-game-link"' not in member.get(f"/tables/{lone.pk}/").content.decode()
