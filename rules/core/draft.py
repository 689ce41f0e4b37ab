"""A mutable working copy of an immutable game state, for the duration of one ``apply``.

Rules code reads and assigns the state's fields on the draft as plain attributes, and changes
the containers it names in ``working`` in place (thawed into a list or dict when the draft is
made); ``freeze`` builds the new immutable state from those and the fields that were assigned,
sharing every other part with the old one. A game subclasses it to add its own helpers and
names its working containers; it never lists or copies the other fields by hand.

``quiet`` drafts (``Ruleset.apply(..., quiet=True)``) keep no log: rules code builds log text
only under ``if d.loud:``, so simulations pay nothing for sentences nobody reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from rules.core.model import Event

S = TypeVar("S", bound=BaseModel)

_set = object.__setattr__


class Draft(Generic[S]):
    # Field name -> how to thaw its immutable value into the container rules code mutates.
    # ``freeze`` turns a thawed list back into a tuple (a dict stays a dict).
    working: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    base: S
    loud: bool
    events: list[Event]
    _fields: Mapping[str, Any]
    _changed: set[str]

    def __init__(self, base: S, quiet: bool = False) -> None:
        d = self.__dict__
        d.update(base.__dict__)  # every field readable as a plain attribute from the start
        for name, thaw in self.working.items():
            d[name] = thaw(d[name])
        d["base"] = base
        d["loud"] = not quiet
        d["events"] = []
        d["_fields"] = type(base).__pydantic_fields__
        d["_changed"] = set(self.working)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._fields:
            self._changed.add(name)
        _set(self, name, value)

    @property
    def changed(self) -> frozenset[str]:
        """The fields ``freeze`` will take from the draft (assigned or thawed so far)."""
        return frozenset(self._changed)

    def freeze(self) -> S:
        if not self._changed:
            return self.base
        d = self.__dict__
        working = self.working
        update = {name: tuple(d[name]) if name in working and type(d[name]) is list else d[name]
                  for name in self._changed}
        return self.base.model_copy(update=update)

    def log(self, kind: str, text: str, player: int | None = None, **kw: Any) -> None:
        """Add an event (callers build ``text`` only when ``self.loud``)."""
        if self.loud:
            self.events.append(Event(kind=kind, text=text, player=player, **kw))
