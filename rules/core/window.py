"""The response window: a last-in first-out stack of items with alternating priority.

One mechanism serves Kyoukai's Sequence (the whole stack resolves once both pass),
Nullshapers' queue (only the top resolves, then players may act again) and Dreadnought's
alternating Action phase (an empty stack that ends when both pass in a row).

Rules of the window:
- Whoever adds an item passes priority to the other player: the opponent answers first.
- A pass hands priority over; two passes in a row close the round.
- Adding an item resets the pass count.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class Window(BaseModel, Generic[T]):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stack: tuple[T, ...] = ()
    priority: int = 0
    passes: int = 0

    @classmethod
    def open(cls, item: T, by: int) -> Window[T]:
        return cls(stack=(item,), priority=1 - by, passes=0)

    def push(self, item: T, by: int) -> Window[T]:
        return self.model_copy(update={"stack": self.stack + (item,), "priority": 1 - by,
                                       "passes": 0})

    def pass_priority(self) -> Window[T]:
        return self.model_copy(update={"priority": 1 - self.priority, "passes": self.passes + 1})

    @property
    def closed(self) -> bool:
        """Both players passed in a row: time to resolve."""
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
