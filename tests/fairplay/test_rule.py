"""The fair-play rule on hand-built profiles, and on simulated players' judged games
(azul.bots.analysis.fair_play; docs/fair-play.md): no Django, no database."""

import pytest

from azul.bots.analysis.fair_play import (
    MIN_GAMES,
    GameFigures,
    Norms,
    Profile,
    Scores,
    Thresholds,
    calibrate_thresholds,
    flagged,
    game_norms,
    profile_of,
    scores,
)
from azul.bots.analysis.simulation import SIMULATED_PLAYERS, judged_moves

NORMS = Norms(games=500, agreement=0.30, agreement_per_game=0.15, agreement_between=0.10,
              mean_loss=2.0, loss_per_game=0.8, loss_between=0.5, spread=2.0)
RULE = Thresholds(steps=((5, 2.5),), min_unforced=100)


def profile(games, agreement, mean_loss, unforced_per_game=40):
    return Profile(games, games * unforced_per_game, agreement, mean_loss, 1.0)


def test_the_profile_sums_games_per_move():
    games = [GameFigures.of_moves([(0.0, True), (2.0, False)]),
             GameFigures.of_moves([(4.0, False), (0.0, True), (0.0, True), (0.0, False)])]
    summary = profile_of(games)
    assert (summary.games, summary.unforced) == (2, 6)
    assert summary.agreement == pytest.approx(3 / 6)
    assert summary.mean_loss == pytest.approx(1.0)
    # losses 0, 2, 4, 0, 0, 0: mean 1, mean of squares 20/6
    assert summary.spread == pytest.approx((20 / 6 - 1) ** 0.5)


def test_an_account_like_its_band_is_not_flagged_and_a_perfect_one_is():
    assert not flagged(scores(profile(50, 0.30, 2.0), NORMS), RULE)
    cheat = scores(profile(50, 0.95, 0.05), NORMS)
    assert cheat.agreement > RULE.z_for(50)
    assert cheat.loss > RULE.z_for(50)
    assert flagged(cheat, RULE)


def test_both_scores_must_reach_the_threshold():
    agrees_only = scores(profile(50, 0.95, 2.0), NORMS)  # the top move, yet blunders between
    loses_little_only = scores(profile(50, 0.30, 0.05), NORMS)
    assert agrees_only.agreement > RULE.z_for(50)
    assert not flagged(agrees_only, RULE)
    assert loses_little_only.loss > RULE.z_for(50)
    assert not flagged(loses_little_only, RULE)


def test_too_few_games_or_moves_are_never_flagged():
    assert not flagged(scores(profile(MIN_GAMES - 1, 1.0, 0.0), NORMS), RULE)
    assert not flagged(scores(profile(10, 1.0, 0.0, unforced_per_game=5), NORMS), RULE)
    assert flagged(scores(profile(10, 1.0, 0.0), NORMS), RULE)


def test_a_strong_honest_player_does_not_drift_to_any_score_with_more_games():
    """The spread between players bounds the score of a player who is simply better than the
    band: (0.45 - 0.30) / 0.10 = 1.5 at most, however many games."""
    by_games = [scores(profile(games, 0.45, 1.5), NORMS).agreement
                for games in (5, 50, 1000, 100_000)]
    assert by_games == sorted(by_games)
    assert by_games[-1] == pytest.approx(1.5, abs=0.01)
    assert not flagged(scores(profile(100_000, 0.45, 1.0), NORMS), RULE)


def test_the_calibrated_thresholds_are_above_every_honest_score_of_their_number_of_games():
    honest = {
        5: [Scores(5, 200, 1.2, 0.4), Scores(5, 200, 3.0, 1.5)],  # highest min(z): 1.5
        20: [Scores(20, 800, 2.04, 2.3)],  # 2.04
        1000: [Scores(1000, 40_000, 1.0, 1.2)],  # 1.0
        2: [Scores(2, 80, 9.0, 9.0)],  # too few games: not scored, so not counted
    }
    picked = calibrate_thresholds(honest)
    # + 0.25 margin, rounded up to 0.1: 1.8, 2.3, 1.3; between two numbers the stricter.
    assert picked.steps == ((5, 2.3), (20, 2.3), (1000, 1.3))
    assert (picked.min_games, picked.z_for(4), picked.z_for(999), picked.z_for(10**6)) == (
        5, 2.3, 2.3, 1.3)
    assert not any(flagged(score, picked) for scores_ in honest.values() for score in scores_)
    assert flagged(Scores(1000, 40_000, 1.3, 1.4), picked)
    assert not flagged(Scores(999, 40_000, 1.3, 1.4), picked)


def test_band_norms_come_from_its_games():
    games = [GameFigures(40, 10, 80.0, 400.0), GameFigures(40, 20, 40.0, 200.0)]
    norms = game_norms(games, agreement_between=0.1, loss_between=0.5)
    assert norms.games == 2
    assert norms.agreement == pytest.approx(30 / 80)
    assert norms.agreement_per_game == pytest.approx(0.125)
    assert norms.mean_loss == pytest.approx(1.5)
    assert norms.loss_per_game == pytest.approx(0.5)


def test_a_simulated_cheater_at_70_percent_is_flagged_in_ten_games_and_an_honest_player_not():
    """Ten classic games each, judged move by move as the site judges them (the bench's
    budgets): an account playing the master's move in 70 % of its moves is flagged
    (docs/fair-play.md: 98.9 % of such accounts are at 10 games, all at 20); the strongest
    honest kind of the calibration, the strong bot at a short budget, is not. Against the
    shipped norms and threshold, as a band with too few games would be."""
    games = 10
    from fairplay import calibration  # the shipped figures, read without Django

    norms, rule = calibration.norms("classic-2p"), calibration.thresholds("classic-2p")

    def account(kind):
        return profile_of([GameFigures.of_moves((m.loss, m.agreed)
                                                for m in judged_moves(SIMULATED_PLAYERS[kind],
                                                                      "classic", seed)
                                                if not m.forced)
                           for seed in range(100, 100 + games)])

    cheater, honest = scores(account("cheat-70"), norms), scores(account("strong-short"), norms)
    assert flagged(cheater, rule), cheater
    assert not flagged(honest, rule), honest
