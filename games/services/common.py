"""What every service of games does first: check who acts, lock and load the rows it changes."""

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games import errors, selectors, storage
from games.models import Seat, Table
from kernel.errors import require_user as require_user  # the one guard (services call common's)


def is_bot(user):
    return bool(getattr(user, "is_bot", False))


def lock_table(table_id):
    try:
        return Table.objects.select_for_update().get(pk=selectors.object_id(table_id, "table"))
    except Table.DoesNotExist:
        raise errors.NotFound(_('no table %(table_id)s') % {"table_id": table_id}) from None


def lock_game(game_id):
    """Lock the game row (the single-writer lock) and load it with its table and seats (users
    included, as `game.table.seats_in_order()`), in one query (games.storage)."""
    game = storage.lock_game(selectors.object_id(game_id, "game"))
    if game is None:
        raise errors.NotFound(_('no game %(game_id)s') % {"game_id": game_id})
    return game


def table_with_seats(table_id):
    return (
        Table.objects.select_related("creator")
        .prefetch_related(
            _seat_prefetch(),
        )
        .get(pk=table_id)
    )


def _seat_prefetch():
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("user", "replaced_by").order_by("position")
    )


def seats_of(game):
    return game.table.seats_in_order()
