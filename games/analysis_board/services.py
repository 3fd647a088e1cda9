"""The analysis board's services (docs/analysis-board.md).

- `create_board(user, game=..., at=...)` or `create_board(user, record=..., at=...)`: a board
  rooted at a position of a **finished** game (a running or aborted one: `game_not_finished`) or
  of a pasted game record (the export format of GET /games/{id}/export).
- `save_tree(board_id, user, nodes=..., title=...)`: the owner replaces the tree; every line is
  replayed by the engine first, so an illegal move or a tree past the limits changes nothing.
- `position(board_id, path)`: what a node shows (public state, legal moves, previews): anyone
  with the link.
- `evaluate(board_id, path, user)`: the judge's evaluation of a node, on its public state only,
  within a fixed node budget (`BOARD_NODES`).
Fair play: while a user plays a rated game the board is closed to them (`playing_rated_game`).
"""

import hashlib
import json
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from azul import engine
from azul.bots.analysis.position import evaluate_position
from games import game_rules, score_history
from games import selectors as game_selectors
from games.analysis.errors import GameNotFinished
from games.errors import Forbidden, IllegalMove, Invalid
from games.models import Game
from games.terms import term
from kernel.errors import require_user

from . import selectors
from .errors import BoardQuota, PlayingRatedGame, TreeTooLarge
from .models import AnalysisBoard, BoardNode

# The limits of one tree (docs/analysis-board.md, "Limits").
MAX_NODES = 300  # nodes of a tree, every prefix of a line counted once
MAX_DEPTH = 80  # moves in one line from the root
MAX_COMMENT = 1000  # characters of one comment
MAX_TITLE = 100
MAX_RECORD_MOVES = 400  # moves of a pasted record
RECORD_FORMAT = 1


def node_budget():
    return settings.BOARD_NODES


# --- the root position -------------------------------------------------------------------------


def _check_at(at, moves):
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= moves:
        raise Invalid(_("at must be in 0..%(moves)s") % {"moves": moves})


def _finished_game(game_id):
    game = game_selectors.get_game(game_id)
    if game.status != Game.Status.FINISHED:
        raise GameNotFinished(
            _("game %(game_id)s is %(status)s: the analysis board opens finished games only")
            % {"game_id": game.pk, "status": term(game.status)})
    return game


def parse_record(record):
    """(ruleset, players, variant, seed, [move JSON]) of a pasted record; Invalid names the field."""
    if not isinstance(record, dict):
        raise Invalid(_("the record must be a JSON object"))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise Invalid(_("format must be %(format)s") % {"format": RECORD_FORMAT})
    ruleset = record.get("ruleset", "classic")
    if ruleset not in game_rules.RULESETS:
        raise Invalid(_("ruleset must be one of %(join)s") % {"join": ", ".join(game_rules.RULESETS)})
    players = record.get("players")
    if not isinstance(players, list) or len(players) not in game_rules.PLAYER_COUNTS[ruleset]:
        raise Invalid(_("players must list the seats of a %(ruleset)s game") % {"ruleset": ruleset})
    variant = record.get("variant", "standard")
    if variant not in ("standard", "gray") or (variant != "standard" and not game_rules.HAS_VARIANTS[ruleset]):
        raise Invalid(_("variant must be standard or gray (classic only)"))
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise Invalid(_("seed must be a non-negative integer"))
    moves = record.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_RECORD_MOVES:
        raise Invalid(_("moves must be a list of at most %(count)s moves") % {"count": MAX_RECORD_MOVES})
    out = []
    for index, entry in enumerate(moves):
        move = entry.get("move") if isinstance(entry, dict) else None
        if not isinstance(move, dict):
            raise Invalid(_("moves[%(index)s] must be an object with a move") % {"index": index})
        out.append(move)
    return ruleset, len(players), variant, seed, out


def _record_names(record):
    names = []
    for index, seat in enumerate(record.get("players") or []):
        name = seat.get("username") if isinstance(seat, dict) else None
        names.append(str(name)[:150] if name else _("Player %(number)s") % {"number": index + 1})
    return names


def source_of(board):
    """(first state, the source's moves, seat names) of a board's game or record."""
    if board.game_id is not None:
        game = board.game
        table = game.table
        seats = sorted(table.seats_in_order(), key=lambda seat: seat.player_index)
        state = game_rules.new_state(table.ruleset, table.players, table.variant, game.seed)
        moves = [record.move for record in score_history.move_records(game)]
        return state, moves, [seat.user.username for seat in seats]
    ruleset, players, variant, seed, moves = parse_record(board.record)
    return game_rules.new_state(ruleset, players, variant, seed), moves, _record_names(board.record)


def _walk(state, path, movers=None):
    """The state after the line `path` (engine move JSON) from `state`."""
    if not isinstance(path, list):
        raise Invalid(_("path must be a list of moves"))
    if len(path) > MAX_DEPTH:
        raise TreeTooLarge(_("a line may have at most %(count)s moves") % {"count": MAX_DEPTH})
    return _replay(state, path, movers)


def _replay(state, moves, movers=None):
    """The state after `moves` from `state`; IllegalMove names the first bad one. `movers`, when
    given, gets the player who made each move."""
    for number, move in enumerate(moves, start=1):
        if movers is not None:
            movers.append(state.current_player)
        state = _apply(state, move, number)
    return state


def _apply(state, move, number):
    if not isinstance(move, dict):
        raise Invalid(_("move %(number)s of the line must be a move object") % {"number": number})
    if state.is_over:
        raise IllegalMove(_("move %(number)s of the line comes after the end of the game") % {"number": number})
    try:
        return state.apply(move)
    except (engine.IllegalMove, engine.InvalidMove) as exc:
        raise IllegalMove(_("move %(number)s of the line: %(reason)s") % {"number": number, "reason": exc}) from None


def root_state(board):
    state, moves, _names = source_of(board)
    for move in moves[: board.start]:
        state = state.apply(move)
    return state


# --- creating and saving -----------------------------------------------------------------------


def check_not_playing_rated(user):
    if selectors.playing_rated_game(user):
        raise PlayingRatedGame()


def create_board(user, *, game=None, record=None, at=0, title=""):
    """A new board owned by `user`, rooted after `at` moves of a finished game or a record."""
    require_user(user)
    check_not_playing_rated(user)
    if (game is None) == (record is None):
        raise Invalid(_("give either a game or a record"))
    _check_title(title)
    if game is not None:
        source = _finished_game(game)
        _check_at(at, source.version)
        fields = {"game": source}
    else:
        ruleset, players, variant, seed, moves = parse_record(record)
        _check_at(at, len(moves))
        _replay(game_rules.new_state(ruleset, players, variant, seed), moves[:at])  # it must replay
        fields = {"record": record}
    with transaction.atomic():
        # The acting user's row first (docs/architecture.md, lock order): a burst of creations
        # counts in turn, so it cannot slip past the quota.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if AnalysisBoard.objects.filter(owner=user).count() >= settings.BOARDS_PER_USER:
            raise BoardQuota(_("at most %(count)s analysis boards per account") % {"count": settings.BOARDS_PER_USER})
        board = AnalysisBoard.objects.create(owner=user, start=at, title=title, **fields)
        BoardNode.objects.create(board=board, path=[], depth=0)
    return board


def _check_title(title):
    if not isinstance(title, str) or len(title) > MAX_TITLE:
        raise Invalid(_("title must be text of at most %(count)s characters") % {"count": MAX_TITLE})


def _key(path):
    return json.dumps(path, sort_keys=True, separators=(",", ":"))


def normalised_tree(nodes):
    """[(path, comment)] of every node of `nodes` ({"path", "comment"} each) and of every prefix
    of their paths, parents first; Invalid or TreeTooLarge before any engine work."""
    if not isinstance(nodes, list):
        raise Invalid(_("nodes must be a list of {path, comment}"))
    if len(nodes) > MAX_NODES:
        raise TreeTooLarge(_("a tree may have at most %(count)s nodes") % {"count": MAX_NODES})
    comments, order = {}, {_key([]): []}
    for index, node in enumerate(nodes):
        if not isinstance(node, dict) or not isinstance(node.get("path"), list):
            raise Invalid(_("nodes[%(index)s] must be an object with a path") % {"index": index})
        path, comment = node["path"], node.get("comment", "")
        if not isinstance(comment, str):
            raise Invalid(_("nodes[%(index)s].comment must be text") % {"index": index})
        if len(comment) > MAX_COMMENT:
            raise TreeTooLarge(_("a comment may have at most %(count)s characters") % {"count": MAX_COMMENT})
        if len(path) > MAX_DEPTH:
            raise TreeTooLarge(_("a line may have at most %(count)s moves") % {"count": MAX_DEPTH})
        key = _key(path)
        if key in comments:
            raise Invalid(_("nodes[%(index)s]: that path is listed twice") % {"index": index})
        comments[key] = comment.strip()
        for length in range(1, len(path) + 1):
            order.setdefault(_key(path[:length]), path[:length])
            if len(order) > MAX_NODES:
                raise TreeTooLarge(_("a tree may have at most %(count)s nodes") % {"count": MAX_NODES})
    paths = sorted(order.values(), key=len)
    return [(path, comments.get(_key(path), "")) for path in paths]


def save_tree(board_id, user, *, nodes, title=None):
    """Replace the tree of the user's board (every line replayed first); the board."""
    require_user(user)
    check_not_playing_rated(user)
    board = selectors.get_board(board_id)
    if board.owner_id != user.pk:
        raise Forbidden(_("only the board's owner may change it"))
    if title is not None:
        _check_title(title)
    tree = normalised_tree(nodes)
    states = {_key([]): root_state(board)}
    for path, _comment in tree:  # parents first: each move is applied once
        if path:
            states[_key(path)] = _apply(states[_key(path[:-1])], path[-1], len(path))
    with transaction.atomic():
        board = AnalysisBoard.objects.select_for_update().get(pk=board.pk)
        BoardNode.objects.filter(board=board).delete()
        BoardNode.objects.bulk_create([
            BoardNode(board=board, path=path, depth=len(path), comment=comment) for path, comment in tree])
        if title is not None:
            board.title = title
        board.save()
    return selectors.get_board(board.pk)


# --- reading a node ----------------------------------------------------------------------------


def node_state(board_id, path):
    board = selectors.get_board(board_id)
    return board, _walk(root_state(board), path)


def position(board_id, path):
    """What the node after `path` shows: public state, legal moves, previews, and who played
    each move of the line (`movers`)."""
    board = selectors.get_board(board_id)
    movers = []
    state = _walk(root_state(board), path, movers=movers)
    return {
        "path": path,
        "movers": movers,
        "ply": board.start + len(path),
        "state": state.to_dict(public=True),
        "over": state.is_over,
        "result": state.result() if state.is_over else None,
        "legal_moves": game_rules.legal_moves(state),
        "previews": game_rules.move_previews(state),
    }


def public_rng(state):
    """The judge's random source for a position: drawn from its public view alone (never the seed),
    so two states that differ only in what is hidden get the same evaluation."""
    public = json.dumps(state.to_dict(public=True), sort_keys=True, separators=(",", ":"))
    return random.Random(hashlib.sha256(public.encode()).hexdigest())


def evaluate_state(state, nodes=None):
    """The judge's evaluation of `state` as the API shows it (public information only)."""
    verdict = evaluate_position(state, rng=public_rng(state), nodes=nodes or node_budget())
    return {
        "mover": verdict.mover,
        "best": verdict.best.to_dict() if verdict.best else None,
        "margin": verdict.margin,
        "candidates": [{"move": move.to_dict(), "margin": margin} for move, margin in verdict.candidates],
        "line": [move.to_dict() for move in verdict.line],
        "expected": verdict.expected,
        "depth": verdict.depth,
        "nodes": verdict.nodes,
        "budget": nodes or node_budget(),
    }


def evaluate(board_id, path, user):
    """The judge's evaluation of a node (signed-in users not playing a rated game)."""
    require_user(user)
    check_not_playing_rated(user)
    _board, state = node_state(board_id, path)
    return {"path": path, **evaluate_state(state)}
