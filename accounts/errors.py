"""Domain errors of the accounts services, each with a stable code (see docs/api.md)."""


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
            " ".join(f"{field}: {' '.join(messages)}" for field, messages in field_errors.items())
        )


class InvalidCredentials(AccountsError):
    code = "invalid_credentials"


class LoginThrottled(AccountsError):
    code = "throttled"

    def __init__(self, retry_after_seconds: int):
        self.retry_after_seconds = retry_after_seconds
        minutes = max(1, round(retry_after_seconds / 60))
        super().__init__(
            "Too many failed login attempts. "
            f"Try again in about {minutes} minute{'s' if minutes != 1 else ''}."
        )
