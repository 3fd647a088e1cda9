"""The JSON shapes of tables, games and moves: the one builder used by REST, WebSocket and broadcasts."""

from . import game_rules, score_history, selectors, takeback_offers
from .models import Game


def _iso(moment):
    return moment.isoformat() if moment else None


def user_payload(user):
    if user is None:
        return None
    return {
        "username": user.username,
        # shown_name: a deleted account's seats say "deleted player" (accounts.deletion).
        "display_name": getattr(user, "shown_name", "") or user.username,
        "is_bot": bool(getattr(user, "is_bot", False)),
        "bot_level": getattr(user, "bot_level", None) or None,
    }


def clock_options(table):
    return {
        "kind": table.clock_kind,
        "base_seconds": table.clock_base_seconds,
        "increment_seconds": table.clock_increment_seconds,
        "days_per_move": table.clock_days_per_move,
    }


def table_payload(table):
    try:
        game_id = table.game.pk
    except Game.DoesNotExist:
        game_id = None
    return {
        "id": table.pk,
        "creator": table.creator.username,
        "ruleset": table.ruleset,
        "players": table.players,
        "variant": table.variant,
        "rated": table.rated,
        "clock": clock_options(table),
        "status": table.status,
        "created_at": _iso(table.created_at),
        "started_at": _iso(table.started_at),
        "finished_at": _iso(table.finished_at),
        "seats": [table_seat_payload(seat) for seat in table.seats_in_order()],
        "game": game_id,
    }


def table_seat_payload(seat):
    return {"position": seat.position, **user_payload(seat.user)}


def game_seat_payload(seat):
    replaced_by = seat.replaced_by
    return {
        "player_index": seat.player_index,
        "position": seat.position,
        **user_payload(seat.user),
        "left": seat.left,
        "left_reason": seat.left_reason or None,
        "replaced_by": replaced_by.username if replaced_by else None,
        "time_left_ms": seat.time_left_ms,
    }


def public_state(game, engine_state=None, revealed=None):
    """The engine's public state while the game runs (no seed, no bag or stack order, no face-down
    chips), the full one, seed included, once it is over (and every game dealt from its seed
    too: selectors.seed_revealed; `revealed` when the caller asked already). `engine_state`:
    game.state decoded."""
    if revealed is None:
        revealed = selectors.seed_revealed(game)
    if revealed:
        return game.state
    state = engine_state if engine_state is not None else game_rules.load_state(game.state)
    return state.to_dict(public=True)


def move_payload(record, account=None, *, with_boards=False):
    """A move of the log. `account` (engine.apply_scored's, when known) adds what it took and
    scored; `with_boards` adds the boards as they stood when its wall tiling began."""
    if record is None:
        return None
    payload = {
        "number": record.number,
        "player_index": record.player_index,
        "username": record.user.username,
        "move": record.move,
        "created_at": _iso(record.created_at),
        "think_ms": record.think_ms,
        "taken": account["taken"] if account else None,
        "scoring": account["scoring"] if account else None,
    }
    if with_boards:
        payload["before_tiling"] = account["before_tiling"] if account else None
    return payload


def game_payload(game, last_move=None, engine_state=None, account=None, *, with_moves=True):
    """Everything a client needs to draw a game, as the player to move sees it (`with_moves`: the
    legal moves and the engine's previews of each; everyone else gets both as []). Edges send
    `view_for`, which decides who sees what; this is its builder. `last_move` is the latest
    MoveRecord (or None); `engine_state` is game.state decoded, when the caller already has it;
    `account` is what the engine said that move did (engine.apply_scored), when the caller just
    applied it."""
    table = game.table
    seats = sorted(table.seats_in_order(), key=lambda seat: seat.player_index)
    over = game.is_over
    revealed = selectors.seed_revealed(game)
    engine_state = None if revealed else (
        engine_state if engine_state is not None else game_rules.load_state(game.state))
    moving = with_moves and not over
    return {
        "id": game.pk,
        "table": table.pk,
        "status": game.status,
        "version": game.version,
        "state": public_state(game, engine_state, revealed),
        # The legal moves follow from public information; they are the mover's alone because
        # nobody else can play them (and in Duel they are most of the message).
        "legal_moves": game_rules.legal_moves(engine_state) if moving else [],
        "previews": game_rules.move_previews(engine_state) if moving else [],
        "result": game.result,
        # Someone has made no move yet: any seated player may abort (docs/live-play.md).
        "abortable": not over and bool(selectors.yet_to_move(game)),
        # Casual games: the pending takeback request, each player's requests left (docs/live-play.md).
        "takeback": takeback_offers.takeback_payload(game),
        "seats": [game_seat_payload(seat) for seat in seats],
        "clock": {
            "kind": table.clock_kind,
            "current": None if over else game.state.get("current_player"),
            "turn_started_at": _iso(game.turn_started_at),
            "deadline": _iso(game.deadline_at),
        },
        "commitment": game.commitment,
        "seed": game.seed if revealed else None,
        "salt": game.salt if revealed else None,
        "variant": table.variant,
        "ruleset": table.ruleset,
        "rated": table.rated,
        "players": table.players,
        "last_move": move_payload(last_move, account, with_boards=True),
        # A finished game's points, round by round (replayed from the log: once, at the end).
        "rounds": score_history.rounds(game) if over else None,
        "created_at": _iso(game.created_at),
        "finished_at": _iso(game.finished_at),
    }


# What only the player to move gets: the moves it may play and what each would do.
MOVER_ONLY = ("legal_moves", "previews")


def view_for(game, viewer, *, last_move=None, engine_state=None, account=None):
    """What `viewer` (a user id; None: anonymous) sees of `game`: the one decision, for REST,
    a socket's connect, sync and resend, and the broadcast (`views`). Hidden information never
    leaves (the seed and salt until the end, the bag's and the plate stack's order, Duel's
    face-down chips: `public_state`); the legal moves and their previews go to the account that
    moves now alone (the player to move, or the bot that took their seat over: selectors.mover_id).
    A spectator, an anonymous visitor, a player who left and a player waiting for their turn
    see the same."""
    moves = viewer is not None and viewer == selectors.mover_id(game)
    return game_payload(game, last_move, engine_state, account, with_moves=moves)


def views(game, *, last_move=None, engine_state=None, account=None):
    """(mover_id, the mover's view, everyone else's view) of one change, the shared part built
    once: what the broadcast encodes, one text per view (games.broadcast). Once nobody moves
    (mover_id None) the two views are the same object."""
    mover = selectors.mover_id(game)
    mine = game_payload(game, last_move, engine_state, account, with_moves=mover is not None)
    if mover is None:
        return None, mine, mine
    return mover, mine, {**mine, **{key: [] for key in MOVER_ONLY}}


def move_log_payload(game):
    """The whole move log, each move with what it took and scored (replayed by the engine)."""
    return [move_payload(move.record, move.account) for move in score_history.explain(game).moves]
