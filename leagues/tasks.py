"""Celery tasks of the leagues app (thin: one service call each)."""

from celery import shared_task

from . import services


@shared_task(name="leagues.tasks.close_overdue_fixtures")
def close_overdue_fixtures():
    """Run by celery beat (settings.CELERY_BEAT_SCHEDULE): apply deadline rules, open rounds."""
    return services.close_overdue_fixtures()


@shared_task(name="leagues.tasks.record_game_result")
def record_game_result(game_id):
    """A game ended: record its fixture's result (idempotent), maybe open the next round."""
    return services.record_game_result(game_id)
