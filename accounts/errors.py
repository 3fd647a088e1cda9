"""Domain errors of the accounts services, each with a stable code (see docs/api.md)."""

import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


class AccountsError(Exception):
    code = "accounts_error"

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class RegistrationRejected(AccountsError):
    """The username or password is not acceptable; field_errors says why, per field."""

    code = "invalid"

    def __init__(self, field_errors: dict[str, list[str]]):
        self.field_errors = field_errors
        super().__init__(
            " ".join(f"{field}: {' '.join(map(str, messages))}" for field, messages in field_errors.items())
        )


class InvalidCredentials(AccountsError):
    code = "invalid_credentials"


def _in_minutes(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


class Throttled(AccountsError):
    """A per-address (or per-mailbox) budget is spent; retry_after_seconds says for how long."""

    code = "throttled"
    what = gettext_lazy("Too many requests from your address.")
    advice = ""

    def __init__(self, retry_after_seconds: int):
        self.retry_after_seconds = retry_after_seconds
        super().__init__(
            _("%(what)s Try again in %(wait)s%(advice)s.") % {
                "what": self.what, "wait": _in_minutes(retry_after_seconds), "advice": self.advice}
        )


class LoginThrottled(Throttled):
    """Logins refused for a while, even with the right password."""


class LoginLockedOut(LoginThrottled):
    code = "login_locked_out"
    what = gettext_lazy("Too many failed logins for this account from your address.")
    advice = gettext_lazy(", or reset your password")


class TooManyFailedLogins(LoginThrottled):
    code = "too_many_failed_logins"
    what = gettext_lazy("Too many failed logins from your address.")


class SignupsThrottled(Throttled):
    what = gettext_lazy("Too many sign-ups from your address.")


class PasswordResetsThrottled(Throttled):
    what = gettext_lazy("Too many password reset requests from your address.")


class ResetEmailsThrottled(Throttled):
    what = gettext_lazy("Too many reset e-mails were requested for this e-mail address.")


class ConfirmationEmailsThrottled(Throttled):
    what = gettext_lazy("Too many confirmation e-mails were asked for this account.")


class ConfirmationLinkInvalid(AccountsError):
    """A confirmation link this site did not sign, or signed too long ago, or already used."""

    code = "bad_confirmation_link"


class NothingToConfirm(AccountsError):
    code = "nothing_to_confirm"


class SecondFactorThrottled(LoginThrottled):
    code = "too_many_wrong_codes"
    what = gettext_lazy("Too many wrong codes for this account.")


class InvalidCode(AccountsError):
    """A sign-in code (authenticator or recovery) that is missing, wrong or already used."""

    code = "invalid_code"


class TwoFactorState(AccountsError):
    """Two-factor sign-in is already on (or off, or not started) for this account."""

    code = "two_factor_state"
