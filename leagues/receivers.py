"""Leagues hear of finished games through games.signals.game_finished (sent after commit), and
tell games.game_kinds which games are fixtures (notifications words its messages by it)."""

import contextlib
import logging

from django.dispatch import receiver

from accounts.signals import account_leaving, own_data_requested
from games import game_kinds
from games.signals import game_finished
from kernel import dispatch

from . import selectors, services
from .errors import LeagueError
from .models import Fixture

log = logging.getLogger(__name__)

game_kinds.register("fixture", selectors.fixture_league_name)


@receiver(game_finished, dispatch_uid="leagues-record-game-result")
def record_fixture_result(sender, game_id, table_id, **kwargs):
    """Queue the fixture's result (eager without a worker) if the game was a fixture's: most games
    are not, and a task per game cost a busy daphne more than the query. Never break the game's
    own flow: if this fails, the deadline task records the finished game when the fixture falls
    due."""
    try:
        if Fixture.objects.filter(table_id=table_id).exists():
            dispatch.send("leagues.tasks.record_game_result", (game_id,))
    except Exception:
        log.exception("could not queue the league result of game %s", game_id)


@receiver(account_leaving, dispatch_uid="leagues-account-leaving")
def leave_leagues(sender, user, **kwargs):
    """A deleted account withdraws from running seasons and leaves its leagues."""
    services.withdraw_leaving_account(user)
    for league_id in selectors.leagues_played_in(user):
        with contextlib.suppress(LeagueError):
            services.leave_league(league_id, user)


@receiver(own_data_requested, dispatch_uid="leagues-own-data")
def own_leagues(sender, user, **kwargs):
    return {"leagues": selectors.own_memberships_data(user)}
