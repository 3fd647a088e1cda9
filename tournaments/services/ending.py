"""The end of a tournament: its standings frozen and published, its players told their place."""

from tournaments import broadcast, payloads, selectors
from tournaments.models import Round, Tournament

from .common import active_entries, tell


def finish(tournament, now):
    """Under the tournament's lock: the standings as they stand become final."""
    rows = selectors.current_standings(tournament)
    tournament.standings = payloads.standings_payload(rows)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["standings", "status", "finished_at"])
    Round.objects.filter(tournament=tournament, status=Round.Status.PLAYING).update(
        status=Round.Status.DONE, finished_at=now)
    places = {row.player.entry: row.place for row in rows}
    for entry in active_entries(tournament):
        tell([entry], "finished", tournament, place=places.get(entry.pk))
    broadcast.tournament_changed(tournament.pk)
