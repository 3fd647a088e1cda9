"""Tables with bots for the bot tests, built through the services (bot accounts come from accounts.services)."""

from django.utils import timezone

from games import services
from games.bot_accounts import bot_account
from games.models import Game, MoveRecord, Seat, Table
from kernel import dispatch


def fresh(game):
    return Game.objects.select_related("table").get(pk=game.pk)


def only_move_by(game, username):
    """The game, fresh, once its one move (by `username`) is made and it is player 1's turn."""
    game = fresh(game)
    assert game.version == 1
    assert game.state["current_player"] == 1
    movers = [(m.number, m.user.username) for m in MoveRecord.objects.filter(game=game)]
    assert movers == [(1, username)]
    return game


def abort_and_purge(game, celery_app, queue):
    """After a test on real workers: its game stops asking for bot turns, and the turns already
    queued on its own queue are dropped, never to be played."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    with celery_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(queue)


def wait_for_bots(timeout=60):
    assert dispatch.BOT_TURNS.wait_idle(timeout), "embedded bot turns did not finish"


def bots_only_game(creator, levels, *, variant="standard"):
    """A running game whose every seat is a bot (the services insist on a human creator's
    seat, so the rows are written directly; the bots then play it through the services)."""
    return game_in_order(creator, [bot_account(level) for level in levels], variant=variant)


def game_in_order(creator, users, *, variant="standard"):
    """A running game with `users` as players 0, 1, ... (start_table would shuffle them)."""
    from azul import engine

    table = Table.objects.create(creator=creator, players=len(users), variant=variant,
                                 status=Table.Status.PLAYING)
    for index, user in enumerate(users):
        Seat.objects.create(table=table, position=index, user=user, player_index=index)
    seed = 424242
    salt = "00" * 16
    return Game.objects.create(
        table=table,
        state=engine.new_game(len(users), variant=variant, seed=seed).to_dict(),
        version=0,
        seed=seed,
        salt=salt,
        commitment=services.commitment_of(seed, salt),
        turn_started_at=timezone.now(),
    )
