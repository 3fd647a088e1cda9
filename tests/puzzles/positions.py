"""Hand-built classic positions for the puzzle tests (the public JSON of docs/engine.md)."""

from azul.engine import COLOURS, state_from_dict


def _wall_colour(row, column):
    return COLOURS[(column - row) % 5]  # R6: the standard wall


def _board(wall=(), lines=None, floor=(), score=10):
    grid = [[None] * 5 for _ in range(5)]
    for row, column in wall:
        grid[row][column] = _wall_colour(row, column)
    return {"score": score, "lines": lines or [{"color": None, "count": 0} for _ in range(5)],
            "wall": grid, "floor": list(floor)}


def position(boards, factories, center=(), *, round_=3, marker="center", players=2, variant="standard"):
    """A classic state: `boards` (from board()), the market; the bag holds the tiles left."""
    factories = [*factories, *([[]] * (2 * players + 1 - len(factories)))]  # the empty ones too
    used = dict.fromkeys(COLOURS, 0)
    for board in boards:
        for row in board["wall"]:
            for cell in row:
                if cell:
                    used[cell] += 1
        for line in board["lines"]:
            if line["color"]:
                used[line["color"]] += line["count"]
        for tile in board["floor"]:
            if tile in used:
                used[tile] += 1
    for tile in [*center, *(t for f in factories for t in f)]:
        used[tile] += 1
    return state_from_dict({
        "format": 1, "variant": variant, "players": players, "round": round_, "phase": "offer",
        "current_player": 0, "first_player": 0, "factories": [list(f) for f in factories],
        "center": list(center), "marker": marker,
        "bag": {colour: 20 - used[colour] for colour in COLOURS}, "lid": dict.fromkeys(COLOURS, 0),
        "boards": boards, "move_count": 40,
    })


def line(colour=None, count=0):
    return {"color": colour, "count": count}


def clear_best():
    """Four black and four red, one factory each. The mover's line 5 holds a black, and no line
    takes red: the black complete line 5 (nothing to the floor), every other take floors four
    tiles. The rival takes what is left."""
    mover = _board(wall=[(1, 1), (2, 2)],
                   lines=[line("blue", 1), line("yellow", 1), line("yellow", 1), line("white", 1), line("black", 1)])
    rival = _board(wall=[(0, 0)])
    return position([mover, rival], [["black"] * 4, ["red"] * 4], round_=2)


def column_and_colour():
    """The mover's column 3 misses only row 4's black, whose line holds 2 black, and the wall has
    the other four black tiles; the first row is complete at this tiling (the last round). The 3
    black of factory 0 complete the line, the column (+7) and the colour (+10)."""
    mover = _board(wall=[(0, 2), (1, 2), (2, 2), (3, 2), (0, 3), (1, 4), (2, 0), (3, 1), (0, 0), (0, 1)],
                   lines=[line("white", 1), line(), line(), line(), line("black", 2)])
    return position([mover, _board(wall=[(0, 0)])], [["black", "black", "black", "red"]],
                    center=["yellow", "yellow"], round_=4)


def marker_to_take():
    """The centre holds the first-player marker and the three blue that complete the mover's
    line 3; the only other source floors four tiles."""
    mover = _board(wall=[(1, 1)], lines=[line("red", 1), line("yellow", 1), line(), line(), line("black", 1)])
    return position([mover, _board()], [["white"] * 4], center=["blue", "blue", "blue"], round_=2)


def twin_factories():
    """Two identical factories and empty boards: the same take from either is worth the same,
    so no move is uniquely best."""
    return position([_board(), _board()], [["blue", "blue", "blue", "blue"], ["blue", "blue", "blue", "blue"]],
                    round_=1)


def one_move_left():
    """A single tile of one colour and every line but the floor closed to it: the move is forced."""
    mover = _board(lines=[line("red", 1), line("red", 2), line("red", 3), line("red", 4), line("red", 5)])
    return position([mover, _board()], [], center=["blue"], round_=2)
