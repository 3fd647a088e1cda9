"""Fixtures past their round's deadline: forfeits, and the unplayed games ended."""


from django.db import transaction
from django.utils import timezone

from games import services as game_services
from games.models import Game
from games.outcome import final_result
from leagues.models import (
    Fixture,
    League,
)

from .common import lock_fixture
from .rounds import close_round_if_done, decide, decided_by, game_places


def close_overdue_fixtures(now=None):
    """The beat task's service: apply the league's deadline rule to every overdue fixture.

    forfeit: the player to move loses the fixture now (last; the others by their boards) and
    leaves the game. bot: the player to move leaves the game and a bot plays on for them (the
    games' leaving policy: with 2 players that ends the game); the fixture takes the game's result.
    Returns how many fixtures were acted on.
    """
    now = now or timezone.now()
    ids = list(
        Fixture.objects.filter(status=Fixture.Status.PLAYING, deadline_at__lte=now).values_list(
            "pk", flat=True
        )
    )
    return sum(1 for fixture_id in ids if _close_overdue_fixture(fixture_id, now))


def _close_overdue_fixture(fixture_id, now):
    with transaction.atomic():
        fixture = lock_fixture(fixture_id)
        # Re-check under the lock: the game may have ended or the deadline moved meanwhile.
        if fixture.status != Fixture.Status.PLAYING or fixture.deadline_at > now:
            return False
        # The game's lock (which guards its table and seats too), so no move lands meanwhile.
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("table")
            .get(table=fixture.table_id)
        )
        if game.is_over:
            places, scores = game_places(fixture, game)
            decide(fixture, places, scores, decided_by(game), now)
            close_round_if_done(fixture.round, now)
            return True
        late_index = game.state["current_player"]
        late_seat = next(s for s in game.table.seats_in_order() if s.player_index == late_index)
        if late_seat.left:
            return False  # a bot plays this seat now: no human is late
        league = fixture.round.season.league
        if league.deadline_rule == League.DeadlineRule.FORFEIT:
            ranks = final_result(game.state, None, leavers=[late_index], ended_by="timeout")
            places = {
                s.user_id: ranks["ranks"][s.player_index]
                for s in game.table.seats_in_order()
                if s.player_index is not None
            }
            scores = {
                s.user_id: ranks["scores"][s.player_index]
                for s in game.table.seats_in_order()
                if s.player_index is not None
            }
            fixture.forfeits = sorted(set(fixture.forfeits) | {late_seat.user_id})
            decide(fixture, places, scores, Fixture.DecidedBy.DEADLINE, now)
            close_round_if_done(fixture.round, now)
        else:
            fixture.bot_takeovers = sorted(set(fixture.bot_takeovers) | {late_seat.user_id})
            fixture.save(update_fields=["bot_takeovers"])
        # Both rules: the late player leaves the game through the games' own service.
        game_services.leave_table(fixture.table_id, late_seat.user)
    return True
