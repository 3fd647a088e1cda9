"""Every change to leagues happens in this package, one module per concern:

- membership: leagues and their members (create, join, leave, remove, organisers);
- seasons: plan, start (tiers and divisions), close (promotion and relegation);
- rounds: open a round, start its fixtures' games, record results, close the round;
- deadlines: fixtures past their round's deadline;
- organiser: the organiser's actions on a running season (withdraw, override, extend);
- common: the limits, and the fixture lock that every result takes.
Invitations and the invite link are in leagues.services.invitations.

Organiser actions check the organiser role and write an AuditLog row in the same transaction.
Fixture games are created and ended only through `games.services` (the single writer of games);
a game's end reaches `record_game_result` through the `game_finished` signal (after its commit).
Bad input raises a `leagues.errors.LeagueError` and changes nothing.

The names below are the package's public ones: the edges and other apps call them here.
"""

from leagues import checks

from .common import (
    DEFAULT_CLOCK,
    LEAGUE_CLOCK_KINDS,
    MAX_DIVISIONS,
    MAX_PLANNING_DAYS,
    MAX_ROUND_HOURS,
    MIN_ROUND_HOURS,
)
from .deadlines import close_overdue_fixtures
from .membership import (
    check_registration,
    create_league,
    join_league,
    leave_league,
    make_player,
    remove_player,
    set_organiser,
    validate_league_options,
)
from .organiser import extend_deadline, override_result, withdraw_leaving_account, withdraw_player
from .rounds import record_game_result
from .seasons import close_season, start_season, update_season

is_organiser = checks.is_organiser  # the views and the API ask here

__all__ = [
    "DEFAULT_CLOCK", "LEAGUE_CLOCK_KINDS", "MAX_DIVISIONS", "MAX_PLANNING_DAYS", "MAX_ROUND_HOURS",
    "MIN_ROUND_HOURS", "check_registration", "close_overdue_fixtures", "close_season",
    "create_league", "extend_deadline", "is_organiser", "join_league", "leave_league",
    "make_player", "override_result", "record_game_result", "remove_player", "set_organiser",
    "start_season", "update_season", "validate_league_options", "withdraw_leaving_account",
    "withdraw_player",
]
