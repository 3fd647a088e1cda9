"""Tournaments hear of finished games through games.signals.game_finished (sent after the
game's commit), tell games.game_kinds which games are theirs, and take a deleted account out."""

import logging

from django.dispatch import receiver

from accounts.signals import account_leaving, own_data_requested
from games import game_kinds
from games.signals import game_finished
from kernel import dispatch

from . import selectors, services
from .models import Pairing

log = logging.getLogger(__name__)

RECORD_TASK = "tournaments.tasks.record_game_result"

game_kinds.register("tournament", selectors.tournament_name_of_game)


@receiver(game_finished, dispatch_uid="tournaments-record-game-result")
def record_tournament_game(sender, game_id, table_id, **kwargs):
    """Queue the pairing's result (eager without a worker: recorded, and the next round paired,
    before this returns) if the game was a tournament's. Never break the game's own flow: a
    failure is logged, and the beat sweep advances the tournament later."""
    try:
        if Pairing.objects.filter(table_id=table_id).exists():
            dispatch.send(RECORD_TASK, (game_id,))
    except Exception:
        log.exception("could not queue the tournament result of game %s", game_id)


@receiver(account_leaving, dispatch_uid="tournaments-account-leaving")
def leave_tournaments(sender, user, **kwargs):
    """A deleted account leaves its tournaments (withdrawn from those running)."""
    services.withdraw_leaving_account(user)


@receiver(own_data_requested, dispatch_uid="tournaments-own-data")
def own_tournaments(sender, user, **kwargs):
    return {"tournaments": selectors.own_entries_data(user)}
