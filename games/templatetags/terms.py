"""Template filters that show stored English identifiers (statuses, variants, outcomes) and
places in the page's language: ``{{ fixture.status|term }}``, ``{{ place|ordinal }}``."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext_lazy

from azulsite.elision import elide_before_name

register = template.Library()

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


@register.filter
def term(value):
    """The word for a stored identifier; an unknown value is shown as it is."""
    return TERMS.get(str(value), value)


@register.filter
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


@register.filter(is_safe=True)
def elide_before(sentence, name):
    """``{{ title|elide_before:shown_name }}`` on a `blocktranslate … asvar` sentence (already
    escaped): French « table d’Alice » (azulsite.elision)."""
    return mark_safe(elide_before_name(str(sentence), str(conditional_escape(name)), get_language() or ""))
