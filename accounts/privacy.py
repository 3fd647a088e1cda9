"""A player's own data: who may follow them (and so see them online), and the download of
everything the site keeps about them (docs/api.md, "Your account").

The download holds only the signed-in player's own rows, and of other players only what any
visitor sees already (usernames and shown names in their games); never anyone else's e-mail,
settings or chat. A game still running shows no seed (it stays secret until the end).
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import signals
from accounts.models import FollowPolicy, User
from accounts.throttles import PerAccountThrottle
from kernel.errors import DomainError


class InvalidFollowPolicy(DomainError):
    code, status = "invalid", 400


class ExportThrottle(PerAccountThrottle):
    """Downloads per account: each one reads every game of the player."""

    scope = "account_export"


def set_follow_policy(user: User, policy) -> User:
    """Who may follow `user`: everyone, only players they follow, or nobody (social.services.friends
    reads it at every use, so follows it now forbids stop showing them online at once)."""
    if policy not in FollowPolicy.values:
        raise InvalidFollowPolicy(
            _("follow_policy must be one of: %(choices)s") % {"choices": ", ".join(FollowPolicy.values)}
        )
    if user.follow_policy != policy:
        user.follow_policy = policy
        user.save(update_fields=["follow_policy"])
    return user


def iso(moment):
    """A moment of the download: ISO 8601, or None."""
    return moment.isoformat() if moment else None


def own_data(user: User) -> dict:
    """Everything kept about `user`, as one JSON-ready dict: the account here, each app's sections
    from its receiver of accounts.signals.own_data_requested (accounts imports no app above it)."""
    data = {
        "exported_at": iso(timezone.now()),
        "account": {
            "id": user.pk, "username": user.username, "display_name": user.display_name,
            "email": user.email, "date_joined": iso(user.date_joined),
            "last_login": iso(user.last_login), "language": user.language,
            "confirm_moves": user.confirm_moves, "follow_policy": user.follow_policy,
        },
    }
    for _receiver, sections in signals.own_data_requested.send(sender=User, user=user):
        data.update(sections)
    return data


class DeletionThrottle(PerAccountThrottle):
    """Tries at confirming one's account deletion (a password check) per account."""

    scope = "account_deletion"
