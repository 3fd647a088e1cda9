"""Challenges: "play me" from a profile or an end screen, with quick play's choices.

A challenge to a person opens a new table with those choices, the challenger seated, and invites
the person to it (social.services.friends.send_invitation: the inbox line, the live notice, the hourly
budget); they accept as any table invitation, and the challenger starts the game. Following is
not needed: the challenge names the table's options up front and can be declined. A challenge to
a bot starts at once, as quick play's "play the computer" with that bot's level.
Everything happens in one transaction: a refusal (a bad choice, the budget spent, too many open
tables) leaves no table behind.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from matchmaking import choices, errors
from social.services import friends
from social.services.chat import user_by_name

from . import seeks


def challenge(user, username, *, ruleset="classic", players=None, rated=False, clock=None):
    """Returns (table, game): the game when it started at once (a bot), else None."""
    seeks._require_human(user)
    target = user_by_name(username)
    if target.pk == user.pk:
        raise errors.Invalid(_("you cannot challenge yourself"))
    if target.is_bot:
        game = seeks.play_computer(user, target.bot_level, ruleset, players=2 if players is None else players,
                                   rated=rated, clock=clock)
        return game.table, game
    clean = choices.clean_options(ruleset=ruleset, players=players, rated=rated, clock=clock)
    with transaction.atomic():
        table = game_services.create_table(user, **choices.table_options(clean))
        friends.send_invitation(user, table, target)
    return table, None
