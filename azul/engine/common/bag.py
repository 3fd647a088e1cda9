"""Seeded tile drawing shared by the rulesets (R9, R21).

A bag and a lid (Duel calls it the tower) are lists of per-colour counts.  Each refill
gets its own ``random.Random`` seeded from a string, so the draws depend only on the
game's seed, the round and the counts: a state rebuilt from JSON draws exactly what the
original would have.  String seeding is stable across platforms and Python versions.
"""

import random
import secrets
from collections.abc import Callable

# Seeds stay below 2**53 so that JavaScript clients can hold them exactly.
SEED_LIMIT = 2**53


def fresh_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


def refill_random(ruleset: str, seed: int, round_number: int) -> random.Random:
    return random.Random(f"{ruleset}:{seed}:{round_number}")


def draw_tile(uniform: Callable[[], float], bag: list[int], lid: list[int]) -> int:
    """Draw one tile uniformly from ``bag`` (mutated); refill the bag from the lid when empty.

    ``uniform`` is a bound ``Random.random``.  Returns the colour index, or -1 when both
    bag and lid are empty.  The pick is the same as ``rng.choices(range(5), weights=bag)``
    (one ``random()`` per tile against the cumulative counts), without its overhead.
    """
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    if not total:
        total = lid[0] + lid[1] + lid[2] + lid[3] + lid[4]
        if not total:
            return -1
        bag[:] = lid
        lid[:] = [0] * len(lid)
    # random() is k / 2**53, so for total <= 100 the product is always below total.
    pick = int(uniform() * total)
    colour = 0
    for count in bag:
        pick -= count
        if pick < 0:
            break
        colour += 1
    bag[colour] -= 1
    return colour
