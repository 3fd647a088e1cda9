"""Who moves first: the colour rules of chess Swiss systems, read as "first to move".

An entrant's side history is its balance (games moved first minus games moved second), the side
of its last game and how many games in a row it has moved on that side. From it come its wish:
- absolute (must): a balance of +2 or more (must move second) or -2 or less (must move first), or
  the same side in its last two games or more (must take the other side);
- strong: any other nonzero balance (the side that evens it);
- mild: a zero balance after a game (the side it did not take last time: alternate);
- none before its first game.
Two entrants with the same wish "clash" to a degree: both absolute (one would go three games in
a row, or 3 off balance), both strong or worse (one goes 2 off balance), or mild (one fails to
alternate). Within a pair `moves_first_order` decides: an absolute wish first, then the lower
balance, then the one on the longer run of moving second (or not first last time).
"""

from dataclasses import dataclass
from enum import IntEnum


class Wish(IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class SideHistory:
    balance: int  # games moved first minus games moved second
    last_first: bool | None  # moved first in the last game; None before the first game
    run: int  # games in a row, up to the last, on the side of the last game (0: unknown)

    @property
    def known_run(self) -> int:
        """The run, at least 1 once a game is known (a caller that does not track it says 0)."""
        return 0 if self.last_first is None else max(self.run, 1)

    def wish(self) -> tuple[bool | None, Wish]:
        """(wants to move first?, how much). None: no preference."""
        if self.balance >= 2:
            return False, Wish.ABSOLUTE
        if self.balance <= -2:
            return True, Wish.ABSOLUTE
        if self.last_first is not None and self.known_run >= 2:
            return not self.last_first, Wish.ABSOLUTE
        if self.balance:
            return self.balance < 0, Wish.STRONG
        if self.last_first is not None:
            return not self.last_first, Wish.MILD
        return None, Wish.NONE

    def order_key(self) -> tuple[int, int, int]:
        """Smaller moves first: an absolute wish to move first (then none, then one to move
        second), the lower balance, then the longer run of moving second."""
        side, wish = self.wish()
        absolute = 1 if wish is not Wish.ABSOLUTE else (0 if side else 2)
        run = self.known_run
        pressure = 0 if self.last_first is None else (run if self.last_first else -run)
        return absolute, self.balance, pressure


@dataclass(frozen=True)
class SideClash:
    """How much two entrants' wishes collide (each 0 or 1): the three colour cost tiers."""

    absolute: int
    strong: int
    mild: int


NO_CLASH = SideClash(0, 0, 0)


def side_clash(a: SideHistory, b: SideHistory) -> SideClash:
    side_a, wish_a = a.wish()
    side_b, wish_b = b.wish()
    if side_a is None or side_b is None or side_a != side_b:
        return NO_CLASH
    weaker = min(wish_a, wish_b)
    return SideClash(int(weaker is Wish.ABSOLUTE), int(weaker is Wish.STRONG), int(weaker is Wish.MILD))


def first_of_pair(a: SideHistory, b: SideHistory, a_breaks_ties: bool) -> bool:
    """Whether `a` moves first against `b`; `a_breaks_ties`: a's answer when nothing separates
    them (the caller's documented tie rule)."""
    key_a, key_b = a.order_key(), b.order_key()
    if key_a != key_b:
        return key_a < key_b
    return a_breaks_ties
