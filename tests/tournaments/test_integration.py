"""Tournaments among the other apps: rated games rated on their ladder, seeds from the ratings
app, games telling what they are part of, a deleted account leaving, the inbox's lines, the
beat's schedule."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone, translation

from accounts.deletion import anonymise
from games import game_kinds
from notifications import texts
from notifications.models import Notification
from ratings.models import Rating, RatingChange
from tests.support.tournaments import entered, entry_of, game_of, playing, seated_users, started, win
from tournaments import broadcast, services, tasks
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def test_a_rated_tournament_game_is_rated_on_its_ladder(alice, bob, carol, hooks):
    with hooks():
        tournament = started(alice, [bob, carol], rated=True, ruleset="duel")
    (pairing,) = playing(tournament)
    with hooks():
        win(pairing, bob)
    game = game_of(pairing)
    changes = RatingChange.objects.filter(game=game)
    assert {(c.user.username, c.ladder) for c in changes} == {("bob", "duel"), ("carol", "duel")}
    assert changes.get(user=bob).delta > 0


def test_seeds_are_the_players_ratings_on_the_tournaments_ladder_at_the_start(alice, bob, carol,
                                                                             hooks):
    Rating.objects.create(user=bob, ladder="classic-2p", rating=1712.4, games=12)
    Rating.objects.create(user=bob, ladder="duel", rating=1900, games=3)
    tournament = entered(alice, [bob, carol])
    Rating.objects.filter(user=bob, ladder="classic-2p").update(rating=1750.6)  # since he joined
    with hooks():
        services.start_tournament(tournament.pk, by_user=alice)
    assert entry_of(tournament, bob).seed_rating == 1751
    assert entry_of(tournament, carol).seed_rating == 1500  # none yet: the default


def test_a_tournament_game_says_what_it_is_part_of(alice, bob, carol, hooks):
    with hooks():
        tournament = started(alice, [bob, carol], name="Winter cup")
    game = game_of(playing(tournament)[0])
    assert game_kinds.part_of(game.pk) == ("tournament", "Winter cup")


def test_a_deleted_account_leaves_its_tournaments(alice, bob, carol, dave, hooks):
    with hooks():
        running = started(alice, [bob, carol])
    waiting = entered(alice, [bob, dave])
    (pairing,) = playing(running)
    with hooks():
        anonymise(bob)
    assert entry_of(running, bob).status == Entry.Status.WITHDRAWN
    assert not Entry.objects.filter(tournament=waiting, user=bob).exists()
    pairing.refresh_from_db()
    assert pairing.players.get(entry__user=carol).points == 1  # bob's game was lost
    running.refresh_from_db()
    assert running.status == Tournament.Status.FINISHED  # nobody left to pair


def test_the_inbox_lines_of_a_tournament_speak_the_readers_language(alice, bob, carol, hooks):
    with hooks():
        tournament = started(alice, [bob, carol], name="Open", rounds=1)
        win(playing(tournament)[0], bob)
    line = Notification.objects.get(user=bob, params__event="finished")
    assert texts.describe(line) == "The tournament Open is over: you placed 1."
    with translation.override("fr"):
        assert texts.describe(line) == "Le tournoi Open est terminé : vous avez fini à la place 1."
    started_line = Notification.objects.get(user=carol, params__event="started")
    assert started_line.url == f"/tournaments/{tournament.pk}/"


def test_the_beat_sweeps_tournaments_and_a_start_is_sent_for_its_time(alice, bob, carol, hooks):
    entry = settings.CELERY_BEAT_SCHEDULE["tournaments-sweep"]
    assert entry["task"] == tasks.sweep.name
    tournament = entered(alice, [bob, carol])
    # The task sent with an ETA at starts_at does nothing early, and starts it on time.
    assert tasks.start_tournament.apply(args=(tournament.pk,)).get() is False
    Tournament.objects.filter(pk=tournament.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1))
    with hooks():
        assert tasks.start_tournament.apply(args=(tournament.pk,)).get() is True
    assert tasks.start_tournament.apply(args=(tournament.pk,)).get() is False  # once
    players = [user for pairing in playing(tournament) for user in seated_users(pairing)]
    assert sorted(user.username for user in players) == ["bob", "carol"]


def test_a_transaction_sends_the_tournaments_update_once(alice, bob, carol,
                                                         django_capture_on_commit_callbacks):
    """However many changes one transaction makes (here the test's own: a creation, two joins
    and the start with its pairing and games), one update goes out after its commit, built
    from all of them."""
    with django_capture_on_commit_callbacks() as callbacks:
        tournament = entered(alice, [bob, carol])
        services.start_tournament(tournament.pk, by_user=alice)
    updates = [c for c in callbacks if isinstance(c, broadcast.SendUpdate)]
    assert [u.tournament_id for u in updates] == [tournament.pk]


def test_ones_tournaments_are_in_the_download_of_ones_data(alice, bob, carol, hooks):
    from accounts.privacy import own_data

    with hooks():
        tournament = started(alice, [bob, carol], name="Open", rounds=1)
    (row,) = own_data(bob)["tournaments"]
    assert (row["tournament"], row["name"], row["status"]) == (tournament.pk, "Open", "active")
    assert [p["round"] for p in row["pairings"]] == [1]
