"""Build hand-made positions as engine JSON, with the bag holding whatever is left (I1)."""

from azul.engine import COLOURS, ClassicState

FACTORIES = {2: 5, 3: 7, 4: 9}


def empty_wall():
    return [[None] * 5 for _ in range(5)]


def standard_wall(cells):
    """A standard wall (R6) with tiles on the given (row, column) cells."""
    wall = empty_wall()
    for r, c in cells:
        wall[r][c] = COLOURS[(c - r) % 5]
    return wall


def board(score=0, lines=None, wall=None, floor=()):
    """``lines``: {row: (colour, count)}."""
    pattern = [{"color": None, "count": 0} for _ in range(5)]
    for row, (colour, count) in (lines or {}).items():
        pattern[row] = {"color": colour, "count": count}
    return {"score": score, "lines": pattern, "wall": wall or empty_wall(), "floor": list(floor)}


def position(players=2, variant="standard", factories=None, center=(), boards=None,
             marker="center", lid=None, phase="offer", current=0, first=0, round_number=1,
             seed=1, move_count=0):
    """A state dict; tiles not placed anywhere else are in the bag."""
    factories = [list(f) for f in (factories or [])]
    factories += [[] for _ in range(FACTORIES[players] - len(factories))]
    boards = list(boards or [])
    boards += [board() for _ in range(players - len(boards))]
    lid = dict.fromkeys(COLOURS, 0) | (lid or {})
    used = dict.fromkeys(COLOURS, 0)
    for tiles in [*factories, list(center)]:
        for tile in tiles:
            used[tile] += 1
    for b in boards:
        for line in b["lines"]:
            if line["count"]:
                used[line["color"]] += line["count"]
        for row in b["wall"]:
            for cell in row:
                if cell:
                    used[cell] += 1
        for item in b["floor"]:
            if item != "first_player":
                used[item] += 1
    bag = {c: 20 - used[c] - lid[c] for c in COLOURS}
    assert min(bag.values()) >= 0, bag
    return {
        "format": 1, "variant": variant, "players": players, "round": round_number,
        "phase": phase, "current_player": current, "first_player": first,
        "factories": factories, "center": list(center), "marker": marker, "bag": bag,
        "lid": lid, "boards": boards, "seed": seed, "move_count": move_count,
    }


def game(**kwargs) -> ClassicState:
    return ClassicState.from_dict(position(**kwargs))


def tile_totals(data: dict) -> dict:
    """I1: count every tile of a state dict, wherever it is."""
    totals = dict.fromkeys(COLOURS, 0)
    for tiles in [*data["factories"], data["center"]]:
        for tile in tiles:
            totals[tile] += 1
    for place in ("bag", "lid"):
        for colour, count in data[place].items():
            totals[colour] += count
    for b in data["boards"]:
        for line in b["lines"]:
            if line["count"]:
                totals[line["color"]] += line["count"]
        for row in b["wall"]:
            for cell in row:
                if cell:
                    totals[cell] += 1
        for item in b["floor"]:
            if item != "first_player":
                totals[item] += 1
    return totals
