"""Checking a password, with both brakes on guessing (docs/operations.md, "Logins"):

- django-axes locks a username *at one address* after AXES_FAILURE_LIMIT failures, until
  AXES_COOLOFF_TIME has passed since the last attempt: a stranger elsewhere cannot lock a
  player out of their own account;
- every address has a budget of failed logins on any usernames (accounts.throttles).

Every login (page, admin, API token) comes through check_credentials.
"""

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off, get_credentials
from axes.utils import reset as reset_lockout
from django.contrib.auth import authenticate
from django.utils.translation import gettext as _

from accounts.client_address import client_address
from accounts.errors import InvalidCredentials, LoginLockedOut, TooManyFailedLogins
from accounts.throttles import FailedLoginsPerAddressThrottle
from accounts.usernames import login_name


def lockout_username(request, credentials) -> str | None:
    """AXES_USERNAME_CALLABLE: every spelling of a name counts against one lockout."""
    typed = (credentials or {}).get("username") or ""
    return login_name(typed) or typed.strip().casefold() or None


def check_credentials(username: str, password: str, *, request):
    """The user with these credentials.

    Raises TooManyFailedLogins or LoginLockedOut while logins are refused (even with the right
    password), InvalidCredentials when the username or password is wrong (or the account is a
    bot or inactive; no difference is told).
    """
    address = client_address(request)
    address_budget = FailedLoginsPerAddressThrottle()
    if address_budget.exhausted(address or "unknown"):
        raise TooManyFailedLogins(address_budget.wait())
    name = login_name(username)
    if name is None:  # no account can have this name: no password is tried
        address_budget.spend(address or "unknown")
        raise InvalidCredentials(_("Wrong username or password."))
    locked = not AxesProxyHandler.is_allowed(request, get_credentials(name))
    # Through authenticate() even when locked: axes counts the attempt and restarts the cool-off.
    user = authenticate(request, username=name, password=password)
    if locked or user is None:
        address_budget.spend(address or "unknown")
        if locked:
            raise LoginLockedOut(int(get_cool_off(request).total_seconds()))
        raise InvalidCredentials(_("Wrong username or password."))
    reset_lockout(ip=address, username=name)
    return user
