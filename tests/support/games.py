"""Games built and played through the services, for tests of every app (no fixtures here: each
conftest declares its own)."""

import random

from rest_framework.test import APIClient

from accounts.services import api_token_for
from azul import engine
from games import game_rules, services
from games.models import Game, MoveRecord, Seat


def start_game(creator, *others, **options):
    options.setdefault("players", 1 + len(others))
    table = services.create_table(creator, **options)
    for other in others:
        services.join_table(table.pk, other)
    return services.start_table(table.pk, creator)


def fresh(game):
    return Game.objects.select_related("table").get(pk=game.pk)


def controller_to_move(game):
    game = fresh(game)
    seat = Seat.objects.select_related("user", "replaced_by").get(
        table=game.table, player_index=game.state["current_player"]
    )
    return seat.controller


def waiting_users(game):
    """Seated controllers who are not to move now."""
    game = fresh(game)
    current = game.state["current_player"]
    seats = Seat.objects.select_related("user", "replaced_by").filter(table=game.table)
    return [seat.controller for seat in seats if seat.player_index != current]


def legal_moves(game):
    """The JSON of every legal move now (either ruleset)."""
    return moves_of(fresh(game))


def moves_of(game):
    """The JSON of every legal move in the state of this very read of `game` (no re-read: a
    caller that plays at `game.version` must choose among the moves of that version)."""
    return game_rules.legal_moves(game_rules.load_state(game.state))


def illegal_move(game):
    """A well-formed move the engine refuses now (a colour absent from a factory)."""
    state = fresh(game).state
    for source, tiles in enumerate(state["factories"]):
        for colour in engine.COLOURS:
            if tiles and colour not in tiles:
                return {"source": source, "color": colour, "line": 0}
    raise AssertionError("no illegal move found")


def play_one(game, rng=None):
    game = fresh(game)
    moves = legal_moves(game)
    move = (rng or random.Random(game.version)).choice(moves)
    return services.play_move(game.pk, controller_to_move(game), move, game.version)


def play_first_moves(game, seed=0):
    """Play until every player has made a move: a timeout before a player's first move aborts
    the game (docs/live-play.md), so tests of the ordinary timeout start from here."""
    rng = random.Random(seed)
    while fresh(game).version < fresh(game).table.players:
        play_one(game, rng)
    return fresh(game)


def play_to_end(game, seed=0):
    rng = random.Random(seed)
    while fresh(game).status == Game.Status.PLAYING:
        play_one(game, rng)
    return fresh(game)


def snapshot(game):
    """Everything a rejected request must leave unchanged."""
    game = fresh(game)
    seats = list(
        Seat.objects.filter(table=game.table).values_list(
            "position", "user_id", "player_index", "time_left_ms", "left", "replaced_by_id"
        )
    )
    log = list(MoveRecord.objects.filter(game=game).values_list("number", "move", "user_id"))
    return (
        game.state,
        game.version,
        game.status,
        game.result,
        game.deadline_at,
        game.table.status,
        seats,
        log,
    )


def client_for(user=None):
    """A DRF client that authenticates as `user` with their API token (anonymous without one)."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(user)}")
    return client


def error_code(response):
    return response.json()["error"]["code"]


def duel_cell_decision_for(player: int):
    """(seed, moves) of a Duel game played to where ``player`` chooses among several dome cells
    for a tiled line (a ``place_tile`` decision). Random play reaches one in most games but not
    in all (8 of 100 seeds go a whole game without one for a given player), so tests that need
    one set it with ``put_game_at``."""
    for seed in range(50):
        rng = random.Random(seed)
        state = engine.new_game(2, ruleset="duel", seed=seed)
        moves = []
        while not state.is_over:
            if (state.pending["decision"] == "cell" and state.current_player == player
                    and len(state.legal_moves()) >= 2):
                return seed, moves
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.apply(move)
    raise AssertionError("no cell decision in 50 random games")


def near_a_round_end(game, player: int, turns: int = 2, seed: int = 0, ready=None):
    """(seed, moves) of ``game``'s ruleset and size played at random to where ``player`` is to
    move in the first round with ``turns`` turns of theirs left in it: with ``put_game_at``, a
    browser test reaches a round's end in a few moves instead of clicking through the round.
    ``ready(state)``: only such a position where it holds (the first of 50 seeds from ``seed``
    on that has one)."""
    table = fresh(game).table
    for tried in range(seed, seed + 50):
        rng = random.Random(tried)
        state = game_rules.new_state(table.ruleset, table.players, table.variant, tried)
        states, moves = [state], []
        while state.round == 1:
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.apply(move)
            states.append(state)
        mine = [k for k, before in enumerate(states[:-1]) if before.current_player == player
                and (ready is None or ready(before))]
        if len(mine) >= turns:
            return tried, moves[: mine[-turns]]
    raise AssertionError(f"player {player} has fewer than {turns} turns in the first round")


def put_game_at(game, seed: int, moves) -> None:
    """Make a running game the game of ``seed`` after ``moves``, as if it had been played so:
    its seed (and commitment), state, version and log, each move recorded as its seat's
    controller's (the end screen replays the log from the seed)."""
    game = fresh(game)
    table = game.table
    state = game_rules.new_state(table.ruleset, table.players, table.variant, seed)
    controllers = {seat.player_index: seat.controller for seat in
                   Seat.objects.select_related("user", "replaced_by").filter(table=table)}
    records = []
    for number, move in enumerate(moves, start=1):
        records.append(MoveRecord(game=game, number=number, player_index=state.current_player,
                                  user=controllers[state.current_player], move=move.to_dict()))
        state = state.apply(move)
    MoveRecord.objects.filter(game=game).delete()
    MoveRecord.objects.bulk_create(records)
    Game.objects.filter(pk=game.pk).update(
        seed=seed, commitment=services.commitment_of(seed, game.salt), state=state.to_dict(),
        version=state.move_count)


def _sure_to_end_with_the_round(state) -> bool:
    """Azul Duel ends with its fifth round, so any position of its last round. A classic position
    where tiles are taken, with a full pattern line whose wall row lacks only its tile (pattern
    lines only fill up within a round)."""
    if state.ruleset == "duel":
        return True
    return state.phase == "offer" and any(
        line["count"] == row + 1 and sum(cell is not None for cell in board["wall"][row]) == 4
        for board in state.to_dict()["boards"] for row, line in enumerate(board["lines"]))


def near_the_game_end(game, player: int, turns: int = 2, seed: int = 0):
    """(seed, moves) of ``game``'s ruleset and size played at random to where ``player`` is to
    move in the game's last round with ``turns`` turns of theirs left in it (classic: turns to take
    tiles), the end already sure: whatever is played from there, the game ends with the round.
    With ``put_game_at``, a browser test reaches the end screen in a few moves."""
    table = fresh(game).table
    for tried in range(seed, seed + 50):
        rng = random.Random(tried)
        state = game_rules.new_state(table.ruleset, table.players, table.variant, tried)
        states, moves = [state], []
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.apply(move)
            states.append(state)
        last_round = states[-2].round
        mine = [k for k, before in enumerate(states[:-1])
                if before.round == last_round and before.current_player == player
                and _sure_to_end_with_the_round(before)]
        if len(mine) >= turns:
            return tried, moves[: mine[-turns]]
    raise AssertionError(f"no game of 50 is sure to end with {turns} turns of player {player} left")


def one_move_from_the_end(game, seed: int = 0):
    """(seed, moves, ender) of ``game``'s ruleset and size played at random to the first position
    where a legal move (``ender``, a move dict) ends the game: with ``put_game_at``, a test reaches
    a game's last move without playing the game through the services."""
    table = fresh(game).table
    rng = random.Random(seed)
    state = game_rules.new_state(table.ruleset, table.players, table.variant, seed)
    moves = []
    while not (enders := [move for move in state.legal_moves() if state.apply(move).is_over]):
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    return seed, moves, enders[0].to_dict()


def play_out_from_the_last_round(game, seed: int = 0):
    """``game`` set in its last round (``near_the_game_end``: the moves before it are in its log,
    as its players'), then played to its end through the services (``play_to_end``): a finished
    game for tests of what follows an end, without a whole game of moves through the services
    (5-20 s on a loaded machine). ``seed`` picks the position and the moves from it."""
    put_game_at(game, *near_the_game_end(game, player=0, seed=seed))
    return play_to_end(game, seed=seed)
