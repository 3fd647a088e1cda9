"""Celery tasks of the tournaments app (thin: one service call each). Each re-reads and does
nothing if the world moved on: safe twice, late, or after the sweep did the work."""

from celery import shared_task

from . import services


@shared_task(name="tournaments.tasks.start_tournament")
def start_tournament(tournament_id):
    """Sent with an ETA at the tournament's start (the sweep is the safety net)."""
    return services.start_tournament(tournament_id)


@shared_task(name="tournaments.tasks.record_game_result")
def record_game_result(game_id):
    """A tournament game ended: decide its pairing, pair what is due next."""
    return services.record_game_result(game_id)


@shared_task(name="tournaments.tasks.advance")
def advance(tournament_id):
    """Pair what is due (a resumed tournament, an arena player back, a knockout forfeit)."""
    return services.advance(tournament_id)


@shared_task(name="tournaments.tasks.sweep")
def sweep():
    """Run by celery beat (settings.CELERY_BEAT_SCHEDULE): reminders, starts, deadlines, and
    every running tournament advanced."""
    return services.sweep()
