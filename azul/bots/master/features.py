"""The value net's input: the public state of a classic position as a flat list of floats.

Everything is seen from one player, the *perspective* (the player to move): the player
blocks come in seat order starting with it.  Only public information is used (walls,
pattern lines, floors, scores, the marker, the table and the bag's and lid's colour counts),
never the seed or the bag's order.

``boundary=True`` describes a position at the start of a round *before* its refill is
known: the factories' tiles are counted back into the bag and the table is empty, so the
net's value there is an average over the refills it has seen (refills are chance).  The
search uses it for every leaf past the end of the round it searches.

Per player (59): wall occupancy (25), per pattern line its fill share and colour one-hot
(30), floor items / 7, holds the marker, score / 50, the strong bot's projected value / 50.
Global (25): round / 6, centre and factory tiles by colour / 10 (10), non-empty factories
share, marker in the centre, bag and lid by colour / 20 (10), boundary, tiling phase.
"""

from azul.engine.classic.core import ClassicCore
from azul.engine.classic.tables import FACTORY_COUNT, KIND_COUNTS, MARKER, SIZE, TILING

from ..classic.position import Node

PLAYER_FEATURES = 59
GLOBAL_FEATURES = 25


def feature_count(players: int) -> int:
    return players * PLAYER_FEATURES + GLOBAL_FEATURES


def boundary_index(players: int) -> int:
    """The index of the boundary flag in a feature row."""
    return players * PLAYER_FEATURES + GLOBAL_FEATURES - 2


# LINE_BLOCK[r][count][colour]: the 6 floats of pattern line r holding count tiles of colour.
LINE_BLOCK = tuple(
    tuple(
        tuple(
            (count / (r + 1),) + tuple(1.0 if (count and c == colour) else 0.0 for c in range(SIZE))
            for colour in range(SIZE)
        )
        for count in range(r + 2)
    )
    for r in range(SIZE)
)
EMPTY_LINE = (0.0,) * 6


def boundary_values(node: Node) -> list[float]:
    """The projections of a round-start node without what depends on the refill.

    ``Node.values`` subtract each player's expected forced waste, which depends on the tiles
    on the table; at a boundary the refill is unknown, so the values before it (``base``).
    """
    return node.base if node.walls is not None else node.values


def features(core: ClassicCore, values: list[float], boundary: bool = False) -> list[float]:
    """The input vector of ``core`` seen by ``core.current``; ``values`` are the projections."""
    players = core.players
    me = core.current
    out: list[float] = []
    wall = core.wall
    line_colour = core.line_colour
    line_count = core.line_count
    floors = core.floors
    marker = core.marker
    for k in range(players):
        p = (me + k) % players
        cells = wall[p * 25:p * 25 + 25]
        out += [0.0 if c < 0 else 1.0 for c in cells]
        base = p * SIZE
        for r in range(SIZE):
            n = line_count[base + r]
            out += LINE_BLOCK[r][n][line_colour[base + r]] if n else EMPTY_LINE
        floor = floors[p]
        out.append(len(floor) / 7.0)
        out.append(1.0 if (marker == p or MARKER in floor) else 0.0)
        out.append(core.scores[p] / 50.0)
        out.append(values[p] / 50.0)
    out.append(core.round / 6.0)
    bag = core.bag[:]
    lid = core.lid
    factory_tiles = [0] * SIZE
    open_factories = 0
    for kind in core.factories:
        if kind:
            open_factories += 1
            counts = KIND_COUNTS[kind]
            for c in range(SIZE):
                factory_tiles[c] += counts[c]
    if boundary:
        for c in range(SIZE):
            bag[c] += factory_tiles[c] + core.center[c]
        out += (0.0,) * 11
        out.append(1.0)  # the marker is back in the centre at a round's start
    else:
        out += [n / 10.0 for n in core.center]
        out += [n / 10.0 for n in factory_tiles]
        out.append(open_factories / FACTORY_COUNT[players])
        out.append(1.0 if marker < 0 else 0.0)
    out += [n / 20.0 for n in bag]
    out += [n / 20.0 for n in lid]
    out.append(1.0 if boundary else 0.0)
    out.append(1.0 if core.phase == TILING else 0.0)
    return out
