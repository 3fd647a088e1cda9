"""Analysed rated games for the fair-play tests, written as rows.

A real analysis costs seconds a game (tests/fairplay/test_profiles.py runs one through the whole
path); a profile needs five games or more, so these tests write the rows the analysis leaves
(GameAnalysis done, one PlayerAccuracy per seat with fair play's figures) on games built by
tests/ratings/factories.py and rated by the real ratings service."""

from django.utils import timezone

from azul.bots.analysis.fair_play import GameFigures
from games.analysis.models import GameAnalysis, PlayerAccuracy
from ratings import services as ratings
from tests.ratings.factories import finished_game

UNFORCED = 40  # unforced moves a seat in each built game


def figures(agreement, mean_loss, unforced=UNFORCED):
    """A game's figures with this agreement and points lost a move (spread 1 point)."""
    loss = mean_loss * unforced
    return GameFigures(unforced, round(agreement * unforced), round(loss, 2),
                       round(unforced * (mean_loss * mean_loss + 1.0), 2))


def analysed_rated_game(users, by_seat, *, seed):
    """A finished rated game of `users`, rated, and analysed with `by_seat[i]` as seat i's
    figures (GameFigures)."""
    game = finished_game(users, rng_seed=seed)
    assert ratings.rate_one_game(game.pk)
    now = timezone.now()
    analysis = GameAnalysis.objects.create(
        game=game, status=GameAnalysis.Status.DONE, progress=game.version, total=game.version,
        nodes=1, engine_version="test", bot_version="test", started_at=now, finished_at=now)
    PlayerAccuracy.objects.bulk_create([
        PlayerAccuracy(analysis=analysis, player=seat, accuracy=90.0, moves=seat_figures.unforced,
                       unforced=seat_figures.unforced,
                       average_loss=round(seat_figures.loss / seat_figures.unforced, 2),
                       inaccuracies=0, mistakes=0, blunders=0,
                       agreements=seat_figures.agreements, unforced_loss=seat_figures.loss,
                       unforced_loss_squares=seat_figures.loss_squares)
        for seat, seat_figures in enumerate(by_seat)])
    return game
