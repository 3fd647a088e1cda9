"""Requesting, running and re-dispatching game analyses (docs/analysis.md).

- `request_analysis(game_id, user)`: one analysis per finished game, shared by everyone; a new
  one is queued within the user's quota. Running games are refused (`game_not_finished`): the
  analysis never helps live play.
- `analyse_rated_game(game_id)`: a rated game's analysis, queued when it ends (games.signals.
  game_finished, after commit): nobody's quota, low priority, the game's own CPU budget
  (`automatic_node_budget`); once per game however often it is called.
- `run_analysis(analysis_id)`: the Celery task's body; at the end it stores each player's
  accuracy and grade counts (`PlayerAccuracy`, azul.bots.analysis.accuracy). Idempotent and resumable: each move judged
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
from azul.bots.analysis.accuracy import JudgedMove, player_accuracies
from azul.bots.analysis.fair_play import GameFigures
from games import replays, selectors
from games.broadcast import game_group
from games.models import Game
from games.terms import term
from kernel import dispatch as dispatch_work
from kernel.errors import require_user
from realtime import broadcast

from . import signals
from .errors import AnalysisQuota, GameNotFinished
from .models import GameAnalysis, MoveAnalysis, PlayerAccuracy

IN_FLIGHT = (GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING)
ANALYSE_GAME = "analysis.analyse_game"
# Queue priorities (0 first, 9 last): what a person asked for passes the rated games' backlog.
REQUESTED_PRIORITY = 0
AUTOMATIC_PRIORITY = 9


def node_budget():
    return settings.ANALYSIS_NODES or judge.DEFAULT_NODES


def automatic_node_budget(moves):
    """Positions per move for a rated game of `moves` moves: the game's share of
    ANALYSIS_GAME_NODES, at most the requested analyses' budget, at least ANALYSIS_MIN_NODES."""
    share = settings.ANALYSIS_GAME_NODES // max(1, moves)
    return max(min(node_budget(), settings.ANALYSIS_MIN_NODES), min(node_budget(), share))


def analyse_rated_game(game_id):
    """(analysis, created): queue the analysis of the finished rated game, with no requester and
    no quota; a game that has one (any status) keeps it. None for a game not finished or not
    rated, or with ANALYSE_RATED_GAMES off."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if (not settings.ANALYSE_RATED_GAMES or game is None or not game.table.rated
            or game.status != Game.Status.FINISHED):
        return None
    existing = GameAnalysis.objects.filter(game=game).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            analysis = GameAnalysis.objects.create(
                game=game, total=game.version, nodes=automatic_node_budget(game.version),
                engine_version=judge.ENGINE_VERSION, bot_version=judge.BOT_VERSION,
                requested_by=None)
            transaction.on_commit(lambda: dispatch(analysis.pk, priority=AUTOMATIC_PRIORITY))
            _progress_after_commit(analysis)
    except IntegrityError:  # the finish signal twice at once, or a person asking meanwhile
        return GameAnalysis.objects.get(game=game), False
    return analysis, True


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
        transaction.on_commit(lambda: dispatch(analysis.pk, priority=REQUESTED_PRIORITY))
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


def dispatch(analysis_id, priority=REQUESTED_PRIORITY):
    """Start the analysis task off the request: on a worker, or (embedded) on a pool thread, as
    bot turns do (kernel.dispatch)."""
    dispatch_work.in_background(ANALYSE_GAME, (analysis_id,), pool=dispatch_work.ANALYSES,
                                priority=priority)


def wait_for_embedded_analyses(timeout=60.0):
    return dispatch_work.ANALYSES.wait_idle(timeout)


def redispatch_analyses():
    """Re-enqueue every queued or running analysis; returns their ids. One still running on a
    live worker then runs twice at once, harmlessly: both store the same rows, once."""
    waiting = list(GameAnalysis.objects.filter(status__in=IN_FLIGHT)
                   .values_list("pk", "requested_by"))
    for analysis_id, requester in waiting:
        dispatch(analysis_id, REQUESTED_PRIORITY if requester else AUTOMATIC_PRIORITY)
    return [analysis_id for analysis_id, _requester in waiting]


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
        if status == GameAnalysis.Status.DONE:
            _store_accuracies(analysis)
            analysis_id, game_id = analysis.pk, analysis.game_id
            transaction.on_commit(lambda: signals.analysis_done.send(
                sender=GameAnalysis, analysis_id=analysis_id, game_id=game_id), robust=True)
        progress = MoveAnalysis.objects.filter(analysis=analysis).count()
        GameAnalysis.objects.filter(pk=analysis.pk).update(
            status=status, error=error, progress=progress, finished_at=timezone.now())
        analysis.status, analysis.progress, analysis.error = status, progress, error
        _progress_after_commit(analysis)


def _store_accuracies(analysis):
    """Each player's PlayerAccuracy from the stored moves (replaced: a rerun writes the same)."""
    rows = list(MoveAnalysis.objects.filter(analysis=analysis)
                .values_list("player", "loss", "grade", "forced", "played", "best"))
    moves = [JudgedMove(*row[:4]) for row in rows]
    players = analysis.game.table.players
    figures = [GameFigures.of_moves((loss, played == best)
                                    for player, loss, _grade, forced, played, best in rows
                                    if player == seat and not forced)
               for seat in range(players)]
    PlayerAccuracy.objects.filter(analysis=analysis).delete()
    PlayerAccuracy.objects.bulk_create([
        PlayerAccuracy(analysis=analysis, player=summary.player, accuracy=summary.accuracy,
                       moves=summary.moves, unforced=summary.unforced,
                       average_loss=summary.average_loss, inaccuracies=summary.inaccuracies,
                       mistakes=summary.mistakes, blunders=summary.blunders,
                       agreements=figures[summary.player].agreements,
                       unforced_loss=figures[summary.player].loss,
                       unforced_loss_squares=figures[summary.player].loss_squares)
        for summary in player_accuracies(moves, players)])


def _progress_after_commit(analysis):
    message = {"type": "analysis", "game": analysis.game_id, "status": analysis.status,
               "progress": analysis.progress, "total": analysis.total}
    text = json.dumps(message, separators=(",", ":"))
    group = game_group(analysis.game_id)
    transaction.on_commit(
        lambda: broadcast.group_send(group, {"type": "game.analysis", "text": text}))


__all__ = ["analyse_rated_game", "automatic_node_budget", "dispatch", "redispatch_analyses",
           "request_analysis", "run_analysis"]
