"""The ladders on the database: bots frozen, the farming rule and its documented figure, time away,
a recomputation equal to the live rating, and exactly once when games end at the same moment on
PostgreSQL (docs/ratings.md)."""

import random
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.bot_accounts import bot_account
from ratings import bots
from ratings import services as ratings
from ratings.models import Rating, RatingChange
from tests.ratings.factories import finished_game, make_users
from tests.ratings.test_rating_service import figures

# docs/ratings.md, "Farming": twenty rated wins over the Random bot in a day take a new account
# from 1,500 to no more than this (the greedy bot is calibrated far above it).
FARMING_FIGURE = 1560


def win_over(user, bot, when, seed):
    """A finished rated game that `user` won against `bot` (the bot resigned)."""
    return finished_game([user, bot], rng_seed=seed, leavers=(1,), finished_at=when)


@pytest.mark.django_db
def test_bots_ratings_never_move_in_games_with_people_and_people_s_do():
    ann, ben = make_users("ann", "ben")
    greedy, strong = bot_account("greedy"), bot_account("strong")
    frozen = bots.frozen_standing("classic-2p", "greedy")
    start = timezone.now() - timedelta(days=2)
    games = [
        finished_game([ann, greedy], rng_seed=1, finished_at=start),
        finished_game([greedy, ben], rng_seed=2, leavers=(0,), finished_at=start + timedelta(hours=1)),
        finished_game([ann, greedy, strong], rng_seed=3, finished_at=start + timedelta(hours=2)),
    ]
    for game in games:
        assert ratings.rate_game(game.pk)
    row = Rating.objects.get(user=greedy, ladder="classic-2p")
    assert (row.rating, row.deviation, row.games) == (frozen.rating, frozen.deviation, 2)
    for change in RatingChange.objects.filter(user=greedy):
        assert change.frozen
        assert change.delta == 0
        assert change.rating_after == change.rating_before
    multi = bots.frozen_standing("classic-multi", "strong")
    assert Rating.objects.get(user=strong, ladder="classic-multi").rating == multi.rating
    # ben won against the greedy bot: he gains; its figure was what he was rated against.
    ben_change = RatingChange.objects.get(user=ben)
    assert ben_change.delta > 0
    assert not ben_change.frozen
    assert Rating.objects.get(user=ann, ladder="classic-2p").rating != 1500


@pytest.mark.django_db
def test_twenty_wins_over_the_random_bot_stay_far_below_the_greedy_bot():
    newcomer = make_users("farmer")[0]
    random_bot = bot_account("random")
    start = timezone.now() - timedelta(hours=20)
    for n in range(20):
        ratings.rate_game(win_over(newcomer, random_bot, start + timedelta(minutes=30 * n), n).pk)
    changes = list(RatingChange.objects.filter(user=newcomer).order_by("id"))
    assert [c.weight for c in changes[:4]] == [1, 1, 1, 0.5]
    assert changes[-1].weight < 0.001
    final = Rating.objects.get(user=newcomer, ladder="classic-2p")
    greedy = bots.frozen_standing("classic-2p", "greedy").rating
    assert 1500 < final.rating <= FARMING_FIGURE < greedy - 100
    assert final.provisional  # wins over a far weaker bot say almost nothing about strength


@pytest.mark.django_db
def test_the_same_two_players_count_fully_three_times_a_day_then_half_each_time():
    ann, ben = make_users("ann", "ben")
    start = timezone.now() - timedelta(days=3)
    hours = [0, 1, 2, 3, 4, 30]  # five in a day, then one the next day: full again
    for n, hour in enumerate(hours):
        game = finished_game([ann, ben], rng_seed=40 + n, finished_at=start + timedelta(hours=hour))
        ratings.rate_game(game.pk)
    weights = list(RatingChange.objects.filter(user=ann).order_by("id").values_list("weight", flat=True))
    assert weights == [1, 1, 1, 0.5, 0.25, 1]


@pytest.mark.django_db
def test_the_deviation_grows_with_the_days_between_games():
    ann, ben, cid = make_users("ann", "ben", "cid")
    start = timezone.now() - timedelta(days=200)
    ratings.rate_game(finished_game([ann, ben], rng_seed=5, finished_at=start).pk)
    after_first = Rating.objects.get(user=ann, ladder="classic-2p").deviation
    ratings.rate_game(finished_game([ann, cid], rng_seed=6, finished_at=start + timedelta(days=180)).pk)
    second = RatingChange.objects.get(user=ann, game__table__seats__user=cid)
    assert second.deviation_before > after_first  # six months away: less sure of her


@pytest.mark.django_db
def test_recompute_equals_the_live_rating_with_bots_farming_and_time_away():
    users = make_users("ann", "ben", "cid", "dot")
    players = users + [bot_account("random"), bot_account("master")]
    rng = random.Random(3)
    start = timezone.now() - timedelta(days=40)
    when = start
    for number in range(40):
        when += timedelta(hours=rng.choice([0.2, 1, 7, 30]))
        seated = rng.sample(players, rng.choice([2, 2, 3, 4]))
        game = finished_game(seated, rng_seed=200 + number, finished_at=when,
                             leavers=(0,) if number % 9 == 8 else ())
        if number % 6 != 5:  # some wait for the next game of their players, or for the end
            ratings.rate_game(game.pk)
    ratings.rate_waiting_games()
    live = figures()
    assert not ratings.pending_games().exists()
    ratings.recompute_all()
    assert figures() == live


@pytest.mark.requires("postgres")
def test_games_ending_at_the_same_moment_are_rated_exactly_once_in_finish_order(transactional_db):
    """Eight games among four players end within a second; four workers (threads, each with its
    own connection) rate them all at once, each in its own order. Every game is rated once, and
    the figures are those of a recomputation in finish order."""
    users = make_users("ann", "ben", "cid", "dot")
    now = timezone.now()
    game_ids = [
        finished_game([users[n % 4], users[(n + 1 + n // 4) % 4]], rng_seed=300 + n,
                      finished_at=now + timedelta(milliseconds=100 * n)).pk
        for n in range(8)
    ]
    barrier = threading.Barrier(4)
    errors = []

    def worker(seed):
        order = game_ids[:]
        random.Random(seed).shuffle(order)
        try:
            barrier.wait(timeout=10)
            for game_id in order:
                ratings.rate_game(game_id)
        except Exception as error:  # reported below: a thread's exception would vanish
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert not any(thread.is_alive() for thread in threads)
    assert RatingChange.objects.count() == 16
    assert sorted(Rating.objects.values_list("games", flat=True)) == [4, 4, 4, 4]
    live = figures()
    ratings.recompute_all()
    assert figures() == live
