"""Domain errors of the accounts services, each with a stable code and its HTTP status (see
docs/api.md); like every app's, the API answers them in kernel.api.errors, pages say which status."""

import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from kernel import errors as kernel
from kernel.errors import DomainError


class AccountsError(DomainError):
    """Any refusal of the accounts services (no code of its own: it would hide the kernel's in
    RegistrationRejected and Throttled, which subclass both)."""


class RegistrationRejected(AccountsError, kernel.Invalid):
    """The username or password is not acceptable; field_errors says why, per field (the API's
    `fields`)."""

    def __init__(self, field_errors: dict[str, list[str]]):
        self.field_errors = field_errors
        self.extra = {"fields": field_errors}
        super().__init__(
            " ".join(f"{field}: {' '.join(map(str, messages))}" for field, messages in field_errors.items())
        )


class InvalidCredentials(AccountsError):
    code, status = "invalid_credentials", 401


class CodeRequired(AccountsError):
    """A password alone must not buy a token that skips the login page's code step."""

    code, status = "code_required", 401


def _in_minutes(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


class Throttled(AccountsError, kernel.Throttled):
    """A per-address (or per-mailbox) budget is spent; retry_after_seconds says for how long."""

    what = gettext_lazy("Too many requests from your address.")
    advice = ""

    def __init__(self, retry_after_seconds: int):
        self.retry_after_seconds = retry_after_seconds
        super().__init__(
            _("%(what)s Try again in %(wait)s%(advice)s.") % {
                "what": self.what, "wait": _in_minutes(retry_after_seconds), "advice": self.advice}
        )
        self.extra = {"retry_after": retry_after_seconds}  # always, even 0 (the API's body)


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

    code, status = "bad_confirmation_link", 400


class NothingToConfirm(AccountsError):
    code, status = "nothing_to_confirm", 409


class SecondFactorThrottled(LoginThrottled):
    code = "too_many_wrong_codes"
    what = gettext_lazy("Too many wrong codes for this account.")


class InvalidCode(AccountsError):
    """A sign-in code (authenticator or recovery) that is missing, wrong or already used."""

    code, status = "invalid_code", 401


class TwoFactorState(AccountsError):
    """Two-factor sign-in is already on (or off, or not started) for this account."""

    code, status = "two_factor_state", 409
