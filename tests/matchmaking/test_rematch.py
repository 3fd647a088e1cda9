"""Rematches through the services: offers, answers, the rotated new game, and refusals."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Seat, Table
from matchmaking import errors
from matchmaking.models import RematchOffer
from matchmaking.services import rematches
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def seats_by_index(game):
    return {s.player_index: s.user.username for s in Seat.objects.filter(table=game.table_id)
            .select_related("user")}


def test_offer_then_accept_starts_the_same_table_with_the_order_rotated(finished_pair, alice, bob):
    offer = rematches.offer_rematch(finished_pair.pk, alice)
    assert offer.status == RematchOffer.Status.OPEN
    body = rematches.offer_payload(*rematches.rematch_of(finished_pair.pk))
    assert body["offered_by"] == "alice"
    assert body["waiting_for"] == ["bob"]

    again = rematches.offer_rematch(finished_pair.pk, alice)  # idempotent
    assert again.pk == offer.pk
    assert again.accepted == [alice.pk]
    assert RematchOffer.objects.count() == 1

    started = rematches.answer_rematch(finished_pair.pk, bob, True)
    assert started.status == RematchOffer.Status.STARTED
    new = Game.objects.select_related("table").get(pk=started.new_game_id)
    assert new.status == Game.Status.PLAYING
    assert new.pk != finished_pair.pk
    old = seats_by_index(finished_pair)
    assert seats_by_index(new) == {(i + 1) % 2: name for i, name in old.items()}
    old_table = finished_pair.table
    for field in ("players", "variant", "rated", "ruleset", "clock_kind", "clock_days_per_move"):
        assert getattr(new.table, field) == getattr(old_table, field)
    # A repeated accept, or an offer, after the start answers the same rematch.
    assert rematches.answer_rematch(finished_pair.pk, bob, True).new_game_id == new.pk
    assert rematches.offer_rematch(finished_pair.pk, bob).new_game_id == new.pk
    assert Game.objects.count() == 2


def test_a_table_of_bots_and_one_human_restarts_at_once(alice):
    game = start_game(alice, players=3, bots=[{"seat": 1, "level": "random"},
                                              {"seat": 2, "level": "greedy"}])
    services.resign(game.pk, alice)
    offer = rematches.offer_rematch(game.pk, alice)
    assert offer.status == RematchOffer.Status.STARTED
    new = Game.objects.get(pk=offer.new_game_id)
    old = seats_by_index(game)
    assert seats_by_index(new) == {(i + 1) % 3: name for i, name in old.items()}
    assert new.table.players == 3


def test_decline_closes_the_offer_and_a_new_offer_reopens_it(finished_pair, alice, bob):
    rematches.offer_rematch(finished_pair.pk, alice)
    declined = rematches.answer_rematch(finished_pair.pk, bob, False)
    assert declined.status == RematchOffer.Status.DECLINED
    assert declined.declined_by_id == bob.pk
    with pytest.raises(errors.RematchClosed):
        rematches.answer_rematch(finished_pair.pk, alice, True)
    reopened = rematches.offer_rematch(finished_pair.pk, bob)
    assert reopened.status == RematchOffer.Status.OPEN
    assert reopened.accepted == [bob.pk]


def test_an_expired_offer_cannot_be_accepted_and_the_sweep_expires_it(finished_pair, alice, bob):
    rematches.offer_rematch(finished_pair.pk, alice)
    RematchOffer.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(errors.RematchExpired):
        rematches.answer_rematch(finished_pair.pk, bob, True)
    assert RematchOffer.objects.get().status == RematchOffer.Status.EXPIRED
    rematches.offer_rematch(finished_pair.pk, alice)
    assert rematches.expire_rematch_offers(now=timezone.now() + timedelta(hours=1)) == 1
    assert Game.objects.count() == 1


def test_cancel_is_for_the_offerer(finished_pair, alice, bob):
    rematches.offer_rematch(finished_pair.pk, alice)
    with pytest.raises(errors.Forbidden):
        rematches.cancel_rematch(finished_pair.pk, bob)
    assert rematches.cancel_rematch(finished_pair.pk, alice).status == RematchOffer.Status.CANCELLED
    with pytest.raises(errors.RematchClosed):
        rematches.cancel_rematch(finished_pair.pk, alice)


def test_refusals_change_nothing(alice, bob, carol):
    running = start_game(alice, bob)
    with pytest.raises(errors.GameNotOver):
        rematches.offer_rematch(running.pk, alice)
    services.resign(running.pk, alice)
    with pytest.raises(errors.NotAPlayer):  # a forged answer from someone else
        rematches.offer_rematch(running.pk, carol)
    with pytest.raises(errors.NoRematchOffer):
        rematches.answer_rematch(running.pk, bob, True)
    rematches.offer_rematch(running.pk, alice)
    with pytest.raises(errors.NotAPlayer):
        rematches.answer_rematch(running.pk, carol, True)
    with pytest.raises(errors.Invalid):
        rematches.answer_rematch(running.pk, bob, "yes")
    for bad in (0, -1, 2**63, "1.5", None, True, 10**30):
        with pytest.raises(errors.NotFound):
            rematches.offer_rematch(bad, alice)
    with pytest.raises(errors.NotAuthenticated):
        rematches.offer_rematch(running.pk, None)
    assert RematchOffer.objects.get().accepted == [alice.pk]
    assert Game.objects.count() == 1
    assert Table.objects.count() == 1


def test_rest_endpoints_and_their_errors(finished_pair, alice, bob, carol, client):
    url = f"/api/v1/games/{finished_pair.pk}/rematch"
    assert client.get(url).json()["status"] == "none"
    assert client.post(url).status_code == 401
    client.force_login(carol)
    answer = client.post(url)
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_seated"
    client.force_login(bob)
    assert client.post(url + "/accept").json()["error"]["code"] == "no_rematch_offer"
    client.force_login(alice)
    assert client.post(url).json()["waiting_for"] == ["bob"]
    assert client.post("/api/v1/games/99999999999999999999/rematch").status_code == 404
    assert client.post("/api/v1/games/123456/rematch").json()["error"]["code"] == "not_found"
    client.force_login(bob)
    assert client.post(url + "/decline").json()["declined_by"] == "bob"
    client.force_login(alice)
    assert client.post(url).json()["status"] == "open"
    client.force_login(bob)
    body = client.post(url + "/accept").json()
    assert body["status"] == "started"
    assert body["new_game"]


def test_a_flood_of_rematch_requests_is_throttled(finished_pair, alice, client, settings):
    settings.MATCHMAKING_WRITES_PER_MINUTE = 3
    client.force_login(alice)
    url = f"/api/v1/games/{finished_pair.pk}/rematch"
    codes = [client.post(url).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    assert RematchOffer.objects.count() == 1


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_simultaneous_last_accepts_start_one_rematch(make_user):
    """Three players: alice offers, bob and carol accept at the same moment from two threads.
    The offer's row lock lets one of them start the rematch; the other sees it started."""
    import threading

    from django.db import connection

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob, carol)
    services.resign(game.pk, alice)  # 3 players: a bot takes her seat, the game goes on
    for user in (bob, carol):
        if not Game.objects.get(pk=game.pk).is_over:
            services.resign(game.pk, user)
    assert Game.objects.get(pk=game.pk).is_over
    rematches.offer_rematch(game.pk, alice)
    barrier = threading.Barrier(2)
    answers, failures = [], []

    def accept(user):
        try:
            barrier.wait()
            answers.append(rematches.answer_rematch(game.pk, user, True).new_game_id)
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connection.close()  # this thread's own connection (kept open by CONN_MAX_AGE)

    threads = [threading.Thread(target=accept, args=(user,)) for user in (bob, carol)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    # Without the lock both would read [alice], add themselves, and nobody would start it (or
    # both would): exactly one new game, which the later of the two answers names.
    assert Game.objects.count() == 2
    assert len(answers) == 2
    assert len({answer for answer in answers if answer}) == 1
    assert sorted(RematchOffer.objects.get(game=game).accepted) == sorted(
        [alice.pk, bob.pk, carol.pk])
