"""Races on PostgreSQL, with real concurrency: writers queued on the tournament's row lock in a
known order (tests.support.row_locks), and a pairing whose connection dies before its commit.

- joins at the cap: exactly the cap get in;
- a join during a pairing waits for it, and counts from the next round: never paired twice;
- a game ending while the next round is paired: one pairing of the round, whoever wins the race;
- a pairing killed before its commit leaves nothing, and the sweep pairs the round once.
"""

import contextlib
import threading
from functools import partial

import pytest
from django.db import connection, transaction

from games import services as game_services
from games.models import Game, Table
from tests.support.row_locks import queued_behind
from tests.support.tournaments import entered, playing, seated_users, started, users, win
from tournaments import errors, services
from tournaments.models import Entry, Pairing, Round, Tournament

pytestmark = [pytest.mark.requires("postgres"), pytest.mark.django_db(transaction=True)]


def _answer(write):
    try:
        return write()
    except errors.TournamentError as error:
        return error.code


def _hold(tournament):
    return lambda: Tournament.objects.select_for_update().get(pk=tournament.pk)


def _paired_once(tournament, number):
    """Each active entry sits in at most one pairing of round `number`."""
    seats = list(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                 .values_list("players__entry", flat=True))
    assert len(seats) == len(set(seats))
    return set(seats)


def test_concurrent_joins_at_the_cap_take_exactly_the_cap(alice, make_user):
    tournament = entered(alice, [], max_players=3)
    joiners = users(make_user, 5, prefix="j")
    answers = queued_behind(_hold(tournament),
                            [partial(services.join, tournament.pk, user) for user in joiners],
                            _answer)
    assert [isinstance(answer, Entry) for answer in answers] == [True] * 3 + [False] * 2
    assert answers[3:] == ["full", "full"]
    assert Entry.objects.filter(tournament=tournament).count() == 3


@pytest.mark.parametrize("join_first", [True, False], ids=["join-first", "pairing-first"])
def test_a_join_during_the_pairing_waits_and_is_paired_once(alice, make_user, join_first):
    tournament = entered(alice, users(make_user, 4), rounds=3)
    newcomer = make_user("newcomer")
    writes = [partial(services.start_tournament, tournament.pk, by_user=alice),
              partial(services.join, tournament.pk, newcomer)]
    if join_first:
        writes.reverse()
    queued_behind(_hold(tournament), writes, _answer)
    entry = Entry.objects.get(tournament=tournament, user=newcomer)
    seated = _paired_once(tournament, 1)
    # Joined before the pairing: registered and paired; after it: a late entry, not paired.
    assert entry.late is not join_first
    assert (entry.pk in seated) is join_first
    assert len(seated) == (5 if join_first else 4)


def _round_one_over_but_not_paired_on(tournament):
    """Round 1's games all over but the last, whose game is left to end in the race."""
    Tournament.objects.filter(pk=tournament.pk).update(paused=True)  # no pairing yet
    *others, last = playing(tournament)
    for pairing in others:
        win(pairing, seated_users(pairing)[0])
    Tournament.objects.filter(pk=tournament.pk).update(paused=False)
    return last


@pytest.mark.parametrize("game_first", [True, False], ids=["game-end-first", "sweep-first"])
def test_a_game_ending_while_the_next_round_is_paired_makes_one_pairing(alice, make_user,
                                                                       game_first):
    tournament = started(alice, users(make_user, 4), rounds=3)
    last = _round_one_over_but_not_paired_on(tournament)
    game = Game.objects.get(table=last.table_id)
    loser = seated_users(last)[1]
    # The resignation commits at once (games' lock only); its result's task then queues on the
    # tournament's lock, as the sweep's advance does.
    writes = [partial(game_services.resign, game.pk, loser),
              partial(services.advance, tournament.pk)]
    if not game_first:
        writes.reverse()
    queued_behind(_hold(tournament), writes, _answer)
    assert Round.objects.filter(tournament=tournament, number=2).count() == 1
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(_paired_once(tournament, 2)) == 4
    assert len(playing(tournament)) == 2


def test_a_pairing_killed_before_its_commit_leaves_nothing_and_the_sweep_pairs_once(
        alice, make_user):
    tournament = started(alice, users(make_user, 4), rounds=3)
    Tournament.objects.filter(pk=tournament.pk).update(paused=True)
    for pairing in playing(tournament):
        win(pairing, seated_users(pairing)[0])
    Tournament.objects.filter(pk=tournament.pk).update(paused=False)
    tables_before = Table.objects.count()
    paired, killed = threading.Event(), threading.Event()
    backend, failures = [], []

    def worker():
        try:
            with transaction.atomic():
                assert services.advance(tournament.pk)  # round 2 written, not committed
                backend.append(connection.connection.info.backend_pid)
                paired.set()
                killed.wait(10)
        except Exception as error:  # the server ended the connection: the commit fails
            failures.append(error)
        finally:
            paired.set()
            with contextlib.suppress(Exception):
                connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    assert paired.wait(30)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [backend[0]])
    killed.set()
    thread.join(30)
    assert failures, "the killed pairing committed"
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    assert Table.objects.count() == tables_before
    tournament.refresh_from_db()
    assert tournament.current_round == 1

    assert services.sweep()["advanced"] == 1
    assert services.sweep()["advanced"] == 0  # nothing more to do
    assert Round.objects.filter(tournament=tournament, number=2).count() == 1
    assert len(_paired_once(tournament, 2)) == 4
    assert Table.objects.count() == tables_before + 2
