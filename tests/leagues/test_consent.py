"""Consent (issue 12, item 5): nobody is seated in a league's games without accepting, league
clocks cannot decide a game before a human can move, and what an organiser tries otherwise is
refused and changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game, Seat
from leagues import errors, selectors, services
from leagues.models import AuditLog, Entry, Fixture, FixturePlayer, Invitation, League, Member
from leagues.services import invitations
from ratings.models import RatingChange
from tests.support.games import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_organiser_cannot_take_rating_points_from_a_stranger(make_user):
    """Seen: a stranger added to a rated league with a 1-second clock lost 20 points in 4 s.

    The organiser tries everything the API offers; the stranger never plays and keeps their
    rating, and every step is refused with its code."""
    olga, stranger = make_user("olga"), make_user("stranger")
    api = client_for(olga)
    answers = {}
    answers["fast"] = api.post(
        "/api/v1/leagues",
        {"name": "Trap", "rated": True, "clock": {"kind": "realtime", "base_seconds": 1}},
        format="json",
    )
    league = answers["fast"].json() if answers["fast"].status_code == 201 else None
    if league is None:  # the slowest clock a league allows; still no consent
        league = api.post("/api/v1/leagues", {"name": "Trap", "rated": True}, format="json").json()
    answers["add"] = api.post(
        f"/api/v1/leagues/{league['id']}/players", {"username": "stranger"}, format="json"
    )
    answers["invite"] = api.post(
        f"/api/v1/leagues/{league['id']}/invitations", {"username": "stranger"}, format="json"
    )
    season_id = league["current_season"]["id"]
    answers["start"] = api.post(f"/api/v1/seasons/{season_id}/start", format="json")
    later = timezone.now() + timedelta(days=60)
    game_services.expire_overdue_games(now=later)  # every clock the league could have is out

    assert not RatingChange.objects.filter(user=stranger).exists()
    assert not FixturePlayer.objects.filter(user=stranger).exists()
    assert not Member.objects.filter(user=stranger, is_player=True).exists()
    assert answers["fast"].status_code == 400
    assert answers["fast"].json()["error"]["code"] == "invalid"
    assert "realtime" in answers["fast"].json()["error"]["detail"]
    assert answers["add"].status_code == 404  # organisers no longer seat anyone
    assert answers["invite"].status_code == 201  # they invite; the stranger decides
    assert answers["start"].status_code == 409
    assert answers["start"].json()["error"]["code"] == "not_enough_players"
    assert not Fixture.objects.exists()
    assert not Game.objects.exists()


# --- invitations: the invitee decides ------------------------------------------------------


def test_an_invited_player_plays_only_after_accepting(make_user):
    olga, ann = make_user("olga"), make_user("ann")
    league = services.create_league(olga, name="Club", rated=True)
    invitation = invitations.invite_player(league.pk, olga, "ann", "join us on Tuesdays")
    assert invitation.status == Invitation.Status.PENDING
    assert not Member.objects.filter(league=league, user=ann, is_player=True).exists()
    assert [i.pk for i in selectors.invitations_for(ann)] == [invitation.pk]
    assert selectors.can_see(league, ann)  # the invitee may read what they are asked to join

    accepted = invitations.accept_invitation(invitation.pk, ann)
    assert accepted.status == Invitation.Status.ACCEPTED
    assert accepted.answered_at
    assert Member.objects.filter(league=league, user=ann, is_player=True).exists()
    assert selectors.invitations_for(ann) == []
    services.start_season(league.seasons.get().pk, olga)
    assert FixturePlayer.objects.filter(user=ann).exists()
    actions = list(AuditLog.objects.filter(league=league).values_list("action", flat=True))
    assert {"invite_player", "accept_invitation"} <= set(actions)


def test_declining_seats_nobody_and_an_organiser_may_ask_again(make_user):
    olga, ann = make_user("olga"), make_user("ann")
    league = services.create_league(olga, name="Club", visibility="invite")
    first = invitations.invite_player(league.pk, olga, "ann")
    declined = invitations.decline_invitation(first.pk, ann)
    assert declined.status == Invitation.Status.DECLINED
    assert not Member.objects.filter(league=league, user=ann).exists()
    assert not selectors.can_see(league, ann)  # invite-only, and no longer invited
    again = invitations.invite_player(league.pk, olga, "ann")
    assert again.pk != first.pk
    assert again.status == Invitation.Status.PENDING


def test_joining_by_the_link_answers_a_pending_invitation(make_user):
    olga, ann = make_user("olga"), make_user("ann")
    league = services.create_league(olga, name="Club", visibility="invite")
    invitation = invitations.invite_player(league.pk, olga, "ann")
    services.join_league(league.pk, ann, code=league.invite_code)
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED


def state_of(league):
    """Everything a refused consent request must leave as it was."""
    return (
        sorted(Member.objects.filter(league=league).values_list("user_id", "is_player")),
        sorted(Invitation.objects.filter(league=league).values_list("pk", "user_id", "status")),
        AuditLog.objects.filter(league=league).count(),
        League.objects.values_list("invite_code", flat=True).get(pk=league.pk),
    )


def test_bad_consent_requests_are_refused_and_change_nothing(make_user):
    olga, ann, eve, bot = make_user("olga"), make_user("ann"), make_user("eve"), make_user("b1")
    bot.is_bot = True
    bot.save(update_fields=["is_bot"])
    league = services.create_league(olga, name="Club", visibility="invite")
    pending = invitations.invite_player(league.pk, olga, "ann")
    revoked = invitations.invite_player(league.pk, olga, "eve")
    invitations.revoke_invitation(revoked.pk, olga)
    services.join_league(league.pk, make_user("max"), code=league.invite_code)
    before = state_of(league)

    refused = [
        # someone else's invitation
        (lambda: invitations.accept_invitation(pending.pk, eve), errors.NotInvitee),
        (lambda: invitations.decline_invitation(pending.pk, eve), errors.NotInvitee),
        (lambda: invitations.accept_invitation(pending.pk, olga), errors.NotInvitee),
        # a revoked invitation, or one answered already
        (lambda: invitations.accept_invitation(revoked.pk, eve), errors.InvitationAnswered),
        (lambda: invitations.revoke_invitation(revoked.pk, olga), errors.InvitationAnswered),
        # unknown or absurd ids, anonymous users
        (lambda: invitations.accept_invitation(999999, ann), errors.NotFound),
        (lambda: invitations.accept_invitation(10**30, ann), errors.NotFound),
        (lambda: invitations.accept_invitation("x", ann), errors.NotFound),
        (lambda: invitations.accept_invitation(pending.pk, None), errors.NotAuthenticated),
        # organisers only invite and revoke; nobody invites twice, a player, or a bot
        (lambda: invitations.invite_player(league.pk, ann, "eve"), errors.NotOrganiser),
        (lambda: invitations.revoke_invitation(pending.pk, ann), errors.NotOrganiser),
        (lambda: invitations.invite_player(league.pk, olga, "ann"), errors.AlreadyInvited),
        (lambda: invitations.invite_player(league.pk, olga, "max"), errors.AlreadyMember),
        (lambda: invitations.invite_player(league.pk, olga, "b1"), errors.Invalid),
        (lambda: invitations.invite_player(league.pk, olga, "nobody"), errors.NotFound),
        (lambda: invitations.reset_invite_link(league.pk, ann), errors.NotOrganiser),
        (lambda: invitations.revoke_invite_link(league.pk, ann), errors.NotOrganiser),
        # a wrong or forged invite link code
        (lambda: services.join_league(league.pk, eve, code="forged"), errors.InvalidInvite),
        (lambda: services.join_league(league.pk, eve, code=None), errors.InvalidInvite),
        (lambda: services.join_league(league.pk, eve, code="ü" * 22), errors.InvalidInvite),
    ]
    for attempt, error in refused:
        with pytest.raises(error):
            attempt()
        assert state_of(league) == before


def test_a_replaced_or_revoked_invite_link_stops_working(make_user):
    olga, ann, ben = make_user("olga"), make_user("ann"), make_user("ben")
    league = services.create_league(olga, name="Club", visibility="invite")
    old = league.invite_code
    league = invitations.reset_invite_link(league.pk, olga)
    assert league.invite_code
    assert league.invite_code != old
    with pytest.raises(errors.InvalidInvite):
        services.join_league(league.pk, ann, code=old)
    assert not selectors.can_see(league, ann, old)
    services.join_league(league.pk, ann, code=league.invite_code)

    current = league.invite_code
    league = invitations.revoke_invite_link(league.pk, olga)
    assert league.invite_code is None
    for code in (current, None, ""):
        with pytest.raises(errors.InvalidInvite):
            services.join_league(league.pk, ben, code=code)
        assert not selectors.can_see(league, ben, code)
    with pytest.raises(errors.WrongState):
        invitations.revoke_invite_link(league.pk, olga)
    assert not Member.objects.filter(league=league, user=ben).exists()


# --- clocks an organiser may pick for others ----------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"clock": {"kind": "realtime", "base_seconds": 1}}, "realtime"),
        ({"clock": {"kind": "realtime", "base_seconds": 10800}}, "realtime"),
        ({"clock": {"kind": "correspondence", "days_per_move": 0}}, "days_per_move"),
        ({"round_hours": 1}, "round_hours"),
        ({"round_hours": 23}, "round_hours"),
        ({"ruleset": "duel", "players_per_game": 3}, "players_per_game"),
    ],
)
def test_league_clocks_leave_a_human_time_to_move(make_user, options, message):
    olga = make_user("olga")
    with pytest.raises(errors.Invalid) as refused:
        services.create_league(olga, name="Fast", rated=True, **options)
    assert message in refused.value.detail
    assert not League.objects.exists()


def test_the_slowest_clocks_a_league_allows(make_user):
    olga = make_user("olga")
    none = services.create_league(olga, name="No clock", clock={"kind": "none"}, round_hours=24)
    assert (none.clock_kind, none.round_hours) == ("none", 24)
    one_day = services.create_league(
        olga, name="Daily", clock={"kind": "correspondence", "days_per_move": 1}
    )
    assert (one_day.clock_kind, one_day.clock_days_per_move) == ("correspondence", 1)


def test_existing_leagues_are_brought_under_the_rules(make_user):
    """The data migration: a realtime league gets the default correspondence clock, short
    rounds a day, and a player an organiser added without asking is asked instead."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("leagues.migrations.0004_league_clocks_and_added_players_need_consent")
    olga, ann, veteran = make_user("olga"), make_user("ann"), make_user("vet")
    league = services.create_league(olga, name="Old", rated=True)
    League.objects.filter(pk=league.pk).update(
        clock_kind="realtime", clock_base_seconds=1, clock_days_per_move=0, round_hours=1
    )
    for user in (ann, veteran):  # as the removed add_player did: no consent asked
        Member.objects.create(league=league, user=user, is_player=True)
        AuditLog.objects.create(
            league=league, actor=olga, action="add_player", summary="added", data={"user": user.pk}
        )
    Entry.objects.create(season=league.seasons.get(), user=veteran)
    league.seasons.update(status="finished")  # the veteran has played a season

    migration.forwards(apps, None)

    league.refresh_from_db()
    assert (league.clock_kind, league.clock_days_per_move, league.clock_base_seconds) == (
        "correspondence",
        3,
        0,
    )
    assert league.round_hours == 24
    assert AuditLog.objects.filter(league=league, action="site_rules", actor=None).exists()
    assert not Member.objects.get(league=league, user=ann).is_player
    assert Invitation.objects.get(league=league, user=ann).status == Invitation.Status.PENDING
    assert Member.objects.get(league=league, user=veteran).is_player


# --- a league game aborted on time ---------------------------------------------------------


def test_a_rated_fixture_aborted_before_the_first_move_is_a_forfeit_that_rates_nobody(
    make_user,
):
    olga, ann = make_user("olga"), make_user("ann")
    league = services.create_league(olga, name="Rated club", rated=True)  # olga plays too
    services.join_league(league.pk, ann)
    season = league.seasons.get()
    services.start_season(season.pk, olga)
    (fixture,) = Fixture.objects.filter(round__season=season)
    game = Game.objects.get(table=fixture.table_id)
    absent = Seat.objects.get(
        table=fixture.table_id, player_index=game.state["current_player"]
    ).user

    # Three days per move pass without a first move.
    game_services.expire_overdue_games(now=game.deadline_at + timedelta(seconds=1))

    game.refresh_from_db()
    fixture.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert fixture.status == Fixture.Status.DONE
    assert fixture.decided_by == Fixture.DecidedBy.ABORTED
    assert fixture.forfeits == [absent.pk]
    present = ann if absent == olga else olga
    assert fixture.result["places"] == {str(present.pk): 1, str(absent.pk): 2}
    assert not RatingChange.objects.exists()
    (row,) = [r for r in selectors.division_table(season.division_set.get()) if r.user_id == present.pk]
    assert (row.place, row.wins, row.points) == (1, 1, 2)
    page = client_for(ann).get(f"/leagues/{league.pk}/seasons/1/")
    assert 'data-testid="aborted"' in page.content.decode()
    fixture_body = client_for(ann).get(f"/api/v1/fixtures/{fixture.pk}").json()
    assert fixture_body["decided_by"] == "aborted"
    assert fixture_body["game_status"] == "aborted"
