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

_set = object.__setattr__
# The fields a window made by ``open`` has set (``round`` sets ``mode`` too); every later window
# of a game sets the same ones, so they are shared, as pydantic's own copy would leave them.
_OPENED_SET = frozenset({"stack", "priority", "passes"})
_ROUND_SET = frozenset({"stack", "priority", "passes", "mode"})

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
        return cls._make(set(_OPENED_SET), (item,), 1 - by, 0, "respond")

    @classmethod
    def round(cls, mode: PriorityMode, first: int) -> Window[T]:
        """An empty window in ``mode`` whose priority starts with ``first`` (a phase's round
        of actions: Dreadnought's Cast or Action phase)."""
        if mode not in ("respond", "alternate", "hold"):
            raise ValueError(f"window: unknown priority mode {mode!r}")
        return cls._make(set(_ROUND_SET), (), first, 0, mode)

    @classmethod
    def _make(cls, fields_set: set[str], stack: tuple[T, ...], priority: int, passes: int,
              mode: PriorityMode) -> Window[T]:
        # The rules' own windows need no validation and are made several times per ``apply``:
        # built as pydantic's ``model_construct`` would, without its generic machinery.
        new = cls.__new__(cls)
        _set(new, "__dict__", {"stack": stack, "priority": priority, "passes": passes,
                               "mode": mode})
        _set(new, "__pydantic_fields_set__", fields_set)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new

    def _with(self, stack: tuple[T, ...], priority: int, passes: int) -> Window[T]:
        return self._make(self.__pydantic_fields_set__, stack, priority, passes, self.mode)

    def push(self, item: T, by: int) -> Window[T]:
        """``by`` adds an item; the other player answers it (``respond``/``alternate``) or
        ``by`` keeps priority (``hold``)."""
        if self.mode == "hold":
            return self._with(self.stack + (item,), by, self.passes)
        return self._with(self.stack + (item,), 1 - by, 0)

    def act(self, by: int) -> Window[T]:
        """``by`` took an action that adds nothing to the stack (an Attack in an Action
        round, a Cast in a Cast round): priority moves as the mode says."""
        if self.mode == "hold":
            return self._with(self.stack, by, self.passes)
        return self._with(self.stack, 1 - by, 0)

    def pass_priority(self) -> Window[T]:
        return self._with(self.stack, 1 - self.priority, self.passes + 1)

    def pass_until_closed(self) -> Window[T]:
        """The window after each player in turn passed until it closed (as many
        ``pass_priority`` calls as that takes, made at once: a look-ahead settles a round
        with nobody answering)."""
        n = 2 - self.passes
        if n <= 0:
            return self
        return self._with(self.stack, self.priority if n % 2 == 0 else 1 - self.priority, 2)

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
        stack = self.stack
        return stack[-1], self._with(stack[:-1], self.priority, self.passes)

    def reopen(self, priority: int) -> Window[T]:
        """After one item resolved: players may act again, starting with ``priority``."""
        return self._with(self.stack, priority, 0)

