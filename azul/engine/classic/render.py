"""Plain-text pictures of a classic game, for the command line and for debugging."""

from ..common.colours import COLOURS
from .core import ClassicCore
from .tables import KIND_NAMES, MARKER, SIZE, standard_colour

LETTER = {c: name[0].upper() if name != "black" else "K" for c, name in enumerate(COLOURS)}


def letter(colour: int) -> str:
    return LETTER[colour]


def render_table(core: ClassicCore) -> str:
    parts = []
    for f, kind in enumerate(core.factories):
        tiles = "".join(name[0].upper() if name != "black" else "K" for name in KIND_NAMES[kind])
        parts.append(f"F{f}[{tiles:<4}]")
    center = "".join(letter(c) * core.center[c] for c in range(SIZE))
    marker = "+1st" if core.marker < 0 else ""
    return " ".join(parts) + f"  center[{center}{marker}]"


def render_board(core: ClassicCore, player: int) -> str:
    """Pattern lines right-aligned beside the wall, then the floor, as on the real board.

    Placed tiles are capitals; on the standard wall an empty cell shows its colour in
    lower case, on the gray wall a dot.
    """
    base = player * SIZE
    header = f"player {player}  score {core.scores[player]}"
    if core.marker == player:
        header += "  (holds the first-player marker)"
    lines = [header]
    for r in range(SIZE):
        count = core.line_count[base + r]
        colour = core.line_colour[base + r]
        pattern = "." * (r + 1 - count) + (letter(colour) * count if count else "")
        cells = []
        for c in range(SIZE):
            placed = core.wall[player * 25 + r * SIZE + c]
            if placed >= 0:
                cells.append(letter(placed))
            elif core.gray:
                cells.append(".")
            else:
                cells.append(letter(standard_colour(r, c)).lower())
        lines.append(f"  {pattern:>5} | {' '.join(cells)}")
    floor = " ".join("1" if item == MARKER else letter(item) for item in core.floors[player])
    lines.append(f"  floor: {floor}")
    return "\n".join(lines)


def render(core: ClassicCore) -> str:
    head = f"round {core.round}, phase {('offer', 'tiling', 'over')[core.phase]}"
    boards = "\n".join(render_board(core, p) for p in range(core.players))
    return f"{head}\n{render_table(core)}\n{boards}"
