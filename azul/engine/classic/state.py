"""The public, immutable game state of classic Azul (docs/engine.md).

``ClassicState`` validates everything that comes in and delegates the rules to one
``ClassicCore``, which it never mutates: ``apply`` works on a clone.  What every
ruleset's state shares is in ``common/state_base.py``.
"""

from typing import Self

from ..common.fields import JsonObject
from ..common.state_base import StateBase, seed_or_fresh
from ..errors import IllegalMove, InvalidMove, InvalidState
from . import codec
from .core import ClassicCore
from .moves import ALL_MOVES, ClassicMove
from .tables import FACTORY_COUNT, OVER, PHASES, TILING_BASE, VARIANTS


def _check_source(core: ClassicCore, move: ClassicMove) -> None:
    """A factory index must exist with this many players (``Move`` allows up to 9)."""
    if move.action < TILING_BASE and isinstance(move.source, int):  # not "center"
        factories = len(core.factories)
        if move.source >= factories:
            raise InvalidMove(
                f"move.source: {move.source} is out of range 0..{factories - 1} "
                f"for {core.players} players"
            )


class ClassicState(StateBase[ClassicCore, ClassicMove]):
    """A position of a classic game.  Never changes; ``apply`` returns a new one."""

    __slots__ = ()
    ruleset = "classic"
    _encode = staticmethod(codec.encode)
    _decode = staticmethod(codec.decode)
    _move_type = ClassicMove
    _phases = PHASES
    _over = OVER
    _illegal_reason = staticmethod(ClassicCore.illegal_reason)
    _check_fits_table = staticmethod(_check_source)

    # ------------------------------------------------------------- creation
    @classmethod
    def new(cls, players: int, *, variant: str = "standard", seed: int | None = None) -> Self:
        if (isinstance(players, bool) or not isinstance(players, int)
                or players not in FACTORY_COUNT):
            raise InvalidState(f"players: must be 2, 3 or 4, not {players!r}")
        if variant not in VARIANTS:
            raise InvalidState(f"variant: must be one of {', '.join(VARIANTS)}, not {variant!r}")
        return cls(ClassicCore.new(players, variant == "gray", seed_or_fresh(seed)))

    # ---------------------------------------------------------------- reading
    @property
    def players(self) -> int:
        return self._core.players

    @property
    def variant(self) -> str:
        return "gray" if self._core.gray else "standard"

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[ClassicMove]:
        return [ALL_MOVES[action] for action in self._core.legal_actions()]

    # ----------------------------------------------------------------- result
    def result(self) -> JsonObject:
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
    def __repr__(self) -> str:
        core = self._core
        return (
            f"<ClassicState {self.variant} {core.players}p round {core.round} {self.phase} "
            f"player {core.current} move {core.move_count}>"
        )


