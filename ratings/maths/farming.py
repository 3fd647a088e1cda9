"""How much a rated game counts: the anti-farming rule, pure (docs/ratings.md, "Farming").

Rated games between the same players count fully FULL_GAMES_PER_DAY times in any 24 hours;
each further game among exactly the same accounts in that window counts half the one before
(the 4th ½, the 5th ¼, ...). Bots are accounts like any other: twenty wins over the Random bot
in an evening are mostly ignored, on top of Glicko-2's own rule that beating a far weaker, well
known opponent teaches almost nothing. Both players' figures use the same weight.
"""

FULL_GAMES_PER_DAY = 3
WINDOW_HOURS = 24


def game_weight(earlier_games: int) -> float:
    """The weight of a game preceded by `earlier_games` rated games among the same accounts in
    the last WINDOW_HOURS."""
    if earlier_games < FULL_GAMES_PER_DAY:
        return 1.0
    return 0.5 ** (earlier_games - FULL_GAMES_PER_DAY + 1)
