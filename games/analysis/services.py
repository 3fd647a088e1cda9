"""Requesting, running and re-dispatching game analyses (docs/analysis.md).

- `request_analysis(game_id, user)`: one analysis per finished game, shared by everyone; a new
  one is queued within the user's quota. Running games are refused (`game_not_finished`): the
  analysis never helps live play.
- `run_analysis(analysis_id)`: the Celery task's body. Idempotent and resumable: each move judged
  is stored in its own transaction (unique per analysis and move), a rerun skips the moves
  already stored, and the judge is deterministic (fixed node budget, rng from the game and the
  move number, never the seed), so a resumed analysis ends with the rows an unbroken one has.
- `redispatch_analyses()`: every starting worker (settings.WORKER_STARTUP_TASKS) re-enqueues the
  queued and running analyses, as bot turns are: a killed worker's task would otherwise wait
  for the broker's visibility timeout.
Progress goes to the game's socket group after each commit (`analysis` messages).
"""

import json
import random
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from azul.bots import analysis as judge
from games import replays, selectors
from games.broadcast import game_group
from games.models import Game
from games.terms import term
from kernel import dispatch as dispatch_work
from kernel.errors import require_user
from realtime import broadcast

from .errors import AnalysisQuota, GameNotFinished
from .models import GameAnalysis, MoveAnalysis

IN_FLIGHT = (GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING)
ANALYSE_GAME = "analysis.analyse_game"


def node_budget():
    return settings.ANALYSIS_NODES or judge.DEFAULT_NODES


def request_analysis(game_id, user):
    """(analysis, created): the game's analysis, queued now if it had none (or had failed)."""
    require_user(user)
    game = selectors.get_game(game_id)
    if game.status != Game.Status.FINISHED:
        raise GameNotFinished(
            _("game %(game_id)s is %(status)s: only finished games are analysed")
            % {"game_id": game.pk, "status": term(game.status)})
    with transaction.atomic():
        # The acting user's row first (docs/architecture.md, lock order): their requests count
        # in turn, so a burst cannot slip past the quota.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        existing = GameAnalysis.objects.select_for_update().filter(game=game).first()
        if existing is not None and existing.status != GameAnalysis.Status.FAILED:
            return existing, False
        _check_quota(user)
        if existing is not None:  # failed before: try again, keeping the moves already judged
            existing.status, existing.error = GameAnalysis.Status.QUEUED, ""
            existing.requested_by = user
            existing.save(update_fields=["status", "error", "requested_by"])
            analysis = existing
        else:
            try:
                with transaction.atomic():
                    analysis = GameAnalysis.objects.create(
                        game=game, total=game.version, nodes=node_budget(),
                        engine_version=judge.ENGINE_VERSION, bot_version=judge.BOT_VERSION,
                        requested_by=user)
            except IntegrityError:  # someone else asked for this game at the same moment
                return GameAnalysis.objects.get(game=game), False
        transaction.on_commit(lambda: dispatch(analysis.pk))
        _progress_after_commit(analysis)
    return analysis, True


def _check_quota(user):
    mine = GameAnalysis.objects.filter(requested_by=user)
    if mine.filter(status__in=IN_FLIGHT).count() >= settings.ANALYSES_IN_FLIGHT_PER_USER:
        raise AnalysisQuota(
            _("at most %(count)s of your analyses may wait or run at once: wait for one to finish")
            % {"count": settings.ANALYSES_IN_FLIGHT_PER_USER})
    since = timezone.now() - timedelta(days=1)
    if mine.filter(requested_at__gte=since).count() >= settings.ANALYSES_PER_DAY:
        raise AnalysisQuota(
            _("at most %(count)s analyses a day") % {"count": settings.ANALYSES_PER_DAY})


# --- dispatching -------------------------------------------------------------------------------


def dispatch(analysis_id):
    """Start the analysis task off the request: on a worker, or (embedded) on a pool thread, as
    bot turns do (kernel.dispatch)."""
    dispatch_work.in_background(ANALYSE_GAME, (analysis_id,), pool=dispatch_work.ANALYSES)


def wait_for_embedded_analyses(timeout=60.0):
    return dispatch_work.ANALYSES.wait_idle(timeout)


def redispatch_analyses():
    """Re-enqueue every queued or running analysis; returns their ids. One still running on a
    live worker then runs twice at once, harmlessly: both store the same rows, once."""
    ids = list(GameAnalysis.objects.filter(status__in=IN_FLIGHT).values_list("pk", flat=True))
    for analysis_id in ids:
        dispatch(analysis_id)
    return ids


# --- running -----------------------------------------------------------------------------------


def run_analysis(analysis_id):
    """Judge every move of the analysis' game not judged yet; returns the final status."""
    analysis = GameAnalysis.objects.select_related("game__table").filter(pk=analysis_id).first()
    if analysis is None or analysis.status == GameAnalysis.Status.DONE:
        return None if analysis is None else analysis.status
    game = analysis.game
    GameAnalysis.objects.filter(pk=analysis.pk, started_at__isnull=True).update(
        started_at=timezone.now())
    GameAnalysis.objects.filter(pk=analysis.pk).update(status=GameAnalysis.Status.RUNNING,
                                                      total=game.version)
    records = replays.move_records(game)
    states = replays.rebuild_states(game, records)
    done = set(MoveAnalysis.objects.filter(analysis=analysis).values_list("ply", flat=True))
    try:
        for record, before in zip(records, states, strict=False):
            if record.number in done:
                continue
            verdict = judge.judge_move(before, record.move, nodes=analysis.nodes,
                                       rng=random.Random(f"analysis:{game.pk}:{record.number}"))
            _store(analysis, record, verdict)
    except Exception as exc:
        _finish(analysis, GameAnalysis.Status.FAILED, f"{type(exc).__name__}: {exc}"[:200])
        raise
    _finish(analysis, GameAnalysis.Status.DONE)
    return GameAnalysis.Status.DONE


def _store(analysis, record, verdict):
    with transaction.atomic():
        MoveAnalysis.objects.bulk_create([MoveAnalysis(
            analysis=analysis, ply=record.number, player=record.player_index, played=record.move,
            best=verdict.best.to_dict(), played_margin=verdict.played_margin,
            best_margin=verdict.best_margin, loss=verdict.loss, grade=verdict.grade,
            forced=verdict.forced, depth=verdict.depth,
        )], ignore_conflicts=True)  # another worker stored it first: the same row
        progress = MoveAnalysis.objects.filter(analysis=analysis).count()
        GameAnalysis.objects.filter(pk=analysis.pk).update(progress=progress)
        analysis.progress, analysis.status = progress, GameAnalysis.Status.RUNNING
        _progress_after_commit(analysis)


def _finish(analysis, status, error=""):
    with transaction.atomic():
        progress = MoveAnalysis.objects.filter(analysis=analysis).count()
        GameAnalysis.objects.filter(pk=analysis.pk).update(
            status=status, error=error, progress=progress, finished_at=timezone.now())
        analysis.status, analysis.progress, analysis.error = status, progress, error
        _progress_after_commit(analysis)


def _progress_after_commit(analysis):
    message = {"type": "analysis", "game": analysis.game_id, "status": analysis.status,
               "progress": analysis.progress, "total": analysis.total}
    text = json.dumps(message, separators=(",", ":"))
    group = game_group(analysis.game_id)
    transaction.on_commit(
        lambda: broadcast.group_send(group, {"type": "game.analysis", "text": text}))


__all__ = ["dispatch", "redispatch_analyses", "request_analysis", "run_analysis"]
