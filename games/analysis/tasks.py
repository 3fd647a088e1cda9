"""Celery tasks of game analysis: thin wrappers around games.analysis.services."""

from celery import shared_task

from . import services


@shared_task(
    name="analysis.analyse_game",
    ignore_result=True,
    acks_late=True,  # a worker killed mid-analysis leaves the message for another worker
    reject_on_worker_lost=True,
)
def analyse_game(analysis_id):
    """Judge the moves of the analysis not judged yet (idempotent, resumable)."""
    return services.run_analysis(analysis_id)


@shared_task(name="analysis.redispatch_analyses", ignore_result=True)
def redispatch_analyses():
    """Run once by every starting worker (settings.WORKER_STARTUP_TASKS)."""
    return services.redispatch_analyses()
