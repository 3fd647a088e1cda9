"""Statistics shared by the bot arenas (classic and Azul Duel)."""

import math


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (a shared first place counts half a win)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
