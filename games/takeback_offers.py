"""What a game's takebacks look like from outside: the pending request, who it waits for, each
player's budget (games.services.takebacks writes them; payloads shows them). Reads only."""

# Requests (answered or not) per player and game: a budget against badgering the other players.
TAKEBACKS_PER_PLAYER = 3
# Against bots alone nobody is bothered; the budget only bounds the replays it costs.
TAKEBACKS_PER_PLAYER_VS_BOTS = 10


def _is_bot(seat):
    return bool(getattr(seat.controller, "is_bot", False))


def pending_offer(game):
    """The takeback request waiting for answers, or None. A request lapses when the game moves
    on: it stands only while the game is still at the version it was asked at."""
    offer = (game.takeback or {}).get("offer")
    if offer is None or game.is_over or offer["version"] != game.version:
        return None
    return offer


def budget(seats, player_index):
    """How many takebacks the player of `player_index` may ask for in this game in all."""
    humans = any(not _is_bot(seat) for seat in seats if seat.player_index != player_index)
    return TAKEBACKS_PER_PLAYER if humans else TAKEBACKS_PER_PLAYER_VS_BOTS


def waiting_for(seats, offer):
    """The player indices whose answer the request still needs: the other humans' seats (a seat
    a bot plays now, its own or a leaver's, accepts)."""
    return sorted(seat.player_index for seat in seats
                  if seat.player_index != offer["by"] and seat.player_index not in offer["accepted"]
                  and not _is_bot(seat))


def takeback_payload(game):
    """The game payload's `takeback` (docs/api.md): whether takebacks are allowed here, the
    pending request and who it waits for, each player's requests left, how many were applied."""
    info = game.takeback or {}
    seats = game.table.seats_in_order()
    offer = pending_offer(game)
    asked = info.get("asked", {})
    return {
        "allowed": not game.table.rated and not game.is_over,
        "offer": None if offer is None else {
            "by": offer["by"],
            "back_to": offer["back_to"],
            "accepted": offer["accepted"],
            "waiting_for": waiting_for(seats, offer),
        },
        "left": {
            str(seat.player_index): max(0, budget(seats, seat.player_index)
                                        - asked.get(str(seat.player_index), 0))
            for seat in seats
        },
        "done": info.get("done", 0),
    }
