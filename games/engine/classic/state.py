"""The public, immutable game state of classic Azul (engine-api.md).

``GameState`` validates everything that comes in and delegates the rules to one
``ClassicCore``, which it never mutates: ``apply`` works on a clone.
"""

from ..common.bag import SEED_LIMIT, fresh_seed
from ..errors import IllegalMove, InvalidMove, InvalidState
from . import codec
from .core import ClassicCore
from .moves import ALL_MOVES, Move
from .tables import FACTORY_COUNT, OVER, PHASES, TILING_BASE, VARIANTS


class GameState:
    """A position of a classic game.  Never changes; ``apply`` returns a new one."""

    __slots__ = ("_core",)

    def __init__(self, core: ClassicCore):
        self._core = core

    # ------------------------------------------------------------- creation
    @classmethod
    def new(cls, players: int, *, variant: str = "standard", seed: int | None = None):
        if isinstance(players, bool) or not isinstance(players, int) or players not in FACTORY_COUNT:
            raise InvalidState(f"players: must be 2, 3 or 4, not {players!r}")
        if variant not in VARIANTS:
            raise InvalidState(f"variant: must be one of {', '.join(VARIANTS)}, not {variant!r}")
        if seed is None:
            seed = fresh_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise InvalidState(f"seed: must be an integer 0..2**53-1, not {seed!r}")
        return cls(ClassicCore.new(players, variant == "gray", seed))

    @classmethod
    def from_dict(cls, data: dict) -> "GameState":
        return cls(codec.decode(data))

    @classmethod
    def from_fast(cls, core: ClassicCore) -> "GameState":
        """Wrap a copy of a fast-path core (e.g. one a bot has been searching with)."""
        return cls(core.clone())

    def fast(self) -> ClassicCore:
        """A mutable copy for the fast path: ``legal_actions()`` / ``apply_action(int)``."""
        return self._core.clone()

    def to_dict(self, *, public: bool = False) -> dict:
        return codec.encode(self._core, public=public)

    # ---------------------------------------------------------------- reading
    @property
    def players(self) -> int:
        return self._core.players

    @property
    def variant(self) -> str:
        return "gray" if self._core.gray else "standard"

    @property
    def round(self) -> int:
        return self._core.round

    @property
    def phase(self) -> str:
        return PHASES[self._core.phase]

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
        return self._core.phase == OVER

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        return [ALL_MOVES[action] for action in self._core.legal_actions()]

    def check(self, move, *, player: int | None = None) -> Move:
        """Return ``move`` as a ``Move`` if it may be applied now; raise otherwise."""
        if isinstance(move, dict):
            move = Move.from_dict(move)
        elif not isinstance(move, Move):
            raise InvalidMove(f"move: must be a Move or an object, not {type(move).__name__}")
        core = self._core
        action = move.action
        if action < TILING_BASE and move.source != "center":
            factories = len(core.factories)
            if move.source >= factories:
                raise InvalidMove(
                    f"move.source: {move.source} is out of range 0..{factories - 1} "
                    f"for {core.players} players"
                )
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int):
                raise InvalidMove(f"player: must be an integer, not {type(player).__name__}")
            if core.phase != OVER and player != core.current:
                raise IllegalMove(f"it is player {core.current}'s turn")
        reason = core.illegal_reason(action)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def apply(self, move, *, player: int | None = None) -> "GameState":
        """Apply ``move`` (a ``Move`` or its dict) and return the new state.

        ``player``, when given, is the seat sending the move; it must be the current one.
        """
        move = self.check(move, player=player)
        core = self._core.clone()
        core.apply_action(move.action)
        return GameState(core)

    # ----------------------------------------------------------------- result
    def result(self) -> dict:
        """R23-R24: final scores, ranks (1 = best, ties share), winners, rows, bonuses."""
        core = self._core
        if core.phase != OVER:
            raise IllegalMove("the game is not over yet")
        players = range(core.players)
        rows = [core.complete_rows(p) for p in players]
        keys = [(core.scores[p], rows[p]) for p in players]
        ranks = [1 + sum(1 for other in keys if other > keys[p]) for p in players]
        return {
            "scores": list(core.scores),
            "ranks": ranks,
            "winners": [p for p in players if ranks[p] == 1],
            "complete_rows": rows,
            "bonuses": [core.bonuses(p) for p in players],
        }

    # ---------------------------------------------------------------- python
    def __eq__(self, other):
        if isinstance(other, GameState):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        core = self._core
        return (
            f"<GameState {self.variant} {core.players}p round {core.round} {self.phase} "
            f"player {core.current} move {core.move_count}>"
        )


