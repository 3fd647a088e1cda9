"""Stored English identifiers (statuses, variants, outcomes) and places as words of the reader's
language. Pages show them through the `term` and `ordinal` template filters
(games/templatetags/terms.py); services that write a message for a person call them here."""

from django.utils.translation import gettext, pgettext_lazy

# The stored values pages show as words. Their `code`s stay English in the data and the API.
TERMS = {
    # tables, games, fixtures, rounds, seasons, invitations
    "open": pgettext_lazy("status", "open"),
    "playing": pgettext_lazy("status", "playing"),
    "finished": pgettext_lazy("status", "finished"),
    "aborted": pgettext_lazy("status", "aborted"),
    "scheduled": pgettext_lazy("status", "scheduled"),
    "done": pgettext_lazy("status", "done"),
    "pending": pgettext_lazy("status", "pending"),
    "closed": pgettext_lazy("status", "closed"),
    "registration": pgettext_lazy("status", "registration"),
    "running": pgettext_lazy("status", "running"),
    "accepted": pgettext_lazy("status", "accepted"),
    "declined": pgettext_lazy("status", "declined"),
    "revoked": pgettext_lazy("status", "revoked"),
    # how a fixture was decided
    "game": pgettext_lazy("decided by", "game"),
    "deadline": pgettext_lazy("decided by", "deadline"),
    "withdrawal": pgettext_lazy("decided by", "withdrawal"),
    "override": pgettext_lazy("decided by", "override"),
    # walls and clocks
    "standard": pgettext_lazy("wall", "standard"),
    "gray": pgettext_lazy("wall", "gray"),
    "none": pgettext_lazy("clock", "none"),
    "realtime": pgettext_lazy("clock", "real time"),
    "correspondence": pgettext_lazy("clock", "correspondence"),
    # a player's result
    "win": pgettext_lazy("outcome", "win"),
    "draw": pgettext_lazy("outcome", "draw"),
    "loss": pgettext_lazy("outcome", "loss"),
    # league tie-breaks
    "points": pgettext_lazy("tie-break", "points"),
    "score": pgettext_lazy("tie-break", "score"),
    "head_to_head": pgettext_lazy("tie-break", "head to head"),
    "wins": pgettext_lazy("tie-break", "wins"),
}


def term(value):
    """The word for a stored identifier; an unknown value is shown as it is."""
    return TERMS.get(str(value), value)


def ordinal(place):
    """1 → "1st" (English), "1er" (French)."""
    place = int(place)
    if place == 1:
        return gettext("%(place)sst") % {"place": place}
    if place == 2:
        return gettext("%(place)snd") % {"place": place}
    if place == 3:
        return gettext("%(place)srd") % {"place": place}
    return gettext("%(place)sth") % {"place": place}
