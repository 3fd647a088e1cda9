"""Reads about accounts that pages and the API share."""

from dataclasses import dataclass
from datetime import datetime

from accounts.models import User
from games.ratings import selectors as ratings_selectors


@dataclass(frozen=True)
class Profile:
    user: User
    username: str
    display_name: str
    is_bot: bool
    bot_level: str | None
    member_since: datetime
    # From games.ratings: the main rating (the ladder with most rated games), every ladder's.
    rating: int | None
    games_played: int
    games_won: int
    ratings: tuple = ()


def profile_of(username: str) -> Profile | None:
    """The public profile of a user, looked up ignoring case; None if there is none."""
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        return None
    ratings = ratings_selectors.ratings_of(user)
    main = ratings_selectors.main_rating(ratings)
    played = ratings_selectors.games_summary(user)
    return Profile(
        user=user,
        username=user.username,
        display_name=user.shown_name,
        is_bot=user.is_bot,
        bot_level=user.bot_level,
        member_since=user.date_joined,
        rating=main.rating if main else None,
        games_played=played.played,
        games_won=played.won,
        ratings=tuple(ratings),
    )


def no_such_player(username: str) -> str:
    """What the page and the API say for a name nobody has."""
    return f"There is no player named {username}."
