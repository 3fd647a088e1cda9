"""Reads about accounts that pages and the API share."""

from dataclasses import dataclass
from datetime import datetime

from accounts import extensions
from accounts.models import User


@dataclass(frozen=True)
class Profile:
    user: User
    username: str
    display_name: str
    is_bot: bool
    bot_level: str | None
    member_since: datetime
    # Filled by the apps above accounts (extensions.profile_facts; the ratings app: the main
    # rating, i.e. the ladder with most rated games, every ladder's, games played and won).
    rating: int | None = None
    rating_deviation: int | None = None
    rating_provisional: bool = False
    games_played: int = 0
    games_won: int = 0
    ratings: tuple = ()
    ratings_hidden: bool = False  # marked by fair play (docs/fair-play.md)


def profile_of(username: str) -> Profile | None:
    """The public profile of a user, looked up ignoring case; None if there is none."""
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        return None
    return Profile(
        user=user,
        username=user.username,
        display_name=user.shown_name,
        is_bot=user.is_bot,
        bot_level=user.bot_level or None,
        member_since=user.date_joined,
        **extensions.profile_facts(user),
    )


def no_such_player(username: str) -> str:
    """What the page and the API say for a name nobody has."""
    return f"There is no player named {username}."
