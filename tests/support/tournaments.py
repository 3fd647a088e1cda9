"""Tournaments built and played through the services, for the tournament tests.

Results reach the tournament as in production: a game's end sends games.signals.game_finished
after its commit, the receiver runs the (eager) task, which records the result and pairs what is
due. Tests on `db` run the after-commit hooks with django_capture_on_commit_callbacks(execute=True)
(`committed` below); bots' turns, which run on pool threads that cannot see a test's transaction,
are played by `play_out` as the bot's own moves."""

import random
from contextlib import contextmanager
from datetime import timedelta

from django.utils import timezone

from games import services as game_services
from games.models import Game, Seat
from tests.support.games import controller_to_move, fresh, legal_moves
from tournaments import services
from tournaments.models import Entry, Pairing

REALTIME = {"kind": "realtime", "base_seconds": 600, "increment_seconds": 5}
CORRESPONDENCE = {"kind": "correspondence", "days_per_move": 3}


def users(make_user, count, prefix="p"):
    return [make_user(f"{prefix}{index}") for index in range(count)]


def new_tournament(organiser, **options):
    options.setdefault("name", "Friday open")
    options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
    options.setdefault("clock", dict(REALTIME))
    return services.create_tournament(organiser, **options)


def entered(organiser, players, **options):
    tournament = new_tournament(organiser, **options)
    for user in players:
        services.join(tournament.pk, user, password=options.get("password"),
                      code=tournament.invite_code)
    return tournament


def started(organiser, players, **options):
    tournament = entered(organiser, players, **options)
    services.start_tournament(tournament.pk, by_user=organiser)
    tournament.refresh_from_db()
    return tournament


def entry_of(tournament, user):
    return Entry.objects.get(tournament=tournament, user=user)


def playing(tournament):
    return list(Pairing.objects.filter(tournament=tournament, status=Pairing.Status.PLAYING,
                                       kind=Pairing.Kind.GAME).order_by("id"))


def game_of(pairing):
    return Game.objects.get(table=pairing.table_id)


def seated_users(pairing):
    """The pairing's players' users, in playing order."""
    return [p.entry.user for p in pairing.players.select_related("entry__user").order_by("order")]


def win(pairing, winner):
    """End the pairing's game with `winner` (a user) first: everyone else resigns, in seat
    order (at a 3-4 player table, the last to resign places second)."""
    game = game_of(pairing)
    for user in seated_users(pairing):
        if user != winner and fresh(game).status == Game.Status.PLAYING:
            game_services.resign(game.pk, user)


def play_out(pairing, seed=0):
    """Play the pairing's game to its end with random legal moves, bots' seats included."""
    game = game_of(pairing)
    rng = random.Random(seed)
    while fresh(game).status == Game.Status.PLAYING:
        current = fresh(game)
        game_services.play_move(current.pk, controller_to_move(current),
                                rng.choice(legal_moves(current)), current.version)
    return fresh(game)


def first_mover(pairing):
    game = game_of(pairing)
    return Seat.objects.get(table=game.table, player_index=0).user


@contextmanager
def committed(capture):
    """Run the after-commit hooks of what the block does (signals, tasks, broadcasts), as a
    commit would: `capture` is pytest-django's django_capture_on_commit_callbacks."""
    with capture(execute=True):
        yield


def first_by_name(pairing):
    """The pairing's player whose username comes first: who a test lets win."""
    return min(seated_users(pairing), key=lambda user: user.username)
