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
        return _("News from the tournament %(tournament)s.") % {"tournament": "", **line.params}
    return _("Something new happened.")
