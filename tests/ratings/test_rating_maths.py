"""The rating models alone (no database): each against a worked example, the constants' bounds,
time away, weights, leavers and ties, the anti-farming weights (docs/ratings.md)."""

import math
from datetime import UTC, datetime, timedelta

import pytest

from ratings.maths import farming, glicko2, multiplayer
from ratings.maths import games as rating_games
from ratings.maths.glicko2 import Glicko, Result


def test_glicko2_matches_glickmans_worked_example():
    # Glickman, "Example of the Glicko-2 system": 1500 ± 200 (σ 0.06, τ 0.5) against
    # 1400 ± 30 (won), 1550 ± 100 (lost), 1700 ± 300 (lost) -> 1464.06 ± 151.52, σ' 0.05999.
    player = Glicko(1500, 200, 0.06)
    after = glicko2.rate(
        player,
        [Result(Glicko(1400, 30), 1), Result(Glicko(1550, 100), 0), Result(Glicko(1700, 300), 0)],
        tau=0.5, clamp=False,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_new_player_starts_at_lichess_constants_and_is_provisional():
    new = Glicko()
    assert (new.rating, new.deviation, new.volatility) == (1500, 500, 0.09)
    assert new.provisional
    assert not Glicko(1500, 109.9).provisional
    assert Glicko(1500, 110).provisional


def test_one_game_moves_at_most_700_and_the_deviation_stays_between_45_and_500():
    low = glicko2.rate(Glicko(1500, 500), [Result(Glicko(3500, 45), 1)])
    assert low.rating - 1500 <= 700
    settled = Glicko(1800, 45, 0.03)
    for _ in range(50):
        settled = glicko2.rate(settled, [Result(Glicko(1800, 45), 0.5)])
    assert settled.deviation == 45


def test_the_deviation_grows_with_time_away_and_not_the_rating():
    player = Glicko(1700, 60, 0.06)
    assert glicko2.aged(player, 0) == player
    month, year = glicko2.aged(player, 30), glicko2.aged(player, 365)
    assert month.rating == year.rating == 1700
    assert 60 < month.deviation < year.deviation <= 500
    # Glicko-2's step 6, one empty period per 1/PERIODS_PER_DAY days.
    assert year.deviation == pytest.approx(
        math.hypot(60 / 173.7178, math.sqrt(365 * glicko2.PERIODS_PER_DAY) * 0.06) * 173.7178)


def test_a_game_of_weight_zero_changes_nothing_and_half_weight_moves_less():
    player, other = Glicko(1500, 200), Glicko(1500, 200)
    assert glicko2.rate(player, [Result(other, 1)], weight=0) == player
    full = glicko2.rate(player, [Result(other, 1)]).rating - 1500
    half = glicko2.rate(player, [Result(other, 1)], weight=0.5).rating - 1500
    assert 0 < half < full


def test_beating_a_far_weaker_well_known_opponent_gains_almost_nothing():
    gain = glicko2.rate(Glicko(1500, 500), [Result(Glicko(600, 40), 1)]).rating - 1500
    assert 0 < gain < 10


def test_plackett_luce_matches_the_weng_lin_update_worked_by_hand():
    # Two equal players 1500 ± 350 (beta = 173.7178 / √2, tau 5): the winner's share of the
    # strength is p = 1/2. sigma² = 350² + 5²; c² = 2 (sigma² + beta²);
    # mu' = mu ± sigma²/c · (1 − p); sigma'² = sigma² (1 − (sigma/c) · sigma²/c² · p (1 − p)).
    sigma2 = 350 ** 2 + 5 ** 2
    beta2 = (173.7178 / math.sqrt(2)) ** 2
    c = math.sqrt(2 * (sigma2 + beta2))
    omega = sigma2 / c * 0.5
    delta = math.sqrt(sigma2) / c * sigma2 / c ** 2 * 0.25
    winner, loser = multiplayer.rate([
        multiplayer.Seat("a", multiplayer.Skill(), 1), multiplayer.Seat("b", multiplayer.Skill(), 2)])
    assert winner.mu == pytest.approx(1500 + omega)
    assert loser.mu == pytest.approx(1500 - omega)
    assert winner.sigma == pytest.approx(math.sqrt(sigma2 * (1 - delta)))
    assert loser.sigma == pytest.approx(winner.sigma)
    assert omega == pytest.approx(116.77, abs=0.01)


def test_a_shared_victory_is_a_tie_and_a_leaver_ranks_last():
    seats = [multiplayer.Seat(k, multiplayer.Skill(), r, left)
             for k, r, left in (("a", 1, False), ("b", 1, False), ("c", 3, False))]
    a, b, c = multiplayer.rate(seats)
    assert a == b
    assert c.mu < 1500 < a.mu
    # The leaver had the best board, yet ranks behind both who stayed.
    assert multiplayer.effective_ranks([
        multiplayer.Seat("a", multiplayer.Skill(), 1, True),
        multiplayer.Seat("b", multiplayer.Skill(), 2),
        multiplayer.Seat("c", multiplayer.Skill(), 3)]) == [4, 2, 3]
    left, second, third = multiplayer.rate([
        multiplayer.Seat("a", multiplayer.Skill(), 1, True),
        multiplayer.Seat("b", multiplayer.Skill(), 2),
        multiplayer.Seat("c", multiplayer.Skill(), 3)])
    assert left.mu < third.mu < second.mu


def test_a_frozen_seat_never_moves_and_the_others_do():
    bot = multiplayer.Skill(900, 40)
    after = multiplayer.rate([multiplayer.Seat("bot", bot, 2, frozen=True),
                              multiplayer.Seat("me", multiplayer.Skill(), 1),
                              multiplayer.Seat("you", multiplayer.Skill(), 3)])
    assert after[0] == bot
    assert after[1].mu > 1500 > after[2].mu


def test_the_farming_rule_three_full_games_a_day_then_halving():
    assert [farming.game_weight(n) for n in range(7)] == [1, 1, 1, 0.5, 0.25, 0.125, 0.0625]


def test_a_provisional_accounts_first_games_move_it_fast_then_less():
    # A newcomer who beats a settled 1700 player, then loses to a settled 1500 one.
    now = datetime(2026, 1, 1, tzinfo=UTC)
    settled = rating_games.Standing(1700, 60, 0.06, 50, now)
    new = rating_games.start(rating_games.GLICKO)
    first = rating_games.rate_game(rating_games.GLICKO, [
        rating_games.Entrant("new", new, 1), rating_games.Entrant("old", settled, 2)], when=now)
    me, them = first[0].after, first[1].after
    assert me.rating - 1500 > 150  # ± 500: one game says a lot about a newcomer
    assert 1700 - them.rating < 10  # ...and little about the settled player
    assert me.deviation < 500
    assert me.games == 1
    assert me.last_played == now
    later = now + timedelta(hours=1)
    second = rating_games.rate_game(rating_games.GLICKO, [
        rating_games.Entrant("new", me, 2), rating_games.Entrant("o2", settled, 1)], when=later)
    assert second[0].after.rating < me.rating
    assert second[0].after.deviation < me.deviation
    standing = me
    for n in range(30):  # even results against settled players: the deviation settles
        standing = rating_games.rate_game(rating_games.GLICKO, [
            rating_games.Entrant("new", standing, 1 + n % 2),
            rating_games.Entrant("o", settled, 2 - n % 2)], when=later)[0].after
    assert not rating_games.is_provisional(standing.deviation)
