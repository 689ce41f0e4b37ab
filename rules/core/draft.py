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


class Draft(Generic[S]):
    # Field name -> how to thaw its immutable value into the container rules code mutates.
    # ``freeze`` turns a thawed list back into a tuple (a dict stays a dict).
    working: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    base: S
    loud: bool
    events: list[Event]

    def __init__(self, base: S, quiet: bool = False) -> None:
        d = self.__dict__
        d.update(base.__dict__)  # every field readable as a plain attribute from the start
        for name, thaw in self.working.items():
            d[name] = thaw(d[name])
        d["base"] = base
        d["loud"] = not quiet
        d["events"] = []

    # Assignments are plain attribute stores (no hook: rules code assigns fields many times
    # per ``apply``); ``freeze`` finds what changed by comparing each field with the base's.
    @property
    def changed(self) -> frozenset[str]:
        """The fields ``freeze`` will take from the draft: the working containers and every
        field assigned a different object than the base state holds."""
        d = self.__dict__
        return frozenset(self.working).union(
            k for k, v in self.base.__dict__.items() if d[k] is not v)

    def freeze(self) -> S:
        d = self.__dict__
        was = self.base.__dict__
        update: dict[str, Any] = {k: d[k] for k in was if d[k] is not was[k]}
        for name in self.working:
            now = d[name]
            update[name] = tuple(now) if type(now) is list else now
        if not update:
            return self.base
        return self.base.model_copy(update=update)

    def log(self, kind: str, text: str, player: int | None = None, **kw: Any) -> None:
        """Add an event (callers build ``text`` only when ``self.loud``)."""
        if self.loud:
            self.events.append(Event(kind=kind, text=text, player=player, **kw))
