"""A game's state as plain mutable objects (DESIGN.md, "The state model").

A game's ``State`` is a ``@dataclass(slots=True)`` subclass of ``GameState`` holding lists,
dicts, sets, ints and small frozen values (an ``Rng``, a card's data). Its ``copy()`` copies
only what a step can change, as python-chess's ``Board.copy(stack=False)`` does. The rules
mutate a state: ``Ruleset.apply`` copies first (the caller's state is untouched),
``Ruleset.push`` changes a state the caller owns in place (simulation, search).

``loud`` and ``events`` are the step's log: set by the core around each step, never dumped
(they are slots of this base class, not dataclass fields, so pydantic's ``TypeAdapter`` that
dumps and loads the state does not see them). Rules code builds log text only under
``if s.loud:``.

Pydantic validates at the edges: ``Ruleset.load`` reads a state through a ``TypeAdapter`` of
the dataclass, so a dump keeps the format it had when states were pydantic models (the field
names and order are the same).
"""

from __future__ import annotations

from collections.abc import Collection
from operator import attrgetter
from typing import Any, Self, TypeVar

from pydantic import BaseModel

from rules.core.model import Event

T = TypeVar("T")

_GETTERS: dict[type, attrgetter[Any]] = {}  # a state class's fields' reader, for ``shallow``


class GameState:
    """Base of every game's mutable state (see the module's docstring)."""

    __slots__ = ("loud", "events")

    loud: bool
    events: list[Event]

    def __post_init__(self) -> None:  # dataclass and pydantic both call it
        self.loud = False
        self.events = []

    def copy(self) -> Self:
        """A copy the rules may mutate without touching this one: the containers a step
        changes are copied, values that are never changed in place are shared. A game
        overrides it: ``shallow()``, then copies of what its steps change in place."""
        raise NotImplementedError(f"{type(self).__name__} has no copy()")

    def shallow(self) -> Self:
        """A new state holding the same field values (nothing copied), with an empty log."""
        cls = type(self)
        get = _GETTERS.get(cls)
        if get is None:
            # every field, in the order the dataclass's __init__ takes them (one C call reads
            # them all: a copy is made every step)
            names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
            if len(names) < 2:  # attrgetter gives a tuple only for two names or more
                raise TypeError(f"{cls.__name__}: a game state has at least two fields")
            get = _GETTERS[cls] = attrgetter(*names)
        return cls(*get(self))

    def fields_set(self, names: Collection[str]) -> None:
        """``replaced`` set the fields ``names`` on this state (a copy): a game drops here
        what it kept that was worked out from them."""

    def log(self, kind: str, text: str, player: int | None = None, *, random: bool = False,
            reveals: tuple[int, ...] = (), data: dict[str, Any] | None = None) -> None:
        """Add an event to the step's log (callers build ``text`` only when ``self.loud``).
        The event's fields are spelt out (no ``**kw``): a loud step logs several."""
        if self.loud:
            self.events.append(Event(kind=kind, text=text, player=player, random=random,
                                     reveals=reveals, data=data))

    def begin(self, quiet: bool) -> None:
        """Start a step: a loud one keeps its events."""
        self.loud = not quiet
        self.events = []

    def end(self) -> list[Event]:
        """End a step: its events, and the state ready for the next one."""
        events = self.events
        self.loud = False
        self.events = []
        return events


def has_field(obj: Any, name: str) -> bool:
    """Whether ``obj``'s type declares the field ``name``."""
    return name in getattr(type(obj), "__dataclass_fields__", ())


def replaced(obj: T, **update: Any) -> T:
    """``obj`` with ``update``'s fields replaced, ``obj`` itself untouched: a copy of a
    ``GameState`` with the fields set, or a pydantic model's ``model_copy`` (the core's
    manual step is one)."""
    if isinstance(obj, GameState):
        new = obj.copy()
        for k, v in update.items():
            setattr(new, k, v)
        new.fields_set(update.keys())
        return new
    if isinstance(obj, BaseModel):
        return obj.model_copy(update=update)
    raise TypeError(f"{type(obj).__name__} is not a game state")
