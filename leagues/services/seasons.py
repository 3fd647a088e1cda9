"""Seasons: plan the dates, start (tiers, divisions, the first round), close (promotion)."""

from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from leagues import checks, errors, fixtures
from leagues.models import (
    Division,
    Entry,
    Fixture,
    FixturePlayer,
    Member,
    Round,
    Season,
)
from leagues.ratings import ratings_of
from leagues.selectors import division_table

from .common import MAX_PLANNING_DAYS, lock_organised_season
from .rounds import open_round


def parse_time(value, field):
    """An aware datetime (naive ones are UTC, as the pages say) or None."""
    if value is None:
        return None
    parsed = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            parsed = parse_datetime(value.strip())
        except ValueError:  # well formed but no such date, e.g. 2026-02-30
            parsed = None
    if parsed is None:
        raise errors.Invalid(_('%(field)s must be a date and time, e.g. 2026-12-24T18:00 (UTC)') % {"field": field})
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


def _planned_time(value, before, field, now):
    """A planned date: unchanged, or from now up to MAX_PLANNING_DAYS ahead."""
    value = parse_time(value, field)
    if value is None or value == before:
        return value
    if value <= now:
        raise errors.Invalid(_('%(field)s must be in the future') % {"field": field})
    if value > now + timedelta(days=MAX_PLANNING_DAYS):
        raise errors.Invalid(
            _('%(field)s must be within %(max_planning_days)s days from now')
            % {"field": field, "max_planning_days": MAX_PLANNING_DAYS}
        )
    return value


def update_season(season_id, by_user, *, registration_closes_at=None, starts_at=None):
    """The organiser sets the registration window and planned start of a season not yet started."""
    now = timezone.now()
    with transaction.atomic():
        season = lock_organised_season(season_id, by_user, Season.Status.REGISTRATION,
                                       "the season has started")
        closes = _planned_time(
            registration_closes_at, season.registration_closes_at, "registration_closes_at", now
        )
        starts = _planned_time(starts_at, season.starts_at, "starts_at", now)
        if closes and starts and closes > starts:
            raise errors.Invalid(_("registration must close before the planned start"))
        season.registration_closes_at, season.starts_at = closes, starts
        season.save(update_fields=["registration_closes_at", "starts_at"])
        checks.audit(season.league, by_user, "update_season", season=season.number)
    return season


def start_season(season_id, by_user, now=None):
    """Put the players into divisions, generate every fixture and open round 1."""
    now = now or timezone.now()
    with transaction.atomic():
        season = lock_organised_season(season_id, by_user, Season.Status.REGISTRATION,
                                       "the season has already started")
        league = season.league
        tiers = _assign_tiers(season, league)
        k = league.players_per_game
        rounds_needed = 0
        plans = {}
        for tier, entries in tiers.items():
            if len(entries) < k:
                raise errors.NotEnoughPlayers(
                    f"division {tier} has {len(entries)} players; {k} are needed"
                )
            division = Division.objects.create(
                season=season, tier=tier, name=_division_name(tier, len(tiers))
            )
            for entry in entries:
                entry.division = division
                entry.save(update_fields=["division"])
            # Seeded by rating: the schedule is a function of the order.
            ordered = [e.user_id for e in sorted(entries, key=lambda e: (-e.seed_rating, e.pk))]
            plans[division] = fixtures.schedule(ordered, k, league.cycles)
            rounds_needed = max(rounds_needed, len(plans[division]))
        rounds = [
            Round.objects.create(season=season, number=n) for n in range(1, rounds_needed + 1)
        ]
        for division, plan in plans.items():
            for round_, round_plan in zip(rounds, plan, strict=False):
                for group in round_plan.groups:
                    fixture = Fixture.objects.create(round=round_, division=division)
                    FixturePlayer.objects.bulk_create(
                        FixturePlayer(fixture=fixture, user_id=uid, order=i)
                        for i, uid in enumerate(group)
                    )
        season.status = Season.Status.RUNNING
        season.started_at = now
        season.save(update_fields=["status", "started_at"])
        checks.audit(
            league,
            by_user,
            "start_season",
            season=season.number,
            players=sum(len(t) for t in tiers.values()),
            divisions=len(tiers),
            rounds=rounds_needed,
        )
        open_round(rounds[0], now)
    return season


def _merge_small_tiers(groups, players_per_game):
    """{tier: entries} numbered 1.. after folding every group too small for one game into the
    division above it (the top one into the one below): players who left between seasons must
    not make a division unplayable."""
    groups = [list(g) for g in groups if g]
    index = 0
    while index < len(groups) and len(groups) > 1:
        if len(groups[index]) >= players_per_game:
            index += 1
            continue
        target = index - 1 if index > 0 else 1
        groups[target].extend(groups.pop(index))
        index = 0
    return dict(enumerate(groups, start=1))


def _division_name(tier, count):
    return "Division" if count == 1 else f"Division {tier}"


def _assign_tiers(season, league):
    """{tier: [Entry]}: the previous season's planned tiers, else cut by rating."""
    user_ids = list(
        Member.objects.filter(league=league, is_player=True).values_list("user_id", flat=True)
    )
    ratings = ratings_of(user_ids, league.ruleset, league.players_per_game)
    planned = dict(season.entries.values_list("user_id", "planned_tier"))
    season.entries.exclude(user_id__in=user_ids).delete()  # left between seasons
    entries = []
    for uid in user_ids:
        entry, _created = Entry.objects.get_or_create(season=season, user_id=uid)
        entry.seed_rating = ratings[uid]
        entry.save(update_fields=["seed_rating"])
        entries.append(entry)
    if not entries:
        raise errors.NotEnoughPlayers("nobody plays in this league yet")

    if any(planned.get(e.user_id) for e in entries):
        # After promotion and relegation: newcomers start in the bottom division.
        bottom = max(tier for tier in planned.values() if tier)
        tiers = {}
        for entry in entries:
            tiers.setdefault(planned.get(entry.user_id) or bottom, []).append(entry)
        return _merge_small_tiers([tiers[t] for t in sorted(tiers)], league.players_per_game)

    count = min(league.divisions, max(1, len(entries) // league.players_per_game))
    ordered = sorted(entries, key=lambda e: (-e.seed_rating, e.pk))
    size, extra = divmod(len(ordered), count)
    tiers, start = {}, 0
    for tier in range(1, count + 1):
        end = start + size + (1 if tier <= extra else 0)
        tiers[tier] = ordered[start:end]
        start = end
    return tiers


def close_season(season_id, by_user):
    """Close a finished season: promote the top k and relegate the bottom k of each division,
    and open the next season's registration with those divisions planned."""
    with transaction.atomic():
        season = lock_organised_season(season_id, by_user, Season.Status.FINISHED,
                                       "only a finished season can be closed")
        league = season.league
        divisions = list(season.division_set.order_by("tier"))
        last_tier = divisions[-1].tier if divisions else 1
        k = league.promotion
        planned, moves = {}, []
        for division in divisions:
            rows = [row for row in division_table(division) if not row.withdrawn]
            for index, row in enumerate(rows):
                tier = division.tier
                if index < k and tier > 1:
                    tier -= 1
                    moves.append({"name": row.username, "tier": tier, "up": True})
                elif index >= len(rows) - k and tier < last_tier and index >= k:
                    tier += 1
                    moves.append({"name": row.username, "tier": tier, "up": False})
                planned[row.user_id] = tier
        season.status = Season.Status.CLOSED
        season.save(update_fields=["status"])
        following = Season.objects.create(league=league, number=season.number + 1, previous=season)
        Entry.objects.bulk_create(
            Entry(season=following, user_id=uid, planned_tier=tier) for uid, tier in planned.items()
        )
        checks.audit(
            league,
            by_user,
            "close_season",
            season=season.number,
            moves=moves,
        )
    return following
