"""The organisers' log as events: each AuditLog row stores its kind (`action`) and parameters
(`data`), never a sentence, and is put into words here, in the reader's language, when shown.

`describe(action, data, summary)` is pure (no queries), so the migration that converted the old
English rows can use it too. A row whose old sentence could not be read back into parameters
keeps that sentence in `summary`, shown as it is.
"""

from django.utils import formats
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def _places(data):
    return ", ".join(f"{name} {place}" for name, place in data.get("places", []))


def _moves(data):
    moves = []
    for move in data.get("moves", []):
        if isinstance(move, dict):
            words = _("%(name)s up to division %(tier)s") if move.get("up") else \
                _("%(name)s down to division %(tier)s")
            moves.append(words % {"name": move.get("name", "?"), "tier": move.get("tier", "?")})
        else:
            moves.append(str(move))  # an old row's English words, kept as they were
    return "; ".join(moves)


def _moment(value):
    moment = parse_datetime(value) if isinstance(value, str) else None
    return formats.date_format(moment, "Y-m-d H:i") if moment else "?"


def _start_season(data):
    players, divisions, rounds = (data.get(k, 0) for k in ("players", "divisions", "rounds"))
    return _("started season %(season)s: %(players)s, %(divisions)s, %(rounds)s") % {
        "season": data.get("season", "?"),
        "players": ngettext("%(count)s player", "%(count)s players", players) % {"count": players},
        "divisions": ngettext("%(count)s division", "%(count)s divisions", divisions) % {"count": divisions},
        "rounds": ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds},
    }


def _close_season(data):
    moves = _moves(data)
    if moves:
        return _("closed season %(season)s: %(moves)s") % {"season": data.get("season", "?"), "moves": moves}
    return _("closed season %(season)s") % {"season": data.get("season", "?")}


def _set_organiser(data):
    if data.get("organiser", True):
        return _("made %(name)s an organiser") % data
    return _("removed %(name)s as organiser") % data


def _site_rules(data):
    changes = []
    if data.get("days_per_move"):
        changes.append(_("the clock to correspondence, %(days)s days per move") % {"days": data["days_per_move"]})
    if data.get("round_hours"):
        changes.append(_("rounds to %(hours)s hours") % {"hours": data["round_hours"]})
    return _("the site set %(changes)s") % {"changes": _(" and ").join(changes)}


RENDERERS = {
    "create_league": lambda d: _("%(name)s created the league") % d,
    "remove_player": lambda d: _("removed %(name)s") % d,
    "withdraw_player": lambda d: _("withdrew %(name)s") % d,
    "set_organiser": _set_organiser,
    "invite_player": lambda d: _("invited %(name)s") % d,
    "revoke_invitation": lambda d: _("revoked the invitation of %(name)s") % d,
    "accept_invitation": lambda d: _("%(name)s accepted the invitation") % d,
    "decline_invitation": lambda d: _("%(name)s declined the invitation") % d,
    "reset_invite_link": lambda d: _("made a new invite link"),
    "revoke_invite_link": lambda d: _("revoked the invite link"),
    "update_season": lambda d: _("set the dates of season %(season)s") % d,
    "start_season": _start_season,
    "close_season": _close_season,
    "override_result": lambda d: _("set the result of fixture %(fixture)s: %(places)s") % {
        "fixture": d["fixture"], "places": _places(d)},
    "extend_deadline": lambda d: _("extended fixture %(fixture)s to %(until)s UTC") % {
        "fixture": d["fixture"], "until": _moment(d.get("after"))},
    "site_rules": _site_rules,
}


def describe(action, data, summary=""):
    """The row in words, in the active language; an unconverted old row's own sentence."""
    if summary:
        return summary
    renderer = RENDERERS.get(action)
    try:
        return renderer(data or {}) if renderer else action.replace("_", " ")
    except (KeyError, TypeError, ValueError):
        return action.replace("_", " ")
