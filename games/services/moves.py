"""Playing a move: the single writer of a game's state, under its row lock."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from azul import engine
from games import clocks, errors, events, game_rules, payloads, selectors, storage
from games.models import MoveRecord

from . import common, leaving


@dataclass(frozen=True)
class MoveOutcome(events.GameChange):
    """The game after a move (a GameChange: the edges build its view, payloads.view_for)."""

    applied: bool = True  # False when this was a resend of the last accepted move

    @property
    def version(self):
        return self.game.version

    @property
    def state(self):
        """The public state after the move (the REST answer's)."""
        return payloads.public_state(self.game, self.engine_state)


def play_move(game_id, user, move, version):
    """Apply `move` for `user` if they are to move and saw the current `version`."""
    common.require_user(user)
    if isinstance(version, bool) or not isinstance(version, int):
        raise errors.Invalid(_("version must be an integer"))
    if not isinstance(move, dict):
        raise errors.InvalidMove(_("move must be a JSON object"))
    now = timezone.now()
    with transaction.atomic():
        game = common.lock_game(game_id)
        if not leaving.is_overdue(game, now):
            return _apply_move(game, user, move, version, now)
        # The move came after the player's deadline: they lose on time instead, and that commits.
        leaving.time_out_player_to_move(game, now)
    with transaction.atomic():  # the move now meets the game as the timeout left it: an error
        return _apply_move(common.lock_game(game_id), user, move, version, now)


# Columns a move may change (saving only these keeps the UPDATE small).
_GAME_MOVE_FIELDS = ["state", "version", "status", "result", "turn_started_at", "deadline_at",
                     "finished_at"]


def _apply_move(game, user, move, version, now):
    """play_move under the game's lock: check, apply, record; the caller's transaction commits."""
    seats = common.seats_of(game)

    last = _resent_last_move(game, user, move, version)
    if last is not None:
        return MoveOutcome(game, last, applied=False)

    if game.is_over:
        raise errors.GameOver()
    mine = [seat for seat in seats if getattr(seat.controller, "pk", None) == user.pk]
    if not mine:
        raise errors.NotSeated()
    if version != game.version:
        raise errors.StaleVersion(
            _('you saw version %(version)s; the game is at %(version2)s')
            % {"version": version, "version2": game.version}
        )
    current = game.state["current_player"]
    seat = selectors.seat_of_player(mine, current)
    if seat is None:
        raise errors.NotYourTurn(_("it is player %(current)s's turn") % {"current": current})

    try:
        engine_move = game_rules.parse_move(game.table.ruleset, move)
        new_state, account = game_rules.apply_scored(game_rules.load_state(game.state), engine_move)
    except engine.InvalidMove as exc:
        raise errors.InvalidMove(str(exc)) from None
    except engine.IllegalMove as exc:
        raise errors.IllegalMove(exc.reason) from None

    think_ms = clocks.elapsed_since(game.turn_started_at, now)
    bank = seat.time_left_ms
    clocks.charge_move(game.table, seat, game.turn_started_at, now)
    record = MoveRecord(
        game=game,
        number=game.version + 1,
        player_index=current,
        user=user,
        move=engine_move.to_dict(),
        think_ms=min(think_ms, 2**31 - 1),
    )
    game.state = new_state.to_dict()
    game.version += 1
    finished = new_state.is_over
    if finished:
        leaving.finish(game, new_state.result(), "normal", now)
    else:
        leaving.start_turn(game, now)
    # The move, the game and the mover's bank (when charged) in one statement (one round trip).
    charged = seat if seat.time_left_ms != bank else None
    storage.write_move(record, game, _GAME_MOVE_FIELDS, charged, ["time_left_ms"])
    outcome = MoveOutcome(game, record, new_state, account)
    events.game_changed(outcome, table_changed=finished)
    return outcome


def _resent_last_move(game, user, move, version):
    """The last MoveRecord if this request repeats it (same player, same move, its version)."""
    if version != game.version - 1:
        return None
    last = game.moves.select_related("user").order_by("-number").first()
    if last is None or last.user_id != user.pk:
        return None
    try:
        normalised = game_rules.parse_move(game.table.ruleset, move).to_dict()
    except (engine.InvalidMove, TypeError, ValueError):
        return None
    return last if normalised == last.move else None
