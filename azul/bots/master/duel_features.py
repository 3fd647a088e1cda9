"""The Duel value net's input: a public Duel position as floats, seen by the player to move.

Per player, the mover first (84): the Duel strong bot's hand-made value / 50 and its score
/ 50, the dome's tiles (36, 1 = a tile) and plated cells (36, 1 = a plate lies there), per
pattern line its fill share (6), broken spaces used / 4, bonus chips / 5, objective points
/ 20, holds the first-player tile.  Global (18): round / 5, phase one-hot (6), tiles on the
factories (suns and moons) by colour / 13 (5), bag by colour / 13 (5), boundary.  With
``boundary=True`` (a position past the end of the searched round, its refill a sample) the
factories' tiles are counted back into the bag, so the value is the net's average over refills.
What players cannot
see (the plate stack's order, face-down chips) is not used; the bag's counts are public.
"""

from azul.engine.duel.core import EMPTY, DuelCore
from azul.engine.duel.tables import COLOUR_COUNT, LINES

from ..duel.evaluation import dome_facts, value

PLAYER_FEATURES = 84
GLOBAL_FEATURES = 18
FEATURES = 2 * PLAYER_FEATURES + GLOBAL_FEATURES
PHASES = 6


def duel_features(core: DuelCore, boundary: bool = False) -> list[float]:
    me = core.current
    out: list[float] = []
    for p in (me, 1 - me):
        out.append(value(core, p) / 50.0)
        out.append(core.scores[p] / 50.0)
        out += [0.0 if cell == EMPTY else 1.0 for cell in core.grid[p]]
        out += [0.0 if cell < 0 else 1.0 for cell in core.layout[p]]
        base = p * LINES
        for r in range(LINES):
            out.append((core.line_count[base + r] + core.line_chips[base + r]) / (r + 1))
        out.append(len(core.broken[p]) / 4.0)
        out.append(len(core.bonus[p]) / 5.0)
        out.append(dome_facts(core, p)[2] / 20.0)
        out.append(1.0 if core.fp == p else 0.0)
    out.append(core.round / 5.0)
    phase = [0.0] * PHASES
    phase[core.phase] = 1.0
    out += phase
    table = core.large_moon[:]
    for sun in core.suns:
        for c in range(COLOUR_COUNT):
            table[c] += sun[c]
    for moon in core.moons:
        for c in moon:
            table[c] += 1
    if boundary:
        out += [0.0] * COLOUR_COUNT
        out += [(core.bag[c] + table[c]) / 13.0 for c in range(COLOUR_COUNT)]
    else:
        out += [n / 13.0 for n in table]
        out += [n / 13.0 for n in core.bag]
    out.append(1.0 if boundary else 0.0)
    return out
