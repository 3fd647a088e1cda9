"""Rating finished games: through the real end of a game, once only, in order, recomputable."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import services
from games.models import Game
from ratings import services as ratings
from ratings.maths import games as rating_games
from ratings.models import Rating, RatingChange
from tests.ratings.factories import finished_game, make_users
from tests.support.games import play_to_end, start_game


def figures():
    """Every rating figure, comparable across a recomputation (ids and times left out)."""
    changes = sorted(
        RatingChange.objects.values_list(
            "game_id",
            "user_id",
            "ladder",
            "rank",
            "left",
            "games_before",
            "rating_before",
            "rating_after",
            "delta",
            "deviation_before",
            "deviation_after",
            "volatility_after",
            "weight",
            "frozen",
        )
    )
    standing = sorted(Rating.objects.values_list(
        "user_id", "ladder", "rating", "deviation", "volatility", "games", "last_rated_at"))
    return changes, standing


@pytest.mark.django_db(transaction=True)
def test_finishing_a_rated_game_rates_both_players_through_the_signal_and_task():
    alice, bob = make_users("alice", "bob")
    game = play_to_end(start_game(alice, bob, rated=True), seed=3)
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {alice.pk, bob.pk}
    result = Game.objects.get(pk=game.pk).result
    index = {c.user_id: c.player_index for c in changes.values()}
    start = rating_games.start(rating_games.GLICKO)
    expected = rating_games.rate_game(
        rating_games.GLICKO,
        [rating_games.Entrant(u, start, result["ranks"][index[u]]) for u in (alice.pk, bob.pk)],
    )
    for outcome in expected:
        stored = changes[outcome.key]
        assert (stored.rating_before, stored.deviation_before) == (1500.0, 500.0)
        assert (stored.rating_after, stored.deviation_after, stored.volatility_after) == (
            outcome.after.rating, outcome.after.deviation, outcome.after.volatility)
        rating = Rating.objects.get(user_id=outcome.key, ladder="classic-2p")
        assert (rating.rating, rating.deviation, rating.games, rating.provisional) == (
            outcome.after.rating, outcome.after.deviation, 1, True)
    # The table's bag is shuffled from a seed of its own, so the game may be a shared win: the
    # better rank gains what the other loses, and a shared rank between equals moves nobody.
    alice_rank, bob_rank = (result["ranks"][index[u]] for u in (alice.pk, bob.pk))
    assert changes[alice.pk].delta == -changes[bob.pk].delta
    assert (changes[alice.pk].delta > 0, changes[alice.pk].delta == 0) == (
        alice_rank < bob_rank, alice_rank == bob_rank)


@pytest.mark.django_db(transaction=True)
def test_a_casual_game_changes_no_rating():
    alice, bob = make_users("alice", "bob")
    game = start_game(alice, bob, rated=False)
    services.resign(game.pk, bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_leavers_lose_to_everyone_who_stayed_and_draw_with_each_other():
    alice, bob, carol = make_users("alice", "bob", "carol")
    game = start_game(alice, bob, carol, rated=True)
    services.resign(game.pk, carol)  # 3 players: a bot takes carol's seat, the others play on
    services.resign(game.pk, bob)  # only alice is left: the game ends
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert {u: (c.rank, c.left) for u, c in changes.items()} == {
        alice.pk: (1, False),
        bob.pk: (2, True),
        carol.pk: (3, True),
    }
    # Plackett–Luce on the ranks alice 1, bob and carol tied last (two leavers draw).
    assert changes[alice.pk].delta > 0 > changes[bob.pk].delta == changes[carol.pk].delta
    carol_rating = Rating.objects.get(user=carol, ladder="classic-multi")
    assert carol_rating.rating == changes[carol.pk].rating_after
    assert carol_rating.volatility is None
    assert len(changes) == 3  # the bot that replaced carol is not rated for this game


@pytest.mark.django_db
def test_rating_twice_changes_nothing_more():
    alice, bob = make_users("alice", "bob")
    game = finished_game([alice, bob], rng_seed=1)
    assert ratings.rate_game(game.pk) is True
    before = figures()
    assert ratings.rate_game(game.pk) is False
    assert ratings.rate_one_game(game.pk) is False
    assert figures() == before
    assert RatingChange.objects.filter(game=game).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("game_id", [None, "x", 10**9])
def test_rating_an_unknown_game_does_nothing(game_id):
    assert ratings.rate_game(game_id) is False
    assert not Rating.objects.exists()


@pytest.mark.django_db
def test_an_earlier_waiting_game_is_rated_first():
    alice, bob, carol = make_users("alice", "bob", "carol")
    now = timezone.now()
    first = finished_game([alice, bob], rng_seed=2, finished_at=now - timedelta(minutes=5))
    second = finished_game([bob, carol], rng_seed=3, finished_at=now)
    assert ratings.rate_game(second.pk) is True
    first_ids = set(RatingChange.objects.filter(game=first).values_list("id", flat=True))
    second_ids = set(RatingChange.objects.filter(game=second).values_list("id", flat=True))
    assert first_ids
    assert max(first_ids) < min(second_ids)
    bob_second = RatingChange.objects.get(game=second, user=bob)
    assert bob_second.rating_before == RatingChange.objects.get(game=first, user=bob).rating_after
    assert bob_second.games_before == 1


@pytest.mark.django_db
def test_recompute_ratings_gives_the_same_figures_with_a_progress_bar():
    users = make_users("ann", "ben", "cid", "dot", "eve")
    start = timezone.now() - timedelta(days=1)
    for number in range(24):
        players = 2 + number % 3
        seated = [users[(number + k) % 5] for k in range(players)]
        leavers = (players - 1,) if number % 7 == 6 else ()
        game = finished_game(
            seated,
            rng_seed=100 + number,
            leavers=leavers,
            finished_at=start + timedelta(minutes=number),
        )
        if number % 5 != 4:  # some games wait: the next rating catches up on them
            ratings.rate_game(game.pk)
    ratings.rate_game(game.pk)
    live = figures()
    assert len(live[0]) == sum(2 + n % 3 for n in range(24))

    RatingChange.objects.filter(game=game).update(delta=99)  # damage that recompute repairs
    err = io.StringIO()
    out = io.StringIO()
    call_command("recompute_ratings", stdout=out, stderr=err)
    assert figures() == live
    assert "recomputed 24 rated games" in out.getvalue()
    assert "\r[" + "#" * 30 + "] 24/24" in err.getvalue()


@pytest.mark.django_db
def test_catching_up_follows_shared_players_only():
    ann, ben, cid, dot, eve, fay = make_users("ann", "ben", "cid", "dot", "eve", "fay")
    now = timezone.now()
    linked = finished_game([ann, ben], rng_seed=4, finished_at=now - timedelta(minutes=3))
    bridge = finished_game([ben, cid], rng_seed=5, finished_at=now - timedelta(minutes=2))
    apart = finished_game([eve, fay], rng_seed=6, finished_at=now - timedelta(minutes=1))
    game = finished_game([cid, dot], rng_seed=7, finished_at=now)
    assert ratings.earlier_waiting_games(game.finished_at, game.pk, game.table_id) == [
        linked.pk,
        bridge.pk,
    ]
    assert ratings.rate_game(game.pk) is True
    rated_order = list(
        RatingChange.objects.order_by("id").values_list("game_id", flat=True).distinct()
    )
    assert list(dict.fromkeys(rated_order)) == [linked.pk, bridge.pk, game.pk]
    assert not RatingChange.objects.filter(game=apart).exists()  # its own task rates it


@pytest.mark.django_db
def test_an_account_in_two_seats_is_rated_once_by_its_best_seat():
    """Two bots of the same level are one account: it is one entrant, ranked by its better seat."""
    ann, ben = make_users("ann", "ben")
    game = finished_game([ann, ben, ben], rng_seed=8)
    ranks = game.result["ranks"]
    assert ratings.rate_game(game.pk) is True
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {ann.pk, ben.pk}
    assert changes[ben.pk].rank == min(ranks[1], ranks[2])
    start = rating_games.start(rating_games.MULTIPLAYER)
    expected = rating_games.rate_game(rating_games.MULTIPLAYER, [
        rating_games.Entrant(ann.pk, start, ranks[0]),
        rating_games.Entrant(ben.pk, start, changes[ben.pk].rank),
    ])
    assert [changes[o.key].rating_after for o in expected] == [o.after.rating for o in expected]
    assert Rating.objects.get(user=ben, ladder="classic-multi").games == 1
