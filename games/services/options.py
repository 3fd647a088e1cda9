"""The options of a new table, checked and normalised in one place (the lobby form, the API,
league fixtures and seeks all come through here)."""

from django.utils.translation import gettext as _

from games import errors, game_rules
from games.bot_accounts import bot_levels
from games.models import Table

MAX_BASE_SECONDS = 3 * 60 * 60
MAX_INCREMENT_SECONDS = 10 * 60
MAX_DAYS_PER_MOVE = 30


def _int_option(options, name, default=0):
    value = options.get(name, default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int):
        raise errors.Invalid(_('%(name)s must be an integer') % {"name": name})
    if value < 0:
        raise errors.Invalid(_('%(name)s must not be negative') % {"name": name})
    return value


def validate_table_options(
    *,
    players=None,
    variant="standard",
    rated=False,
    ruleset="classic",
    clock=None,
    bots=(),
):
    """Check and normalise the options of a new table; raise errors.Invalid naming the field."""
    if ruleset not in Table.Ruleset.values:
        raise errors.Invalid(_('ruleset must be one of %(join)s') % {"join": ', '.join(Table.Ruleset.values)})
    counts = game_rules.PLAYER_COUNTS[ruleset]
    if players is None and len(counts) == 1:
        players = counts[0]  # Azul Duel: the seat count goes without saying
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        allowed = ", ".join(map(str, counts[:-1])) + " or " * (len(counts) > 1) + str(counts[-1])
        raise errors.Invalid(
            _('players must be %(allowed)s for %(ruleset)s') % {"allowed": allowed, "ruleset": ruleset}
        )
    if variant not in Table.Variant.values:
        raise errors.Invalid(_('variant must be one of %(join)s') % {"join": ', '.join(Table.Variant.values)})
    if not game_rules.HAS_VARIANTS[ruleset]:
        variant = Table.Variant.STANDARD  # a ruleset without wall variants ignores the choice
    if not isinstance(rated, bool):
        raise errors.Invalid(_("rated must be true or false"))

    clock = dict(clock or {})
    kind = clock.get("kind") or Table.ClockKind.NONE
    if kind not in Table.ClockKind.values:
        raise errors.Invalid(_('clock.kind must be one of %(join)s') % {"join": ', '.join(Table.ClockKind.values)})
    base = _int_option(clock, "base_seconds")
    increment = _int_option(clock, "increment_seconds")
    days = _int_option(clock, "days_per_move")
    if kind == Table.ClockKind.REALTIME:
        if not 0 < base <= MAX_BASE_SECONDS:
            raise errors.Invalid(
                _('a realtime clock needs base_seconds in 1..%(max_base_seconds)s')
                % {"max_base_seconds": MAX_BASE_SECONDS}
            )
        if increment > MAX_INCREMENT_SECONDS:
            raise errors.Invalid(
                _('increment_seconds must be at most %(max_increment_seconds)s')
                % {"max_increment_seconds": MAX_INCREMENT_SECONDS}
            )
        days = 0
    elif kind == Table.ClockKind.CORRESPONDENCE:
        if not 1 <= days <= MAX_DAYS_PER_MOVE:
            raise errors.Invalid(
                _('a correspondence clock needs days_per_move in 1..%(max_days_per_move)s')
                % {"max_days_per_move": MAX_DAYS_PER_MOVE}
            )
        base = increment = 0
    else:
        base = increment = days = 0

    if bots is None:
        bots = ()
    if not isinstance(bots, list | tuple):
        raise errors.Invalid(_("bots must be a list of {seat, level}"))
    levels = bot_levels()
    bot_seats = {}
    for bot in bots:
        if not isinstance(bot, dict):
            raise errors.Invalid(_("bots must be a list of {seat, level}"))
        seat, level = bot.get("seat"), bot.get("level")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise errors.Invalid(_('bot seat must be in 0..%(players_1)s') % {"players_1": players - 1})
        if seat in bot_seats:
            raise errors.Invalid(_('seat %(seat)s is given two bots') % {"seat": seat})
        if level not in levels:
            raise errors.Invalid(_('bot level must be one of %(join)s') % {"join": ', '.join(levels)})
        bot_seats[seat] = level
    if len(bot_seats) >= players:
        raise errors.Invalid(_("leave at least one seat for the creator"))

    return {
        "players": players,
        "variant": variant,
        "rated": rated,
        "ruleset": ruleset,
        "clock_kind": kind,
        "clock_base_seconds": base,
        "clock_increment_seconds": increment,
        "clock_days_per_move": days,
        "bot_seats": bot_seats,
    }
