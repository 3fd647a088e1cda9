"""Both players offer a rematch at the same moment: exactly one new game, no 500, and over the
sockets no close (the unique key on the offer's game decides who inserted first; the other
accepts that offer: matchmaking.services.rematches._insert_offer)."""

import json
import threading

import pytest
from django.db import connection, transaction

from games import services
from games.models import Game
from matchmaking.models import RematchOffer
from matchmaking.services import rematches
from tests.support.games import start_game
from tests.support.live_sockets import live_socket, next_message
from tests.support.row_locks import queued_behind, wait_for_lock_waiters

pytestmark = [pytest.mark.requires("postgres"), pytest.mark.django_db(transaction=True)]


def test_an_offer_inserted_behind_the_other_players_accepts_it(finished_pair, alice, bob):
    """alice's offer is inserted and not committed yet; bob's insert of the same game's offer
    waits on the unique key, then fails: bob accepts alice's offer instead, which starts it."""
    (bobs,) = queued_behind(
        lambda: rematches.offer_rematch(finished_pair.pk, alice),
        [lambda: rematches.offer_rematch(finished_pair.pk, bob)],
        answer=lambda write: write(),
    )
    assert bobs.status == RematchOffer.Status.STARTED
    offer = RematchOffer.objects.get(game=finished_pair)
    assert offer.offered_by == alice
    assert sorted(offer.accepted) == sorted([alice.pk, bob.pk])
    assert Game.objects.count() == 2
    assert offer.new_game_id == bobs.new_game_id


def test_two_live_sockets_offering_at_once_start_one_game_and_stay_open(live_daphne, alice, bob):
    """Both offers wait behind a lock on the offers' table, so both look for the row before
    either inserts it: one inserts, the other meets the unique key (a 1011 close before)."""
    game = start_game(alice, bob)
    services.resign(game.pk, bob)
    locked, release = threading.Event(), threading.Event()

    def hold_the_offers_table():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {RematchOffer._meta.db_table} IN EXCLUSIVE MODE")
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_offers_table)
    holder.start()
    try:
        assert locked.wait(10)
        with live_socket(live_daphne, f"/ws/games/{game.pk}/", alice) as a, \
                live_socket(live_daphne, f"/ws/games/{game.pk}/", bob) as b:
            for socket in (a, b):
                next_message(socket, "state", passing=("presence",))
                socket.send(json.dumps({"type": "rematch_offer"}))
            wait_for_lock_waiters(2)
            release.set()
            for socket in (a, b):
                started = started_rematch(socket)
                socket.send(json.dumps({"type": "ping"}))
                next_message(socket, "pong", passing=("presence", "rematch", "state"))
                assert started["new_game"]
    finally:
        release.set()
        holder.join(30)
    assert Game.objects.count() == 2
    assert RematchOffer.objects.get(game=game).status == RematchOffer.Status.STARTED


def started_rematch(socket):
    """The `rematch` message that says it started; an error on the way fails the test."""
    while True:
        message = next_message(socket, "rematch", passing=("presence", "state"))
        if message["rematch"]["status"] == "started":
            return message["rematch"]
