"""games.signals.seat_left (after a player left a game that may go on) → their game sockets stop
reading the players' chat channel: they read the spectators' one, as anyone not playing does
(social.sockets). The event goes to the game's group, which a socket joins before it reads the
game, so a socket connecting while the player leaves hears it too.

An account being deleted (accounts.signals) forgets its follows, mutes and chat text, and the
download of one's data includes them."""

from django.dispatch import receiver

from accounts.signals import account_forgetting, own_data_requested
from games.broadcast import game_group
from games.signals import seat_left
from realtime import broadcast

from . import selectors
from .services import leaving


@receiver(seat_left, dispatch_uid="social-seat-left")
def on_seat_left(sender, game_id, user_id, **kwargs):
    broadcast.group_send(game_group(game_id), {"type": "social.seat_left", "user_id": user_id})


@receiver(account_forgetting, dispatch_uid="social-account-forgetting")
def forget_user(sender, user, **kwargs):
    leaving.forget_user(user)


@receiver(own_data_requested, dispatch_uid="social-own-data")
def own_social(sender, user, **kwargs):
    return selectors.own_data(user)
