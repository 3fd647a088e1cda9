"""What an inbox line says, in the reader's language: the stored kind and facts made a sentence
at reading time (a line stored in English would stay English for a French reader)."""

from django.utils.translation import gettext as _

from .models import Notification

Kind = Notification.Kind

# game_news events (the facts' "event"), each one sentence.
_GAME_EVENTS = {
    "game_started": lambda p: _("Your game %(game)s has started.") % p,
    "game_ended": lambda p: _("Your game %(game)s is over.") % p,
}
_LEAGUE_EVENTS = {
    "fixture_started": lambda p: _("Your fixture in %(league)s has started.") % p,
    "fixture_ended": lambda p: _("Your fixture in %(league)s is over.") % p,
}
_TOURNAMENT_EVENTS = {
    "starts_soon": lambda p: _("The tournament %(tournament)s starts soon.") % p,
    "started": lambda p: _("The tournament %(tournament)s has started.") % p,
    "cancelled": lambda p: _("The tournament %(tournament)s was cancelled.") % p,
    "finished": lambda p: (_("The tournament %(tournament)s is over: you placed %(place)s.") % p
                           if p.get("place") else _("The tournament %(tournament)s is over.") % p),
    "removed": lambda p: _("The organiser took you out of the tournament %(tournament)s.") % p,
    "no_shows": lambda p: _("You missed %(count)s games of the tournament %(tournament)s and "
                            "were withdrawn.") % p,
}


def describe(line):
    """One sentence for `line` (a Notification), in the active language."""
    params = {"by": "", "table": "", "game": "", "league": "", **line.params}
    if line.kind == Kind.TABLE_INVITATION:
        return _("%(by)s invites you to table %(table)s.") % params
    if line.kind == Kind.LEAGUE_INVITATION:
        return _("%(by)s invites you to play in the league %(league)s.") % params
    if line.kind == Kind.REMATCH_OFFER:
        return _("%(by)s offers a rematch of game %(game)s.") % params
    if line.kind == Kind.YOUR_TURN:
        return _("It is your move in game %(game)s.") % params
    if line.kind == Kind.LEAGUE_NEWS:
        event = _LEAGUE_EVENTS.get(params.get("event"))
        return event(params) if event else _("News from the league %(league)s.") % params
    if line.kind == Kind.GAME_NEWS:
        event = _GAME_EVENTS.get(params.get("event"))
        return event(params) if event else _("News of your game %(game)s.") % params
    if line.kind == Kind.TOURNAMENT_NEWS:
        params = {"tournament": "", "place": "", "count": "", **line.params}
        event = _TOURNAMENT_EVENTS.get(params.get("event"))
        return event(params) if event else _("News from the tournament %(tournament)s.") % params
    if line.kind == Kind.ACCOUNT_NEWS and line.params.get("event") == "fair_play_marked":
        return _("A moderator found that your account played with outside help in rated games. "
                 "Your opponents' rating changes from those games were reverted, and your "
                 "account is off the leaderboards and tournaments.")
    return _("Something new happened.")
