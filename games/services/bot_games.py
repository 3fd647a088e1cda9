"""The cap on games a user plays against bots at once (settings.BOT_GAMES_PER_USER).

A bot's turn costs a worker seconds of thinking, so one account starting bot games without end
slows every other table's bot. The cap is checked where every such game starts, `start_table`
(play the computer, a table with bots started over REST, a rematch over REST or a socket), so
no transport can go around it. The humans' rows are locked first, in id order (docs/
architecture.md, "Lock order": the acting users' rows before a table's), so that one user's
simultaneous starts count in turn.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games import errors, selectors
from games.models import Game, Seat


def check_bot_games_quota(table_id):
    """Refuse to start a table with a bot when one of its humans already plays the most games
    against bots allowed (TooManyBotGames). Call inside the start's transaction, before the
    table's lock. A table without bots passes at once."""
    number = selectors.object_id(table_id, "table")
    seats = list(Seat.objects.filter(table_id=number).values_list("user_id", "user__is_bot"))
    if not any(is_bot for _user, is_bot in seats):
        return
    humans = sorted(user_id for user_id, is_bot in seats if not is_bot)
    users = get_user_model().objects.select_for_update().filter(pk__in=humans).order_by("pk")
    names = dict(users.values_list("pk", "username"))
    limit = settings.BOT_GAMES_PER_USER
    for user_id in humans:
        running = (Game.objects.filter(status=Game.Status.PLAYING, table__seats__user_id=user_id)
                   .filter(table__seats__user__is_bot=True).distinct().count())
        if running >= limit:
            raise errors.TooManyBotGames(
                _("%(name)s plays %(count)s games against bots already, the most allowed: "
                  "finish or resign one before starting another")
                % {"name": names.get(user_id, "?"), "count": running})
