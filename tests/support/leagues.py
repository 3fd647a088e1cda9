"""Leagues built and played through the services, for the league tests."""

from games import services as game_services
from games.models import Game, Seat
from leagues import services
from leagues.models import Fixture


def players(make_user, count, prefix="p"):
    return [make_user(f"{prefix}{i}") for i in range(count)]

def league_with(organiser, members, **options):
    options.setdefault("name", "Tuesday club")
    league = services.create_league(organiser, play=False, **options)
    for user in members:
        services.join_league(league.pk, user, code=league.invite_code)
    return league

def started_season(organiser, members, **options):
    """A league of `members` (league_with's options) whose first season the organiser started:
    (league, season)."""
    league = league_with(organiser, members, **options)
    season = league.seasons.get()
    services.start_season(season.pk, organiser)
    return league, season

def open_fixtures(season):
    return list(
        Fixture.objects.filter(round__season=season, status=Fixture.Status.PLAYING).order_by("id")
    )

def resign_loser(fixture, winner_of):
    """End a 2-player fixture's game: everyone but `winner_of(usernames)` resigns."""
    game = Game.objects.get(table=fixture.table_id)
    seats = list(Seat.objects.filter(table=fixture.table_id).select_related("user"))
    winner = winner_of(sorted(s.user.username for s in seats))
    for seat in seats:
        if seat.user.username != winner:
            game_services.resign(game.pk, seat.user)
    return winner



def play_game_out(game, seed=0, humans_to_floor=False):
    """Play random legal moves until the game ends. Bot seats may also be moved by the bot task
    (eagerly, or by a worker when one runs): a refused stale move just means it moved first.
    humans_to_floor: humans throw every tile on the floor (they score nothing), so a bot wins."""
    import random

    from azul import engine
    from games.errors import GameOver, NotYourTurn, StaleVersion
    from kernel.dispatch import BOT_TURNS
    from tests.support.games import controller_to_move, fresh

    rng = random.Random(seed)
    while (current := fresh(game)).status == Game.Status.PLAYING:
        mover = controller_to_move(current)
        if mover.is_bot:
            # Let the bot play its own turn (threads in the embedded default); if it did not
            # (a worker elsewhere, or no bots), the move below is refused or plays for it.
            BOT_TURNS.wait_idle(30.0)
            if fresh(game).version != current.version:
                continue
        # From the state read above: a bot's thread may change the game meanwhile.
        state = engine.ClassicState.from_dict(current.state)
        moves = [move.to_dict() for move in state.legal_moves()]
        if humans_to_floor and not mover.is_bot:
            moves = [m for m in moves if m["line"] == "floor"] or moves
        move = rng.choice(moves)
        try:
            game_services.play_move(current.pk, mover, move, current.version)
        except (StaleVersion, NotYourTurn, GameOver):
            continue
    BOT_TURNS.wait_idle(30.0)  # the game's end may have been a bot's move, on its thread
    return fresh(game)
