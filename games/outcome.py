"""The final result of a game, with the leaving policy applied (docs/live-play.md).

Pure functions on plain data, so ratings and tests can rely on one definition:
players still seated rank by the game (the engine's ranks, or the board when the game was cut
short); players who left rank below all of them, the earliest leaver last.
"""


def competition_ranks(keys):
    """{player: sortable key, higher is better} -> {player: rank}; equal keys share a rank (1, 1, 3)."""
    ordered = sorted(keys, key=lambda player: keys[player], reverse=True)
    ranks = {}
    for position, player in enumerate(ordered):
        if position and keys[player] == keys[ordered[position - 1]]:
            ranks[player] = ranks[ordered[position - 1]]
        else:
            ranks[player] = position + 1
    return ranks


def complete_rows(board):
    return sum(1 for row in board.get("wall", []) if row and all(cell is not None for cell in row))


def final_result(state, engine_result, *, leavers, ended_by):
    """Build the stored result.

    state: the engine's state dict at the end; engine_result: `ClassicState.result()` when the game
    reached its natural end, else None; leavers: player indices in the order they left.
    """
    players = state["players"]
    boards = state["boards"]
    scores = [board["score"] for board in boards]
    active = [p for p in range(players) if p not in leavers]

    if engine_result is not None and engine_result.get("ranks") is not None:
        # The engine already broke ties (R24); a smaller engine rank is better.
        keys = {p: -engine_result["ranks"][p] for p in active}
    else:
        keys = {p: (scores[p], complete_rows(boards[p])) for p in active}
    ranks_of_active = competition_ranks(keys)

    ranks = [0] * players
    for player, rank in ranks_of_active.items():
        ranks[player] = rank
    next_rank = len(active) + 1
    for player in reversed(leavers):  # the last to leave ranks just below the players who stayed
        ranks[player] = next_rank
        next_rank += 1

    result = dict(engine_result or {})
    if "ranks" in result:
        result["engine_ranks"] = result["ranks"]
    result.update(
        {
            "scores": result.get("scores", scores),
            "ranks": ranks,
            "winners": [p for p in range(players) if ranks[p] == 1],
            "ended_by": ended_by,
            "leavers": list(leavers),
        }
    )
    return result


def aborted_result(state, *, leavers, aborted_by):
    """The stored result of an aborted game (docs/live-play.md, "Aborted games"): nobody wins and
    the game rates nobody. `ranks` keep the board's order as it stood, the player who made no
    first move (`aborted_by`, also the last of `leavers`) below everyone (leagues count that
    player as forfeiting the fixture)."""
    result = final_result(state, None, leavers=leavers, ended_by="aborted")
    result["winners"] = []
    result["aborted_by"] = aborted_by
    return result
