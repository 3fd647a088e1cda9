"""What the public, immutable state of every ruleset shares (docs/engine.md).

A state wraps one core of its ruleset and never mutates it: reading goes through the
properties below, ``apply`` works on a clone.  A ruleset's state names its codec, move
class and phases, and adds ``new``, ``legal_moves``, ``result`` and the checks of
``check`` that are its own.  Only this public wrapper is shared: the cores, the fast
path of the bots, stay separate.
"""

from collections.abc import Callable
from typing import Generic, Protocol, Self, TypeVar

from ..errors import IllegalMove, InvalidMove, InvalidState
from .bag import SEED_LIMIT, fresh_seed
from .core_protocol import Core
from .fields import JsonObject


class StateCore(Core, Protocol):
    """What a state reads of its core besides the ``Core`` protocol."""

    phase: int
    first: int
    seed: int


class Move(Protocol):
    """What a state needs of its ruleset's move class."""

    @property
    def action(self) -> int: ...

    @classmethod
    def from_dict(cls, data: object) -> Self: ...

    def to_dict(self) -> JsonObject: ...


CoreT = TypeVar("CoreT", bound=StateCore)
MoveT = TypeVar("MoveT", bound=Move)


def seed_or_fresh(seed: int | None) -> int:
    """``seed`` checked, or a fresh one when it is None."""
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidState(f"seed: must be an integer 0..2**53-1, not {seed!r}")
    return seed


class StateBase(Generic[CoreT, MoveT]):
    """A position of a game.  Never changes; ``apply`` returns a new one."""

    __slots__ = ("_core",)
    # Set by each ruleset's state:
    _move_type: type[MoveT]  # its move class, with ``from_dict``
    _phases: tuple[str, ...]  # phase names, by the core's phase number
    _over: int  # the core's phase number of a finished game
    # None, or staticmethod(core, move) raising InvalidMove for what this table does not have
    _check_fits_table: Callable[[CoreT, MoveT], None] | None = None

    # Its codec's functions and its rules' refusal, as staticmethods.
    @staticmethod
    def _encode(core: CoreT, /, public: bool = False) -> JsonObject:
        raise NotImplementedError

    @staticmethod
    def _decode(data: object, /) -> CoreT:
        raise NotImplementedError

    @staticmethod
    def _illegal_reason(core: CoreT, action: int, /) -> str | None:
        """Why the rules refuse ``action`` now (one sentence), or None."""
        raise NotImplementedError

    def __init__(self, core: CoreT) -> None:
        self._core = core

    # ------------------------------------------------------------- creation
    @classmethod
    def from_dict(cls, data: object) -> Self:
        return cls(cls._decode(data))

    @classmethod
    def from_fast(cls, core: CoreT) -> Self:
        """Wrap a copy of a fast-path core (e.g. one a bot has been searching with)."""
        return cls(core.clone())

    def fast(self) -> CoreT:
        """A mutable copy for the fast path: ``legal_actions()`` / ``apply_action(action)``."""
        return self._core.clone()

    def to_dict(self, *, public: bool = False) -> JsonObject:
        return self._encode(self._core, public=public)

    # ---------------------------------------------------------------- reading
    @property
    def round(self) -> int:
        return self._core.round

    @property
    def phase(self) -> str:
        return self._phases[self._core.phase]

    @property
    def current_player(self) -> int:
        return self._core.current

    @property
    def first_player(self) -> int:
        return self._core.first

    @property
    def scores(self) -> list[int]:
        return list(self._core.scores)

    @property
    def move_count(self) -> int:
        return self._core.move_count

    @property
    def seed(self) -> int:
        return self._core.seed

    @property
    def is_over(self) -> bool:
        return self._core.phase == self._over

    # ------------------------------------------------------------------ moves
    def check(self, move: MoveT | object, *, player: int | None = None) -> MoveT:
        """Return ``move`` as a move of this ruleset if it may be applied now; raise otherwise."""
        move_type = self._move_type
        if isinstance(move, dict):
            move = move_type.from_dict(move)
        elif not isinstance(move, move_type):
            raise InvalidMove(
                f"move: must be a {move_type.__name__} or an object, not {type(move).__name__}")
        core = self._core
        fits_table = self._check_fits_table
        if fits_table is not None:
            fits_table(core, move)
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int):
                raise InvalidMove(f"player: must be an integer, not {type(player).__name__}")
            if core.phase != self._over and player != core.current:
                raise IllegalMove(f"it is player {core.current}'s turn")
        reason = self._illegal_reason(core, move.action)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def apply(self, move: MoveT | object, *, player: int | None = None) -> Self:
        """Apply ``move`` (a move or its dict) and return the new state.

        ``player``, when given, is the seat sending the move; it must be the current one.
        """
        move = self.check(move, player=player)
        core = self._core.clone()
        core.apply_action(move.action)
        return type(self)(core)

    # ---------------------------------------------------------------- python
    def legal_moves(self) -> list[MoveT]:
        raise NotImplementedError

    def result(self) -> JsonObject:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal by value, yet mutable-looking: unhashable
