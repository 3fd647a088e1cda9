"""Many games of an arena ending together are settled by one task, not one each
(tournaments.services.progress.settle_results): a result's task marks the tournament's settle
due and runs it unless another task is running it, which then decides every game that ended
meanwhile and advances once; a result whose task was lost is settled by the beat's sweep."""

import pytest
from django.core.cache import cache

from tests.support.tournaments import playing, seated_users, started, users, win
from tournaments import services
from tournaments.models import Pairing
from tournaments.services.progress import SETTLE_DUE, SETTLE_RUNNING, settle_results

pytestmark = pytest.mark.django_db


def done(tournament):
    return set(Pairing.objects.filter(tournament=tournament, status=Pairing.Status.DONE))


def test_results_ending_while_another_task_settles_are_decided_and_paired_by_that_task(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), format="arena", duration_minutes=30)
    first, second = playing(tournament)
    running, due = SETTLE_RUNNING.format(tournament.pk), SETTLE_DUE.format(tournament.pk)
    assert cache.add(running, 1, 30)  # another result's task, settling the tournament now
    try:
        for pairing in (first, second):
            with hooks():
                win(pairing, seated_users(pairing)[0])
        # Both results left to the running task: marked due, neither decided by its own task.
        assert cache.get(due) is not None
        assert done(tournament) == set()
        assert playing(tournament) == [first, second]
    finally:
        cache.delete(running)  # that task's round ends: it looks at the mark again (below)
    with hooks():
        assert settle_results(tournament.pk) == 2  # both decided, in one settle
    assert done(tournament) == {first, second}
    assert len(playing(tournament)) == 2  # all four paired again, by the one advance
    assert cache.get(due) is None
    assert cache.get(running) is None


def test_a_result_with_nobody_settling_is_decided_and_paired_at_once_and_leaves_no_mark(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), format="arena", duration_minutes=30)
    first, second = playing(tournament)
    with hooks():
        win(first, seated_users(first)[0])
        win(second, seated_users(second)[0])
    assert done(tournament) == {first, second}
    assert len(playing(tournament)) == 2
    assert cache.get(SETTLE_DUE.format(tournament.pk)) is None
    assert cache.get(SETTLE_RUNNING.format(tournament.pk)) is None


def test_a_result_whose_task_was_lost_is_decided_and_paired_by_the_sweep(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), rounds=2)
    first, second = playing(tournament)
    with hooks():
        win(first, seated_users(first)[0])
    win(second, seated_users(second)[0])  # its after-commit work never runs: no result's task
    assert done(tournament) == {first}
    with hooks():
        services.sweep()
    assert done(tournament) == {first, second}
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(playing(tournament)) == 2
