"""Quick play: play the computer, and the seek queue's pairing (ratings, options, races)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Game, Seat
from matchmaking import errors
from matchmaking.models import Seek
from matchmaking.services import seeks
from ratings.models import Rating
from tests.ratings.factories import make_users

pytestmark = pytest.mark.django_db


def rate(user, value, ladder="classic-2p", deviation=60):
    Rating.objects.create(user=user, ladder=ladder, rating=value, deviation=deviation)


def test_play_the_computer_lands_in_a_running_game_without_a_start(alice, client):
    client.force_login(alice)
    answer = client.post("/api/v1/quickplay/computer", {"level": "greedy"},
                         content_type="application/json")
    assert answer.status_code == 201
    game = Game.objects.select_related("table").get(pk=answer.json()["game"])
    assert game.status == Game.Status.PLAYING
    assert game.table.status == "playing"
    users = sorted(s.user.username for s in Seat.objects.filter(table=game.table))
    assert "alice" in users
    assert len(users) == 2
    assert client.get(answer.json()["url"]).status_code == 200
    for bad in ({"level": "nope"}, {"level": "greedy", "ruleset": "chess"}, {}, []):
        refused = client.post("/api/v1/quickplay/computer", bad, content_type="application/json")
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "invalid"
    assert Game.objects.count() == 1


def test_play_the_computer_with_choices(alice, client):
    """Classic for 3 against two bots, rated, a blitz clock: the table says so; Duel casual,
    correspondence. Every bad choice is refused as `invalid` and opens nothing."""
    from games.models import Table

    client.force_login(alice)
    answer = client.post("/api/v1/quickplay/computer", {
        "level": "random", "players": 3, "rated": True, "clock": "blitz"},
        content_type="application/json")
    assert answer.status_code == 201, answer.json()
    table = Table.objects.get(pk=answer.json()["table"])
    assert (table.players, table.ruleset, table.rated, table.clock_kind,
            table.clock_base_seconds, table.clock_increment_seconds) == \
        (3, "classic", True, "realtime", 180, 2)
    seated = list(Seat.objects.filter(table=table).select_related("user").order_by("position"))
    assert [s.user.is_bot for s in seated] == [False, True, True]
    assert {s.user.bot_level for s in seated[1:]} == {"random"}
    duel = client.post("/api/v1/quickplay/computer", {
        "level": "greedy", "ruleset": "duel", "clock": "correspondence"},
        content_type="application/json").json()
    table = Table.objects.get(pk=duel["table"])
    assert (table.ruleset, table.players, table.rated, table.clock_kind,
            table.clock_days_per_move) == ("duel", 2, False, "correspondence", 3)
    tables = Table.objects.count()
    for bad in ({"level": "greedy", "ruleset": "chess"}, {"level": "greedy", "players": 5},
                {"level": "greedy", "players": 1}, {"level": "greedy", "ruleset": "duel",
                                                    "players": 3},
                {"level": "greedy", "clock": "lightning"},
                {"level": "greedy", "clock": {"kind": "hourglass"}},
                {"level": "greedy", "clock": 7}, {"level": "greedy", "rated": "maybe"},
                {"level": "greedy", "players": "two"}, {"level": "grandmaster"}):
        refused = client.post("/api/v1/quickplay/computer", bad, content_type="application/json")
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["code"] == "invalid"
        assert refused.json()["error"]["detail"]
    assert Table.objects.count() == tables


def test_three_seekers_of_a_three_player_game_sit_together(alice, bob, carol):
    for user in (alice, bob, carol):
        rate(user, 1500, ladder="classic-multi")
    dan = make_users("dan")[0]
    seeks.create_seek(dan, players=2)  # another game: never mixed in
    assert seeks.create_seek(alice, players=3, clock="rapid").status == Seek.Status.WAITING
    assert seeks.create_seek(bob, players=3, clock="rapid").status == Seek.Status.WAITING
    paired = seeks.create_seek(carol, players=3, clock="rapid")
    assert paired.status == Seek.Status.PAIRED
    assert paired.players == 3
    game = Game.objects.select_related("table").get(pk=paired.game_id)
    assert game.table.players == 3
    assert game.table.clock_base_seconds == 600
    assert sorted(Seat.objects.filter(table=game.table).values_list("user_id", flat=True)) == \
        sorted([alice.pk, bob.pk, carol.pk])
    assert Seek.objects.get(user=dan).status == Seek.Status.WAITING
    assert seeks.seek_payload(paired)["players"] == 3


def test_a_far_rated_third_does_not_join_two_close_seekers(alice, bob, carol):
    rate(alice, 1500, ladder="classic-multi")
    rate(bob, 1520, ladder="classic-multi")
    rate(carol, 2100, ladder="classic-multi")
    for user in (alice, bob, carol):
        seeks.create_seek(user, players=3)
    assert seeks.pair_waiting_seeks() == 0
    assert Game.objects.count() == 0


def test_close_ratings_pair_at_once(alice, bob):
    rate(alice, 1500)
    rate(bob, 1560)
    first = seeks.create_seek(alice)
    assert first.status == Seek.Status.WAITING
    paired = seeks.create_seek(bob)
    assert paired.status == Seek.Status.PAIRED
    first.refresh_from_db()
    assert first.game_id == paired.game_id
    game = Game.objects.get(pk=paired.game_id)
    assert sorted(s.user_id for s in Seat.objects.filter(table=game.table_id)) == \
        sorted([alice.pk, bob.pk])
    assert game.status == Game.Status.PLAYING


def test_far_ratings_wait_until_the_window_widens(alice, bob, settings):
    rate(alice, 1500)
    rate(bob, 1900)
    seeks.create_seek(alice)
    assert seeks.create_seek(bob).status == Seek.Status.WAITING
    assert seeks.pair_waiting_seeks() == 0
    later = timezone.now() + timedelta(
        seconds=(400 - settings.SEEK_RATING_WINDOW) / settings.SEEK_RATING_WINDOW_GROWTH + 1)
    assert seeks.pair_waiting_seeks(now=later) == 1
    assert Seek.objects.filter(status="paired").count() == 2


def test_uncertain_ratings_pair_wider_than_settled_ones(alice, bob, carol, settings):
    # Two newcomers (± 500) 300 apart: their ratings say little, they pair at once (window 100
    # + half of √(500² + 500²) = 454). Two settled players (± 60) 300 apart wait.
    rate(alice, 1500, deviation=500)
    rate(bob, 1800, deviation=500)
    seeks.create_seek(alice)
    assert seeks.create_seek(bob).status == Seek.Status.PAIRED
    dan = make_users("dan")[0]
    rate(carol, 1500)
    rate(dan, 1800)
    seeks.create_seek(carol)
    assert seeks.create_seek(dan).status == Seek.Status.WAITING
    assert Seek.objects.get(user=dan).deviation == 60


def test_incompatible_options_never_pair(alice, bob, carol):
    seeks.create_seek(alice, ruleset="classic")
    seeks.create_seek(bob, ruleset="duel")
    seeks.create_seek(carol, clock={"kind": "realtime", "base_seconds": 300})
    assert seeks.pair_waiting_seeks(now=timezone.now() + timedelta(days=1)) == 0
    assert Game.objects.count() == 0


def test_one_seek_per_user_never_paired_with_themselves(alice):
    first = seeks.create_seek(alice)
    assert seeks.create_seek(alice).pk == first.pk  # the same request: the same seek
    with pytest.raises(errors.AlreadySeeking):
        seeks.create_seek(alice, ruleset="duel")
    assert seeks.pair_waiting_seeks(now=timezone.now() + timedelta(days=1)) == 0
    assert Seek.objects.count() == 1
    seeks.cancel_seek(alice)
    with pytest.raises(errors.NotSeeking):
        seeks.cancel_seek(alice)


def test_seek_rest_and_bad_input(alice, client):
    assert client.post("/api/v1/seeks", {}, content_type="application/json").status_code == 401
    client.force_login(alice)
    for bad in ({"ruleset": "go"}, {"clock": {"kind": "realtime"}}, {"rated": "maybe"},
                {"clock": "fast"}, {"players": 5}, {"ruleset": "duel", "players": 4},
                {"clock": {"kind": "sundial"}}):
        answer = client.post("/api/v1/seeks", bad, content_type="application/json")
        assert answer.status_code == 400, bad
        assert answer.json()["error"]["code"] == "invalid", bad
    assert client.get("/api/v1/seeks").json()["status"] == "none"
    assert client.post("/api/v1/seeks", {}, content_type="application/json").json()["status"] \
        == "waiting"
    assert client.delete("/api/v1/seeks").json()["status"] == "cancelled"
    assert client.delete("/api/v1/seeks").json()["error"]["code"] == "not_seeking"
    assert Seek.objects.filter(status="waiting").count() == 0


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_concurrent_seeks_never_double_pair(make_user):
    """Twelve players seek at the same moment, each from a thread of its own: every seek is
    paired at most once, every player sits in at most one game, and the sweep pairs the rest."""
    users = [make_user(f"racer{n}") for n in range(12)]
    barrier = threading.Barrier(len(users))
    failures = []

    def seek(user):
        try:
            barrier.wait()
            seeks.create_seek(user)
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connection.close()  # this thread's own connection (kept open by CONN_MAX_AGE)

    threads = [threading.Thread(target=seek, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    seeks.pair_waiting_seeks()
    games = Game.objects.all()
    assert games.count() == len(users) // 2
    seated = list(Seat.objects.values_list("user_id", flat=True))
    assert sorted(seated) == sorted(user.pk for user in users)  # each exactly once
    for game in games:
        paired = Seek.objects.filter(game=game)
        assert paired.count() == 2
        assert len({s.user_id for s in paired}) == 2
