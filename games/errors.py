"""Domain errors raised by games.services, each with a stable code and its HTTP status.

The REST layer and the WebSocket consumer both translate these through `code`/`status`/`detail`;
the common ones (NotFound, Forbidden, Invalid...) take theirs from kernel.errors.
"""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class GameError(DomainError):
    """Any refusal of games.services (and of replays)."""


class NotFound(GameError, kernel.NotFound):
    default_detail = gettext_lazy("no such table or game")


class Forbidden(GameError, kernel.Forbidden):
    pass


class NotCreator(GameError):
    code, status, default_detail = "not_creator", 403, gettext_lazy("only the table's creator may do this")


class NotSeated(GameError):
    code, status, default_detail = "not_seated", 403, gettext_lazy("you are not playing at this table")


class HintsNotAllowed(GameError):
    code, status, default_detail = "hints_not_allowed", 403, gettext_lazy("hints are not allowed in this game")


class NotYourTurn(GameError):
    code, status, default_detail = "not_your_turn", 409, gettext_lazy("it is not your turn")


class StaleVersion(GameError):
    code, status, default_detail = "stale_version", 409, gettext_lazy("the game has moved on; resync")


class GameOver(GameError):
    code, status, default_detail = "game_over", 409, gettext_lazy("the game is over")


class NotAbortable(GameError):
    code, status, default_detail = (
        "not_abortable",
        409,
        gettext_lazy("every player has moved: the game can no longer be aborted"),
    )


class AlreadyMoved(GameError):
    code, status, default_detail = (
        "already_moved",
        409,
        gettext_lazy("only a realtime clock not yet started by your first move can be halved"),
    )


class TakebackNotAllowed(GameError):
    code, status, default_detail = (
        "takeback_not_allowed", 403, gettext_lazy("takebacks are for casual games only"))


class TakebackPending(GameError):
    code, status, default_detail = (
        "takeback_pending", 409, gettext_lazy("a takeback request is already waiting for an answer"))


class TakebackLimit(GameError):
    code, status, default_detail = (
        "takeback_limit", 409, gettext_lazy("you have used every takeback of this game"))


class NothingToTakeBack(GameError):
    code, status, default_detail = (
        "nothing_to_take_back", 409, gettext_lazy("you have no move to take back"))


class BotToMove(GameError):
    code, status, default_detail = (
        "bot_to_move", 409, gettext_lazy("wait for the bot's move, then ask again"))


class NoTakebackOffer(GameError):
    code, status, default_detail = (
        "no_takeback_offer", 409, gettext_lazy("no takeback request is waiting for your answer"))


class OwnTakeback(GameError):
    code, status, default_detail = (
        "own_takeback", 403, gettext_lazy("the other players answer your takeback request, not you"))


class TableFull(GameError):
    code, status, default_detail = "table_full", 409, gettext_lazy("every seat is taken")


class AlreadySeated(GameError):
    code, status, default_detail = "already_seated", 409, gettext_lazy("you already sit at this table")


class SeatTaken(GameError):
    code, status, default_detail = "seat_taken", 409, gettext_lazy("that seat is taken")


class TableNotOpen(GameError):
    code, status, default_detail = "table_not_open", 409, gettext_lazy("the table is no longer open")


class SeatsNotFilled(GameError):
    code, status, default_detail = "seats_not_filled", 409, gettext_lazy("every seat must be filled to start")


class TooManyOpenTables(GameError):
    code, status, default_detail = (
        "too_many_open_tables",
        409,
        gettext_lazy("you sit at too many open tables: start or leave one first"),
    )


class TooManyBotGames(GameError):
    code, status, default_detail = (
        "too_many_bot_games",
        409,
        gettext_lazy("you play too many games against bots at once: finish or resign one first"),
    )


class InvalidMove(GameError, kernel.InvalidMove):
    pass


class Invalid(GameError, kernel.Invalid):
    default_detail = gettext_lazy("invalid options")


class IllegalMove(GameError, kernel.IllegalMove):
    pass


ALL_ERRORS = [
    NotFound,
    NotAuthenticated,
    Forbidden,
    NotCreator,
    NotSeated,
    HintsNotAllowed,
    NotYourTurn,
    StaleVersion,
    GameOver,
    AlreadyMoved,
    TakebackNotAllowed,
    TakebackPending,
    TakebackLimit,
    NothingToTakeBack,
    BotToMove,
    NoTakebackOffer,
    OwnTakeback,
    TableFull,
    AlreadySeated,
    SeatTaken,
    TableNotOpen,
    SeatsNotFilled,
    TooManyOpenTables,
    TooManyBotGames,
    InvalidMove,
    Invalid,
    IllegalMove,
]
