"""Plain-text pictures of an Azul Duel game, for the command line and for debugging.

Letters as on the plates (D4): B blue, Y yellow, R red, K black, T white; W wild, S special.
A placed tile is a capital; an empty cell shows its kind in lower case; "." has no plate.
"""

from .core import EMPTY, DuelCore
from .tables import CHIP_NAME, GRID, KIND_LETTER, LINES, PHASES, SMALL_FACTORIES, SPECIAL

LETTER = {c: KIND_LETTER[c] for c in range(5)}


def _tiles(counts: list[int]) -> str:
    return "".join(LETTER[c] * n for c, n in enumerate(counts))


def render_table(core: DuelCore) -> str:
    parts = []
    for f in range(SMALL_FACTORIES):
        moon = "".join(LETTER[c] for c in core.moons[f])
        chip = ""
        if core.chips[f]:
            chip = f" chip {CHIP_NAME[core.chips[f]]}" if core.chip_up[f] else " chip ?"
        parts.append(f"F{f} sun[{_tiles(core.suns[f]):<4}] moon[{moon:<3}]{chip}")
    first = "+1st" if core.fp < 0 else ""
    parts.append(f"F4 sun[{_tiles(core.suns[4]):<5}] moon[{_tiles(core.large_moon)}{first}]")
    display = " ".join(str(x) for x in core.display)
    parts.append(f"plates: display [{display}], stack {len(core.plate_stack)}"
                 + (f", revealed {core.revealed}" if core.revealed else ""))
    return "\n".join(parts)


def render_board(core: DuelCore, p: int) -> str:
    header = f"player {p}  score {core.scores[p]}"
    if core.fp == p:
        header += "  (holds the first-player tile)"
    if core.bonus[p]:
        header += "  chips: " + ", ".join(CHIP_NAME[m] for m in core.bonus[p])
    rows = [header]
    for r in range(LINES):
        count = core.line_count[p * LINES + r]
        colour = core.line_colour[p * LINES + r]
        pattern = "." * (r + 1 - count) + (LETTER[colour] * count if count else "")
        cells = []
        for c in range(GRID):
            tile = core.grid[p][r * GRID + c]
            kind = core.layout[p][r * GRID + c]
            if tile == SPECIAL:
                cells.append("S")
            elif tile != EMPTY:
                cells.append(LETTER[tile])
            elif kind == EMPTY:
                cells.append(".")
            else:
                cells.append(KIND_LETTER[kind].lower())
        rows.append(f"  {pattern:>6} | {' '.join(cells[:2])}  {' '.join(cells[2:4])}  "
                    f"{' '.join(cells[4:])}")
    rows.append("  broken: " + " ".join(LETTER[c] for c in core.broken[p]))
    return "\n".join(rows)


def render(core: DuelCore) -> str:
    objectives = ", ".join(f"{t}{s}" for t, s in core.objectives)
    head = f"round {core.round}, phase {PHASES[core.phase]}, objectives {objectives}"
    boards = "\n".join(render_board(core, p) for p in range(2))
    return f"{head}\n{render_table(core)}\n{boards}"
