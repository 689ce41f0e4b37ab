"""Base models shared by every ruleset: intents, events and the outcome of applying one.

Intents and events are frozen dataclasses: plain values the rules build and compare in the
inner loop. Pydantic validates only at the edges (card files, JSON, intents parsed from a
record or from outside: ``Ruleset.parse_intent``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict
from typing_extensions import dataclass_transform

_INTERN_LIMIT = 20_000  # distinct intents kept per intent type (then the table starts anew)


class Frozen(BaseModel):
    """An immutable model validated where it comes from outside (a file, JSON), unknown keys
    refused: card data, options, records. Game states are ``GameState`` dataclasses."""

    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Intent:
    """What a player wants to do: a small frozen dataclass. Each game subclasses it with
    ``kind: Literal[...]`` and its fields; every subclass is made a frozen, keyword-only
    dataclass here (no decorator needed), so an intent is a plain value the rules build and
    compare cheaply, never a pydantic model.

    ``to_json()`` is its JSON form (records store it); ``Ruleset.parse_intent`` reads one back
    from outside, validated by pydantic at that edge (unknown keys refused)."""

    kind: str

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")
    _interned: ClassVar[dict[tuple[Any, ...], Any]]
    _arg_names: ClassVar[tuple[str, ...]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)
        cls._interned = {}
        cls._arg_names = tuple(n for n in cls.__dataclass_fields__ if n != "kind")  # type: ignore[attr-defined]

    @classmethod
    def kind_name(cls) -> str:
        """The ``kind`` every intent of this type carries."""
        return str(cls.__dataclass_fields__["kind"].default)  # type: ignore[attr-defined]

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """Every field, ``kind`` first, in declaration order."""
        return tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]

    @classmethod
    def of(cls, *args: Any) -> Self:
        """The intent whose fields (``kind`` aside, in declaration order) are ``args``: the rules'
        own legal-intent generation uses it. Each distinct intent is made once and then shared
        (a bounded table per type), so generating a position's intents costs a dict look-up
        each, and ``apply`` finds a legal one by identity first."""
        cache = cls._interned
        got = cache.get(args)
        if got is None:
            if len(cache) >= _INTERN_LIMIT:
                cache.clear()
            got = cache[args] = cls(**dict(zip(cls._arg_names, args, strict=False)))
        return got

    def to_json(self) -> dict[str, Any]:
        """The intent as JSON data (tuples as lists), ``kind`` first."""
        return {name: _json(getattr(self, name)) for name in self.field_names()}

    def label(self) -> str:
        """A short text for menus and logs; games override where a nicer one exists."""
        fields = ", ".join(f"{k}={getattr(self, k)}" for k in self._arg_names)
        return f"{self.kind}({fields})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened, with a sentence for the log.

    ``random`` marks a die roll, shuffle or draw; ``reveals`` lists the players to whom hidden
    information was shown. Together they tell undo where its information barrier is.
    A plain frozen value: the rules make events only on a loud step, from fields they know to
    be right; ``to_json`` is its JSON form (as the pydantic model it once was dumped).
    """

    kind: str
    text: str
    player: int | None = None
    random: bool = False
    reveals: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, *, kind: str, text: str, player: int | None = None,
                 random: bool = False, reveals: tuple[int, ...] = (),
                 data: dict[str, Any] | None = None) -> None:
        # Written out, not the dataclass's: a loud step logs an event or two, and the frozen
        # dataclass's own __init__ (six ``object.__setattr__`` calls and a ``__post_init__``)
        # cost about a third more than the slots' own setters below.
        first = text[:1]
        if first.islower():
            # A log line is a sentence, whatever word the game's text starts with ("a dummy
            # blocks", a designer's lower-case card name): capitalised here, once for every game.
            text = first.upper() + text[1:]
        _set_kind(self, kind)
        _set_text(self, text)
        _set_player(self, player)
        _set_random(self, random)
        _set_reveals(self, reveals)
        _set_data(self, {} if data is None else data)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "player": self.player,
                "random": self.random, "reveals": list(self.reveals), "data": _json(self.data)}


# Each slot's own setter: it writes past the frozen ``__setattr__``, as the dataclass's
# generated __init__ does through ``object.__setattr__``, in one C call.
_set_kind, _set_text, _set_player, _set_random, _set_reveals, _set_data = (
    Event.__dict__[name].__set__
    for name in ("kind", "text", "player", "random", "reveals", "data"))


def _json(value: Any) -> Any:
    """``value`` as JSON data (tuples as lists, dict keys as strings), as pydantic dumps it."""
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``apply`` returns: the new state and what happened (empty when applied quietly)."""

    state: Any
    events: list[Event]
