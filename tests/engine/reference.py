"""A slow, naive implementation of docs/rules.md on the JSON dicts, written apart from the
engine's compact core, to cross-check it move by move (tests/engine/test_reference.py)."""

import copy
import random
from itertools import permutations

COLOURS = ["blue", "yellow", "red", "black", "white"]
PENALTY = [1, 1, 2, 2, 2, 3, 3]


def std_colour(r, c):
    return COLOURS[(c - r) % 5]


def legal_moves(d):
    if d["phase"] == "over":
        return []
    b = d["boards"][d["current_player"]]
    if d["phase"] == "tiling":
        r = next(i for i, line in enumerate(b["lines"]) if line["count"] == i + 1)
        return [{"row": r, "column": c} for c in gray_columns(b, r, b["lines"][r]["color"])]
    moves = []
    sources = [(i, f) for i, f in enumerate(d["factories"])] + [("center", d["center"])]
    for source, tiles in sources:
        for colour in COLOURS:
            if colour not in tiles:
                continue
            for i, line in enumerate(b["lines"]):
                in_row = colour in b["wall"][i]
                if line["count"] == 0 and not in_row or (
                        line["color"] == colour and line["count"] < i + 1):
                    moves.append({"source": source, "color": colour, "line": i})
            moves.append({"source": source, "color": colour, "line": "floor"})
    return moves


def gray_columns(b, r, colour):
    return [c for c in range(5)
            if b["wall"][r][c] is None and all(b["wall"][x][c] != colour for x in range(5))]


def to_floor(d, b, colour, n):
    for _ in range(n):
        if len(b["floor"]) < 7:
            b["floor"].append(colour)
        else:
            d["lid"][colour] += 1


def apply(d, m):
    d = copy.deepcopy(d)
    d["move_count"] += 1
    p = d["current_player"]
    b = d["boards"][p]
    if "row" in m:
        place(d, b, m["row"], m["column"])
        if tile_player(d, b):
            tiling(d, (p - d["first_player"]) % d["players"] + 1)
        return d
    colour = m["color"]
    if m["source"] == "center":
        n = d["center"].count(colour)
        d["center"] = [t for t in d["center"] if t != colour]
        if d["marker"] == "center":
            d["marker"] = p
            if len(b["floor"]) < 7:
                b["floor"].append("first_player")
    else:
        tiles = d["factories"][m["source"]]
        n = tiles.count(colour)
        d["center"] += [t for t in tiles if t != colour]
        d["factories"][m["source"]] = []
    if m["line"] != "floor":
        line = b["lines"][m["line"]]
        fit = min(n, m["line"] + 1 - line["count"])
        line["color"] = colour
        line["count"] += fit
        n -= fit
    to_floor(d, b, colour, n)
    d["center"].sort(key=COLOURS.index)
    if d["center"] or any(d["factories"]):
        d["current_player"] = (p + 1) % d["players"]
    else:
        tiling(d, 0)
    return d


def tiling(d, start):
    for k in range(start, d["players"]):
        p = (d["first_player"] + k) % d["players"]
        if not tile_player(d, d["boards"][p]):
            d["phase"] = "tiling"
            d["current_player"] = p
            return
    if d["marker"] != "center":
        d["first_player"] = d["marker"]
        d["marker"] = "center"
    d["current_player"] = d["first_player"]
    if any(None not in row for b in d["boards"] for row in b["wall"]) or not can_end(d):
        return finish(d)
    d["round"] += 1
    d["phase"] = "offer"
    rng = random.Random(f"azul:{d['seed']}:{d['round']}")
    for f in range(len(d["factories"])):
        for _ in range(4):
            if not sum(d["bag"].values()):
                d["bag"], d["lid"] = d["lid"], dict.fromkeys(COLOURS, 0)
            if not sum(d["bag"].values()):
                break
            colour = rng.choices(COLOURS, weights=[d["bag"][c] for c in COLOURS])[0]
            d["bag"][colour] -= 1
            d["factories"][f].append(colour)
        d["factories"][f].sort(key=COLOURS.index)
    if not any(d["factories"]):
        finish(d)


def tile_player(d, b):
    for r, line in enumerate(b["lines"]):
        if line["count"] != r + 1:
            continue
        colour = line["color"]
        if d["variant"] == "standard":
            place(d, b, r, (COLOURS.index(colour) + r) % 5)
            continue
        columns = gray_columns(b, r, colour)
        if len(columns) > 1:
            return False
        if columns:
            place(d, b, r, columns[0])
        else:
            to_floor(d, b, colour, r + 1)
            b["lines"][r] = {"color": None, "count": 0}
    penalty = sum(PENALTY[: len(b["floor"])])
    for item in b["floor"]:
        if item != "first_player":
            d["lid"][item] += 1
    b["floor"] = []
    b["score"] = max(0, b["score"] - penalty)
    return True


def place(d, b, r, c):
    colour = b["lines"][r]["color"]
    b["wall"][r][c] = colour
    d["lid"][colour] += r
    b["lines"][r] = {"color": None, "count": 0}
    w = b["wall"]

    def run(dr, dc):
        n, rr, cc = 0, r + dr, c + dc
        while 0 <= rr < 5 and 0 <= cc < 5 and w[rr][cc]:
            n, rr, cc = n + 1, rr + dr, cc + dc
        return n

    h = 1 + run(0, -1) + run(0, 1)
    v = 1 + run(-1, 0) + run(1, 0)
    b["score"] += 1 if h == 1 and v == 1 else (h if h > 1 else 0) + (v if v > 1 else 0)


def finish(d):
    d["phase"] = "over"
    for b in d["boards"]:
        w = b["wall"]
        rows = sum(None not in row for row in w)
        cols = sum(all(w[r][c] for r in range(5)) for c in range(5))
        colours = sum(sum(row.count(col) for row in w) == 5 for col in COLOURS)
        b["score"] += 2 * rows + 7 * cols + 10 * colours


def can_end(d):
    """The engine ruling: can anyone still complete a row?  Naive version."""
    supply = {c: d["bag"][c] + d["lid"][c] for c in COLOURS}
    lines = [(line["color"], i + 1 - line["count"], line["count"])
             for b in d["boards"] for i, line in enumerate(b["lines"]) if line["count"]]
    if min(supply.values()) < 5:
        grew = True
        while grew:
            grew = False
            for item in list(lines):
                if item[1] <= supply[item[0]]:
                    supply[item[0]] += item[2]
                    lines.remove(item)
                    grew = True
    for b in d["boards"]:
        for r in range(5):
            row = b["wall"][r]
            line = b["lines"][r]
            if line["count"] and r + 1 - line["count"] > supply[line["color"]]:
                continue
            missing = [c for c in COLOURS if c not in row]
            free = [c for c in range(5) if row[c] is None]
            need = {c: r + 1 - (line["count"] if line["color"] == c else 0) for c in missing}
            if any(need[c] > supply[c] for c in missing):
                continue
            for columns in permutations(free):
                if all(
                    (d["variant"] == "gray" and all(b["wall"][x][col] != c for x in range(5)))
                    or (d["variant"] == "standard" and std_colour(r, col) == c)
                    for c, col in zip(missing, columns, strict=True)
                ):
                    return True
    return False
