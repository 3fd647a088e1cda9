"""Replays: every state of a game rebuilt by the engine from its seed and move log.

Nothing is stored per move: the seed and the log are the game (architecture.md, "one source of
truth"); the stored `Game.state` is a cache that `verify_game` proves equal to the replay.
A running game is replayed only up to its current version and only in public form (no seed).
Also: the exported JSON record of a finished game, and checking such a record from anyone.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from azul import engine

from . import game_rules, payloads, score_history, selectors
from .errors import GameError, Invalid
from .models import Game
from .outcome import final_result
from .services import commitment_of

RECORD_FORMAT = 1
ENDINGS = ("normal", "resign", "abandon", "timeout", "aborted")


class NotFinished(GameError):
    code, status, default_detail = "not_finished", 409, gettext_lazy("the game is not over yet")


move_records = score_history.move_records


def initial_state(game):
    table = game.table
    return game_rules.new_state(table.ruleset, table.players, table.variant, game.seed)


def rebuild_states(game, records=None, upto=None):
    """[state after 0 moves, after 1, ...] up to `upto` moves (default: the whole log)."""
    records = move_records(game) if records is None else records
    if upto is not None:
        records = records[:upto]
    states = [initial_state(game)]
    for record in records:
        states.append(states[-1].apply(record.move))  # each ruleset reads its own moves
    return states


def state_at(game, at):
    """The engine state after `at` moves; `at` must be in 0..version."""
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= game.version:
        raise Invalid(_('at must be in 0..%(version)s') % {"version": game.version})
    return rebuild_states(game, upto=at)[-1]


def public_state_at(game, at):
    """What anyone may see after `at` moves: the full state once the game is over, else public."""
    return state_at(game, at).to_dict(public=not game.is_over)


def round_starts(states):
    """{round: index of the first state of that round} (the state after the refill)."""
    starts = {}
    for index, state in enumerate(states):
        starts.setdefault(state.round, index)
    return starts


def replay_payload(game):
    """Everything the replay page needs: every public state, the log, seats, result, fairness."""
    explained = score_history.explain(game)
    states = explained.states
    revealed = selectors.seed_revealed(game)
    seats = sorted(game.table.seats_in_order(), key=lambda seat: seat.player_index)
    return {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "players": game.table.players,
        "variant": game.table.variant,
        "ruleset": game.table.ruleset,
        "rated": game.table.rated,
        "seats": [payloads.game_seat_payload(seat) for seat in seats],
        # Each move with what it took and scored, and the boards its wall tiling began from.
        "moves": [payloads.move_payload(move.record, move.account, with_boards=True) for move in explained.moves],
        "rounds": score_history.round_breakdown(explained),
        "states": [state.to_dict(public=True) for state in states],
        "round_starts": {str(r): index for r, index in round_starts(states).items()},
        "result": game.result if game.is_over else None,
        "commitment": game.commitment,
        "seed": game.seed if revealed else None,
        "salt": game.salt if revealed else None,
        "commitment_matches": commitment_of(game.seed, game.salt) == game.commitment
        if revealed
        else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


# --- checking the stored games ----------------------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    game_id: int
    reason: str


def verify_game(game):
    """None if replaying the log from the seed gives the stored state and version, else why not."""
    try:
        states = rebuild_states(game)
    except (engine.IllegalMove, engine.InvalidMove, engine.InvalidState) as exc:
        return Mismatch(game.pk, f"the log does not replay: {exc}")
    final = states[-1]
    if len(states) - 1 != game.version:
        return Mismatch(game.pk, f"{len(states) - 1} moves logged but version {game.version}")
    replayed = final.to_dict()
    if replayed != game.state:
        fields = sorted(
            key
            for key in set(replayed) | set(game.state)
            if replayed.get(key) != game.state.get(key)
        )
        return Mismatch(game.pk, f"stored state differs from the replay in: {', '.join(fields)}")
    if (
        game.status == Game.Status.FINISHED
        and game.result
        and final.is_over
        and final.result()["scores"] != game.result.get("scores")
    ):
        return Mismatch(game.pk, "stored result scores differ from the replay")
    return None


def games_to_verify():
    return Game.objects.select_related("table").order_by("id")


def verify_all(progress=None, queryset=None):
    """Replay every game (or `queryset`); the list of mismatches (empty when all agree)."""
    queryset = games_to_verify() if queryset is None else queryset
    total = queryset.count()
    mismatches = []
    for done, game in enumerate(queryset.iterator(chunk_size=200), start=1):
        mismatch = verify_game(game)
        if mismatch is not None:
            mismatches.append(mismatch)
        if progress is not None:
            progress(done, total)
    return mismatches


# --- the exported record and checking one ----------------------------------------------------


def export_record(game):
    """The JSON record of a finished game: players, variant, seed, moves with times, result."""
    if not selectors.seed_revealed(game):
        raise NotFinished("a game is exported once it is over (its seed is secret until then), "
                          "and a duplicate deal's once every game of its seed is over")
    seats = sorted(game.table.seats_in_order(), key=lambda seat: seat.player_index)
    return {
        "format": RECORD_FORMAT,
        "game": game.pk,
        "ruleset": game.table.ruleset,
        "variant": game.table.variant,
        "rated": game.table.rated,
        "players": [payloads.game_seat_payload(seat) for seat in seats],
        "seed": game.seed,
        "salt": game.salt,
        "commitment": game.commitment,
        "moves": [payloads.move_payload(record) for record in move_records(game)],
        "result": game.result,
        "started_at": game.created_at.isoformat() if game.created_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


@dataclass(frozen=True)
class RecordCheck:
    valid: bool
    reason: str | None  # why not, when not valid
    moves: int  # moves replayed
    result: dict | None  # the result the moves lead to (None when they do not replay)

    def as_dict(self):
        return {
            "valid": self.valid,
            "reason": self.reason,
            "moves": self.moves,
            "result": self.result,
        }


def _parse_record(record):
    """Check the shape of a record; raise Invalid naming the field."""
    if not isinstance(record, dict):
        raise Invalid(_("the record must be a JSON object"))
    players = record.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise Invalid(_("players must be a list of 2 to 4 players"))
    ruleset = record.get("ruleset", "classic")
    if ruleset not in game_rules.RULESETS:
        raise Invalid(_('ruleset must be one of %(join)s') % {"join": ', '.join(game_rules.RULESETS)})
    if len(players) not in game_rules.PLAYER_COUNTS[ruleset]:
        raise Invalid(
            _('players: %(ruleset)s is not played by %(count)s') % {"ruleset": ruleset, "count": len(players)}
        )
    variant = record.get("variant", "standard")
    if variant not in ("standard", "gray") or (
        variant != "standard" and not game_rules.HAS_VARIANTS[ruleset]
    ):
        or_gray = " or gray" * game_rules.HAS_VARIANTS[ruleset]
        raise Invalid(_('variant must be standard%(has_variants)s') % {"has_variants": or_gray})
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise Invalid(_("seed must be a non-negative integer"))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise Invalid(_("moves must be a list"))
    for index, entry in enumerate(moves):
        if not isinstance(entry, dict) or not isinstance(entry.get("move"), dict):
            raise Invalid(_('moves[%(index)s] must be an object with a move') % {"index": index})
    result = record.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("ranks"), list):
        raise Invalid(_("result must be an object with ranks"))
    ended_by = result.get("ended_by", "normal")
    if ended_by not in ENDINGS:
        raise Invalid(_('result.ended_by must be one of %(join)s') % {"join": ', '.join(ENDINGS)})
    leavers = result.get("leavers", [])
    if not isinstance(leavers, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(players) for p in leavers
    ):
        raise Invalid(_('result.leavers must list player indices 0..%(count)s') % {"count": len(players) - 1})
    if len(set(leavers)) != len(leavers):
        raise Invalid(_("result.leavers names a player twice"))
    return ruleset, len(players), variant, seed, moves, result, ended_by, leavers


def verify_record(record):
    """Is `record` a legal game with the result it claims? Malformed records raise Invalid."""
    ruleset, players, variant, seed, moves, claimed, ended_by, leavers = _parse_record(record)
    commitment, salt = record.get("commitment"), record.get("salt")
    if commitment is not None and commitment_of(seed, salt) != commitment:
        return RecordCheck(False, "the seed and salt do not match the commitment", 0, None)
    try:
        state = game_rules.new_state(ruleset, players, variant, seed)
    except engine.InvalidState as exc:
        raise Invalid(str(exc)) from None
    movers = set()
    for number, entry in enumerate(moves, start=1):
        if entry.get("number", number) != number:
            return RecordCheck(
                False, f"move {number} is numbered {entry.get('number')}", number - 1, None
            )
        if state.is_over:
            return RecordCheck(
                False, f"move {number} comes after the end of the game", number - 1, None
            )
        seat = entry.get("player_index", state.current_player)
        movers.add(seat)
        if seat != state.current_player:
            return RecordCheck(
                False,
                f"move {number}: it was player {state.current_player}'s turn, not {seat}",
                number - 1,
                None,
            )
        try:
            state = state.apply(entry["move"])
        except (engine.IllegalMove, engine.InvalidMove) as exc:
            return RecordCheck(False, f"move {number}: {exc}", number - 1, None)

    if ended_by == "normal" and not state.is_over:
        return RecordCheck(False, "the moves do not reach the end of the game", len(moves), None)
    if ended_by != "normal" and not leavers:
        return RecordCheck(False, f"a game ended by {ended_by} needs a leaver", len(moves), None)
    if ended_by == "aborted" and len(movers) >= players:
        # A game is aborted only while someone has made no move (docs/live-play.md).
        return RecordCheck(
            False, "every player moved, so the game cannot be aborted", len(moves), None
        )
    engine_result = state.result() if state.is_over else None
    result = final_result(state.to_dict(), engine_result, leavers=leavers, ended_by=ended_by)
    if list(claimed.get("ranks")) != result["ranks"]:
        return RecordCheck(
            False,
            f"the moves give ranks {result['ranks']}, not {claimed.get('ranks')}",
            len(moves),
            result,
        )
    if "scores" in claimed and list(claimed["scores"]) != result["scores"]:
        return RecordCheck(
            False,
            f"the moves give scores {result['scores']}, not {claimed['scores']}",
            len(moves),
            result,
        )
    return RecordCheck(True, None, len(moves), result)
