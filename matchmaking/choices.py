"""The choices of quick play and challenges: the game (classic for 2 to 4 players, or Duel), rated
or casual, and a clock, given as one of the named presets (bullet to correspondence) or as the
clock object tables take. Checked by the games app's own rules (games.services.options), so a
choice quick play accepts is one a table accepts; a refusal is matchmaking's `invalid`.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import services as game_services
from games.errors import GameError

from . import errors

# The clocks offered by name, fastest first (lichess's families; Azul's turns are longer than
# chess moves, so each is a little roomier). "untimed" has no clock at all.
CLOCK_PRESETS = {
    "bullet": {"kind": "realtime", "base_seconds": 60, "increment_seconds": 1},
    "blitz": {"kind": "realtime", "base_seconds": 180, "increment_seconds": 2},
    "rapid": {"kind": "realtime", "base_seconds": 600, "increment_seconds": 5},
    "classical": {"kind": "realtime", "base_seconds": 1800, "increment_seconds": 20},
    "correspondence": {"kind": "correspondence", "days_per_move": 3},
    "untimed": {"kind": "none"},
}
CLOCK_LABELS = {
    "bullet": gettext_lazy("Bullet (1 min + 1 s)"),
    "blitz": gettext_lazy("Blitz (3 min + 2 s)"),
    "rapid": gettext_lazy("Rapid (10 min + 5 s)"),
    "classical": gettext_lazy("Classical (30 min + 20 s)"),
    "correspondence": gettext_lazy("Correspondence (3 days)"),
    "untimed": gettext_lazy("No clock"),
}
# The games quick play offers: (ruleset, players).
GAMES = {
    "classic-2": ("classic", 2),
    "classic-3": ("classic", 3),
    "classic-4": ("classic", 4),
    "duel": ("duel", 2),
}
GAME_LABELS = {
    "classic-2": gettext_lazy("Azul, 2 players"),
    "classic-3": gettext_lazy("Azul, 3 players"),
    "classic-4": gettext_lazy("Azul, 4 players"),
    "duel": gettext_lazy("Azul Duel"),
}

TABLE_FIELDS = ["players", "ruleset", "rated", "clock_kind", "clock_base_seconds",
                "clock_increment_seconds", "clock_days_per_move"]


def clock_of(clock):
    """The clock object of a preset's name, or the object itself; None: untimed."""
    if clock is None or isinstance(clock, dict):
        return clock
    if isinstance(clock, str) and clock in CLOCK_PRESETS:
        return dict(CLOCK_PRESETS[clock])
    raise errors.Invalid(_("clock must be one of %(names)s, or a clock object")
                         % {"names": ", ".join(CLOCK_PRESETS)})


def clean_options(*, ruleset="classic", players=None, rated=False, clock=None, bots=()):
    """The table's options (TABLE_FIELDS, and bot_seats) of these choices, or errors.Invalid."""
    if players is None:
        players = 2
    try:
        return game_services.validate_table_options(
            players=players, ruleset=ruleset, rated=rated, clock=clock_of(clock), bots=list(bots))
    except GameError as error:
        raise errors.Invalid(error.detail) from None


def table_options(clean):
    """The keyword arguments of games.services.create_table for cleaned options."""
    return {"players": clean["players"], "ruleset": clean["ruleset"], "rated": clean["rated"],
            "clock": {"kind": clean["clock_kind"], "base_seconds": clean["clock_base_seconds"],
                      "increment_seconds": clean["clock_increment_seconds"],
                      "days_per_move": clean["clock_days_per_move"]}}
