"""Every point of a game, explained: the engine's account of each move, replayed from the log.

Nothing is stored: the seed and the move log are the game (replays.py), and the engine's
``apply_scored`` gives each move's account (tiles taken, scoring events, the boards when its
wall tiling began).  Used by the move log (REST), the replay page and the end screen's
round-by-round breakdown.  The accounts hold public information only (no seed, no bag order).
"""

from dataclasses import dataclass

from . import game_rules
from .models import MoveRecord

# Event types and the breakdown column they count in.
COLUMN_OF_EVENT = {
    "wall": "wall",
    "special": "wall",
    "line_to_floor": "floor",
    "floor": "floor",
    "plate_bought": "plates",
    "bonus": "end",
    "objective": "end",
}


def move_records(game):
    return list(MoveRecord.objects.filter(game=game).select_related("user").order_by("number"))


@dataclass(frozen=True)
class ExplainedMove:
    record: MoveRecord  # None in `rounds`, which needs only the accounts
    round: int  # the round the move was played in (its wall tiling, if any, ends that round)
    account: dict  # engine.apply_scored's: taken, scoring, before_tiling
    state: object  # the engine state after the move


@dataclass(frozen=True)
class ExplainedGame:
    start: object  # the engine state before the first move
    moves: list  # [ExplainedMove], oldest first

    @property
    def states(self):
        """[state after 0 moves, after 1, ...]."""
        return [self.start] + [move.state for move in self.moves]


def explain(game, records=None):
    """The engine's account of every move of `game` (the whole log, or `records`)."""
    records = move_records(game) if records is None else records
    return _replay(game, records, [record.move for record in records])


def rounds(game):
    """`round_breakdown` of the whole game: what its end screen shows. Replayed from the stored
    moves alone (no records, players or instances built), as it runs inside a game's last move."""
    moves = list(
        MoveRecord.objects.filter(game=game).order_by("number").values_list("move", flat=True))
    return round_breakdown(_replay(game, [None] * len(moves), moves))


def _replay(game, records, moves):
    table = game.table
    start = state = game_rules.new_state(table.ruleset, table.players, table.variant, game.seed)
    explained = []
    for record, move in zip(records, moves, strict=True):
        played_in = state.round
        state, account = game_rules.apply_scored(state, move)
        explained.append(ExplainedMove(record, played_in, account, state))
    return ExplainedGame(start, explained)


def round_breakdown(explained):
    """Per round and player: the points from the wall (Duel: dome), the floor (broken tiles),
    plates bought, and the score after the round; a last row "end" for the end bonuses (Duel:
    objectives). Sums of the engine's own events."""
    players = len(explained.start.scores)
    rounds = {}
    for move in explained.moves:
        for event in move.account["scoring"]:
            column = COLUMN_OF_EVENT[event["type"]]
            key = "end" if column == "end" else move.round
            row = rounds.setdefault(key, [_empty_cell() for _ in range(players)])
            cell = row[event["player"]]
            cell[column] += event["points"]
            cell["score"] = event["score"]
    breakdown = []
    scores = explained.start.scores
    for key in sorted(k for k in rounds if k != "end") + (["end"] if "end" in rounds else []):
        row = rounds[key]
        for player, cell in enumerate(row):
            if cell["score"] is None:
                cell["score"] = scores[player]
            scores[player] = cell["score"]
            cell["total"] = cell["wall"] + cell["floor"] + cell["plates"] + cell["end"]
        breakdown.append({"round": key, "players": row})
    return breakdown


def _empty_cell():
    return {"wall": 0, "floor": 0, "plates": 0, "end": 0, "total": 0, "score": None}
