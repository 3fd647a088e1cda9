"""The limits of leagues, the fixture lock every result takes, and the season lock of the
organiser's actions."""

from leagues import checks, errors
from leagues.models import Fixture, Round, Season

MAX_ROUND_HOURS = 90 * 24
# Consent (docs/leagues.md): an organiser picks the clock for every player of the league, and
# fixtures start when their round opens, whoever is at the board. So a league's clock must leave
# a human time to move: correspondence (at least a day per move) or none, and rounds of a day or
# more. A realtime clock would run from the round's opening, with nobody there.
LEAGUE_CLOCK_KINDS = ("correspondence", "none")
MIN_ROUND_HOURS = 24
MAX_DIVISIONS = 12
DEFAULT_CLOCK = {"kind": "correspondence", "days_per_move": 3}
# Planned dates an organiser sets are at most this far ahead.
MAX_PLANNING_DAYS = 2 * 365


def lock_fixture(fixture_id):
    """Lock a fixture in the documented order (docs/architecture.md, "Lock order"): its season,
    then its round, then the fixture. Deciding a fixture may close its round and end its season,
    which withdrawing a player locks first: locking upwards from the fixture could deadlock."""
    ids = Fixture.objects.filter(pk=fixture_id).values_list("round__season_id", "round_id").first()
    if ids is None:
        return None
    season_id, round_id = ids
    Season.objects.select_for_update().get(pk=season_id)
    Round.objects.select_for_update().get(pk=round_id)
    return (
        Fixture.objects.select_for_update()
        .select_related("round__season__league")
        .get(pk=fixture_id)
    )


def lock_organised_season(season_id, by_user, status, refusal):
    """Lock a season for an action of its organiser: NotFound, NotOrganiser, or WrongState with
    `refusal` unless the season is in `status`."""
    season = checks.get_row(Season, season_id, "season", lock=True)
    checks.require_organiser(season.league, by_user)
    if season.status != status:
        raise errors.WrongState(refusal)
    return season
