"""Helpers for the Duel engine tests: invariant checks and positions built on a real core."""

import random
from collections import Counter

from azul.engine.duel.actions import action_id
from azul.engine.duel.core import EMPTY, DuelCore
from azul.engine.duel.state import DuelState
from azul.engine.duel.tables import ALL_CHIPS, PLATE_COUNT, SPECIAL, TILES_PER_COLOUR


def tile_totals(core: DuelCore) -> list[int]:
    """DI1: coloured tiles in bag, tower, factories, lines, broken areas and domes."""
    totals = [0] * 5
    for c in range(5):
        totals[c] += core.bag[c] + core.tower[c] + core.large_moon[c]
        totals[c] += sum(sun[c] for sun in core.suns)
        totals[c] += sum(moon.count(c) for moon in core.moons)
        totals[c] += sum(b.count(c) for b in core.broken)
        totals[c] += sum(g.count(c) for g in core.grid)
    for i, count in enumerate(core.line_count):
        if count:
            totals[core.line_colour[i]] += count
    return totals


def check_invariants(core: DuelCore) -> None:
    assert tile_totals(core) == [TILES_PER_COLOUR] * 5, "DI1: 13 tiles of each colour"
    assert sum(g.count(SPECIAL) for g in core.grid) <= 9, "DI1: at most 9 special tiles"
    assert all(score >= 0 for score in core.scores), "DI4: scores never negative"
    plates = core.plate_stack + core.display + core.revealed + [
        s[0] for slots in core.slots for s in slots if s is not None]
    assert sorted(plates) == list(range(PLATE_COUNT)), "D4: each plate exactly once"
    chips = Counter(core.chip_supply + core.chips_gone + [m for m in core.chips if m])
    for bonus in core.bonus:
        chips.update(bonus)
    assert chips == Counter(ALL_CHIPS), "D5: the 20 chips, each once"
    for p in range(2):
        assert len(core.broken[p]) <= 4
        for cell in range(36):
            if core.grid[p][cell] != EMPTY:
                assert core.layout[p][cell] != EMPTY, "tiles only on plates"


def opened(seed: int = 1) -> DuelCore:
    """A core right after both opening plates (seat 1 in slot 0, seat 0 in slot 0)."""
    core = DuelCore.new(seed)
    core.apply_action(action_id(("opening_plate", 0, 0, 0)))
    core.apply_action(action_id(("opening_plate", 0, 0, 0)))
    return core


def empty_table(core: DuelCore) -> None:
    """Move every tile on the factories back to the bag (keeps DI1)."""
    for f in range(5):
        for c in range(5):
            core.bag[c] += core.suns[f][c]
        core.suns[f] = [0] * 5
    for f in range(4):
        for c in core.moons[f]:
            core.bag[c] += 1
        core.moons[f] = []
    for c in range(5):
        core.bag[c] += core.large_moon[c]
    core.large_moon = [0] * 5


def set_sun(core: DuelCore, f: int, colours: list[int]) -> None:
    for c in colours:
        assert core.bag[c] > 0
        core.bag[c] -= 1
        core.suns[f][c] += 1


def give_line(core: DuelCore, p: int, line: int, colour: int, count: int) -> None:
    core.bag[colour] -= count
    core.line_colour[p * 6 + line] = colour
    core.line_count[p * 6 + line] = count


def place_plate(core: DuelCore, p: int, plate: int, slot: int, rotation: int = 0) -> None:
    """Put ``plate`` from wherever it is into ``p``'s dome (test set-up only)."""
    for pile in (core.plate_stack, core.display):
        if plate in pile:
            pile.remove(plate)
    core._place_plate(p, plate, slot, rotation)


def random_game(seed: int, check=None) -> DuelCore:
    core = DuelCore.new(seed)
    rng = random.Random(seed)
    while not core.is_over:
        legal = core.legal_actions()
        core.apply_action(legal[int(rng.random() * len(legal))])
        if check:
            check(core)
    return core


def state(core: DuelCore) -> DuelState:
    return DuelState(core)
