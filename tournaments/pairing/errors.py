"""The one error of the pairing library: bad input, with a stable code.

The library imports nothing of the site (not even the kernel's DomainError), so it raises this
ValueError; the tournaments services turn its `code` into the site's own error.
"""


class PairingError(ValueError):
    """Input the pairing functions refuse; `code` is stable, the message says what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
