"""Many games of an arena ending together cost one advance, not one each
(tournaments.services.progress.advance_after_result): a result whose advance another result's
task has claimed, and not yet begun, leaves the pairing to that advance, which reads it."""

import pytest
from django.core.cache import cache

from tests.support.tournaments import playing, seated_users, started, users, win
from tournaments import services
from tournaments.models import Pairing
from tournaments.services.progress import ADVANCE_CLAIMED

pytestmark = pytest.mark.django_db


def test_results_recorded_while_an_advance_is_claimed_are_paired_by_that_advance(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), format="arena", duration_minutes=30)
    first, second = playing(tournament)
    claim = ADVANCE_CLAIMED.format(tournament.pk)
    assert cache.add(claim, 1, 30)  # another result's task, about to advance
    try:
        for pairing in (first, second):
            with hooks():
                win(pairing, seated_users(pairing)[0])
        # Both results recorded, nobody paired by them: the claimed advance will do it.
        assert set(Pairing.objects.filter(tournament=tournament, status=Pairing.Status.DONE)) == {
            first, second}
        assert playing(tournament) == []

        with hooks():
            assert services.advance(tournament.pk, claim=claim)
        assert cache.get(claim) is None  # released once the advance held the lock
    finally:
        cache.delete(claim)
    assert len(playing(tournament)) == 2  # all four paired again, by the one advance


def test_a_result_with_no_claim_pending_advances_at_once_and_leaves_no_claim(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), format="arena", duration_minutes=30)
    first, second = playing(tournament)
    with hooks():
        win(first, seated_users(first)[0])
        win(second, seated_users(second)[0])
    assert len(playing(tournament)) == 2
    assert cache.get(ADVANCE_CLAIMED.format(tournament.pk)) is None
