"""A game state whose two players' parts are shared between copies until one changes: most
steps change one player's part or none, so a copy shares both with the state it was copied
from, and whichever of the two changes a part first copies it (``SharedSides.side``).

Which parts are a state's own is a slot, not a field: never dumped. (mypy does not see the
slots of a base class on a slotted dataclass: they are set here, where it does.)"""

from __future__ import annotations

from typing import Generic, Protocol, Self, TypeVar

from rules.core.state import GameState


class OwnsParts(GameState):
    """Bit ``1 << p`` of ``_mine``: player ``p``'s part is this state's own to change."""

    __slots__ = ("_mine",)

    _mine: int

    def __post_init__(self) -> None:
        super().__post_init__()
        self._mine = 0

    def took(self, p: int) -> None:
        """Player ``p``'s part is this state's own now (a copy of it was put in its place)."""
        self._mine |= 1 << p

    def copied(self, new: Self) -> Self:
        """``new``, a copy of this state made slot by slot (without ``__init__``), with an
        empty log; the two share their players' parts from now on."""
        new.loud = False
        new.events = []
        new._mine = self._mine = 0
        return new

    def share_sides(self) -> None:
        """A copy of this state made through ``__init__`` shares its parts from now on."""
        self._mine = 0


class _Side(Protocol):
    def copy(self) -> Self: ...


SideT = TypeVar("SideT", bound=_Side)


class SharedSides(OwnsParts, Generic[SideT]):
    """Base of a ``GameState`` dataclass with a ``sides`` field: read a player's side as
    ``sides[p]``, change it only through ``side(p)``."""

    __slots__ = ()

    sides: tuple[SideT, SideT]

    def side(self, p: int) -> SideT:
        """Player ``p``'s side, to change: copied first if another state may share it."""
        mine = self._mine
        if mine >> p & 1:
            return self.sides[p]
        a, b = self.sides
        got = (a if p == 0 else b).copy()
        # (the subclass's slot: mypy looks for it in this class's own)
        self.sides = (got, b) if p == 0 else (a, got)  # type: ignore[misc]
        self._mine = mine | 1 << p
        return got
