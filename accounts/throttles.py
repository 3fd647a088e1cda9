"""Per-address budgets (sign-ups, reset e-mails, failed logins): DRF throttles keyed on the real
client address (accounts.client_address), usable from API views and plain Django views alike.

DRF's own SimpleRateThrottle reads, appends to and writes back a list of timestamps, so parallel
requests overwrite each other's entries and a burst gets through. These count in fixed windows
with the cache's atomic add/incr (Redis in production), so every request of a burst is counted.
Rates are "N/unit" or "N/Munit" ("30/hour", "10/15m"), read from REST_FRAMEWORK
["DEFAULT_THROTTLE_RATES"] at each use.
"""

import hashlib
import re

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts.client_address import client_address
from kernel.errors import is_signed_in

_RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([smhd])[a-z]*\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class WindowRateThrottle(SimpleRateThrottle):
    """A budget of `rate` per window for one identity (by default the client address)."""

    cache_format = "throttle:%(scope)s:%(window)s:%(ident)s"
    # A budget of settings.<this name> a minute, read at each use (tests change it), in place of
    # the scope's entry in DEFAULT_THROTTLE_RATES.
    per_minute_setting: str | None = None
    _wait = 0.0  # seconds until the budget returns, set by spend() and exhausted()

    def __init__(self, scope: str | None = None):
        if scope is not None:
            self.scope = scope
        super().__init__()

    def get_rate(self):
        if self.per_minute_setting:
            return f"{getattr(settings, self.per_minute_setting)}/minute"
        try:
            return api_settings.DEFAULT_THROTTLE_RATES[self.scope]
        except KeyError as error:
            raise ImproperlyConfigured(f"no throttle rate for scope {self.scope!r}") from error

    def parse_rate(self, rate):
        match = _RATE.match(rate or "")
        if match is None:
            raise ValueError(f"throttle rate {rate!r} is not like 30/hour or 10/15m")
        count, multiple, unit = match.groups()
        return int(count), int(multiple or 1) * _UNIT_SECONDS[unit]

    def get_ident(self, request):
        return client_address(request) or "unknown"

    def identity(self, request, view=None) -> str:
        return self.get_ident(request)

    def _key(self, ident: str, now: float) -> tuple[str, float]:
        window = int(now // self.duration)
        key = self.cache_format % {"scope": self.scope, "window": window, "ident": ident}
        return key, (window + 1) * self.duration - now

    def allow_request(self, request, view=None) -> bool:
        """Count this request; False (and wait() > 0) once the window's budget is spent."""
        return self.spend(self.identity(request, view))

    def spend(self, ident: str) -> bool:
        now = self.timer()
        key, remaining = self._key(ident, now)
        timeout = int(remaining) + 1
        if self.cache.add(key, 1, timeout):
            count = 1
        else:
            try:
                count = self.cache.incr(key)
            except ValueError:  # expired between add() and incr()
                self.cache.add(key, 1, timeout)
                count = 1
        self._wait = 0 if count <= self.num_requests else remaining
        return count <= self.num_requests

    def exhausted(self, ident: str) -> bool:
        """Whether the budget is spent, without counting anything."""
        now = self.timer()
        key, remaining = self._key(ident, now)
        spent = (self.cache.get(key) or 0) >= self.num_requests
        self._wait = remaining if spent else 0
        return spent

    def wait(self):
        return max(1, round(self._wait)) if self._wait else None


class PerUserThrottle(WindowRateThrottle):
    """Counted per signed-in account, else per client address."""

    def identity(self, request, view=None) -> str:
        if is_signed_in(request.user):
            return f"user-{request.user.pk}"
        return super().identity(request, view)


class RegisterThrottle(WindowRateThrottle):
    """Sign-ups per address, shared by the page and POST /auth/register."""

    scope = "register"


class PasswordResetPerAddressThrottle(WindowRateThrottle):
    scope = "password_reset"


class PasswordResetPerEmailThrottle(WindowRateThrottle):
    """Reset e-mails to one mailbox, whoever asks: no flooding someone's inbox."""

    scope = "password_reset_email"

    def identity(self, request, view=None) -> str:
        email = (request.POST.get("email") or "").strip().casefold()
        return hashlib.sha256(email.encode()).hexdigest()  # no e-mail address in cache keys


class FailedLoginsPerAddressThrottle(WindowRateThrottle):
    """Failed logins from one address on any usernames (counted only on failure)."""

    scope = "login_failures"


class PerAccountThrottle(WindowRateThrottle):
    """A budget per account (spend(str(user.pk))), wherever the requests come from."""

    def identity(self, request, view=None) -> str:
        return str(request.user.pk)


class ConfirmationEmailsThrottle(PerAccountThrottle):
    """Confirmation e-mails one account may ask for: no flooding the inbox it names."""

    scope = "email_confirmation"


class SecondFactorFailuresThrottle(PerAccountThrottle):
    """Wrong sign-in codes per account (login page, API token, enabling and disabling)."""

    scope = "second_factor_failures"


class MatchmakingRate(WindowRateThrottle):
    """The matchmaking budget: settings.MATCHMAKING_WRITES_PER_MINUTE writes per user. Matchmaking's
    services spend it (matchmaking.quotas) and the notifications API's writes share it
    (MatchmakingWriteThrottle); both apps sit above accounts, so it lives here."""

    scope = "matchmaking"
    per_minute_setting = "MATCHMAKING_WRITES_PER_MINUTE"


class MatchmakingWriteThrottle(MatchmakingRate, PerUserThrottle):
    """The matchmaking budget as a DRF throttle, for the notifications API's writes, which share
    it; matchmaking's own views leave the counting to their services."""

    def allow_request(self, request, view=None):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)
