"""Celery tasks of the puzzles: thin wrappers around puzzles.services."""

from celery import shared_task

from . import services


@shared_task(name="puzzles.mine_analysis", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def mine_analysis(analysis_id):
    """Mine an analysed game's puzzles (once per analysis)."""
    return services.mine_analysis(analysis_id)
