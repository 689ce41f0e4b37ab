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
"""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")

PriorityMode = Literal["respond", "alternate", "hold"]


class Window(BaseModel, Generic[T]):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stack: tuple[T, ...] = ()
    priority: int = 0
    passes: int = 0
    mode: PriorityMode = "respond"

    @classmethod
    def open(cls, item: T, by: int) -> Window[T]:
        """A ``respond`` window opened by ``by`` adding ``item``: the opponent answers first."""
        return cls(stack=(item,), priority=1 - by, passes=0)

    @classmethod
    def round(cls, mode: PriorityMode, first: int) -> Window[T]:
        """An empty window in ``mode`` whose priority starts with ``first`` (a phase's round
        of actions: Dreadnought's Cast or Action phase)."""
        return cls(stack=(), priority=first, passes=0, mode=mode)

    def push(self, item: T, by: int) -> Window[T]:
        """``by`` adds an item; the other player answers it (``respond``/``alternate``) or
        ``by`` keeps priority (``hold``)."""
        return self.model_copy(update={"stack": self.stack + (item,), **self._acted(by)})

    def act(self, by: int) -> Window[T]:
        """``by`` took an action that adds nothing to the stack (an Attack in an Action
        round, a Cast in a Cast round): priority moves as the mode says."""
        return self.model_copy(update=self._acted(by))

    def _acted(self, by: int) -> dict[str, int]:
        if self.mode == "hold":
            return {"priority": by}
        return {"priority": 1 - by, "passes": 0}

    def pass_priority(self) -> Window[T]:
        return self.model_copy(update={"priority": 1 - self.priority, "passes": self.passes + 1})

    @property
    def closed(self) -> bool:
        """Both players passed (in a row, or once each in ``hold``): the round is over."""
        return self.passes >= 2

    @property
    def top(self) -> T:
        return self.stack[-1]

    def pop(self) -> tuple[T, Window[T]]:
        """Take the top item off. Priority and passes are left as they are: a game that resolves
        the whole stack keeps popping; one that resolves only the top calls ``reopen``."""
        return self.stack[-1], self.model_copy(update={"stack": self.stack[:-1]})

    def reopen(self, priority: int) -> Window[T]:
        """After one item resolved: players may act again, starting with ``priority``."""
        return self.model_copy(update={"priority": priority, "passes": 0})
