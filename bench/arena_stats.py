"""What the bot arenas (classic and Azul Duel) share: the levels to pit, and the statistics."""

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


def chosen_levels(parser, text: str, known) -> list[str]:
    """The levels of a comma-separated --levels value, each one the ruleset's bots know."""
    levels = [level.strip() for level in text.split(",") if level.strip()]
    for level in levels:
        if level not in known:
            parser.error(f"unknown level {level!r}; known: {', '.join(known)}")
    return levels
