"""Rounds and fixtures: open a round, start its games, record their results, close it."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import services as game_services
from games.models import Game
from games.outcome import competition_ranks
from leagues import broadcast
from leagues.models import (
    Entry,
    Fixture,
    Round,
    Season,
)

from .common import lock_fixture


def open_round(round_, now):
    """Open a round: its deadline starts, every fixture gets its table, started."""
    league = round_.season.league
    round_.status = Round.Status.OPEN
    round_.opened_at = now
    round_.deadline_at = now + timedelta(hours=league.round_hours)
    round_.save(update_fields=["status", "opened_at", "deadline_at"])
    broadcast.league_changed_after_commit(league.pk)
    withdrawn = set(
        Entry.objects.filter(season=round_.season, withdrawn=True).values_list("user_id", flat=True)
    )
    for fixture in round_.fixtures.select_for_update():
        fixture.deadline_at = round_.deadline_at
        fixture.forfeits = sorted(set(fixture.forfeits) | (withdrawn & set(_player_ids(fixture))))
        fixture.save(update_fields=["deadline_at", "forfeits"])
        _start_fixture(fixture, league, now)
    close_round_if_done(round_, now)


def _player_ids(fixture):
    return [fp.user_id for fp in fixture.players.order_by("order")]


def _start_fixture(fixture, league, now):
    players = list(fixture.players.select_related("user").order_by("order"))
    playing = [fp.user for fp in players if fp.user_id not in fixture.forfeits]
    if len(playing) < 2:
        # Nobody to play against: decided now, the forfeiters last.
        decide(fixture, {u.pk: 1 for u in playing}, {}, Fixture.DecidedBy.WITHDRAWAL, now)
        return
    clock = {
        "kind": league.clock_kind,
        "base_seconds": league.clock_base_seconds,
        "increment_seconds": league.clock_increment_seconds,
        "days_per_move": league.clock_days_per_move,
    }
    creator = playing[0]
    # Started at once, never open in the lobby: no open-table quota.
    table = game_services.create_table(
        creator,
        ruleset=league.ruleset,
        players=len(playing),
        variant=league.variant,
        rated=league.rated,
        clock=clock,
        enforce_quota=False,
    )
    for user in playing[1:]:
        game_services.join_table(table.pk, user, enforce_quota=False)
    game_services.start_table(table.pk, creator)
    fixture.table = table
    fixture.status = Fixture.Status.PLAYING
    fixture.save(update_fields=["table", "status"])


def _with_forfeits(fixture, places, scores):
    """Everyone of the fixture placed: players by their places, forfeiters after them all."""
    ids = _player_ids(fixture)
    forfeits = [uid for uid in ids if uid in fixture.forfeits]
    ranked = {uid: -place for uid, place in places.items() if uid not in forfeits}
    final = competition_ranks(ranked)
    for uid in forfeits:
        final[uid] = len(ranked) + 1
    for uid in ids:
        final.setdefault(uid, len(ids))  # a player the game did not know of: last
    return final, {uid: int(scores.get(uid, 0) or 0) for uid in ids}


def decide(fixture, places, scores, decided_by, now, reason=""):
    places, scores = _with_forfeits(fixture, places, scores)
    fixture.result = {
        "places": {str(uid): place for uid, place in places.items()},
        "scores": {str(uid): score for uid, score in scores.items()},
    }
    fixture.decided_by = decided_by
    fixture.status = Fixture.Status.DONE
    fixture.closed_at = now
    if reason:
        fixture.override_reason = reason
    fixture.save()
    broadcast.league_changed_after_commit(fixture.round.season.league_id)


def decided_by(game):
    """How a fixture whose game is over was decided: by the game, or by its abort."""
    if game.status == Game.Status.ABORTED:
        return Fixture.DecidedBy.ABORTED
    return Fixture.DecidedBy.GAME


def game_places(fixture, game):
    """{user_id: place}, {user_id: score} of a finished game, by the seats' original players.

    The game's ranks put everyone who left last. A player a bot took over from at a deadline
    (league rule "bot") is ranked where the bot finished instead: the board's own ranking
    (`engine_ranks`, present when the game reached its natural end), with the players who
    left of their own accord still added to the fixture's forfeits.
    """
    result = game.result or {}
    seats = list(game.table.seats_in_order())
    ranks = result.get("ranks") or []
    if game.status == Game.Status.ABORTED:
        # The player who made no first move forfeits (the result ranks them last already).
        absent = {s.user_id for s in seats if s.player_index == result.get("aborted_by")}
        fixture.forfeits = sorted(set(fixture.forfeits) | absent)
    if fixture.bot_takeovers and result.get("engine_ranks"):
        ranks = result["engine_ranks"]
        quitters = {s.user_id for s in seats if s.left and s.user_id not in fixture.bot_takeovers}
        fixture.forfeits = sorted(set(fixture.forfeits) | quitters)
    scores = result.get("scores") or []
    places, points = {}, {}
    for seat in seats:
        if seat.player_index is None or seat.player_index >= len(ranks):
            continue
        places[seat.user_id] = ranks[seat.player_index]
        if seat.player_index < len(scores):
            points[seat.user_id] = scores[seat.player_index]
    return places, points


def record_game_result(game_id, now=None):
    """A fixture's game ended: record its result, close the round if it was the last one open.

    Called after the game's commit (signal); idempotent: a decided fixture is left alone.
    """
    now = now or timezone.now()
    fixture_id = (
        Fixture.objects.filter(table__game__pk=game_id).values_list("pk", flat=True).first()
    )
    if fixture_id is None:
        return False
    with transaction.atomic():
        fixture = lock_fixture(fixture_id)
        if fixture.status != Fixture.Status.PLAYING:
            return False
        game = Game.objects.select_related("table").get(pk=game_id)
        if not game.is_over:
            return False
        places, scores = game_places(fixture, game)
        decide(fixture, places, scores, decided_by(game), now)
        close_round_if_done(fixture.round, now)
    return True


def close_round_if_done(round_, now):
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN:
        return
    if round_.fixtures.exclude(status=Fixture.Status.DONE).exists():
        return
    round_.status = Round.Status.CLOSED
    round_.closed_at = now
    round_.save(update_fields=["status", "closed_at"])
    following = (
        Round.objects.filter(season=round_.season, number__gt=round_.number)
        .order_by("number")
        .first()
    )
    if following is not None:
        open_round(following, now)
        return
    season = Season.objects.select_for_update().get(pk=round_.season_id)
    season.status = Season.Status.FINISHED
    season.finished_at = now
    season.save(update_fields=["status", "finished_at"])
