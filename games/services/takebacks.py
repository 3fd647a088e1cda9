"""Takebacks of casual games: a player asks to take their last move back, the other players
answer (docs/live-play.md, "Takebacks").

The request takes the game back to just before the asker's last move, and so it is their turn
again: every move since (the other players' replies) goes too. Every other human at the table
must accept; bots accept at once, so against bots alone it applies as soon as it is asked.
Each answer runs like a move: one transaction that locks the game and checks the version the
client saw. The state is rebuilt from the seed and the moves that stay (the engine is
deterministic, round-end refills included); the moves taken back leave the log and are kept in a
`Takeback` row. Events go out after commit (games.events).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast, clocks, errors, events, game_rules, selectors, storage
from games.models import MoveRecord, Takeback
from games.takeback_offers import budget, pending_offer, waiting_for

from . import common, leaving


def request_takeback(game_id, user, version):
    """`user` asks to take back their last move in the game they saw at `version`. Against bots
    alone it is applied at once; otherwise it waits for the other humans. The GameChange."""
    return _under_lock(game_id, user, version, _request)


def answer_takeback(game_id, user, version, accept):
    """`user` accepts (`accept`) or declines the pending request of the game they saw at
    `version`. The last acceptance applies it; one refusal ends it. The GameChange."""
    return _under_lock(game_id, user, version, lambda *args: _answer(*args, accept=bool(accept)))


def _under_lock(game_id, user, version, operation):
    common.require_user(user)
    if isinstance(version, bool) or not isinstance(version, int):
        raise errors.Invalid(_("version must be an integer"))
    now = timezone.now()
    with transaction.atomic():
        game = common.lock_game(game_id)
        if not leaving.is_overdue(game, now):
            return operation(game, user, version, now)
        # As for a move: the player to move ran out of time first, and that commits.
        leaving.time_out_player_to_move(game, now)
    with transaction.atomic():
        return operation(common.lock_game(game_id), user, version, now)


def _my_seats(game, user):
    mine = [seat for seat in common.seats_of(game) if getattr(seat.controller, "pk", None) == user.pk]
    if not mine:
        raise errors.NotSeated()
    return mine


def _common_checks(game, user, version):
    if game.is_over:
        raise errors.GameOver()
    if game.table.rated:
        raise errors.TakebackNotAllowed()
    mine = _my_seats(game, user)
    if version != game.version:
        raise errors.StaleVersion(_('you saw version %(version)s; the game is at %(version2)s')
                                  % {"version": version, "version2": game.version})
    return mine


def _request(game, user, version, now):
    mine = _common_checks(game, user, version)
    if pending_offer(game) is not None:
        raise errors.TakebackPending()
    if selectors.bot_to_move(game) is not None:
        # A bot thinking now would play its move on the state it was given, not this one.
        raise errors.BotToMove()
    seats = common.seats_of(game)
    indices = [seat.player_index for seat in mine]
    last = (MoveRecord.objects.filter(game=game, player_index__in=indices)
            .order_by("-number").first())
    if last is None:
        raise errors.NothingToTakeBack()
    info = dict(game.takeback or {})
    asked = dict(info.get("asked", {}))
    key = str(last.player_index)
    if asked.get(key, 0) >= budget(seats, last.player_index):
        raise errors.TakebackLimit()
    asked[key] = asked.get(key, 0) + 1
    offer = {"by": last.player_index, "user": user.pk, "version": game.version,
             "back_to": last.number - 1, "accepted": [], "at": now.isoformat()}
    info.update(asked=asked, offer=offer)
    game.takeback = info
    if not waiting_for(seats, offer):
        return _apply(game, offer, now)
    storage.update_fields(game, ["takeback"])
    return _announce(game)


def _answer(game, user, version, now, *, accept):
    if game.is_over:
        raise errors.GameOver()
    offer = pending_offer(game)
    if offer is None:
        raise errors.NoTakebackOffer()
    mine = _common_checks(game, user, version)
    indices = {seat.player_index for seat in mine}
    if offer["by"] in indices:
        raise errors.OwnTakeback()
    seats = common.seats_of(game)
    waiting = waiting_for(seats, offer)
    answering = sorted(indices & set(waiting))
    if not answering:
        raise errors.NoTakebackOffer()
    info = dict(game.takeback)
    if not accept:
        _log(game, offer, Takeback.Outcome.DECLINED, declined_by=user)
        info.pop("offer")
        game.takeback = info
        storage.update_fields(game, ["takeback"])
        return _announce(game)
    offer = {**offer, "accepted": sorted(set(offer["accepted"]) | set(answering))}
    info["offer"] = offer
    game.takeback = info
    if not waiting_for(seats, offer):
        return _apply(game, offer, now)
    storage.update_fields(game, ["takeback"])
    return _announce(game)


def _apply(game, offer, now):
    """Take the game back to `offer["back_to"]` moves, under the lock."""
    back_to = offer["back_to"]
    records = list(MoveRecord.objects.filter(game=game).select_related("user").order_by("number"))
    table = game.table
    state = game_rules.new_state(table.ruleset, table.players, table.variant, game.seed)
    for record in records[:back_to]:
        state = state.apply(record.move)  # each ruleset reads its own moves
    removed = records[back_to:]
    # Time spent is spent: the player to move now is charged their turn so far (no increment),
    # and the turn that starts now is the asker's, on their bank as it stands.
    mover = selectors.seat_of_player(common.seats_of(game), game.state["current_player"])
    if (mover is not None and table.clock_kind == table.ClockKind.REALTIME
            and mover.time_left_ms is not None and not clocks.controller_is_bot(mover)):
        mover.time_left_ms = max(0, mover.time_left_ms
                                 - clocks.elapsed_since(game.turn_started_at, now))
        storage.update_fields(mover, ["time_left_ms"])
    _log(game, offer, Takeback.Outcome.ACCEPTED, moves=[_record_dict(r) for r in removed])
    MoveRecord.objects.filter(game=game, number__gt=back_to).delete()
    game.state = state.to_dict()
    game.version = back_to
    info = dict(game.takeback)
    info.pop("offer", None)
    info["done"] = info.get("done", 0) + 1
    game.takeback = info
    leaving.start_turn(game, now)
    storage.update_fields(game, ["state", "version", "turn_started_at", "deadline_at", "takeback"])
    last = records[back_to - 1] if back_to else None
    change = events.GameChange(game, last, state)
    events.game_changed(change, table_changed=False)
    return change


def _announce(game):
    """A request or an answer that changed no move: the same version, shown again to everyone."""
    last = game.moves.select_related("user").order_by("-number").first()
    change = events.GameChange(game, last)
    transaction.on_commit(lambda: broadcast.send_game_state(change))
    return change


def _log(game, offer, outcome, *, declined_by=None, moves=()):
    Takeback.objects.create(
        game=game, requested_by_id=offer["user"], player_index=offer["by"],
        from_version=offer["version"], back_to=offer["back_to"], outcome=outcome,
        declined_by=declined_by, moves=list(moves), requested_at=offer["at"],
    )


def _record_dict(record):
    return {"number": record.number, "player_index": record.player_index,
            "user": record.user_id, "move": record.move, "think_ms": record.think_ms,
            "created_at": record.created_at.isoformat()}
