"""Base models shared by every ruleset: intents, events and the outcome of applying one.

Pydantic validates at the edges (files, JSON, intents parsed from outside). Inside ``apply`` and
``legal_intents`` the rules build their own objects, whose fields they already know to be right,
with ``Intent.of`` (each distinct intent validated once, then shared).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict

_INTERN_LIMIT = 200_000  # distinct intents kept per intent type


class Frozen(BaseModel):
    """An immutable model validated where it comes from outside (a file, JSON): intents, card
    data. Game states are ``rules.core.state.GameState`` dataclasses."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Intent(Frozen):
    """What a player wants to do. Each game subclasses it with ``kind: Literal[...]``.

    ``model_dump(mode="json")`` is its JSON form (records store it); ``Ruleset.parse_intent``
    reads it back, validated."""

    kind: str

    _interned: ClassVar[dict[tuple[Any, ...], Any]]
    _arg_names: ClassVar[tuple[str, ...]]

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls._interned = {}
        cls._arg_names = tuple(n for n in cls.model_fields if n != "kind")

    @classmethod
    def of(cls, *args: Any) -> Self:
        """The intent whose fields (``kind`` aside, in declaration order) are ``args``: the rules'
        own legal-intent generation uses it. Each distinct intent is validated once and then
        shared, so generating a position's intents costs a dict look-up each, and ``apply``
        finds a legal one by identity first."""
        cache = cls._interned
        got = cache.get(args)
        if got is None:
            if len(cache) >= _INTERN_LIMIT:
                cache.clear()
            got = cache[args] = cls(**dict(zip(cls._arg_names, args, strict=False)))
        return got

    def label(self) -> str:
        """A short text for menus and logs; games override where a nicer one exists."""
        fields = ", ".join(f"{k}={v}" for k, v in self.__dict__.items() if k != "kind")
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

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "player": self.player,
                "random": self.random, "reveals": list(self.reveals), "data": _json(self.data)}

    def with_text(self, text: str) -> Event:
        return replace(self, text=text)


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
