"""The positions the rules pages draw, every one made or checked by the engine.

Each picture is a public engine state plus what to point at; the page's script draws it with the
boards' own components (static/js/learn/pictures.js). Worked examples are not typed in: the
points they show are the engine's, read from the state after the move that scores them.
"""

from collections import Counter
from functools import cache

from azul.engine import COLOURS, new_game, state_from_dict

from .tutorials import TUTORIALS, Runner

TILES_PER_COLOUR = 20


def _empty_board(score=0):
    return {
        "score": score,
        "lines": [{"color": None, "count": 0} for _ in range(5)],
        "wall": [[None] * 5 for _ in range(5)],
        "floor": [],
    }


def standard_colour(row, column):
    """The printed colour of a standard wall cell (R6), to build example walls with."""
    return COLOURS[(column - row) % 5]


def _classic_state(boards, center, *, variant="standard", marker="center", current=0, round_=3):
    """A classic position at the last take of a round: `center` holds the last tiles, factories
    are empty, and the bag holds every tile not on the table (the engine checks the rest)."""
    used = Counter(center)
    for board in boards:
        for line in board["lines"]:
            if line["color"]:
                used[line["color"]] += line["count"]
        used.update(tile for row in board["wall"] for tile in row if tile)
        used.update(tile for tile in board["floor"] if tile != "first_player")
    return {
        "format": 1,
        "variant": variant,
        "players": len(boards),
        "round": round_,
        "phase": "offer",
        "current_player": current,
        "first_player": 0,
        "factories": [[] for _ in range(5)],
        "center": list(center),
        "marker": marker,
        "bag": {colour: TILES_PER_COLOUR - used[colour] for colour in COLOURS},
        "lid": dict.fromkeys(COLOURS, 0),
        "boards": boards,
        "seed": 1,
        "move_count": 40,
    }


def _before_after(state, move):
    before = state_from_dict(state)
    after = before.apply(move)
    return before, after


def _public(state):
    return state.to_dict(public=True)


def wall_scoring_example():
    """A blue tile completing a row of 3 and a column of 2: the engine scores 3 + 2."""
    board = _empty_board(score=12)
    board["lines"][2] = {"color": "blue", "count": 3}
    for row, column in ((2, 0), (2, 1), (1, 2)):
        board["wall"][row][column] = standard_colour(row, column)
    other = _empty_board(score=3)
    other["floor"] = ["first_player"]
    state = _classic_state([board, other], ["red"], marker=1)
    before, after = _before_after(state, {"source": "center", "color": "red", "line": 4})
    return {
        "before": _public(before),
        "after": _public(after),
        "player": 0,
        "cell": [2, 2],
        "row_run": 3,
        "column_run": 2,
        "points": after.scores[0] - before.scores[0],
    }


def floor_example():
    """The first-player marker and two tiles on the floor: the engine charges −1, −1, −2."""
    board = _empty_board(score=9)
    board["floor"] = ["first_player", "red", "red"]
    board["lines"][3] = {"color": "black", "count": 2}
    other = _empty_board(score=6)
    state = _classic_state([board, other], ["yellow"], marker=0)
    before, after = _before_after(state, {"source": "center", "color": "yellow", "line": 4})
    return {
        "before": _public(before),
        "player": 0,
        "penalty": after.scores[0] - before.scores[0],
        "score_before": before.scores[0],
        "score_after": after.scores[0],
    }


def end_bonus_example():
    """The tile that completes a row ends the game: a row, a column and all five blues."""
    board = _empty_board(score=40)
    cells = {(0, c) for c in range(4)} | {(r, 0) for r in range(1, 5)}
    cells |= {(r, r) for r in range(1, 5)}
    for row, column in cells:
        board["wall"][row][column] = standard_colour(row, column)
    board["lines"][0] = {"color": "white", "count": 1}
    other = _empty_board(score=35)
    other["floor"] = ["first_player"]
    state = _classic_state([board, other], ["red"], marker=1, round_=6)
    before, after = _before_after(state, {"source": "center", "color": "red", "line": 4})
    result = after.result()
    return {
        "before": _public(before),
        "after": _public(after),
        "player": 0,
        "bonus": result["bonuses"][0],
        "score_before": before.scores[0],
        "placement": result["scores"][0] - result["bonuses"][0]["points"] - before.scores[0],
        "final": result["scores"][0],
    }


def gray_column_example():
    """Gray wall: a complete red line 2 may go to any free column that holds no red yet."""
    board = _empty_board(score=7)
    board["lines"][1] = {"color": "red", "count": 2}
    board["wall"][1][0] = "blue"
    board["wall"][0][2] = "red"
    board["wall"][3][3] = "yellow"
    other = _empty_board(score=4)
    other["floor"] = ["first_player"]
    state = _classic_state([board, other], ["white"], variant="gray", marker=1)
    before, after = _before_after(state, {"source": "center", "color": "white", "line": 4})
    return {
        "before": _public(before),
        "after": _public(after),
        "player": 0,
        "legal_moves": [move.to_dict() for move in after.legal_moves()],
    }


def _tutorial_states(key, *steps):
    runner = Runner(TUTORIALS[key])
    return [runner.situation(step).state for step in steps]


@cache
def classic_pictures():
    (start,) = _tutorial_states("classic", 0)
    first_move = TUTORIALS["classic"].lessons[0].move
    return {
        "setup": {"state": _public(new_game(2, seed=3)), "player": 0},
        "turn": {
            "before": _public(start),
            "after": _public(start.apply(first_move)),
            "move": first_move,
            "player": 0,
        },
        "scoring": wall_scoring_example(),
        "floor": floor_example(),
        "end": end_bonus_example(),
    }


@cache
def gray_pictures():
    return {"columns": gray_column_example()}


@cache
def duel_pictures():
    opening, sun, moon, large_moon, plate, chip, done = _tutorial_states(
        "duel", 0, 1, 2, 3, 4, 5, 6
    )
    lessons = TUTORIALS["duel"].lessons
    return {
        "setup": {"state": _public(new_game(2, ruleset="duel", seed=7)), "player": 0},
        "opening": {"before": _public(opening), "move": lessons[0].move, "player": 0},
        "sun": {"before": _public(sun), "after": _public(moon), "move": lessons[1].move,
                "player": 0},
        "moon": {"before": _public(moon), "after": _public(large_moon), "move": lessons[2].move,
                 "player": 0},
        "first_player": {"before": _public(large_moon), "after": _public(plate),
                         "move": lessons[3].move, "player": 0},
        "chip": {"before": _public(chip), "after": _public(done), "move": lessons[5].move,
                 "player": 0},
    }


PICTURES = {"classic": classic_pictures, "gray": gray_pictures, "duel": duel_pictures}


def pictures_for(ruleset):
    return PICTURES[ruleset]()
