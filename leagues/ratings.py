"""The one place leagues read players' ratings (divisions of a first season are cut by rating).

Reads the ratings app's selector (ratings.selectors.ratings_of, one user at a time) on the
ladder of the league's games; DEFAULT_RATING where a player has no rating there yet.
"""

from django.contrib.auth import get_user_model

from ratings.ladders import ladder_for
from ratings.selectors import ratings_of as ladder_ratings

DEFAULT_RATING = 1500


def _read_ratings(user_ids, ruleset, players_per_game):
    ladder = ladder_for(ruleset, players_per_game)
    found = {}
    for user in get_user_model().objects.filter(pk__in=user_ids):
        for rating in ladder_ratings(user):
            if rating.ladder == ladder:
                found[user.pk] = rating.rating
    return found


def ratings_of(user_ids, ruleset="classic", players_per_game=2):
    """{user_id: rating} on the ladder of the league's games, for every id given; DEFAULT_RATING
    where none exists."""
    user_ids = list(user_ids)
    found = _read_ratings(user_ids, ruleset, players_per_game)
    return {uid: int(round(found.get(uid, DEFAULT_RATING))) for uid in user_ids}
