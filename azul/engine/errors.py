"""The three ways a call into the engine can be refused.

Each carries a stable ``code`` so the web layer can map it to an API error code
without parsing messages.
"""


class InvalidMove(ValueError):
    """A move is malformed: unknown colour, missing key, wrong type, index out of range."""

    code = "invalid_move"


class InvalidState(ValueError):
    """A state is malformed or breaks an invariant of the rules."""

    code = "invalid_state"


class IllegalMove(Exception):
    """A well-formed move that the rules do not allow now; ``reason`` is one sentence."""

    code = "illegal_move"

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
