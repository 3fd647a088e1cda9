"""Fair play: how far an account's judged moves sit from its rating band's, in numbers.

A **profile** sums an account's analysed rated games on one ladder: unforced moves, how many of
them were the judge's best move (top-move *agreement*), the points they lost (their *mean* and
*spread*, the standard deviation per move). **Norms** are the same figures over a population
(a rating band's games, or the calibration's honest players): the mean agreement and mean loss,
their spread from game to game, and their spread from account to account.

The **scores** are two z-scores, signed so that suspicious is positive:

    z_agreement = (agreement − band agreement) / sqrt(between² + per_game² / games)
    z_loss      = (band mean loss − mean loss) / sqrt(between² + per_game² / games)

The account-to-account term (`between`) keeps an honest player who is simply better than their
band from drifting to any score as games pile up: with many games the score tends to the
player's distance from the band in units of the band's spread of players, not to infinity.
The **rule** flags an account with at least `min_games` games and `min_unforced` unforced
moves when *both* scores reach the threshold for its number of games (docs/fair-play.md; the
calibration picks each so that no honest simulated account of about that many games is flagged,
up to 1,000 games).
Pure library: no Django, no I/O.
"""

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class GameFigures:
    """One player's game, as the profile needs it (a stored PlayerAccuracy row's columns)."""

    unforced: int
    agreements: int
    loss: float  # points lost over the unforced moves
    loss_squares: float  # the sum of their squares (for the spread)

    @classmethod
    def of_moves(cls, moves: Iterable[tuple[float, bool]]) -> "GameFigures":
        """From (loss, agreed) of each unforced move."""
        unforced = agreements = 0
        loss = squares = 0.0
        for move_loss, agreed in moves:
            unforced, agreements = unforced + 1, agreements + int(agreed)
            loss, squares = loss + move_loss, squares + move_loss * move_loss
        return cls(unforced, agreements, round(loss, 2), round(squares, 2))


@dataclass(frozen=True)
class Profile:
    games: int
    unforced: int
    agreement: float  # share of unforced moves that were the judge's best, 0..1
    mean_loss: float  # points lost per unforced move
    spread: float  # standard deviation of the points lost per unforced move


def profile_of(games: Sequence[GameFigures]) -> Profile:
    unforced = sum(g.unforced for g in games)
    if not unforced:
        return Profile(len(games), 0, 0.0, 0.0, 0.0)
    mean = sum(g.loss for g in games) / unforced
    variance = max(0.0, sum(g.loss_squares for g in games) / unforced - mean * mean)
    return Profile(len(games), unforced, sum(g.agreements for g in games) / unforced, mean,
                   math.sqrt(variance))


@dataclass(frozen=True)
class Norms:
    """A population's figures: means per unforced move, standard deviations per game
    (`*_per_game`) and per account (`*_between`)."""

    games: int
    agreement: float
    agreement_per_game: float
    agreement_between: float
    mean_loss: float
    loss_per_game: float
    loss_between: float
    spread: float

    def as_dict(self) -> dict[str, float]:
        return {name: round(value, 4) for name, value in asdict(self).items()}

    def describe(self) -> str:
        return (f"{self.games} games; agreement {100 * self.agreement:.1f} % (per game ±"
                f"{100 * self.agreement_per_game:.1f}, between players ±"
                f"{100 * self.agreement_between:.1f}); points lost a move {self.mean_loss:.2f} "
                f"(per game ±{self.loss_per_game:.2f}, between players ±"
                f"{self.loss_between:.2f}); spread {self.spread:.2f}")


def game_norms(games: Sequence[GameFigures], *, agreement_between: float,
               loss_between: float) -> Norms:
    """Norms of a population's games; the account-to-account spreads come from elsewhere (a
    band rarely has enough accounts with enough games to measure them: the calibration's)."""
    played = [g for g in games if g.unforced]
    pooled = profile_of(played)
    agreements = [g.agreements / g.unforced for g in played]
    losses = [g.loss / g.unforced for g in played]
    return Norms(
        games=len(played), agreement=pooled.agreement,
        agreement_per_game=statistics.pstdev(agreements) if len(played) > 1 else 0.0,
        agreement_between=agreement_between, mean_loss=pooled.mean_loss,
        loss_per_game=statistics.pstdev(losses) if len(played) > 1 else 0.0,
        loss_between=loss_between,
        spread=statistics.fmean(_spreads(played)) if played else 0.0)


def norms_of(games: Sequence[GameFigures], accounts: Sequence[Profile]) -> Norms:
    """Norms of a population from its games and some of its accounts (for the spread between
    players: the standard deviation of their profiles' figures)."""
    return game_norms(games,
                      agreement_between=statistics.pstdev(a.agreement for a in accounts),
                      loss_between=statistics.pstdev(a.mean_loss for a in accounts))


def _spreads(games: Iterable[GameFigures]) -> list[float]:
    return [profile_of([g]).spread for g in games]


@dataclass(frozen=True)
class Scores:
    games: int
    unforced: int
    agreement: float  # z, positive when the account agrees with the judge more than its band
    loss: float  # z, positive when it loses fewer points a move than its band


def scores(profile: Profile, norms: Norms) -> Scores:
    games = max(profile.games, 1)
    return Scores(
        profile.games, profile.unforced,
        _z(profile.agreement - norms.agreement, norms.agreement_between,
           norms.agreement_per_game, games),
        _z(norms.mean_loss - profile.mean_loss, norms.loss_between, norms.loss_per_game,
           games))


def _z(distance: float, between: float, per_game: float, games: int) -> float:
    scale = math.sqrt(between * between + per_game * per_game / games)
    return round(distance / scale, 3) if scale > 0 else 0.0


@dataclass(frozen=True)
class Thresholds:
    """The rule's thresholds: from `steps` ((least games, z), by games ascending), the z of the
    last step an account's games reach; never scored below the first step's games or
    `min_unforced` unforced moves."""

    steps: tuple[tuple[int, float], ...]
    min_unforced: int

    @property
    def min_games(self) -> int:
        return self.steps[0][0]

    def z_for(self, games: int) -> float:
        z = self.steps[0][1]
        for least, step_z in self.steps:
            if games >= least:
                z = step_z
        return z

    def as_dict(self) -> dict[str, object]:
        return {"steps": [list(step) for step in self.steps], "min_unforced": self.min_unforced}

    def describe(self) -> str:
        steps = ", ".join(f"{z} from {games} games" for games, z in self.steps)
        return (f"flag when both z-scores reach {steps}; at least {self.min_unforced} unforced "
                f"moves")


# Below these an account is never scored: a handful of games says nothing of a player.
MIN_GAMES = 5
MIN_UNFORCED = 100
# Added to the highest honest score before rounding up: a margin beyond the sample.
MARGIN = 0.25


def flagged(score: Scores, thresholds: Thresholds) -> bool:
    return (score.games >= thresholds.min_games and score.unforced >= thresholds.min_unforced
            and min(score.agreement, score.loss) >= thresholds.z_for(score.games))


def calibrate_thresholds(honest: dict[int, Sequence[Scores]]) -> Thresholds:
    """Thresholds from honest accounts' scores by their number of games (MIN_GAMES or more):
    at each calibrated number, the lowest z (to 0.1, with MARGIN) that flags none of them;
    between two calibrated numbers, the stricter of the two (an honest score may drift either
    way with more games: its noise shrinks as its distance from the band grows into view); from
    the last one on, the last's (with that many games the scores have settled on the player's
    distance from the band)."""
    sizes = sorted(size for size in honest if size >= MIN_GAMES)
    if not sizes:
        raise ValueError(f"no honest accounts of {MIN_GAMES} games or more")

    def lowest_clean(size: int) -> float:
        highest = max((min(s.agreement, s.loss) for s in honest[size]
                       if s.unforced >= MIN_UNFORCED), default=0.0)
        return math.ceil((max(highest, 0.0) + MARGIN) * 10) / 10

    clean = [lowest_clean(size) for size in sizes]
    steps = [(size, max(clean[i], clean[i + 1]) if i + 1 < len(sizes) else clean[i])
             for i, size in enumerate(sizes)]
    return Thresholds(tuple(steps), MIN_UNFORCED)


__all__ = ["MARGIN", "MIN_GAMES", "MIN_UNFORCED", "GameFigures", "Norms", "Profile", "Scores",
           "Thresholds", "calibrate_thresholds", "flagged", "game_norms", "norms_of",
           "profile_of", "scores"]
