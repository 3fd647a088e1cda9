"""The confirmation's reversal happens exactly once under concurrency, on PostgreSQL (row locks
are real there): two moderators confirming at once (the same case, or two cases of one account),
and a game of the account rated while a confirmation holds its locks, or holding them itself.
Each thread has its own connection, as two daphne or Celery processes would."""

import threading

import pytest
from django.db import connection

from fairplay import errors, services
from fairplay.models import Case
from ratings import services as ratings
from ratings.models import Rating, RatingChange, RatingReversal
from tests.ratings.factories import finished_game
from tests.support.row_locks import wait_for_lock_waiters

from .test_confirmation import opponents_deltas, ratings_now

pytestmark = [pytest.mark.requires("postgres"), pytest.mark.django_db(transaction=True)]


@pytest.fixture
def moderators(make_user):
    out = []
    for name in ("mod1", "mod2"):
        user = make_user(name)
        user.is_staff = user.is_superuser = True
        user.save()
        out.append(user)
    return out


def at_once(*calls):
    """Run the calls on threads released together; each one's result or DomainError."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(slot, call):
        try:
            barrier.wait(timeout=10)
            outcomes[slot] = call()
        except errors.FairPlayError as error:
            outcomes[slot] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def held_while(first, second):
    """`first(after_lock)` takes its locks and keeps them until `second` (started then, on its
    own thread) waits for one of them; both run to their end. Their results."""
    locked, results = threading.Event(), [None, None]

    def hook():
        locked.set()
        wait_for_lock_waiters(1)

    def run(slot, call):
        try:
            results[slot] = call()
        finally:
            connection.close()

    holder = threading.Thread(target=run, args=(0, lambda: first(hook)))
    holder.start()
    assert locked.wait(20), "the first writer never took its locks"
    waiter = threading.Thread(target=run, args=(1, second))
    waiter.start()
    for thread in (holder, waiter):
        thread.join(timeout=60)
    return results


def test_two_moderators_confirming_one_case_revert_once(flagged, moderators):
    case, cheat, bob, carol = flagged
    before, deltas = ratings_now(bob, carol), opponents_deltas(cheat)
    outcomes = at_once(*(lambda m=m: services.confirm(case.pk, m) for m in moderators))
    assert sorted(map(type, outcomes), key=str) == sorted([int, errors.CaseDecided], key=str)
    assert 6 in outcomes
    assert RatingReversal.objects.count() == 6
    after = ratings_now(bob, carol)
    for name in ("bob", "carol"):
        assert after[name] == pytest.approx(before[name] - deltas[name])


def test_two_cases_of_one_account_confirmed_at_once_revert_once(flagged, moderators):
    case, cheat, bob, carol = flagged
    other = Case.objects.create(user=cheat, ladder="classic-multi", opened_at=case.opened_at,
                                games=5)
    before, deltas = ratings_now(bob, carol), opponents_deltas(cheat)
    outcomes = at_once(lambda: services.confirm(case.pk, moderators[0]),
                       lambda: services.confirm(other.pk, moderators[1]))
    # One decides both (the account is marked once, for every ladder); the other finds its case
    # decided.
    assert sorted(map(type, outcomes), key=str) == sorted([int, errors.CaseDecided], key=str)
    assert set(Case.objects.values_list("status", flat=True)) == {"confirmed"}
    assert RatingReversal.objects.count() == 6
    after = ratings_now(bob, carol)
    for name in ("bob", "carol"):
        assert after[name] == pytest.approx(before[name] - deltas[name])


def test_a_game_rated_while_the_confirmation_holds_the_locks_reverts_itself(flagged, moderators):
    case, cheat, bob, _carol = flagged
    game = finished_game([bob, cheat], rng_seed=91)  # finished, not rated yet
    before = ratings_now(bob)["bob"]
    confirmed, rated = held_while(
        lambda hook: services.confirm(case.pk, moderators[0], after_lock=hook),
        lambda: ratings.rate_one_game(game.pk))
    assert (confirmed, rated) == (6, True)
    reversal = RatingReversal.objects.get(change__game=game)  # by the rating, seeing the mark
    assert reversal.change.user == bob
    assert RatingReversal.objects.count() == 7
    old = sum(c.delta for c in RatingChange.objects.filter(user=bob).exclude(game=game))
    assert ratings_now(bob)["bob"] == pytest.approx(before - old)


def test_a_game_rated_while_the_confirmation_waits_is_reverted_by_it(flagged, moderators):
    case, cheat, bob, _carol = flagged
    game = finished_game([cheat, bob], rng_seed=92)
    before = ratings_now(bob)["bob"]
    rated, confirmed = held_while(
        lambda hook: ratings.rate_one_game(game.pk, after_lock=hook),
        lambda: services.confirm(case.pk, moderators[0]))
    assert (rated, confirmed) == (True, 7)
    assert RatingReversal.objects.filter(change__game=game).count() == 1
    assert RatingReversal.objects.count() == 7
    # Every change of bob's is undone: his rating is where it started before those games.
    changes = RatingChange.objects.filter(user=bob)
    assert Rating.objects.get(user=bob).rating == pytest.approx(
        changes.order_by("id").first().rating_before)
    assert before == pytest.approx(changes.order_by("id").first().rating_before
                                   + sum(c.delta for c in changes.exclude(game=game)))


def test_a_new_opponent_rated_while_the_confirmation_waits_is_locked_and_reverted(
        flagged, moderators, make_user):
    """The game rated meanwhile brings dave, whose rating row the confirmation had not locked:
    it lets its locks go and takes them again with his, then reverts his change too."""
    case, cheat, _bob, _carol = flagged
    dave = make_user("dave")
    game = finished_game([dave, cheat], rng_seed=93)
    rated, confirmed = held_while(
        lambda hook: ratings.rate_one_game(game.pk, after_lock=hook),
        lambda: services.confirm(case.pk, moderators[0]))
    assert (rated, confirmed) == (True, 7)
    change = RatingChange.objects.get(game=game, user=dave)
    assert change.reversal.cheater == cheat
    assert Rating.objects.get(user=dave).rating == pytest.approx(change.rating_before)
