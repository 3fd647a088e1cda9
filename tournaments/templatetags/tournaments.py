"""Template tags of the tournament pages, and `{% tournament_game_link table_id %}`: a tournament
game's table and replay pages name its tournament and round, linking back, for viewers who may
see the tournament. A template tag, so the games app knows nothing of tournaments."""

from django import template

from tournaments import selectors
from tournaments.forms import FORMAT_NAMES

register = template.Library()


@register.filter
def format_name(value):
    """A stored format ("multi_swiss") in the reader's language."""
    return FORMAT_NAMES.get(value, value)


@register.filter
def minutes(seconds):
    """Whole minutes of a clock's bank (90 s shows as 1.5)."""
    value = (seconds or 0) / 60
    return int(value) if value.is_integer() else round(value, 1)


@register.inclusion_tag("tournaments/_game_link.html", takes_context=True)
def tournament_game_link(context, table_id):
    pairing = selectors.tournament_of_table(table_id)
    request = context.get("request")
    if pairing is not None and request is not None:
        code = request.session.get(f"tournament-code-{pairing.tournament_id}")
        if not selectors.can_see(pairing.tournament, request.user, code):
            pairing = None
    return {"pairing": pairing}
