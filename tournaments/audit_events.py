"""The tournament's audit log as events: each row stores its kind (`action`) and parameters
(`data`), never a sentence, and is put into words here, in the reader's language, when shown.
Pure (no queries)."""

from django.utils.translation import gettext as _

RENDERERS = {
    "create_tournament": lambda d: _("%(name)s created the tournament") % d,
    "start_tournament": lambda d: _("started the tournament with %(players)s players") % d,
    "cancel_tournament": lambda d: _("cancelled the tournament") % d,
    "not_enough_players": lambda d: _(
        "the tournament was cancelled at its start: %(players)s players, %(needed)s needed") % d,
    "pause_tournament": lambda d: _("paused the tournament") % d,
    "resume_tournament": lambda d: _("resumed the tournament") % d,
    "remove_player": lambda d: _("removed %(name)s") % d,
    "add_bot": lambda d: _("added the bot %(name)s") % d,
    "no_shows": lambda d: _("%(name)s was withdrawn after missing %(count)s games") % d,
}


def describe(action, data):
    """The row in words, in the active language."""
    renderer = RENDERERS.get(action)
    try:
        return renderer(data or {}) if renderer else action.replace("_", " ")
    except (KeyError, TypeError, ValueError):
        return action.replace("_", " ")
