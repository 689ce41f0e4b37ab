"""The response window: who holds priority, what is waiting to resolve, and when it closes.

One mechanism serves every game's timing, in one of three priority modes:

- ``respond`` (Kyoukai's Sequence, Nullshapers' queue): whoever adds an item hands priority to
  the other player, so the opponent answers first; a pass hands it over too; two passes in a
  row close the round. Adding an item resets the pass count.
- ``alternate`` (Dreadnought's Action phase, D-11): one action each in turn; an action hands
  priority over and resets the pass count, so a player who passed may act again once the other
  acted; the round ends only when both pass in a row.
- ``hold`` (Dreadnought's Speed, Cast and Fast phases, D-01, D-05, D-10): the holder acts any
  number of times and keeps priority; passing hands it to the other player for good; the round
  closes when both have passed once.

What closing means is the game's: Kyoukai resolves the whole stack, Nullshapers resolves only the
top item (``pop`` then ``reopen``), Dreadnought moves on to the next phase.

A window is mutable state: the rules change it in place, and it is copied with the state that
holds it (``copy``). Its fields dump to the same JSON as the immutable model it replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

T = TypeVar("T")

PriorityMode = Literal["respond", "alternate", "hold"]


# Both players passed (in a row, or once each in ``hold``): the round is over.
_CLOSING = 2


class _Closed:
    """``closed``: a slot, not a field (never dumped), set wherever ``passes`` changes (through
    this class: mypy sees the slot here); the flows read it every step, where a property
    costs ten slot reads."""

    __slots__ = ("closed",)
    closed: bool


@dataclass(slots=True)
class WindowState(_Closed, Generic[T]):
    stack: list[T] = field(default_factory=list)
    priority: int = 0
    passes: int = 0
    mode: PriorityMode = "respond"

    def __post_init__(self) -> None:
        w: _Closed = self
        w.closed = self.passes >= _CLOSING

    @classmethod
    def open(cls, item: T, by: int) -> WindowState[T]:
        """A ``respond`` window opened by ``by`` adding ``item``: the opponent answers first."""
        # Slot by slot: the dataclass __init__ costs twice as much, and a look-ahead opens a
        # window for nearly every candidate it plays out.
        new = cls.__new__(cls)
        new.stack = [item]
        new.priority = 1 - by
        new.passes = 0
        w: _Closed = new
        w.closed = False
        new.mode = "respond"
        return new

    @classmethod
    def round(cls, mode: PriorityMode, first: int) -> WindowState[T]:
        """An empty window in ``mode`` whose priority starts with ``first``."""
        if mode not in ("respond", "alternate", "hold"):
            raise ValueError(f"window: unknown priority mode {mode!r}")
        return cls([], first, 0, mode)

    def copy(self) -> WindowState[T]:
        new: WindowState[T] = WindowState.__new__(WindowState)  # slot by slot, as ``open``
        new.stack = self.stack.copy()
        new.priority = self.priority
        new.passes = self.passes
        w: _Closed = new
        w.closed = self.closed
        new.mode = self.mode
        return new

    def push(self, item: T, by: int) -> None:
        """``by`` adds an item; the other player answers it (``respond``/``alternate``) or
        ``by`` keeps priority (``hold``)."""
        self.stack.append(item)
        self.act(by)

    def act(self, by: int) -> None:
        """``by`` took an action that adds nothing to the stack: priority moves as the mode
        says."""
        if self.mode == "hold":
            self.priority = by
        else:
            self.priority = 1 - by
            self.passes = 0
            w: _Closed = self
            w.closed = False

    def pass_priority(self) -> None:
        self.priority = 1 - self.priority
        self.passes += 1
        w: _Closed = self
        w.closed = self.passes >= _CLOSING

    def pass_until_closed(self) -> None:
        """As many ``pass_priority`` calls as it takes to close the window, made at once."""
        n = _CLOSING - self.passes
        if n > 0:
            if n % 2:
                self.priority = 1 - self.priority
            self.passes = _CLOSING
            w: _Closed = self
            w.closed = True

    @property
    def top(self) -> T:
        return self.stack[-1]

    def pop(self) -> T:
        """Take the top item off; priority and passes are left as they are (``reopen``)."""
        return self.stack.pop()

    def reopen(self, priority: int) -> None:
        """After one item resolved: players may act again, starting with ``priority``."""
        self.priority = priority
        self.passes = 0
        w: _Closed = self
        w.closed = False
