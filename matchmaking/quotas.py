"""One matchmaking budget per user, whichever transport asks: REST or a socket message.

Every write of rematches and quick play (offer, answer, cancel, seek, play the computer) spends
one of settings.MATCHMAKING_WRITES_PER_MINUTE, counted in the cache's atomic per-window counters
(accounts.throttles: Redis in production, so every process counts into one budget). The services
call `spend` themselves, so neither the API view nor the socket handler can skip it, and a spent
budget answers the same `throttled` error with its `retry_after` on both.
"""

from django.conf import settings
from django.utils.translation import gettext as _

from accounts.throttles import MatchmakingRate

from . import errors


def spend(user):
    """Count one matchmaking write of `user` (logged in); Throttled once the minute's is spent."""
    rate = MatchmakingRate()
    if not rate.spend(f"user-{user.pk}"):
        raise errors.Throttled(
            _("at most %(count)s rematch and quick-play requests a minute.")
            % {"count": settings.MATCHMAKING_WRITES_PER_MINUTE},
            retry_after=rate.wait(),
        )
