"""The one place tournaments read players' ratings: seeds (pairings, brackets, arena ranks) come
from the player's current rating on the ladder of the tournament's games, read through the
ratings app's selector; DEFAULT_RATING where a player has none there yet."""

from ratings.ladders import ladder_for
from ratings.selectors import ratings_of

DEFAULT_RATING = 1500


def seed_rating(user, ruleset, players_per_game):
    ladder = ladder_for(ruleset, players_per_game)
    for rating in ratings_of(user):
        if rating.ladder == ladder:
            return int(round(rating.exact))
    return DEFAULT_RATING
