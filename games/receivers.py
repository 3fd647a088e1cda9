"""Games hear of an account being deleted (accounts.signals): its player resigns every running
game and leaves every open table, as if they had clicked; and the download of one's data
includes their games."""

from django.dispatch import receiver

from accounts.signals import account_leaving, own_data_requested

from . import selectors, services
from .errors import GameError


@receiver(account_leaving, dispatch_uid="games-account-leaving")
def leave_games(sender, user, **kwargs):
    for table_id, game_id in selectors.open_tables_of(user):
        try:
            if game_id is not None:
                services.resign(game_id, user)
            else:
                services.leave_table(table_id, user)
        except GameError:
            pass  # the game ended or the table closed meanwhile


@receiver(own_data_requested, dispatch_uid="games-own-data")
def own_games(sender, user, **kwargs):
    return {"games": selectors.own_games_data(user)}
