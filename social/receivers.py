"""games.signals.seat_left (after a player left a game that may go on) → their game sockets stop
reading the players' chat channel: they read the spectators' one, as anyone not playing does
(social.sockets). The event goes to the game's group, which a socket joins before it reads the
game, so a socket connecting while the player leaves hears it too."""

from django.dispatch import receiver

from games.broadcast import game_group
from games.signals import seat_left
from realtime import broadcast


@receiver(seat_left, dispatch_uid="social-seat-left")
def on_seat_left(sender, game_id, user_id, **kwargs):
    broadcast.group_send(game_group(game_id), {"type": "social.seat_left", "user_id": user_id})
