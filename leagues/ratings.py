"""The one place leagues read players' ratings (divisions of a first season are cut by rating).

The ratings app (games.ratings) is under construction; until it provides a selector, every player
counts as 1500. Point `_read_ratings` at that selector when it lands.
"""

DEFAULT_RATING = 1500


def _read_ratings(user_ids, players_per_game):
    try:
        from games.ratings import selectors
    except ImportError:
        return {}
    reader = getattr(selectors, "ratings_for", None)
    if reader is None:
        return {}
    return reader(user_ids, players=players_per_game)


def ratings_of(user_ids, players_per_game=2):
    """{user_id: rating} for every id given; DEFAULT_RATING where none exists."""
    user_ids = list(user_ids)
    found = _read_ratings(user_ids, players_per_game) or {}
    return {uid: int(round(found.get(uid, DEFAULT_RATING))) for uid in user_ids}
