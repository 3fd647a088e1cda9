"""Reads of fair play: an account's analysed rated games on a ladder, its band's, the norms to
score it against, the queue's evidence."""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Q

from azul.bots.analysis.fair_play import GameFigures, Norms, game_norms
from games.analysis.models import GameAnalysis, PlayerAccuracy
from ratings.models import RatingChange

from . import calibration

BAND_WIDTH = 200  # rating points of a band (by the rating before each game)


@dataclass(frozen=True)
class PlayedGame:
    game_id: int
    rating_before: float
    figures: GameFigures


def _analysed(changes) -> list[PlayedGame]:
    """The analysed games among the rating changes `changes` (a queryset): each change's seat's
    figures, the judge's analysis done and fair play's columns filled."""
    rows = {(row["game_id"], row["player_index"]): row["rating_before"]
            for row in changes.values("game_id", "player_index", "rating_before")}
    if not rows:
        return []
    figures = (PlayerAccuracy.objects
               .filter(Exists(changes.filter(game_id=OuterRef("analysis__game_id"),
                                             player_index=OuterRef("player"))),
                       analysis__status=GameAnalysis.Status.DONE, agreements__isnull=False,
                       unforced__gt=0)
               .values_list("analysis__game_id", "player", "unforced", "agreements",
                            "unforced_loss", "unforced_loss_squares"))
    return sorted((PlayedGame(game_id, rows[game_id, player],
                              GameFigures(unforced, agreements, loss, squares))
                   for game_id, player, unforced, agreements, loss, squares in figures),
                  key=lambda game: game.game_id)


def games_of(user_id: int, ladder: str) -> list[PlayedGame]:
    """The account's analysed rated games on `ladder`, oldest first."""
    return _analysed(RatingChange.objects.filter(user_id=user_id, ladder=ladder))


def band_of(games: list[PlayedGame]) -> int:
    """The lowest rating of the band the account played its games in (by their mean rating
    before the game)."""
    mean = sum(game.rating_before for game in games) / len(games) if games else 0.0
    return int(mean // BAND_WIDTH * BAND_WIDTH)


def norms_for(ladder: str, band: int, *, besides: int) -> tuple[Norms | None, str]:
    """The norms an account of `band` is scored against, and where they came from: the band's
    own analysed games (people only, the account `besides` and marked accounts left out) when it
    has FAIR_PLAY_MIN_BAND_GAMES of them, else the calibration's; none on a ladder the
    calibration does not cover. The spread between players is always the calibration's."""
    shipped = calibration.norms(ladder)
    if shipped is None:
        return None, "none"
    changes = (RatingChange.objects
               .filter(ladder=ladder, rating_before__gte=band,
                       rating_before__lt=band + BAND_WIDTH, user__is_bot=False,
                       user__fair_play_mark__isnull=True)
               .exclude(user_id=besides))
    games = _analysed(changes)
    if len(games) < settings.FAIR_PLAY_MIN_BAND_GAMES:
        return shipped, "calibration"
    return game_norms([game.figures for game in games],
                      agreement_between=shipped.agreement_between,
                      loss_between=shipped.loss_between), "band"


def rated_people_of(game_id: int) -> list[tuple[int, str]]:
    """(user id, ladder) of each person (not a bot) rated for the game."""
    return list(RatingChange.objects.filter(game_id=game_id, user__is_bot=False)
                .values_list("user_id", "ladder").order_by("user_id"))


def profiled_accounts() -> list[tuple[int, str]]:
    """(user id, ladder) of every person with a rated game on a ladder (recompute_fair_play)."""
    return list(RatingChange.objects.filter(user__is_bot=False)
                .values_list("user_id", "ladder").distinct().order_by("user_id", "ladder"))


def is_bot(user_id: int) -> bool:
    return get_user_model().objects.filter(Q(pk=user_id) & Q(is_bot=True)).exists()
