"""League services against a real database: a whole season, deadlines, organiser actions.

Fixture results arrive through the game_finished signal, sent after commit: these tests use
transactional_db so commits (and on_commit hooks) really happen.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Seat
from leagues import errors, selectors, services
from leagues.models import AuditLog, Entry, Fixture, Member, Round, Season
from leagues.services import invitations
from tests.support.leagues import league_with, open_fixtures, players, resign_loser, started_season

pytestmark = pytest.mark.django_db(transaction=True)


def first_alphabetically(names):
    return names[0]


def play_out(season, winner_of=first_alphabetically):
    while True:
        season.refresh_from_db()
        playing = open_fixtures(season)
        if not playing:
            return
        for fixture in playing:
            resign_loser(fixture, winner_of)


def test_a_whole_season_from_sign_up_to_promotion_and_relegation(organiser, make_user):
    members = players(make_user, 6)
    league, season = started_season(organiser, members, divisions=2, promotion=1)

    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    divisions = selectors.divisions(season)
    assert [len(d.entries.all()) for d in divisions] == [3, 3]
    # Three players per division: three rounds, one game and one bye each.
    assert Round.objects.filter(season=season).count() == 3
    assert Round.objects.get(season=season, number=1).status == Round.Status.OPEN
    assert len(open_fixtures(season)) == 2

    play_out(season)  # the alphabetically first player of each game wins

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    tables = {d.tier: selectors.division_table(d) for d in divisions}
    for rows in tables.values():
        names = sorted(r.username for r in rows)
        # Hand computed: first name beats both (4 points), second beats third (2), third 0.
        assert [(r.place, r.username, r.played, r.wins, r.points) for r in rows] == [
            (1, names[0], 2, 2, 4),
            (2, names[1], 2, 1, 2),
            (3, names[2], 2, 0, 0),
        ]

    following = services.close_season(season.pk, organiser)
    planned = dict(following.entries.values_list("user__username", "planned_tier"))
    top, bottom = tables[1], tables[2]
    assert planned[top[0].username] == 1
    assert planned[top[1].username] == 1
    assert planned[top[2].username] == 2  # relegated
    assert planned[bottom[0].username] == 1  # promoted
    assert planned[bottom[2].username] == 2
    assert AuditLog.objects.filter(league=league, action="close_season").exists()

    services.start_season(following.pk, organiser)
    tiers = {
        e.user.username: e.division.tier
        for e in Entry.objects.filter(season=following).select_related("user", "division")
    }
    assert tiers == planned


def test_overdue_fixture_is_forfeited_by_the_player_to_move_and_the_next_round_opens(
    organiser, make_user
):
    members = players(make_user, 2)
    _, season = started_season(organiser, members, cycles=2)
    (fixture,) = open_fixtures(season)
    game = Game.objects.get(table=fixture.table_id)
    late = Seat.objects.get(table=fixture.table_id, player_index=game.state["current_player"])

    assert services.close_overdue_fixtures(now=fixture.deadline_at - timedelta(seconds=1)) == 0
    assert services.close_overdue_fixtures(now=fixture.deadline_at + timedelta(seconds=1)) == 1

    fixture.refresh_from_db()
    assert fixture.decided_by == Fixture.DecidedBy.DEADLINE
    assert fixture.result["places"][str(late.user_id)] == 2
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    rounds = list(Round.objects.filter(season=season).order_by("number"))
    assert [r.status for r in rounds] == [Round.Status.CLOSED, Round.Status.OPEN]
    assert len(open_fixtures(season)) == 1


def test_bot_rule_hands_a_late_two_player_game_to_the_opponent(organiser, make_user):
    _, season = started_season(organiser, players(make_user, 2), deadline_rule="bot")
    (fixture,) = open_fixtures(season)
    game = Game.objects.get(table=fixture.table_id)
    late = Seat.objects.get(table=fixture.table_id, player_index=game.state["current_player"])

    services.close_overdue_fixtures(now=fixture.deadline_at + timedelta(seconds=1))

    fixture.refresh_from_db()
    # The games' leaving policy ends a 2-player game; the result comes from the game.
    assert fixture.decided_by == Fixture.DecidedBy.GAME
    assert fixture.result["places"][str(late.user_id)] == 2
    assert Season.objects.get(pk=season.pk).status == Season.Status.FINISHED


def test_withdrawn_player_forfeits_every_remaining_fixture(organiser, make_user):
    members = players(make_user, 4)
    league, season = started_season(organiser, members)
    quitter = members[0]

    services.withdraw_player(season.pk, organiser, quitter.username, "moved abroad")

    theirs = Fixture.objects.filter(round__season=season, players__user=quitter)
    assert theirs.count() == 3
    for fixture in theirs:
        assert fixture.forfeits == [quitter.pk]
    # The open one ended at once: the opponent won.
    decided = theirs.get(round__number=1)
    assert decided.status == Fixture.Status.DONE
    assert decided.result["places"][str(quitter.pk)] == 2
    log = AuditLog.objects.get(league=league, action="withdraw_player")
    assert log.reason == "moved abroad"
    assert log.actor == organiser

    play_out(season)
    rows = selectors.division_table(selectors.divisions(season)[0])
    quitter_row = next(r for r in rows if r.username == quitter.username)
    assert quitter_row.place == 4
    assert quitter_row.points == 0
    assert quitter_row.withdrawn
    assert quitter_row.played == 3  # every fixture counted as a loss


def test_override_and_extend_are_organiser_only_and_audited(organiser, make_user):
    members = players(make_user, 2)
    league, season = started_season(organiser, members)
    (fixture,) = open_fixtures(season)
    member = members[0]
    later = timezone.now() + timedelta(days=30)

    refused = [
        lambda: services.override_result(fixture.pk, member, {"p0": 1, "p1": 2}, "I won"),
        lambda: services.extend_deadline(fixture.pk, member, later, "please"),
        lambda: services.withdraw_player(season.pk, member, "p1", "go away"),
        lambda: invitations.invite_player(league.pk, member, "olga"),
        lambda: services.remove_player(league.pk, member, "p1"),
        lambda: services.close_season(season.pk, member),
    ]
    for attempt in refused:
        with pytest.raises(errors.NotOrganiser):
            attempt()
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYING
    assert fixture.result is None
    assert (
        AuditLog.objects.filter(league=league)
        .exclude(action__in=["create_league", "start_season"])
        .count()
        == 0
    )

    # Bad input from an organiser changes nothing either.
    for places, reason in (({"p0": 1}, "x"), ({"p0": 1, "p1": 3}, "x"), ({"p0": 1, "p1": 2}, " ")):
        with pytest.raises(errors.Invalid):
            services.override_result(fixture.pk, organiser, places, reason)
    with pytest.raises(errors.Invalid):
        services.extend_deadline(fixture.pk, organiser, timezone.now() - timedelta(days=1), "x")

    first_deadline = fixture.deadline_at
    services.extend_deadline(fixture.pk, organiser, later, "holiday")
    fixture.refresh_from_db()
    assert fixture.deadline_at == later
    # The old deadline no longer closes it; the new one would.
    assert services.close_overdue_fixtures(now=first_deadline + timedelta(hours=1)) == 0
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYING
    services.override_result(fixture.pk, organiser, {"P1": 1, "p0": 2}, "p0 admitted a misclick")
    fixture.refresh_from_db()
    assert fixture.decided_by == Fixture.DecidedBy.OVERRIDE
    assert fixture.result["places"] == {str(members[1].pk): 1, str(members[0].pk): 2}
    actions = list(AuditLog.objects.filter(league=league).values_list("action", "reason"))
    assert ("override_result", "p0 admitted a misclick") in actions
    assert ("extend_deadline", "holiday") in actions
    assert Season.objects.get(pk=season.pk).status == Season.Status.FINISHED


def test_joining_rules(organiser, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    league = services.create_league(organiser, name="Secret", visibility="invite")
    with pytest.raises(errors.InvalidInvite):
        services.join_league(league.pk, alice, code="wrong")
    with pytest.raises(errors.InvalidInvite):
        services.join_league(league.pk, alice)
    services.join_league(league.pk, alice, code=league.invite_code)
    with pytest.raises(errors.AlreadyMember):
        services.join_league(league.pk, alice, code=league.invite_code)
    season = league.seasons.get()
    # Registration closed a minute ago (set in the past directly: the organiser may only pick
    # future dates).
    Season.objects.filter(pk=season.pk).update(
        registration_closes_at=timezone.now() - timedelta(minutes=1)
    )
    with pytest.raises(errors.RegistrationClosed):
        services.join_league(league.pk, bob, code=league.invite_code)
    assert not Member.objects.filter(league=league, user=bob).exists()
    with pytest.raises(errors.NotFound):
        services.join_league(999999, bob)


def test_bad_league_options_are_refused(organiser):
    bad = [
        {"name": ""},
        {"name": "x", "players_per_game": 5},
        {"name": "x", "variant": "pink"},
        {"name": "x", "visibility": "secret"},
        {"name": "x", "tie_breaks": ["points", "luck"]},
        {"name": "x", "points_per_place": [1, 2]},
        {"name": "x", "points_per_place": {"2": [2]}},
        {"name": "x", "cycles": 3},
        {"name": "x", "deadline_rule": "coin"},
        {"name": "x", "clock": {"kind": "correspondence", "days_per_move": 0}},
    ]
    for options in bad:
        with pytest.raises(errors.Invalid):
            services.create_league(organiser, **options)


def test_three_player_league_with_too_few_players_does_not_start(organiser, make_user):
    league = league_with(organiser, players(make_user, 2), players_per_game=3)
    season = league.seasons.get()
    with pytest.raises(errors.NotEnoughPlayers):
        services.start_season(season.pk, organiser)
    season.refresh_from_db()
    assert season.status == Season.Status.REGISTRATION
    assert not Round.objects.filter(season=season).exists()


def test_co_organisers_may_act_and_a_league_keeps_one_organiser(organiser, make_user):
    members = players(make_user, 2)
    league = league_with(organiser, members)
    helper = members[1]
    with pytest.raises(errors.NotOrganiser):
        services.set_organiser(league.pk, helper, "p1")
    services.set_organiser(league.pk, organiser, "p1", reason="runs Tuesdays")
    invitations.invite_player(league.pk, helper, "olga")  # the new organiser acts
    assert AuditLog.objects.filter(league=league, action="invite_player", actor=helper).exists()

    services.set_organiser(league.pk, helper, "olga", organiser=False)
    with pytest.raises(errors.WrongState):
        services.set_organiser(league.pk, helper, "p1", organiser=False)  # the last one
    assert list(
        Member.objects.filter(league=league, is_organiser=True).values_list(
            "user__username", flat=True
        )
    ) == ["p1"]


def test_a_division_left_too_small_between_seasons_joins_the_one_above(organiser, make_user):
    members = players(make_user, 4)
    league, season = started_season(organiser, members, divisions=2, promotion=1)
    play_out(season)
    following = services.close_season(season.pk, organiser)
    tier_two = list(
        following.entries.filter(planned_tier=2).values_list("user__username", flat=True)
    )
    assert len(tier_two) == 2
    services.remove_player(league.pk, organiser, tier_two[0], "moved away")

    services.start_season(following.pk, organiser)
    divisions = selectors.divisions(following)
    assert [d.tier for d in divisions] == [1]
    assert divisions[0].entries.count() == 3
