"""Reads for pages and the API: leagues visible to a user, standings, fixtures by round."""

from dataclasses import dataclass

from django.db.models import Prefetch, Q

from kernel.errors import is_signed_in

from . import standings
from .checks import invite_code_matches
from .models import (
    AuditLog,
    Division,
    Entry,
    Fixture,
    FixturePlayer,
    Invitation,
    League,
    Member,
    Round,
    Season,
)


@dataclass
class StandingRow:
    place: int
    user_id: int
    username: str
    display_name: str
    withdrawn: bool
    played: int
    wins: int
    draws: int
    losses: int
    points: object  # Fraction
    score: int
    head_to_head: object  # Fraction | None
    movement: int  # places gained since the round before the latest results


def visible_leagues(user):
    """Public leagues, and invite-only ones the user belongs to."""
    query = Q(visibility=League.Visibility.PUBLIC)
    if is_signed_in(user):
        query |= Q(members__user=user)
    return League.objects.filter(query).distinct().order_by("-created_at", "-id")


def can_see(league, user, code=None):
    """Public leagues to all; invite-only ones to members, to users invited and not yet
    answered, and with the current invite link's code (never a revoked one)."""
    if league.visibility == League.Visibility.PUBLIC or invite_code_matches(league, code):
        return True
    if not is_signed_in(user):
        return False
    return (
        Member.objects.filter(league=league, user=user).exists()
        or pending_invitation(league, user) is not None
    )


def pending_invitation(league, user):
    """The user's pending invitation to the league, or None."""
    if not is_signed_in(user):
        return None
    return (
        Invitation.objects.filter(league=league, user=user, status=Invitation.Status.PENDING)
        .select_related("invited_by")
        .first()
    )


def invitations_for(user):
    """The user's pending invitations, newest first, with the league and who invited."""
    if not is_signed_in(user):
        return []
    return list(
        Invitation.objects.filter(user=user, status=Invitation.Status.PENDING)
        .select_related("league", "invited_by", "user")
        .order_by("-created_at", "-id")
    )


def pending_invitation_count(user):
    if not is_signed_in(user):
        return 0
    return Invitation.objects.filter(user=user, status=Invitation.Status.PENDING).count()


def league_invitations(league, limit=100):
    """A league's invitations for its organisers: pending first, then the latest answers."""
    pending = Invitation.Status.PENDING
    return sorted(
        Invitation.objects.filter(league=league)
        .select_related("league", "invited_by", "user")
        .order_by("-created_at", "-id")[:limit],
        key=lambda invitation: invitation.status != pending,
    )


def members(league):
    if "members" in getattr(league, "_prefetched_objects_cache", {}):  # with_details()
        return sorted(league.members.all(), key=lambda m: (m.joined_at, m.pk))
    return list(league.members.select_related("user").order_by("joined_at", "id"))


def seasons(league):
    """The league's seasons by number (prefetched by with_details(), else one query)."""
    return sorted(league.seasons.all(), key=lambda season: season.number)


def with_details(leagues):
    """`leagues` with what league_payload shows fetched up front: three queries for any number of
    leagues, not four per league."""
    return leagues.select_related("created_by").prefetch_related(
        "seasons", Prefetch("members", queryset=Member.objects.select_related("user"))
    )


def audit_log(league, limit=100):
    return list(AuditLog.objects.filter(league=league).select_related("actor")[:limit])


def current_season(league):
    return league.seasons.order_by("-number").first()


def _fixtures_of(division_or_season):
    players = Prefetch("players", queryset=FixturePlayer.objects.select_related("user"))
    return Fixture.objects.prefetch_related(players).select_related("round", "table__game")


def results_of(division):
    """The decided fixtures of a division as standings.Result, oldest round first."""
    decided = (
        _fixtures_of(division)
        .filter(division=division, status=Fixture.Status.DONE)
        .order_by("round__number", "id")
    )
    return [
        standings.Result(
            places={int(uid): place for uid, place in f.result["places"].items()},
            scores={int(uid): score for uid, score in f.result["scores"].items()},
            round=f.round.number,
        )
        for f in decided
    ]


def division_table(division):
    """The standings of a division, with movement since before the latest round with results."""
    league = division.season.league
    entries = list(
        Entry.objects.filter(division=division).select_related("user").order_by("user__username")
    )
    players = [e.user_id for e in entries]
    results = results_of(division)
    points = {int(size): table for size, table in league.points_per_place.items()}
    options = {
        "points_per_place": points,
        "tie_breaks": league.tie_breaks,
        "draw_points": league.draw_points,
    }
    now = standings.table(players, results, **options)
    latest = max((r.round for r in results), default=0)
    before = standings.table(players, [r for r in results if r.round < latest], **options)
    moved = standings.movement(now, before) if latest > 1 else {}
    by_id = {e.user_id: e for e in entries}
    return [
        StandingRow(
            place=row.place,
            user_id=row.player,
            username=by_id[row.player].user.username,
            display_name=by_id[row.player].user.shown_name,
            withdrawn=by_id[row.player].withdrawn,
            played=row.played,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            points=row.points,
            score=row.score,
            head_to_head=row.head_to_head,
            movement=moved.get(row.player, 0),
        )
        for row in now
    ]


def divisions(season):
    return list(Division.objects.filter(season=season).order_by("tier"))


def rounds_with_fixtures(season):
    players = Prefetch("players", queryset=FixturePlayer.objects.select_related("user"))
    fixtures = Prefetch(
        "fixtures",
        queryset=Fixture.objects.prefetch_related(players)
        .select_related("division", "table__game")
        .order_by("division__tier", "id"),
    )
    return list(Round.objects.filter(season=season).prefetch_related(fixtures).order_by("number"))


def byes_of(round_, entries_by_division):
    """{division_id: [users without a game this round]}."""
    playing = {
        (fixture.division_id, fp.user_id)
        for fixture in round_.fixtures.all()
        for fp in fixture.players.all()
    }
    return {
        division_id: [e.user for e in entries if (division_id, e.user_id) not in playing]
        for division_id, entries in entries_by_division.items()
    }


def entries_by_division(season):
    grouped = {}
    for entry in (
        Entry.objects.filter(season=season)
        .select_related("user", "division")
        .order_by("user__username")
    ):
        grouped.setdefault(entry.division_id, []).append(entry)
    return grouped


def fixture_detail(fixture_id):
    players = Prefetch("players", queryset=FixturePlayer.objects.select_related("user"))
    return (
        Fixture.objects.prefetch_related(players)
        .select_related("round__season__league", "division", "table__game")
        .filter(pk=fixture_id)
        .first()
    )


def fixture_of_table(table_id):
    """The fixture a table was made for (with its round, season and league), or None."""
    return (
        Fixture.objects.select_related("round__season__league")
        .filter(table_id=table_id)
        .first()
    )


def decided_fixtures(division):
    """A division's decided fixtures, newest round first, with players and game for links."""
    players = Prefetch("players", queryset=FixturePlayer.objects.select_related("user"))
    return list(
        Fixture.objects.filter(division=division, status=Fixture.Status.DONE)
        .prefetch_related(players)
        .select_related("round", "table__game")
        .order_by("-round__number", "id")
    )


def my_open_fixtures(league, user):
    """The user's fixtures being played now in the league's running season, with their tables."""
    if not is_signed_in(user):
        return []
    players = Prefetch("players", queryset=FixturePlayer.objects.select_related("user"))
    return list(
        Fixture.objects.filter(
            round__season__league=league,
            status=Fixture.Status.PLAYING,
            players__user=user,
        )
        .prefetch_related(players)
        .select_related("round", "table__game")
        .order_by("round__number", "id")
    )


# --- rows the pages and the API look up by id ---------------------------------------------------


def league_by_id(league_id):
    """The league (with its creator), or None; whether the viewer may see it is can_see's."""
    return League.objects.filter(pk=league_id).select_related("created_by").first()


def season_by_id(season_id):
    return Season.objects.filter(pk=season_id).select_related("league").first()


def season_numbered(league, number):
    return Season.objects.filter(league=league, number=number).first()


def seasons_newest_first(league):
    return league.seasons.order_by("-number")


def membership(league, user):
    """The user's Member row in the league, or None (also for anonymous users)."""
    if not is_signed_in(user):
        return None
    return league.members.filter(user=user).first()


def has_invitation(league_id, invitation_id):
    return Invitation.objects.filter(pk=invitation_id, league_id=league_id).exists()


def visible_leagues_page(user, limit=200):
    """The first leagues of the index page (visible_leagues, with their creators)."""
    return visible_leagues(user).select_related("created_by")[:limit]


def fixture_league_name(game_id) -> str | None:
    """The name of the league whose fixture the game is, or None."""
    return Fixture.objects.filter(table__game=game_id).values_list(
        "round__season__league__name", flat=True).first()


def leagues_played_in(user) -> list:
    """Ids of the leagues `user` is a player of."""
    return list(Member.objects.filter(user=user, is_player=True).values_list("league_id", flat=True))


def own_memberships_data(user) -> list:
    """`user`'s league memberships, for the download of their data (accounts.privacy)."""
    return [
        {"league": m.league_id, "name": m.league.name, "organiser": m.is_organiser,
         "player": m.is_player, "joined_at": m.joined_at.isoformat() if m.joined_at else None}
        for m in Member.objects.filter(user=user).select_related("league").order_by("id")
    ]
